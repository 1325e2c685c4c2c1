"""The tables of today's deal and of a challenge's deals on a server, and their pars.

A :class:`DailyTable` is a network table of one hand: the person South against
three Experts, dealt by :class:`hearts.daily.DailyDeal` or
:class:`hearts.daily.ChallengeDeal` (the deal's own seeds, exactly as ``hearts
daily`` and ``hearts challenge play`` deal it). Deal is refused once the hand is
dealt; a busy server never makes its Experts lighter (:class:`ExpertsAlways`);
at its end the seat is told its points beside the par. The par of each deal is
worked out once a server (:class:`Pars`, in a worker) and kept. With ``hearts
--serve`` a finished deal is kept with the person's own history
(:func:`keep_in_history`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from hearts.ai import Level, Player, make_player
from hearts.arena.rulestext import parse_rules
from hearts.cards import Seat
from hearts.challenge import Challenge, challenge_record
from hearts.daily import ChallengeDeal, DailyDeal, DailyMatch, SetDeal, day_record_of
from hearts.net.server import TableServer
from hearts.net.tables.saver import write_private
from hearts.net.tables.table import NetTable, SeatHolder
from hearts.net.tables.thinking import Thinkers
from hearts.paths import write_atomically
from hearts.store import Store
from hearts.store.dailies import CHALLENGES, DAYS, save_daily, set_par
from hearts.table import Notice, NoticeKind, Save
from hearts.table import events as ev
from hearts.view import Phase
from hearts.words import words
from hearts.words.daily import ending_line

__all__ = ["DEAL_FILE", "MOST_PARS", "DailyTable", "ExpertsAlways", "Pars", "keep_in_history",
           "par_of"]

DEAL_FILE = "deal.json"
"""The file beside a day's table's store that names its deal."""

MOST_PARS = 1000
"""The pars kept in ``pars.json`` (the newest)."""


def par_of(deal: SetDeal) -> int:
    """The par of ``deal`` (run in a worker: picklable)."""
    return deal.par()


class Pars:
    """The pars of this server's deals, each worked out once in a worker and kept."""

    def __init__(self, path: Path, executor: Executor | None) -> None:
        self.path = path
        """``pars.json``: the pars worked out, by the deal's seed text."""
        self.executor = executor
        self.known: dict[str, int] = {}
        with contextlib.suppress(OSError, ValueError, AttributeError):
            kept = json.loads(path.read_text(encoding="utf-8"))
            self.known = {str(k): int(v) for k, v in kept.items()}
        self._working: dict[str, asyncio.Future[int]] = {}

    def known_par(self, deal: SetDeal) -> int | None:
        """The par of ``deal`` if it is worked out already."""
        return self.known.get(deal.seed_text)

    def par(self, deal: SetDeal) -> asyncio.Future[int]:
        """The par of ``deal``: known, or being worked out (started now if not)."""
        loop = asyncio.get_running_loop()
        key = deal.seed_text
        if key in self.known:
            done: asyncio.Future[int] = loop.create_future()
            done.set_result(self.known[key])
            return done
        working = self._working.get(key)
        if working is None:
            working = self._working[key] = asyncio.ensure_future(
                loop.run_in_executor(self.executor, par_of, deal))
            working.add_done_callback(lambda future: self._done(key, future))
        return working

    def _done(self, key: str, future: asyncio.Future[int]) -> None:
        self._working.pop(key, None)
        if future.cancelled() or future.exception() is not None:
            return
        self.known[key] = future.result()
        while len(self.known) > MOST_PARS:
            self.known.pop(next(iter(self.known)))
        asyncio.get_running_loop().run_in_executor(None, self._write, json.dumps(self.known))

    def _write(self, text: str) -> None:
        """Keep the pars (in a thread: the loop never waits for the disk)."""
        with contextlib.suppress(OSError):  # kept next time, or worked out again
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            write_atomically(self.path, [text])


def _deal_json(deal: SetDeal, challenge: Challenge | None) -> dict[str, Any]:
    if isinstance(deal, DailyDeal):
        return {"kind": "day", "date": deal.day.isoformat(), "rules": deal.words}
    assert isinstance(deal, ChallengeDeal) and challenge is not None
    return {"kind": "challenge", "seed": deal.challenge, "rules": deal.words,
            "deal": deal.number + 1, "code": challenge.code}


def _deal_of(data: dict[str, Any]) -> SetDeal:
    rules = parse_rules(str(data["rules"]))
    if data["kind"] == "day":
        return DailyDeal(date.fromisoformat(str(data["date"])), rules)
    return ChallengeDeal(int(data["seed"]), rules, int(data["deal"]) - 1)


class ExpertsAlways(Thinkers):
    """The server's :class:`~hearts.net.tables.thinking.Thinkers` as a deal of the day sees
    them: its decisions count in the server's backlog, but are never made by a
    lighter level (the deal, and the par beside it, are the three Experts')."""

    def __init__(self, shared: Thinkers) -> None:
        super().__init__(shared.processes, shared.full, shared.light)
        self.shared = shared
        """The server's own."""

    def level_for(self, asked: Level) -> Level:
        """The level asked for, always."""
        return asked

    def start(self, asked: Level) -> Level:
        """Count the decision in the server's backlog; it is made at ``asked``."""
        self.shared.backlog += 1
        self.shared.made[asked, asked] += 1
        return asked

    def finish(self) -> None:
        """Count it out."""
        self.shared.finish()


class DailyTable(NetTable):
    """A table of one deal: today's or a challenge's, one person in South against
    three Experts. Deal refuses once the hand is dealt; the par is worked out as
    it starts and told at its end."""

    deal: SetDeal
    """The deal played."""
    code: str
    challenge: Challenge | None = None
    """The challenge the deal belongs to (None: today's deal)."""
    pars: Pars | None = None
    """Where the par comes from."""
    posted: bool = False
    """The result went on the board."""
    on_over: Callable[[DailyTable, int], None] | None = None
    """Called once the hand is over and its par known (``hearts --serve`` keeps the
    deal with the person's own history)."""
    _ending: asyncio.Task[None] | None = None
    _experts: Thinkers | None = None

    @classmethod
    def begin(cls, server: TableServer, root: Path, kind: str, deal: SetDeal,
              challenge: Challenge | None, name: str, pars: Pars) -> DailyTable:
        """A new table of ``deal`` on ``server``, its seat held by ``name``, started."""
        while True:
            table_id = f"{server.prefix}{kind}{secrets.token_urlsafe(9).replace('-', 'x')}"
            if table_id not in server.tables and not (root / table_id).exists():
                break
        config = replace(server.config, people=1, level=Level.EXPERT, rules=deal.rules,
                         turn_seconds=None)
        table = cls.create(table_id, root / table_id, config, server.executor, server.factory,
                           creator=name)
        assert isinstance(table, DailyTable)
        table.deal, table.challenge, table.pars = deal, challenge, pars
        write_private(table.folder / DEAL_FILE, json.dumps(_deal_json(deal, challenge)))
        server.hold(table)
        return table

    @classmethod
    def reopen(cls, folder: Path, executor: Executor | None,
               factory: Callable[[Level, int], Player] = make_player,
               pars: Pars | None = None) -> DailyTable:
        """The table kept in ``folder`` (``ValueError`` if it cannot be read)."""
        table = cls.load(folder, executor, factory)
        assert isinstance(table, DailyTable)
        try:
            data = json.loads((folder / DEAL_FILE).read_text(encoding="utf-8"))
            table.deal = _deal_of(data)
            if data["kind"] == "challenge":
                table.challenge = Challenge.parse(str(data["code"]))
        except (OSError, KeyError, TypeError, ValueError) as error:
            raise ValueError(f"the deal of the table in {folder} cannot be read: {error}") \
                from None
        table.pars = pars
        return table

    def start(self, loop: asyncio.AbstractEventLoop) -> list[str]:
        """Carry on the deal as kept, or deal it; and start working out the par."""
        self.table.match = DailyMatch(self.deal)
        notices = super().start(loop)
        match = self.table.match
        if not isinstance(match, DailyMatch):  # as the store kept it: a plain match
            daily = DailyMatch(self.deal)
            daily.hands = match.hands
            self.table.match = daily
        if self.table.hand is None:
            self.carry_out(self.table.handle(ev.Deal(Seat.SOUTH)))
        if self.pars is not None:
            self.pars.par(self.deal)
        return notices

    @property
    def thinkers(self) -> Thinkers | None:
        """The server's computer players' share, which never makes these Experts
        lighter (:class:`ExpertsAlways`)."""
        return self._experts

    @thinkers.setter
    def thinkers(self, shared: Thinkers | None) -> None:
        self._experts = None if shared is None or isinstance(shared, ExpertsAlways) \
            else ExpertsAlways(shared)

    def save(self, save: Save) -> None:
        """Keep the table as any table is; once the hand is over, tell the seat its
        points beside the par (when the par is known)."""
        super().save(save)
        if self.over and self._ending is None and self.loop is not None:
            self._ending = self.loop.create_task(self._ended())

    async def _ended(self) -> None:
        assert self.pars is not None
        try:
            par = await self.pars.par(self.deal)
        except Exception:  # a worker failed: the page asks for the par again
            self._ending = None
            return
        hand = self.table.hand
        if hand is None or self.closed:
            return
        self._say(Notice(NoticeKind.TEXT, text=ending_line(
            hand.points[Seat.SOUTH], par, Seat.SOUTH in hand.assisted)), Seat.SOUTH)
        if self.on_over is not None:
            self.on_over(self, par)

    @property
    def over(self) -> bool:
        """The hand was played to its end."""
        hand = self.table.hand
        return hand is not None and hand.phase is Phase.OVER

    def act(self, holder: SeatHolder, event: ev.PersonEvent) -> None:
        """A person's command; there is no next hand to deal."""
        if isinstance(event, ev.Deal | ev.Abandon) and self.table.hand is not None:
            self._say(Notice(NoticeKind.TEXT, text=str(words("today.played"))), holder.seat)
            return
        super().act(holder, event)

    def record(self) -> dict[str, Any]:
        """The finished hand's result as a day's record, or as a challenge record's
        deal entry (the board checks either)."""
        hand = self.table.hand
        assert hand is not None and hand.phase is Phase.OVER and self.pars is not None
        par = self.pars.known_par(self.deal)
        points = hand.points[Seat.SOUTH]
        assisted = Seat.SOUTH in hand.assisted
        if isinstance(self.deal, DailyDeal):
            return day_record_of(self.deal.day.isoformat(), self.deal.words, points,
                                 -1 if par is None else par, assisted, hand.record())
        assert self.challenge is not None and isinstance(self.deal, ChallengeDeal)
        return challenge_record(self.challenge, "-", [{
            "deal": self.deal.number + 1, "points": points, "par": -1 if par is None else par,
            "assisted": assisted, "hand": hand.record()}])


def keep_in_history(data_dir: Path, table: DailyTable, par: int) -> None:
    """Keep the finished deal of ``table`` with the person's own history (the store's
    days' and challenges' deals, as ``hearts daily`` keeps them): ``hearts stats``
    counts it, its streak and par. A deal already finished there keeps its first
    play. Run in a thread: it opens the store."""
    hand = table.table.hand
    assert hand is not None
    deal = table.deal
    if isinstance(deal, DailyDeal):
        key, shelf = (deal.day.isoformat(), deal.words), DAYS
    else:
        assert table.challenge is not None and isinstance(deal, ChallengeDeal)
        key, shelf = (table.challenge.code, str(deal.number + 1)), CHALLENGES
    store = Store.open(data_dir, claim=False)
    try:
        db = store.connection
        if db is None:
            return
        save_daily(db, *key, deal.seed, hand.to_json(), {}, hand.points[Seat.SOUTH],
                   Seat.SOUTH in hand.assisted, shelf=shelf)
        set_par(db, *key, par, shelf=shelf)
    finally:
        store.close_quietly()
