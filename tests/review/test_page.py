"""Pilot test of the review page: stepping, the clickable trick list, verdicts arriving."""

from __future__ import annotations

from collections.abc import Callable

from hearts.cards import Seat
from hearts.review.analysis import review_hand
from hearts.review.verdict import Decision
from hearts.tui.review_page import ReviewApp, ReviewScreen
from tests.review.helpers import MOON_DEAL, MOON_QUEUES, scripted_record

RECORD = scripted_record(MOON_DEAL, MOON_QUEUES, Seat.SOUTH, "2H AH")


def reviewer(progress: Callable[[Decision], None]) -> object:
    return review_hand(RECORD, [Seat.SOUTH], 0, 6, progress=progress)


def shown(app: ReviewApp) -> str:
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return str(screen.query_one("#review-position").render())


async def test_the_page_steps_through_the_hand_and_shows_the_verdicts() -> None:
    app = ReviewApp(RECORD, reviewer, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.done
        assert "the deal" in shown(app)
        await pilot.press("right")
        assert "West plays AC (trick 1)" in shown(app)
        await pilot.press("right", "right", "right")
        assert "South plays 2C" in shown(app) and "Won by West" in shown(app)
        assert "Verdict:" in shown(app) and "forced" in shown(app)
        await pilot.press("end")
        assert "Step 52 of 52" in shown(app)
        await pilot.press("left", "left", "left", "left", "left")
        assert "East plays AS" in shown(app) and "not reviewed" in shown(app)
        await pilot.press("right")
        assert "South plays 2H (trick 12)" in shown(app)
        assert "blunder" in shown(app) and "better AH" in shown(app)
        await pilot.press("home")
        assert "the deal" in shown(app)
        await pilot.click("#review-trick-list", offset=(2, 12))  # trick 12, under the border
        await pilot.pause()
        assert "West plays TH (trick 12)" in shown(app)
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running
