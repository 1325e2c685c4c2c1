"""Pilot tests of the options page, the help page, redraw, resize and quitting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Static

from hearts import Phase, RuleSet, Seat
from hearts.options import Options, Speed, load_options, options_path, save_options
from hearts.table import Stage
from hearts.tui.app import FIRST_START
from hearts.tui.confirm import ConfirmScreen
from hearts.tui.help import HelpScreen
from hearts.tui.options_page import OptionsScreen
from hearts.tui.table import TableScreen

from .helpers import (
    NOT_SAVING,
    SIZE,
    deal_and_pass,
    make_app,
    play_until,
    play_user_card_by_keys,
    screen_text,
    settle,
    top_screen,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


async def test_options_change_save_and_reload(tmp_path: Path) -> None:
    app = make_app(tmp_path, level=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        assert isinstance(app.screen, OptionsScreen)
        await pilot.press("1", "3", "9", "9", "8", "2", "0", "0")
        screen = app.screen
        assert screen.options.difficulty == 4
        assert str(screen.query_one("#option-1").render()).endswith("Strong")
        await pilot.press("s")
        assert isinstance(app.screen, TableScreen)
        assert app.seat_view.prompt().startswith("Options saved")
    saved = load_options(options_path(tmp_path))
    assert saved.notice is None
    assert saved.options == Options(difficulty=4, scoring=saved.options.scoring,
                                    target=200, speed=Speed.FAST)
    assert saved.options.scoring.value == "classic"
    again = make_app(tmp_path, level=None)
    assert again.options == saved.options
    assert again.table.rules.target == 200


async def test_the_queen_of_spades_rule_on_the_options_page(tmp_path: Path) -> None:
    app = make_app(tmp_path, level=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        screen = app.screen
        assert isinstance(screen, OptionsScreen)
        line = screen.query_one("#option-12")
        assert str(line.render()) == "=  Queen of spades    may not be passed"
        # its line stands under the passing, and its key is =
        rows = [row.id for row in screen.query(".option-row")]
        assert rows.index("option-12") == rows.index("option-2") + 1
        await pilot.press("equals_sign")
        assert screen.options.pass_queen and screen.options.rule_set is None  # Custom
        assert str(line.render()).endswith("may be passed")
        await pilot.press("plus", "r")  # back again; then the Classic set, which passes it
        assert screen.options.rule_set is RuleSet.CLASSIC and screen.options.pass_queen
        await pilot.press("s", "d")
        await settle(pilot)
        assert app.table.hand is not None and app.table.hand.rules.pass_queen
    assert load_options(options_path(tmp_path)).options.pass_queen


async def test_options_take_effect_from_the_next_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o", "8", "2", "0", "0", "s", "d")
        await settle(pilot)
        assert app.table.hand is not None and app.table.hand.rules.target == 200


async def test_options_cancel_and_x_put_everything_back(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for cancel in ("c", "x"):
            await pilot.press("o", "2", "3", "4", cancel)
            assert isinstance(app.screen, TableScreen)
            assert app.options == Options()
            assert app.is_running
        await pilot.press("o", "5")
        await pilot.click("#button-cancel")
        assert isinstance(app.screen, TableScreen)
        assert app.options == Options()
    assert not options_path(tmp_path).exists()


async def test_options_only_between_hands(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("o")
        assert isinstance(app.screen, TableScreen)
        assert "between hands" in app.seat_view.prompt()


async def test_level_override_is_for_this_run_only(tmp_path: Path) -> None:
    from hearts.ai import Level

    app = make_app(tmp_path, level=Level.EXPERT)
    async with app.run_test(size=SIZE) as pilot:
        assert app.level is Level.EXPERT
        await pilot.press("o")
        assert isinstance(app.screen, OptionsScreen)
        assert app.screen.options.difficulty == 5
        await pilot.press("9", "s")
    data = json.loads(options_path(tmp_path).read_text())
    assert data["difficulty"] == "club" and data["speed"] == "slow"


async def test_a_broken_file_gives_a_notice_and_is_kept_until_saved(tmp_path: Path) -> None:
    path = options_path(tmp_path)
    path.write_text('{"target": 5000, "scoring": "classic"}')
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert "target" in app.seat_view.prompt()
        assert app.options.scoring.value == "classic"
        await pilot.press("d")
        await settle(pilot)
    assert path.read_text() == '{"target": 5000, "scoring": "classic"}'


async def test_help_and_back_mid_trick_while_a_computer_is_due(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=0.5)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause(0)
        assert app.seat_view.stage is Stage.RECEIVED
        await pilot.press("space")  # settle: West leads, a computer card is due
        assert app.table.computer_due is Seat.WEST
        await pilot.press("alt+h")
        assert isinstance(app.screen, HelpScreen)
        hand = app.table.hand
        assert hand is not None and hand.plays == ()
        await app.workers.wait_for_complete()
        await pilot.pause(0.6)
        assert hand.plays == ()  # the game waits while help is up ...
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        for _ in range(400):  # three computer cards at half pace: seconds under load
            await app.workers.wait_for_complete()
            await pilot.pause(0.05)
            if app.seat_view.state.to_play:
                break
        assert app.seat_view.state.to_play  # ... and carries on when it closes
        assert len(hand.trick) == 3


async def test_the_help_page_tells_the_rules_in_force(tmp_path: Path) -> None:
    from hearts.words.rules import rule_set_text, rules_lines

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "h")
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-text", Static).render())
        rules = app.table.match.rules
        assert text.startswith("HEARTS - HOW TO PLAY\n\nThe rules at this table\n"
                               + rule_set_text(rules))
        for line in rules_lines(rules):
            assert line in text, line


async def test_help_by_escape_then_h_and_closing_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape", "left", "h")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape", "h")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("q")
        assert isinstance(app.screen, TableScreen)
        await pilot.click("#button-help")
        assert isinstance(app.screen, HelpScreen)
        await pilot.click("#button-close")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("o", "alt+h")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, OptionsScreen)


async def test_x_on_the_help_page_quits_as_on_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, data_dir=NOT_SAVING)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o", "escape", "h")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("x")  # over the options page x goes back, as it cancels there
        assert isinstance(app.screen, OptionsScreen) and app.is_running
        await pilot.press("c")
        await deal_and_pass(pilot)
        await pilot.press("escape", "h")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("x")  # the match would be lost, so it asks first
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, HelpScreen) and app.is_running
        await pilot.press("x", "y")
        await pilot.pause()
        assert not app.is_running


async def test_ctrl_l_redraws_and_changes_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        hand = app.table.hand
        assert hand is not None
        before = (hand.plays, app.seat_view.highlight.index, app.seat_view.stage)
        await pilot.press("ctrl+l")
        assert (hand.plays, app.seat_view.highlight.index, app.seat_view.stage) == before


async def test_resize_too_small_and_back_keeps_the_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        hand = app.table.hand
        notice = app.screen.query_one(".too-small")
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert notice.display
        assert "80 x 24" in str(notice.render())
        assert not app.screen.query_one("#main").display
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not notice.display
        assert app.screen.query_one("#main").display
        assert app.table.hand is hand and hand.phase is Phase.PLAYING
        assert hand.turn == Seat.SOUTH


async def test_x_quits_from_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x")
        await pilot.pause()
        assert app.return_code == 0 or not app.is_running


async def test_quit_button(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#button-quit")
        await pilot.pause()
        assert not app.is_running


async def test_options_page_buttons_save_help_and_quit(tmp_path: Path) -> None:
    app = make_app(tmp_path, level=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#button-options")
        assert isinstance(app.screen, OptionsScreen)
        await pilot.press("4")
        await pilot.click("#button-help")
        assert isinstance(app.screen, HelpScreen)
        await pilot.click("#button-close")
        assert isinstance(app.screen, OptionsScreen)
        assert app.screen.options.jack_of_diamonds
        await pilot.press("escape", "h")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("q")
        await pilot.click("#button-save")
        assert isinstance(app.screen, TableScreen)
        assert load_options(options_path(tmp_path)).options.jack_of_diamonds
        await pilot.press("o")
        await pilot.click("#button-quit")
        assert app.return_code == 0 and not app.is_running


async def test_nothing_moves_behind_the_too_small_notice(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_until(pilot, lambda: len(app.table.hand.trick) < 3)  # type: ignore[union-attr]
        hand = app.table.hand
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
        assert app.table.hand is hand and app.seat_view.review is None
        assert isinstance(app.screen, TableScreen)
        app.delay_scale = 0.0  # what falls due from here on waits for nothing
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await settle(pilot)
        assert len(hand.plays) > len(plays)  # and carries on once it fits



async def test_a_large_terminal_gets_big_cards_and_back(tmp_path: Path) -> None:
    # U19: a 120x40 terminal had the 80x24 table in its middle
    from hearts.tui.widgets import BIG, REGULAR, HandRow

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("d")
        await settle(pilot)
        row = app.screen.query_one(HandRow)
        assert app.screen.has_class("large") and row.drawn_in is BIG
        assert row.size.height == BIG.hand_height
        cards = app.seat_view.state.cards
        left = (row.size.width - len(cards) * BIG.card_width) // 2
        # a click on the sixth column of the fifth card, on its sixth row, takes it
        await pilot.click(HandRow, offset=(left + 4 * BIG.card_width + 5, 6))
        assert app.seat_view.choice.cards == [cards[4]]
        lines = str(row.render()).split("\n")
        assert lines[0][left + 4 * BIG.card_width:][:BIG.card_width] == "┌─────┐"  # raised
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not app.screen.has_class("large") and row.drawn_in is REGULAR
        assert row.size.height == REGULAR.hand_height


async def test_saving_options_keeps_a_damaged_options_file(tmp_path: Path) -> None:
    (tmp_path / "options.json").write_bytes(b"{ not json")
    app = make_app(tmp_path, level=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o", "8", "s")
        assert "damaged file is kept as options.json." in app.seat_view.prompt()
    kept = [p for p in tmp_path.iterdir() if p.name.endswith(".broken")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"{ not json"



async def test_the_first_start_says_another_rule_set_is_a_key_away(tmp_path: Path) -> None:
    app = make_app(tmp_path, first_start_notice=True, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.seat_view.offer == FIRST_START
        assert FIRST_START in screen_text(app)
        await pilot.press("o", "r", "s")  # the key it names
        assert app.options.rule_set is RuleSet.CLASSIC
        await pilot.press("d")
        await settle(pilot)
        assert app.table.hand is not None and app.table.hand.rules == RuleSet.CLASSIC.rules()
    # once a match was played, or options saved, it is said no more
    played, saved = tmp_path / "played", tmp_path / "saved"
    app = make_app(played, first_start_notice=True, data_dir=played)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
    save_options(Options(), options_path(saved))
    for folder in (played, saved):
        assert not (folder / "options.json").exists() or folder == saved
        again = make_app(folder, first_start_notice=True, data_dir=folder)
        async with again.run_test(size=SIZE):
            assert FIRST_START not in again.seat_view.prompt()


async def test_the_first_start_offer_stays_until_it_is_answered(tmp_path: Path) -> None:
    # notices give way after a moment; the offer stays until the player answers it
    for answer in ("options", "deal"):
        folder = tmp_path / answer
        app = make_app(folder, first_start_notice=True, data_dir=folder, message_seconds=0.5)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(1.0)
            assert FIRST_START in screen_text(app)
            await pilot.press("space")  # a notice (no hand yet) stands over it a while
            assert "There is no hand yet" in app.seat_view.prompt()
            assert FIRST_START not in app.seat_view.prompt()
            await pilot.pause(1.0)
            assert FIRST_START in app.seat_view.prompt()
            await pilot.press("escape", "h", "q")  # the help page is no answer
            assert FIRST_START in app.seat_view.prompt()
            if answer == "options":
                await pilot.press("o", "c")  # looked at the rules, kept the Original
            else:
                await pilot.press("d")  # played on with the Original rules
                await settle(pilot)
            await pilot.pause(1.0)
            assert FIRST_START not in app.seat_view.prompt()
            assert FIRST_START not in screen_text(app)


async def test_a_late_click_on_a_page_under_another_closes_neither(tmp_path: Path) -> None:
    from textual.widgets import Button

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        options = app.screen
        assert isinstance(options, OptionsScreen)
        await pilot.press("escape", "h")
        assert isinstance(app.screen, HelpScreen)
        # a click on Cancel that was on its way when the help page opened
        options.post_message(Button.Pressed(options.query_one("#button-cancel", Button)))
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)  # the help page stays
        await pilot.press("q")
        assert top_screen(app) is options
        await pilot.press("c")  # and the options page still closes as it should
        assert isinstance(app.screen, TableScreen)
