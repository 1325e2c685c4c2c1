"""One test for each defect a new player hit (issue 8); each failed before its fix."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from hearts import Card, Match, Phase, Rules, Seat
from hearts.table import Stage
from hearts.tui import cli
from hearts.tui.app import HeartsApp
from hearts.tui.confirm import ConfirmScreen
from hearts.tui.help import HelpScreen
from hearts.tui.options_page import OptionsScreen
from hearts.tui.table import TableScreen
from hearts.tui.widgets import GameButton, HandRow

from .helpers import (
    NOT_SAVING,
    SIZE,
    card_offset,
    deal_and_pass,
    finish_match_in_engine,
    make_app,
    play_out_hand_by_keys,
    play_until,
    play_user_card_by_keys,
    screen_text,
    settle,
    wait_for_prompt,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


def _is_ascii(text: str) -> bool:
    return all(ord(char) < 128 for char in text)


# --- 1-3: ASCII when the terminal cannot show Unicode ----------------------------


def test_1_a_latin1_stream_asks_for_ascii() -> None:
    args = cli.parse_args([])
    utf8 = {"LANG": "C.UTF-8"}
    assert cli.use_ascii(args, ["utf-8", "latin-1"], utf8, utf8_mode=False)
    assert not cli.use_ascii(args, ["utf-8", "utf-8"], utf8, utf8_mode=False)
    assert not cli.use_ascii(cli.parse_args(["--unicode"]), ["latin-1"], utf8, False)
    assert cli.use_ascii(cli.parse_args(["--ascii"]), ["utf-8"], utf8, False)


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "C.UTF-8"}, False),
    ({"LANG": "en_GB.UTF-8", "PYTHONIOENCODING": "latin-1"}, True),
    ({"LANG": "C"}, True),
    ({"LC_ALL": "C", "LANG": "en_GB.UTF-8"}, True),
    ({"LANG": "POSIX"}, True),
])
def test_3_the_locale_decides_in_a_real_interpreter(env: dict[str, str], expected: bool) -> None:
    """Under LANG=C Python runs in UTF-8 mode: the choice must still be ASCII."""
    script = ("import os, sys; from hearts.tui import cli; "
              "print(cli.use_ascii(cli.parse_args([]), [sys.stdout.encoding, "
              "sys.stderr.encoding], os.environ, bool(sys.flags.utf8_mode)))")
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("LC_", "LANG", "PYTHONIOENCODING", "PYTHONUTF8"))}
    out = subprocess.run([sys.executable, "-c", script], env={**clean, **env},
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(expected)


def test_3_locale_rules() -> None:
    assert cli.locale_is_ascii({"LANG": "C"}, utf8_mode=True)
    assert cli.locale_is_ascii({"LC_CTYPE": "C.UTF-8", "LANG": "C"}, utf8_mode=True)
    assert cli.locale_is_ascii({"LANG": "en_US.ISO-8859-1"}, utf8_mode=False)
    assert cli.locale_is_ascii({}, utf8_mode=False)
    assert not cli.locale_is_ascii({"LANG": "en_US.utf8"}, utf8_mode=False)
    assert not cli.locale_is_ascii({"PYTHONUTF8": "1", "LANG": "C.UTF-8"}, utf8_mode=True)


def test_3_help_documents_ascii_and_unicode(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    text = capsys.readouterr().out
    assert "--ascii" in text and "--unicode" in text and "LANG=C" in text


async def test_2_ascii_mode_draws_nothing_but_ascii(tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii_only=True, data_dir=NOT_SAVING)
    async with app.run_test(size=SIZE) as pilot:
        assert _is_ascii(screen_text(app))
        await deal_and_pass(pilot)
        await settle(pilot)
        await play_user_card_by_keys(pilot)
        await settle(pilot)
        screens = {"table": screen_text(app)}
        await pilot.press("l")
        screens["last trick"] = screen_text(app)
        await pilot.press("z", "r")
        screens["score sheet"] = screen_text(app)
        await pilot.press("r", "escape", "h")
        assert isinstance(app.screen, HelpScreen)
        screens["help (with its scrollbar)"] = screen_text(app)
        await pilot.press("escape", "x")
        assert isinstance(app.screen, ConfirmScreen)
        screens["quit question"] = screen_text(app)
        await pilot.press("n")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        screens["too small"] = screen_text(app)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.press("ctrl+c")
        screens["ctrl+c"] = screen_text(app)
        for name, text in screens.items():
            assert _is_ascii(text), name


async def test_2_ascii_options_page(tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        assert isinstance(app.screen, OptionsScreen)
        assert _is_ascii(screen_text(app))


# --- 4: long messages ----------------------------------------------------------------


async def test_4_a_long_message_is_read_whole_at_80_columns(tmp_path: Path) -> None:
    folder = tmp_path / "a-config-folder-with-a-rather-long-name"
    folder.mkdir()
    (folder / "options.json").write_bytes(b'{"target": 100, "speed": "\xff\xfe"}')
    app = make_app(folder)
    async with app.run_test(size=SIZE):
        message = app.chair.prompt()
        assert "a-config-folder-with-a-rather-long-name/options.json" in message
        assert len(message) > 80
        shown = "".join(screen_text(app).splitlines()[-3:])
        assert "".join(message.split()) in "".join(shown.split())


# --- 5: press and release on different cards -------------------------------------


async def test_5_press_on_one_card_and_release_on_another_does_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        first, second = app.chair.user_cards()[:2]
        await pilot.mouse_down(HandRow, offset=card_offset(app, first))
        await pilot.mouse_up(HandRow, offset=card_offset(app, second))
        await pilot.pause()
        assert app.chair.chosen == []
        await pilot.click(HandRow, offset=card_offset(app, second))
        assert app.chair.chosen == [second]


# --- 6: the too-small notice holds the game still ---------------------------------


async def test_6_nothing_moves_behind_the_too_small_notice(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_until(pilot, lambda: len(app.chair.hand.trick) < 3)  # type: ignore[union-attr]
        hand = app.chair.hand
        assert hand is not None
        app.delay_scale = 1.0
        await play_user_card_by_keys(pilot)  # a computer player is due
        plays = hand.plays
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause(0.8)
        await pilot.press("enter", "space", "d", "left", "u", "a", "o", "l")
        assert hand.plays == plays  # neither the keys nor the computer players act
        assert app.chair.hand is hand and app.chair.review is None
        assert isinstance(app.screen, TableScreen)
        app.delay_scale = 0.0  # what falls due from here on waits for nothing
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await settle(pilot)
        assert len(hand.plays) > len(plays)  # and carries on once it fits


# --- 7: keys during the received-cards pause -------------------------------------


async def test_7_x_asks_during_the_received_pause_other_keys_continue(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=1000.0, data_dir=NOT_SAVING)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.chair.stage is Stage.RECEIVED
        await pilot.press("x")
        assert app.is_running and isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.chair.stage is Stage.RECEIVED
        await pilot.press("c")
        assert app.chair.stage is Stage.PLAYING


# --- 8: accents only on letters that work -----------------------------------------


def _keys(screen: object) -> set[str]:
    keys: set[str] = set()
    for binding in type(screen).BINDINGS:  # type: ignore[attr-defined]
        keys.update(binding.key.split(","))  # type: ignore[union-attr]
    return keys


async def test_8_every_underlined_letter_is_a_key(tmp_path: Path) -> None:
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


async def test_8_options_page_accents(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        for button in app.screen.query(GameButton):
            if button.accent is not None:
                assert button.accent.lower() in _keys(app.screen)
            else:
                assert button.action_name in ("help", "quit")


# --- 9: stale text --------------------------------------------------------------------


async def test_9_no_hand_0_before_the_first_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE):
        assert "Hand 0" not in screen_text(app)


async def test_9_game_over_header_and_prompt_after_cancel(tmp_path: Path) -> None:
    app = make_app(tmp_path, message_seconds=1.5)
    async with app.run_test(size=SIZE) as pilot:
        finish_match_in_engine(app)
        await pilot.pause()
        text = screen_text(app)
        assert "Game over" in text and "Hand over" not in text
        await pilot.press("o", "c")
        assert "Options unchanged" in app.chair.prompt()
        assert (await wait_for_prompt(pilot, "press Deal for a new game")).endswith(
            "press Deal for a new game, v to review the hand")


# --- 10: ctrl+q and ctrl+c quit like x --------------------------------------------


@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c", "x"])
async def test_10_quit_keys_quit_at_once_with_nothing_to_lose(tmp_path: Path, key: str) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert not app.is_running
        assert not app._notifications


@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c"])
async def test_10_quit_keys_ask_first_mid_match_from_any_page(tmp_path: Path, key: str) -> None:
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


def test_10_help_names_the_quit_keys() -> None:
    from hearts.tui.help import HELP_TEXT

    assert "ctrl+q" in HELP_TEXT and "ctrl+c" in HELP_TEXT


# --- 11: messages give way to the prompt -------------------------------------------


async def test_11_an_error_gives_way_to_the_prompt(tmp_path: Path) -> None:
    app = make_app(tmp_path, message_seconds=1.5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("d")
        assert "Finish this hand first" in app.chair.prompt()
        assert app.chair.prompt().endswith("may not be passed")  # the prompt stays on show
        for _ in range(100):
            if app.chair.notice is None:
                break
            await pilot.pause(0.05)
        assert app.chair.prompt().startswith("Choose 3 cards to pass"), app.chair.prompt()


# --- 12: the options page with the mouse, and backwards ---------------------------


async def test_12_options_by_mouse_and_backwards(tmp_path: Path) -> None:
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
        await pilot.click("#option-8", offset=(30, 0))
        assert screen.options.target == 200


# --- 13: lowering the target ends the game at once ---------------------------------


def _match_with_a_total_of_at_least_50() -> Match:
    for seed in range(100):
        match = Match(Rules(), random.Random(seed))
        while not match.over and max(match.scores) < 50:
            hand = match.deal()
            for seat in Seat:
                hand.pass_cards(seat, [c for c in hand.holding(seat)
                                       if c != Card.parse("QS")][:3])
            while hand.phase is not Phase.OVER:
                hand.play(hand.legal_plays()[-1])
        if not match.over:
            return match
    raise AssertionError("no match found")


async def test_13_lowering_the_target_below_a_total_ends_the_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        match = _match_with_a_total_of_at_least_50()
        app.table.match = match
        app.table.stage = Stage.IDLE
        app.refresh_table()
        await pilot.press("o", "8", "8", "s")  # 100 -> 200 -> 50
        assert app.options.target == 50
        assert match.over
        text = app.chair.prompt()
        assert "ends at 50" in text
        await pilot.pause()
        assert "Game over" in screen_text(app)
        low = min(match.scores)
        assert f"with {low} points" in screen_text(app)  # the winner is named
        await pilot.press("d")
        await settle(pilot)
        assert app.chair.match is not match


async def test_13_raising_the_target_at_game_over_keeps_it_over(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        finish_match_in_engine(app, target=50)
        match = app.chair.match
        await pilot.press("o", "8", "8", "s")  # 100 -> 200 -> 50 ... any target
        await pilot.press("o", "8", "s")
        assert match.over


def test_hearts_app_is_importable() -> None:
    assert HeartsApp is not None


async def test_7_x_during_the_received_pause_quits_at_once_when_saved(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=1000.0)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.chair.stage is Stage.RECEIVED and app.match_saved
        await pilot.press("x")
        await pilot.pause()
        assert not app.is_running
    again = make_app(tmp_path, delay_scale=1000.0)
    async with again.run_test(size=SIZE) as pilot:
        assert again.resumed and again.chair.stage is Stage.RECEIVED


@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c", "x"])
async def test_10_quit_keys_leave_at_once_when_the_match_is_saved(tmp_path: Path,
                                                                 key: str) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        await play_user_card_by_keys(pilot)
        await settle(pilot)
        plays = app.chair.hand.plays if app.chair.hand else ()
        await pilot.press(key)
        await pilot.pause()
        assert not app.is_running and not app._notifications
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE):
        assert again.resumed and again.chair.hand is not None
        assert again.chair.hand.plays == plays


async def test_2_the_statistics_page_is_ascii_too(tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await pilot.press("t")
        text = screen_text(app)
        assert "Matches played" in text and "Queen of spades" in text
        assert _is_ascii(text), [c for c in text if ord(c) > 127][:5]


async def test_saving_options_keeps_a_damaged_options_file(tmp_path: Path) -> None:
    (tmp_path / "options.json").write_bytes(b"{ not json")
    app = make_app(tmp_path, level=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o", "8", "s")
        assert "damaged file is kept as options.json." in app.chair.prompt()
    kept = [p for p in tmp_path.iterdir() if p.name.endswith(".broken")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"{ not json"
