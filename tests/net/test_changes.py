"""Cheap changes, checked against the truth: at random tables (people playing,
dropping, coming back with ``resume`` or without, asking for the whole state,
taking back a card, stand-ins, hold hands), after every event each connected
seat's client, holding what it was sent (one whole state, then changes
applied), holds exactly the seat's state built afresh, and has been told every
happening of the hand that its seat may know; and nothing a seat is sent names
another seat's hidden cards."""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hearts.cards import Card, Seat
from hearts.net.clock import InlineExecutor
from hearts.net.tables.changes import KEEP, PublicChange, SeatChanges
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.table import NetTable, SeatHolder
from hearts.net.wire import messages as msg
from hearts.rules import RuleSet
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.table import seat_state
from hearts.table.projection import Flat, update_flat
from hearts.view import Phase
from tests.engine.helpers import reachable
from tests.net.helpers import QUICK

_CARD = re.compile(r'"((?:10|[2-9TJQKA])[CDHS])"')


class Client:
    """What a client holds: the last state (JSON), its number, the table's epoch."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.state: dict[str, Any] | None = None
        self.seq = 0
        self.epoch = ""
        self.outbox = Outbox()
        self.texts: list[str] = []
        self.heard: dict[int, hp.Happening] = {}
        """Every happening told, by number (a client announces each once)."""

    def read(self) -> None:
        for text in self.outbox.drain():
            self.texts.append(text)
            message = msg.read_server(text)
            if isinstance(message, msg.Welcome):
                self.epoch = message.epoch
            elif isinstance(message, msg.StateMessage):
                self.state, self.seq = message.state, message.seq
                self.heard.update(message.events)
            elif isinstance(message, msg.ChangeMessage):
                self.heard.update(message.events)
                assert self.state is not None and message.base == self.seq, \
                    "a change for a state this client does not hold"
                assert message.seq > self.seq
                self.state = msg.apply_change(self.state, message.set)
                self.seq = message.seq


def _hidden(net: NetTable, seat: Seat) -> set[str]:
    """The cards ``seat`` cannot know where they are: held by another seat and
    neither passed by ``seat`` nor shown."""
    hand = net.table.hand
    if hand is None or hand.phase is Phase.OVER:
        return set()
    mine = set(hand.passed(seat))
    return {str(card) for other in Seat if other != seat for card in hand.holding(other)
            if card not in mine}


async def _settle(net: NetTable) -> None:
    """Let the loop run until what the table wrote is kept and its gates are open."""
    for _ in range(200):
        await asyncio.sleep(0)
        if not net.writing and not any(h.outbox is not None and h.outbox.held
                                       for h in net.holders.values()):
            return


async def _random_table(seed: int, folder: Path) -> int:
    rng = random.Random(seed)
    people = rng.choice([1, 2, 4])
    rules = RuleSet.CLASSIC.rules(60) if seed % 2 else QUICK.rules
    inline = InlineExecutor()
    net = NetTable.create("t1", folder, replace(QUICK, people=people, rules=rules,
                                                grace=0.0), inline, code="c", seed=seed)
    net.writer = inline
    net.start(asyncio.get_running_loop())
    clients: dict[Seat, Client] = {}
    holders: dict[Seat, SeatHolder] = {}
    tokens: dict[Seat, str] = {}
    checked = 0
    try:
        for number in range(people):
            client = Client(Seat.SOUTH)
            holder = net.join(f"P{number}", None, client.outbox)
            client.seat = holder.seat
            clients[holder.seat], holders[holder.seat] = client, holder
            tokens[holder.seat] = holder.token or ""
        for _step in range(400):
            await _settle(net)
            for seat, client in clients.items():
                client.read()
                holder = holders[seat]
                if holder.outbox is not client.outbox:
                    continue
                truth = seat_state(net.table, seat, net.deadlines).to_json()
                assert client.state == truth, f"seat {seat} after {checked} checks"
                told = {n: h for n, h in net.table.happenings.hand() if hp.visible(h, seat)}
                assert told.items() <= client.heard.items(), f"seat {seat} missed some"
                for text in client.texts:  # a finished hand's record is all public
                    if not text.startswith('{"version":3,"type":"hand"'):
                        assert not set(_CARD.findall(text)) & _hidden(net, seat), text
                client.texts.clear()
                checked += 1
            if net.table.match.over:
                break
            seat = rng.choice(list(clients))
            holder, client = holders[seat], clients[seat]
            hand = net.table.hand
            roll = rng.random()
            if holder.outbox is None:  # away: come back, with what it holds or afresh
                again = Client(seat)
                if roll < 0.7 and client.state is not None:
                    again.state, again.seq = client.state, client.seq
                    again.outbox.resume = msg.Resume(client.epoch, client.seq)
                again.epoch = client.epoch
                again.heard = client.heard  # (the same page: it heard what it heard)
                clients[seat] = again
                holders[seat] = net.join(holder.name, tokens[seat], again.outbox)
            elif roll < 0.08:
                net.dropped(holder, client.outbox)
            elif roll < 0.11:
                net.sync(holder)
            elif roll < 0.14 and people == 1:
                net.act(holder, ev.Undo(seat))
            elif hand is None or hand.phase is Phase.OVER or net.table.stage.value == "idle":
                net.act(holder, ev.Deal(seat))
            elif client.state and client.state.get("passable") and \
                    len(client.state["passable"]) >= 3:
                cards = tuple(Card.parse(c) for c in rng.sample(client.state["passable"], 3))
                net.act(holder, ev.Pass(seat, cards))
            elif client.state and client.state.get("legal"):
                net.act(holder, ev.Play(seat, Card.parse(rng.choice(client.state["legal"]))))
            elif net.table.stage.value == "received":
                net.act(holder, ev.Continue(seat))
            else:
                await asyncio.sleep(0.01)  # a computer player's turn, or a pause
    finally:
        net.close()
    return checked


@pytest.mark.parametrize("seed", range(6))
async def test_what_a_client_holds_is_the_state_built_afresh(seed: int, tmp_path: Path
                                                             ) -> None:
    assert await _random_table(seed, tmp_path / "t1") > 50


def test_changes_kept_take_a_client_back_or_say_they_cannot() -> None:
    record = SeatChanges(keep=3)
    own: Flat = {("b", "c"): 2}
    table: Flat = {("a",): 1}  # the table's public part, brought along in place
    assert record.change(PublicChange(table, None), own, 1, 0.0) is None  # nothing sent yet
    record.whole(table, dict(own), 1, 0.0)
    assert list(record.since(1) or ["x"]) == []  # up to date
    for seq in range(2, 7):
        entries = update_flat(table, {("a",): seq})
        text = record.change(PublicChange(table, entries), dict(own), seq, 0.0)
        change = msg.read_server(text)
        assert isinstance(change, msg.ChangeMessage) and change.base == seq - 1
        assert change.set == ((("a",), seq),)
    # nothing changed
    entries = update_flat(table, {("a",): 6})
    assert record.change(PublicChange(table, entries), dict(own), 7, 0.0) is None
    kept = [msg.read_server(text) for text in record.since(3) or []]
    assert [c.seq for c in kept if isinstance(c, msg.ChangeMessage)] == [4, 5, 6]
    assert record.since(2) is None  # no longer kept: the whole state
    assert record.state == {"a": 6, "b": {"c": 2}}
    assert KEEP == 32


def test_the_seats_kept_changes_hold_the_public_entries_once() -> None:
    # four seats are sent the same public entries (a trick, the cards played) and
    # a few of their own; a client that comes back gets the very texts it
    # missed, yet the seats' kept changes hold the shared text once, not four
    # times (at 1,000 tables that was 90 KiB a table: lab/journal.md)
    records = [SeatChanges(keep=8) for _ in range(4)]
    table: Flat = {("played",): []}
    for seat, record in enumerate(records):
        record.whole(table, {("legal",): [seat]}, 1, 0.0)
    sent: list[list[str]] = [[] for _ in records]
    for seq in range(2, 12):
        entries = update_flat(table, {("played",): [f"{n}{suit}" for n in range(2, seq + 2)
                                                    for suit in "CDHS"]})
        shared = PublicChange(table, entries)
        events = msg.events_text([(seq, hp.HeartsBroken(Seat.WEST))])
        for seat, record in enumerate(records):
            text = record.change(shared, {("legal",): [seat, seq]}, seq, 1234.5 + seq, events)
            assert text is not None
            sent[seat].append(text)
    for seat, record in enumerate(records):
        assert list(record.since(3) or []) == sent[seat][2:]
        assert list(record.since(11) or ["x"]) == []
        assert record.since(2) is None  # kept 8 of 10
    kept = [text for texts in sent for text in texts[2:]]
    held = sum(len(thing) for thing in reachable(records) if isinstance(thing, str))
    assert held < 0.4 * sum(map(len, kept))


def test_a_seat_that_held_another_public_part_gets_its_own_changes() -> None:
    record = SeatChanges()
    record.whole({("a",): 1, ("view",): None}, {("seat",): "south"}, 1, 0.0)
    # the table moved twice while this seat was away: the shared entries (from
    # the part it does not hold) would be wrong for it
    table: Flat = {("a",): 2, ("view",): None}
    later = PublicChange(table, update_flat(table, {("a",): 3, ("view",): None}))
    change = msg.read_server(record.change(later, {("seat",): "south"}, 5, 0.0))
    assert isinstance(change, msg.ChangeMessage) and change.set == ((("a",), 3),)
    # a hand dealt: the view's paths appear (a new part), and the view is sent whole
    dealt: Flat = {("a",): 3, ("view", "phase"): "passing"}
    assert update_flat(table, dealt) is None
    text = record.change(PublicChange(dealt, None),
                         {("seat",): "south", ("view", "hand"): ["QS"]}, 6, 0.0)
    change = msg.read_server(text)
    assert isinstance(change, msg.ChangeMessage)
    assert change.set == ((("view",), {"phase": "passing", "hand": ["QS"]}),)
    assert record.state == {"a": 3, "seat": "south", "view": {"phase": "passing",
                                                            "hand": ["QS"]}}
    # from then on the seat holds the table's part and is sent the shared entries
    entries = update_flat(dealt, {("a",): 4, ("view", "phase"): "passing"})
    text = record.change(PublicChange(dealt, entries),
                         {("seat",): "south", ("view", "hand"): ["QS"]}, 7, 0.0)
    change = msg.read_server(text)
    assert isinstance(change, msg.ChangeMessage) and change.set == ((("a",), 4),)


def test_a_change_written_from_its_entries_is_the_message_itself() -> None:
    entries = ((("view", "trick"), [{"seat": "west", "card": "QS"}]), (("stage",), "playing"))
    text = msg.change_text(8, 7, 1234.5, msg.entries_text(entries))
    assert text == msg.server_text(msg.ChangeMessage(8, 7, 1234.5, entries))


def test_a_slow_clients_changes_give_way_to_one_whole_state() -> None:
    outbox = Outbox()
    for number in range(Outbox.MAX_CHANGES + 5):
        outbox.put_change(json.dumps({"type": "change", "n": number}),
                          lambda: json.dumps({"type": "state", "whole": True}))
    texts = [json.loads(text) for text in outbox.drain()]
    # every change before the overflow gave way to one whole state; none was dropped
    # alone, and the changes after it follow it in order
    assert texts[0] == {"type": "state", "whole": True}
    assert [t["n"] for t in texts[1:]] == list(range(Outbox.MAX_CHANGES + 1,
                                                     Outbox.MAX_CHANGES + 5))


async def _one_person_table(folder: Path, seed: int = 3) -> tuple[NetTable, SeatHolder, Client]:
    inline = InlineExecutor()
    net = NetTable.create("t1", folder, replace(QUICK, people=1), inline, code="c", seed=seed)
    net.writer = inline
    net.start(asyncio.get_running_loop())
    client = Client(Seat.SOUTH)
    holder = net.join("Ann", None, client.outbox)
    await _settle(net)
    client.read()
    return net, holder, client


async def _play_cards(net: NetTable, holder: SeatHolder, cards: int,
                      read: Client | None = None) -> None:
    """South plays on (deals, passes, continues) until ``cards`` more cards are on
    the hand's record; ``read`` reads its outbox as it goes."""
    hand = net.table.hand
    start = 0 if hand is None else len(hand.plays)
    for _ in range(500):
        await _settle(net)
        if read is not None:
            read.read()
        hand = net.table.hand
        if hand is not None and len(hand.plays) >= start + cards:
            return
        stage = net.table.stage.value
        if hand is None or stage == "idle":
            net.act(holder, ev.Deal(Seat.SOUTH))
        elif stage == "passing" and not hand.passed(Seat.SOUTH):
            net.act(holder, ev.Pass(Seat.SOUTH, tuple(hand.passable(Seat.SOUTH)[:3])))
        elif stage == "received":
            net.act(holder, ev.Continue(Seat.SOUTH))
        elif hand.turn is Seat.SOUTH:
            net.act(holder, ev.Play(Seat.SOUTH, hand.legal_plays()[0]))
        else:
            await asyncio.sleep(0.005)
    raise AssertionError("the cards were never played")


def _cards_played(events: dict[int, hp.Happening]) -> list[Card]:
    return [h.card for _, h in sorted(events.items()) if isinstance(h, hp.Played)]


async def test_a_change_carries_what_happened(tmp_path: Path) -> None:
    net, holder, client = await _one_person_table(tmp_path / "t1")
    try:
        await _play_cards(net, holder, 6, client)
        hand = net.table.hand
        assert hand is not None
        changes = [m for m in map(msg.read_server, client.texts)
                   if isinstance(m, msg.ChangeMessage)]
        told = [h for m in changes for _, h in m.events]
        assert [h.card for h in told if isinstance(h, hp.Played)] == list(hand.plays)
        assert hp.Dealt(1) in told
        passed = [h for h in told if isinstance(h, hp.PassedCards)]
        assert [h.seat for h in passed] == [Seat.SOUTH]  # the others' cards: not told
        assert sorted(h.seat for h in told if isinstance(h, hp.Passed)) == list(Seat)
        assert [h.seat for h in told if isinstance(h, hp.Received)] == [Seat.SOUTH]
        # each card played comes in the change that shows it on the table
        for change in changes:
            for _, happening in change.events:
                if isinstance(happening, hp.Played):
                    shown = dict(change.set).get(("view", "played"))
                    assert shown is not None and str(happening.card) in shown
        numbers = [n for m in changes for n, _ in m.events]
        assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    finally:
        net.close()


async def test_a_resume_past_the_kept_changes_tells_the_hand_so_far(tmp_path: Path) -> None:
    net, holder, client = await _one_person_table(tmp_path / "t1")
    try:
        await _play_cards(net, holder, 4, client)
        held, epoch = client.seq, client.epoch
        heard = dict(client.heard)
        # the connection is cut: what the table sends meanwhile is lost on the way
        await _play_cards(net, holder, KEEP + 8)
        client.outbox.drain()
        net.dropped(holder, client.outbox)
        again = Client(Seat.SOUTH)
        again.outbox.resume = msg.Resume(epoch, held)
        net.join("Ann", holder.token, again.outbox)
        states: list[msg.StateMessage] = []
        hand = net.table.hand
        for _ in range(100):  # the computer players may play on after the state was
            await _settle(net)  # sent (and a change may come in the same read)
            for message in map(msg.read_server, again.outbox.drain()):
                if isinstance(message, msg.StateMessage):
                    states.append(message)
                if isinstance(message, (msg.StateMessage, msg.ChangeMessage)):
                    heard.update(message.events)
            hand = net.table.hand
            if hand is not None and _cards_played(heard) == list(hand.plays):
                break
            await asyncio.sleep(0.02)
        assert len(states) == 1  # too far behind: the whole state, and the hand so far
        assert hand is not None
        assert _cards_played(heard) == list(hand.plays)
        assert len(hand.plays) >= KEEP + 12
        told = dict(states[0].events)
        assert all(hp.visible(h, Seat.SOUTH) for h in told.values())
        assert isinstance(told[min(told)], hp.Dealt)  # from the deal on
    finally:
        net.close()


async def test_a_backlog_that_gave_way_to_the_whole_state_tells_the_hand(tmp_path: Path
                                                                          ) -> None:
    net, holder, client = await _one_person_table(tmp_path / "t1")
    try:
        await _play_cards(net, holder, 2, client)
        heard = dict(client.heard)
        client.outbox.MAX_CHANGES = 8  # a few changes waiting make a backlog
        await _play_cards(net, holder, 20)  # the client reads nothing meanwhile
        messages = [msg.read_server(text) for text in client.outbox.drain()]
        states = [m for m in messages if isinstance(m, msg.StateMessage)]
        assert states, "the backlog never gave way"
        for message in messages:
            if isinstance(message, (msg.StateMessage, msg.ChangeMessage)):
                heard.update(message.events)
        hand = net.table.hand
        assert hand is not None
        assert _cards_played(heard) == list(hand.plays)
    finally:
        net.close()


async def test_a_watcher_is_told_the_public_happenings_only(tmp_path: Path) -> None:
    net, holder, client = await _one_person_table(tmp_path / "t1")
    try:
        watcher = Outbox()
        net.watchers.add("Zed", watcher)
        await _play_cards(net, holder, 5, client)
        told: dict[int, hp.Happening] = {}
        for text in watcher.drain():
            message = msg.read_server(text)
            if isinstance(message, (msg.StateMessage, msg.ChangeMessage)):
                told.update(message.events)
        hand = net.table.hand
        assert hand is not None
        assert _cards_played(told) == list(hand.plays)
        assert all(hp.audience(h) is None for h in told.values())
        assert any(isinstance(h, hp.Passed) for h in told.values())
    finally:
        net.close()
