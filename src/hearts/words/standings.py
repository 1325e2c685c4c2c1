"""A duplicate evening's standings in a player's words, from the catalogue's
``standings`` entries: the terminal's notice (:mod:`hearts.tui.words`) and the
English line the table's notice carries for a log or an older client; the web
table words the same data with the same entries (``sentences.js``)."""

from __future__ import annotations

import math
from fractions import Fraction

from hearts.duplicate import EveningStandings, Standing
from hearts.words import fill, words

__all__ = ["signed", "standings_text"]


def signed(value: Fraction) -> str:
    """A difference to one decimal place, with its sign (``+1.5``, ``-0.3``, ``0``),
    a half rounded up as the web table's ``Math.round`` does."""
    tenths = math.floor(value * 10 + Fraction(1, 2))
    if tenths == 0:
        return "0"
    return f"{'+' if tenths > 0 else '-'}{abs(tenths) // 10}.{abs(tenths) % 10}"


def _row(row: Standing, most: int) -> str:
    said = words("standings")
    name = row.name if row.person else fill(said["computer"],
                                            seat=words(f"seats.{row.seat.name.lower()}"))
    notes = []
    if row.hands < most:
        notes.append(said["hands-one"] if row.hands == 1 else fill(said["hands"], count=row.hands))
    if row.stood_in:
        notes.append(fill(said["stood-in"], count=row.stood_in))
    if row.assisted:
        notes.append(fill(said["assisted"], count=row.assisted))
    shown = fill(said["row"], name=name, difference=signed(row.difference))
    return fill(said["noted"], what=shown, notes=said["comma"].join(notes)) if notes else shown


def standings_text(standings: EveningStandings) -> str:
    """The standings in one short line: where the evening stands, then each
    compared player's difference (``Duplicate, deal 2 of 4, round 1 of 2: Ann
    -1.5, Bob +1.5 (lower is better)``)."""
    said = words("standings")
    if not standings.finished:
        return str(said["none"])
    where = str(said["over"]) if standings.over else fill(
        said["where"], deal=standings.deal, deals=standings.deals, round=standings.round,
        rounds=standings.rounds)
    if not standings.rows:
        return fill(said["not-compared"], where=where)
    most = max(row.hands for row in standings.rows)
    return fill(said["line"], where=where,
                names=said["comma"].join(_row(row, most) for row in standings.rows))
