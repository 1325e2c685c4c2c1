"""``python -m hearts.review.bench``: how long a full review of a hand takes.

A few hands are dealt from fixed seeds and played by Club players, then each is
reviewed whole (every decision of all four seats) at the given depth in the
given number of worker processes. For each hand it prints the wall time, the
processor time of this process and its workers together, and the decisions
judged; the goal is at most 5 seconds a hand on two cores at the default depth.
"""

from __future__ import annotations

import argparse
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from hearts.ai import make_player
from hearts.ai.levels import Level
from hearts.cards import Seat
from hearts.hand import Hand, HandRecord, SeatPlayer
from hearts.review.analysis import review_hand
from hearts.review.cli import DEFAULT_JOBS
from hearts.review.verdict import DEFAULT_DEPTH
from hearts.rules import PassDirection, Rules
from hearts.view import Phase

__all__ = ["bench_hand", "main", "play_hand"]

_DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS)


def play_hand(seed: int, level: Level = Level.CLUB,
              direction: PassDirection | None = None) -> Hand:
    """A hand dealt from ``seed`` and played to the end by four players of ``level``
    (passing left, right and across in turn by seed unless ``direction`` says)."""
    direction = _DIRECTIONS[seed % 3] if direction is None else direction
    hand = Hand.deal(Rules(), seed, pass_direction=direction)
    players = [make_player(level, 4 * seed + seat) for seat in range(4)]
    hand.players = tuple(SeatPlayer(level.name.lower(), 4 * seed + seat) for seat in range(4))
    if hand.phase is Phase.PASSING:
        for seat in Seat:
            hand.pass_cards(seat, players[seat].choose_pass(hand.view(seat)))
    while hand.turn is not None:
        hand.play(players[hand.turn].choose_play(hand.view(hand.turn)))
    return hand


def bench_hand(seed: int) -> HandRecord:
    """The record of a hand of :func:`play_hand` by Club players."""
    return play_hand(seed).to_record()


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str] | None = None) -> int:
    """Time the reviews; the exit status."""
    parser = argparse.ArgumentParser(prog="python -m hearts.review.bench",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("--hands", type=int, default=3, help="hands reviewed (default 3)")
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH,
                        help=f"sampled deals a choice (default {DEFAULT_DEPTH})")
    parser.add_argument("--jobs", type=int, default=DEFAULT_JOBS,
                        help=f"worker processes (default {DEFAULT_JOBS})")
    args = parser.parse_args(argv)
    records = [bench_hand(seed) for seed in range(1, args.hands + 1)]
    print(f"Full reviews (4 seats) at depth {args.depth}, {args.jobs} process(es):")
    walls = []
    for number, record in enumerate(records, 1):
        start, cpu = time.perf_counter(), _cpu()
        # A pool a hand, so its workers' processor time is counted when it closes.
        with ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else _nothing() as pool:
            review = review_hand(record, list(Seat), 0, args.depth, pool)
        wall = time.perf_counter() - start
        judged = sum(1 for d in review.decisions if d.verdict != "forced")
        walls.append(wall)
        print(f"  hand {number}: {wall:6.1f} s wall, {_cpu() - cpu:6.1f} s processor, "
              f"{judged} decisions judged of {len(review.decisions)}")
    print(f"  mean {sum(walls) / len(walls):.1f} s a hand, slowest {max(walls):.1f} s")
    return 0


class _nothing:
    """A stand-in for the pool when the review runs in this process."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


if __name__ == "__main__":
    raise SystemExit(main())
