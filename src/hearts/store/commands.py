"""``hearts stats`` and ``hearts history``: the store's figures and records on the
command line. Both only read: they open the file read-only and never move,
repair or migrate it (the game does that)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import sys
from datetime import UTC, datetime

from rich.console import Console
from rich.text import Text

from hearts.paths import short_path, write_atomically
from hearts.store.dailies import daily_figures, daily_rows
from hearts.store.report import (
    daily_history_table,
    daily_table,
    history_table,
    review_table,
    stats_table,
    trend_text,
)
from hearts.store.reviews import reviewed_hands
from hearts.store.schema import (
    SCHEMA_VERSION,
    SchemaError,
    check_schema,
    migrate,
    user_version,
)
from hearts.store.stats import match_rows, statistics
from hearts.store.store import ENV_VAR, database_path, hand_records

__all__ = ["history_main", "open_for_reading", "parse_since", "stats_main"]


class Unreadable(Exception):
    """The store cannot be read; the message says why, for the player."""


def open_for_reading(data_dir: str | os.PathLike[str] | None = None
                     ) -> sqlite3.Connection | None:
    """The store opened read-only (brought up to the current schema first), or
    None when nothing has been recorded yet.

    Raises :class:`Unreadable` with a message when the file cannot be read.
    """
    path = database_path(data_dir)
    if not path.exists():
        return None
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        version = user_version(db)
        if version > SCHEMA_VERSION:
            raise Unreadable(f"{path} was written by a newer Hearts")
        if version == 0:
            db.close()
            return None
        if version < SCHEMA_VERSION:  # brought up to date, as the game does on opening
            db.close()
            with contextlib.closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw",
                                                    uri=True, isolation_level=None,
                                                    timeout=5.0)) as writable:
                migrate(writable)
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        check_schema(db)
    except sqlite3.Error as error:
        raise Unreadable(f"{path} cannot be read ({error}); starting the game moves "
                         "a damaged file aside") from None
    except SchemaError as error:
        raise Unreadable(f"{path} is not a Hearts store ({error})") from None
    return db


def parse_since(text: str) -> str:
    """A date or a date and time (local time unless it names a zone) as the
    store's UTC timestamps are written, for comparing with them."""
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a date: {text!r} (use YYYY-MM-DD or YYYY-MM-DDTHH:MM)") from None
    if when.tzinfo is None:
        when = when.astimezone()
    return when.astimezone(UTC).isoformat(timespec="seconds")


def _where() -> str:
    return (f"The store: {short_path(database_path(), 60)} "
            f"({ENV_VAR} names another folder)")


def stats_main(argv: list[str]) -> int:
    """``hearts stats``: the statistics table."""
    parser = argparse.ArgumentParser(
        prog="hearts stats",
        description="Show how you play, per level and in total: matches played, won and "
                    "abandoned, win rate, streaks, points a hand, moons and the queen of "
                    "spades; and the days' deals (hearts daily): how often you beat par, and "
                    "your streak. " + _where())
    parser.parse_args(argv)
    console = Console()
    try:
        db = open_for_reading()
    except Unreadable as error:
        print(f"hearts stats: {error}", file=sys.stderr)
        return 1
    if db is None:
        console.print("No games recorded yet.")
        return 0
    with contextlib.closing(db):
        figures = statistics(db)
        reviewed = reviewed_hands(db)
        days = daily_figures(db, datetime.now(UTC).date())
    console.print(stats_table(figures, title="Hearts statistics"))
    if days.played:
        console.print(daily_table(days))
    if reviewed.hands or reviewed.other:
        console.print(review_table(reviewed))
        ascii_only = not console.encoding.lower().startswith("utf")
        chart = trend_text(reviewed.hands, min(console.width, 100), 14, ascii_only)
        if chart is not None:
            console.print(Text.from_ansi(chart))
    return 0


def _write_lines(lines: list[str], target: str) -> None:
    if target == "-":
        sys.stdout.writelines(line + "\n" for line in lines)
    else:
        write_atomically(target, (line + "\n" for line in lines))


def history_main(argv: list[str]) -> int:
    """``hearts history``: the matches played, or every finished hand exported."""
    parser = argparse.ArgumentParser(
        prog="hearts history",
        description="List the matches played, newest first, or export every finished "
                    "hand as JSON lines (one hand record a line; Hand.from_record replays "
                    "each). " + _where())
    parser.add_argument("--export", metavar="FILE",
                        help="write every finished hand to FILE as JSON lines (- for stdout)")
    parser.add_argument("--since", metavar="DATE", type=parse_since,
                        help="only what was played from DATE on (YYYY-MM-DD, local time)")
    parser.add_argument("--limit", metavar="N", type=int, default=20,
                        help="how many matches to list (default 20)")
    args = parser.parse_args(argv)
    try:
        db = open_for_reading()
    except Unreadable as error:
        print(f"hearts history: {error}", file=sys.stderr)
        return 1
    with contextlib.closing(db) if db is not None else contextlib.nullcontext():
        if args.export:
            lines = list(hand_records(db, args.since)) if db is not None else []
            try:
                _write_lines(lines, args.export)
            except OSError as error:
                print(f"hearts history: cannot write {args.export} ({error.strerror})",
                      file=sys.stderr)
                return 1
            if args.export != "-":
                print(f"{len(lines):,} hand{'' if len(lines) == 1 else 's'} written to "
                      f"{args.export}")
            return 0
        if db is None:
            print("No games recorded yet.")
            return 0
        rows = match_rows(db, args.since or "", args.limit)
        days = daily_rows(db, args.limit)
    console = Console()
    console.print(history_table(rows, title="Hearts matches, newest first"))
    if days:
        console.print(daily_history_table(days, title="Today's deals, newest first"))
    return 0
