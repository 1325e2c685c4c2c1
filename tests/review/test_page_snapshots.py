"""Snapshots of the review page (pytest-textual-snapshot): a decision's choices
marked on the cards at 80x24 and at 100x30, a pass, and the summary. The verdicts
are given by hand, so the pictures change only when the page does."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from hearts.cards import Seat
from hearts.tui.review_page import ReviewApp
from tests.review.test_page import FRIENDS, VERDICTS, given

pytestmark = pytest.mark.slow  # Textual's pilot, and a picture compared


def app(ascii_only: bool = False) -> ReviewApp:
    return ReviewApp(FRIENDS, given(VERDICTS), ascii_only, you=Seat.SOUTH, everyone=True)


def keys(*pressed: str) -> Any:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press(*pressed)
        await pilot.pause()
    return run_before


def test_a_decision_marked_on_the_cards_at_80x24(snap_compare: Any) -> None:
    assert snap_compare(app(), terminal_size=(80, 24), run_before=keys("s", "1"))


def test_a_decision_marked_on_the_cards_at_100x30(snap_compare: Any) -> None:
    assert snap_compare(app(), terminal_size=(100, 30), run_before=keys("s", "1"))


def test_a_pass_with_the_best_pass_in_ascii(snap_compare: Any) -> None:
    assert snap_compare(app(ascii_only=True), terminal_size=(80, 24), run_before=keys("right"))


def test_the_summary_at_80x24(snap_compare: Any) -> None:
    assert snap_compare(app(), terminal_size=(80, 24), run_before=keys("s"))
