"""Prints playouts, sampled deals and decisions as JSON, for tests/test_speedups.py to compare a
run on the compiled modules with a pure-Python one (``HEARTS_PURE_PYTHON=1``).

:func:`positions` and :func:`decisions` also serve tools/record_decisions.py,
which records them to prove a rewrite of the judgement or the playout changes
nothing."""

from __future__ import annotations

import json
import random
from typing import Any

from hearts import speedups
from hearts.ai import Level, make_player
from hearts.ai.bench import sample_views
from hearts.ai.inference import Plays, lacks_of_view, observations_of_view
from hearts.ai.judgement import Skill, judge_play, naive_play, shoot_play
from hearts.ai.kit import RuleKit, rule_kit
from hearts.ai.playout import playout
from hearts.ai.sampling import sample_deal, sample_deal_guessing
from hearts.ai.situation import Situation
from hearts.ai.trial import outcome
from hearts.bench import playout_rules
from hearts.core import HEARTS, legal_mask, trick_winner
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


SKILLS = (Skill(True, True), Skill(True, False), Skill(False, True), Skill(False, False))


def position(rng: random.Random, kit: RuleKit, plays: int) -> dict[str, Any]:
    """A random deal played ``plays`` cards in, half by judgement and half at random
    (so it reaches the moon defences and every place in a trick)."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << card for card in deck[seat::4]) for seat in range(4)]
    leader = (next(seat for seat in range(4) if hands[seat] & 1) if kit.first_lead
              else rng.randrange(4))
    taken = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    trick: list[int] = []
    played = 0
    broken = False
    first = True
    for _ in range(plays):
        seat = (leader + len(trick)) & 3
        led = trick[0] // 13 if trick else -1
        legal = legal_mask(hands[seat], led, first, broken, kit.first_lead,
                           kit.leading_hearts, kit.first_trick)
        if rng.random() < 0.5:
            card = judge_play(seat, hands[seat], legal, trick, played, taken, voids, kit)
        else:
            card = rng.choice([c for c in range(52) if legal >> c & 1])
        hands[seat] ^= 1 << card
        played |= 1 << card
        if led >= 0 and card // 13 != led:
            voids[seat] |= 1 << led
        trick.append(card)
        if len(trick) == 4:
            leader = (leader + trick_winner(trick)) & 3
            mask = sum(1 << c for c in trick)
            taken[leader] |= mask
            broken = broken or bool(mask & HEARTS)
            trick = []
            first = False
    return {"hands": hands, "leader": leader, "taken": taken, "voids": voids,
            "trick": trick, "played": played, "broken": broken, "first": first}


def decisions(p: dict[str, Any], kit: RuleKit, salt: int) -> dict[str, Any]:
    """Judgement's card for the seat to play in position ``p`` under every skill and
    moon threat, the shooter's and the careless player's card, and each seat's points
    after six playouts from there (noise, shooters, a queen charge, a guard)."""
    hands, trick, taken, voids = p["hands"], p["trick"], p["taken"], p["voids"]
    me = (p["leader"] + len(trick)) & 3
    hand = hands[me]
    led = trick[0] // 13 if trick else -1
    legal = legal_mask(hand, led, p["first"], p["broken"], kit.first_lead,
                       kit.leading_hearts, kit.first_trick)
    judged = [judge_play(me, hand, legal, tuple(trick), p["played"], tuple(taken),
                         tuple(voids), kit, skill, threat)
              for skill in SKILLS for threat in (-1, 0, 1, 2, 3)]
    outs = []
    for variant in range(6):
        shooters = (salt + variant) % 16 if variant >= 2 else 0
        outs.append(list(playout(list(hands), tuple(trick), p["leader"], p["played"],
                                 tuple(taken), tuple(voids), p["broken"], p["first"], kit,
                                 random.Random(salt * 7 + variant), 0.1 * (variant % 3),
                                 shooters, (salt + variant) % 5 - 1, 3 * variant,
                                 variant >= 3)))
    return {"judge": judged, "shoot": shoot_play(hand, legal, trick, p["played"]),
            "naive": naive_play(hand, legal, trick), "playouts": outs}


def every_rule_set(per_rule_set: int, seed: int) -> list[object]:
    """:func:`decisions` at ``per_rule_set`` random positions in each of the 32 rule
    sets (scoring x jack of diamonds x first lead x leading hearts x first trick)."""
    found: list[object] = []
    for number, rules in enumerate(playout_rules()):
        kit = rule_kit(rules)
        rng = random.Random(seed * 1000 + number)
        for i in range(per_rule_set):
            found.append(decisions(position(rng, kit, rng.randrange(52)), kit, i))
    return found


def sampled(views: int, seed: int) -> list[object]:
    """Deals sampled honestly, with guesses and with a favoured seat, and each
    one's weight by the others' plays: the compiled sampler, weighing and trial."""
    kit = rule_kit(Rules())
    rng = random.Random(seed)
    found: list[object] = []
    for view in sample_views(Rules(), seed, views):
        s = Situation.of(view)
        seen = observations_of_view(view)
        lacks = lacks_of_view(view, kit)
        plays = Plays(seen, kit)
        favour = rng.choice([seat for seat in range(4) if seat != s.me])
        for world in (sample_deal(s, rng), sample_deal(s, rng, use_voids=False),
                      sample_deal_guessing(s, rng, lacks, 0.6),
                      sample_deal_guessing(s, rng, lacks, 0.6, favour, 3.0)):
            card = (s.legal & -s.legal).bit_length() - 1
            found.append([world, plays.likelihood(world, 0.5, rng.randrange(-1, 4)),
                          list(outcome(s, world, card, kit, rng.getrandbits(32), 0.1,
                                       1 << favour, 2, True))])
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
        "positions": every_rule_set(40, 5),
        "sampled": sampled(60, 9),
        "strong": [str(strong.choose_play(view)) for view in views],
        "expert": [str(expert.choose_play(view)) for view in views[:3]],
    }))


if __name__ == "__main__":
    main()
