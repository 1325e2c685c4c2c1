"""Prints the learned model of play's features, chances and uses as JSON, for
tests/ai/test_playmodel_compiled.py to compare a run on the compiled modules with
a pure-Python one (``HEARTS_PURE_PYTHON=1``)."""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.speedups_probe import position

from hearts import speedups
from hearts.ai import Level
from hearts.ai.bench import sample_views
from hearts.ai.inference import Plays, observations_of_view
from hearts.ai.judgement import book, pack_voids
from hearts.ai.kit import rule_kit
from hearts.ai.players import BUDGETS, SearchPlayer
from hearts.ai.playfeatures import decision_features, log_chance, model_choice
from hearts.ai.playmodel import default_play_model
from hearts.ai.playout import playout
from hearts.ai.sampling import sample_deal
from hearts.ai.situation import Situation
from hearts.bench import playout_rules
from hearts.core import legal_mask
from hearts.rules import Rules


def features(per_rule_set: int, seed: int) -> list[object]:
    """Each legal card's features, its log chance by both tables and the tables'
    likeliest card, at random positions in every rule set."""
    model = default_play_model()
    found: list[object] = []
    for number, rules in enumerate(playout_rules()):
        kit = rule_kit(rules)
        rules_book = book(kit)
        rng = random.Random(seed * 1000 + number)
        for _ in range(per_rule_set):
            p = position(rng, kit, rng.randrange(52))
            trick = [*p["trick"], 0, 0, 0]
            n = len(p["trick"])
            me = (p["leader"] + n) & 3
            hand = p["hands"][me]
            k0, k1, k2, k3 = p["taken"]
            args = (me, hand, n, trick[0], trick[1], trick[2], p["played"], k0, k1, k2, k3,
                    pack_voids(p["voids"]))
            flags = (p["first"], p["broken"], rules_book, kit.first_lead, kit.leading_hearts,
                     kit.first_trick)
            cards, rows, choice = decision_features(*args, *flags)
            chances = [[log_chance(table, me, hand, card, *args[2:], *flags)
                        for card in cards] for table in (model.weights, model.shooting)]
            legal = legal_mask(hand, trick[0] // 13 if n else -1, p["first"], p["broken"],
                               kit.first_lead, kit.leading_hearts, kit.first_trick)
            best = [model_choice(table, *args[:2], legal, *args[2:], rules_book)
                    for table in (model.weights, model.shooting)]
            found.append([cards, rows, choice, chances, best])
    return found


def weighed(views: int, seed: int) -> list[object]:
    """Sampled deals weighed by the model, a playout whose shooter plays by the
    shooting table, and decisions of Experts that use the model."""
    model = default_play_model()
    kit = rule_kit(Rules())
    rng = random.Random(seed)
    found: list[object] = []
    for view in sample_views(Rules(), seed, views):
        s = Situation.of(view)
        plays = Plays(observations_of_view(view), kit)
        for _ in range(3):
            world = sample_deal(s, rng)
            found.append([plays.log_likelihood(world, model.weights, math.log(0.02)),
                          plays.log_likelihood(world, model.weights, math.log(0.02),
                                               (s.me + 1) & 3, model.shooting),
                          plays.log_likelihood(world, model.shooting, -1e9, only=(s.me + 2) & 3)])
        hands = list(sample_deal(s, rng))
        found.append(list(playout(hands, list(s.trick), s.leader, s.played, s.taken, s.voids,
                                  s.broken, s.first, kit, random.Random(7), 0.1,
                                  1 << ((s.me + 1) & 3), s.me, 2, True, model.shooting)))
    budget = BUDGETS[Level.EXPERT]._replace(deals=10, late_deals=6, extra_deals=10, width=4,
                                            model=0.5, model_shooting=True, shooter_model=True,
                                            moon_odds=True, lone_watch=0.5)
    for view in sample_views(Rules(), seed + 1, 4):
        found.append(str(SearchPlayer(Level.EXPERT, 3, budget).choose_play(view)))
    return found


def main() -> None:
    """Print one JSON object: which modules ran, and what the model gave."""
    print(json.dumps({"compiled": speedups.compiled(), "features": features(12, 5),
                      "weighed": weighed(20, 9)}))


if __name__ == "__main__":
    main()
