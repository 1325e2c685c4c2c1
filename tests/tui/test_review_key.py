"""The review of the hand just finished, one key away at the table."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from hearts.options import Options, options_path, save_options
from hearts.store.reviews import open_for_reviews
from hearts.tui.app import HeartsApp
from hearts.tui.review_page import ReviewScreen
from hearts.tui.scoresheet import ScoreSheetScreen
from hearts.tui.stats_page import StatsScreen, TrendChart
from hearts.tui.table import TableScreen

from .helpers import SIZE, deal_and_pass, make_app, play_out_hand_by_keys, screen_text, settle

pytestmark = pytest.mark.slow  # Textual pilot tests

async def review_opens(pilot: Pilot[None], *keys: str, seconds: float = 60.0) -> ReviewScreen:
    """Press ``keys``; the review page they open, once every verdict is in."""
    await pilot.press(*keys)
    await pilot.pause()
    page = pilot.app.screen
    assert isinstance(page, ReviewScreen)
    for _ in range(int(seconds * 10)):
        if page.done:
            break
        await pilot.pause(0.1)
    assert page.done
    return page


async def test_v_between_hands_replays_the_hand_with_verdicts(tmp_path: Path) -> None:
    app = make_app(tmp_path, review_depth=8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("v")
        assert "once it is over" in app.seat_view.prompt()  # nothing to review yet
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        assert "v to review it" in app.seat_view.prompt()
        page = await review_opens(pilot, "v")
        assert page.verdicts  # every decision judged, the person's too
        assert page.you == app.seat_view.seat and page.everyone  # one person at the table
        await pilot.press("end")
        assert page.index == len(page.steps) - 1
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        again = await review_opens(pilot, "v", seconds=5)  # kept in the store: at once
        assert len(again.verdicts) == len(page.verdicts)


async def test_the_statistics_show_the_reviewed_hands(tmp_path: Path) -> None:
    app = make_app(tmp_path, review_depth=8)
    async with app.run_test(size=(100, 40)) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await review_opens(pilot, "v")
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        text = screen_text(app)
        assert "Points you gave away a decision" in text  # the trend chart, first
        assert app.screen.query_one(TrendChart).reviews.hands
        await pilot.press("end")
        await pilot.pause()
        assert "1 hand reviewed" in screen_text(app)


async def test_v_on_the_score_sheet_reviews_the_last_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path, review_depth=4)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        await review_opens(pilot, "v")


def _reviews_kept(app: HeartsApp) -> int:
    db = open_for_reviews(str(app.store.path))
    assert db is not None
    try:
        return int(db.execute("select count(*) from reviews").fetchone()[0])
    finally:
        db.close()


@pytest.mark.parametrize("on", [True, False])
async def test_the_option_reviews_each_hand_in_the_background(tmp_path: Path, on: bool) -> None:
    save_options(Options(review_each_hand=on), options_path(tmp_path))
    app = make_app(tmp_path, review_depth=8)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await settle(pilot)  # waits for every worker, the review's too
        assert _reviews_kept(app) == (1 if on else 0)
        if on:  # v shows the kept review at once
            page = await review_opens(pilot, "v", seconds=5)
            assert page.verdicts


async def test_a_review_in_the_background_that_fails_is_logged_and_named(tmp_path: Path,
                                                                        ) -> None:
    save_options(Options(review_each_hand=True), options_path(tmp_path))
    app = make_app(tmp_path, review_depth=0, strict_failures=False)  # depth 0 is refused
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await settle(pilot)
        assert "The review in the background failed - see" in app.seat_view.prompt()
        log = (app.store.path.parent / "hearts.log").read_text(encoding="utf-8")
        assert "the review in the background" in log and "--depth" in log
        assert not list(app.store.path.parent.glob(".review-*"))  # no record left behind


async def test_a_hand_in_play_is_never_reviewed(tmp_path: Path) -> None:
    app = make_app(tmp_path, review_depth=4)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        hand = app.table.hand
        assert hand is not None
        app.show_review(hand.to_record(), None, 4)  # even asked for directly, mid-hand
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.is_running
        assert "This hand cannot be reviewed before it is over" in screen_text(app)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
