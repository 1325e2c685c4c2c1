"""The computer players pass the queen of spades only where the rules let them: never
under the original's rule, and an unguarded queen under Windows' Classic."""

from __future__ import annotations

import random

import pytest

from hearts.ai import Level, make_player
from hearts.ai.kit import rule_kit
from hearts.ai.passing import choose_pass_mask
from hearts.cards import Card, Seat
from hearts.core import QUEEN_OF_SPADES
from hearts.hand import Hand
from hearts.rules import Rules, RuleSet

_QUEEN = Card.parse("QS")


def _mask(text: str) -> int:
    mask = 0
    for word in text.split():
        mask |= Card.parse(word).bit
    return mask


# the queen with one low spade, and the queen with four
SHORT = _mask("QS 3S 2C 5C 9C KC 4D 8D JD 3H 6H 9H QH")
LONG = _mask("QS 2S 4S 6S 8S 2C 5C 9C KC 4D 8D JD 3H")


def test_an_unguarded_queen_goes_only_where_the_rules_allow() -> None:
    assert not choose_pass_mask(SHORT, rule_kit(Rules())) & QUEEN_OF_SPADES
    assert choose_pass_mask(SHORT, rule_kit(Rules(pass_queen=True))) & QUEEN_OF_SPADES
    # a queen guarded by four low spades is kept either way
    assert not choose_pass_mask(LONG, rule_kit(Rules(pass_queen=True))) & QUEEN_OF_SPADES


@pytest.mark.parametrize("level", list(Level))
def test_every_level_keeps_the_queen_unless_it_may_be_passed(level: Level) -> None:
    kept = passed = 0
    for deal in range(6 if level.searches else 40):
        for rules in (RuleSet.CLASSIC.rules(), RuleSet.ORIGINAL.rules()):
            hand = Hand.deal(rules, random.Random(deal))
            holder = next(seat for seat in Seat if _QUEEN in hand.holding(seat))
            chosen = make_player(level, deal).choose_pass(hand.view(holder))
            assert hand.refuse_pass(holder, chosen) is None  # always a legal pass
            if not rules.pass_queen:
                assert _QUEEN not in chosen
                kept += 1
            else:
                passed += _QUEEN in chosen
    assert kept and passed  # some of those queens were unguarded, and passed
