"""``python -m hearts.bench store``: how long a save takes, and how long the
statistics take over 10,000 stored hands.

Numbers, not tests: everything runs in a temporary folder.
"""

from __future__ import annotations

import os
import random
import statistics as stats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hearts.cards import Card, Seat
from hearts.hand import SeatPlayer
from hearts.levels import LEVEL_NAMES
from hearts.match import Match
from hearts.rules import Rules
from hearts.store.stats import statistics
from hearts.store.store import ENV_VAR, FILE_NAME, Store
from hearts.view import Phase

__all__ = ["bench_store"]

_QS = Card.parse("QS")


def _play(store: Store, rng: random.Random, every_card: bool, times: list[float],
          hands_wanted: int | None = None) -> int:
    """Play one match at random (to 100), saving after every pass and card, or
    only after each hand; returns the hands played."""
    level = rng.choice(LEVEL_NAMES)
    match = Match(Rules(), rng.getrandbits(48))
    table = {"stage": "playing", "chosen": [], "cursor": 0, "seed": 1, "games": 0, "deals": 1}

    def save() -> None:
        start = time.perf_counter()
        store.save(match, table)
        times.append(time.perf_counter() - start)

    while not match.over and (hands_wanted is None or len(match.hands) < hands_wanted):
        hand = match.deal()
        hand.players = (SeatPlayer("human"),
                        *(SeatPlayer(level, rng.getrandbits(30)) for _ in range(3)))
        for seat in Seat:
            hand.pass_cards(seat, rng.sample([c for c in hand.holding(seat) if c != _QS], 3))
        if every_card:
            save()
        while hand.phase is not Phase.OVER:
            hand.play(rng.choice(hand.legal_plays()))
            if every_card:
                save()
        if not every_card:
            save()
    if not match.over:
        store.abandon()
    return len(match.hands)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def bench_store(seed: int, hands: int = 10_000) -> None:
    """Print the save time (median, 95th percentile) and the statistics time over
    ``hands`` stored hands, query and whole ``hearts stats`` command."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as folder:
        store = Store.open(folder)
        times: list[float] = []
        while len(times) < 2000:
            _play(store, rng, True, times)
        times.sort()
        print(f"save after a card : median {_ms(stats.median(times))}, "
              f"95th percentile {_ms(times[int(len(times) * 0.95)])}, "
              f"max {_ms(times[-1])} ({len(times)} saves)")
        store.close()

    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as folder:
        store = Store.open(folder)
        stored = 0
        filling: list[float] = []
        while stored < hands:
            stored += _play(store, rng, False, filling, hands - stored)
        db = store.connection
        assert db is not None
        counted = db.execute("SELECT count(*) FROM hands").fetchone()[0]
        matches = db.execute("SELECT count(*) FROM matches").fetchone()[0]
        size = Path(folder, FILE_NAME).stat().st_size
        print(f"store filled      : {counted:,} hands in {matches:,} matches, "
              f"{size / 1e6:.1f} MB")
        query = []
        for _ in range(7):
            start = time.perf_counter()
            statistics(db)
            query.append(time.perf_counter() - start)
        store.close()
        print(f"statistics query  : median {_ms(stats.median(query))}, "
              f"best {_ms(min(query))} (7 runs)")
        opening = []
        for _ in range(5):
            start = time.perf_counter()
            Store.open(folder).close()
            opening.append(time.perf_counter() - start)
        print(f"open with check   : median {_ms(stats.median(opening))} "
              "(integrity check included; the game does this on start)")
        command = []
        env = {**os.environ, ENV_VAR: folder}
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "hearts", "stats"], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            command.append(time.perf_counter() - start)
        print(f"hearts stats      : median {_ms(stats.median(command))}, "
              f"best {_ms(min(command))} (3 runs, whole command with Python's start)")
