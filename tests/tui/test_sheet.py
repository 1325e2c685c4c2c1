"""The score sheet's text: seats, or the people's names at a network table."""

from __future__ import annotations

from hearts.cards import Seat
from hearts.table import SheetRow
from hearts.tui.sheet import rows_lines

ROWS = [SheetRow((0, 3, 26, 4), True, None, Seat.NORTH),
        SheetRow((0, 33, 33, 33), True, Seat.SOUTH, None)]


def test_the_sheet_names_the_seats() -> None:
    lines = rows_lines(ROWS, (33, 36, 59, 37))
    assert lines[0].split()[:5] == ["Hand", "South", "West", "North", "East"]
    assert lines[2].endswith("QS North") and lines[3].endswith("moon South")
    assert lines[-1].split() == ["Total", "33", "36", "59", "37"]


def test_at_a_network_table_the_sheet_names_the_people() -> None:
    names = ["Ann", "West", "Bartholomew the Bold", "Cat"]
    lines = rows_lines(ROWS, (33, 36, 59, 37), names=names)
    assert lines[0].split()[:6] == ["Hand", "Ann", "West", "Bartholome", "Cat", "Notes"]
    assert lines[2].endswith("QS Bartholome") and lines[3].endswith("moon Ann")
    assert max(len(line) for line in lines) <= 66 + len("   QS Bartholome")
