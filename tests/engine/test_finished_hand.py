"""A finished hand is kept small (a match keeps its hands, a server a thousand
matches): it keeps its plays and makes its tricks again when asked, the same
tricks the hand made as it was played; a match's hands share their rules and
their players while those stay the same."""

from __future__ import annotations

import random

import pytest

from hearts import Hand, Match, Phase, Rules, Trick
from hearts.hand import Play

from .helpers import random_pass, reachable


def _played_out(seed: int) -> tuple[Hand, list[Trick]]:
    """A hand dealt from ``seed`` played to its end at random, and each trick as
    its last card finished it."""
    rng = random.Random(seed)
    hand = Hand.deal(Rules(), seed)
    random_pass(hand, rng)
    finished: list[Trick] = []
    while hand.phase is Phase.PLAYING:
        play: Play = hand.play(rng.choice(hand.legal_plays()))
        if play.trick is not None:
            finished.append(play.trick)
            assert hand.tricks == tuple(finished)  # while it is played, as always
    return hand, finished


@pytest.mark.parametrize("seed", range(12))
def test_a_finished_hands_tricks_are_the_tricks_it_made(seed: int) -> None:
    hand, finished = _played_out(seed)
    assert hand.phase is Phase.OVER and len(finished) == 13
    assert hand.tricks == tuple(finished)
    assert Hand.from_record(hand.record()).tricks == tuple(finished)
    hand.pop()  # the last card taken back: the hand is played again, twelve tricks
    assert hand.turn is not None and hand.tricks == tuple(finished[:12])


def test_a_finished_hand_keeps_no_trick() -> None:
    hand, _ = _played_out(3)
    kept = [thing for thing in reachable(hand) if isinstance(thing, Trick)]
    assert kept == []


def test_a_matchs_hands_share_their_rules_while_they_stay_the_same() -> None:
    match = Match(Rules(), 5)
    rng = random.Random(5)
    for _ in range(3):
        hand = match.deal(Rules())  # equal rules, made again for each deal
        random_pass(hand, rng)
        while hand.phase is Phase.PLAYING:
            hand.play(rng.choice(hand.legal_plays()))
    first, second, third = match.hands
    assert first.rules is second.rules is third.rules
    other = Rules(target=50)
    assert match.deal(other).rules is other
