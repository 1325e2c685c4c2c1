"""Pilot tests of the table: dealing, passing, playing, the end of a hand and of a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts import Card, Phase, Seat
from hearts.ai import Level, make_player
from hearts.tui.game import Stage
from hearts.tui.widgets import GameButton, HandRow

from .helpers import (
    SIZE,
    card_offset,
    deal_and_pass,
    finish_match_in_engine,
    make_app,
    play_out_hand_by_keys,
    play_user_card_by_keys,
    settle,
    south_holds_queen,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


def shown_buttons(app: object) -> set[str]:
    screen = app.screen  # type: ignore[attr-defined]
    return {b.action_name for b in screen.query(GameButton) if b.display}


async def test_before_the_first_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE):
        assert shown_buttons(app) == {"deal", "options", "stats", "help", "quit"}
        assert "press Deal" in app.game.prompt()
        assert app.game.hand is None


async def test_passing_flow_by_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        assert app.game.stage is Stage.PASSING
        assert shown_buttons(app) == {"pass", "clear", "hint", "scores", "abandon", "help",
                                      "quit"}
        first = app.game.highlighted
        await pilot.press("space")
        assert app.game.chosen == [first]
        assert str(app.screen.query_one("#button-pass", GameButton).label) == "Pass 1"
        await pilot.press("space")  # choosing again lowers it
        assert app.game.chosen == []
        await pilot.press("space", "right", "enter")
        await pilot.press("c")
        assert app.game.chosen == []
        await pilot.press("p")
        assert "3 cards" in app.game.prompt()
        before = set(app.game.user_cards())
        passed = await deal_and_pass_again(pilot)
        await settle(pilot)
        hand = app.game.hand
        assert hand is not None and hand.phase is Phase.PLAYING
        assert set(hand.passed(Seat.SOUTH)) == set(passed)
        after = set(app.game.user_cards())
        assert after == (before - set(passed)) | set(hand.received(Seat.SOUTH))


async def deal_and_pass_again(pilot: object) -> list[Card]:
    app = pilot.app  # type: ignore[attr-defined]
    cards = [c for c in app.game.user_cards() if c != Card.parse("QS")][:3]
    for card in cards:
        while app.game.highlighted != card:
            await pilot.press("right")  # type: ignore[attr-defined]
        await pilot.press("space")  # type: ignore[attr-defined]
    await pilot.press("p")  # type: ignore[attr-defined]
    return cards


async def test_queen_of_spades_may_not_be_passed(tmp_path: Path) -> None:
    seed = next(s for s in range(100) if south_holds_queen(s))
    app = make_app(tmp_path, seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        queen = Card.parse("QS")
        x, y = card_offset(app, queen)
        await pilot.click(HandRow, offset=(x, y))
        assert app.game.chosen == []
        assert app.game.prompt() == "The queen of spades may not be passed"


async def test_a_fourth_card_is_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        cards = [c for c in app.game.user_cards() if c != Card.parse("QS")][:4]
        for card in cards:
            await pilot.click(HandRow, offset=card_offset(app, card))
        assert app.game.chosen == cards[:3]
        assert "3 cards" in app.game.prompt()


async def test_received_cards_pause_cut_short_by_a_key(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=1000.0)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game.stage is Stage.RECEIVED
        assert shown_buttons(app) == {"continue", "scores", "abandon", "help", "quit"}
        hand = app.game.hand
        assert hand is not None
        assert app.game.raised() == set(hand.received(Seat.SOUTH))
        assert "from East" in app.game.prompt()
        cursor = app.game.cursor
        await pilot.press("right")
        assert app.game.stage is Stage.PLAYING
        assert app.game.cursor == cursor  # the key only settled the cards


async def test_received_cards_pause_cut_short_by_a_click(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=1000.0)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game.stage is Stage.RECEIVED
        held = len(app.game.user_cards())
        await pilot.click(HandRow, offset=card_offset(app, app.game.user_cards()[0]))
        assert app.game.stage is Stage.PLAYING
        assert len(app.game.user_cards()) == held  # the click played nothing


async def test_continue_button(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=1000.0)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.click("#button-continue")
        assert app.game.stage is Stage.PLAYING


async def test_received_pause_ends_by_itself(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        assert app.game.stage is Stage.PLAYING


async def test_illegal_card_is_refused_with_the_reason(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        # play on until South must follow suit and holds something else too
        while True:
            hand = app.game.hand
            assert hand is not None and hand.phase is Phase.PLAYING
            legal = hand.legal_plays()
            illegal = [c for c in app.game.user_cards() if c not in legal]
            if illegal:
                break
            await play_user_card_by_keys(pilot)
            await settle(pilot)
        card = illegal[0]
        reason = hand.play_refusal(card)
        held = app.game.user_cards()
        trick = hand.trick
        await pilot.click(HandRow, offset=card_offset(app, card))
        assert app.game.prompt() == reason
        assert app.game.user_cards() == held
        assert hand.trick == trick


async def test_whole_hand_by_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        hand = app.game.hand
        assert hand is not None and hand.phase is Phase.OVER
        assert shown_buttons(app) == {"deal", "options", "stats", "scores", "abandon", "help",
                                      "quit"}
        assert "Hand complete - press Deal" in app.game.prompt()
        assert app.game.result_lines()[0] == "Hand 1 complete"
        assert sum(app.game.match.scores) in (33, 99)  # a moon gives 3 x 33
        await pilot.press("d")
        await settle(pilot)
        assert len(app.game.match.hands) == 2


@pytest.mark.parametrize("level", [Level.CLUB, Level.STRONG])
async def test_whole_hand_against_the_real_players(tmp_path: Path, level: Level) -> None:
    app = make_app(tmp_path, level=level, player_factory=make_player)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        hand = app.game.hand
        assert hand is not None and hand.phase is Phase.OVER
        assert sum(hand.points) in (33, 99)


async def test_whole_hand_by_mouse(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#button-deal")
        await settle(pilot)
        for card in [c for c in app.game.user_cards() if c != Card.parse("QS")][-3:]:
            await pilot.click(HandRow, offset=card_offset(app, card))
        await pilot.click("#button-pass")
        await settle(pilot)
        while app.game.hand is not None and app.game.hand.phase is not Phase.OVER:
            hand = app.game.hand
            card = hand.legal_plays()[-1]
            await pilot.click(HandRow, offset=card_offset(app, card))
            assert card in hand.plays
            await settle(pilot)
        assert app.game.stage is Stage.IDLE
        await pilot.click("#button-deal")
        assert len(app.game.match.hands) == 2


async def test_double_click_plays_one_card(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        assert app.game.user_to_play
        held = len(app.game.user_cards())
        legal = app.game.hand.legal_plays() if app.game.hand else []
        await pilot.click(HandRow, offset=card_offset(app, legal[0]), times=2)
        await settle(pilot)
        assert len(app.game.user_cards()) == held - 1


async def test_enter_with_no_cards_says_what_to_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert app.game.prompt() == "There is no hand yet - press Deal (d)"
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await pilot.press("enter")
        assert app.game.prompt() == "The hand is over - press Deal (d) for the next one"
        finish_match_in_engine(app)
        await pilot.pause()
        await pilot.press("space")
        assert app.game.prompt() == "The game is over - press Deal (d) for a new game"


async def test_game_over_names_the_winner_and_deal_starts_a_new_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        finish_match_in_engine(app)
        await pilot.pause()
        match = app.game.match
        assert match.over
        (winner,) = match.winners
        low = match.scores[winner]
        text = app.game.prompt()
        assert "Game over" in text
        assert str(low) in text
        assert ("You win" if winner == Seat.SOUTH else f"{winner} wins") in text
        assert "press Deal for a new game" in text
        await pilot.press("d")
        await settle(pilot)
        assert app.game.match is not match
        assert len(app.game.match.hands) == 1
        assert app.game.match.scores == (0, 0, 0, 0)


def test_tied_winners_are_all_named() -> None:
    from hearts import Rules
    from hearts.tui.game import Game

    class Tied:
        over = True
        winners = (Seat.WEST, Seat.EAST)
        scores = (100, 40, 70, 40)

    game = Game(Rules(), 1)
    game.match = Tied()  # type: ignore[assignment]
    assert game._winner_text() == "Game over - West and East share the win with 40 points"
