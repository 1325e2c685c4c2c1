"""A new target between hands: a lower one can end the game; a finished game stays over."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Static

from hearts import Match, Rules
from hearts.options import load_options, options_path
from hearts.table import Stage
from hearts.tui.options_page import OptionsScreen, TargetField
from hearts.tui.table import TableScreen

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
        await pilot.press("o", "8", "5", "0", "s")  # typed: 100 -> 50
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
        await pilot.press("o", "8", "5", "0", "enter", "s")
        await pilot.press("o", "8", "2", "0", "0", "enter", "s")
        assert match.over



async def test_the_target_is_typed_and_refused_outside_its_bounds(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o", "8")
        screen = app.screen
        assert isinstance(screen, OptionsScreen) and screen.typing
        status = screen.query_one("#options-status", Static)
        assert "Type the score the game ends at (10 to 1000)" in str(status.render())
        await pilot.press("5", "enter")  # refused: the field stays, saying why
        assert screen.typing and screen.options.target == 100
        assert "The game can end at 10 to 1000 points, not 5" in str(status.render())
        await pilot.press("backspace", "1", "2", "3", "4", "5")  # four digits at most
        assert screen.query_one(TargetField).value == "1234"
        await pilot.press("enter")
        assert screen.typing and "not 1234" in str(status.render())
        await pilot.press("escape")  # the old target stays
        assert not screen.typing and screen.options.target == 100
        await pilot.press("8", "7", "5", "enter")
        assert not screen.typing and screen.options.target == 75
        assert str(screen.query_one("#option-8").render()).endswith("75 points")
        await pilot.press("8", "3", "s")  # a number refused stops the save
        assert app.screen is screen and screen.typing
        assert "not 3" in str(status.render())
        await pilot.press("3", "0", "0", "s")  # a key that is no digit takes the number, acts
        assert isinstance(app.screen, TableScreen)
        assert app.options.target == 300
        await pilot.press("o", "8", "9", "9", "9", "s")  # saved as typed
        assert app.options.target == 999
        await pilot.press("o", "8", "2", "5")
        await pilot.click("#button-save")  # the Save button takes the number typed
        assert app.options.target == 25
    assert load_options(options_path(tmp_path)).options.target == 25
