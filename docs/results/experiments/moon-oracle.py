"""Scratch measurement (not a tool): how many of the moons the Expert conceded
could other defenders have stopped, once the cards were passed.

    python docs/results/experiments/moon-oracle.py RESULTS MODE [--hands N] [--fear F]

RESULTS is a `hearts-arena match expert shooter` results file. Every hand in
which a shooter seat shot the moon is played again from its recorded pass: the
shooter seats replay with their recorded seeds (so they play as recorded for as
long as the defence does), and the Expert seats are played by MODE:

- ``expert``: the Expert with its recorded seed (a check of the replay: every
  moon comes back);
- ``reseed``: the Expert with another seed (the control: how many moons a mere
  change of play stops, since a shot is fragile);
- ``told``: the Expert told from the first trick which seat shoots (its watched
  deals are all of its deals);
- ``told-passer``: only the Expert seat that passed to the shooter is told (the
  other, which the shooter passed to, often has a strong sign of its own);
- ``seeing``: a defender that sees every card and knows the shooter, trying each
  of its distinct legal cards on 48 playouts of the real deal (the shooter plays
  to shoot in them) and pricing the shooter's moon as the Expert's
  ``moon_fear`` does, at ``--fear`` (default 1.0, the Expert's) hands' value.

With ``signs`` nothing is played again: it counts the hands in which a seat of
the Expert had a strong sign on the shooter (``hearts.ai.search.moon_threat``)
at its first play.

Not honest players, except the first two: only a measurement of where the
conceded moons could be stopped.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import hearts.ai.search as search
from hearts.ai import Level, make_player
from hearts.ai.kit import RuleKit, rule_kit
from hearts.ai.players import BUDGETS, SearchPlayer
from hearts.ai.shooter import ShooterPlayer
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.records import read_records

MOON_THREAT = search.moon_threat
PLAYOUTS = 48


def seeing_play(hand: Hand, seat: Seat, shooter: int, kit: RuleKit, rng: random.Random,
                fear: float) -> Card:
    """The card that does best on playouts of the real deal."""
    view = hand.view(seat)
    if len(view.legal) == 1:
        return view.legal[0]
    s = Situation.of(view)
    world = [0, 0, 0, 0]
    for other in Seat:
        for card in hand.holding(other):
            world[int(other)] |= card.bit
    seeds = [rng.getrandbits(32) for _ in range(PLAYOUTS)]
    best, best_total = -1, 0.0
    for card in search._distinct(s.legal, s.hand, s.played, kit):
        total = 0.0
        for seed in seeds:
            points = search.outcome(s, world, card, kit, seed, 0.1, 1 << shooter, 0, True)
            shot = points[shooter] <= 0 and all(points[o] >= kit.value - 10
                                                for o in range(4) if o != shooter)
            total += 4 * fear * kit.value * shot + 4 * points[int(seat)] - sum(points)
        if best < 0 or total < best_total:
            best, best_total = card, total
    return Card.from_index(best)


def _signed_at_once(record: dict[str, object], ours: set[Seat], shooter: int) -> bool:
    """Whether a seat of ``ours`` had a strong sign on ``shooter`` at its first play."""
    hand = Hand.from_record({**record, "plays": []})
    first: set[Seat] = set()
    for text in record["plays"]:  # type: ignore[attr-defined]
        seat = hand.turn
        if seat in ours and seat not in first:
            first.add(seat)
            if MOON_THREAT(Situation.of(hand.view(seat))) == (shooter, True):
                return True
        hand.play(Card.parse(text))
    return False


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("results", type=Path)
    parser.add_argument("mode", choices=("expert", "reseed", "told", "told-passer", "seeing",
                                         "signs"))
    parser.add_argument("--hands", type=int, default=10**6)
    parser.add_argument("--fear", type=float, default=1.0)
    args = parser.parse_args()
    replayed = stopped = 0
    for source in read_records(args.results):
        record = source.record
        ours = {Seat.parse(p["seat"]) for p in record["players"] if p["player"] == "expert"}
        full = Hand.from_record(record)
        if full.shooter is None or full.shooter in ours:
            continue
        shooter = int(full.shooter)
        if args.mode == "signs":
            replayed += 1
            stopped += _signed_at_once(record, ours, shooter)
            continue
        seeds = {Seat.parse(p["seat"]): p["seed"] for p in record["players"]}
        kit = rule_kit(full.rules)
        rng = random.Random(record["seed"])
        players = {seat: ShooterPlayer(seeds[seat]) for seat in Seat if seat not in ours}
        passer = next((seat for seat in ours if full.pass_direction.target(seat) == full.shooter),
                      None)
        for seat in ours:
            if args.mode == "expert" or (args.mode == "told-passer" and seat != passer):
                players[seat] = make_player(Level.EXPERT, seeds[seat])
            elif args.mode == "reseed":
                players[seat] = make_player(Level.EXPERT, seeds[seat] + 1)
            elif args.mode in ("told", "told-passer"):
                budget = BUDGETS[Level.EXPERT]._replace(moon_watch=1.0)
                players[seat] = SearchPlayer(Level.EXPERT, seeds[seat], budget)
        if args.mode == "told":
            search.moon_threat = lambda s, seat=shooter: (seat, True)  # type: ignore[misc]
        elif args.mode == "told-passer" and passer is not None:
            search.moon_threat = (  # type: ignore[misc]
                lambda s, seat=shooter, me=int(passer):
                (seat, True) if s.me == me else MOON_THREAT(s))
        else:
            search.moon_threat = MOON_THREAT
        hand = Hand.from_record({**record, "plays": []})
        while hand.turn is not None:
            seat = hand.turn
            if seat in ours and args.mode == "seeing":
                card = seeing_play(hand, seat, shooter, kit, rng, args.fear)
            else:
                card = players[seat].choose_play(hand.view(seat))
            hand.play(card)
        replayed += 1
        stopped += hand.shooter is None or hand.shooter in ours
        if replayed >= args.hands:
            break
    if args.mode == "signs":
        print(f"signs: {replayed} conceded moons, a strong sign on the shooter at a seat's "
              f"first play in {stopped}")
    else:
        print(f"{args.mode}: {replayed} conceded moons played again, {stopped} stopped")


if __name__ == "__main__":
    main()
