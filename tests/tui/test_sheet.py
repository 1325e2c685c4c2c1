"""The score sheet's text: seats, or the people's names at a network table."""

from __future__ import annotations

from hearts.cards import Seat
from hearts.table import SheetRow
from hearts.tui.sheet import IN_PLAY, rows_lines

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


def test_a_hand_in_play_is_marked_and_the_mark_explained() -> None:
    playing = [*ROWS, SheetRow((1, 0, 0, 0), False, None, None)]
    lines = rows_lines(playing, (33, 36, 59, 37))
    assert lines[4].startswith("   3*") and lines[4].split()[1:3] == ["1", "-"]
    assert lines[-1] == IN_PLAY and "*" in IN_PLAY and "so far" in IN_PLAY
    assert lines[-2].split()[0] == "Total"
    assert IN_PLAY not in rows_lines(ROWS, (33, 36, 59, 37))  # no mark, nothing to explain
    assert len(rows_lines(playing, (33, 36, 59, 37), max_rows=6)) <= 6
