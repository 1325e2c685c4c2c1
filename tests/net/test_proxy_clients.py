"""Behind the generated HAProxy, every worker sees each client's own address
(and nobody else's word for it), so no stranger locks the room: one address
flooding a table with wrong codes, wrong codes from 200 addresses, or 48
watchers from one address; a person with a seat's token and a newcomer are
seated within seconds all the same. Over TLS: plain http sent on to https, the
page's own POST and socket let through, the cookie ``Secure``; and the proxy's
own limits of one address (its stick table). Raw clients from several loopback
addresses (Linux routes all of 127.0.0.0/8 to this machine), in front of two
real ``hearts host`` workers started by ``hearts host --workers 2``."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from hearts.net.admission.limits import Limits
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from tests.net.attacks import session_from
from tests.net.proxied import free_port, needs_haproxy, room_behind_haproxy, self_signed

pytestmark = [pytest.mark.slow, needs_haproxy]


async def join(client: aiohttp.ClientSession, url: str, code: str, name: str,
               token: str | None = None, **headers: str) -> dict[str, Any]:
    """One join: the server's first answer (or a made-up ``closed`` if none came)."""
    try:
        async with asyncio.timeout(20), client.ws_connect(url, headers=headers) as ws:
            await ws.send_str(json.dumps(msg.client_json(msg.Join(code, name, token))))
            reply = await ws.receive()
            if reply.type is not aiohttp.WSMsgType.TEXT:
                return {"type": "closed"}
            answer: dict[str, Any] = json.loads(reply.data)
            return answer
    except (TimeoutError, aiohttp.ClientError, ConnectionError):
        return {"type": "closed"}


async def guess_wrong(address: str, url: str, until_time: float) -> Counter[str]:
    """Wrong codes from ``address``, one connection after another, until
    ``until_time``: the answers, counted by code (``closed``: none came)."""
    answers: Counter[str] = Counter()
    async with session_from(address) as client:
        while time.monotonic() < until_time:
            answer = await join(client, url, "not-the-code", "Eve",
                                **{"X-Forwarded-For": "10.9.9.9"})  # a lie, never believed
            answers[answer.get("code", answer["type"])] += 1
            if answer["type"] == "closed":
                await asyncio.sleep(0.05)  # refused by the proxy: not in a tight loop
    return answers


async def test_one_address_flooding_wrong_codes_locks_out_no_one_else(tmp_path: Path
                                                                      ) -> None:
    with room_behind_haproxy(tmp_path / "server", "--tables", "1", "--people", "3",
                             "--level", "beginner") as room:
        url, code = f"ws://127.0.0.1:{room.port}/t/w1-t1/ws", room.codes["w1-t1"]
        async with session_from("127.0.0.4") as ann_client:
            welcome = await join(ann_client, url, code, "Ann")
            assert welcome["type"] == "welcome", welcome
            token = welcome["token"]
            # 30 connections at a time from one address guess wrong codes for 5 s
            # (from a /24 of its own: the server slows a network's wrong codes too)
            start = time.monotonic()
            attack = asyncio.gather(*(guess_wrong("127.0.9.2", url, start + 5.0)
                                      for _ in range(30)))
            await asyncio.sleep(2.0)
            # meanwhile a newcomer, who mistypes the code once, and Ann with her
            # token, each from an address of their own
            async with session_from("127.0.0.3") as bob_client:
                before = time.monotonic()
                typo = await join(bob_client, url, code[:-1], "Bob")
                typo_seconds = time.monotonic() - before
                before = time.monotonic()
                bob = await join(bob_client, url, code, "Bob")
                bob_seconds = time.monotonic() - before
            before = time.monotonic()
            back = await join(ann_client, url, code, "Ann", token)
            ann_seconds = time.monotonic() - before
            answers = sum(await attack, Counter[str]())
        print(f"the attack's answers: {dict(answers)}; Bob's typo: {typo.get('code')} in "
              f"{typo_seconds:.2f} s, then {bob.get('type')} {bob.get('code', '')} "
              f"in {bob_seconds:.2f} s; Ann: {back.get('type')} {back.get('code', '')} "
              f"in {ann_seconds:.2f} s")
        assert typo.get("code") == ErrorCode.BAD_CODE.value and typo_seconds < 3.0, typo
        assert bob["type"] == "welcome", bob
        assert back["type"] == "welcome" and back["seat"] == welcome["seat"], back
        assert bob_seconds < 3.0 and ann_seconds < 3.0
        # the worker saw the attacker by its own address, never by what it claimed
        said = "\n".join(room.errors)
        assert "127.0.9.2" in said and "10.9.9.9" not in said, said


async def _held(address: str, port: int) -> bool:
    """Open a connection from ``address``: True if the proxy keeps it open."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                       local_addr=(address, 0))
    except ConnectionError:
        return False  # refused before it was open
    try:
        await asyncio.wait_for(reader.read(1), 0.3)
        return False  # closed at once
    except TimeoutError:
        return True
    except ConnectionError:
        return False
    finally:
        HELD.append(writer)


HELD: list[asyncio.StreamWriter] = []


async def test_tls_a_redirect_the_schemes_cookie_and_each_addresses_limits(
        tmp_path: Path) -> None:
    pem = self_signed(tmp_path / "tls")
    http_port = free_port()
    with room_behind_haproxy(tmp_path / "server", "--tables", "1", "--people", "2",
                             "--level", "beginner", "--serve", "--certificate", str(pem),
                             "--http-port", str(http_port), ports=(http_port,)) as room:
        https = f"https://127.0.0.1:{room.port}"
        page = f"/t/w1-t1/?code={room.codes['w1-t1']}"
        assert f"  table w1-t1: {https}{page}" in room.lines
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=False)) as client:
            # plain http is sent on to https, same host, path and query
            async with client.get(f"http://127.0.0.1:{http_port}{page}",
                                  allow_redirects=False) as moved:
                assert moved.status == 301 and moved.headers["Location"] == https + page
            async with client.get(https + page) as answer:
                assert answer.status == 200 and 'data-table="w1-t1"' in await answer.text()
                assert "max-age" in answer.headers["Strict-Transport-Security"]
            # the page's own POST /seat and socket, from https: the worker knows the
            # scheme, so the Origin is its own and the cookie is Secure; by the
            # proxy's public name too (the worker listens on 127.0.0.1 only)
            for host in (f"127.0.0.1:{room.port}", "hearts.example"):
                origin = {"Origin": f"https://{host}", "Host": host}
                async with client.post(f"{https}/t/w1-t1/seat", data="E39e8LgSRpt7JZB2uYTi3Q",
                                       headers=origin) as kept:
                    assert kept.status == 204, await kept.text()
                    cookie = kept.headers["Set-Cookie"]
                    assert "Secure" in cookie and "HttpOnly" in cookie, cookie
                    assert "SameSite=Strict" in cookie, cookie
            async with client.ws_connect(f"wss://127.0.0.1:{room.port}/t/w1-t1/ws",
                                         origin=f"https://127.0.0.1:{room.port}") as ws:
                await ws.send_str(json.dumps(msg.client_json(
                    msg.Join(room.codes["w1-t1"], "Ann"))))
                assert json.loads((await ws.receive(timeout=20)).data)["type"] == "welcome"
        # the proxy's own limits of one address: 20 new connections a second...
        try:
            burst = await asyncio.gather(*(_held("127.0.0.5", room.port) for _ in range(30)))
            assert 15 <= burst.count(True) <= 21 and burst.count(False) >= 9, burst
            for writer in HELD:
                writer.close()
            HELD.clear()
            await asyncio.sleep(1.5)
            # ...and 50 at once (opened at ten a second)
            held = []
            for _ in range(6):
                held += await asyncio.gather(*(_held("127.0.0.6", room.port)
                                               for _ in range(10)))
                await asyncio.sleep(1.1)
            assert held.count(True) == 50 and held[50:].count(True) == 0, held
            # while another address is let in
            assert await _held("127.0.0.7", room.port)
        finally:
            for writer in HELD:
                writer.close()
            HELD.clear()
        # ...and 200 requests in ten seconds (then 429 Too Many Requests)
        statuses = []
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(
                ssl=False, local_addr=("127.0.0.8", 0))) as client:
            for _ in range(205):
                async with client.get(f"{https}/t/w1-t1/hearts.css") as answer:
                    # read whole, so the connection is used again: one left with
                    # unread bytes is closed, and a new one a request goes past the
                    # proxy's 20 new connections a second (as it did on a busy machine)
                    await answer.read()
                    statuses.append(answer.status)
        assert statuses[:200] == [200] * 200 and statuses[-1] == 429, statuses


async def _one(client: aiohttp.ClientSession, url: str, message: msg.ClientMessage,
               held: list[aiohttp.ClientWebSocketResponse]) -> str:
    """Open a socket, send ``message``, keep the socket open in ``held``: the first
    answer's type, or its error code."""
    try:
        async with asyncio.timeout(20):
            ws = await client.ws_connect(url)
            held.append(ws)
            await ws.send_str(json.dumps(msg.client_json(message)))
            reply = await ws.receive()
    except (TimeoutError, aiohttp.ClientError, ConnectionError):
        return "closed"
    if reply.type is not aiohttp.WSMsgType.TEXT:
        return "closed"
    answer = json.loads(reply.data)
    return str(answer.get("code", answer["type"]))


async def _timed_join(address: str, url: str, code: str, name: str,
                      token: str | None = None) -> tuple[dict[str, Any], float]:
    async with session_from(address) as client:
        before = time.monotonic()
        answer = await join(client, url, code, name, token)
        return answer, time.monotonic() - before


async def test_wrong_codes_from_200_addresses_lock_out_no_one(tmp_path: Path) -> None:
    with room_behind_haproxy(tmp_path / "server", "--tables", "1", "--people", "3",
                             "--level", "beginner") as room:
        url, code = f"ws://127.0.0.1:{room.port}/t/w1-t1/ws", room.codes["w1-t1"]
        welcome, _ = await _timed_join("127.0.0.4", url, code, "Ann")
        assert welcome["type"] == "welcome", welcome
        # wrong codes from 200 addresses of ten networks for 10 s
        start = time.monotonic()
        attack = asyncio.gather(*(guess_wrong(f"127.10.{n // 20}.{n % 20 + 1}", url,
                                              start + 10.0) for n in range(200)))
        await asyncio.sleep(5.0)
        bob, bob_seconds = await _timed_join("127.0.0.3", url, code, "Bob")
        back, back_seconds = await _timed_join("127.0.0.4", url, code, "Ann",
                                               welcome["token"])
        answers = sum(await attack, Counter[str]())
        # and once it stopped
        cat, cat_seconds = await _timed_join("127.0.0.5", url, code, "Cat")
        print(f"the attack's answers: {dict(answers)}; during it Bob {bob.get('code', 'in')} "
              f"in {bob_seconds:.2f} s, Ann {back.get('code', 'back')} in "
              f"{back_seconds:.2f} s; after it Cat {cat.get('code', 'in')} in "
              f"{cat_seconds:.2f} s")
        for answer, seconds in ((bob, bob_seconds), (back, back_seconds), (cat, cat_seconds)):
            assert answer["type"] == "welcome" and seconds < 3.0, (answer, seconds)
        assert back["seat"] == welcome["seat"]


async def test_watchers_from_one_address_lock_out_no_one(tmp_path: Path) -> None:
    with room_behind_haproxy(tmp_path / "server", "--tables", "3", "--people", "2",
                             "--level", "beginner", "--serve") as room:
        watch_codes = dict(re.findall(r"watch (\S+): \S+/watch\?code=(\S+)",
                                      "\n".join(room.lines)))
        tables = ("w1-t1", "w1-t2", "w1-t3")

        def url(table: str) -> str:
            return f"ws://127.0.0.1:{room.port}/t/{table}/ws"
        welcome, _ = await _timed_join("127.0.0.4", url("w1-t1"), room.codes["w1-t1"], "Ann")
        assert welcome["type"] == "welcome", welcome
        held: list[aiohttp.ClientWebSocketResponse] = []
        async with session_from("127.0.0.2") as watcher:
            # 16 watchers at each of three tables from one address, at 15 a second
            # (under the proxy's 20 new connections a second)
            seen: Counter[str] = Counter()
            for table in tables:
                for _ in range(2):
                    seen.update(await asyncio.gather(*(
                        _one(watcher, url(table), msg.Watch(watch_codes[table], "Eve"), held)
                        for _ in range(8))))
                    await asyncio.sleep(0.6)
            # another address watches all the same: the budget is the address's
            async with session_from("127.0.0.9") as other:
                dan = await _one(other, url("w1-t2"), msg.Watch(watch_codes["w1-t2"], "Dan"),
                                 held)
            bob, bob_seconds = await _timed_join("127.0.0.3", url("w1-t1"),
                                                 room.codes["w1-t1"], "Bob")
            back, back_seconds = await _timed_join("127.0.0.4", url("w1-t1"),
                                                   room.codes["w1-t1"], "Ann",
                                                   welcome["token"])
            for ws in held:
                await ws.close()
        print(f"48 watchers from one address: {dict(seen)}; then Dan {dan}, Bob "
              f"{bob.get('code', 'in')} in {bob_seconds:.2f} s, Ann "
              f"{back.get('code', 'back')} in {back_seconds:.2f} s")
        assert seen["welcome"] == Limits().watchers_per_address, seen
        assert dan == "welcome"
        assert bob["type"] == "welcome" and bob_seconds < 3.0, bob
        assert back["type"] == "welcome" and back["seat"] == welcome["seat"], back
        assert back_seconds < 3.0


def test_a_certificate_haproxy_cannot_load_is_said_at_once(tmp_path: Path) -> None:
    pem = tmp_path / "site.pem"
    pem.write_text("not a certificate\n")
    ended = subprocess.run(
        [sys.executable, "-m", "hearts", "host", "--workers", "1", "--port", str(free_port()),
         "--certificate", str(pem), "--data-dir", str(tmp_path / "server")],
        capture_output=True, text=True, timeout=90, stdin=subprocess.DEVNULL)
    assert ended.returncode == 1
    assert "HAProxy refuses its configuration" in ended.stderr, ended.stderr
    assert f"unable to load certificate from file '{pem}'" in ended.stderr, ended.stderr
    assert "hearts join" not in ended.stdout  # no address given out that will not answer


async def test_tables_started_through_the_proxy_are_counted_for_the_whole_server(
        tmp_path: Path) -> None:
    """The proxy hands a person's ``POST /new`` to one worker, then the other: the
    limit of an address holds for the server, not for each worker."""
    form = {"people": "2", "level": "1", "rules": "classic", "target": "50", "name": "Ann"}
    with room_behind_haproxy(tmp_path / "server", "--tables", "0", "--serve",
                             "--starts-per-address", "2", "--level", "beginner") as room:
        front = f"http://127.0.0.1:{room.port}"
        started, statuses = [], []
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(
                local_addr=("127.0.0.9", 0))) as client:
            for _ in range(4):
                async with client.post(front + "/new", data=form,
                                       allow_redirects=False) as answer:
                    statuses.append(answer.status)
                    text = await answer.text()
                    if answer.status == 303:
                        started.append(answer.headers["Location"].split("/")[2])
            # another address starts its own all the same
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(
                    local_addr=("127.0.1.9", 0))) as other, \
                    other.post(front + "/new", data=form, allow_redirects=False) as answer:
                assert answer.status == 303
                started.append(answer.headers["Location"].split("/")[2])
        assert statuses == [303, 303, 429, 429], (statuses, started)
        assert "As many tables as one address may start in an hour" in text
        # the two were made by both workers (so neither counted alone)
        assert {table.split("-")[0] for table in started} == {"w1", "w2"}, started
        assert (room.data / "starts.sqlite").is_file()
