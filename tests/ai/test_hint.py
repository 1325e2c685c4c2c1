"""The hint is the Expert's decision from the user's own view: swapping hidden
cards between the other seats never changes it, and it replays from its seed."""

from __future__ import annotations

import random

import pytest

from hearts.ai import Level, make_player
from hearts.ai.hint import HINT_LEVEL, advise, hint_player, hint_seed
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.rules import Rules
from hearts.view import Phase

SOUTH = Seat.SOUTH


def _played(seed: int, plays: int) -> Hand:
    hand = Hand.deal(Rules(), seed)
    club = [make_player(Level.CLUB, seat) for seat in range(4)]
    for seat in Seat:
        hand.pass_cards(seat, club[seat].choose_pass(hand.view(seat)))
    while len(hand.plays) < plays or hand.turn != SOUTH:
        turn = hand.turn
        assert turn is not None
        hand.play(club[turn].choose_play(hand.view(turn)))
    return hand


def _twin(hand: Hand, rng: random.Random) -> Hand | None:
    """``hand`` with two hidden cards of one suit swapped between two other seats."""
    known = set(hand.passed(SOUTH)) | set(hand.received(SOUTH))
    others = [s for s in Seat if s != SOUTH]
    rng.shuffle(others)
    for x in others:
        for y in others:
            if x >= y:
                continue
            for cx in hand.holding(x):
                for cy in hand.holding(y):
                    if cx.suit != cy.suit or {cx, cy} & known:
                        continue
                    if cx not in hand.dealt(x) or cy not in hand.dealt(y):
                        continue
                    if cx in hand.passed(x) or cy in hand.passed(y):
                        continue
                    dealt = {s: hand.dealt(s) for s in Seat}
                    dealt[x] = [cy if c == cx else c for c in dealt[x]]
                    dealt[y] = [cx if c == cy else c for c in dealt[y]]
                    twin = Hand(hand.rules, [dealt[s] for s in Seat], dealer=hand.dealer,
                                pass_direction=hand.pass_direction)
                    if hand.phase is not Phase.PASSING:
                        for s in Seat:
                            twin.pass_cards(s, hand.passed(s))
                    for card in hand.plays:
                        twin.play(card)
                    return twin
    return None


@pytest.mark.parametrize("seed", [1, 2])
def test_the_pass_hint_ignores_hidden_cards(seed: int) -> None:
    hand = Hand.deal(Rules(), seed)
    twin = _twin(hand, random.Random(seed))
    assert twin is not None
    assert twin.view(SOUTH) == hand.view(SOUTH)
    assert any(twin.holding(s) != hand.holding(s) for s in Seat)
    advice = advise(hand.view(SOUTH), hint_player(7))
    assert len(advice) == 3 and Card.parse("QS") not in advice
    assert advise(twin.view(SOUTH), hint_player(7)) == advice


@pytest.mark.parametrize(("seed", "plays"), [(3, 9), (4, 21)])
def test_the_play_hint_ignores_hidden_cards_and_replays(seed: int, plays: int) -> None:
    hand = _played(seed, plays)
    twin = _twin(hand, random.Random(seed))
    assert twin is not None
    view = hand.view(SOUTH)
    assert twin.view(SOUTH) == view
    assert any(twin.holding(s) != hand.holding(s) for s in Seat)
    (card,) = advise(view, hint_player(11))
    assert card in view.legal
    assert advise(view, hint_player(11)) == (card,)
    assert advise(twin.view(SOUTH), hint_player(11)) == (card,)


def test_the_hint_is_the_expert_and_its_seed_is_stable() -> None:
    assert HINT_LEVEL is Level.EXPERT
    assert hint_player(3).level is Level.EXPERT  # type: ignore[attr-defined]
    assert hint_seed(12345) == hint_seed(12345) != hint_seed(12346)
    assert 0 <= hint_seed(1) < 1 << 48


def test_no_hint_when_there_is_nothing_to_decide() -> None:
    hand = _played(5, 1)
    turn = hand.turn
    hand.play(hand.legal_plays()[0])
    assert hand.turn != turn
    with pytest.raises(ValueError, match="nothing to decide"):
        advise(hand.view(SOUTH), hint_player(1))
