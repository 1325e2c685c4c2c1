"""Join codes and seat tokens: made fresh, and written on a command line.

Both are URL-safe random text, whose alphabet includes ``-``. A value that
starts with ``-`` would read as an option on a command line (``hearts join
ADDRESS --code -fAV...`` fails), so fresh ones never do, and one kept from
before is written as ``--code=VALUE``.
"""

from __future__ import annotations

import secrets

__all__ = ["fresh_secret", "join_command", "option"]


def fresh_secret(nbytes: int) -> str:
    """URL-safe random text of ``nbytes`` random bytes that does not start with ``-``."""
    while True:
        text = secrets.token_urlsafe(nbytes)
        if not text.startswith("-"):
            return text


def option(flag: str, value: str) -> str:
    """``flag value`` for a command line, or ``flag=value`` when the value starts with
    ``-`` (so that it is never read as an option of its own)."""
    return f"{flag}={value}" if value.startswith("-") else f"{flag} {value}"


def join_command(address: str, code: str, token: str | None = None) -> str:
    """The ``hearts join`` line for this address, table code and (for a seat's link)
    token."""
    line = f"hearts join {address} {option('--code', code)}"
    return line if token is None else f"{line} {option('--token', token)}"
