"""The review of the hand just finished, one key away at the table."""

from __future__ import annotations

from pathlib import Path

from hearts.tui.review_page import ReviewScreen
from hearts.tui.table import TableScreen

from .helpers import SIZE, deal_and_pass, make_app, play_out_hand_by_keys, screen_text, settle


async def test_v_between_hands_replays_the_hand_with_verdicts(tmp_path: Path) -> None:
    app = make_app(tmp_path, review_depth=8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("v")
        assert "once it is over" in app.chair.prompt()  # nothing to review yet
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        assert "v to review it" in app.chair.prompt()
        await pilot.press("v")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, ReviewScreen)
        for _ in range(600):
            if page.done:
                break
            await pilot.pause(0.1)
        assert page.done and page.verdicts  # every decision judged, the person's too
        await pilot.press("end")
        assert page.index == len(page.steps) - 1
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("v")  # a second look comes from the store at once
        await pilot.pause()
        again = app.screen
        assert isinstance(again, ReviewScreen)
        for _ in range(50):
            if again.done:
                break
            await pilot.pause(0.1)
        assert again.done and len(again.verdicts) == len(page.verdicts)


async def test_the_statistics_show_the_reviewed_hands(tmp_path: Path) -> None:
    from hearts.tui.stats_page import StatsScreen

    app = make_app(tmp_path, review_depth=8)
    async with app.run_test(size=(100, 40)) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await pilot.press("v")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, ReviewScreen)
        for _ in range(600):
            if page.done:
                break
            await pilot.pause(0.1)
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        text = screen_text(app)
        assert "points given away" in text and "Latest 1 hands" in text


async def test_v_on_the_score_sheet_reviews_the_last_hand(tmp_path: Path) -> None:
    from hearts.tui.scoresheet import ScoreSheetScreen

    app = make_app(tmp_path, review_depth=4)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        for _ in range(600):
            if app.screen.done:
                break
            await pilot.pause(0.1)
