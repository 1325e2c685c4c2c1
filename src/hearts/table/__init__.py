"""The flow of a match at the table as a pure state machine, for any front end.

``Table.handle(event) -> effects``: see :mod:`hearts.table.table`. Nothing here
imports Textual, waits, thinks or touches a file.
"""

from __future__ import annotations

from hearts.table.effects import Abandoned, Decide, Effect, Redraw, Save, Say, Wait
from hearts.table.notices import Notice, NoticeKind, Outcome, Prompt, PromptKind
from hearts.table.order import SUIT_ORDER, display_order
from hearts.table.projection import seat_state, seat_states
from hearts.table.reading import sheet_rows
from hearts.table.requests import Pause
from hearts.table.runner import Ports, carry_out
from hearts.table.seating import Computer, Person, Presence, Seating, SeatSpec, one_person
from hearts.table.seatstate import SCHEMA_VERSION, Action, Result, SeatInfo, SeatState, SheetRow
from hearts.table.snapshot import restore
from hearts.table.stage import Stage
from hearts.table.table import Table

__all__ = [
    "SCHEMA_VERSION", "SUIT_ORDER", "Abandoned", "Action", "Computer", "Decide", "Effect",
    "Notice", "NoticeKind", "Outcome", "Pause", "Person", "Ports", "Presence", "Prompt",
    "PromptKind", "Redraw", "Result", "Save", "Say", "SeatInfo", "SeatSpec", "SeatState",
    "Seating", "SheetRow", "Stage", "Table", "Wait", "carry_out", "display_order",
    "one_person", "restore", "seat_state", "seat_states", "sheet_rows",
]
