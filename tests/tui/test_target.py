"""A new target between hands: a lower one can end the game; a finished game stays over."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hearts import Match, Rules
from hearts.table import Stage

from .helpers import (
    SIZE,
    finish_match_in_engine,
    make_app,
    play_hand_in_engine,
    screen_text,
    settle,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


def _match_with_a_total_of_at_least_50() -> Match:
    for seed in range(100):
        match = Match(Rules(), random.Random(seed))
        while not match.over and max(match.scores) < 50:
            play_hand_in_engine(match.deal())
        if not match.over:
            return match
    raise AssertionError("no match found")


async def test_lowering_the_target_below_a_total_ends_the_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        match = _match_with_a_total_of_at_least_50()
        app.table.match = match
        app.table.stage = Stage.IDLE
        app.refresh_table()
        await pilot.press("o", "8", "8", "s")  # 100 -> 200 -> 50
        assert app.options.target == 50
        assert match.over
        text = app.seat_view.prompt()
        assert "ends at 50" in text
        await pilot.pause()
        assert "Game over" in screen_text(app)
        low = min(match.scores)
        assert f"with {low} points" in screen_text(app)  # the winner is named
        await pilot.press("d")
        await settle(pilot)
        assert app.table.match is not match


async def test_raising_the_target_at_game_over_keeps_it_over(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        finish_match_in_engine(app, target=50)
        match = app.table.match
        await pilot.press("o", "8", "8", "s")  # 100 -> 200 -> 50 ... any target
        await pilot.press("o", "8", "s")
        assert match.over

