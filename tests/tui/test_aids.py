"""Pilot tests of the aids at the table: hint, last trick, undo, claim, forced
cards, the score sheet, abandon, and the highlight that follows legal cards."""

from __future__ import annotations

import itertools
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from hearts import Card, Hand, Match, Phase, PlayerView, Rules, Seat
from hearts.ai import Level, Player, make_player
from hearts.table import SUIT_ORDER, Stage
from hearts.tui.confirm import ConfirmScreen
from hearts.tui.scoresheet import ScoreSheetScreen
from hearts.tui.table import TableScreen
from hearts.tui.widgets import TrickArea

from .helpers import (
    SIZE,
    HeldPass,
    SteadyPlayer,
    deal_and_pass,
    make_app,
    play_out_hand_by_keys,
    play_until,
    play_user_card_by_keys,
    screen_text,
    settle,
    stage,
    steady_player,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


class AdviceOf(SteadyPlayer):
    """A steady player that records the views it is shown."""

    seen: list[PlayerView] = []  # noqa: RUF012

    def choose_pass(self, view: PlayerView) -> list[Card]:
        AdviceOf.seen.append(view)
        return super().choose_pass(view)

    def choose_play(self, view: PlayerView) -> Card:
        AdviceOf.seen.append(view)
        return view.legal[-1]


def advice_factory(level: Level, seed: int) -> Player:
    """Steady computer players; the hint (asked at Expert level) records its views."""
    return AdviceOf() if level is Level.EXPERT else SteadyPlayer()


# --- hint -------------------------------------------------------------------------


async def test_hint_while_passing_raises_the_three_cards(tmp_path: Path) -> None:
    app = make_app(tmp_path, player_factory=advice_factory)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        assert not app.seat_view.state.assisted
        AdviceOf.seen.clear()
        await pilot.press("question_mark")
        await settle(pilot)
        hand = app.table.hand
        assert hand is not None
        advice = SteadyPlayer().choose_pass(hand.view(Seat.SOUTH))
        assert sorted(app.seat_view.choice.cards) == sorted(advice)
        assert app.seat_view.prompt().startswith("Hint: pass the ")
        assert app.seat_view.state.assisted
        assert AdviceOf.seen == [hand.view(Seat.SOUTH)]  # the user's own view only


async def test_hint_while_playing_moves_the_highlight(tmp_path: Path) -> None:
    app = make_app(tmp_path, player_factory=advice_factory)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_until(pilot, lambda: len(app.table.hand.legal_plays()) > 1)  # type: ignore[union-attr]
        hand = app.table.hand
        assert hand is not None
        AdviceOf.seen.clear()
        await pilot.press("f1")
        await settle(pilot)
        best = hand.legal_plays()[-1]
        assert app.seat_view.highlighted == best
        assert f"Hint: the {best.long_name}" in app.seat_view.prompt()
        assert AdviceOf.seen == [hand.view(Seat.SOUTH)]
        assert app.seat_view.state.to_play  # the hint plays nothing


async def test_the_table_answers_while_the_hint_thinks(tmp_path: Path) -> None:
    release = threading.Event()

    class Slow(SteadyPlayer):
        def choose_pass(self, view: PlayerView) -> list[Card]:
            release.wait(10)
            return super().choose_pass(view)

    def factory(level: Level, seed: int) -> Player:
        return Slow() if level is Level.EXPERT else SteadyPlayer()

    app = make_app(tmp_path, player_factory=factory)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("question_mark")
        assert "Thinking" in app.seat_view.prompt()
        before = app.seat_view.highlight.index
        await pilot.press("right")
        assert app.seat_view.highlight.index == before + 1  # keys still act while it thinks
        release.set()
        await settle(pilot)
        assert app.seat_view.prompt().startswith("Hint: pass")


async def test_a_hint_that_arrives_too_late_is_dropped(tmp_path: Path) -> None:
    release = threading.Event()

    class Slow(SteadyPlayer):
        def choose_pass(self, view: PlayerView) -> list[Card]:
            release.wait(10)
            return super().choose_pass(view)

    def factory(level: Level, seed: int) -> Player:
        return Slow() if level is Level.EXPERT else SteadyPlayer()

    app = make_app(tmp_path, player_factory=factory, delay_scale=1000.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("question_mark")
        mine = [c for c in app.seat_view.state.cards if c != Card.parse("QS")][-3:]
        for card in mine:
            app.seat_view.highlight.put(app.seat_view.state, card)
            await pilot.press("space")
        await pilot.press("p")  # passed before the hint comes
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause(0)
        hand = app.table.hand
        assert hand is not None and set(hand.passed(Seat.SOUTH)) == set(mine)
        assert not app.seat_view.prompt().startswith("Hint:")
        assert not app.seat_view.state.assisted


async def test_hint_seed_replays(tmp_path: Path) -> None:
    seeds: list[int] = []

    def factory(level: Level, seed: int) -> Player:
        if level is Level.EXPERT:
            seeds.append(seed)
        return SteadyPlayer()

    app = make_app(tmp_path, player_factory=factory)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
    assert len(seeds) == 2 and seeds[0] == seeds[1]


# --- the last trick --------------------------------------------------------------


async def test_last_trick_shows_until_any_key_and_holds_the_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await pilot.press("l")
        assert app.seat_view.review is None
        assert "No trick has been played yet" in app.seat_view.prompt()
        await play_until(pilot, lambda: len(app.table.hand.tricks) >= 2  # type: ignore[union-attr]
                         and len(app.table.hand.trick) < 3)  # type: ignore[union-attr]
        hand = app.table.hand
        assert hand is not None
        app.delay_scale = 0.2
        await play_user_card_by_keys(pilot)  # a computer player is due after this
        await pilot.press("l")
        trick = hand.tricks[-1]
        assert app.seat_view.review == trick
        assert app.seat_view.trick_cards() == dict(trick.plays())
        assert app.seat_view.prompt().startswith(
            f"Trick {len(hand.tricks)}: {trick.leader} led, {trick.winner} took it")
        plays = hand.plays
        await app.workers.wait_for_complete()
        await pilot.pause(0.3)
        assert hand.plays == plays  # the game holds while the trick is shown
        await pilot.press("right")  # any key goes back, and does nothing else
        assert app.seat_view.review is None
        for _ in range(100):  # the game goes on (a card's pause can be long under load)
            await app.workers.wait_for_complete()
            await pilot.pause(0.1)
            if len(hand.plays) > len(plays):
                break
        assert len(hand.plays) > len(plays)
        app.delay_scale = 0.0
        await settle(pilot)
        assert len(hand.plays) > len(plays)


async def test_a_click_on_the_trick_shows_the_last_trick(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_until(pilot, lambda: len(app.table.hand.tricks) >= 1)  # type: ignore[union-attr]
        await pilot.click(TrickArea, offset=(5, 5))
        hand = app.table.hand
        assert hand is not None and app.seat_view.review == hand.tricks[-1]
        await pilot.click(TrickArea, offset=(5, 5))
        assert app.seat_view.review is None


async def test_a_finished_trick_marks_its_winner_and_keeps_saying_so(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_until(pilot, lambda: len(app.table.hand.trick) == 3)  # type: ignore[union-attr]
        app.delay_scale = 1000.0  # the trick the user finishes stays on show
        await play_user_card_by_keys(pilot)
        assert app.seat_view.stage is Stage.TRICK_SHOW
        hand = app.table.hand
        assert hand is not None
        winner = hand.tricks[-1].winner
        assert app.seat_view.winning_seat() == winner
        assert "took it" in screen_text(app)
        assert f"Trick {len(hand.tricks)} of 13" in screen_text(app)
        await pilot.press("enter", "z")
        assert f"{winner} takes trick {len(hand.tricks)}" in app.seat_view.prompt()


# --- undo --------------------------------------------------------------------------


async def test_undo_takes_back_the_card_and_the_others_replay_the_same(tmp_path: Path) -> None:
    app = make_app(tmp_path, player_factory=make_player, level=Level.CLUB, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        assert "There is nothing to undo yet" in app.seat_view.prompt()
        await deal_and_pass(pilot)
        await settle(pilot)
        await play_until(pilot, lambda: len(app.table.hand.plays) >= 6)  # type: ignore[union-attr]
        before = app.table.hand
        assert before is not None
        record = before.record()
        played = len(before.plays)
        card = await play_user_card_by_keys(pilot)
        await settle(pilot)
        after = app.table.hand
        assert after is not None and len(after.plays) > played + 1
        followed = after.plays[played:]
        await pilot.press("u")
        await settle(pilot)
        undone = app.table.hand
        assert undone is not None
        assert {**undone.record(), "assisted": []} == {**record, "assisted": []}  # seed and
        # players kept, the cards gone; the hand says who had help
        assert undone.assisted == {Seat.SOUTH}
        assert undone.seed is not None and undone.players is not None
        assert app.seat_view.state.to_play and app.seat_view.highlighted == card
        assert app.seat_view.state.assisted
        await pilot.press("enter")  # the same card again
        await settle(pilot)
        again = app.table.hand
        assert again is not None
        assert again.plays[played:][:len(followed)] == followed


async def test_undo_takes_back_a_pass_until_the_exchange(tmp_path: Path) -> None:
    release = threading.Event()
    app = make_app(tmp_path, player_factory=lambda level, seed: HeldPass(release))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause(0)
        cards = [c for c in app.seat_view.state.cards if c != Card.parse("QS")][:3]
        for card in cards:
            app.seat_view.highlight.put(app.seat_view.state, card)
            await pilot.press("space")
        await pilot.press("p")
        assert app.table.passed(Seat.SOUTH)
        await pilot.press("u")
        hand = app.table.hand
        assert hand is not None and hand.passed(Seat.SOUTH) == ()
        assert sorted(app.seat_view.choice.cards) == sorted(cards)
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause(0)
        assert app.seat_view.stage is Stage.PASSING  # the others passed; South chooses again
        await pilot.press("p")
        await settle(pilot)
        assert stage(app) is Stage.PLAYING
        await pilot.press("u")
        prompt = app.seat_view.prompt()
        assert "cannot be undone" in prompt or "not played" in prompt


# --- claim and forced cards ------------------------------------------------------


def _settled_hand() -> Hand:
    """A hand played in the engine until no points are left to take."""
    for seed in range(50):
        hand = Hand.deal(Rules(), seed)
        for seat in Seat:
            hand.pass_cards(seat, [c for c in hand.holding(seat) if c != Card.parse("QS")][:3])
        while hand.phase is Phase.PLAYING:
            legal = hand.legal_plays()
            points = [c for c in legal if hand.rules.card_points(c)]
            hand.play(points[-1] if points else legal[0])
            if hand.turn == Seat.SOUTH and not hand.trick:
                taken = set().union(*(set(hand.taken(s)) for s in Seat))
                settled = all(c in taken for c in Card.all() if hand.rules.card_points(c))
                if settled and len(hand.tricks) < 12:
                    return hand
    raise AssertionError("no seed gives an early settled hand")


async def test_the_hand_is_played_out_once_no_points_are_left(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        hand = _settled_hand()
        points = hand.points
        match = Match(Rules(), 5)
        match.hands.append(hand)
        app.table.match = match
        app.table.stage = Stage.PLAYING
        assert app.table.points_settled
        app.carry_out(app.table.start())
        await settle(pilot)
        assert hand.phase is Phase.OVER
        assert app.seat_view.stage is Stage.IDLE
        assert hand.points == points
        assert "played out" in app.seat_view.prompt()


async def test_forced_cards_are_played_when_the_option_is_on(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        app.table.options = replace(app.options, forced_cards=True)
        said: list[str | None] = []
        say = app.say

        def say_and_keep(message: str | None) -> None:
            said.append(message)
            say(message)

        app.say = say_and_keep  # type: ignore[method-assign]
        await deal_and_pass(pilot)
        for _ in range(13):
            await settle(pilot)
            hand = app.table.hand
            assert hand is not None
            if hand.phase is Phase.OVER:
                break
            assert len(hand.legal_plays()) > 1  # a single legal card never waits
            await play_user_card_by_keys(pilot)
        assert hand is not None and hand.phase is Phase.OVER
        assert any(m and "was played for you" in m for m in said)


async def test_forced_cards_wait_for_the_user_by_default(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_until(pilot, lambda: len(app.table.hand.legal_plays()) == 1)  # type: ignore[union-attr]
        await pilot.pause(0.05)
        await settle(pilot)
        assert app.seat_view.state.to_play  # nothing played by itself


# --- score sheet, level, highlight, sorting --------------------------------------


async def test_score_sheet_on_r_and_between_hands(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, TableScreen)
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        text = screen_text(app)
        assert "Hand 1 complete" in text
        hand = app.table.hand
        assert hand is not None and f"from seed {hand.seed}" in text
        assert "Total" in text
        await pilot.press("r")
        assert isinstance(app.screen, ScoreSheetScreen)
        sheet = screen_text(app)
        for seat in Seat:
            assert str(seat) in sheet
        await pilot.press("r")
        assert isinstance(app.screen, TableScreen)


async def test_the_difficulty_is_on_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, level=Level.STRONG)
    async with app.run_test(size=SIZE):
        assert "Strong players" in screen_text(app)


async def test_the_highlight_lands_on_a_legal_card(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        for _ in range(13):
            await settle(pilot)
            hand = app.table.hand
            assert hand is not None
            if hand.phase is Phase.OVER:
                break
            assert app.seat_view.highlighted in hand.legal_plays()
            await pilot.press("enter")  # always legal: the highlight is on a legal card


async def test_the_hand_is_sorted_with_the_red_suits_apart(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        cards = app.seat_view.state.cards
        keys = [(SUIT_ORDER.index(c.suit), c.rank) for c in cards]
        assert keys == sorted(keys)
        assert SUIT_ORDER.index(cards[0].suit) <= SUIT_ORDER.index(cards[-1].suit)
        for a, b in itertools.pairwise(SUIT_ORDER):
            assert not (a.is_red and b.is_red)


# --- abandon -----------------------------------------------------------------------


async def test_abandon_asks_then_starts_a_new_match(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        assert isinstance(app.screen, TableScreen)  # nothing to abandon yet
        await deal_and_pass(pilot)
        await settle(pilot)
        match = app.table.match
        await pilot.press("a")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, TableScreen) and app.table.match is match
        await pilot.press("u")  # mark the match as assisted
        await pilot.press("a", "y")
        assert isinstance(app.screen, TableScreen)
        assert app.table.match is not match and app.table.match.hands == []
        assert not app.seat_view.state.assisted
        assert "abandoned" in app.seat_view.prompt()
        await pilot.press("d")
        await settle(pilot)
        assert len(app.table.match.hands) == 1


async def test_abandon_button_and_no_button(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        await pilot.click("#button-abandon")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.click("#button-no")
        assert isinstance(app.screen, TableScreen) and app.seat_view.state.in_progress
        await pilot.click("#button-abandon")
        await pilot.click("#button-yes")
        assert not app.seat_view.state.in_progress


def test_steady_factory_still_makes_steady_players() -> None:
    assert isinstance(steady_player(Level.EXPERT, 1), SteadyPlayer)
