"""Pilot tests of the table: dealing, passing, playing, the end of a hand and of a game."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

import pytest

from hearts import Card, Phase, Seat
from hearts.ai import Level, make_player
from hearts.table import Stage
from hearts.tui import words
from hearts.tui.seatview import waiting_state
from hearts.tui.widgets import GameButton, HandRow

from .helpers import (
    SIZE,
    HeldPass,
    card_offset,
    deal_and_pass,
    deal_and_receive,
    finish_match_in_engine,
    make_app,
    play_out_hand_by_keys,
    play_user_card_by_keys,
    settle,
    south_holds_queen,
    stage,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


def shown_buttons(app: object) -> set[str]:
    screen = app.screen  # type: ignore[attr-defined]
    return {b.action_name for b in screen.query(GameButton) if b.display}


async def test_before_the_first_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE):
        assert shown_buttons(app) == {"deal", "options", "stats", "help", "quit"}
        assert "press Deal" in app.seat_view.prompt()
        assert app.table.hand is None


async def test_passing_flow_by_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        assert app.seat_view.stage is Stage.PASSING
        assert shown_buttons(app) == {"pass", "clear", "hint", "scores", "abandon", "help",
                                      "quit"}
        first = app.seat_view.highlighted
        await pilot.press("space")
        assert list(app.seat_view.choice.cards) == [first]
        assert str(app.screen.query_one("#button-pass", GameButton).label) == "Pass 1"
        await pilot.press("space")  # choosing again lowers it
        assert list(app.seat_view.choice.cards) == []
        await pilot.press("space", "right", "enter")
        await pilot.press("c")
        assert list(app.seat_view.choice.cards) == []
        await pilot.press("p")
        assert "3 cards" in app.seat_view.prompt()
        before = set(app.seat_view.state.cards)
        passed = await deal_and_pass_again(pilot)
        await settle(pilot)
        hand = app.table.hand
        assert hand is not None and hand.phase is Phase.PLAYING
        assert set(hand.passed(Seat.SOUTH)) == set(passed)
        after = set(app.seat_view.state.cards)
        assert after == (before - set(passed)) | set(hand.received(Seat.SOUTH))


async def deal_and_pass_again(pilot: object) -> list[Card]:
    app = pilot.app  # type: ignore[attr-defined]
    cards = [c for c in app.seat_view.state.cards if c != Card.parse("QS")][:3]
    for card in cards:
        while app.seat_view.highlighted != card:
            await pilot.press("right")  # type: ignore[attr-defined]
        await pilot.press("space")  # type: ignore[attr-defined]
    await pilot.press("p")  # type: ignore[attr-defined]
    return cards


async def test_the_cards_passed_stay_raised_until_the_exchange(tmp_path: Path) -> None:
    # N18: they dropped back into the hand unmarked while the others chose
    release = threading.Event()
    app = make_app(tmp_path, player_factory=lambda level, seed: HeldPass(release))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause(0)
        passed = await deal_and_pass_again(pilot)
        state = app.seat_view.state
        assert "Waiting for the others to pass" in app.seat_view.prompt()
        assert set(state.passed) == set(passed) and state.raised == set(passed)
        row = app.screen.query_one(HandRow)
        for card in passed:  # drawn one row up, where chosen cards are
            x, _ = card_offset(app, card)
            assert row.card_at(x, 0) == card
        release.set()
        await settle(pilot)
        assert app.seat_view.state.passed == ()


async def test_queen_of_spades_may_not_be_passed(tmp_path: Path) -> None:
    seed = next(s for s in range(100) if south_holds_queen(s))
    app = make_app(tmp_path, seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        queen = Card.parse("QS")
        x, y = card_offset(app, queen)
        await pilot.click(HandRow, offset=(x, y))
        assert list(app.seat_view.choice.cards) == []
        assert "The queen of spades may not be passed" in app.seat_view.prompt()


async def test_the_passing_prompt_names_the_queen_only_when_it_may_not_go(
        tmp_path: Path) -> None:
    queen = Card.parse("QS")
    holds = next(s for s in range(100) if south_holds_queen(s))
    lacks = next(s for s in range(100) if not south_holds_queen(s))
    for seed, rules, named in ((holds, None, True), (lacks, None, False),
                               (holds, "classic", False)):
        folder = tmp_path / f"{seed}-{rules}"
        app = make_app(folder, seed=seed, rules=rules, data_dir=folder)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("d")
            await settle(pilot)
            prompt = words.prompt_text(app.seat_view.state)
            assert prompt.startswith("Choose 3 cards to pass left")
            assert ("queen of spades" in prompt) is named, prompt
            assert (queen in app.seat_view.state.cards) is (seed == holds)
            if rules == "classic":  # Windows' Classic: the queen may go
                await pilot.click(HandRow, offset=card_offset(app, queen))
                assert app.seat_view.choice.cards == [queen]


async def test_a_fourth_card_is_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        cards = [c for c in app.seat_view.state.cards if c != Card.parse("QS")][:4]
        for card in cards:
            await pilot.click(HandRow, offset=card_offset(app, card))
        assert list(app.seat_view.choice.cards) == cards[:3]
        assert "3 cards" in app.seat_view.prompt()


async def test_received_cards_pause_cut_short_by_a_key(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=1000.0)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_receive(pilot)
        assert app.seat_view.stage is Stage.RECEIVED
        assert shown_buttons(app) == {"continue", "scores", "abandon", "help", "quit"}
        hand = app.table.hand
        assert hand is not None
        assert app.seat_view.state.raised == set(hand.received(Seat.SOUTH))
        assert "from East" in app.seat_view.prompt()
        cursor = app.seat_view.highlight.index
        await pilot.press("right")
        assert stage(app) is Stage.PLAYING
        assert app.seat_view.highlight.index == cursor  # the key only settled the cards


async def test_received_cards_pause_cut_short_by_a_click(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=1000.0)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_receive(pilot)
        assert app.seat_view.stage is Stage.RECEIVED
        held = len(app.seat_view.state.cards)
        await pilot.click(HandRow, offset=card_offset(app, app.seat_view.state.cards[0]))
        assert stage(app) is Stage.PLAYING
        assert len(app.seat_view.state.cards) == held  # the click played nothing


async def test_continue_button(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=1000.0)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_receive(pilot)
        await pilot.click("#button-continue")
        assert app.seat_view.stage is Stage.PLAYING


async def test_received_pause_ends_by_itself(tmp_path: Path) -> None:
    app = make_app(tmp_path, delay_scale=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        assert app.seat_view.stage is Stage.PLAYING


async def test_illegal_card_is_refused_with_the_reason(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        # play on until South must follow suit and holds something else too
        while True:
            hand = app.table.hand
            assert hand is not None and hand.phase is Phase.PLAYING
            legal = hand.legal_plays()
            illegal = [c for c in app.seat_view.state.cards if c not in legal]
            if illegal:
                break
            await play_user_card_by_keys(pilot)
            await settle(pilot)
        card = illegal[0]
        reason = hand.play_refusal(card)
        assert reason is not None
        held = app.seat_view.state.cards
        trick = hand.trick
        await pilot.click(HandRow, offset=card_offset(app, card))
        assert reason in app.seat_view.prompt()
        assert app.seat_view.state.cards == held
        assert hand.trick == trick


async def test_whole_hand_by_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        hand = app.table.hand
        assert hand is not None and hand.phase is Phase.OVER
        assert shown_buttons(app) == {"deal", "options", "stats", "scores", "abandon", "help",
                                      "quit"}
        assert "Hand complete - press Deal" in app.seat_view.prompt()
        assert words.result_lines(app.seat_view.state)[0] == "Hand 1 complete"
        assert sum(app.table.match.scores) in (33, 99)  # a moon gives 3 x 33
        await pilot.press("d")
        await settle(pilot)
        assert len(app.table.match.hands) == 2


@pytest.mark.parametrize("level", [Level.CLUB, Level.STRONG])
async def test_whole_hand_against_the_real_players(tmp_path: Path, level: Level) -> None:
    app = make_app(tmp_path, level=level, player_factory=make_player)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        hand = app.table.hand
        assert hand is not None and hand.phase is Phase.OVER
        assert sum(hand.points) in (33, 99)


async def test_whole_hand_by_mouse(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#button-deal")
        await settle(pilot)
        for card in [c for c in app.seat_view.state.cards if c != Card.parse("QS")][-3:]:
            await pilot.click(HandRow, offset=card_offset(app, card))
        await pilot.click("#button-pass")
        await settle(pilot)
        while app.table.hand is not None and app.table.hand.phase is not Phase.OVER:
            hand = app.table.hand
            card = hand.legal_plays()[-1]
            await pilot.click(HandRow, offset=card_offset(app, card))
            assert card in hand.plays
            await settle(pilot)
        assert app.seat_view.stage is Stage.IDLE
        await pilot.click("#button-deal")
        assert len(app.table.match.hands) == 2


async def test_double_click_plays_one_card(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        assert app.seat_view.state.to_play
        held = len(app.seat_view.state.cards)
        legal = app.table.hand.legal_plays() if app.table.hand else []
        await pilot.click(HandRow, offset=card_offset(app, legal[0]), times=2)
        await settle(pilot)
        assert len(app.seat_view.state.cards) == held - 1


async def test_enter_with_no_cards_says_what_to_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert "There is no hand yet - press Deal (d)" in app.seat_view.prompt()
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await pilot.press("enter")
        assert "The hand is over - press Deal (d) for the next one" in app.seat_view.prompt()
        finish_match_in_engine(app)
        await pilot.pause()
        await pilot.press("space")
        assert "The game is over - press Deal (d) for a new game" in app.seat_view.prompt()


async def test_game_over_names_the_winner_and_deal_starts_a_new_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        finish_match_in_engine(app)
        await pilot.pause()
        match = app.table.match
        assert match.over
        (winner,) = match.winners
        low = match.scores[winner]
        text = app.seat_view.prompt()
        assert "Game over" in text
        assert str(low) in text
        assert ("You win" if winner == Seat.SOUTH else f"{winner} wins") in text
        assert "Deal for a new game" in text
        await pilot.press("d")
        await settle(pilot)
        assert app.table.match is not match
        assert len(app.table.match.hands) == 1
        assert app.table.match.scores == (0, 0, 0, 0)


def test_tied_winners_are_all_named() -> None:
    state = replace(waiting_state(), scores=(100, 40, 70, 40))
    assert words.winner_text(state, (Seat.WEST, Seat.EAST)) == \
        "Game over - West and East share the win with 40 points"
