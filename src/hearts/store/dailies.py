"""The days' deals played, kept in the store's ``dailies`` table: one row a day and
rule set, the first play of that deal (a finished row never changes), with the
figures ``hearts stats`` shows (how often you beat par, your streak). The deals of
challenges between friends are kept alike in ``challenge_deals``
(:data:`CHALLENGES`), a row a challenge's code and deal number."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from hearts.store.schema import transaction
from hearts.store.store import now

__all__ = ["CHALLENGES", "DAYS", "DailyFigures", "DailyRow", "Shelf", "challenge_rows",
           "daily_figures", "daily_row", "daily_rows", "finished_dailies", "save_daily",
           "set_par"]


@dataclass(frozen=True, slots=True)
class Shelf:
    """Where deals of one kind are kept: the table and its two key columns."""

    table: str
    first: str
    second: str


DAYS = Shelf("dailies", "day", "rules")
"""The days' deals: by date and rules' words."""
CHALLENGES = Shelf("challenge_deals", "code", "deal")
"""The challenges' deals: by code and deal number."""


@dataclass(frozen=True, slots=True)
class DailyRow:
    """One day's deal (or a challenge's) as the store keeps it."""

    day: str
    """The deal's UTC date (``2026-12-06``); a challenge's code."""
    rules: str
    """Its rules' canonical words; a challenge's deal number."""
    seed: int
    """The seed it was dealt from."""
    started: str
    """When it was first dealt here (UTC)."""
    finished: str | None
    """When its last card was played (UTC); None while it is played."""
    points: int | None
    """South's points once finished."""
    par: int | None
    """The par, once worked out."""
    assisted: bool
    """A hint or an undo helped."""
    record: str
    """The hand's record as it stands (JSON)."""
    tables: dict[str, Any]
    """The table's own state when last saved."""


_REST = "seed, started, finished, points, par, assisted, record, tables"
_COLUMNS = f"day, rules, {_REST}"


def _columns(shelf: Shelf) -> str:
    return f"{shelf.first}, {shelf.second}, {_REST}"


def _row(values: tuple[Any, ...]) -> DailyRow:
    day, rules, seed, started, finished, points, par, assisted, record, tables = values
    try:
        state = json.loads(tables)
    except ValueError:
        state = {}
    return DailyRow(str(day), str(rules), int(seed), str(started), finished, points, par,
                    bool(assisted), str(record), state if isinstance(state, dict) else {})


def daily_row(db: sqlite3.Connection, day: str, rules: str,
              shelf: Shelf = DAYS) -> DailyRow | None:
    """The deal of ``day`` under ``rules`` as kept, or None if it was never dealt here."""
    found = db.execute(f"SELECT {_columns(shelf)} FROM {shelf.table} WHERE {shelf.first} = ?"
                       f" AND {shelf.second} = ?", (day, rules)).fetchone()
    return None if found is None else _row(found)


def daily_rows(db: sqlite3.Connection, limit: int = 20) -> list[DailyRow]:
    """The days' deals kept, newest day first."""
    rows = db.execute(f"SELECT {_COLUMNS} FROM dailies ORDER BY day DESC, started DESC"
                      " LIMIT ?", (limit,))
    return [_row(values) for values in rows]


def save_daily(db: sqlite3.Connection, day: str, rules: str, seed: int, record: str,
               tables: dict[str, Any], points: int | None, assisted: bool,
               shelf: Shelf = DAYS) -> None:
    """Keep the deal of ``day`` as it stands, in one transaction (``points`` given
    once the hand is over, which finishes the row). A finished row is left as it
    is: the first play of a deal is the one that counts."""
    stamp = now()
    with transaction(db):
        db.execute(
            f"INSERT INTO {shelf.table} ({shelf.first}, {shelf.second}, seed, started,"
            " finished, points, assisted, record, tables) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            f" ON CONFLICT ({shelf.first}, {shelf.second}) DO UPDATE SET"
            " finished = excluded.finished, points = excluded.points,"
            f" assisted = max({shelf.table}.assisted, excluded.assisted),"
            " record = excluded.record, tables = excluded.tables"
            f" WHERE {shelf.table}.finished IS NULL",
            (day, rules, seed, stamp, None if points is None else stamp, points,
             int(assisted), record, json.dumps(tables)))


def set_par(db: sqlite3.Connection, day: str, rules: str, par: int,
            shelf: Shelf = DAYS) -> None:
    """Keep the par of the deal of ``day`` (worked out once)."""
    with transaction(db):
        db.execute(f"UPDATE {shelf.table} SET par = ? WHERE {shelf.first} = ? AND"
                   f" {shelf.second} = ? AND par IS NULL", (par, day, rules))


def challenge_rows(db: sqlite3.Connection, code: str) -> list[DailyRow]:
    """The deals of challenge ``code`` kept here, by deal number."""
    rows = db.execute(f"SELECT {_columns(CHALLENGES)} FROM challenge_deals WHERE code = ?"
                      " ORDER BY CAST(deal AS INTEGER)", (code,))
    return [_row(values) for values in rows]


@dataclass(frozen=True, slots=True)
class DailyFigures:
    """What the days' deals played add up to."""

    played: int
    """Days' deals finished."""
    assisted: int
    """Of those, how many a hint or an undo helped."""
    compared: int
    """Unassisted deals finished whose par is known: the ones compared with par."""
    beat: int
    """Of those, how many you took fewer points than the par."""
    equalled: int
    """...took as many as the par."""
    points: int
    """Your points over the deals compared."""
    par: int
    """The par over the same deals."""
    streak: int
    """Days in a row, up to today or yesterday, on which you finished that day's deal."""
    best_streak: int
    """The most days in a row you ever did."""

    @property
    def beat_rate(self) -> float | None:
        """The share of the deals compared on which you beat par (None: none yet)."""
        return self.beat / self.compared if self.compared else None


def _runs(days: list[date], today: date) -> tuple[int, int]:
    """The current run of consecutive days (ending today or yesterday) and the longest."""
    best = run = 0
    previous: date | None = None
    for day in days:  # oldest first, each once
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = run if previous is not None and today - previous <= timedelta(days=1) else 0
    return current, best


def daily_figures(db: sqlite3.Connection, today: date) -> DailyFigures:
    """The figures of every day's deal finished (the streaks count a deal finished on
    its own day, as UTC has it; one played later fills no gap)."""
    played, assisted = db.execute(
        "SELECT count(*), coalesce(sum(assisted), 0) FROM dailies WHERE finished IS NOT NULL"
    ).fetchone()
    compared, beat, equalled, points, par = db.execute(
        "SELECT count(*), coalesce(sum(points < par), 0), coalesce(sum(points = par), 0),"
        " coalesce(sum(points), 0), coalesce(sum(par), 0) FROM dailies"
        " WHERE finished IS NOT NULL AND par IS NOT NULL AND NOT assisted").fetchone()
    days = [date.fromisoformat(day) for (day,) in db.execute(
        "SELECT DISTINCT day FROM dailies WHERE finished IS NOT NULL"
        " AND substr(finished, 1, 10) = day ORDER BY day")]
    streak, best = _runs(days, today)
    return DailyFigures(int(played), int(assisted), int(compared), int(beat), int(equalled),
                        int(points), int(par), streak, best)


def finished_dailies(db: sqlite3.Connection) -> list[DailyRow]:
    """Every day's deal finished whose par is known, oldest first (what
    ``hearts daily --export`` writes as day's records)."""
    rows = db.execute(f"SELECT {_COLUMNS} FROM dailies WHERE finished IS NOT NULL"
                      " AND par IS NOT NULL ORDER BY day, rules")
    return [_row(values) for values in rows]
