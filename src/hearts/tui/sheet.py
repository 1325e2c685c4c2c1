"""The score sheet as text: every hand of the match, each seat's points and
running totals, who shot the moon and who took the queen of spades."""

from __future__ import annotations

from collections.abc import Sequence

from hearts.cards import Seat
from hearts.table import SheetRow

__all__ = ["IN_PLAY", "rows_lines"]

_CELL = 11

IN_PLAY = "    * the hand in play: its points so far, no total yet"
"""The sheet's last line while a hand is played, saying what its ``*`` means."""


def _row(first: str, cells: list[str], note: str = "") -> str:
    return (f"{first:<5}" + "".join(f"{cell:>{_CELL}}" for cell in cells) + "   "
            + note).rstrip()


def rows_lines(rows: Sequence[SheetRow], scores: tuple[int, ...] | list[int],
               max_rows: int | None = None, names: Sequence[str] | None = None
               ) -> list[str]:
    """The sheet as lines of text (at most 66 columns): a header, one line a hand
    (points in the hand, then the running total, for each seat; the queen of
    spades and the moon noted; a hand still in play marked ``*``), and the
    totals (and what ``*`` means, while a hand is in play). With ``max_rows``,
    the earliest hands give way to a line saying how many are left out.
    ``names`` (a seat's order) head the columns and name the notes instead of
    the seats, cut to the column's width."""
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
    if any(not hand.over for hand in rows):
        footer.append(IN_PLAY)
    if max_rows is not None:
        room = max_rows - len(header) - len(footer)
        if room < len(body):
            keep = max(0, room - 1)
            left_out = len(body) - keep
            body = [f"  ({left_out} earlier hand{'s' if left_out > 1 else ''}:"
                    " r shows them all)", *body[len(body) - keep:]]
            body = body[: max(0, room)]
    return header + body + footer
