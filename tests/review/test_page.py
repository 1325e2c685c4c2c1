"""Pilot test of the review page: stepping, the clickable trick list, verdicts arriving."""

from __future__ import annotations

import threading
from collections.abc import Callable

from textual.widgets import ProgressBar

from hearts.cards import Seat
from hearts.review.analysis import review_hand
from hearts.review.document import decision_count
from hearts.review.verdict import Decision
from hearts.tui.review_page import ReviewApp, ReviewHelpScreen, ReviewScreen
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


async def test_question_mark_and_h_explain_the_words_and_figures() -> None:
    app = ReviewApp(RECORD, reviewer, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.workers.wait_for_complete()
        for key in ("question_mark", "h"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ReviewHelpScreen)
            text = str(app.screen.query_one("#review-help Static").render())
            for words in ("too close to call", "inaccuracy", "Expected", "+/-",
                          "standard error", "Hindsight", "half of the deals"):
                assert words in text
            await pilot.press("space")
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)


async def test_the_progress_bar_counts_the_verdicts_as_they_arrive() -> None:
    arrived: list[Decision] = []
    gate = threading.Event()

    def slow(progress: Callable[[Decision], None]) -> object:
        def told(decision: Decision) -> None:
            arrived.append(decision)
            progress(decision)
            if len(arrived) == 10:
                gate.wait(30)

        return review_hand(RECORD, list(Seat), 0, 6, progress=told)  # every seat, as at the table

    app = ReviewApp(RECORD, slow, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        for _ in range(300):
            if len(screen.verdicts) == 10:
                break
            await pilot.pause(0.05)
        bar = screen.query_one("#review-progress-bar", ProgressBar)
        assert bar.total == decision_count(RECORD) == 52 and bar.progress == 10
        assert "10 of 52 verdicts" in str(screen.query_one("#review-status").render())
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert bar.progress == 52 and "all verdicts in" in str(
            screen.query_one("#review-status").render())


async def test_a_review_that_fails_says_so_and_the_page_stays() -> None:
    def broken(progress: Callable[[Decision], None]) -> object:
        raise RuntimeError("no verdicts today")

    app = ReviewApp(RECORD, broken, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.done
        assert "the review failed (RuntimeError: no verdicts today)" in str(
            screen.query_one("#review-status").render())
        await pilot.press("right")
        assert "West plays AC" in shown(app)
