"""The options page with the mouse alone: a click on a setting's value moves it on."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.options import Options, Speed, load_options, options_path
from hearts.rules import Passing, RuleSet
from hearts.tui.options_page import OptionsScreen
from hearts.tui.table import TableScreen

from .helpers import SIZE, make_app

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot

VALUE = (30, 0)
"""Where a setting's value is drawn in its row (a click on its name goes back)."""


async def test_clicks_change_settings_and_save(tmp_path: Path) -> None:
    app = make_app(tmp_path, level=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#button-options")
        assert isinstance(app.screen, OptionsScreen)
        # the mouse alone steps the target (its key opens a field to type any number)
        await pilot.click("#option-8", offset=VALUE)
        assert str(app.screen.query_one("#option-8").render()).endswith("150 points")
        await pilot.click("#option-8", offset=VALUE)
        await pilot.click("#option-8", offset=VALUE)
        await pilot.click("#option-8", offset=(3, 0))  # its name: back
        await pilot.click("#option-9", offset=VALUE)
        await pilot.click("#option-9", offset=VALUE)
        await pilot.click("#option-2", offset=VALUE)
        screen = app.screen
        assert str(screen.query_one("#option-8").render()).endswith("200 points")
        assert screen.options == Options(target=200, speed=Speed.FAST, passing=Passing.ROTATE)
        rules = screen.query_one("#option-rules")
        assert str(rules.render()).endswith("Custom: as set below")
        await pilot.click("#option-rules", offset=VALUE)  # Custom, then the first set
        await pilot.click("#option-rules", offset=VALUE)
        assert str(rules.render()).endswith("Classic: as in Windows Hearts")
        await pilot.click("#option-rules", offset=(3, 0))  # its name: back
        await pilot.click("#option-rules", offset=(3, 0))
        assert screen.options.rule_set is RuleSet.OMNIBUS
        await pilot.click("#option-rules", offset=VALUE)
        assert screen.options == Options(target=200, speed=Speed.FAST)  # Original
        await pilot.click("#option-2", offset=VALUE)
        await pilot.click("#button-save")
        assert isinstance(app.screen, TableScreen)
    saved = load_options(options_path(tmp_path)).options
    assert saved == Options(target=200, speed=Speed.FAST, passing=Passing.ROTATE)


async def test_only_the_left_button_and_only_settings_change_anything(tmp_path: Path) -> None:
    app = make_app(tmp_path, level=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.click("#option-1", button=3)
        await pilot.click(".options-title")
        await pilot.click(".options-hint")
        screen = app.screen
        assert isinstance(screen, OptionsScreen)
        assert screen.options == Options()


async def test_clicks_on_names_go_back_and_shifted_keys_too(tmp_path: Path) -> None:
    app = make_app(tmp_path, level=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        screen = app.screen
        assert isinstance(screen, OptionsScreen)
        assert screen.options.difficulty == 3
        await pilot.click("#option-1", offset=(30, 0))
        assert screen.options.difficulty == 4
        await pilot.click("#option-1", offset=(3, 0))
        await pilot.click("#option-1", offset=(3, 0))
        assert screen.options.difficulty == 2
        await pilot.press("exclamation_mark")
        assert screen.options.difficulty == 1
        await pilot.press("0")
        assert screen.options.forced_cards
        await pilot.press("right_parenthesis")
        assert not screen.options.forced_cards
        await pilot.press("r")
        assert screen.options.rule_set is RuleSet.CLASSIC
        await pilot.press("R")
        assert screen.options.rule_set is RuleSet.ORIGINAL
        await pilot.click("#option-8", offset=(3, 0))  # its name steps the target back
        assert not screen.typing and screen.options.target == 50

