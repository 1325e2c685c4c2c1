"""Playouts that play like people, measured offline (issue 66, part 2).

    python lab/tools/playout_measure.py calibrate FILE [FILE ...] --split 1 --out ROWS.jsonl
        [--per-hand 3] [--deals 200] [--seed 6621]
    python lab/tools/playout_measure.py rank FILE [FILE ...] --split 2 --policy T1_eps0.1
        --out ROWS.jsonl [--per-hand 2] [--positions 300] [--scale 10] [--seed 6622]
    python lab/tools/playout_measure.py weights FILE [FILE ...] --split 2 --out ROWS.jsonl
    python lab/tools/playout_measure.py report-calibration ROWS.jsonl
    python lab/tools/playout_measure.py report-rank ROWS.jsonl
    python lab/tools/playout_measure.py report-weights ROWS.jsonl

Each FILE is an arena results file; ``--split`` takes its hands of one split of the
deals (:func:`play_rows.split_of`: 0 training, 1 validation, 2 test). Positions
are decisions from the fourth trick on (card 12 of the hand and later), ``--per-hand``
of them drawn at random from each hand (``--seed``).

``calibrate``: at each position the seat's card as really played, then the hand
played out on ``--deals`` deals sampled from that seat's view as the Expert
samples them (its guesses of what the others lack, ``trust`` 0.5) and weighed as
it weighs them (judgement's miss factor 0.5), with each playout policy: the
other seats by judgement (today's playout, a random card 10% of the time) or by
the learned model at a temperature T with a random share EPS (:mod:`model_playout`).
Our own seat plays judgement with the search's noise in every policy. Each
row keeps, per policy, every seat's predicted final points (the weighed mean),
its chance of shooting the moon and of each bin of points, and the real hand's.

``rank``: at each position with two or more candidate cards
(:func:`hearts.ai.search.candidates`, the Expert's width), every candidate is
played out on the Expert's number of deals (its ``deals``, ``late_deals`` from six
cards left; dealt and weighed as :func:`hearts.ai.search.search_play`'s first
round does, its moon watch, moon fear, queen charge and guard included, but one
round, no prior for judgement's card and the hand's points as the objective)
with judgement playouts and with ``--policy``, then on ``--scale`` times as many
fresh deals with each (the references); ``--weighing model50`` weighs the deals
as issue 55's Expert with the learned model did (``--policy judgement``: only
judgement's playouts). Each row keeps every candidate's
weighed mean score per policy, per set of deals and per softening of the deal
weights (each raw weight to the power alpha), and the deals' effective number;
and a second reference with judgement on other fresh deals (``ref2_judgement``:
how often two deep searches agree, the ceiling of any agreement).

``weights``: at ``rank``'s positions, on its Expert's deals, the effective number
of deals (:func:`ess`) under the Expert's weights and under issue 55's weighing
by the learned model of play (:data:`WEIGHINGS`), each softened by every alpha.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from model_playout import ModelPolicy, outcome_with
from play_rows import records, split_of
from replay import replayed

from hearts.ai import Level
from hearts.ai.inference import Plays, lacks_of_view, observations_of_view
from hearts.ai.kit import RuleKit, rule_kit
from hearts.ai.objective import hand_score
from hearts.ai.players import BUDGETS
from hearts.ai.playmodel import default_play_model
from hearts.ai.sampling import sample_deal, sample_deal_guessing
from hearts.ai.search import candidates, queen_charge, watch_share
from hearts.ai.situation import Situation
from hearts.cards import Card
from hearts.hand import Hand

EXPERT = BUDGETS[Level.EXPERT]
ALPHAS = (1.0, 0.5, 0.25)
"""The softenings of the deal weights tried: each raw weight to this power."""
BINS = (0, 1, 5, 13, 10**9)
"""Bins of a seat's final points (a moon's full value lands in the last): 0, 1-4, 5-12, 13+."""
GRID = tuple(ModelPolicy(t, e) for t in (0.25, 0.5, 1.0, 2.0) for e in (0.0, 0.1))
"""The calibration's model policies, beside judgement."""


def policy_named(name: str) -> ModelPolicy | None:
    """``judgement`` (None: the compiled playout) or ``T<t>_eps<e>``."""
    if name == "judgement":
        return None
    t, e = name[1:].split("_eps")
    return ModelPolicy(float(t), float(e))


def name_of(policy: ModelPolicy | None) -> str:
    """The inverse of :func:`policy_named`."""
    return "judgement" if policy is None else policy.name


def positions(paths: Sequence[Path], split: int, per_hand: int, seed: int, need_choice: bool
              ) -> Iterator[tuple[int, int, dict[str, Any], Hand]]:
    """(hand number, card number, record, hand before that card) at ``per_hand``
    random decisions from the fourth trick on of each hand of ``split``, file after
    file (the hands of the second file numbered from 1,000,000, and so on)."""
    rng = random.Random(seed)
    numbered = ((index * 10**6 + number, record) for index, path in enumerate(paths)
                for number, record in enumerate(records(path)))
    for number, record in numbered:
        if split_of(record) != split:
            continue
        kit = rule_kit(Hand.from_record({**record, "plays": []}).rules)
        eligible = []
        for card, seat, hand in replayed(record):
            if 12 <= card < 48:
                view = hand.view(seat)
                s = Situation.of(view)
                if not need_choice or len(candidates(s, kit, EXPERT.width)) > 1:
                    eligible.append(card)
        chosen = set(rng.sample(eligible, min(per_hand, len(eligible))))
        for card, _seat, hand in replayed(record):
            if card in chosen:
                yield number, card, record, hand


class Deals:
    """Deals sampled from a view and weighed as the Expert's search does (with
    ``power``, also by the learned model of play to that power, as issue 55's
    ``Budget.model``, each play's chance at least ``Budget.floor``)."""

    def __init__(self, view: Any, kit: RuleKit, rng: random.Random, watch: bool,
                 power: float = 0.0) -> None:
        self.s = s = Situation.of(view)
        lacks = lacks_of_view(view, kit)
        self.guided = bool(EXPERT.trust and any(lacks))
        self.lacks = lacks
        self.plays = Plays(observations_of_view(view), kit)
        self.threat = watch_share(s, EXPERT) if watch else (-1, 0.0)
        self.rng = rng
        self.power = power

    def draw(self) -> tuple[list[int], bool, float, int]:
        """A deal, whether its suspect plays to shoot, the log of its raw weight and a
        playout seed."""
        seat, watch = self.threat
        shot = bool(watch) and self.rng.random() < watch
        if shot:
            world = sample_deal_guessing(self.s, self.rng, self.lacks, EXPERT.trust, seat,
                                         EXPERT.tilt)
        elif self.guided:
            world = sample_deal_guessing(self.s, self.rng, self.lacks, EXPERT.trust)
        else:
            world = sample_deal(self.s, self.rng, True)
        weight = self.plays.likelihood(world, EXPERT.miss, seat if shot else -1)
        logged = math.log(weight) if weight > 0 else -math.inf
        if self.power:
            logged += self.power * self.plays.log_likelihood(
                world, default_play_model().weights, math.log(EXPERT.floor),
                seat if shot else -1)
        return world, shot, logged, self.rng.getrandbits(32)


def weights_of(logs: Sequence[float], shots: Sequence[bool], alpha: float) -> list[float]:
    """The raw weights (given as logs) to the power ``alpha``, each kind of deal
    (shot or not) scaled to its share of the deals, as :func:`hearts.ai.search._round`
    does."""
    top = max(logs)
    powered = [math.exp(alpha * (x - top)) if x > -math.inf else 0.0 for x in logs]
    out = list(powered)
    for kind in (False, True):
        total = sum(w for w, shot in zip(powered, shots, strict=True) if shot is kind)
        count = sum(1 for shot in shots if shot is kind)
        if total > 0:
            for i, shot in enumerate(shots):
                if shot is kind:
                    out[i] = powered[i] * count / total
    return out


def ess(weights: Sequence[float]) -> float:
    """The effective number of deals: (sum w)^2 / sum w^2."""
    square = sum(w * w for w in weights)
    return sum(weights) ** 2 / square if square else 0.0


def _moon_seat(points: Sequence[int], value: int) -> int:
    for seat in range(4):
        if points[seat] <= 0 and all(points[o] >= value - 10 for o in range(4) if o != seat):
            return seat
    return -1


def _bin(points: int) -> int:
    return next(i for i in range(len(BINS) - 1) if BINS[i] <= points < BINS[i + 1]) \
        if points >= 0 else 0


def calibrate(args: argparse.Namespace) -> int:
    """Write one row per position: the policies' predicted outcomes and the real one."""
    policies: list[ModelPolicy | None] = [None, *GRID]
    started = time.process_time()
    count = 0
    with open(args.out, "w") as out:
        for number, card_number, record, hand in positions(args.files, args.split, args.per_hand,
                                                           args.seed, False):
            seat = hand.turn
            assert seat is not None
            view = hand.view(seat)
            kit = rule_kit(hand.rules)
            me = int(seat)
            card = Card.parse(record["plays"][card_number]).index
            final = Hand.from_record(record)
            real = [final.points[(me + r) & 3] for r in range(4)]
            real_moon = -1 if final.shooter is None else (int(final.shooter) - me) & 3
            deals = Deals(view, kit, random.Random(args.seed * 1000003 + number * 64
                                                   + card_number), watch=False)
            drawn = [deals.draw() for _ in range(args.deals)]
            weights = weights_of([d[2] for d in drawn], [d[1] for d in drawn], 1.0)
            total = sum(weights)
            row: dict[str, Any] = {"hand": number, "card": card_number, "seat": me,
                                   "real": real, "real_moon": real_moon,
                                   "ess": ess(weights) / len(weights), "policies": {}}
            for policy in policies:
                mean = [0.0] * 4
                moon = [0.0] * 4
                bins = [[0.0] * (len(BINS) - 1) for _ in range(4)]
                for (world, _shot, _raw, seed), w in zip(drawn, weights, strict=True):
                    points = outcome_with(policy, deals.s, world, card, kit, seed,
                                          EXPERT.noise)
                    shooter = _moon_seat(points, kit.value)
                    for r in range(4):
                        p = points[(me + r) & 3]
                        mean[r] += w * p
                        bins[r][_bin(p)] += w
                    if shooter >= 0:
                        moon[(shooter - me) & 3] += w
                row["policies"][name_of(policy)] = {
                    "mean": [x / total for x in mean], "moon": [x / total for x in moon],
                    "bins": [[x / total for x in b] for b in bins]}
            out.write(json.dumps(row) + "\n")
            count += 1
            if count % 50 == 0:
                print(f"{count} positions, {time.process_time() - started:.0f} s CPU",
                      file=sys.stderr)
    print(f"{count} positions, {time.process_time() - started:.0f} s CPU", file=sys.stderr)
    return 0


def _scored(deals: Deals, drawn: Sequence[tuple[list[int], bool, float, int]],
            options: Sequence[int], policy: ModelPolicy | None, kit: RuleKit,
            score: Callable[[tuple[int, ...]], float]) -> dict[str, list[float]]:
    """Each option's weighed mean score on ``drawn`` per softening alpha."""
    seat = deals.threat[0]
    charge = queen_charge(EXPERT.queen_fear, kit)
    scores = [[0.0] * len(drawn) for _ in options]
    for index, (world, shot, _raw, seed) in enumerate(drawn):
        shooters = 1 << seat if shot else 0
        for position, card in enumerate(options):
            scores[position][index] = score(outcome_with(
                policy, deals.s, world, card, kit, seed, EXPERT.noise, shooters, charge,
                EXPERT.guard))
    found: dict[str, list[float]] = {}
    shots = [d[1] for d in drawn]
    for alpha in ALPHAS:
        weights = weights_of([d[2] for d in drawn], shots, alpha)
        total = sum(weights)
        found[f"{alpha:g}"] = [sum(w * x for w, x in zip(weights, column, strict=True)) / total
                               for column in scores]
    return found


def rank(args: argparse.Namespace) -> int:
    """Write one row per position: each candidate's scores by policy and deals."""
    model = policy_named(args.policy)
    policies = [None] if model is None else [None, model]
    power = dict(WEIGHINGS)[args.weighing]
    started = time.process_time()
    count = 0
    with open(args.out, "w") as out:
        for number, card_number, record, hand in positions(args.files, args.split, args.per_hand,
                                                           args.seed, True):
            if count >= args.positions:
                break
            seat = hand.turn
            assert seat is not None
            view = hand.view(seat)
            kit = rule_kit(hand.rules)
            s = Situation.of(view)
            options = candidates(s, kit, EXPERT.width)
            me = s.me
            fear = 4 * EXPERT.moon_fear * kit.value
            value = kit.value

            def score(points: tuple[int, ...], me: int = me, fear: float = fear,
                      value: int = value) -> float:
                result: float = hand_score(points, me)
                if points[me] >= value - 10:
                    shooter = _moon_seat(points, value)
                    if shooter >= 0 and shooter != me:
                        result += fear
                return result

            count_deals = EXPERT.deals + (EXPERT.late_deals if s.hand.bit_count() <= 6 else 0)
            row: dict[str, Any] = {"hand": number, "card": card_number, "seat": me,
                                   "options": options, "deals": count_deals, "scale": args.scale,
                                   "weighing": args.weighing,
                                   "played": Card.parse(record["plays"][card_number]).index}
            for label, size, salt in (("base", count_deals, 1), ("ref", args.scale * count_deals,
                                                                 2)):
                deals = Deals(view, kit, random.Random(
                    (args.seed * 1000003 + number * 64 + card_number) * 4 + salt), watch=True,
                    power=power)
                drawn = [deals.draw() for _ in range(size)]
                shots = [d[1] for d in drawn]
                row[f"{label}_ess"] = {f"{a:g}": ess(weights_of([d[2] for d in drawn], shots, a))
                                       / size for a in ALPHAS}
                row[f"{label}_shots"] = sum(shots)
                for policy in policies:
                    row[f"{label}_{name_of(policy)}"] = _scored(deals, drawn, options, policy,
                                                                kit, score)
            # A second deep search with judgement on other fresh deals: how far two
            # references agree with each other (the ceiling of any agreement).
            deals = Deals(view, kit, random.Random(
                (args.seed * 1000003 + number * 64 + card_number) * 4 + 3), watch=True,
                power=power)
            drawn = [deals.draw() for _ in range(args.scale * count_deals)]
            row["ref2_judgement"] = _scored(deals, drawn, options, None, kit, score)
            out.write(json.dumps(row) + "\n")
            out.flush()
            count += 1
            if count % 10 == 0:
                print(f"{count} positions, {time.process_time() - started:.0f} s CPU",
                      file=sys.stderr)
    print(f"{count} positions, {time.process_time() - started:.0f} s CPU", file=sys.stderr)
    return 0


WEIGHINGS = (("expert", 0.0), ("model50", 0.5), ("model100", 1.0))
"""The weighings whose effective number of deals ``weights`` logs: the Expert's
(judgement's miss factor 0.5), and issue 55's learned model of play to the power
0.5 or 1 (each play's chance at least 0.02) times the same miss factor."""


def weights(args: argparse.Namespace) -> int:
    """Write one row per position of ``rank`` (the same positions and, for the
    Expert's count, the same deals): the effective number of deals, as a share,
    under each weighing and softening."""
    table = default_play_model().weights
    floor = math.log(EXPERT.floor)
    with open(args.out, "w") as out:
        for count, (number, card_number, _record, hand) in enumerate(positions(
                args.files, args.split, args.per_hand, args.seed, True)):
            if count >= args.positions:
                break
            seat = hand.turn
            assert seat is not None
            view = hand.view(seat)
            kit = rule_kit(hand.rules)
            s = Situation.of(view)
            size = EXPERT.deals + (EXPERT.late_deals if s.hand.bit_count() <= 6 else 0)
            deals = Deals(view, kit, random.Random(
                (args.seed * 1000003 + number * 64 + card_number) * 4 + 1), watch=True)
            drawn = [deals.draw() for _ in range(size)]
            shots = [d[1] for d in drawn]
            suspect = deals.threat[0]
            row: dict[str, Any] = {"hand": number, "card": card_number, "deals": size,
                                   "seen": len(deals.plays.rows), "ess": {}}
            for name, power in WEIGHINGS:
                if power:
                    logs = [power * deals.plays.log_likelihood(
                        world, table, floor, suspect if shot else -1) + logged
                        for world, shot, logged, _seed in drawn]
                else:
                    logs = [d[2] for d in drawn]
                for alpha in ALPHAS:
                    row["ess"][f"{name}_{alpha:g}"] = ess(weights_of(logs, shots, alpha)) / size
            out.write(json.dumps(row) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)

    def positions(name: str, split: int, per_hand: int) -> argparse.ArgumentParser:
        """A command reading positions from the results files given."""
        command = commands.add_parser(name)
        command.add_argument("files", type=Path, nargs="+")
        command.add_argument("--split", type=int, default=split)
        command.add_argument("--per-hand", type=int, default=per_hand)
        return command

    def written(command: argparse.ArgumentParser, seed: int) -> None:
        """Its seed and the file its rows go to."""
        command.add_argument("--seed", type=int, default=seed)
        command.add_argument("--out", type=Path, required=True)

    one = positions("calibrate", 1, 3)
    one.add_argument("--deals", type=int, default=200)
    written(one, 6621)
    two = positions("rank", 2, 2)
    two.add_argument("--positions", type=int, default=300)
    two.add_argument("--scale", type=int, default=10)
    two.add_argument("--policy", default="T1_eps0.1", help="judgement: that alone")
    two.add_argument("--weighing", default="expert", choices=[w[0] for w in WEIGHINGS])
    written(two, 6622)
    four = positions("weights", 2, 2)
    four.add_argument("--positions", type=int, default=300)
    written(four, 6622)
    for name in ("report-calibration", "report-rank", "report-weights"):
        three = commands.add_parser(name)
        three.add_argument("rows", type=Path)
    args = parser.parse_args(argv)
    if args.command == "calibrate":
        return calibrate(args)
    if args.command == "rank":
        return rank(args)
    if args.command == "weights":
        return weights(args)
    from playout_report import report_calibration, report_rank, report_weights
    return {"report-calibration": report_calibration, "report-rank": report_rank,
            "report-weights": report_weights}[args.command](args.rows)


if __name__ == "__main__":
    sys.exit(main())
