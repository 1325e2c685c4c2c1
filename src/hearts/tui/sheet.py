"""The score sheet as text: every hand of the match, each seat's points and
running totals, who shot the moon and who took the queen of spades."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from hearts.cards import Card, Seat
from hearts.match import Match
from hearts.view import Phase

__all__ = ["SheetRow", "rows_lines", "sheet_lines", "sheet_rows"]

_QUEEN = Card.parse("QS")
_CELL = 11


def _row(first: str, cells: list[str], note: str = "") -> str:
    return (f"{first:<5}" + "".join(f"{cell:>{_CELL}}" for cell in cells) + "   "
            + note).rstrip()


class SheetRow(NamedTuple):
    """One hand on the score sheet: all of it public once the hand is played."""

    points: tuple[int, ...]
    """The points each seat took in the hand (so far, while it is played)."""
    over: bool
    """The hand is finished."""
    shooter: Seat | None
    """Who shot the moon, if anyone did."""
    queen: Seat | None
    """Who took the queen of spades, if anyone has yet."""


def sheet_rows(match: Match) -> list[SheetRow]:
    """The score sheet's rows of ``match``."""
    return [SheetRow(hand.points, hand.phase is Phase.OVER, hand.shooter,
                     next((s for s in Seat if _QUEEN in hand.taken(s)), None))
            for hand in match.hands]


def sheet_lines(match: Match, max_rows: int | None = None) -> list[str]:
    """The sheet of ``match`` as lines of text (see :func:`rows_lines`)."""
    return rows_lines(sheet_rows(match), match.scores, max_rows)


def rows_lines(rows: list[SheetRow], scores: tuple[int, ...] | list[int],
               max_rows: int | None = None, names: Sequence[str] | None = None
               ) -> list[str]:
    """The sheet as lines of text (at most 66 columns): a header, one line a hand
    (points in the hand, then the running total, for each seat; the queen of
    spades and the moon noted; a hand still in play marked ``*``), and the
    totals. With ``max_rows``, the earliest hands give way to a line saying how
    many are left out. ``names`` (a seat's order) head the columns and name the
    notes instead of the seats, cut to the column's width."""
    label = [str(seat) if not names else names[seat][:_CELL - 1] for seat in Seat]
    header = [_row("Hand", label, "Notes"),
              _row("", ["pts total"] * 4)]
    body: list[str] = []
    totals = [0, 0, 0, 0]
    for number, hand in enumerate(rows, start=1):
        points = hand.points
        finished = hand.over
        if finished:
            totals = [t + p for t, p in zip(totals, points, strict=True)]
        cells = [f"{points[s]:>3} {totals[s] if finished else '-':>5}" for s in Seat]
        notes = []
        if hand.shooter is not None:
            notes.append(f"moon {label[hand.shooter]}")
        elif hand.queen is not None:
            notes.append(f"QS {label[hand.queen]}")
        mark = " " if finished else "*"
        body.append(_row(f"{number:>4}{mark}", cells, ", ".join(notes)))
    footer = [_row("Total", [str(total) for total in scores])]
    if max_rows is not None:
        room = max_rows - len(header) - len(footer)
        if room < len(body):
            keep = max(0, room - 1)
            left_out = len(body) - keep
            body = [f"  ({left_out} earlier hand{'s' if left_out > 1 else ''}:"
                    " r shows them all)", *body[len(body) - keep:]]
            body = body[: max(0, room)]
    return header + body + footer
