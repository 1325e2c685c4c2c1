"""Prints playouts and decisions as JSON, for tests/test_speedups.py to compare a
run on the compiled modules with a pure-Python one (``HEARTS_PURE_PYTHON=1``)."""

from __future__ import annotations

import json
import random

from hearts import speedups
from hearts.ai import Level, make_player
from hearts.ai.bench import sample_views
from hearts.ai.judgement import judge_play
from hearts.ai.kit import rule_kit
from hearts.ai.playout import playout
from hearts.ai.situation import Situation
from hearts.rules import Rules, Scoring

RULES = (Rules(), Rules(scoring=Scoring.CLASSIC, first_lead=True, leading_hearts=True,
                        first_trick=True), Rules(jack_of_diamonds=True))
"""The default options, classic scoring with the three restrictions, and Omnibus."""


def _playouts(count: int, seed: int) -> list[object]:
    """Whole hands played out from random deals, with noise and shooters."""
    rng = random.Random(seed)
    found: list[object] = []
    for number in range(count):
        kit = rule_kit(RULES[number % len(RULES)])
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << card for card in deck[seat * 13:seat * 13 + 13]) for seat in range(4)]
        leader = next(seat for seat in range(4) if hands[seat] & 1)
        found.append(playout(hands, [], leader, 0, (0, 0, 0, 0), (0, 0, 0, 0), False, True,
                             kit, random.Random(number), noise=0.2 * (number % 2),
                             shooters=number % 16, charged=number % 5 - 1, charge=4))
    return found


def _judgements(views: int, seed: int) -> list[int]:
    """Judgement's card for each seat's turn in hands played by the Club level."""
    kit = rule_kit(Rules())
    found = []
    for view in sample_views(Rules(), seed, views):
        s = Situation.of(view)
        found.append(judge_play(s.me, s.hand, s.legal, s.trick, s.played, s.taken, s.voids,
                                kit))
    return found


def main() -> None:
    """Print one JSON object: which modules ran, and what they decided."""
    views = sample_views(Rules(), 3, 6)
    expert = make_player(Level.EXPERT, 5)
    strong = make_player(Level.STRONG, 5)
    print(json.dumps({
        "compiled": speedups.compiled(),
        "playouts": _playouts(300, 11),
        "judgements": _judgements(200, 7),
        "strong": [str(strong.choose_play(view)) for view in views],
        "expert": [str(expert.choose_play(view)) for view in views[:3]],
    }))


if __name__ == "__main__":
    main()
