"""Quick reactions over the network: a fixed set, read and written by the one
codec and held to the schemas; a seat's reaction reaches every seat (its own
too) and every watcher of its table and no other table; a seat's budget is
kept across its connections; a watcher may see reactions, never send one."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from hearts.cards import Seat
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from hearts.words import words

from ..schemas import check, problems
from .helpers import QUICK, UNLIMITED, Scripted, running_server, until


def test_a_reaction_is_read_and_written_by_the_one_codec_and_its_schemas() -> None:
    for name in msg.REACTIONS:
        sent = msg.client_json(msg.React(name))
        check(sent, "client.json")
        assert msg.read_client(msg.encode(sent), Seat.WEST) == msg.React(name)
        assert msg.read_client(msg.encode(sent), None) == msg.React(name)  # the session says
        told = msg.server_json(msg.Reaction(Seat.WEST, name))
        check(told, "server.json")
        assert msg.read_server(msg.encode(told)) == msg.Reaction(Seat.WEST, name)
        assert words(f"reactions.words.{name}")  # every client has its words


@pytest.mark.parametrize("sent", [
    {"type": "reaction"}, {"type": "reaction", "reaction": "you fool"},
    {"type": "reaction", "reaction": 3}, {"type": "reaction", "reaction": "Nice"},
])
def test_anything_but_a_reaction_of_the_set_is_refused(sent: dict[str, Any]) -> None:
    with pytest.raises(msg.MessageError, match="not a reaction") as refused:
        msg.read_client(json.dumps(sent), Seat.SOUTH)
    assert refused.value.code is ErrorCode.BAD_MESSAGE
    assert problems(sent, "client.json")  # the schema refuses it too


def test_a_reaction_from_a_newer_server_is_read_as_its_name() -> None:
    # a client leaves out a name it has no words for; it is no error
    assert msg.read_server('{"type":"reaction","version":3,"seat":"north","reaction":"yawn"}'
                           ) == msg.Reaction(Seat.NORTH, "yawn")
    with pytest.raises(ValueError, match="names its seat"):
        msg.read_server('{"type":"reaction","version":3,"reaction":"nice"}')


def _reactions(person: Scripted) -> list[msg.Reaction]:
    return [m for m in person.messages if isinstance(m, msg.Reaction)]


async def _watch(url: str, code: str, session: aiohttp.ClientSession
                 ) -> aiohttp.ClientWebSocketResponse:
    ws = await session.ws_connect(url)
    await ws.send_str(msg.encode(msg.client_json(msg.Watch(code, "Wes"))))
    return ws


async def _frames(ws: aiohttp.ClientWebSocketResponse, kind: str, count: int,
                  seconds: float = 10.0) -> list[dict[str, Any]]:
    """The next ``count`` frames of ``kind`` (errors and reactions), each held to the schema."""
    found: list[dict[str, Any]] = []
    async with asyncio.timeout(seconds):
        while len(found) < count:
            frame = await ws.receive()
            assert frame.type is aiohttp.WSMsgType.TEXT, frame
            data = json.loads(frame.data)
            check(data, "server.json")
            if data["type"] == kind:
                found.append(data)
    return found


async def test_a_reaction_reaches_every_seat_and_watcher_of_its_table_alone(
        tmp_path: Path) -> None:
    async with running_server(tmp_path, replace(QUICK, people=2), tables=2) as (server, url):
        ann, bob = Scripted(url, "code-1", "Ann"), Scripted(url, "code-1", "Bob")
        other = Scripted(url, "code-2", "Cy")  # at the other table
        for person in (ann, bob, other):
            person.playing = False
            person.start()
        await until(lambda: all(p.states for p in (ann, bob, other)))
        table = next(t for t in server.tables.values() if t.code == "code-1")
        async with aiohttp.ClientSession() as session:
            watcher = await _watch(url, table.watchers.code, session)
            await until(lambda: table.watchers.names() == ["Wes"])
            assert await ann.connection.send(msg.React("nice"))
            await until(lambda: _reactions(ann) and _reactions(bob))
            seen = await _frames(watcher, "reaction", 1)
            # a watcher may see, never send: refused, and nobody is sent anything
            await watcher.send_str('{"type":"reaction","reaction":"wow"}')
            refused = await _frames(watcher, "error", 1)
            assert await bob.connection.send(msg.React("thanks"))
            seen += await _frames(watcher, "reaction", 1)
            await watcher.close()
        await until(lambda: len(_reactions(ann)) == 2 and len(_reactions(bob)) == 2)
        await asyncio.sleep(0.2)
        ann_seat = ann.state.seat
        expected = [msg.Reaction(ann_seat, "nice"), msg.Reaction(bob.state.seat, "thanks")]
        assert _reactions(ann) == expected and _reactions(bob) == expected
        assert [(m["seat"], m["reaction"]) for m in seen] == \
            [(msg.seat_name(r.seat), r.reaction) for r in expected]
        assert refused[0]["code"] == ErrorCode.WATCHING.value
        assert _reactions(other) == []  # another table hears nothing


async def test_a_seats_reactions_are_limited_across_its_connections(tmp_path: Path) -> None:
    limits = replace(UNLIMITED, reaction_burst=2, reaction_seconds=600)
    async with running_server(tmp_path, replace(QUICK, people=2), limits=limits) as (_s, url):
        bob = Scripted(url, "code-1", "Bob")
        bob.playing = False
        bob.start()
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(url)
            await ws.send_str(msg.encode(msg.client_json(msg.Join("code-1", "Ann"))))
            welcome = (await _frames(ws, "welcome", 1))[0]
            for _ in range(3):
                await ws.send_str('{"type":"reaction","reaction":"hello"}')
            refused = await _frames(ws, "error", 1)
            await ws.close()
            assert refused[0]["code"] == ErrorCode.RATE_LIMITED.value
            assert "one reaction every 600 seconds" in refused[0]["message"]
            # the same seat on a new connection: its budget is not renewed
            again = await session.ws_connect(url)
            await again.send_str(msg.encode(msg.client_json(
                msg.Join("code-1", "Ann", welcome["token"]))))
            await _frames(again, "welcome", 1)
            await again.send_str('{"type":"reaction","reaction":"oops"}')
            refused = await _frames(again, "error", 1)
            assert refused[0]["code"] == ErrorCode.RATE_LIMITED.value
            await again.close()
        await asyncio.sleep(0.2)
        assert [r.reaction for r in _reactions(bob)] == ["hello", "hello"]


async def test_a_reaction_before_joining_is_refused(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (_s, url):
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            await ws.send_str('{"type":"reaction","reaction":"gg"}')
            refused = await _frames(ws, "error", 1)
        assert refused[0]["code"] == ErrorCode.NOT_JOINED.value
