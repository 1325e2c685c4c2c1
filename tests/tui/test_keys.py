"""Every key of the manual in every state: nothing raises, and x quits only from the table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from hearts.cards import Seat
from hearts.table import Stage
from hearts.tui.app import HeartsApp
from hearts.tui.confirm import ConfirmScreen
from hearts.tui.help import HelpScreen
from hearts.tui.options_page import OptionsScreen

from .helpers import (
    SIZE,
    deal_and_pass,
    deal_and_receive,
    finish_match_in_engine,
    make_app,
    play_out_hand_by_keys,
    settle,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot

KEYS = ["left", "right", "space", "enter", "d", "p", "c", "o", "s", "escape", "h",
        "alt+h", "ctrl+l", "1", "5", "9", "z", "up", "tab"]
"""The manual's keys plus a few it does not use."""

Setup = Callable[[Pilot[None]], Awaitable[None]]


async def idle(pilot: Pilot[None]) -> None:
    """Before the first deal."""


async def passing(pilot: Pilot[None]) -> None:
    """Choosing cards to pass."""
    await pilot.press("d")
    await settle(pilot)


async def received(pilot: Pilot[None]) -> None:
    """Received cards on show."""
    await deal_and_receive(pilot)


async def playing(pilot: Pilot[None]) -> None:
    """The user to play."""
    await deal_and_pass(pilot)
    await settle(pilot)


async def hand_over(pilot: Pilot[None]) -> None:
    """A hand over."""
    await deal_and_pass(pilot)
    await play_out_hand_by_keys(pilot)


async def game_over(pilot: Pilot[None]) -> None:
    """A game over."""
    app = pilot.app
    assert isinstance(app, HeartsApp)
    finish_match_in_engine(app)
    await pilot.pause(0)


async def options(pilot: Pilot[None]) -> None:
    """The options page."""
    await pilot.press("o")


async def help_page(pilot: Pilot[None]) -> None:
    """The help page, mid-hand."""
    await pilot.press("d")
    await settle(pilot)
    await pilot.press("alt+h")


STATES: dict[str, tuple[Setup, float]] = {
    "idle": (idle, 0.0), "passing": (passing, 0.0), "received": (received, 1000.0),
    "playing": (playing, 0.0), "hand_over": (hand_over, 0.0),
    "game_over": (game_over, 0.0), "options": (options, 0.0), "help": (help_page, 0.0),
}


@pytest.mark.parametrize("state", list(STATES))
async def test_every_key_in_every_state(tmp_path: Path, state: str) -> None:
    setup, scale = STATES[state]
    app = make_app(tmp_path, delay_scale=scale)
    async with app.run_test(size=SIZE) as pilot:
        await setup(pilot)
        for key in KEYS:
            await pilot.press(key)
            assert app.is_running
            hand = app.table.hand
            if hand is not None:
                held = sum(len(hand.holding(seat)) for seat in Seat)
                assert held + len(hand.plays) == 52
        await pilot.press("escape", "q", "x")  # leave help, cancel options, then quit
        if isinstance(app.screen, (OptionsScreen, HelpScreen)):
            await pilot.press("escape", "c", "x")
        if not app.match_saved:  # a match that would be lost: quitting asks first
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("y")
        await pilot.pause(0)
        assert not app.is_running


async def test_keys_that_do_nothing_say_so(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        assert "not being passed" in app.seat_view.prompt()
        await pilot.press("space")
        assert "Deal" in app.seat_view.prompt()
        await pilot.press("d")
        await settle(pilot)
        assert app.seat_view.stage is Stage.PASSING
        await pilot.press("d")
        assert "Finish this hand first" in app.seat_view.prompt()
