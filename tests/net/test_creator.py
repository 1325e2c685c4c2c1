"""The creator of a table started from the front page runs it from their seat
with ``host`` messages, as the host does from the terminal; from any other seat
(or a watcher, or before joining) ``host`` is refused, and nothing changes."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from hearts.cards import Seat
from hearts.net.server import TableServer
from hearts.net.tables.table import NetTable, TableConfig
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from hearts.net.wire.messages import NETWORK_VERSION
from hearts.table import Presence
from hearts.web.host import serve_pages

from ..schemas import check


def test_host_messages_are_read_and_written_both_ways() -> None:
    for message in (msg.HostCommand("free", Seat.NORTH), msg.HostCommand("computer", Seat.WEST),
                    msg.HostCommand("link", Seat.EAST), msg.HostCommand("close")):
        data = msg.client_json(message)
        check(data, "client.json")
        assert msg.read_client(json.dumps(data), Seat.SOUTH) == message
    link = msg.server_json(msg.SeatLink(Seat.NORTH, "E39e8LgSRpt7JZB2uYTi3Q"))
    check(link, "server.json")
    assert msg.read_server(link) == msg.SeatLink(Seat.NORTH, "E39e8LgSRpt7JZB2uYTi3Q")


@pytest.mark.parametrize(("data", "said"), [
    ({"type": "host", "command": "explode", "seat": "north"}, "unknown host command"),
    ({"type": "host", "command": "free"}, "needs a 'seat'"),
    ({"type": "host", "command": "free", "seat": "middle"}, "needs a 'seat'"),
    ({"type": "host", "command": "close", "seat": "north"}, "names no seat"),
    ({"type": "host", "command": ["free"], "seat": "north"}, "unknown host command"),
])
def test_a_host_message_that_asks_nothing_clear_is_refused(data: dict[str, Any],
                                                           said: str) -> None:
    with pytest.raises(msg.MessageError, match=said):
        msg.read_client(json.dumps(data), Seat.SOUTH)
    from ..schemas import problems
    assert problems(data, "client.json")


def test_host_before_joining_is_not_joined() -> None:
    with pytest.raises(msg.MessageError) as refused:
        msg.read_client('{"type": "host", "command": "close"}', None)
    assert refused.value.code is ErrorCode.NOT_JOINED


@dataclass
class Room:
    server: TableServer
    url: str
    table: NetTable

    def ws(self) -> str:
        return f"{self.url.replace('http', 'ws')}/t/{self.table.id}/ws"


@pytest.fixture
async def room(tmp_path: Path) -> AsyncIterator[Room]:
    """A server with a three-person table started from the front page by Ann."""
    server = TableServer(tmp_path, TableConfig(delay_scale=0.0), 0)
    server.local_only = True
    serve_pages(server)
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    url = f"http://127.0.0.1:{runner.addresses[0][1]}"
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as ann:
        async with ann.get(url + "/"):
            pass
        async with ann.post(url + "/new", data={"people": "3", "name": "Ann"},
                            allow_redirects=False) as started:
            table_id = started.headers["Location"].split("/")[2]
    try:
        yield Room(server, url, server.tables[table_id])
    finally:
        await runner.cleanup()


async def _join(session: aiohttp.ClientSession, room: Room, name: str,
                token: str | None = None) -> tuple[aiohttp.ClientWebSocketResponse, str]:
    ws = await session.ws_connect(room.ws(), origin=room.url)
    join: dict[str, Any] = {"type": "join", "version": NETWORK_VERSION,
                            "code": room.table.code, "name": name}
    if token:
        join["token"] = token
    await ws.send_str(json.dumps(join))
    welcome = await _next(ws, "welcome")
    return ws, welcome["token"]


async def _next(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (others skipped), held to the schema."""
    while True:
        frame = await ws.receive(timeout=10)
        assert frame.type is aiohttp.WSMsgType.TEXT, frame
        data = json.loads(frame.data)
        check(data, "server.json")
        if data["type"] == kind:
            return dict(data)


async def _host(ws: aiohttp.ClientWebSocketResponse, command: str,
                seat: str | None = None) -> None:
    await ws.send_str(json.dumps({"type": "host", "command": command,
                                  **({} if seat is None else {"seat": seat})}))


async def test_the_creator_runs_the_table_and_nobody_else_does(room: Room) -> None:
    table = room.table
    creator_token = table.holders[Seat.SOUTH].token
    async with aiohttp.ClientSession() as session:
        ann, _ = await _join(session, room, "Ann", creator_token)
        bob, bob_token = await _join(session, room, "Bob")
        assert table.holders[Seat.NORTH].name == "Bob"
        # Bob is not the creator: every command refused, nothing changed
        for command, seat in (("free", "south"), ("computer", "west"), ("link", "south"),
                              ("close", None)):
            await _host(bob, command, seat)
            error = await _next(bob, "error")
            assert error["code"] == ErrorCode.NOT_CREATOR.value
        assert table.holders[Seat.SOUTH].token == creator_token and not table.closed
        # a link for Bob's seat: to Ann alone, and it takes Bob's seat over
        await _host(ann, "link", "north")
        link = await _next(ann, "seat-link")
        assert link["seat"] == "north" and link["token"] != bob_token
        assert table.holders[Seat.NORTH].token == link["token"]
        phone, _ = await _join(session, room, "Bob", link["token"])
        assert (await _next(bob, "error"))["code"] == ErrorCode.REPLACED.value
        await phone.close()
        # Ann frees Bob's seat, then gives the free West seat to a computer for good
        await _host(ann, "free", "north")
        for _ in range(50):
            if table.table.seating(Seat.NORTH).presence in (Presence.FREE, Presence.STAND_IN):
                break
            await _next(ann, "change")
        assert not table.holders[Seat.NORTH].seated
        await _host(ann, "computer", "west")
        for _ in range(50):
            if table.table.seating(Seat.WEST).presence is Presence.COMPUTER:
                break
            await _next(ann, "change")
        assert table.holders[Seat.WEST].gone
        # her own seat is not hers to free; a link for a seat nobody holds says so
        await _host(ann, "free", "south")
        assert "your own seat" in (await _next(ann, "error"))["message"]
        await _host(ann, "link", "north")
        assert "nobody holds" in (await _next(ann, "error"))["message"]
        await ann.close()
        await bob.close()


async def test_a_watcher_cannot_run_the_table(room: Room) -> None:
    async with aiohttp.ClientSession() as session, session.ws_connect(
            room.ws(), origin=room.url) as ws:
        await ws.send_str(json.dumps({"type": "watch", "version": NETWORK_VERSION,
                                      "code": room.table.watchers.code, "name": "Eve"}))
        await _next(ws, "welcome")
        await _host(ws, "close")
        assert (await _next(ws, "error"))["code"] == ErrorCode.WATCHING.value
    assert not room.table.closed


async def test_closing_tells_everyone_and_keeps_the_table_in_history(room: Room) -> None:
    table = room.table
    folder = table.folder
    async with aiohttp.ClientSession() as session:
        ann, _ = await _join(session, room, "Ann", table.holders[Seat.SOUTH].token)
        bob, _ = await _join(session, room, "Bob")
        watcher = await session.ws_connect(room.ws(), origin=room.url)
        await watcher.send_str(json.dumps({"type": "watch", "version": NETWORK_VERSION,
                                           "code": table.watchers.code, "name": "Eve"}))
        await _next(watcher, "welcome")
        await ann.send_str(json.dumps({"type": "deal"}))
        await _host(ann, "close")
        for ws in (ann, bob, watcher):
            error = await _next(ws, "error")
            assert error["code"] == ErrorCode.TABLE_CLOSED.value
            assert (await ws.receive(timeout=10)).type in (aiohttp.WSMsgType.CLOSE,
                                                           aiohttp.WSMsgType.CLOSED)
        assert table.closed and table.id not in room.server.tables
        kept = room.server.data_dir / "closed" / table.id
        assert not folder.exists() and (kept / "table.json").is_file()
        assert NetTable.load(kept, None).holders[Seat.NORTH].name == "Bob"
        async with session.get(f"{room.url}/t/{table.id}/?code={table.code}") as page:
            assert page.status == 404  # closed: the link leads nowhere now
        again = await session.ws_connect(room.ws(), origin=room.url)
        await again.send_str(json.dumps({"type": "join", "version": NETWORK_VERSION,
                                         "code": table.code, "name": "Cy"}))
        assert (await _next(again, "error"))["code"] == ErrorCode.BAD_CODE.value
        await again.close()


async def test_whoever_takes_the_creators_seat_after_her_does_not_run_the_table(
        room: Room) -> None:
    table = room.table
    async with aiohttp.ClientSession() as session:
        ann, _ = await _join(session, room, "Ann", table.holders[Seat.SOUTH].token)
        await ann.send_str(json.dumps({"type": "leave"}))
        await _next(ann, "notice")
        await ann.close()
        assert table.creator is None
        assert NetTable.load(table.folder, None).creator is None  # kept so
        eve, _ = await _join(session, room, "Eve")  # the first free seat: South
        assert table.holders[Seat.SOUTH].name == "Eve"
        await _host(eve, "close")
        assert (await _next(eve, "error"))["code"] == ErrorCode.NOT_CREATOR.value
        assert not table.closed
        await eve.close()
