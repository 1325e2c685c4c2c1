"""The front page of ``hearts host --serve``: a form starts a table on the server,
its creator is seated by the table's cookie and sent to it, every refusal is the
form again saying why, and the tables started are limited by browser, address,
network and in all. The table's page then shows who sits where (with the code
alone) and the creator, alone, its invite link and QR code."""

from __future__ import annotations

import asyncio
import html
import io
import json
import os
import re
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from rich.console import Console

from hearts.cards import Seat
from hearts.duplicate import MAX_DEALS, DuplicateMatch, Evening
from hearts.net.host.hostview import HostView
from hearts.net.server import TableServer
from hearts.net.tables.table import NetTable, TableConfig
from hearts.net.wire.messages import NETWORK_VERSION
from hearts.rules import Rules
from hearts.web.front import BROWSER_COOKIE, FrontPage
from hearts.web.host import serve_pages
from hearts.web.starts import StartLimits, Starts
from tests.net.qrdecode import decode
from tests.net.qrpictures import modules_from_svg_uri

FORM = {"people": "2", "level": "2", "rules": "classic", "target": "50", "name": "Ann"}


@dataclass
class Front:
    server: TableServer
    front: FrontPage
    url: str
    now: list[float]

    def session(self, address: str = "127.0.0.1") -> aiohttp.ClientSession:
        """A browser of its own (cookies), connecting from ``address``."""
        return aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(local_addr=(address, 0)),
            cookie_jar=aiohttp.CookieJar(unsafe=True))

    def started(self) -> list[NetTable]:
        return [t for t in self.server.tables.values() if t.id != "w2-t1"]


@pytest.fixture
async def front(tmp_path: Path) -> AsyncIterator[Front]:
    server = TableServer(tmp_path, TableConfig(delay_scale=0.0), codes=["code-1"])
    server.local_only = True
    server.prefix = "w2-"
    page = serve_pages(server)
    now = [1000.0]
    page.starts = Starts(StartLimits(), lambda: now[0])
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield Front(server, page, f"http://127.0.0.1:{runner.addresses[0][1]}", now)
    finally:
        await runner.cleanup()


async def _start(front: Front, session: aiohttp.ClientSession, **fields: str
                 ) -> aiohttp.ClientResponse:
    async with session.get(front.url + "/") as page:  # the browser's own cookie
        assert page.status == 200
    answer = await session.post(front.url + "/new", data={**FORM, **fields},
                                allow_redirects=False)
    await answer.read()
    return answer


async def test_the_front_page_offers_a_table_and_the_computer(front: Front) -> None:
    async with front.session() as session, session.get(front.url + "/") as page:
        assert page.status == 200
        text = await page.text()
        for field in ('name="people"', 'id="level"', 'id="rules"', 'id="target"', 'id="name"',
                      'id="duplicate"'):
            assert field in text
        assert text.count('action="/new"') == 2  # the form, and "Play the computer"
        assert 'name="people" value="1"' in text and "Play the computer" in text
        assert "<script>" not in text and 'src="/front.js"' in text  # no inline script
        assert "default-src 'self'" in page.headers["Content-Security-Policy"]
        assert page.headers["X-Frame-Options"] == "DENY"
        cookie = page.headers["Set-Cookie"]
        assert BROWSER_COOKIE in cookie and "HttpOnly" in cookie
        for name, kind in (("front.css", "text/css"), ("front.js", "application/javascript")):
            async with session.get(f"{front.url}/{name}") as file:
                assert file.status == 200 and file.content_type == kind
    async with aiohttp.ClientSession() as other, other.get(
            front.url + "/", headers={"Host": "evil.example"}) as rebound:
        assert rebound.status == 403  # this machine's own address alone


async def test_a_new_table_seats_its_creator_by_the_tables_cookie(front: Front) -> None:
    async with front.session() as session:
        answer = await _start(front, session)
        assert answer.status == 303
        location = answer.headers["Location"]
        found = re.fullmatch(r"/t/(w2-b[\w-]+)/\?code=([\w-]+)", location)
        assert found, location
        table = front.server.tables[found[1]]
        assert table.code == found[2] and "token" not in location
        assert table.config.people == 2 and table.config.rules.target == 50
        assert int(table.config.level) == 2 and table.creator is Seat.SOUTH
        assert table.folder.parent == front.server.data_dir / "web" / "tables"
        cookie = answer.headers["Set-Cookie"]
        token = table.holders[Seat.SOUTH].token
        assert token and f"hearts_seat={token}" in cookie
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        assert f"Path=/t/{table.id}/" in cookie
        async with session.get(front.url + location) as page:
            assert 'data-seated="1"' in await page.text()
        # the page joins with no token of its own: the cookie's seat is the creator's
        async with session.ws_connect(f"{front.url.replace('http', 'ws')}/t/{table.id}/ws",
                                      origin=front.url) as ws:
            await ws.send_str(json.dumps({"type": "join", "version": NETWORK_VERSION,
                                          "code": table.code, "name": "Guest"}))
            welcome = json.loads((await ws.receive()).data)
            assert welcome["type"] == "welcome" and welcome["seat"] == "south"
            assert table.holders[Seat.SOUTH].name == "Ann"
    # a table kept on disk knows its creator after a restart
    again = NetTable.load(table.folder, None)
    assert again.creator is Seat.SOUTH and again.holders[Seat.SOUTH].token == token
    assert "w2-t1" in front.server.tables  # the host's own table is still there


async def test_play_the_computer_is_one_click(front: Front) -> None:
    async with front.session() as session:
        async with session.get(front.url + "/"):
            pass
        # what the page's "Play the computer" form sends, and nothing more
        answer = await session.post(front.url + "/new", data={"people": "1", "name": ""},
                                    allow_redirects=False)
        assert answer.status == 303, await answer.text()
        [table] = front.started()
        assert table.config.people == 1
        assert table.config.rules == Rules()  # the host's own rules
        assert table.holders[Seat.SOUTH].name == "Host"


async def test_a_table_may_be_started_in_duplicate(front: Front) -> None:
    async with front.session() as session:
        async with session.get(front.url + "/") as page:
            text = await page.text()
        # every evening `hearts host --duplicate` takes: 1 to 13 deals
        offered = re.findall(r'<option value="(\d+)"[^>]*>Duplicate: (\d+) deal', text)
        assert offered == [(str(n), str(n)) for n in range(1, MAX_DEALS + 1)]
        assert '<option value="1">Duplicate: 1 deal, played again' in text
        assert '<option value="0" selected>A match' in text
        answer = await _start(front, session, duplicate=str(MAX_DEALS))
        assert answer.status == 303, await answer.text()
        [table] = front.started()
        assert table.config.duplicate == MAX_DEALS and table.evening == Evening(MAX_DEALS, 2)
        assert isinstance(table.table.match, DuplicateMatch)


@pytest.mark.parametrize(("fields", "said"), [
    ({"people": "5"}, "a table has 1 to 4 people"),
    ({"people": "x"}, "a table has 1 to 4 people"),
    ({"level": "99"}, "choose the computer players' level"),
    ({"target": "lots"}, "the target is a number of points"),
    ({"target": "3"}, "target"),
    ({"name": "\u202eevil"}, "control or formatting characters"),
    ({"name": "x" * 30}, "at most 24 characters"),
    ({"duplicate": "14"}, "a duplicate evening has 1 to 13 deals"),
    ({"duplicate": "-1"}, "a duplicate evening has 1 to 13 deals"),
    ({"duplicate": "many"}, "a duplicate evening has 1 to 13 deals"),
])
async def test_a_form_that_asks_for_no_table_is_refused_with_why(
        front: Front, fields: dict[str, str], said: str) -> None:
    async with front.session() as session:
        answer = await _start(front, session, **fields)
        assert answer.status == 400
        text = await answer.text()
        assert "The table was not started" in text and said in html.unescape(text)
        assert 'role="alert"' in text and "<form" in text  # the form again, to correct
    assert front.started() == []


async def test_no_other_site_starts_a_table(front: Front) -> None:
    async with front.session() as session:
        answer = await session.post(front.url + "/new", data=FORM, allow_redirects=False,
                                    headers={"Origin": "http://elsewhere.example"})
        assert answer.status == 403
        assert "only from this server's own front page" in html.unescape(await answer.text())
    assert front.started() == []


async def test_tables_started_are_limited_by_browser_address_network_and_in_all(
        front: Front) -> None:
    front.front.starts = Starts(StartLimits(per_browser=2, per_address=3, per_network=4,
                                            per_hour=5), lambda: front.now[0])
    statuses = []
    async with front.session("127.0.0.2") as ann:
        for _ in range(3):
            statuses.append((await _start(front, ann)).status)
        refused = await _start(front, ann)
        text = await refused.text()
        assert "as many tables as one browser may in an hour" in text
        assert refused.headers["Retry-After"]
    assert statuses == [303, 303, 429]
    async with front.session("127.0.0.2") as other_browser:  # same address
        assert (await _start(front, other_browser)).status == 303
        refused = await _start(front, other_browser)
        assert refused.status == 429 and "from yours" in await refused.text()
        assert "one address" in await refused.text()
    async with front.session("127.0.0.3") as neighbour:  # same /24
        assert (await _start(front, neighbour)).status == 303
        refused = await _start(front, neighbour)
        assert refused.status == 429 and "one network" in await refused.text()
    assert len(front.started()) == 4
    # an hour later each may start again, up to the server's own hourly number
    front.now[0] += 3600
    async with front.session("127.0.0.4") as later:
        assert (await _start(front, later)).status == 303
    front.front.starts = Starts(StartLimits(per_hour=1), lambda: front.now[0])
    async with front.session("127.0.0.5") as first, front.session("127.1.0.5") as second:
        assert (await _start(front, first)).status == 303
        refused = await _start(front, second)
        assert refused.status == 429
        assert "as many tables as it may in an hour" in await refused.text()


async def test_no_new_table_while_every_table_held_is_in_use(front: Front) -> None:
    front.front.held.limit = 1
    async with front.session() as session:
        first = await _start(front, session)
        table_id = first.headers["Location"].split("/")[2]
        table = front.server.tables[table_id]
        async with session.ws_connect(f"{front.url.replace('http', 'ws')}/t/{table_id}/ws",
                                      origin=front.url) as ws:
            await ws.send_str(json.dumps({"type": "join", "version": NETWORK_VERSION,
                                          "code": table.code, "name": "Guest"}))
            assert json.loads((await ws.receive()).data)["type"] == "welcome"
            busy = await _start(front, session)
            assert busy.status == 503 and "in use" in await busy.text()
        # nobody is at it any more: it is put away (kept on disk) to make room
        for _ in range(50):
            if table.holders[Seat.SOUTH].outbox is None:
                break
            await __import__("asyncio").sleep(0.02)
        assert (await _start(front, session)).status == 303
        assert table_id not in front.server.tables and table.closed
        async with session.get(f"{front.url}/t/{table_id}/?code={table.code}") as back:
            assert back.status == 200  # opened again from its folder
        assert front.server.tables[table_id].creator is Seat.SOUTH


async def test_the_seating_is_given_with_the_code_alone(front: Front) -> None:
    async with front.session() as session:
        location = (await _start(front, session)).headers["Location"]
    table_id, code = location.split("/")[2], location.split("code=")[1]
    async with aiohttp.ClientSession() as stranger:
        async with stranger.get(f"{front.url}/t/{table_id}/seating?code={code}") as seen:
            assert seen.status == 200
            info = await seen.json()
        assert info["free"] == 1
        assert [s["seat"] for s in info["seats"]] == ["south", "west", "north", "east"]
        assert info["seats"][0]["name"] == "Ann" and info["seats"][0]["person"]
        assert info["seats"][2] == {"seat": "north", "name": None, "presence": "free",
                                    "person": True}
        assert info["seats"][1]["presence"] == "computer" and not info["seats"][1]["person"]
        assert "code" not in json.dumps(info) and "token" not in json.dumps(info)
        async with stranger.get(f"{front.url}/t/{table_id}/seating?code=guess") as wrong:
            assert wrong.status == 404
        assert front.server.guesses.count("127.0.0.1") == 1  # counted as a wrong code
        async with stranger.get(f"{front.url}/t/w2-t1/seating?code=code-1") as host_table:
            assert host_table.status == 200  # the host's tables too


async def test_the_invite_is_the_creators_alone(front: Front) -> None:
    async with front.session() as session:
        location = (await _start(front, session)).headers["Location"]
        table_id = location.split("/")[2]
        async with session.get(f"{front.url}/t/{table_id}/invite") as invite:
            assert invite.status == 200
            info = await invite.json()
        assert info["link"] == front.url + location
        assert info["qr"].startswith("data:image/svg+xml") and info["free"] == 1
        assert decode(modules_from_svg_uri(info["qr"], scale=5)).text == info["link"]
    table = front.server.tables[table_id]
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as friend:
        async with friend.get(f"{front.url}/t/{table_id}/invite") as none:
            assert none.status == 404  # no seat
        async with friend.ws_connect(f"{front.url.replace('http', 'ws')}/t/{table_id}/ws",
                                     origin=front.url) as ws:
            await ws.send_str(json.dumps({"type": "join", "version": NETWORK_VERSION,
                                          "code": table.code, "name": "Bob"}))
            welcome = json.loads((await ws.receive()).data)
        async with friend.post(f"{front.url}/t/{table_id}/seat", data=welcome["token"],
                               headers={"Origin": front.url}) as kept:
            assert kept.status == 204
        async with friend.get(f"{front.url}/t/{table_id}/invite") as seated:
            assert seated.status == 404  # a seat, but not the creator's
    async with aiohttp.ClientSession() as stranger, stranger.get(
            f"{front.url}/t/w2-t1/invite") as host_table:
        assert host_table.status == 404  # the host's tables have no creator


async def test_the_hosts_terminal_follows_the_tables_started_from_browsers(
        front: Front) -> None:
    out = io.StringIO()
    view = HostView(front.server, "127.0.0.1:1", front.url,
                    console=Console(file=out, width=160), live=False)
    view.look()
    async with front.session() as session:
        location = (await _start(front, session)).headers["Location"]
    table = front.server.tables[location.split("/")[2]]
    view.look()
    assert f"{table.id}: table open (started from a browser by Ann)" in out.getvalue()
    async with aiohttp.ClientSession() as friend, friend.ws_connect(
            f"{front.url.replace('http', 'ws')}/t/{table.id}/ws", origin=front.url) as ws:
        await ws.send_str(json.dumps({"type": "join", "version": NETWORK_VERSION,
                                      "code": table.code, "name": "Bob"}))
        assert json.loads((await ws.receive()).data)["type"] == "welcome"
    assert f"{table.id}: Bob (north) sat down" in out.getvalue()


async def test_a_table_nobody_visits_is_closed_and_kept_in_history(front: Front) -> None:
    wall = [1_000_000.0]
    front.front.wall = lambda: wall[0]
    front.front.idle_close = 3600.0
    async with front.session() as session:
        busy = (await _start(front, session)).headers["Location"]
        idle = (await _start(front, session)).headers["Location"]
        away = (await _start(front, session)).headers["Location"]
    busy_id, idle_id, away_id = (link.split("/")[2] for link in (busy, idle, away))
    busy_table = front.server.tables[busy_id]
    # one table put away on disk (room was needed), its files last written long ago
    put_away = front.server.tables.pop(away_id)
    put_away.close()
    for part in [put_away.folder, *put_away.folder.iterdir()]:
        os.utime(part, (wall[0] - 7200, wall[0] - 7200))
    assert front.front.sweep() == [away_id]  # the others were visited just now
    async with aiohttp.ClientSession() as bob, bob.ws_connect(
            f"{front.url.replace('http', 'ws')}/t/{busy_id}/ws", origin=front.url) as ws:
        await ws.send_str(json.dumps({"type": "join", "version": NETWORK_VERSION,
                                      "code": busy_table.code, "name": "Bob"}))
        assert json.loads((await ws.receive()).data)["type"] == "welcome"
        wall[0] += 3601  # an hour on: Bob is at one table, nobody at the other
        assert front.front.sweep() == [idle_id]
        assert busy_id in front.server.tables and idle_id not in front.server.tables
    history = front.server.data_dir / "closed"
    assert sorted(p.name for p in history.iterdir()) == sorted([idle_id, away_id])
    assert NetTable.load(history / idle_id, None).holders[Seat.SOUTH].name == "Ann"
    async with aiohttp.ClientSession() as late, late.get(
            f"{front.url}{idle.split('?')[0]}") as gone:
        assert gone.status == 404
    wall[0] += 1000  # a visit keeps a table open
    async with aiohttp.ClientSession() as ann, ann.get(front.url + busy) as page:
        assert page.status == 200
    wall[0] += 3000
    assert front.front.sweep() == []


async def test_the_front_page_leads_back_to_ones_own_tables(front: Front) -> None:
    async with front.session() as session:
        first = (await _start(front, session)).headers["Location"]
        second = (await _start(front, session, name="Bo")).headers["Location"]
        async with session.get(front.url + "/") as page:
            text = html.unescape(await page.text())
        assert "Your tables" in text
        assert text.index(second) < text.index(first)  # the newest first
        assert "Back to the table with Ann" in text and "Back to the table with Bo" in text
        table = front.server.tables[first.split("/")[2]]
        await _host_close(front, session, table)
        async with session.get(front.url + "/") as page:
            text = html.unescape(await page.text())
        assert second in text and first not in text  # a closed table is not offered
    # an id alone (a cookie made up) leads nowhere: the code is the table's secret
    other_id = second.split("/")[2]
    async with aiohttp.ClientSession(cookies={"hearts_tables": f"{other_id}~guess"}) as eve, \
            eve.get(front.url + "/") as page:
        text = await page.text()
    assert "Your tables" not in text and other_id not in text


async def _host_close(front: Front, session: aiohttp.ClientSession, table: NetTable) -> None:
    """The creator (this browser's cookie) closes ``table`` from its page's socket."""
    async with session.ws_connect(f"{front.url.replace('http', 'ws')}/t/{table.id}/ws",
                                  origin=front.url) as ws:
        await ws.send_str(json.dumps({"type": "join", "version": NETWORK_VERSION,
                                      "code": table.code, "name": "Guest"}))
        await ws.send_str(json.dumps({"type": "host", "command": "close"}))
        async for frame in ws:
            if frame.type is aiohttp.WSMsgType.TEXT and '"table-closed"' in frame.data:
                break
    assert table.closed


async def test_the_connections_allowed_grow_with_the_tables_started(front: Front) -> None:
    from hearts.net.server import default_max_connections

    before = front.server.max_connections  # one table of the host's
    async with front.session() as session:
        for _ in range(3):
            assert (await _start(front, session)).status == 303
    wanted = default_max_connections(4, front.server.limits.waiting_total)
    assert front.server.max_connections == max(before, wanted)
    assert wanted > before or wanted == default_max_connections(1)  # (few open files)


def test_a_host_of_browser_tables_alone_needs_the_front_page(
        capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.net.host.cli import parse_host

    assert parse_host(["--tables", "0", "--serve"]).tables == 0
    with pytest.raises(SystemExit):
        parse_host(["--tables", "0"])
    assert "--tables 0 leaves no table to join: add --serve" in capsys.readouterr().err


async def test_a_busy_count_of_starts_holds_up_no_other_page(front: Front) -> None:
    # the count is kept in a file every worker shares, which another worker may
    # hold a moment: the count waits off the event loop, the server answers others
    release = threading.Event()
    take = front.front.starts.take

    def held_take(browser: str | None, address: str) -> str | None:
        release.wait(10)
        return take(browser, address)

    front.front.starts.take = held_take  # type: ignore[method-assign]
    async with front.session() as ann, front.session("127.0.0.2") as bob:
        starting = asyncio.ensure_future(_start(front, ann))
        await asyncio.sleep(0.3)
        assert not starting.done()
        async with bob.get(front.url + "/") as page:  # answered while the count waits
            assert page.status == 200
        assert not starting.done()
        release.set()
        answer = await asyncio.wait_for(starting, 10)
        assert answer.status == 303
