"""The codes of a network table's ``error`` messages, shared by server and client.

A refused message comes back as ``{"type": "error", "code": ..., "message": ...}``.
The code is what a program acts on (a client stops reconnecting after a
:attr:`ErrorCode.fatal` one); the message is only words for a person or a log,
and no decision ever reads it.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["ErrorCode"]


class ErrorCode(StrEnum):
    """Why the server refused a message or closed a connection."""

    BAD_MESSAGE = "bad-message"
    """Not JSON, not an object, an unknown type or action, a field of the wrong kind."""
    TOO_BIG = "too-big"
    """A message over the size limit (the connection is closed)."""
    VERSION = "version"
    """A ``join`` for another version of the messages."""
    NOT_JOINED = "not-joined"
    """A command before a ``join``."""
    ALREADY_JOINED = "already-joined"
    """A second ``join`` (or ``watch``) on a connection that has one."""
    WATCHING = "watching"
    """A command from a watcher: watchers cannot act."""
    WATCHERS_FULL = "watchers-full"
    """The table has as many watchers as it takes."""
    BAD_CODE = "bad-code"
    """No table has that code."""
    TABLE_FULL = "table-full"
    """Every person's seat at the table is taken."""
    BAD_TOKEN = "bad-token"
    """The token is for no seat at this table (the seat was given up)."""
    SEAT_TAKEN = "seat-taken"
    """That seat is played from a connection that is still open."""
    BAD_NAME = "bad-name"
    """The name is empty, too long or holds characters that are not allowed."""
    NAME_TAKEN = "name-taken"
    """Another person at the table has that name."""
    REPLACED = "replaced"
    """The seat was taken over by a newer connection with its token."""
    JOIN_TIMEOUT = "join-timeout"
    """No ``join`` came in time (the connection is closed)."""
    TOO_MANY_BAD = "too-many-bad"
    """Too many refused messages (the connection is closed)."""
    RATE_LIMITED = "rate-limited"
    """Messages (or hints) sent faster than the server takes them."""
    TOO_SLOW = "too-slow"
    """The client did not read what the server sent (the connection is closed)."""
    SERVER_FULL = "server-full"
    """The server holds as many connections as it takes."""
    STOPPING = "stopping"
    """The server is stopping; it will be back with the same tables."""
    NOT_CREATOR = "not-creator"
    """A ``host`` command from a seat other than the table's creator's."""
    TABLE_CLOSED = "table-closed"
    """The table was closed (by its creator, or after nobody came for a while); it is
    kept in the server's history, and takes nobody any more."""

    @property
    def fatal(self) -> bool:
        """True when connecting again with the same join cannot succeed."""
        return self in _FATAL

    @property
    def closes(self) -> bool:
        """True when the server closes the connection after this error."""
        return self in _CLOSES


_FATAL = frozenset({ErrorCode.VERSION, ErrorCode.BAD_CODE, ErrorCode.TABLE_FULL,
                    ErrorCode.SEAT_TAKEN, ErrorCode.BAD_NAME, ErrorCode.NAME_TAKEN,
                    ErrorCode.REPLACED, ErrorCode.TOO_MANY_BAD, ErrorCode.TABLE_CLOSED})
_CLOSES = frozenset({ErrorCode.TOO_BIG, ErrorCode.JOIN_TIMEOUT, ErrorCode.TOO_MANY_BAD,
                     ErrorCode.WATCHERS_FULL,
                     ErrorCode.REPLACED, ErrorCode.TOO_SLOW, ErrorCode.SERVER_FULL,
                     ErrorCode.STOPPING, ErrorCode.TABLE_CLOSED})
