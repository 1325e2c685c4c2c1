"""Decisions replay from the seed and never depend on cards the player cannot see."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import pytest

from hearts.ai import Level, Player, make_player
from hearts.ai.players import JudgementPlayer, SearchPlayer
from hearts.ai.sampling import sample_deal
from hearts.ai.search import Budget
from hearts.ai.shooter import ShooterBudget, ShooterPlayer
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat, cards_of_mask
from hearts.core import FULL_DECK, SUIT_MASKS
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules
from hearts.view import Phase

SMALL = Budget(deals=4, width=4, late_deals=2)
GUIDED = Budget(deals=4, width=4, noise=0.1, late_deals=2, trust=0.5, extra_deals=4,
                finalists=3, moon_watch=0.5, lone_watch=0.3, miss=0.5, moon_fear=1.0)
"""Expert's small budget: its deals follow what the others' plays suggest, a second
round compares the finalists and a seat that may be shooting plays to shoot."""
LATE = (60, 85, 70, 90)
"""Match totals near the target: the search scores outcomes by the match."""


def player(level: Level, seed: int) -> JudgementPlayer:
    """A player of ``level``; searchers get a small budget to keep tests quick."""
    if not level.searches:
        return JudgementPlayer(level, seed)
    return SearchPlayer(level, seed, GUIDED if level is Level.EXPERT else SMALL)


def _played_hand(seed: int, plays: int, direction: PassDirection,
                 scores: tuple[int, ...] = (0, 0, 0, 0)) -> Hand:
    hand = Hand.deal(Rules(), seed, pass_direction=direction, scores=scores)
    club = [make_player(Level.CLUB, seat) for seat in range(4)]
    if hand.phase is Phase.PASSING:
        for seat in Seat:
            hand.pass_cards(seat, club[seat].choose_pass(hand.view(seat)))
    for _ in range(plays):
        turn = hand.turn
        assert turn is not None
        hand.play(club[turn].choose_play(hand.view(turn)))
    return hand


def _twin(hand: Hand, seat: Seat, rng: random.Random) -> Hand | None:
    """The same hand with unseen cards of one suit swapped between two other seats."""
    holding = {s: hand.holding(s) for s in Seat}
    for suit in rng.sample(range(4), 4):
        others = [s for s in Seat if s != seat and s != hand.pass_direction.target(seat)
                  and any(c.suit == suit for c in holding[s])]
        if len(others) < 2:
            continue
        x, y = others[:2]
        cx = next(c for c in holding[x] if c.suit == suit)
        cy = next(c for c in holding[y] if c.suit == suit)
        if cx.index // 13 != cy.index // 13:
            continue
        dealt = {s: [c for c in hand.dealt(s)] for s in Seat}
        dealt[x] = [cy if c == cx else c for c in dealt[x]]
        dealt[y] = [cx if c == cy else c for c in dealt[y]]
        if cx not in hand.dealt(x) or cy not in hand.dealt(y):
            continue
        twin = Hand(hand.rules, [dealt[s] for s in Seat], dealer=hand.dealer,
                    pass_direction=hand.pass_direction, scores=hand.scores)
        if twin.phase is Phase.PASSING:
            for s in Seat:
                twin.pass_cards(s, hand.passed(s))
        for card in hand.plays:
            twin.play(card)
        return twin
    return None


def shooter(seed: int) -> ShooterPlayer:
    """The moon-hungry measuring player with a small budget."""
    return ShooterPlayer(seed, ShooterBudget(deals=4, width=4, pass_deals=3, pass_width=3))


MODELLED = GUIDED._replace(model=0.5, model_shooting=True, shooter_model=True, moon_odds=True)
"""The same with the learned model of play: it weighs the deals, reads the suspect's
plays and plays the suspect's shot (issue 55)."""


def modelled(seed: int) -> SearchPlayer:
    """An Expert whose inference is the learned model of play."""
    return SearchPlayer(Level.EXPERT, seed, MODELLED)


DECIDERS: dict[str, Callable[[int], Player]] = {
    **{level.label: partial(player, level) for level in Level},
    "Shooter": shooter, "Expert with the model of play": modelled}


@pytest.mark.parametrize("name", list(DECIDERS))
def test_decisions_replay_and_ignore_hidden_cards(name: str) -> None:
    make = DECIDERS[name]
    rng = random.Random(name)
    checked = late = 0
    for deal in range(40):
        direction = (PassDirection.NONE, PassDirection.LEFT)[deal % 2]
        scores = LATE if deal % 4 >= 2 else (0, 0, 0, 0)
        hand = _played_hand(deal, rng.randrange(0, 30), direction, scores)
        turn = hand.turn
        assert turn is not None
        twin = _twin(hand, turn, rng)
        if twin is None:
            continue
        view = hand.view(turn)
        assert twin.view(turn) == view
        assert any(hand.holding(s) != twin.holding(s) for s in Seat)
        first = make(9).choose_play(view)
        assert make(9).choose_play(view) == first
        assert make(9).choose_play(twin.view(turn)) == first
        checked += 1
        late += hand.scores == LATE
        if checked == 8:
            break
    assert checked >= 4 and late >= 2


def test_pass_is_a_function_of_the_view() -> None:
    hand = Hand.deal(Rules(), 3)
    view = hand.view(Seat.WEST)
    for level in Level:
        assert make_player(level, 1).choose_pass(view) == make_player(level, 1).choose_pass(view)
    assert shooter(1).choose_pass(view) == shooter(1).choose_pass(view)


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow)
                                  if name == "Expert" else name for name in DECIDERS])
def test_pass_ignores_hidden_cards(name: str) -> None:
    make = DECIDERS[name]
    for deal in range(4):
        scores = LATE if deal % 2 else (0, 0, 0, 0)
        hand = Hand.deal(Rules(), 50 + deal, scores=scores)
        dealt = [hand.dealt(seat) for seat in Seat]
        dealt[1][0], dealt[3][0] = dealt[3][0], dealt[1][0]
        twin = Hand(hand.rules, dealt, scores=scores)
        view = hand.view(Seat.SOUTH)
        assert twin.view(Seat.SOUTH) == view and twin.dealt(Seat.WEST) != hand.dealt(Seat.WEST)
        assert make(5).choose_pass(view) == make(5).choose_pass(twin.view(Seat.SOUTH))


def test_sampler_respects_counts_voids_and_passes() -> None:
    rng = random.Random(2)
    for deal in range(30):
        hand = _played_hand(deal, rng.randrange(4, 40), PassDirection.LEFT)
        turn = hand.turn
        assert turn is not None
        view = hand.view(turn)
        situation = Situation.of(view)
        target = view.pass_target
        for _ in range(5):
            world = sample_deal(situation, rng)
            assert world[turn] == situation.hand
            assert [w.bit_count() for w in world] == list(view.cards_held)
            combined = 0
            for w in world:
                assert not combined & w
                combined |= w
            assert combined == FULL_DECK ^ view.played.mask
            for seat in Seat:
                for suit in view.voids[seat]:
                    assert not world[seat] & SUIT_MASKS[suit]
            for card in view.passed:
                if card not in view.played:
                    assert world[target] & card.bit
            assert all(isinstance(c, Card) for c in cards_of_mask(world[target]))
