"""Behind the generated HAProxy, every worker sees each client's own address
(and nobody else's word for it): one address that floods a table with wrong
codes locks out nobody at another address, and the proxy's own limits of one
address (its stick table) hold. Raw clients from several loopback addresses
(Linux routes all of 127.0.0.0/8 to this machine), in front of two real
``hearts host`` workers started by ``hearts host --workers 2``."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from hearts.net import messages as msg
from hearts.net.errors import ErrorCode

_HAPROXY = shutil.which("haproxy") or ("/usr/sbin/haproxy"
                                       if os.path.exists("/usr/sbin/haproxy") else None)

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(_HAPROXY is None,
                                 reason="needs HAProxy (Debian: apt-get install haproxy)")]


def free_port() -> int:
    """A port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Room:
    """``hearts host --workers`` running: its port, its tables' codes, what it printed."""

    port: int
    codes: dict[str, str]
    lines: list[str]
    errors: list[str]
    data: Path

    def url(self, table: str) -> str:
        """The table's WebSocket through the proxy."""
        return f"ws://127.0.0.1:{self.port}/t/{table}/ws"


@asynccontextmanager
async def workers_behind_haproxy(data: Path, *options: str) -> AsyncIterator[Room]:
    """``hearts host --workers 2`` with ``options``, until the block ends (then Ctrl+C,
    and it must end cleanly with no traceback)."""
    port = free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "hearts", "host", "--workers", "2", "--port", str(port),
         "--data-dir", str(data), *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    lines: list[str] = []
    errors: list[str] = []
    assert host.stdout is not None and host.stderr is not None
    threading.Thread(target=lambda: lines.extend(line.rstrip() for line in host.stdout),
                     daemon=True).start()
    threading.Thread(target=lambda: errors.extend(line.rstrip() for line in host.stderr),
                     daemon=True).start()
    try:
        deadline = time.monotonic() + 90
        while not any("Press Ctrl+C" in line for line in lines):
            assert host.poll() is None and time.monotonic() < deadline, (lines, errors)
            await asyncio.sleep(0.1)
        while True:  # HAProxy listens a moment after it is started
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.1)
        codes = dict(re.findall(r"table (\S+): hearts join \S+ --code=(\S+)", "\n".join(lines)))
        yield Room(port, codes, lines, errors, data)
    finally:
        if host.poll() is None:
            os.killpg(host.pid, signal.SIGINT)
        try:
            assert host.wait(60) == 0
        finally:
            if host.poll() is None:
                os.killpg(host.pid, signal.SIGKILL)
    assert not [line for line in errors if "Traceback" in line], errors


def session(address: str) -> aiohttp.ClientSession:
    """A client whose connections come from ``address``."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0),
                                                                force_close=True))


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
    except (aiohttp.ClientError, asyncio.TimeoutError, ConnectionError):
        return {"type": "closed"}


async def guess_wrong(address: str, url: str, until_time: float) -> Counter[str]:
    """Wrong codes from ``address``, one connection after another, until
    ``until_time``: the answers, counted by code (``closed``: none came)."""
    answers: Counter[str] = Counter()
    async with session(address) as client:
        while time.monotonic() < until_time:
            answer = await join(client, url, "not-the-code", "Eve",
                                **{"X-Forwarded-For": "10.9.9.9"})  # a lie, never believed
            answers[answer.get("code", answer["type"])] += 1
            if answer["type"] == "closed":
                await asyncio.sleep(0.05)  # refused by the proxy: not in a tight loop
    return answers


async def test_one_address_flooding_wrong_codes_locks_out_no_one_else(tmp_path: Path
                                                                      ) -> None:
    async with workers_behind_haproxy(tmp_path / "server", "--tables", "1", "--people",
                                      "3", "--level", "beginner") as room:
        url, code = room.url("w1-t1"), room.codes["w1-t1"]
        async with session("127.0.0.4") as ann_client:
            welcome = await join(ann_client, url, code, "Ann")
            assert welcome["type"] == "welcome", welcome
            token = welcome["token"]
            # 30 connections at a time from one address guess wrong codes for 5 s
            start = time.monotonic()
            attack = asyncio.gather(*(guess_wrong("127.0.0.2", url, start + 5.0)
                                      for _ in range(30)))
            await asyncio.sleep(2.0)
            # meanwhile a newcomer, who mistypes the code once, and Ann with her
            # token, each from an address of their own
            async with session("127.0.0.3") as bob_client:
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
        assert "127.0.0.2" in said and "10.9.9.9" not in said, said
