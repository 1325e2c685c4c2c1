"""Hands of every kind a record is made of, played the same way by any version of
the engine (only the public API, random legal moves from fixed seeds): the
golden file ``data/hand_records.jsonl`` holds their records as the engine wrote
them before :class:`hearts.hand.HandRecord` (``python -m tests.engine.record_kinds
> tests/engine/data/hand_records.jsonl`` wrote it), and the tests check today's
engine writes and reads them exactly so."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hearts import Card, Hand, PassDirection, Phase, Rules, RuleSet, Seat
from hearts.hand import SeatPlayer, StandIn


def _pass_all(hand: Hand, rng: random.Random, seats: list[Seat],
              queen: bool = False) -> None:
    for seat in seats:
        held = hand.holding(seat)
        queen_of_spades = Card.parse("QS")
        if queen and queen_of_spades in held:
            others = [c for c in held if c != queen_of_spades]
            hand.pass_cards(seat, [queen_of_spades, *rng.sample(others, 2)])
        else:
            allowed = [c for c in held if c != queen_of_spades or hand.rules.pass_queen]
            hand.pass_cards(seat, rng.sample(allowed, 3))


def _play(hand: Hand, rng: random.Random, plays: int | None = None) -> None:
    count = 0
    while hand.phase is Phase.PLAYING and (plays is None or count < plays):
        hand.play(rng.choice(hand.legal_plays()))
        count += 1


def kinds() -> dict[str, Hand]:
    """Every kind of hand, by name."""
    out: dict[str, Hand] = {}
    rng = random.Random(1)
    plain = Hand.deal(Rules(), random.Random(7), dealer=Seat.WEST, scores=(12, 40, 3, 0))
    _pass_all(plain, rng, list(Seat))
    _play(plain, rng)
    out["plain"] = plain

    named = Hand.deal(Rules(target=50), 2024, dealer=Seat.NORTH,
                      pass_direction=PassDirection.ACROSS)
    named.players = (SeatPlayer("human", name="Ann"), SeatPlayer("expert", 11),
                     SeatPlayer("human", name="Bob"), SeatPlayer("cmd:./bot", 5, "bot 1.2"))
    _pass_all(named, rng, [Seat.EAST, Seat.SOUTH, Seat.NORTH, Seat.WEST])
    _play(named, rng)
    named.stand_ins = [StandIn(Seat.NORTH, None, "club", 77),
                       StandIn(Seat.NORTH, 9, "club", 77),
                       StandIn(Seat.SOUTH, 30, "human", None, "Cat")]
    named.assisted = {Seat.NORTH, Seat.SOUTH}
    out["seed, players, stand-ins, assisted"] = named

    classic = Hand.deal(RuleSet.CLASSIC.rules(), 5, pass_direction=PassDirection.RIGHT)
    _pass_all(classic, rng, list(Seat), queen=True)
    _play(classic, rng)
    out["classic, the queen of spades passed"] = classic

    old = Hand.deal(replace(RuleSet.CLASSIC.rules(), pass_queen=False), 6)
    old.players = tuple(SeatPlayer("club", seat) for seat in range(4))
    _pass_all(old, rng, list(Seat))
    _play(old, rng)
    out["classic as 0.3.0 recorded it (no pass_queen)"] = old

    hold = Hand.deal(Rules(scoring=RuleSet.OMNIBUS.rules().scoring, jack_of_diamonds=True),
                     9, dealer=Seat.EAST, pass_direction=PassDirection.NONE)
    _play(hold, rng)
    out["hold hand"] = hold

    passing = Hand.deal(Rules(), 10, pass_direction=PassDirection.LEFT)
    _pass_all(passing, rng, [Seat.WEST, Seat.SOUTH])
    out["two passes made"] = passing

    playing = Hand.deal(Rules(first_trick=True, leading_hearts=True), 11)
    _pass_all(playing, rng, list(Seat))
    _play(playing, rng, 23)
    playing.players = (SeatPlayer("human"), SeatPlayer("casual", 1), SeatPlayer("casual", 2),
                       SeatPlayer("casual", 3))
    playing.stand_ins = [StandIn(Seat.SOUTH, 4, "beginner", 8)]
    out["in play"] = playing
    return out


if __name__ == "__main__":
    for name, hand in kinds().items():
        print(json.dumps({"kind": name, "record": hand.record()}))
