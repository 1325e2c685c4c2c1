"""The flow of a match at the table as a pure state machine, for any front end.

``Table.handle(event) -> effects``: see :mod:`hearts.table.table`. Nothing here
imports Textual, waits, thinks or touches a file.
"""

from __future__ import annotations

from hearts.table.effects import Abandoned, Decide, Effect, Redraw, Save, Say, Wait
from hearts.table.seating import Computer, Person, SeatSpec, one_person
from hearts.table.snapshot import restore
from hearts.table.table import SUIT_ORDER, Desk, Stage, Table, display_order

__all__ = [
    "SUIT_ORDER", "Abandoned", "Computer", "Decide", "Desk", "Effect", "Person", "Redraw",
    "Save", "Say", "SeatSpec", "Stage", "Table", "Wait", "display_order", "one_person",
    "restore",
]
