"""The web table's pages on the table server (``hearts host --serve``), over HTTP:
the page and its files under each table's path, the seat's token only ever in an
HttpOnly, SameSite=Strict cookie of that path, the host's link cleaned of its
token at once, no page of another site keeping a seat, and wrong codes through a
page's socket slowed and logged as any client's."""

from __future__ import annotations

import json
import time
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from hearts.net.admission.limits import Guesses
from hearts.net.server import Limits, TableServer
from hearts.net.tables.table import TableConfig
from hearts.net.wire.errors import ErrorCode
from hearts.net.wire.messages import NETWORK_VERSION
from hearts.web.host import serve_pages

TOKEN = "E39e8LgSRpt7JZB2uYTi3Q"


async def _serve(tmp_path: Path) -> tuple[TableServer, web.AppRunner, str]:
    server = TableServer(tmp_path, TableConfig(), codes=["code-1"])
    server.local_only = True
    serve_pages(server)
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    return server, runner, f"http://127.0.0.1:{runner.addresses[0][1]}"


async def test_the_page_its_files_and_its_headers(tmp_path: Path) -> None:
    _server, runner, url = await _serve(tmp_path)
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{url}/t/t1/?code=code-1") as page:
                assert page.status == 200
                text = await page.text()
                assert 'data-table="t1"' in text and 'data-seated="0"' in text
                assert "code-1" not in text  # the page holds no secret of its own
                policy = page.headers["Content-Security-Policy"]
                assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
                assert page.headers["Cache-Control"] == "no-store"
            for name, kind in (("hearts.css", "text/css"), ("words.json", "application/json")):
                async with session.get(f"{url}/t/t1/{name}") as file:
                    assert file.status == 200 and file.content_type == kind
            async with session.get(f"{url}/t/t1/words.json") as file:
                assert (await file.json())["moves"]["came-back"] == "{who} is back"
            async with session.get(f"{url}/t/t9/?code=code-1") as missing:
                assert missing.status == 404
            async with session.get(f"{url}/t/t1/watch?code=x") as watch:
                assert 'data-mode="watch"' in await watch.text()
            # a name that points at this machine is not this machine's own address
            async with session.get(f"{url}/t/t1/", headers={"Host": "evil.example"}) as other:
                assert other.status == 403
    finally:
        await runner.cleanup()


async def test_the_modules_of_one_release_only(tmp_path: Path) -> None:
    """The page loads its modules from its release's own folder, where every module
    is kept for good and imports the others by relative paths (so they stay in the
    folder); another release's folder is not found, so no browser mixes two."""
    import re

    from hearts.web.pages import modules, version

    _server, runner, url = await _serve(tmp_path)
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{url}/t/t1/?code=code-1") as page:
                text = await page.text()
            scripts = re.findall(r'<script type="module" src="([^"]+)"></script>', text)
            assert scripts == [f"js/{version()}/{name}.js"
                               for name in ("main", "room", "reactions", "record", "daily")]
            assert "<script>" not in text and "hearts.js" not in text
            for name in sorted(modules()):
                async with session.get(f"{url}/t/t1/js/{version()}/{name}") as file:
                    assert file.status == 200 and file.content_type == "text/javascript"
                    assert "immutable" in file.headers["Cache-Control"]
                    assert "default-src 'self'" in file.headers["Content-Security-Policy"]
                    source = await file.text()
                for imported in re.findall(r'^import .* from "([^"]+)";$', source, re.M):
                    assert imported.startswith("./") and imported[2:] in modules(), imported
            other = "0" * 12
            assert other != version()
            for path in (f"js/{other}/main.js", f"js/{version()}/nothing.js",
                         f"js/{version()}/../pages.py"):
                async with session.get(f"{url}/t/t1/{path}") as missing:
                    assert missing.status == 404, path
            async with session.get(f"{url}/t/t9/js/{version()}/main.js") as no_table:
                assert no_table.status == 404
    finally:
        await runner.cleanup()


async def test_the_seats_token_lives_in_a_cookie_alone(tmp_path: Path) -> None:
    _server, runner, url = await _serve(tmp_path)
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            # the host's link: the token goes into the cookie, the address loses it
            link = f"{url}/t/t1/?code=code-1&name=Bob&token={TOKEN}"
            async with session.get(link, allow_redirects=False) as answer:
                assert answer.status == 303
                assert answer.headers["Location"] == "/t/t1/?code=code-1&name=Bob"
                cookie = answer.headers["Set-Cookie"]
                assert f"hearts_seat={TOKEN}" in cookie and "HttpOnly" in cookie
                assert "SameSite=Strict" in cookie and "Path=/t/t1/" in cookie
            async with session.get(f"{url}/t/t1/?code=code-1") as page:
                assert 'data-seated="1"' in await page.text()  # the cookie came back
            async with session.get(f"{url}/t/t1/?token=no", allow_redirects=False) as bad:
                assert bad.status == 400
            # a token without the table's code (any site's link) sets no cookie
            other = "B" * 20
            for query in (f"token={other}", f"code=wrong&token={other}",
                          f"code=code-2&token={other}"):
                async with session.get(f"{url}/t/t1/?{query}", allow_redirects=False) as no:
                    assert no.status == 403 and "Set-Cookie" not in no.headers
                    assert "table's code" in await no.text()
            assert [c.value for c in session.cookie_jar] == [TOKEN]  # Bob's seat is kept
            own = {"Origin": url}
            async with session.post(f"{url}/t/t1/seat", data=TOKEN, headers=own) as kept:
                assert kept.status == 204 and "HttpOnly" in kept.headers["Set-Cookie"]
            for origin in ({"Origin": "http://elsewhere.example"}, {}):
                async with session.post(f"{url}/t/t1/seat", data=TOKEN, headers=origin) as no:
                    assert no.status == 403  # no other site (nor a program) keeps a seat
            async with session.post(f"{url}/t/t1/seat", data="x" * 70, headers=own) as junk:
                assert junk.status == 400
            async with session.delete(f"{url}/t/t1/seat", headers=own) as gone:
                assert gone.status == 204 and "hearts_seat=\"\"" in gone.headers["Set-Cookie"]
    finally:
        await runner.cleanup()


async def test_wrong_codes_through_a_page_are_slowed_and_logged(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    server, runner, url = await _serve(tmp_path)
    server.guesses = Guesses(first=0.2, longest=10.0)
    try:
        async with aiohttp.ClientSession() as session, session.ws_connect(
                f"{url.replace('http', 'ws')}/t/t1/ws", origin=url) as ws:
            waits = []
            for _ in range(3):
                start = time.monotonic()
                await ws.send_str(json.dumps({"type": "join", "version": NETWORK_VERSION,
                                              "code": "guess", "name": "Eve"}))
                reply = json.loads((await ws.receive()).data)
                assert reply["code"] == ErrorCode.BAD_CODE.value
                waits.append(time.monotonic() - start)
        assert waits[0] >= 0.2 and waits[1] >= 0.4 and waits[2] >= 0.8
    finally:
        await runner.cleanup()
    assert any("Wrong table code from 127.0.0.1" in r.getMessage() for r in caplog.records)


async def test_a_web_seat_is_held_to_the_limits_as_any_client(tmp_path: Path) -> None:
    """The abuse of a page's socket meets the server's own limits: a flood from a
    seat of the web table (its cookie, the page's Origin) is refused, then closed;
    the seat the cookie names waits for its person as any dropped seat."""
    server = TableServer(tmp_path, TableConfig(people=2, delay_scale=0.0), codes=["code-1"],
                         limits=Limits(messages_per_second=5, message_burst=5, patience=10,
                                       patience_per_second=0.01))
    server.local_only = True
    serve_pages(server)
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    url = f"http://127.0.0.1:{runner.addresses[0][1]}"
    join = json.dumps({"type": "join", "version": NETWORK_VERSION, "code": "code-1",
                       "name": "Eve"})
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.ws_connect(f"{url.replace('http', 'ws')}/t/t1/ws",
                                          origin=url) as ws:
                await ws.send_str(join)
                welcome = json.loads((await ws.receive()).data)
                token = welcome["token"]
            async with session.post(f"{url}/t/t1/seat", data=token,
                                    headers={"Origin": url}) as kept:
                assert kept.status == 204
            async with session.ws_connect(f"{url.replace('http', 'ws')}/t/t1/ws",
                                          origin=url) as ws:
                await ws.send_str(join.replace("Eve", "Anyone"))  # the cookie's seat
                got = []
                for _ in range(60):
                    await ws.send_str('{"type": "play", "card": "2C"}')
                async for frame in ws:
                    if frame.type is aiohttp.WSMsgType.TEXT:
                        got.append(json.loads(frame.data))
            assert got[0]["type"] == "welcome" and got[0]["seat"] == "south"
            codes = [m["code"] for m in got if m["type"] == "error"]
            assert codes.count(ErrorCode.RATE_LIMITED.value) == 10
            assert codes[-1] == ErrorCode.TOO_MANY_BAD.value
            holder = server.tables["t1"].holders
            assert all(h.outbox is None for h in holder.values())  # away, not gone
            assert sum(1 for h in holder.values() if h.seated) == 1
    finally:
        await runner.cleanup()


def test_the_page_is_told_the_tables_rules() -> None:
    import html
    import re

    from hearts.rules import Passing, Rules, RuleSet
    from hearts.web.pages import page_text, table_rules

    classic = table_rules(RuleSet.CLASSIC.rules(50))
    assert classic["set"] == "classic" and classic["hand_value"] == 26
    assert classic["rules"]["target"] == 50
    assert table_rules(Rules())["set"] == "original" and table_rules(Rules())["hand_value"] == 33
    assert table_rules(Rules(passing=Passing.ROTATE))["set"] == "custom"
    page = page_text("t1", "seat", False, RuleSet.OMNIBUS.rules())
    told = re.search(r'data-rules="([^"]*)"', page)
    assert told and json.loads(html.unescape(told.group(1))) == table_rules(
        RuleSet.OMNIBUS.rules())
