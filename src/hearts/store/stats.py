"""Statistics: how you play, per level and in total, as SQL queries on the store.

Nothing is counted by hand beside the store: every figure is a query over the
``matches`` and ``hands`` tables, so it can never drift from what was played.

- "You" are the seat the person played the match in (``matches.seat``: South
  at the single-player table, any seat at a network table).
- A match is *won* when your total is the lowest (a shared lowest counts).
- The win rate and the streaks count finished matches played without help
  (:attr:`Figures.played`, :attr:`Figures.won`). Matches with a hint or an
  undo are *assisted*: counted on their own, and in the matches played and won
  (:attr:`Figures.finished`). *Abandoned* matches are counted on their own,
  never as losses, and neither they nor assisted matches break or extend a
  streak.
- Hand figures (points, moons, the queen of spades) count every finished hand you
  played yourself. A hand in which a computer player made some of your seat's
  decisions (it stood in while you were away or out of time, or played the seat
  before you took it) is counted apart (:attr:`Figures.stood_in`), never in
  your figures: the record names who made each decision.
- A hand counts under its own level. A match counts under its level, or as
  *mixed* when its hands were played at more than one (``hearts --level`` on a
  resumed match): its hands still count under their own levels.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from hearts.levels import LEVEL_NAMES

__all__ = ["LEVEL_ORDER", "MATCH_LEVEL", "MIXED", "SHOWN_NAME", "STOOD_IN", "TOTAL", "Figures",
           "match_people", "match_rows", "statistics"]

TOTAL = "all"
"""The key of the figures over every level."""
LEVEL_ORDER = LEVEL_NAMES
"""Levels in the order the figures list them (any other level name follows):
:data:`hearts.levels.LEVEL_NAMES`."""
MIXED = "mixed"
"""The level of a match whose hands were played at more than one level."""

MATCH_LEVEL = (f"CASE WHEN EXISTS (SELECT 1 FROM hands WHERE hands.match_id = matches.id"
               f" AND hands.level <> matches.level) THEN '{MIXED}' ELSE matches.level END")
"""A match's level in SQL: the level it was started at, or :data:`MIXED` when a hand
of it was played at another (the store keeps each hand's level beside it)."""

_FINISHED_HANDS = ("(SELECT count(*) FROM hands WHERE hands.match_id = matches.id"
                   " AND hands.finished IS NOT NULL)")

_YOURS = ("CASE seat WHEN 'south' THEN {0}_south WHEN 'west' THEN {0}_west"
          " WHEN 'north' THEN {0}_north ELSE {0}_east END")
"""The person's own figure (``score`` or ``points``): the seat they played is "you"."""

_WON = (_YOURS.format("score")
        + " = min(score_south, score_west, score_north, score_east)")

_MATCHES = f"""
SELECT {{key}},
       total(status = 'finished' AND NOT assisted),
       total(status = 'finished' AND NOT assisted AND {_WON}),
       total(status = 'abandoned'),
       total(status = 'finished' AND assisted),
       total(status = 'finished' AND assisted AND {_WON})
FROM matches GROUP BY 1
"""

_SEAT_INDEX = ("CASE matches.seat WHEN 'south' THEN 0 WHEN 'west' THEN 1"
               " WHEN 'north' THEN 2 ELSE 3 END")

STOOD_IN = (f"(json_extract(hands.record, '$.players[' || {_SEAT_INDEX} || '].player')"
            " <> 'human' OR EXISTS (SELECT 1 FROM json_each(hands.record, '$.stand_ins') AS s"
            " WHERE json_extract(s.value, '$.seat') = matches.seat"
            " AND json_extract(s.value, '$.player') <> 'human'))")
"""In SQL: a computer player made some of the person's decisions in this hand
(the record gives the seat to a computer player, who played it before the person
took it, or names one standing in for them)."""

_HANDS = f"""
SELECT {{key}}, total(NOT stood_in), avg(CASE WHEN NOT stood_in THEN yours END),
       avg(CASE WHEN NOT stood_in THEN
           (points_south + points_west + points_north + points_east - yours) / 3.0 END),
       total(moon = seat AND NOT stood_in), total(moon <> seat AND NOT stood_in),
       total(queen = seat AND NOT stood_in), total(stood_in)
FROM (SELECT hands.*, matches.seat AS seat, {_YOURS.format("points")} AS yours,
             coalesce({STOOD_IN}, 0) AS stood_in
      FROM hands JOIN matches ON matches.id = hands.match_id
      WHERE hands.finished IS NOT NULL)
GROUP BY 1
"""

_STREAKS = f"""
WITH results AS (
    SELECT {{key}} AS k, id, ended, {_WON} AS won
    FROM matches WHERE status = 'finished' AND NOT assisted
), counted AS (
    SELECT k, won, sum(NOT won) OVER (PARTITION BY k ORDER BY ended, id) AS losses
    FROM results
), runs AS (
    SELECT k, losses, count(*) AS run FROM counted WHERE won GROUP BY k, losses
), latest AS (
    SELECT k, max(losses) AS losses FROM counted GROUP BY k
)
SELECT latest.k,
       coalesce((SELECT run FROM runs WHERE runs.k = latest.k
                 AND runs.losses = latest.losses), 0),
       coalesce((SELECT max(run) FROM runs WHERE runs.k = latest.k), 0)
FROM latest
"""


@dataclass(frozen=True, slots=True)
class Figures:
    """The figures for one level (or :data:`TOTAL`)."""

    level: str
    """The level's name in lower case, or ``"all"``."""
    played: int = 0
    """Finished matches played without help."""
    won: int = 0
    """Of those, the ones you won (a shared win counts)."""
    abandoned: int = 0
    """Matches left unfinished for a new one (never counted as losses)."""
    assisted: int = 0
    """Finished matches in which you used a hint or an undo."""
    assisted_won: int = 0
    """Of those, the ones you won."""
    current_streak: int = 0
    """Wins in a row up to the latest finished match."""
    best_streak: int = 0
    """The longest run of wins."""
    hands: int = 0
    """Finished hands."""
    your_points: float | None = None
    """Your average points a hand."""
    their_points: float | None = None
    """The computer players' average points a hand (each)."""
    moons_yours: int = 0
    """Moons you shot."""
    moons_against: int = 0
    """Moons shot against you."""
    queens: int = 0
    """Hands in which you took the queen of spades."""
    stood_in: int = 0
    """Finished hands in which a computer player made some of your decisions: not
    counted in the hand figures above."""

    @property
    def finished(self) -> int:
        """Every finished match, with help or without."""
        return self.played + self.assisted

    @property
    def finished_won(self) -> int:
        """Every finished match you won, with help or without."""
        return self.won + self.assisted_won

    @property
    def win_rate(self) -> float | None:
        """Won over played, or None before any match is finished."""
        return self.won / self.played if self.played else None

    @property
    def queen_rate(self) -> float | None:
        """How often you took the queen of spades, or None before any hand."""
        return self.queens / self.hands if self.hands else None


def _order(level: str) -> tuple[int, str]:
    if level == TOTAL:
        return (len(LEVEL_ORDER) + 2, level)
    if level in LEVEL_ORDER:
        return (LEVEL_ORDER.index(level), level)
    return (len(LEVEL_ORDER) + 1, level)


def statistics(db: sqlite3.Connection) -> list[Figures]:
    """The figures for every level that has a match or a hand, in level order,
    and last the figures over all of them (``level == "all"``)."""
    values: dict[str, dict[str, object]] = {}
    for key, match_key in (("level", MATCH_LEVEL), (f"'{TOTAL}'", f"'{TOTAL}'")):
        for row in db.execute(_MATCHES.format(key=match_key)):
            values.setdefault(row[0], {}).update(
                played=int(row[1]), won=int(row[2]), abandoned=int(row[3]),
                assisted=int(row[4]), assisted_won=int(row[5]))
        for row in db.execute(_HANDS.format(key=key)):
            if not row[1] and not row[7]:
                continue
            values.setdefault(row[0], {}).update(
                hands=int(row[1]), your_points=row[2], their_points=row[3],
                moons_yours=int(row[4]), moons_against=int(row[5]), queens=int(row[6]),
                stood_in=int(row[7]))
        for row in db.execute(_STREAKS.format(key=match_key)):
            values.setdefault(row[0], {}).update(current_streak=int(row[1]),
                                                 best_streak=int(row[2]))
    values.setdefault(TOTAL, {})
    return [Figures(level, **fields)  # type: ignore[arg-type]
            for level, fields in sorted(values.items(), key=lambda item: _order(item[0]))]


def match_rows(db: sqlite3.Connection, since: str = "", limit: int = 20
               ) -> list[dict[str, object]]:
    """The matches started at or after ``since`` (the store's UTC timestamps), newest
    first, at most ``limit``: each a ``matches`` row, with its level as
    :data:`MATCH_LEVEL` gives it, ``hands`` counting its finished hands (a
    match abandoned during its first hand has none) and ``people`` the other
    people at its table (:func:`match_people`)."""
    columns = [row[1] for row in db.execute("PRAGMA table_info(matches)")
               if row[1] not in ("level", "hands")]
    cursor = db.execute(
        f"SELECT {', '.join(columns)}, {MATCH_LEVEL} AS level, {_FINISHED_HANDS} AS hands"
        " FROM matches WHERE started >= ? ORDER BY started DESC, id DESC LIMIT ?",
        (since, max(0, limit)))
    names = [description[0] for description in cursor.description]
    rows: list[dict[str, object]] = [dict(zip(names, row, strict=True)) for row in cursor]
    for row in rows:
        row["people"] = match_people(db, int(str(row["id"])), str(row.get("seat") or "south"))
    return rows


SHOWN_NAME = 24
"""The most characters of a person's name the history shows (a table's names are
no longer; a name read from an edited file is cut)."""


def _plain(name: str) -> str:
    """``name`` as plain printable text, spaces run together, cut to :data:`SHOWN_NAME`."""
    shown = " ".join("".join(c if c.isprintable() else "?" for c in name).split())
    return shown if len(shown) <= SHOWN_NAME else shown[:SHOWN_NAME - 1] + "~"


def match_people(db: sqlite3.Connection, match_id: int, seat: str = "south"
                 ) -> list[tuple[str, str]]:
    """The other people who sat at the table of match ``match_id`` (the person
    played ``seat``), as the hands' records name them: ``(seat, name)`` pairs in
    seat order, each name once a seat (a late arrival counted from their first
    hand, a friend who sat down during a hand from the stand-in entries that name
    them). Empty for a match against the computer, or records that name nobody."""
    found: dict[str, str] = {}
    order = ("south", "west", "north", "east")
    for (text,) in db.execute("SELECT record FROM hands WHERE match_id = ? ORDER BY number",
                              (match_id,)):
        try:
            record = json.loads(text)
            players = record.get("players")
        except (ValueError, AttributeError):
            continue
        entries: list[tuple[object, object]] = []
        if isinstance(players, list) and len(players) == 4:
            entries += zip(order, players, strict=True)
        stand_ins = record.get("stand_ins")
        if isinstance(stand_ins, list):
            entries += [(entry.get("seat"), entry) for entry in stand_ins
                        if isinstance(entry, dict)]
        for where, entry in entries:
            if where == seat or where not in order or not isinstance(entry, dict) \
                    or entry.get("player") != "human":
                continue
            name = entry.get("name")
            if isinstance(name, str) and name.strip() and where not in found:
                found[str(where)] = _plain(name)
    return [(where, found[where]) for where in order if where in found]
