"""The mouse on the cards, and the underlined letters on buttons: each one is a key."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.tui.widgets import GameButton, HandRow

from .helpers import (
    SIZE,
    card_offset,
    deal_and_pass,
    make_app,
    settle,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


async def test_press_on_one_card_and_release_on_another_does_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        first, second = app.seat_view.state.cards[:2]
        await pilot.mouse_down(HandRow, offset=card_offset(app, first))
        await pilot.mouse_up(HandRow, offset=card_offset(app, second))
        await pilot.pause()
        assert list(app.seat_view.choice.cards) == []
        await pilot.click(HandRow, offset=card_offset(app, second))
        assert list(app.seat_view.choice.cards) == [second]


def _keys(screen: object) -> set[str]:
    keys: set[str] = set()
    for binding in type(screen).BINDINGS:  # type: ignore[attr-defined]
        keys.update(binding.key.split(","))
    return keys


async def test_every_underlined_letter_is_a_key(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        seen: dict[str, str | None] = {}
        for opener in ("r", "escape h", "x"):
            await pilot.press(*opener.split())
            for screen in (app.screen_stack[-2], app.screen):
                for button in screen.query(GameButton):
                    seen[button.action_name] = button.accent
                    if button.accent is not None:
                        assert button.accent.lower() in _keys(screen), button.action_name
            await pilot.press("escape")
        assert seen["quit"] is None and seen["help"] is None and seen["close"] is None
        assert seen["deal"] == "D" and seen["scores"] == "r"


async def test_options_page_accents(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        for button in app.screen.query(GameButton):
            if button.accent is not None:
                assert button.accent.lower() in _keys(app.screen)
            else:
                assert button.action_name in ("help", "quit")

