"""Write expert_v020.json: the Expert's decisions of release 0.2.0 on positions
of hands played by Club players, for tests/ai/test_moon.py.

Run with the 0.2.0 release's environment (``make -C lab release``), from the
top of the clone:

    env -u PYTHONPATH .baseline-v0.2.0/bin/python tests/ai/data/make_expert_v020.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from hearts import __version__
from hearts.ai import Level, make_player
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules

RULES = (Rules(), Rules.from_json({**Rules().to_json(), "scoring": "classic",
                                   "first_lead": True, "leading_hearts": True,
                                   "first_trick": True}))


def positions(count: int) -> list[dict[str, object]]:
    """``count`` positions, each a view to play from, a seed and the Expert's card."""
    rng = random.Random(47)
    found: list[dict[str, object]] = []
    deal = 0
    while len(found) < count:
        rules = RULES[deal % 2]
        direction = (PassDirection.LEFT, PassDirection.NONE, PassDirection.RIGHT)[deal % 3]
        hand = Hand.deal(rules, 4700 + deal, pass_direction=direction)
        club = [make_player(Level.CLUB, seat) for seat in range(4)]
        if direction is not PassDirection.NONE:
            for seat in Seat:
                hand.pass_cards(seat, club[seat].choose_pass(hand.view(seat)))
        stop = rng.randrange(0, 44)
        for _ in range(stop):
            turn = hand.turn
            assert turn is not None
            hand.play(club[turn].choose_play(hand.view(turn)))
        assert hand.turn is not None
        view = hand.view(hand.turn)
        deal += 1
        if len(view.legal) < 2:
            continue
        seed = rng.getrandbits(32)
        card = make_player(Level.EXPERT, seed).choose_play(view)
        found.append({"view": view.to_json(), "seed": seed, "card": str(card)})
    return found


if __name__ == "__main__":
    out = Path(__file__).with_name("expert_v020.json")
    data = {"version": __version__, "positions": positions(24)}
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out} from hearts {__version__}")
