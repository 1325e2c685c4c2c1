"""The creator of a table runs it from their page, as the host does from the
terminal: the ``host`` messages (:class:`~hearts.net.wire.messages.HostCommand`).

A table started from the server's front page remembers the seat of the person
who started it (:attr:`~hearts.net.tables.table.NetTable.creator`); ``host`` from
any other seat is refused (``not-creator``), and so is a command about the
creator's own seat (they ``leave`` it, as anyone does). ``free`` and
``computer`` are the host's ``free`` and ``computer`` (everyone is told by the
table's own notices), ``link`` answers the creator alone with the seat's new
token (:class:`~hearts.net.wire.messages.SeatLink`), and ``close`` ends the table
for everyone (:func:`close_table`): it is kept on disk, in the server's
history, and takes nobody any more.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from hearts.net.tables.outbox import Outbox
from hearts.net.tables.table import NetTable, SeatHolder
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode

__all__ = ["CLOSED_FOLDER", "Refusal", "close_table", "history_folder", "run"]

CLOSED_FOLDER = "closed"
"""Under the server's data folder, where closed tables are kept (``closed/ID``)."""

Refusal = tuple[ErrorCode, str]
"""Why a command was refused: the code and words for the person."""


def run(tables: dict[str, NetTable], data_dir: Path, table: NetTable, holder: SeatHolder,
        outbox: Outbox, command: msg.HostCommand) -> Refusal | None:
    """Carry out ``command`` from ``holder``'s seat at ``table`` (one of ``tables``,
    the server's); the refusal, or None when it was done."""
    if table.creator is None or holder.seat != table.creator:
        return (ErrorCode.NOT_CREATOR, "only the person who started this table runs it")
    if command.command == "close":
        close_table(tables, data_dir, table, "the table was closed by the person who "
                                            "started it")
        return None
    seat = command.seat
    assert seat is not None  # (read so: every other command names one)
    if seat == holder.seat:
        return (ErrorCode.BAD_MESSAGE, "that is your own seat: leave the table to give "
                                       "it up")
    if command.command == "free":
        table.free_seat(seat)
    elif command.command == "computer":
        table.seat_computer(seat)
    else:
        token = table.new_token(seat)
        if token is None:
            return (ErrorCode.BAD_MESSAGE, f"nobody holds the {msg.seat_name(seat)} seat: "
                                           "the invite link gives it to a newcomer")
        outbox.put(msg.SeatLink(seat, token))
    return None


def history_folder(data_dir: Path, table_id: str) -> Path:
    """Where table ``table_id`` is kept once closed."""
    return data_dir / CLOSED_FOLDER / table_id


def close_table(tables: dict[str, NetTable], data_dir: Path, table: NetTable,
                why: str) -> Path:
    """Close ``table`` for everyone (each person and watcher told ``table-closed``
    with ``why``), take it from ``tables``, and keep its folder (its store, every
    hand played) under the data folder's ``closed/``. Returns where it is kept."""
    closing = msg.ErrorMessage(ErrorCode.TABLE_CLOSED, why)
    for holder in table.holders.values():
        if holder.outbox is not None:
            holder.outbox.put(closing)
    watchers = list(table.watchers.outboxes)
    for watcher in watchers:
        watcher.put(closing)
        watcher.close()
    table.close()  # every write asked for is done, the store's file closed
    if tables.get(table.id) is table:
        del tables[table.id]
    kept = history_folder(data_dir, table.folder.name)
    kept.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if kept.exists():  # (an id is never used twice; a folder left by hand is kept too)
        kept = kept.with_name(f"{kept.name}-{os.getpid()}-{id(table)}")
    with contextlib.suppress(FileNotFoundError):
        table.folder.rename(kept)  # atomic: the whole table, or none of it, moves
    return kept
