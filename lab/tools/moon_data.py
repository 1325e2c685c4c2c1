"""Logged hands for the moon-threat model: many tables of mixed players.

    python lab/tools/moon_data.py OUT.jsonl --hands N --seed S [--jobs 2]

Hand ``i`` of seed ``S`` depends only on ``S`` and ``i``: its rules (house or
classic scoring, with or without the three restrictions), its pass direction
(left, right, across or none, a quarter each), its table (one of
:data:`TABLES`, by weight, turned round to a random seat) and every seat's
seed are drawn from ``stable_seed(S, i)``. Each finished hand's record
(:meth:`hearts.hand.Hand.record`, players named) is appended to ``OUT`` as one
JSON line; running again carries on from the hands already there (a line cut
short is played again). ``hearts-arena show OUT --hand N`` prints one.

The recipe is :data:`TABLES` and :data:`RULES`; ``lab/Makefile``'s
``moon-data`` target names the seeds and counts the model was trained on.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

from hearts.arena.players import Settings, parse_player, seat_player, seat_record
from hearts.arena.referee import referee_hand
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules, Scoring
from hearts.seeds import stable_seed

TABLES: tuple[tuple[float, tuple[str, ...]], ...] = (
    (3.0, ("expert", "shooter", "expert", "shooter")),
    (3.0, ("expert", "expert", "expert", "shooter")),
    (1.0, ("expert", "strong", "expert", "shooter")),
    (1.0, ("strong", "shooter", "club", "casual")),
    (1.0, ("expert", "strong", "club", "shooter")),
    (2.0, ("expert", "expert", "expert", "expert")),
    (1.5, ("expert", "strong", "expert", "strong")),
    (1.0, ("expert", "club", "strong", "casual")),
    (1.0, ("strong", "strong", "club", "club")),
    (1.0, ("club", "casual", "beginner", "club")),
)
"""The tables (weight, the four seats' players before they are turned round):
the shooter at most of them, since moons are what the model learns; the
Expert at most, since it is the seat the model serves; the lower levels for
the mistakes of real players."""

_RESTRICTED = {"first_lead": True, "leading_hearts": True, "first_trick": True}

RULES: tuple[tuple[float, dict[str, object]], ...] = (
    (3.0, {"scoring": Scoring.HOUSE}),
    (3.0, {"scoring": Scoring.CLASSIC, **_RESTRICTED}),
    (1.0, {"scoring": Scoring.CLASSIC}),
    (1.0, {"scoring": Scoring.HOUSE, **_RESTRICTED}),
)
"""The rules (weight, the fields of :class:`Rules` that differ from its defaults).
They are fields, not the arena's words, because release 0.2.0 plays the logged
hands and its words for rules differ from today's."""

DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)
"""The pass directions, each a quarter of the hands (none: the hold hand)."""


def _pick(rng: random.Random, weighted: Sequence[tuple[float, object]]) -> object:
    total = sum(weight for weight, _ in weighted)
    point = rng.random() * total
    for weight, item in weighted:
        point -= weight
        if point < 0:
            return item
    return weighted[-1][1]


def hand_plan(seed: int, number: int) -> tuple[Rules, PassDirection, tuple[str, ...], list[int]]:
    """Hand ``number``'s rules, pass direction, seat players and seat seeds."""
    rng = random.Random(stable_seed(seed, number))
    fields = _pick(rng, RULES)
    assert isinstance(fields, dict)
    rules = Rules(**fields)
    direction = DIRECTIONS[rng.randrange(4)]
    table = _pick(rng, TABLES)
    assert isinstance(table, tuple)
    turn = rng.randrange(4)
    seats = tuple(table[(seat + turn) % 4] for seat in range(4))
    seeds = [rng.getrandbits(48) for _ in range(4)]
    return rules, direction, seats, seeds


def play_hand(seed: int, number: int) -> dict[str, object]:
    """Play hand ``number`` of seed ``seed``; its record with a ``number`` field."""
    rules, direction, seats, seeds = hand_plan(seed, number)
    specs = [parse_player(name) for name in seats]
    settings = Settings()
    hand = Hand.deal(rules, stable_seed(seed, number, 1), dealer=Seat(number % 4),
                     pass_direction=direction)
    players = [seat_player(spec, s, rules, settings, "a") for spec, s in zip(specs, seeds,
                                                                            strict=True)]
    hand.players = tuple(seat_record(spec, s) for spec, s in zip(specs, seeds, strict=True))
    referee_hand(hand, players, [spec.label for spec in specs], f"hand {number}")
    return {"number": number, **hand.record()}


def _done(path: Path) -> set[int]:
    found: set[int] = set()
    if not path.exists():
        return found
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            found.add(int(json.loads(line)["number"]))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            continue
    return found


def generate(path: Path, hands: int, seed: int, jobs: int) -> Iterator[int]:
    """Play the hands missing from ``path``, appending each as it finishes; yields
    how many are done after each."""
    done = _done(path)
    if path.exists():
        text = path.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):
            path.write_text(text[: text.rfind("\n") + 1], encoding="utf-8")
    todo = iter(n for n in range(hands) if n not in done)
    count = len(done)
    with ProcessPoolExecutor(jobs) as executor, path.open("a", encoding="utf-8") as file:
        pending: set[Future[dict[str, object]]] = set()

        def fill() -> None:
            while len(pending) < 2 * jobs:
                number = next(todo, None)
                if number is None:
                    return
                pending.add(executor.submit(play_hand, seed, number))

        fill()
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                file.write(json.dumps(future.result()) + "\n")
                file.flush()
                count += 1
                yield count
            fill()


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="the JSON-lines file of hand records")
    parser.add_argument("--hands", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for count in generate(args.out, args.hands, args.seed, args.jobs):
        if count % 100 == 0:
            print(f"{count} of {args.hands} hands", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
