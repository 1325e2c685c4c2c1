"""The computer players' share of a server: ``python -m hearts.net.thinkbench``.

A public server's tables are mostly one person against three computer players
(the front page's game against the computer, today's deal), and what such a
server holds is set by the computer players' thinking far more than by its
sockets. Two measures:

``--levels``: the CPU time of a decision at each level on the same positions
(one process, one core), as decisions a second a core, and what one hand of a
table of one person and three computer players costs (three passes and 39
cards): how many such tables a core keeps playing at a person's pace.

``--tables N[,N...]``: N such tables at once, served as the table server serves
them (:class:`~hearts.net.tables.table.NetTable`, the computer players' decisions in
a pool of ``--processes`` processes, their saves written, no sockets: the
socket's share is :mod:`hearts.net.bench`'s), the person at each table playing
a random legal card ``--pace`` seconds after its turn comes. For ``--seconds``
after a warm-up it measures how long a decision takes from being asked to its
answer (waiting for a process, then thinking), how long the person waits from
their card to their next turn (the computer players' cards, their pauses
included), the pool's CPU time a decision, and how many decisions the
server's rule made at a lighter level (:mod:`hearts.net.tables.thinking`;
``--no-lighter`` measures without the rule).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from hearts.ai import Level, make_player
from hearts.ai.bench import sample_views
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.table import NetTable, TableConfig
from hearts.net.tables.thinking import Thinkers
from hearts.rules import Rules
from hearts.table import Decide
from hearts.table import events as ev
from hearts.view import Phase

__all__ = ["LevelCost", "TablesRun", "level_costs", "main", "run_tables"]

S = Seat.SOUTH


# --- decisions a second a core ---------------------------------------------------------


@dataclass(frozen=True)
class LevelCost:
    """What one level's decisions cost on one core."""

    level: str
    play_ms: float
    """Mean CPU milliseconds of a play decision."""
    play_p95_ms: float
    pass_ms: float
    """Mean CPU milliseconds of a pass decision."""
    decisions_a_second: float
    """Play decisions a second on one core."""
    hand_ms: float
    """A hand's decisions of three computer players at this level (3 passes, 39 cards)."""
    tables_a_core: float
    """Tables of one person and three such players a core keeps going, a hand
    lasting ``13 * pace`` seconds of the person's thinking and no more."""


def level_costs(positions: int = 60, pace: float = 2.0, seed: int = 1,
                levels: tuple[Level, ...] = tuple(Level)) -> list[LevelCost]:
    """Time every level's decisions on the same positions (CPU time, this process)."""
    rules = Rules()
    views = sample_views(rules, seed, positions)
    rng = random.Random(seed)
    pass_views = [Hand.deal(rules, rng.getrandbits(64)).view(S)
                  for _ in range(max(3, positions // 6))]
    costs = []
    for level in levels:
        player = make_player(level, seed)
        plays = []
        for view in views:
            start = time.process_time()
            player.choose_play(view)
            plays.append(time.process_time() - start)
        passes = []
        for view in pass_views:
            start = time.process_time()
            player.choose_pass(view)
            passes.append(time.process_time() - start)
        play_ms = statistics.fmean(plays) * 1e3
        pass_ms = statistics.fmean(passes) * 1e3
        hand_ms = 39 * play_ms + 3 * pass_ms
        ordered = sorted(plays)
        costs.append(LevelCost(
            level=level.name.lower(), play_ms=round(play_ms, 3),
            play_p95_ms=round(ordered[int(0.95 * (len(ordered) - 1))] * 1e3, 3),
            pass_ms=round(pass_ms, 3),
            decisions_a_second=round(1e3 / max(play_ms, 1e-6), 1),
            hand_ms=round(hand_ms, 1),
            tables_a_core=round(13 * pace * 1e3 / max(hand_ms, 1e-6), 1)))
    return costs


# --- tables at once ------------------------------------------------------------------------


@dataclass
class TablesRun:
    """What N tables of one person and three computer players did for a while."""

    tables: int
    level: str
    processes: int
    lighter_rule: bool
    seconds: float
    decisions: int = 0
    lighter: int = 0
    """Decisions made at a lighter level than the table's, by the server's rule."""
    decision_median_ms: float = 0.0
    decision_p95_ms: float = 0.0
    decision_worst_ms: float = 0.0
    wait_median_ms: float = 0.0
    """The person's wait from their card to their next turn in the hand."""
    wait_p95_ms: float = 0.0
    wait_worst_ms: float = 0.0
    pool_cpu_ms_a_decision: float = 0.0
    pool_busy: float = 0.0
    """The pool's CPU time over its processes' wall time (1: every process busy)."""
    cards: int = 0
    """Cards the people played in the measured time."""


class _Seat:
    """One table's person: plays a random legal card ``pace`` seconds after its turn,
    and times its wait for the next turn."""

    def __init__(self, net: NetTable, pace: float, seed: int, run: _Measure) -> None:
        self.net = net
        self.pace = pace
        self.rng = random.Random(seed)
        self.run = run
        self.holder = net.join("Ann", None, Outbox())
        self.sent_at: float | None = None
        self.sent_plays = 0
        self.moving = False
        self.stopped = False

    def look(self) -> None:
        """After every change: act when it is this person's turn."""
        if self.moving or self.stopped:
            return
        table = self.net.table
        hand = table.hand
        if hand is None or hand.phase is Phase.OVER:
            due = table.stage.value == "idle"
        elif hand.phase is Phase.PASSING:
            due = not table.passed(S)
        else:
            due = table.to_play(S)
        if not due:
            return
        if self.sent_at is not None and hand is not None and hand.phase is Phase.PLAYING \
                and len(hand.plays) > self.sent_plays + 1:  # computer players' cards between
            self.run.waited(time.monotonic() - self.sent_at)
        self.sent_at = None
        self.moving = True
        asyncio.get_running_loop().call_later(self.pace * self.rng.uniform(0.5, 1.5), self.act)

    def act(self) -> None:
        self.moving = False
        if self.stopped:
            return
        table = self.net.table
        hand = table.hand
        if hand is None or hand.phase is Phase.OVER:
            self.net.act(self.holder, ev.Deal(S))
        elif hand.phase is Phase.PASSING and not table.passed(S):
            self.net.act(self.holder, ev.Pass(S, tuple(self.rng.sample(hand.passable(S), 3))))
        elif table.to_play(S):
            self.sent_at, self.sent_plays = time.monotonic(), len(hand.plays)
            self.run.cards += 1
            self.net.act(self.holder, ev.Play(S, self.rng.choice(hand.legal_plays())))
        self.look()


class _Measure:
    """The times kept while measuring."""

    def __init__(self) -> None:
        self.on = False
        self.decisions: list[float] = []
        self.waits: list[float] = []
        self.cards = 0

    def waited(self, seconds: float) -> None:
        if self.on:
            self.waits.append(seconds)

    def decided(self, seconds: float) -> None:
        if self.on:
            self.decisions.append(seconds)


def _watch(net: NetTable, person: _Seat, measure: _Measure) -> None:
    """Time ``net``'s decisions and let ``person`` look after every change."""
    asked: dict[int, float] = {}
    decide, handle, redraw = net.decide, net.handle, net.redraw

    def timed_decide(request: Decide) -> None:
        asked[request.token] = time.monotonic()
        decide(request)

    def timed_handle(event: ev.Event) -> None:
        if isinstance(event, (ev.Decided, ev.Failed)) and event.token in asked:
            measure.decided(time.monotonic() - asked.pop(event.token))
        handle(event)

    def looking_redraw() -> None:
        redraw()
        person.look()

    net.decide = timed_decide  # type: ignore[method-assign]
    net.handle = timed_handle  # type: ignore[method-assign]
    net.redraw = looking_redraw  # type: ignore[method-assign]


def _pool_cpu(pool: ProcessPoolExecutor) -> float:
    total = 0.0
    for pid in list(getattr(pool, "_processes", {}) or {}):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _ms(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1e3, 1)


def _loaded() -> int:
    """Run in a pool's process: load the computer players, give the process's id."""
    import hearts.ai  # noqa: F401  (the decisions' modules, loaded once a process)

    time.sleep(0.05)  # held a moment, so that each process of the pool takes one
    return os.getpid()


async def _running(tables: int, level: Level, processes: int, pace: float, seconds: float,
                   warmup: float, lighter_rule: bool, delay_scale: float,
                   folder: Path) -> TablesRun:
    config = replace(TableConfig(), people=1, level=level, delay_scale=delay_scale)
    measure = _Measure()
    run = TablesRun(tables, level.name.lower(), processes, lighter_rule, seconds)
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(max_workers=processes,
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        # the pool's processes started and their modules loaded before any table
        # asks (a process spawned under load takes seconds, which is not a decision's)
        await asyncio.gather(*(loop.run_in_executor(pool, _loaded) for _ in range(processes)))
        thinkers = Thinkers(processes) if lighter_rule else Thinkers(processes, 1e9, 1e9)
        nets, people = [], []
        for number in range(tables):
            net = NetTable.create(f"t{number}", folder / f"t{number}", config, pool,
                                  code=f"c{number}", seed=number)
            net.thinkers = thinkers
            net.start(loop)
            person = _Seat(net, pace, number, measure)
            _watch(net, person, measure)
            nets.append(net)
            people.append(person)
            loop.call_later(pace * number / tables, person.act)  # not all in step
        await asyncio.sleep(warmup)
        before = thinkers.made.copy()
        cpu, measure.on, started = _pool_cpu(pool), True, time.monotonic()
        measure.cards = 0
        await asyncio.sleep(seconds)
        measure.on = False
        spent, wall = _pool_cpu(pool) - cpu, time.monotonic() - started
        made = thinkers.made - before
        for person in people:
            person.stopped = True
        for net in nets:
            net.close()
    run.decisions = len(measure.decisions)
    run.lighter = sum(count for (asked, done), count in made.items() if asked != done)
    run.decision_median_ms = _ms(measure.decisions, 0.5)
    run.decision_p95_ms = _ms(measure.decisions, 0.95)
    run.decision_worst_ms = _ms(measure.decisions, 1.0)
    run.wait_median_ms = _ms(measure.waits, 0.5)
    run.wait_p95_ms = _ms(measure.waits, 0.95)
    run.wait_worst_ms = _ms(measure.waits, 1.0)
    run.pool_cpu_ms_a_decision = round(spent * 1e3 / max(1, run.decisions), 2)
    run.pool_busy = round(spent / (wall * processes), 3)
    run.cards = measure.cards
    return run


def run_tables(tables: int, level: Level = Level.EXPERT, processes: int | None = None,
               pace: float = 2.0, seconds: float = 30.0, warmup: float | None = None,
               lighter_rule: bool = True, delay_scale: float = 1.0) -> TablesRun:
    """Play ``tables`` tables of one person and three computer players at once and
    measure (see the module's text); ``delay_scale`` scales the table's pauses
    (1: a server's own)."""
    with tempfile.TemporaryDirectory(prefix="hearts-thinkbench-") as folder:
        return asyncio.run(_running(
            tables, level, processes or max(1, os.cpu_count() or 1), pace, seconds,
            3 * pace if warmup is None else warmup, lighter_rule, delay_scale, Path(folder)))


def _counts(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part.strip()]


def main(argv: list[str] | None = None) -> None:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m hearts.net.thinkbench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", action="store_true",
                        help="CPU time of a decision at every level, and tables a core")
    parser.add_argument("--positions", type=int, default=60,
                        help="play positions timed a level with --levels (default 60)")
    parser.add_argument("--tables", type=_counts, default=[], metavar="N[,N...]",
                        help="tables of one person and three computer players at once")
    parser.add_argument("--level", type=Level.parse, default=Level.EXPERT,
                        help="the computer players' level with --tables (default expert)")
    parser.add_argument("--processes", type=int, default=None,
                        help="processes that make the decisions (default: one a processor)")
    parser.add_argument("--pace", type=float, default=2.0,
                        help="seconds a person thinks before a card (default 2)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured (default 30)")
    parser.add_argument("--no-lighter", action="store_true",
                        help="never decide at a lighter level (the rule off)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    if not args.levels and not args.tables:
        parser.error("give --levels, --tables N, or both")
    out: dict[str, Any] = {}
    if args.levels:
        costs = level_costs(args.positions, args.pace)
        out["levels"] = [asdict(cost) for cost in costs]
        if not args.json:
            print(f"{'level':<9} {'play ms':>8} {'p95':>7} {'pass ms':>8} {'a second':>9}"
                  f" {'hand ms':>8} {'tables a core':>13}")
            for cost in costs:
                print(f"{cost.level:<9} {cost.play_ms:>8.2f} {cost.play_p95_ms:>7.2f}"
                      f" {cost.pass_ms:>8.2f} {cost.decisions_a_second:>9.0f}"
                      f" {cost.hand_ms:>8.0f} {cost.tables_a_core:>13.0f}")
    runs = []
    for count in args.tables:
        run = run_tables(count, args.level, args.processes, args.pace, args.seconds,
                         lighter_rule=not args.no_lighter)
        runs.append(asdict(run))
        if not args.json:
            print(f"{count} tables ({run.level}, {run.processes} processes, rule "
                  f"{'on' if run.lighter_rule else 'off'}): {run.decisions} decisions, "
                  f"{run.lighter} lighter; a decision {run.decision_median_ms} ms median, "
                  f"p95 {run.decision_p95_ms}, worst {run.decision_worst_ms}; the person's "
                  f"wait {run.wait_median_ms} ms median, p95 {run.wait_p95_ms}, worst "
                  f"{run.wait_worst_ms}; pool {run.pool_cpu_ms_a_decision} ms CPU a "
                  f"decision, {run.pool_busy:.0%} busy; {run.cards} cards")
    if runs:
        out["tables"] = runs
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
