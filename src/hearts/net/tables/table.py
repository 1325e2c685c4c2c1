"""One network table: a :class:`~hearts.table.Table` and its ports to the
network, with the table's effects carried out on the event loop.

The table is the only referee: every person's action becomes the event the
single-player table takes, and whatever it refuses comes back as the same
notice. A :class:`NetTable` is the table's front end
(:class:`~hearts.table.runner.Ports`): a decision runs in the server's
executor (never on the event loop), a pause is a ``call_later``, every change
of the game is saved to the table's own store at once, and every connected
seat is sent its own :class:`~hearts.table.SeatState` after each change,
numbered. Its parts: the people's seats (:mod:`hearts.net.tables.people`),
the vote to play again (:mod:`hearts.net.tables.rematch`), the decisions and
pauses (:mod:`hearts.net.tables.loopwork`) and its files
(:mod:`hearts.net.tables.files`). Nothing here reads the network:
:mod:`hearts.net.server` hands messages in and gives each seat an
:class:`Outbox` to send through.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import replace
from functools import partial
from pathlib import Path

from hearts.ai import Level, Player, make_player
from hearts.cards import Seat
from hearts.duplicate import Evening
from hearts.match import Match
from hearts.net.tables.changes import PublicChange
from hearts.net.tables.config import TableConfig
from hearts.net.tables.evenings import as_evening, carried_on, evening_file, evening_lines
from hearts.net.tables.files import META_FILE, TableFiles
from hearts.net.tables.loopwork import LoopWork, think
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.people import PEOPLE_ORDER, JoinRefused, People, SeatHolder
from hearts.net.tables.rematch import Rematch
from hearts.net.tables.saver import Saver
from hearts.net.tables.thinking import Thinkers
from hearts.net.tables.watchers import Watchers
from hearts.net.wire import messages as msg
from hearts.net.wire.codes import fresh_secret
from hearts.store import Store
from hearts.table import (
    Computer,
    Decide,
    Notice,
    NoticeKind,
    Presence,
    Save,
    Say,
    Seating,
    SeatSpec,
    Table,
    Wait,
    carry_out,
    restore,
)
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.table.effects import Effect
from hearts.table.projection import Flat, Projection, update_flat

__all__ = ["PEOPLE_ORDER", "JoinRefused", "NetTable", "Outbox", "SeatHolder",
           "TableConfig", "think"]

class NetTable:
    """A table played over the network. Make one with :meth:`create` or :meth:`load`."""

    def __init__(self, table_id: str, code: str, folder: Path, config: TableConfig,
                 seed: int, executor: Executor | None,
                 factory: Callable[[Level, int], Player] = make_player) -> None:
        if not 1 <= config.people <= 4:
            raise ValueError("a table has 1 to 4 people")
        self.id = table_id
        """The table's name in paths and logs (not a secret)."""
        self.code = code
        """The join code (a secret: whoever has it may take a free seat)."""
        self.folder = folder
        """Where the table's store and seats are kept."""
        self.config = config
        """How the table was set up."""
        self.seed = seed
        """The table's seed."""
        self.executor = executor
        """Where computer players think (None: the loop's default executor)."""
        self.factory = factory
        """Makes a computer player from a level and a seed."""
        self.people = People(table_id, config.people, self._seat_move, self.write_meta)
        """The people's seats: who holds each, their tokens and connections."""
        seats: list[SeatSpec] = [Seating(Presence.FREE) if seat in self.people.holders
                                 else Computer() for seat in Seat]
        self.table = Table(config.options(), seed, seats, config.level, config.turn_seconds,
                           grace=config.grace)
        """The flow of the match."""
        self.evening: Evening | None = None
        """How the table's duplicate evenings are played (None: ordinary matches)."""
        if config.duplicate:
            self.play_evenings(Evening.for_people(config.duplicate, config.people))
        self.seq = 0
        """How many times the table changed: each state sent carries it."""
        self.epoch = fresh_secret(6)
        """This run of the table (a table started again numbers its changes afresh)."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.work = LoopWork(executor, factory, self._answer, config.delay_scale)
        """The table's decisions and pauses, on the event loop."""
        self.saves = 0
        """How many times the table was saved (a test counts them)."""
        self.notices: list[str] = []
        """What the store said when it was opened (for the host's terminal)."""
        self.files = TableFiles(folder, self._outboxes, self._written, self._store_notice)
        """The table's store, ``table.json`` and evenings, written off the loop."""
        self.thinkers: Thinkers | None = None
        """The server's count of computer decisions, which sets how hard this
        table's computer players think (None: always at their level)."""
        self._watchers: Watchers | None = None
        self.closed = False
        self._parts = Projection()
        """Builds the seats' and watchers' states as parts (:mod:`hearts.table.projection`)."""
        self._public: Flat | None = None
        """The public part of the states last built."""
        self._looks: tuple[object, ...] | None = None
        """What the seats' states were last built from (:attr:`Table.looks`)."""
        self._told = 0
        """The number of the last happening of the table's log that was sent."""
        self.listeners: list[Callable[[NetTable, Notice | hp.SeatMove], None]] = []
        """Called with every notice the table gives everyone and every seat's move
        (the host's view)."""
        self.rematch = Rematch(self.people, lambda: self.table.match.over,
                               lambda first: self.handle(ev.Deal(first)), self._say_apart)
        """The vote to play again once a match is over."""

    @property
    def deadlines(self) -> dict[int, float]:
        """When each pause a person may be shown ends (:attr:`LoopWork.deadlines`)."""
        return self.work.deadlines

    @property
    def failures(self) -> int:
        """How many decisions raised (:attr:`LoopWork.failures`)."""
        return self.work.failures

    @property
    def holders(self) -> dict[Seat, SeatHolder]:
        """The people's seats (:attr:`People.holders`)."""
        return self.people.holders

    @property
    def creator(self) -> Seat | None:
        """The seat of the person who runs the table from their page (:attr:`People.creator`)."""
        return self.people.creator

    @property
    def again(self) -> set[Seat]:
        """The people who agreed to play again since the match ended (:class:`Rematch`)."""
        return self.rematch.agreed

    def play_evenings(self, evening: Evening) -> None:
        """Make the table play duplicate evenings like ``evening`` (before :meth:`start`)."""
        self.evening = evening
        self.table.match = as_evening(self.table.match, evening, self.config.level)

    @property
    def evening_file(self) -> Path:
        """The file the finished hands of the table's current duplicate evening are
        kept in, a hand record a line (``hearts verify`` checks it)."""
        return evening_file(self.folder, self.table.match.seed)

    @property
    def watchers(self) -> Watchers:
        """The table's watchers and its watch code (:mod:`hearts.net.tables.watchers`)."""
        if self._watchers is None:
            self._watchers = Watchers(self.folder)
        return self._watchers

    # --- set up and tear down --------------------------------------------------

    @classmethod
    def create(cls, table_id: str, folder: Path, config: TableConfig,
               executor: Executor | None, factory: Callable[[Level, int], Player] = make_player,
               code: str | None = None, seed: int | None = None,
               creator: str | None = None) -> NetTable:
        """A new table in ``folder``, with a fresh code (64+ random bits) and seed;
        with ``creator`` (a name already checked), that person holds the first
        person's seat from the start (its token is ``holders[creator].token``)
        and is the table's :attr:`creator`."""
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        net = cls(table_id, code or fresh_secret(12), folder, config,
                  secrets.randbits(30) if seed is None else seed, executor, factory)
        if creator is not None:
            net.people.seat_creator(creator)
        net.write_meta()
        return net

    @classmethod
    def load(cls, folder: Path, executor: Executor | None,
             factory: Callable[[Level, int], Player] = make_player,
             grace: float | None = None, delay_scale: float | None = None,
             people: int | None = None) -> NetTable:
        """The table kept in ``folder``, as it was saved (raises ``ValueError`` if
        unreadable); with ``people``, set up for that many people's seats from now on
        (:meth:`seat_people`, which says what it could not do in :attr:`notices`)."""
        try:
            data = json.loads((folder / META_FILE).read_text())
            config = TableConfig.from_json(data, grace, delay_scale)
            net = cls(str(data["id"]), str(data["code"]), folder, config, int(data["seed"]),
                      executor, factory)
            net.people.restore(data["seats"])
            evening = data.get("duplicate")  # (older files and ordinary tables: none)
            if evening is not None:
                net.play_evenings(Evening(int(evening["deals"]), int(evening["rounds"])))
            creator = data.get("creator")  # (older files and the host's tables: none)
            net.people.creator = None if creator is None else Seat.parse(str(creator))
        except (OSError, KeyError, TypeError, ValueError) as error:
            raise ValueError(f"table in {folder} cannot be read: {error}") from None
        if people is not None and people != config.people:
            net.seat_people(people)
        return net

    def seat_people(self, people: int) -> None:
        """Give ``people`` seats to people from now on (before :meth:`start`), said in
        :attr:`notices` (:meth:`People.seat_people`)."""
        self.notices += self.people.seat_people(people)

    def write_meta(self) -> None:
        """Keep the table's code, set-up and seats on disk (atomically): at once
        when the table is made, else by the table's writer (off the event loop),
        with what the people are sent from now on held until it is done (a token
        is kept before its person learns it). A write that fails is a notice,
        and is tried again until it works (:class:`~hearts.net.tables.saver.Saver`)."""
        if self.config.people != len(self.people.holders):  # (the host freed a seat)
            self.config = replace(self.config, people=len(self.people.holders))
        data = json.dumps({
            "id": self.id, "code": self.code, "seed": self.seed, **self.config.to_json(),
            "seats": self.people.to_json(),
            **({} if self.creator is None else {"creator": msg.seat_name(self.creator)}),
            **({} if self.evening is None else {"duplicate": {
                "deals": self.evening.deals, "rounds": self.evening.rounds}}),
        })
        self.files.write_meta(data)

    def start(self, loop: asyncio.AbstractEventLoop) -> list[str]:
        """Carry on the saved match if there is one, and start. Returns what the
        store said as it was opened."""
        self.loop = self.files.loop = self.work.loop = loop
        store = self.store()
        saved = store.load()
        self.notices += store.notices
        if saved is not None:
            restore(self.table, saved.match, saved.table, saved.assisted)
            if self.evening is not None:
                self.table.match = carried_on(self.table.match, self.evening, self.config.level)
        for seat in Seat:  # each person away until they come back; free seats wait too
            self.table.place(seat, self.people.seating(seat))
        self.table.shared = len(self.people.holders) > 1
        self.table.named = True
        self.carry_out(self.table.start())
        self.files.used()
        return list(self.notices)

    @property
    def writer(self) -> Executor | None:
        """Where the table's writes run (None: the threads the tables share)."""
        return self.files.writer

    @writer.setter
    def writer(self, executor: Executor | None) -> None:
        self.files.writer = executor

    def store(self) -> Store:
        """The table's store (:meth:`TableFiles.store`)."""
        return self.files.store()

    def saver(self) -> Saver:
        """The table's writer (:meth:`TableFiles.saver`)."""
        return self.files.saver()

    @property
    def store_open(self) -> bool:
        """True while the table holds its store's file open."""
        return self.files.store_open

    def _outboxes(self) -> list[Outbox]:
        """Every connection of the table: its people's and its watchers'."""
        outboxes = self.people.outboxes()
        if self._watchers is not None:
            outboxes += self._watchers.outboxes
        return outboxes

    def _written(self) -> None:
        """A write is done (or failed, and will be tried again): the finished hands
        now kept go to their people."""
        delivered = [self._deliver_hands(holder) for holder in self.people.holders.values()]
        if any(delivered):
            self.write_meta()  # the count of hands each person has

    def _store_notice(self, text: str) -> None:
        self._say(Notice(NoticeKind.TEXT, text=text))

    def close(self) -> None:
        """Stop timers, forget decisions under way, close connections and the store
        (every change was saved as it happened)."""
        self.closed = True
        self.work.close()
        self.files.close()
        self.people.close()

    # --- people -------------------------------------------------------------------

    def join(self, name: str, token: str | None, outbox: Outbox) -> SeatHolder:
        """Seat a person on ``outbox`` (their own seat back with ``token``:
        :meth:`People.take`, whose :class:`JoinRefused` says why not), welcome
        them and tell the table."""
        holder, event = self.people.take(name, token, outbox)
        outbox.put(msg.Welcome("seat", holder.seat, holder.token, self.id, self.epoch))
        # The last hand sent may have been lost with the connection that dropped:
        # it goes again (the client keeps a hand it already has once, so the count
        # of hands sent is kept with the next write, not at once).
        holder.delivered = max(0, holder.delivered - 1)
        self._deliver_hands(holder)
        self.carry_out(self.table.handle(event))
        self.redraw()  # a seat taken over from another device changes nothing else
        return holder

    def dropped(self, holder: SeatHolder, outbox: Outbox) -> None:
        """``holder``'s connection ``outbox`` ended (:meth:`People.dropped`); the
        vote to play again waits for them no more."""
        if not self.closed and self.people.dropped(holder, outbox):
            self.rematch.went()

    def leave(self, holder: SeatHolder) -> None:
        """``holder`` gives the seat up for good (:meth:`People.leave`), and their
        vote to play again with it."""
        self.people.leave(holder)
        self.rematch.went(holder.seat)

    def free_seat(self, seat: Seat) -> str:
        """The host frees ``seat`` (:meth:`People.free_seat`). Says so in words."""
        return self.people.free_seat(seat)

    def seat_computer(self, seat: Seat) -> str:
        """The host gives ``seat`` to a computer player for good
        (:meth:`People.seat_computer`). Says so in words."""
        return self.people.seat_computer(seat)

    def new_token(self, seat: Seat) -> str | None:
        """A new token for ``seat``'s person (:meth:`People.new_token`)."""
        return self.people.new_token(seat)

    def _seat_move(self, event: ev.SeatEvent) -> None:
        """A seat's move, told to the table."""
        self.carry_out(self.table.handle(event))

    def act(self, holder: SeatHolder, event: ev.PersonEvent) -> None:
        """A person's command (the table's own event, for their seat). After a
        match's end at a table of several people, Deal is a vote to play again
        (:class:`Rematch`)."""
        assert event.seat == holder.seat
        if isinstance(event, ev.Deal) and self.rematch.vote(holder.seat):
            return
        self.carry_out(self.table.handle(event))

    def sync(self, holder: SeatHolder) -> None:
        """Send ``holder`` their whole state again."""
        if holder.outbox is not None:
            holder.needs_whole = True
            self.redraw()

    # --- the table's effects (this table is their ports) ------------------------------

    def carry_out(self, effects: list[Effect]) -> None:
        """Do what the table asked, in order."""
        carry_out(effects, self)

    def handle(self, event: ev.Event) -> None:
        """Hand an answer or a pause over to the table (unless it was closed)."""
        if not self.closed:
            self.carry_out(self.table.handle(event))

    def decide(self, request: Decide) -> None:
        """Run a decision in the executor (:meth:`LoopWork.decide`)."""
        self.work.decide(request, self.thinkers)

    def wait(self, request: Wait) -> None:
        """A pause on the event loop (:meth:`LoopWork.wait`)."""
        self.work.wait(request, lambda: self.table.waiting_on)

    def _answer(self, event: ev.Event) -> None:
        """A decision's answer or a pause's end, handed to the table; a seat's grace
        over: a computer player stands in, and that is kept."""
        graced = None
        if isinstance(event, ev.Elapsed):
            graced = next((h for h in self.people.holders.values()
                           if self.table.grace_token(h.seat) == event.token), None)
        self.handle(event)
        if graced is not None and not graced.stood_in and not self.closed \
                and self.table.seating(graced.seat).presence is Presence.STAND_IN:
            graced.stood_in = True
            self.write_meta()

    def save(self, save: Save) -> None:
        """Keep the game in the table's store: written off the event loop, and
        what the people are sent from now on waits until it is (finished hands
        go to their people once kept: :meth:`_written`)."""
        self.saves += 1
        self.files.hold(self.files.saver().save(save.match, save.state, save.assisted))
        self.files.used()

    def abandoned(self) -> None:
        """Record the match in progress as abandoned (before the next save)."""
        self.files.hold(self.files.saver().abandon())
        self.files.used()

    @property
    def writing(self) -> bool:
        """True while a write of the table is under way or waits to be done."""
        return self.files.writing

    def tell(self, notice: Say) -> None:
        """Send a notice of the table to its seat (or to everyone); after a hand of a
        duplicate evening (its standings), keep the evening's hands."""
        self._say(notice.notice, notice.seat)
        if notice.notice.kind is NoticeKind.STANDINGS:
            self.files.write_aside(self.evening_file, evening_lines(self.table.match))

    def _deliver_hands(self, holder: SeatHolder) -> bool:
        """Send ``holder`` the finished hands the store keeps that they have not
        had yet (:meth:`People.send_hands`)."""
        match: Match = self.table.match
        seed, kept = self.files.kept
        return self.people.send_hands(holder, match, kept if seed == match.seed else 0)

    def _say(self, notice: Notice, seat: Seat | None = None) -> None:
        """Tell ``seat`` ``notice`` (None: everyone, the host's view and watchers too)."""
        if seat is None:
            self._say_apart(notice, {})
            return
        holder = self.people.holders.get(seat)
        if holder is not None and holder.outbox is not None:
            holder.outbox.put(msg.NoticeMessage(notice))

    def _say_apart(self, notice: Notice, apart: Mapping[Seat, Notice]) -> None:
        """Tell everyone ``notice`` (the host's view and the watchers too), the
        people of the seats in ``apart`` their own notice instead."""
        for listener in self.listeners:
            listener(self, notice)
        text = msg.server_text(msg.NoticeMessage(notice))
        for holder in self.people.holders.values():
            if holder.outbox is not None:
                own = apart.get(holder.seat)
                holder.outbox.put_text(text if own is None
                                       else msg.server_text(msg.NoticeMessage(own)))
        if self._watchers is not None:
            self._watchers.say(text)

    def told(self, seat: Seat | None) -> tuple[msg.Told, ...]:
        """What happened in the hand so far that ``seat`` (None: a watcher) may know,
        numbered (a whole state carries it)."""
        return tuple(told for told in self.table.happenings.hand()
                     if hp.visible(told[1], seat))

    def _now_whole(self, holder: SeatHolder, now: float) -> str:
        """``holder``'s last state sent, whole, with the hand so far (a backlog of
        changes gives way to it)."""
        return holder.changes.now_whole(now, self.told(holder.seat))

    def redraw(self) -> None:
        """Send every connected person what changed in their own state (nothing if
        nothing did) and what happened that they may know: a numbered ``change``,
        or the whole state with what happened in the hand so far to a connection
        that has none yet (after ``welcome`` or ``sync``) unless it came back with
        ``resume`` and the changes it missed are kept (:mod:`hearts.net.tables.changes`);
        watchers get the public state the same way. The messages of one change
        share its number."""
        watchers = self._watchers
        watching = () if watchers is None else tuple(watchers.names())
        fresh = tuple(h.seat for h in self.people.holders.values()
                      if h.outbox is not None and h.needs_whole)
        watched = () if watchers is None else tuple(map(id, watchers.outboxes))
        log = self.table.happenings
        looks = (self.table.looks, watching, watched, log.last)  # (a happening: a change)
        if not fresh and looks == self._looks and (watchers is None or not watchers.fresh):
            return  # nothing anyone sees changed: no state is built again
        self._looks = looks
        before, last = self._told, log.last
        self._told = last
        news = log.since(before) if last > before else []
        if self.listeners:  # (the host's view hears each seat's move)
            for _, move in news:
                if isinstance(move, hp.SeatMove):
                    for listener in self.listeners:
                        listener(self, move)
        # what happened, written once for every seat unless some of it is one seat's
        private = any(hp.audience(happening) is not None for _, happening in news)
        shared_events = "" if private or not news else msg.events_text(news)
        now = time.time()
        seq = self.seq + 1
        used = False
        connected = [h for h in self.people.holders.values() if h.outbox is not None]
        if not connected and not watched:
            return
        public = self._parts.public(self.table, self.deadlines, watching)
        held = self._public
        entries = None
        if held is not None:
            for holder in self.people.holders.values():
                if holder.outbox is None and holder.changes.public is held:
                    # away: it keeps the part it was last sent, as it was
                    holder.changes.public = dict(held)
            entries = update_flat(held, public)  # in place
        if held is None or entries is None:  # the first, or the paths moved
            self._public = held = public
        shared = PublicChange(held, entries)
        public = held
        for holder in connected:
            outbox = holder.outbox
            assert outbox is not None
            own = self._parts.own(self.table, holder.seat)
            record = holder.changes
            if holder.needs_whole:  # a new connection, or it asked for the whole
                holder.needs_whole = False
                resume, outbox.resume = outbox.resume, None
                missed = record.since(resume.seq) if isinstance(resume, msg.Resume) \
                    and resume.epoch == self.epoch else None
                if missed is None:
                    outbox.put_state(record.whole(public, own, seq, now,
                                                  self.told(holder.seat)))
                    record.told = last
                    used = True
                    continue
                for text in missed:
                    outbox.put_change(text, partial(self._now_whole, holder, now))
            if record.told == before and not private:
                events = shared_events
            else:  # one seat's own, or what happened while it was away
                events = msg.events_text([told for told in log.since(record.told)
                                          if hp.visible(told[1], holder.seat)])
            record.told = last
            change = record.change(shared, own, seq, now, events)
            if change is not None:
                outbox.put_change(change, partial(self._now_whole, holder, now))
                used = True
        if watchers is not None and watched:
            public_events = msg.events_text(
                [told for told in news if hp.audience(told[1]) is None])
            used = watchers.redraw(shared, self._parts.watcher(), seq, now, public_events,
                                   partial(self.told, None)) or used
        if used:
            self.seq = seq
