"""A game process without the UI, for the two-process test: it opens the store,
prints ``owner`` or ``guest``, waits for a line on stdin, then plays a match at
random saving after every card, and prints ``done ID HANDS``.

Run: python child_match.py DATA_DIR SEED
"""

from __future__ import annotations

import random
import sys

from hearts import Card, Match, Phase, Rules, Seat, SeatPlayer
from hearts.store import Store

QS = Card.parse("QS")


def main(data_dir: str, seed: int) -> None:
    store = Store.open(data_dir)
    print("owner" if store.owner else "guest", flush=True)
    sys.stdin.readline()
    rng = random.Random(seed)
    match = Match(Rules(target=100), seed)
    while not match.over:
        hand = match.deal()
        hand.players = (SeatPlayer("human"), *(SeatPlayer("club", s) for s in (1, 2, 3)))
        for seat in Seat:
            hand.pass_cards(seat, [c for c in hand.holding(seat) if c != QS][:3])
        while hand.phase is not Phase.OVER:
            hand.play(rng.choice(hand.legal_plays()))
            notice = store.save(match, {"stage": "playing"})
            assert notice is None, notice
    db = store.connection
    assert db is not None
    (match_id,) = db.execute("SELECT max(id) FROM matches WHERE seed = ?", (seed,)).fetchone()
    print("done", match_id, len(match.hands), flush=True)
    store.close()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
