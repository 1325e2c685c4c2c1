"""Decision times of each level: ``python -m hearts.bench ai``.

Positions come from hands played by Club players from a seed, under the rules
given (the defaults unless told); every level then decides in the same positions.
Prints the median and 95th percentile time of a play decision, and of a pass
decision by judgement and by Expert's pass search.
"""

from __future__ import annotations

import random
import statistics
import time

from hearts.ai.levels import Level
from hearts.ai.players import make_player
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.rules import Rules
from hearts.view import Phase, PlayerView

__all__ = ["bench_ai", "sample_views"]

POSITIONS = {Level.BEGINNER: 400, Level.CASUAL: 400, Level.CLUB: 400, Level.STRONG: 200,
             Level.EXPERT: 100}
"""How many play decisions are timed per level."""

PASSES = {Level.CLUB: 100, Level.EXPERT: 40}
"""How many pass decisions are timed: judgement's (every judgement level and Strong
pass alike) and Expert's searched pass."""


def sample_views(rules: Rules, seed: int, count: int) -> list[PlayerView]:
    """``count`` views at decisions with a choice, spread over whole hands."""
    rng = random.Random(seed)
    views: list[PlayerView] = []
    deal = 0
    while len(views) < count * 3:
        hand = Hand.deal(rules, rng.getrandbits(64), dealer=Seat(deal % 4))
        players = [make_player(Level.CLUB, deal * 4 + seat) for seat in range(4)]
        for seat in Seat:
            hand.pass_cards(seat, players[seat].choose_pass(hand.view(seat)))
        while hand.phase is Phase.PLAYING:
            turn = hand.turn
            assert turn is not None
            view = hand.view(turn)
            if len(view.legal) > 1:
                views.append(view)
            hand.play(players[turn].choose_play(view))
        deal += 1
    rng.shuffle(views)
    return views[:count]


def _percentile(times: list[float], fraction: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench_ai(seed: int, rules: Rules | None = None) -> None:
    """Print median and 95th percentile decision times for every level."""
    rules = rules or Rules()
    views = sample_views(rules, seed, max(POSITIONS.values()))
    print(f"{'level':<9} {'decisions':>9} {'median':>10} {'p95':>10} {'max':>10}")
    for level in Level:
        player = make_player(level, seed)
        times = []
        for view in views[:POSITIONS[level]]:
            start = time.perf_counter()
            player.choose_play(view)
            times.append(time.perf_counter() - start)
        print(f"{level.label:<9} {len(times):>9} {statistics.median(times) * 1e3:>8.2f}ms"
              f" {_percentile(times, 0.95) * 1e3:>8.2f}ms {max(times) * 1e3:>8.2f}ms")
    pass_views = []
    rng = random.Random(seed)
    for _ in range(100):
        hand = Hand.deal(rules, rng.getrandbits(64))
        pass_views.append(hand.view(Seat.SOUTH))
    for level in (Level.CLUB, Level.EXPERT):
        player = make_player(level, seed)
        times = []
        for view in pass_views[:PASSES[level]]:
            start = time.perf_counter()
            player.choose_pass(view)
            times.append(time.perf_counter() - start)
        label = f"pass {level.label}"
        print(f"{label:<12} {len(times):>6} {statistics.median(times) * 1e3:>8.2f}ms"
              f" {_percentile(times, 0.95) * 1e3:>8.2f}ms {max(times) * 1e3:>8.2f}ms")
