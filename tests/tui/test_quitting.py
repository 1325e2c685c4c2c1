"""Quitting: x, ctrl+q and ctrl+c leave at once when nothing is lost, and ask when it would be."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.table import Stage
from hearts.tui.confirm import ConfirmScreen

from .helpers import (
    NOT_SAVING,
    SIZE,
    deal_and_pass,
    deal_and_play,
    deal_and_receive,
    make_app,
    play_out_hand_by_keys,
    stage,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c", "x"])
async def test_quit_keys_quit_at_once_with_nothing_to_lose(tmp_path: Path, key: str) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert not app.is_running
        assert not app._notifications


@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c", "x"])
async def test_quit_keys_leave_at_once_when_the_match_is_saved(tmp_path: Path,
                                                                 key: str) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_play(pilot)
        plays = app.table.hand.plays if app.table.hand else ()
        await pilot.press(key)
        await pilot.pause()
        assert not app.is_running and not app._notifications
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE):
        assert again.resumed and again.table.hand is not None
        assert again.table.hand.plays == plays


@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c"])
async def test_quit_keys_ask_first_mid_match_from_any_page(tmp_path: Path, key: str) -> None:
    app = make_app(tmp_path, data_dir=NOT_SAVING)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        for opener in ("o", "escape h", "r", ""):
            if opener:
                await pilot.press(*opener.split())
            await pilot.press(key)
            assert isinstance(app.screen, ConfirmScreen)
            assert not app._notifications
            await pilot.press("n")
            assert app.is_running
            if opener:
                await pilot.press("escape" if opener != "o" else "c")
        await pilot.click("#button-quit")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running


def test_help_names_the_quit_keys() -> None:
    from hearts.tui.help import HELP_TEXT

    assert "ctrl+q" in HELP_TEXT and "ctrl+c" in HELP_TEXT


async def test_x_asks_during_the_received_pause_other_keys_continue(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=1000.0, data_dir=NOT_SAVING)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_receive(pilot)
        assert app.seat_view.stage is Stage.RECEIVED
        await pilot.press("x")
        assert app.is_running and isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.seat_view.stage is Stage.RECEIVED
        await pilot.press("c")
        assert stage(app) is Stage.PLAYING


async def test_x_during_the_received_pause_quits_at_once_when_saved(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=1000.0)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_receive(pilot)
        assert app.seat_view.stage is Stage.RECEIVED and app.match_saved
        await pilot.press("x")
        await pilot.pause()
        assert not app.is_running
    again = make_app(tmp_path, delay_scale=1000.0)
    async with again.run_test(size=SIZE) as pilot:
        assert again.resumed and again.seat_view.stage is Stage.RECEIVED



@pytest.mark.parametrize("gone", ["#status", "#button-pass", "HandRow"])
async def test_a_redraw_while_the_page_is_taken_down_draws_nothing(tmp_path: Path,
                                                                   gone: str) -> None:
    # As the app closes, its widgets are removed one by one; a connection that
    # ends then asks for a redraw, which must not fail on a widget already gone.
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await screen.query_one(gone).remove()
        screen.update()  # type: ignore[attr-defined]
        await pilot.pause()
        assert app.is_running
