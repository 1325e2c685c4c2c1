"""A real table server on loopback, played by scripted people."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

import aiohttp
import pytest

from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.net import server as server_module
from hearts.net.clock import InlineExecutor, run_virtual
from hearts.net.server import MAX_BAD_MESSAGES
from hearts.net.tables.table import NetTable
from hearts.net.wire import client
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from hearts.rules import Reason, Refusal, RuleSet
from hearts.table import Notice, NoticeKind, Presence, SeatState, Stage
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.view import Phase
from tests.net.helpers import QUICK, Scripted, running_server

_INLINE = InlineExecutor()


async def _until(condition, seconds: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(wait(), seconds)


async def test_four_people_play_a_whole_match(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (server, url):
        people = [Scripted(url, "code-1", name, deals=name == "Ann")
                  for name in ("Ann", "Bob", "Cat", "Dan")]
        for person in people:
            person.start()
        await asyncio.wait_for(asyncio.gather(*(p.over.wait() for p in people)), 60)
        table = server.tables["t1"].table
        assert table.match.over
        # a hand goes to the people once the server's writer has kept it, which may be
        # just after the state that says the match is over
        await _until(lambda: all(len(p.hands) == len(table.match.hands) for p in people))
        # the seats' tokens are kept where only the server's user can read them
        assert (tmp_path / "tables" / "t1" / "table.json").stat().st_mode & 0o077 == 0
        seats = {p.state.seat for p in people}
        assert seats == set(Seat)
        for person in people:
            assert person.state.names == ("Ann", "Cat", "Bob", "Dan")  # S W N E
            assert person.state.scores == table.match.scores
            # every finished hand came to every person, whole and replayable
            assert len(person.hands) == len(table.match.hands)
            for sent, hand in zip(person.hands, table.match.hands, strict=True):
                assert Hand.from_record(sent.record).points == hand.points
        for person in people:
            await person.stop()


async def test_messages_go_out_at_once_when_the_connection_can_take_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A connection with room in its buffer is written to as the table moves, not
    # by waking its sender task for each message (the installed aiohttp allows it).
    written = [0, 0]  # at once, left to the sender
    make = server_module._write_now

    def counted(ws, transport):  # type: ignore[no-untyped-def]
        write = make(ws, transport)
        assert write is not None

        def write_counted(text: str) -> bool:
            done = write(text)
            written[0 if done else 1] += 1
            return done
        return write_counted
    monkeypatch.setattr(server_module, "_write_now", counted)
    async with running_server(tmp_path, replace(QUICK, people=2)) as (_server, url):
        people = [Scripted(url, "code-1", name, deals=name == "Ann", hands=1)
                  for name in ("Ann", "Bob")]
        for person in people:
            person.start()
        await asyncio.wait_for(asyncio.gather(*(p.over.wait() for p in people)), 60)
        received = sum(len(p.states) for p in people)
        assert written[0] > received // 2 and written[1] == 0
        for person in people:
            await person.stop()


async def test_frames_are_not_compressed_even_when_the_client_offers(tmp_path: Path) -> None:
    # Browsers offer permessage-deflate; the server declines it (a compressor a
    # connection costs over 100 KiB, and small messages gain little).
    async with running_server(tmp_path) as (_server, url), aiohttp.ClientSession() as session, \
            session.ws_connect(url, compress=15) as ws:
        assert not ws.compress
        await ws.send_str(msg.encode(msg.client_json(msg.Join("code-1", "Ann"))))
        frame = await ws.receive(timeout=10)
        assert json.loads(frame.data)["type"] == "welcome"


async def test_two_people_and_two_computer_players(tmp_path: Path) -> None:
    async with running_server(tmp_path, replace(QUICK, people=2)) as (server, url):
        ann, bob = Scripted(url, "code-1", "Ann", deals=True), Scripted(url, "code-1", "Bob")
        ann.start()
        bob.start()
        await asyncio.wait_for(asyncio.gather(ann.over.wait(), bob.over.wait()), 60)
        assert ann.state.seat is Seat.SOUTH and bob.state.seat is Seat.NORTH
        assert ann.state.names == ("Ann", "West", "Bob", "East")
        hand = server.tables["t1"].table.match.hands[0]
        assert hand.players is not None
        assert [p.player for p in hand.players] == ["human", "beginner", "human", "beginner"]
        assert not hand.stand_ins
        await ann.stop()
        await bob.stop()


async def test_a_dropped_person_comes_back_to_the_same_hand(tmp_path: Path) -> None:
    async with running_server(tmp_path, replace(QUICK, people=2)) as (server, url):
        ann, bob = Scripted(url, "code-1", "Ann", deals=True), Scripted(url, "code-1", "Bob")
        ann.start()
        bob.start()
        # wait until a trick is half played, then hold Bob still and cut his line
        await _until(lambda: bob.states and bob.state.view is not None
                     and bob.state.view.phase is Phase.PLAYING
                     and len(bob.state.view.trick) >= 1)
        bob.playing = False
        token = bob.connection.token
        before = len(bob.states)
        ws = bob.connection._ws
        assert ws is not None
        await ws.close()
        # back: welcomed again (what the old connection still had in flight may
        # arrive before that), then told what changed since the state he holds
        await _until(lambda: bob.connection.reconnects >= 1 and len(bob.states) > before
                     and len([m for m in bob.messages if isinstance(m, msg.Welcome)]) == 2
                     and isinstance(bob.messages[-1], msg.StateMessage | msg.ChangeMessage))
        assert bob.connection.token == token
        welcome = [m for m in bob.messages if isinstance(m, msg.Welcome)]
        assert len(welcome) == 2 and welcome[0].seat == welcome[1].seat == Seat.NORTH
        table = server.tables["t1"].table
        assert table.hand is not None
        assert bob.state.view == table.hand.view(Seat.NORTH)
        bob.wake()
        await asyncio.wait_for(asyncio.gather(ann.over.wait(), bob.over.wait()), 60)
        assert not any(h.stand_ins for h in table.match.hands)  # he was back in time
        await ann.stop()
        await bob.stop()


def test_after_the_grace_time_a_computer_player_stands_in(tmp_path: Path) -> None:
    # on the virtual clock: a minute's grace in a moment, whatever the machine's speed
    async def main() -> tuple[list[hp.Happening], list[SeatState], NetTable, float]:
        config = replace(QUICK, people=2, grace=60.0)
        loop = asyncio.get_running_loop()
        async with running_server(tmp_path, config, executor=_INLINE, writer=_INLINE) as (
                server, url):
            ann = Scripted(url, "code-1", "Ann", deals=True)
            bob = Scripted(url, "code-1", "Bob")
            # Bob sits down but never acts: had he played on, the hand could have been
            # played out (no points left) before his grace time ran out.
            bob.playing = False
            ann.start()
            bob.start()
            await _until(lambda: bob.states and bob.state.stage is Stage.PASSING)
            await bob.stop()  # his connection closes; he does not come back
            gone = loop.time()
            net = server.tables["t1"]
            await _until(lambda: net.table.seating(Seat.NORTH).presence is Presence.STAND_IN,
                         90)
            waited = loop.time() - gone
            await asyncio.wait_for(ann.over.wait(), 600)  # the match went on without him
            await ann.stop()
            return ann.happenings(), ann.states, net, waited
    happenings, states, net, waited = run_virtual(main)
    assert 59.9 <= waited < 62
    assert hp.Dropped(Seat.NORTH, "Bob") in happenings
    assert hp.StoodIn(Seat.NORTH, "Bob") in happenings
    # he was shown away to the others at once, before a computer stood in
    presences = [s.seats[Seat.NORTH].presence for s in states]
    last_here = max(i for i, p in enumerate(presences) if p is Presence.HERE)
    after = presences[last_here:]
    assert Presence.AWAY in after and Presence.STAND_IN in after
    assert after.index(Presence.AWAY) < after.index(Presence.STAND_IN)
    first = net.table.match.hands[0]
    # from his pass on, every decision of his is the computer player's
    assert first.stand_ins and first.stand_ins[0].play is None
    assert {s.seat for s in first.stand_ins} == {Seat.NORTH}


async def test_a_person_who_leaves_gives_the_seat_up_for_good(tmp_path: Path) -> None:
    async with running_server(tmp_path, replace(QUICK, people=2)) as (_server, url):
        ann, bob = Scripted(url, "code-1", "Ann", deals=True), Scripted(url, "code-1", "Bob")
        bob.playing = False  # the table waits for his pass, so he leaves mid-hand
        ann.start()
        bob.start()
        await _until(lambda: bob.states and bob.state.stage is Stage.PASSING)
        token = bob.connection.token
        await bob.connection.leave()
        await asyncio.wait_for(ann.over.wait(), 60)
        assert hp.Left(Seat.NORTH, "Bob") in ann.happenings()
        assert ann.state.names[2] == "North"
        assert ann.state.seats[2].presence is Presence.STAND_IN  # until someone takes it
        # the token no longer takes the seat back
        again = Scripted(url, "code-1", "Bob", token=token, tries=1)
        again.start()
        assert again.task is not None
        await asyncio.wait_for(again.task, 10)
        assert again.connection.refusal is ErrorCode.BAD_TOKEN
        await ann.stop()


async def test_bad_messages_get_errors_and_never_disturb_another_table(tmp_path: Path) -> None:
    async with running_server(tmp_path, tables=2) as (server, url):
        other = server.tables["t2"]
        before = (other.table.state(), other.table.match.hands)
        ann = Scripted(url, "code-1", "Ann", deals=True)
        ann.start()
        await _until(lambda: bool(ann.states))
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            await ws.send_str('{"type":"deal"}')
            reply = msg.read_server((await ws.receive()).data)
            assert reply == msg.ErrorMessage(ErrorCode.NOT_JOINED, "send join first")
            await ws.send_str(json.dumps(msg.client_json(msg.Join("nope", "x"))))
            assert json.loads((await ws.receive()).data)["code"] == "bad-code"
            await ws.send_str(json.dumps(msg.client_json(msg.Join("code-1", "Eve"))))
            welcome = json.loads((await ws.receive()).data)
            assert welcome["type"] == "welcome" and welcome["seat"] == "north"
            nasty = ["", "[]", "{", '{"type":"play","card":"ZZ"}',
                     '{"type":"fly"}', '{"type":"dance"}',
                     '{"type":"move","step":1e99}']
            for text in nasty:
                await ws.send_str(text)
            # A card she does not hold, which the table refuses whatever she holds
            # (the two of clubs would be chosen to pass whenever it was dealt to her).
            mine = server.tables["t1"].table
            await _until(lambda: mine.stage is Stage.PASSING)
            assert mine.hand is not None
            foreign = next(c for c in Card.all() if c not in mine.hand.holding(Seat.NORTH))
            await ws.send_str(json.dumps(msg.client_json(ev.Pass(
                Seat.NORTH, (foreign, *mine.hand.holding(Seat.NORTH)[:2])))))
            # the table's own refusal, as the single-player game has it
            refusal = Notice(NoticeKind.REFUSED, refusal=Refusal(Reason.NOT_IN_HAND,
                                                                 card=foreign))
            errors: list[dict[str, str]] = []
            notices: list[Notice] = []
            async with asyncio.timeout(30):
                async for frame in ws:
                    data = json.loads(frame.data)
                    if data["type"] == "error":
                        errors.append(data)
                    elif data["type"] == "notice":
                        notices.append(Notice.from_json(data["notice"]))
                    if len(errors) >= len(nasty) and refusal in notices:
                        break
            assert errors[0]["message"].startswith("not JSON")
            assert "unknown message type 'fly'" in errors[4]["message"]
            assert {e["code"] for e in errors} == {"bad-message"}
            for _ in range(MAX_BAD_MESSAGES):
                await ws.send_str("junk")
            kinds = [json.loads(f.data) async for f in ws if f.type is aiohttp.WSMsgType.TEXT]
            assert kinds[-1]["code"] == "too-many-bad"
            assert ws.closed
        assert (other.table.state(), other.table.match.hands) == before
        assert server.tables["t1"].table.hand is not None or ann.states
        await ann.stop()


async def test_a_message_too_big_closes_only_that_connection(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (_server, url):
        ann = Scripted(url, "code-1", "Ann", deals=True)
        ann.start()
        await _until(lambda: bool(ann.states))
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            await ws.send_str("x" * (msg.MAX_MESSAGE_BYTES + 10))
            frames = [f async for f in ws]
            assert ws.closed
            assert all(f.type is not aiohttp.WSMsgType.TEXT
                       or json.loads(f.data)["type"] == "error" for f in frames)
        assert ann.connection.connected.is_set()
        await ann.stop()



async def test_a_connected_seat_is_never_taken_not_even_with_its_token(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client, "SEAT_PATIENCE", 2.0)
    async with running_server(tmp_path, replace(QUICK, people=2)) as (server, url):
        old = Scripted(url, "code-1", "Ann")
        old.start()
        await _until(lambda: old.connection.token is not None and bool(old.states))
        holder = next(h for h in server.tables["t1"].holders.values() if h.name == "Ann")
        kept = holder.outbox
        # The same seat opened again in a second window (the same token): refused
        # while the first is connected; the new window asks again for a while, then
        # says the seat is open elsewhere. The first window keeps its seat.
        new = Scripted(url, "code-1", "Ann", token=old.connection.token, first_pause=0.2)
        new.start()
        assert new.task is not None
        await asyncio.wait_for(new.task, 20)
        assert new.connection.refusal is ErrorCode.SEAT_TAKEN and new.connection.reconnects >= 2
        assert holder.outbox is kept and old.connection.connected.is_set()
        # Once the first window has gone, the token takes the seat back.
        await old.stop()
        again = Scripted(url, "code-1", "Ann", token=old.connection.token)
        again.start()
        await _until(lambda: again.connection.connected.is_set())
        assert holder.outbox is not None and holder.outbox is not kept
        await again.stop()


async def test_the_last_hand_sent_is_sent_again_after_a_drop(tmp_path: Path) -> None:
    # A hand record lost with a dropped connection is not lost for good: coming
    # back, the person is sent the last finished hand again.
    async with running_server(tmp_path, replace(QUICK, people=2)) as (_server, url):
        ann = Scripted(url, "code-1", "Ann", deals=True, hands=1)
        bob = Scripted(url, "code-1", "Bob")
        ann.start()
        bob.start()
        await asyncio.wait_for(ann.over.wait(), 60)
        await _until(lambda: len(ann.hands) == 1)
        ws = ann.connection._ws
        assert ws is not None
        await ws.close()
        await _until(lambda: ann.connection.reconnects >= 1 and len(ann.hands) == 2)
        assert ann.hands[1].record == ann.hands[0].record
        await ann.stop()
        await bob.stop()


async def test_people_at_a_network_table_play_the_classic_hold_hand(tmp_path: Path) -> None:
    # to 130 a match lasts five hands at least (26 points a hand at most to anyone)
    config = replace(QUICK, people=2, rules=RuleSet.CLASSIC.rules(130))
    async with running_server(tmp_path, config) as (server, url):
        ann, bob = Scripted(url, "code-1", "Ann", deals=True), Scripted(url, "code-1", "Bob")
        ann.start()
        bob.start()
        await asyncio.wait_for(asyncio.gather(ann.over.wait(), bob.over.wait()), 120)
        hands = server.tables["t1"].table.match.hands
        assert [str(hand.pass_direction) for hand in hands[:5]] == [
            "left", "right", "across", "none", "left"]
        assert all(hand.passed(seat) == () for seat in Seat for hand in hands[3::4])
        # a hand is sent once the server has kept it: just after the state that ends it
        await _until(lambda: len(ann.hands) == len(hands))
        await ann.stop()
        await bob.stop()
