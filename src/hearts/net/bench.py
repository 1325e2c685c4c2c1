"""Load benchmark of the table server: ``python -m hearts.net.bench``.

Measured the way a server is judged, on a machine the benchmark can judge:
the table server runs alone in a process of its own, pinned to one processor
(``--server-cpu``, 0 by default: its CPU time is the server's alone), with four
people a table and no computer players; the people are lean scripted clients
(a raw WebSocket each, the state kept as JSON, a random legal card) in other
processes pinned to the other processors, many connections in each, so that
the people cost less than the server. The tables play at a person's pace:
each person thinks ``--pace`` seconds before a card (2 s by default, so a table
plays one card every two seconds; 0 plays as fast as the machine goes), and
the tables start at moments spread over one pace so they do not play in step.

Once every person is seated and a warm-up of three paces has passed, for
``--seconds`` the benchmark measures the time from a person sending a card
until the last of the three others at the table has the state that shows it
(its median, 95th percentile and worst), the server process's CPU time divided
by the cards played (and the part of it spent building and sending the seats'
states, ``Redraw``), and the server's memory a table (its resident size from
``/proc``, so Linux only: once the tables are open, and while every seat is
connected and playing, at the measurement's start and at its end).

Every card is accounted for. A person sends a card only on its turn, one a
turn (after thinking it looks again, and sends nothing if the table moved on),
and each card sent during the measurement is timed from its sending (one sent
in the warm-up is not, wherever it arrives); a card the table refuses is
counted by the reason and never timed; the cards the table plays itself (the
rest of a hand whose points are settled) are counted apart, having no sending
to time from; a card that never reached all three others, or was still on its
way at the end, is counted too. The figures set the cards timed against those
the pace asks for (a card every ``--pace`` seconds a table), and give the
server's ``error`` messages by code, the connections lost (a person whose
connection ends comes back with its seat's token), the 99.9th percentile, and
the worst card with its table and its cause as far as the benchmark can tell
(how long until the server built the message that showed it to its last
person, by the message's ``now``, and how long after; how that person learned
of it; how late the server's event loop and the people's ran meanwhile).

``--tables`` may list several counts (``--tables 500,1000,2000``), run one
after the other; the largest that kept the 95th percentile within ``--target``
milliseconds, every person seated, is reported as what one server process
holds. ``--json`` prints the figures as one JSON object. ``--server-src DIR``
runs the server from another copy of the source (a release's ``src``), to
measure before and after in one session.

``--workers N`` serves the tables from N server processes behind HAProxy (the
distribution's ``haproxy``), as ``hearts host --workers`` does: each process
owns its share of the tables, pinned to a processor of its own, and every
person connects through the proxy to their table's path. The CPU figures are
then the sum of the server processes' and the proxy's (``proxy_cpu_share``
says the proxy's part); the people run on every processor, beside the servers.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import inspect
import json
import multiprocessing
import os
import random
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import aiohttp

from hearts.net.host.collector import tune_for_server
from hearts.net.host.proxy import ClientLimits, Worker, haproxy_config, worker_name
from hearts.net.scripted import REFUSING, Board, Timed
from hearts.net.wire import messages as msg

__all__ = ["Figures", "main", "run"]

_MAX_TABLES = 5000

_SEATING_SECONDS = 300.0
"""How long the people may take to connect and sit down before the measurement."""
_COURSE_STEPS = 10
"""The server's memory is taken at each tenth of the measurement."""


@dataclass(frozen=True)
class Figures:
    """What one run measured."""

    tables: int
    pace: float
    seconds: float
    """How long the measurement lasted."""
    people: int
    """People connected when the measurement began."""
    cards: int
    """Cards sent during the measurement and timed until the three others saw them."""
    median_ms: float
    p95_ms: float
    worst_ms: float
    """From a card sent until the last of the three others at the table saw it."""
    cpu_ms_per_card: float
    """The server process's CPU time (user and system) during the measurement, per card."""
    redraw_ms_per_card: float
    """The part of it spent building and queueing the seats' states, per card."""
    cpu_share: float
    """The server's CPU time over the measurement's wall time (1.0: one core busy)."""
    kib_per_table_open: float
    """The server's resident memory once the tables are open, per table (less the
    server's own before opening them)."""
    kib_per_table_playing: float
    """The same while every seat is connected and playing."""
    people_cpu_share: float
    """The people's processes' CPU time over the wall time, all together."""
    load: float
    """The machine's load average over the last minute, at the end (other work
    on the machine takes CPU from the server and the people alike)."""
    server_cpu: int | None = None
    """The processor the server was pinned to (None: not pinned)."""
    workers: int = 1
    """Server processes (more than one: behind HAProxy, each pinned to a processor)."""
    proxy_cpu_share: float = 0.0
    """HAProxy's CPU time over the wall time (included in the CPU figures above)."""
    server_lag_p95_ms: float = 0.0
    """How late the server's event loop ran a timer, p95 (a card that comes then
    waits as long): the server's part of the cards' wait."""
    people_lag_p95_ms: float = 0.0
    """The same in the people's processes: their part, which the cards' times
    include too (a person who sees a card late was late to read it)."""
    cards_asked: int | None = None
    """The cards the pace asks for in the measurement: a card every ``pace``
    seconds a table (None when the pace is 0)."""
    cards_played_out: int = 0
    """Cards the people saw that none of them sent: the rest of a hand whose points
    are settled, played out by the table (no send to time them from)."""
    cards_unseen: int = 0
    """Cards sent that never reached all three others before their hand was two
    hands back (a person away, say)."""
    cards_unfinished: int = 0
    """Cards sent a second or more before the end that had not reached all three
    others at the end (a card stuck would show here, not in the worst)."""
    p999_ms: float = 0.0
    """The 99.9th percentile of the cards' times."""
    worst_table: str = ""
    worst_card: str = ""
    worst_cause: str = ""
    """The worst card's table, the card, and why it took so long as far as the
    benchmark can tell."""
    refusals: dict[str, int] = dataclasses.field(default_factory=dict)
    """What the tables refused the people, by reason (``not-your-turn``) or notice."""
    errors: dict[str, int] = dataclasses.field(default_factory=dict)
    """The server's ``error`` messages to the people, by code."""
    disconnections: dict[str, int] = dataclasses.field(default_factory=dict)
    """Connections that ended while the people played, by how (each person came
    back with its token)."""
    kib_per_table_playing_before: float = 0.0
    """The server's memory a table at the measurement's start (against
    :attr:`kib_per_table_playing` at its end: does it grow?)."""
    sweeps: int = 0
    """The server's sweeps of its whole heap during the measurement
    (:func:`hearts.net.host.collector.keep_frozen`)."""
    sweep_longest_ms: float = 0.0
    """The longest of them: the server's event loop stopped that long."""
    kib_per_table_course: list[float] = dataclasses.field(default_factory=list)
    """The server's memory a table at each tenth of the measurement, from its
    start to its end: what levels off (what fills once: the changes kept for
    each seat, the caches) against what goes on growing."""

    def lines(self) -> list[str]:
        """The figures in words."""
        pinned = "" if self.server_cpu is None else f", pinned to processor {self.server_cpu}"
        asked = "" if not self.cards_asked else \
            f" of the {self.cards_asked} the pace asks for ({self.cards / self.cards_asked:.1%})"
        if self.workers > 1:
            pinned = (f", {self.workers} server processes behind HAProxy, the proxy "
                      f"{self.proxy_cpu_share:.0%} of one core")
        return [
            f"{self.tables} tables x 4 people ({self.people} connected), a card every "
            f"{self.pace:g} s a table: {self.cards} cards timed in {self.seconds:.0f} s",
            f"  a card until the other three people all see it: median {self.median_ms:.1f} "
            f"ms, p95 {self.p95_ms:.1f} ms, worst {self.worst_ms:.1f} ms",
            f"  server CPU: {self.cpu_ms_per_card:.3f} ms a card, of which the states "
            f"{self.redraw_ms_per_card:.3f} ms ({self.cpu_share:.0%} of one core{pinned}); "
            f"the people's processes {self.people_cpu_share:.0%} of one core; load average "
            f"{self.load:.1f} on {os.cpu_count()} cores",
            f"  event loops late, p95: the server {self.server_lag_p95_ms:.1f} ms, the "
            f"people's processes {self.people_lag_p95_ms:.1f} ms",
            f"  server memory: {self.kib_per_table_open:.0f} KiB a table open, "
            f"{self.kib_per_table_playing:.0f} KiB a table with its people playing "
            f"({self.kib_per_table_playing_before:.0f} at the measurement's start); "
            f"at each tenth of it: {' '.join(f'{kib:.0f}' for kib in self.kib_per_table_course)}",
            f"  every card: {self.cards} timed{asked}, {self.cards_played_out} played out "
            f"by the table, {self.cards_unseen} never reached all three, "
            f"{self.cards_unfinished} still on their way at the end",
            f"  refused: {_counted(self.refusals)}; errors: {_counted(self.errors)}; "
            f"connections lost: {_counted(self.disconnections)}",
            f"  the server's sweeps of its heap: {self.sweeps} (the longest "
            f"{self.sweep_longest_ms:.0f} ms)",
            f"  p99.9 {self.p999_ms:.1f} ms; the worst card, {self.worst_ms:.1f} ms, "
            f"{self.worst_card} at table {self.worst_table}: {self.worst_cause}",
        ]


def _counted(counts: dict[str, int]) -> str:
    """Counts by name in words: ``none``, or ``not-your-turn 3, closed 1006 1``."""
    return ", ".join(f"{name} {count}" for name, count in counts.items()) or "none"


# --- the server's process ------------------------------------------------------------


def _rss_kib(pid: int) -> float:
    """A process's resident memory in KiB (Linux's /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return float(line.split()[1])
    raise OSError(f"no VmRSS for process {pid}")


def _cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, user and system (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class _LagProbe:
    """How late a process's event loop runs a timer: sleeps :data:`_LAG_STEP`
    seconds over and over and keeps how much later than asked it woke."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.late: list[tuple[float, float]] = []
        """(when it woke, how late) for each lag of :data:`_LATE` or more."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start measuring (again, from nothing)."""
        self.lags, self.late = [], []
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._watch())

    def stop(self) -> tuple[list[float], list[tuple[float, float]]]:
        """Stop measuring: the lags measured, in seconds, and the long ones with
        when they ended (``time.monotonic()``)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        return self.lags, self.late

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            began = loop.time()
            await asyncio.sleep(_LAG_STEP)
            lag = max(0.0, loop.time() - began - _LAG_STEP)
            self.lags.append(lag)
            if lag >= _LATE:
                self.late.append((time.monotonic(), lag))


_LAG_STEP = 0.01
_LATE = 0.005


def _more_files() -> None:
    with contextlib.suppress(ValueError, OSError):
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _serve(data_dir: str, tables: int, codes: list[str], parent: Connection,
           cpu: int | None, source: str | None, prefix: str = "",
           sweep_seconds: float | None = None) -> None:
    """The server's process: open the tables, listen, say where, serve until told."""
    if source is not None:  # another copy of the source: drop this one's modules
        sys.path.insert(0, source)
        for name in [n for n in sys.modules if n == "hearts" or n.startswith("hearts.")]:
            del sys.modules[name]
    if cpu is not None:
        with contextlib.suppress(OSError, AttributeError):
            os.sched_setaffinity(0, {cpu})
    _more_files()
    asyncio.run(_serving(Path(data_dir), tables, codes, parent, prefix, sweep_seconds))


async def _serving(data_dir: Path, tables: int, codes: list[str], parent: Connection,
                   prefix: str = "", sweep_seconds: float | None = None) -> None:
    from hearts.ai import Level
    from hearts.net.server import Limits, TableServer
    from hearts.net.tables import table as net_tables

    redrawing = [0.0]
    redraw = net_tables.NetTable.redraw

    def timed(self: Any) -> None:
        """NetTable.redraw, its CPU time counted."""
        began = time.thread_time()  # CPU time: the server shares its core with others
        redraw(self)
        redrawing[0] += time.thread_time() - began
    net_tables.NetTable.redraw = timed  # type: ignore[method-assign]
    config = net_tables.TableConfig(people=4, level=Level.BEGINNER, grace=600.0,
                                    delay_scale=0.0)
    empty = _rss_kib(os.getpid())
    # every person comes from 127.0.0.1: no cap on connections waiting to join
    # from one address (a server from before those caps has no such limits)
    wanted = {"max_connections": 8 * tables + 64, "waiting_total": 8 * tables + 64,
              "waiting_per_address": 8 * tables + 64, "waiting_per_network": 8 * tables + 64}
    known = {f.name for f in dataclasses.fields(Limits)}
    limits = Limits(**{k: v for k, v in wanted.items() if k in known})
    server = TableServer(data_dir, config, tables, None, codes=codes, limits=limits)
    server.prefix = prefix
    runner = server.runner()
    await runner.setup()  # opens the tables
    with contextlib.suppress(ImportError):  # (a server from before it has none)
        from hearts.net.host.collector import tune_for_server as tune
        tune()
    collecting: asyncio.Task[None] | None = None
    collected: list[Any] = []  # the collector's sweeps (Sweep), if it tells them
    with contextlib.suppress(ImportError):  # (nor this, a server from before it)
        from hearts.net.host.collector import keep_frozen
        told: dict[str, Any] = {} if sweep_seconds is None else {"sweep_every": sweep_seconds}
        if "done" in inspect.signature(keep_frozen).parameters:
            told.update(ended=server.ended, done=collected)
        collecting = asyncio.create_task(keep_frozen(**told))
    from aiohttp import web
    site = web.TCPSite(runner, "127.0.0.1", 0, backlog=4096)
    await site.start()
    parent.send({"port": runner.addresses[0][1], "empty_kib": empty,
                 "open_kib": _rss_kib(os.getpid()),
                 "ids": {table.code: table.id for table in server.tables.values()}})
    loop = asyncio.get_running_loop()
    probe = _LagProbe()
    while await loop.run_in_executor(None, parent.recv) != "stop":
        # asked at the measurement's start and end
        lags, late = probe.stop()
        probe.start()
        parent.send((redrawing[0], lags, late,
                     [sweep.seconds for sweep in collected]))
        collected.clear()
    if collecting is not None:
        collecting.cancel()
    await runner.cleanup()


# --- the people's processes ------------------------------------------------------------


class _Person:
    """A lean person for the benchmark: one raw WebSocket, the state kept as JSON
    (a ``change`` applied to it, a ``state`` taking its place), a legal card
    chosen at random after the pace. It reads only what it needs, so one process
    of people costs far less than the server it measures.

    It sends one card a turn, and only on its turn: a turn is the hand and the
    cards played so far, the same whether the trick is on show or play goes on;
    after thinking it looks at the latest state again, and sends nothing if the
    turn passed meanwhile (the table played the rest of the hand out). What the
    table refuses, and every connection that ends, goes to the table's
    :class:`~hearts.net.scripted.Board`; a person whose connection ends comes
    back with its seat's token, as a browser does."""

    def __init__(self, url: str, code: str, name: str, deals: bool, board: Board,
                 pace: float, rng: random.Random, deflate: bool = False) -> None:
        self.url, self.code, self.name, self.deals = url, code, name, deals
        self.deflate = deflate
        self.board, self.pace, self.rng = board, pace, rng
        self.connected = asyncio.Event()
        """Set once the person first sat down."""
        self.online = False
        """Connected and seated now."""
        self.token: str | None = None
        self.state: dict[str, Any] | None = None
        self.how = "state"
        """How the latest state came: ``state`` (whole) or ``change``."""
        self.seen: set[tuple[int, str]] = set()
        """(hand, card) of the cards seen played, in this hand and the one before
        (a new match numbers its hands from 1 again)."""
        self._hand_seen = 0
        self.done: tuple[Any, ...] | None = None
        self.turn: tuple[int, int] | None = None
        """The turn a card was thought about or sent for."""
        self.thoughts = 0
        """Turns thought about so far (only the latest thought may send)."""
        self.pending: tuple[int, str] | None = None
        """The card sent and not yet seen played (hand, card)."""
        self.syncing = False
        self.stopping = False
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.task: asyncio.Task[None] | None = None
        self.seq = 0

    def _send(self, message: dict[str, Any]) -> None:
        """Send ``message`` in a task of its own (the reading goes on)."""
        asyncio.get_running_loop().create_task(self._sending(message))

    async def _sending(self, message: dict[str, Any]) -> bool:
        ws = self.ws
        if ws is None or ws.closed:
            return False
        try:
            await ws.send_str(msg.encode(message))
        except (ConnectionError, aiohttp.ClientError):
            return False
        return True

    def start(self, session: aiohttp.ClientSession) -> None:
        """Connect and play, in a task of the running loop."""
        self.task = asyncio.create_task(self.run(session))

    async def run(self, session: aiohttp.ClientSession) -> None:
        """Join, then read and act; when the connection ends, come back with the
        seat's token (a few tries to connect in a row, then give up)."""
        tries = 0
        while tries < 20 and not self.stopping:
            how = "refused"
            try:
                async with session.ws_connect(self.url, heartbeat=msg.HEARTBEAT_SECONDS,
                                              compress=15 if self.deflate else 0) as ws:
                    self.ws = ws
                    await ws.send_str(msg.encode(msg.client_json(
                        msg.Join(self.code, self.name, self.token))))
                    async for frame in ws:
                        if frame.type is aiohttp.WSMsgType.TEXT:
                            self.got(json.loads(frame.data))
                    how = f"closed {ws.close_code}"
            except (aiohttp.ClientError, OSError) as error:
                how = type(error).__name__
            self.ws = None
            if self.online:
                self.online = False
                tries = 0
                if not self.stopping:
                    self.board.dropped(how)
            tries += 1
            if not self.stopping:
                await asyncio.sleep(1.0)

    def got(self, message: dict[str, Any]) -> None:
        """A message from the server: keep the state, count the cards seen, act."""
        kind = message.get("type")
        if kind == "welcome":
            self.token = message.get("token") or self.token
            self.online = True
            self.connected.set()
            self.done = self.turn = None  # a new connection: ask again what was lost
            return
        if kind == "notice":
            self._notice(message.get("notice") or {})
            return
        if kind == "error":
            self.board.error(str(message.get("code")))
            return
        if kind == "state":
            self.state = message["state"]
            self.syncing = False
            self.how = "state"
        elif kind == "change" and self.state is not None:
            if message.get("base") != self.seq:
                if not self.syncing:  # one ask is enough: the whole state answers it
                    self.syncing = True
                    self._send({"type": "sync"})
                return
            _apply(self.state, message.get("set", []))
            self.how = "change"
        else:
            return
        self.seq = message.get("seq", 0)
        state = self.state
        assert state is not None
        view = state.get("view")
        number = state.get("hand_number", 0)
        made = message.get("now")
        if number != self._hand_seen:
            self.seen = {key for key in self.seen if key[0] in (number, self._hand_seen)}
            self._hand_seen = number
        if view is not None:
            played = view.get("played", ())
            for card in played:
                if (number, card) not in self.seen:
                    self.seen.add((number, card))
                    self.board.seen(number, card, self.name, self.how, made)
            if self.pending is not None and self.pending[0] == number \
                    and self.pending[1] in played:
                self.pending = None
        self.act(state)

    def _notice(self, notice: dict[str, Any]) -> None:
        """A notice: a refusal forgets the card sent (it is never timed)."""
        kind = notice.get("kind")
        if kind not in _REFUSING:
            return
        reason = str((notice.get("refusal") or {}).get("reason") or kind)
        hand, card = self.pending if self.pending is not None else (0, None)
        self.pending = None
        self.board.refused(hand, card, reason)
        self.done = self.turn = None  # act on the latest state afresh
        if self.state is not None:
            self.act(self.state)

    def act(self, state: dict[str, Any]) -> None:
        """Do what the state asks of this person, once a state."""
        view = state.get("view") or {}
        stage = state.get("stage")
        number = state.get("hand_number", 0)
        key = (stage, number, len(view.get("played", ())),
               bool(state.get("passable")), bool(state.get("legal")), state.get("match_over"))
        if key == self.done or self.ws is None:
            return
        self.done = key
        actions = state.get("actions", ())
        if state.get("legal"):
            turn = (number, len(view.get("played", ())))
            if turn != self.turn:
                self.turn = turn
                self.thoughts += 1
                asyncio.get_running_loop().create_task(self._think(turn, self.thoughts))
        elif stage == "received":
            self._send({"type": "continue"})
        elif stage == "passing" and "pass" in actions and len(state.get("passable", ())) >= 3:
            self._send({"type": "pass", "cards": self.rng.sample(state["passable"], 3)})
        elif stage == "idle":
            self.turn = None
            # One person deals each hand; once a match is over, a new one is
            # dealt when every person at the table has asked for it (the rematch)
            if "deal" in actions and (self.deals or state.get("match_over")):
                self._send({"type": "deal"})

    async def _think(self, turn: tuple[int, int], thought: int) -> None:
        """Think for the pace, then play a legal card if the turn is still this one
        (and no later thought about it began: after coming back, say)."""
        if self.pace:
            await asyncio.sleep(self.pace)
        if thought != self.thoughts:
            return
        state = self.state or {}
        legal = state.get("legal")
        view = state.get("view") or {}
        if not legal or (state.get("hand_number", 0), len(view.get("played", ()))) != turn:
            return
        number = turn[0]
        card = self.rng.choice(legal)
        self.seen.add((number, card))
        self.pending = (number, card)
        self.board.played(number, card)
        if not await self._sending({"type": "play", "card": card}):
            self.board.withdrawn(number, card)
            self.pending = None
            self.turn = None  # asked again once connected again

    async def stop(self) -> None:
        """Close the connection and end the task."""
        self.stopping = True
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task


_REFUSING = frozenset(str(kind) for kind in REFUSING)


def _apply(state: dict[str, Any], entries: list[Any]) -> None:
    """Apply a ``change``'s ``set`` entries to a state kept as JSON."""
    for path, value in entries:
        place: Any = state
        for key in path[:-1]:
            place = place[key]
        place[path[-1]] = value


@dataclass(frozen=True)
class _Plan:
    urls: list[str]
    """Where each table's people connect, in the order of ``codes``."""
    codes: list[str]
    pace: float
    start: float
    """When the first table starts (time.time())."""
    cpu: int | None = None
    """The processor the people run on (None: any)."""
    deflate: bool = False
    """The people offer permessage-deflate, as browsers do."""


def _play(plan: _Plan, parent: Connection) -> None:
    """A process of people: play the tables of ``plan.codes``; say when everyone is
    seated, take the measurement's start and end, and report the times."""
    if plan.cpu is not None:
        with contextlib.suppress(OSError, AttributeError):
            os.sched_setaffinity(0, {plan.cpu})
    asyncio.run(_playing(plan, parent))


async def _playing(plan: _Plan, parent: Connection) -> None:
    loop = asyncio.get_running_loop()
    boards = {code: Board(table=code) for code in plan.codes}
    rng = random.Random(os.getpid())
    people = [_Person(url, code, f"P{seat}", seat == 0, boards[code], plan.pace, rng,
                      plan.deflate)
              for url, code in zip(plan.urls, plan.codes, strict=True) for seat in range(4)]
    offsets = sorted((rng.uniform(0, max(plan.pace, 0.5)), index)
                     for index in range(len(plan.codes)))
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        try:
            for offset, index in offsets:
                await _sleep_until(plan.start + offset)
                for person in people[4 * index:4 * index + 4]:
                    person.start(session)
            deadline = time.monotonic() + _SEATING_SECONDS
            while time.monotonic() < deadline and \
                    not all(p.connected.is_set() for p in people):
                await asyncio.sleep(0.1)
            tune_for_server()  # thousands of connections here too: no long pauses
            parent.send(sum(p.connected.is_set() for p in people))
            measure, end = await loop.run_in_executor(None, parent.recv)
            await _sleep_until(measure)
            connected = sum(p.online for p in people)
            for board in boards.values():
                board.begin()
            probe = _LagProbe()
            probe.start()
            await _sleep_until(end)
            lags, late = probe.stop()
            report = _account(list(boards.values()), time.monotonic() - 1.0)
        finally:
            await asyncio.gather(*(p.stop() for p in people), return_exceptions=True)
    parent.send({**report, "connected": connected, "lags": lags, "late": late})


def _account(boards: list[Board], before: float) -> dict[str, Any]:
    """What a process's tables counted since they began: every card timed, the
    cards played out, unseen and refused, the errors and the connections lost,
    and the cards sent ``before`` a moment that have not reached all the others."""
    refusals: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    drops: Counter[str] = Counter()
    for board in boards:
        refusals += board.refusals
        errors += board.errors
        drops += board.drops
    return {"timed": [t for board in boards for t in board.timed],
            "played_out": sum(board.played_out for board in boards),
            "unseen": sum(board.unseen for board in boards),
            "unfinished": sum(board.pending(before) for board in boards),
            "refusals": dict(refusals), "errors": dict(errors), "drops": dict(drops)}


async def _sleep_until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.time()))


# --- the run ---------------------------------------------------------------------------


def run(tables: int, pace: float = 2.0, seconds: float = 60.0, warmup: float | None = None,
        clients: int | None = None, server_cpu: int | None = 0,
        server_src: str | None = None, workers: int = 1, deflate: bool = False,
        sweep_seconds: float | None = None) -> Figures:
    """Serve ``tables`` tables in a process of their own (pinned to processor
    ``server_cpu``, the people to the others), play them from ``clients``
    processes of people at ``pace`` seconds a card, and once everyone is seated
    and a warm-up has passed (by default three paces, at least 5 s) measure for
    ``seconds``. With ``workers`` above 1, the tables are shared by that many
    server processes behind HAProxy, each pinned to a processor of its own. With
    ``deflate`` the people offer to compress frames, as browsers do. With
    ``sweep_seconds`` the server also sweeps its heap that often, not only as the
    host does when it grows (:func:`hearts.net.host.collector.keep_frozen`; to see a
    sweep's pause)."""
    if not 1 <= tables <= _MAX_TABLES:
        raise ValueError(f"1 to {_MAX_TABLES} tables")
    if not 1 <= workers <= tables:
        raise ValueError("1 to one a table of server processes")
    processors = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
        else list(range(os.cpu_count() or 1))
    if server_cpu is not None and (server_cpu not in processors or len(processors) < 2):
        server_cpu = None  # nothing to pin to: the server and the people share them all
    pins: list[int | None] = [server_cpu]
    if workers > 1:
        pins = [processors[(processors.index(server_cpu) + n) % len(processors)]
                if server_cpu is not None else None for n in range(workers)]
    others = [cpu for cpu in processors if cpu not in pins] or processors
    clients = clients or max(1, min(len(others), 2, tables // 250 + 1))
    warmup = warmup if warmup is not None else max(5.0, 3 * pace)
    context = multiprocessing.get_context("spawn")
    codes = [f"bench-{n}" for n in range(tables)]
    proxy: subprocess.Popen[bytes] | None = None
    with tempfile.TemporaryDirectory(prefix="hearts-net-bench-") as folder:
        servers: list[tuple[Any, Connection]] = []
        people: list[tuple[Any, Connection]] = []
        try:
            for number in range(workers):
                mine, theirs = context.Pipe()
                prefix = f"{worker_name(number + 1)}-" if workers > 1 else ""
                process = context.Process(
                    target=_serve, name=f"bench-server-{number + 1}",
                    args=(str(Path(folder) / f"w{number + 1}"), len(codes[number::workers]),
                          codes[number::workers], theirs, pins[number], server_src, prefix,
                          sweep_seconds))
                process.start()
                servers.append((process, mine))
            started = []
            for process, mine in servers:
                if not mine.poll(300):
                    raise RuntimeError(f"{process.name} did not start")
                started.append(mine.recv())
            if workers == 1:
                url = f"ws://127.0.0.1:{started[0]['port']}/ws"
                urls = {code: url for code in codes}
            else:
                port, proxy = _start_proxy(folder, [s["port"] for s in started], tables)
                urls = {code: f"ws://127.0.0.1:{port}/t/{table_id}/ws"
                        for s in started for code, table_id in s["ids"].items()}
            begin = time.time() + 3.0  # the people's processes start meanwhile
            for number in range(clients):
                here, there = context.Pipe()
                where = others[number % len(others)] if server_cpu is not None \
                    and workers == 1 else None
                mine_codes = codes[number::clients]
                process = context.Process(
                    target=_play, name=f"bench-people-{number}",
                    args=(_Plan([urls[c] for c in mine_codes], mine_codes, pace, begin, where,
                                deflate),
                          there))
                process.start()
                people.append((process, here))
            patience = time.monotonic() + 2 * _SEATING_SECONDS
            for process, pipe in people:
                # its own deadline is _SEATING_SECONDS, kept by a loop that a busy
                # machine may hold up: wait while it lives, within reason
                while not pipe.poll(1.0):
                    if not process.is_alive() or time.monotonic() > patience:
                        raise RuntimeError(f"{process.name} did not seat its people")
                pipe.recv()
            measure = time.time() + warmup
            for _process, pipe in people:
                pipe.send((measure, measure + seconds))
            time.sleep(max(0.0, measure - time.time()))
            pids = [process.pid for process, _pipe in people if process.pid is not None]
            server_pids = [process.pid for process, _pipe in servers]
            for _process, mine in servers:
                mine.send("redraw")
            cpu_before, wall_before = sum(map(_cpu_seconds, server_pids)), time.monotonic()
            proxy_before = 0.0 if proxy is None else _cpu_seconds(proxy.pid)
            people_before = sum(_cpu_seconds(pid) for pid in pids)
            redraw_before = sum(mine.recv()[0] for _process, mine in servers)
            playing_before = sum(map(_rss_kib, server_pids))
            course = [playing_before]
            for tenth in range(1, _COURSE_STEPS):
                time.sleep(max(0.0, wall_before + seconds * tenth / _COURSE_STEPS
                               - time.monotonic()))
                course.append(sum(map(_rss_kib, server_pids)))
            time.sleep(max(0.0, wall_before + seconds - time.monotonic()))
            for _process, mine in servers:
                mine.send("redraw")
            cpu = sum(map(_cpu_seconds, server_pids)) - cpu_before
            proxy_cpu = 0.0 if proxy is None else _cpu_seconds(proxy.pid) - proxy_before
            people_cpu = sum(_cpu_seconds(pid) for pid in pids) - people_before
            wall = time.monotonic() - wall_before
            ends = [mine.recv() for _process, mine in servers]
            redraw_time = sum(end[0] for end in ends) - redraw_before
            server_lags = sorted(lag for end in ends for lag in end[1])
            server_late = [late for end in ends for late in end[2]]
            sweeps = [sweep for end in ends if len(end) > 3 for sweep in end[3]]
            playing = sum(map(_rss_kib, server_pids))
            course.append(playing)
            results = []
            patience = time.monotonic() + _SEATING_SECONDS
            for process, pipe in people:
                while not pipe.poll(1.0):  # (it closes its connections first)
                    if not process.is_alive() or time.monotonic() > patience:
                        raise RuntimeError(f"{process.name} did not report")
                results.append(pipe.recv())
        finally:
            for process, _pipe in people:
                process.join(60)
                if process.is_alive():
                    process.kill()
            for _process, mine in servers:
                with contextlib.suppress(OSError):
                    mine.send("stop")
            for process, _mine in servers:
                process.join(60)
                if process.is_alive():
                    process.kill()
            if proxy is not None:
                proxy.terminate()
                proxy.wait(10)
    spread = sorted(t.seconds for result in results for t in result["timed"])
    people_lags = sorted(lag for result in results for lag in result["lags"])
    if not spread:
        raise RuntimeError("no card was timed: the tables did not play")
    worst, worst_late = max(((t, result["late"]) for result in results
                             for t in result["timed"]), key=lambda pair: pair[0].seconds)
    empty = sum(s["empty_kib"] for s in started)
    opened = sum(s["open_kib"] for s in started)
    return Figures(
        tables=tables, pace=pace, seconds=wall,
        people=sum(result["connected"] for result in results), cards=len(spread),
        median_ms=statistics.median(spread) * 1000, p95_ms=_p95(spread) * 1000,
        worst_ms=spread[-1] * 1000,
        cards_asked=round(tables * wall / pace) if pace else None,
        cards_played_out=sum(result["played_out"] for result in results),
        cards_unseen=sum(result["unseen"] for result in results),
        cards_unfinished=sum(result["unfinished"] for result in results),
        p999_ms=_quantile(spread, 0.999) * 1000,
        worst_table=worst.table, worst_card=f"{worst.card} of hand {worst.hand}",
        worst_cause=_cause(worst, server_late, worst_late),
        refusals=_total(result["refusals"] for result in results),
        errors=_total(result["errors"] for result in results),
        disconnections=_total(result["drops"] for result in results),
        kib_per_table_playing_before=(playing_before - empty) / tables,
        cpu_ms_per_card=(cpu + proxy_cpu) * 1000 / len(spread),
        redraw_ms_per_card=redraw_time * 1000 / len(spread),
        cpu_share=(cpu + proxy_cpu) / wall,
        kib_per_table_open=(opened - empty) / tables,
        kib_per_table_playing=(playing - empty) / tables,
        people_cpu_share=people_cpu / wall, load=os.getloadavg()[0],
        server_cpu=pins[0], workers=workers, proxy_cpu_share=proxy_cpu / wall,
        server_lag_p95_ms=_p95(server_lags) * 1000 if server_lags else 0.0,
        people_lag_p95_ms=_p95(people_lags) * 1000 if people_lags else 0.0,
        sweeps=len(sweeps), sweep_longest_ms=max(sweeps, default=0.0) * 1000,
        kib_per_table_course=[(kib - empty) / tables for kib in course])


def _start_proxy(folder: str, ports: list[int], tables: int
                 ) -> tuple[int, subprocess.Popen[bytes]]:
    """HAProxy in front of the server processes listening on ``ports``: its port
    and its process (``RuntimeError`` when it is not installed or does not start)."""
    haproxy = shutil.which("haproxy") or ("/usr/sbin/haproxy"
                                          if os.path.exists("/usr/sbin/haproxy") else None)
    if haproxy is None:
        raise RuntimeError("--workers needs HAProxy (Debian: apt-get install haproxy)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    # every person of the benchmark comes from 127.0.0.1: no limit of one address
    everyone = ClientLimits(connections=4 * tables + 256, new_per_second=1_000_000,
                            requests_per_10s=1_000_000)
    config = haproxy_config([Worker(worker_name(n + 1), "127.0.0.1", p)
                             for n, p in enumerate(ports)], "127.0.0.1", port,
                            maxconn=4 * tables + 256,  # four people a table
                            limits=everyone)
    path = Path(folder) / "haproxy.cfg"
    path.write_text(config)
    proxy = subprocess.Popen([haproxy, "-f", str(path), "-db"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return port, proxy
        if proxy.poll() is not None:
            break
        time.sleep(0.05)
    proxy.kill()
    raise RuntimeError(f"HAProxy did not start (its configuration: {path})")


def _p95(sorted_values: list[float]) -> float:
    return _quantile(sorted_values, 0.95)


def _quantile(sorted_values: list[float], share: float) -> float:
    """The value below which ``share`` of the sorted values lie (the nearest rank)."""
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def _total(counts: Any) -> dict[str, int]:
    """Counts by name added together, the most frequent first."""
    total: Counter[str] = Counter()
    for count in counts:
        total.update(count)
    return dict(total.most_common())


def _cause(card: Timed, server_late: list[tuple[float, float]],
           people_late: list[tuple[float, float]]) -> str:
    """Why a card took as long as it did, as far as the benchmark can tell: where
    the time went (until the server built the message that showed it to the last
    person, by the message's ``now``, and after), how that person learned of it,
    and how late the server's event loop and the people's ran while it was on its
    way (a stall counts if it overlapped the card's journey)."""
    def most(lates: list[tuple[float, float]]) -> float:
        return max((lag for ended, lag in lates
                    if ended - lag <= card.arrived and ended >= card.sent), default=0.0)
    server, people = most(server_late), most(people_late)
    parts = []
    if card.built == card.built:  # (NaN when the server's clock was not given)
        held = "in the server" if card.built >= card.seconds / 2 else \
            f"on its way to {card.last} after the server built it"
        parts.append(f"held {held}: {card.built * 1000:.0f} ms until the server built the "
                     f"{card.how} that showed it to {card.last}, "
                     f"{(card.seconds - card.built) * 1000:.0f} ms from then until they read "
                     f"it (the save's gate, the outbox, the sockets, the people's process)")
    elif server >= card.seconds / 2:
        parts.append("the server's event loop stalled")
    elif people >= card.seconds / 2:
        parts.append("the people's process stalled")
    if card.how == "state":
        parts.append(f"{card.last} learned of it in a whole state (after a gap in the "
                     f"changes, or coming back)")
    parts.append(f"the event loops ran late meanwhile by up to {server * 1000:.0f} ms "
                 f"(the server's) and {people * 1000:.0f} ms (the people's)")
    return "; ".join(parts)


def _counts(text: str) -> list[int]:
    try:
        counts = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        counts = []
    if not counts or not all(1 <= count <= _MAX_TABLES for count in counts):
        raise argparse.ArgumentTypeError(f"table counts from 1 to {_MAX_TABLES}, "
                                         "separated by commas")
    return counts


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark from the command line and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m hearts.net.bench",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("--tables", type=_counts, default=[50], metavar="N[,N...]",
                        help="table counts to run, one after the other (default 50)")
    parser.add_argument("--pace", type=float, default=2.0,
                        help="seconds a person thinks before each card (default 2; "
                             "0: as fast as the machine goes)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="how long to measure, after the warm-up (default 60)")
    parser.add_argument("--clients", type=int, default=None,
                        help="processes of people (default: one for every 250 tables, "
                             "at most one a processor the server does not have, and 2)")
    parser.add_argument("--server-cpu", type=int, default=0,
                        help="the processor the server is pinned to (default 0; -1: "
                             "not pinned)")
    parser.add_argument("--server-src", default=None, metavar="DIR",
                        help="run the server from this copy of the source (a folder "
                             "holding the package 'hearts'), to compare two versions")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes, behind HAProxy when more than one "
                             "(default 1)")
    parser.add_argument("--deflate", action="store_true",
                        help="the people offer to compress frames (permessage-deflate), "
                             "as browsers do")
    parser.add_argument("--sweep-seconds", type=float, default=None, metavar="S",
                        help="the server also collects its whole heap this often (by "
                             "default only as the host does, when its heap may hold "
                             "garbage): shows the sweeps' pauses within a run")
    parser.add_argument("--target", type=float, default=50.0,
                        help="the p95 in milliseconds a server must keep (default 50)")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    if not sys.platform.startswith("linux"):
        parser.error("the benchmark reads the server's CPU time and memory from /proc (Linux)")
    held = None
    runs = []
    for tables in args.tables:
        figures = run(tables, max(0.0, args.pace), max(1.0, args.seconds),
                      clients=args.clients,
                      server_cpu=None if args.server_cpu < 0 else args.server_cpu,
                      server_src=args.server_src, workers=max(1, args.workers),
                      deflate=args.deflate, sweep_seconds=args.sweep_seconds)
        runs.append(figures)
        if not args.json:
            for line in figures.lines():
                print(line, flush=True)
        if figures.p95_ms <= args.target and figures.people == 4 * tables:
            held = tables
    if args.json:
        print(json.dumps({"target_ms": args.target, "most_tables_within_target": held,
                          "runs": [asdict(figures) for figures in runs]}, indent=1))
    elif len(args.tables) > 1:
        print(f"the most tables one server process held with the p95 within "
              f"{args.target:g} ms: {held if held is not None else 'none of those tried'}")


if __name__ == "__main__":
    main()
