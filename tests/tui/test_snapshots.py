"""Snapshots of each screen state with a fixed seed (pytest-textual-snapshot): every
state at 80x24, the table at 100x30, 120x40 (big cards) and 200x50, and the aids."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from hearts import Card
from hearts.tui.app import HeartsApp
from hearts.tui.widgets import HandRow

from .helpers import (
    NOT_SAVING,
    SIZE,
    card_offset,
    deal_and_pass,
    deal_and_play,
    deal_and_receive,
    finish_match_in_engine,
    make_app,
    play_out_hand_by_keys,
    play_until,
    play_user_card_by_keys,
    settle,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


def _app(pilot: Pilot[None]) -> HeartsApp:
    app = pilot.app
    assert isinstance(app, HeartsApp)
    return app


def test_before_the_first_deal(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE)


def test_passing_with_cards_raised(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("d")
        await settle(pilot)
        app = _app(pilot)
        for card in [c for c in app.seat_view.state.cards if c != Card.parse("QS")][1:3]:
            await pilot.click(HandRow, offset=card_offset(app, card))
        await pilot.press("right", "right", "right", "right")

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_received_cards_on_show(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await deal_and_receive(pilot)

    app = make_app(tmp_path, delay_scale=1000.0)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_mid_trick(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await deal_and_play(pilot, 3)

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_end_of_hand(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_game_over(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        finish_match_in_engine(_app(pilot))
        await pilot.pause(0)

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_options_page(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, press=["o", "2", "4"])


def test_options_page_classic_with_the_target_typed(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, press=["o", "r", "8", "2", "5"])


def test_help_page(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, press=["escape", "h"])


def test_terminal_too_small(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(60, 20))


def test_ascii_cards(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await deal_and_pass(pilot)
        await settle(pilot)

    app = make_app(tmp_path, ascii_only=True)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_grows_with_the_terminal(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await deal_and_pass(pilot)
        await settle(pilot)

    assert snap_compare(make_app(tmp_path), terminal_size=(110, 34), run_before=run_before)


async def _mid_hand(pilot: Pilot[None]) -> None:
    await deal_and_play(pilot, 2)


def test_table_at_100x30(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(100, 30), run_before=_mid_hand)


async def _three_played(pilot: Pilot[None]) -> None:
    app = _app(pilot)
    await deal_and_pass(pilot)
    await play_until(pilot, lambda: len(app.table.hand.trick) == 3)  # type: ignore[union-attr]


def test_table_at_80x24_with_a_trick_on_it(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=_three_played)


def test_table_at_120x40(snap_compare: Any, tmp_path: Path) -> None:
    # a large terminal gets big cards, further apart, not the 80x24 table in its middle
    assert snap_compare(make_app(tmp_path), terminal_size=(120, 40), run_before=_three_played)


def test_passing_at_120x40(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("d")
        await settle(pilot)
        app = _app(pilot)
        for card in [c for c in app.seat_view.state.cards if c != Card.parse("QS")][1:3]:
            await pilot.click(HandRow, offset=card_offset(app, card))

    assert snap_compare(make_app(tmp_path), terminal_size=(120, 40), run_before=run_before)


def test_end_of_hand_at_120x40(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)

    assert snap_compare(make_app(tmp_path), terminal_size=(120, 40), run_before=run_before)


def test_table_at_200x50(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(200, 50), run_before=_mid_hand)


def test_end_of_hand_at_200x50(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)

    assert snap_compare(make_app(tmp_path), terminal_size=(200, 50), run_before=run_before)


def test_hint_while_playing(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await _mid_hand(pilot)
        await pilot.press("question_mark")
        await settle(pilot)

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_hint_while_passing(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_last_trick_shown_again(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await _mid_hand(pilot)
        await pilot.press("l")

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_finished_trick_marks_the_winner(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        app = _app(pilot)
        await deal_and_pass(pilot)
        await play_until(pilot, lambda: len(app.table.hand.trick) == 3)  # type: ignore[union-attr]
        app.delay_scale = 1000.0
        await play_user_card_by_keys(pilot)
        await pilot.press("enter")  # today's key no longer hides who took it

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_score_sheet_page(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        finish_match_in_engine(_app(pilot))
        await pilot.pause(0)
        await pilot.press("r")

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_quit_question(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("x")

    # the question is asked only when the match cannot be saved
    assert snap_compare(make_app(tmp_path, data_dir=NOT_SAVING), terminal_size=SIZE,
                        run_before=run_before)


def test_ascii_screen_mid_hand(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await _mid_hand(pilot)
        await pilot.press("l")

    app = make_app(tmp_path, ascii_only=True)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_ascii_help_page(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii_only=True)
    assert snap_compare(app, terminal_size=SIZE, press=["escape", "h"])
