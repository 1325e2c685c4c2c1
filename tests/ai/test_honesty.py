"""Decisions replay from the seed and never depend on cards the player cannot see."""

from __future__ import annotations

import random

import pytest

from hearts.ai import Level, make_player
from hearts.ai.players import JudgementPlayer, SearchPlayer
from hearts.ai.sampling import sample_deal
from hearts.ai.search import Budget
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat, cards_of_mask
from hearts.core import FULL_DECK, SUIT_MASKS
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules
from hearts.view import Phase

SMALL = Budget(deals=4, width=4, late_deals=2)
GUIDED = Budget(deals=4, width=4, noise=0.1, late_deals=2, trust=0.5)
"""Expert's small budget: its deals follow what the others' plays suggest."""


def player(level: Level, seed: int) -> JudgementPlayer:
    """A player of ``level``; searchers get a small budget to keep tests quick."""
    if not level.searches:
        return JudgementPlayer(level, seed)
    return SearchPlayer(level, seed, GUIDED if level is Level.EXPERT else SMALL)


def _played_hand(seed: int, plays: int, direction: PassDirection) -> Hand:
    hand = Hand.deal(Rules(), seed, pass_direction=direction)
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
                    pass_direction=hand.pass_direction)
        if twin.phase is Phase.PASSING:
            for s in Seat:
                twin.pass_cards(s, hand.passed(s))
        for card in hand.plays:
            twin.play(card)
        return twin
    return None


@pytest.mark.parametrize("level", list(Level))
def test_decisions_replay_and_ignore_hidden_cards(level: Level) -> None:
    rng = random.Random(int(level))
    checked = 0
    for deal in range(40):
        direction = (PassDirection.NONE, PassDirection.LEFT)[deal % 2]
        hand = _played_hand(deal, rng.randrange(0, 30), direction)
        turn = hand.turn
        assert turn is not None
        twin = _twin(hand, turn, rng)
        if twin is None:
            continue
        view = hand.view(turn)
        assert twin.view(turn) == view
        assert any(hand.holding(s) != twin.holding(s) for s in Seat)
        first = player(level, 9).choose_play(view)
        assert player(level, 9).choose_play(view) == first
        assert player(level, 9).choose_play(twin.view(turn)) == first
        checked += 1
        if checked == 6:
            break
    assert checked >= 3


def test_pass_is_a_function_of_the_view() -> None:
    hand = Hand.deal(Rules(), 3)
    for level in Level:
        view = hand.view(Seat.WEST)
        assert make_player(level, 1).choose_pass(view) == make_player(level, 1).choose_pass(view)


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
