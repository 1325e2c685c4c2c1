"""No player ever plays an illegal card or passes the queen, under every rule set."""

from __future__ import annotations

import itertools
import random

import pytest

from hearts.ai import Level, make_player
from hearts.ai.players import JudgementPlayer, SearchPlayer
from hearts.ai.search import Budget
from hearts.cards import Seat
from hearts.core import QUEEN_OF_SPADES_INDEX
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules, Scoring
from hearts.view import Phase

TINY = Budget(deals=2, width=3, late_deals=1)


def tiny_player(level: Level, seed: int) -> JudgementPlayer:
    """A player of ``level`` with a search small enough for tests."""
    if level.searches:
        return SearchPlayer(level, seed, TINY)
    return JudgementPlayer(level, seed)


RULE_SETS = [
    Rules(scoring=scoring, jack_of_diamonds=jack, first_lead=lead, leading_hearts=hearts,
          first_trick=first)
    for scoring, jack, lead, hearts, first in itertools.product(
        Scoring, (False, True), (False, True), (False, True), (False, True))
]


def play_out(hand: Hand, players: list[JudgementPlayer]) -> None:
    """Play ``hand`` to the end, checking every pass and play."""
    if hand.phase is Phase.PASSING:
        for seat in Seat:
            view = hand.view(seat)
            cards = players[seat].choose_pass(view)
            assert len(set(cards)) == 3
            assert all(card in view.hand for card in cards)
            assert all(card.index != QUEEN_OF_SPADES_INDEX for card in cards)
            hand.pass_cards(seat, cards)
    while hand.phase is Phase.PLAYING:
        turn = hand.turn
        assert turn is not None
        view = hand.view(turn)
        card = players[turn].choose_play(view)
        assert card in view.legal
        hand.play(card)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: "-".join(
    str(v) for v in r.to_json().values()))
@pytest.mark.slow
def test_every_level_plays_legally(rules: Rules) -> None:
    rng = random.Random(str(rules.to_json()))
    for deal in range(3):
        direction = list(PassDirection)[deal % 4]
        levels = rng.sample(list(Level), 4)
        hand = Hand.deal(rules, rng.getrandbits(64), dealer=Seat(deal % 4),
                         pass_direction=direction)
        play_out(hand, [tiny_player(level, deal * 10 + seat)
                        for seat, level in enumerate(levels)])
        assert sum(hand.points) != 0


def test_judgement_levels_over_many_deals() -> None:
    rng = random.Random(5)
    for deal in range(60):
        rules = rng.choice(RULE_SETS)
        hand = Hand.deal(rules, deal, pass_direction=list(PassDirection)[deal % 4])
        play_out(hand, [make_player(Level(1 + (deal + seat) % 3), seat) for seat in range(4)])
