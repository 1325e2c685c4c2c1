"""Record what the judgement and the playout decide, to prove a rewrite changes nothing.

    python tools/record_decisions.py record FILE [--positions N]
    python tools/record_decisions.py check FILE

``record`` writes, for ``N`` random positions in each of the 32 rule sets (scoring
x jack of diamonds x first lead x leading hearts x first trick), judgement's card
under every skill and a moon threat, the shooter's and the careless player's card,
and each seat's points after playouts from there (with and without noise, shooters,
a queen charge and a guard). ``check`` recomputes it all with the code in use now
(compiled unless ``HEARTS_PURE_PYTHON=1``) and reports any difference. Positions
come from hands played partly at random and partly by judgement, so they reach the
moon defences and every trick position.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from hearts import speedups
from hearts.ai.judgement import Skill, judge_play, naive_play, shoot_play
from hearts.ai.kit import RuleKit, rule_kit
from hearts.ai.playout import playout
from hearts.bench import playout_rules
from hearts.core import HEARTS, legal_mask, trick_winner

SKILLS = (Skill(True, True), Skill(True, False), Skill(False, True), Skill(False, False))


def _position(rng: random.Random, kit: RuleKit, plays: int) -> dict[str, object]:
    """A random deal played ``plays`` cards in, half by judgement and half at random."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << card for card in deck[seat::4]) for seat in range(4)]
    leader = next(seat for seat in range(4) if hands[seat] & 1) if kit.first_lead \
        else rng.randrange(4)
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
            cards = [c for c in range(52) if legal >> c & 1]
            card = rng.choice(cards)
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


def _decisions(p: dict[str, object], kit: RuleKit, salt: int) -> dict[str, object]:
    hands: list[int] = p["hands"]  # type: ignore[assignment]
    trick: list[int] = p["trick"]  # type: ignore[assignment]
    taken: list[int] = p["taken"]  # type: ignore[assignment]
    voids: list[int] = p["voids"]  # type: ignore[assignment]
    leader: int = p["leader"]  # type: ignore[assignment]
    played: int = p["played"]  # type: ignore[assignment]
    broken: bool = p["broken"]  # type: ignore[assignment]
    first: bool = p["first"]  # type: ignore[assignment]
    me = (leader + len(trick)) & 3
    hand = hands[me]
    led = trick[0] // 13 if trick else -1
    legal = legal_mask(hand, led, first, broken, kit.first_lead, kit.leading_hearts,
                       kit.first_trick)
    judged = [judge_play(me, hand, legal, tuple(trick), played, tuple(taken), tuple(voids),
                         kit, skill, threat)
              for skill in SKILLS for threat in (-1, 0, 1, 2, 3)]
    outs = []
    for variant in range(6):
        noise = 0.1 * (variant % 3)
        shooters = (salt + variant) % 16 if variant >= 2 else 0
        charged = (salt + variant) % 5 - 1
        outs.append(list(playout(list(hands), tuple(trick), leader, played, tuple(taken),
                                 tuple(voids), broken, first, kit,
                                 random.Random(salt * 7 + variant), noise, shooters, charged,
                                 3 * variant, variant >= 3)))
    return {"judge": judged, "shoot": shoot_play(hand, legal, trick, played),
            "naive": naive_play(hand, legal, trick), "playouts": outs}


def compute(positions: int, seed: int = 39) -> list[object]:
    """Every decision recorded, in a fixed order."""
    found: list[object] = []
    for number, rules in enumerate(playout_rules()):
        kit = rule_kit(rules)
        rng = random.Random(seed * 1000 + number)
        for i in range(positions):
            p = _position(rng, kit, rng.randrange(52))
            found.append(_decisions(p, kit, i))
    return found


def main() -> int:
    """Record to a file or check against one."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["record", "check"])
    parser.add_argument("file", type=Path)
    parser.add_argument("--positions", type=int, default=300,
                        help="positions per rule set (record only)")
    args = parser.parse_args()
    mode = "compiled" if speedups.compiled() else "pure Python"
    if args.action == "record":
        found = compute(args.positions)
        temp = args.file.with_suffix(".tmp")
        temp.write_text(json.dumps({"positions": args.positions, "found": found}))
        temp.replace(args.file)
        print(f"recorded {len(found)} positions ({mode}) in {args.file}")
        return 0
    saved = json.loads(args.file.read_text())
    found = json.loads(json.dumps(compute(saved["positions"])))
    bad = [i for i, (a, b) in enumerate(zip(saved["found"], found, strict=True)) if a != b]
    print(f"{mode}: {len(found) - len(bad)} of {len(found)} positions decide the same")
    for i in bad[:5]:
        print(f"  position {i}: recorded {saved['found'][i]}\n  now {found[i]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
