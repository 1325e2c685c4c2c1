"""What one address flooding a server's web pages does to the people using it.

Starts ``hearts host --serve --tables 1 --people 2`` in a process of its own
(with ``--src``, that source folder's ``hearts`` instead of this clone's),
seats Ann through the table's WebSocket (127.0.1.1), then for ``--seconds``
has ``--clients`` connections from one address (127.0.9.9) ask for ``--path``
one request after another, while Ann asks for her state again every quarter
second (her socket's round trip) and Bob (127.0.2.1) loads the table's page
every half second. The same is measured for ``--seconds`` before the flood.
Prints one JSON line: the flood's answers by status, and Ann's and Bob's
median, 95th percentile and worst times in milliseconds, before and during.

    .venv/bin/python lab/tools/page_flood.py --seconds 10 --clients 32
    .venv/bin/python lab/tools/page_flood.py --src /tmp/old/src   # another version
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[2]


def _session(address: str) -> aiohttp.ClientSession:
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0),
                                                                limit=0))


def _figures(times: list[float]) -> dict[str, float | int | None]:
    if not times:
        return {"n": 0, "p50": None, "p95": None, "worst": None}
    ordered = sorted(times)
    return {"n": len(ordered), "p50": round(statistics.median(ordered) * 1000, 1),
            "p95": round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 1),
            "worst": round(ordered[-1] * 1000, 1)}


async def _flood(url: str, until: float, clients: int) -> Counter[str]:
    answers: Counter[str] = Counter()

    async def one(client: aiohttp.ClientSession) -> None:
        while time.monotonic() < until:
            try:
                async with client.get(url) as answer:
                    await answer.read()
                    answers[str(answer.status)] += 1
            except (aiohttp.ClientError, OSError):
                answers["error"] += 1
                await asyncio.sleep(0.01)
    async with _session("127.0.9.9") as client:
        await asyncio.gather(*(one(client) for _ in range(clients)))
    return answers


async def _ann(ws: aiohttp.ClientWebSocketResponse, until: float) -> list[float]:
    times = []
    while time.monotonic() < until:
        start = time.monotonic()
        await ws.send_str('{"type":"sync"}')
        while True:
            reply = await ws.receive(timeout=30)
            if reply.type is aiohttp.WSMsgType.TEXT and '"type":"state"' in reply.data:
                break
        times.append(time.monotonic() - start)
        await asyncio.sleep(0.25)
        while True:  # anything else the server sent meanwhile is not the next answer
            try:
                await ws.receive(timeout=0.001)
            except TimeoutError:
                break
    return times


async def _bob(url: str, until: float) -> list[float]:
    times = []
    async with _session("127.0.2.1") as client:
        while time.monotonic() < until:
            start = time.monotonic()
            async with client.get(url) as answer:
                await answer.read()
                if answer.status == 200:
                    times.append(time.monotonic() - start)
            await asyncio.sleep(0.5)
    return times


async def measure(base: str, code: str, args: argparse.Namespace) -> dict[str, Any]:
    page = f"{base}/t/t1/?code={code}"
    async with _session("127.1.1.1") as client, client.ws_connect(base + "/t/t1/ws") as ws:
        await ws.send_str(json.dumps({"type": "join", "version": _version(), "code": code,
                                      "name": "Ann"}))
        first = json.loads((await ws.receive(timeout=30)).data)
        assert first["type"] == "welcome", first
        until = time.monotonic() + args.seconds
        quiet_ann, quiet_bob = await asyncio.gather(_ann(ws, until), _bob(page, until))
        until = time.monotonic() + args.seconds
        answers, ann, bob = await asyncio.gather(_flood(base + args.path, until, args.clients),
                                                 _ann(ws, until), _bob(page, until))
    return {"seconds": args.seconds, "clients": args.clients, "path": args.path,
            "src": args.src or "this clone", "flood_answers": dict(answers),
            "flood_per_second": round(sum(answers.values()) / args.seconds, 1),
            "ann_socket_before": _figures(quiet_ann), "ann_socket_during": _figures(ann),
            "bob_page_before": _figures(quiet_bob), "bob_page_during": _figures(bob)}


def _version() -> int:
    from hearts.net.wire.messages import NETWORK_VERSION

    return NETWORK_VERSION


def main(argv: list[str]) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--path", default="/t/t1/hearts.css")
    parser.add_argument("--src", help="the source folder of the hearts to run as the server")
    args = parser.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=args.src or str(ROOT / "src"))
    with tempfile.TemporaryDirectory() as folder:
        host = subprocess.Popen([sys.executable, "-m", "hearts", "host", "--serve",
                                 "--tables", "1", "--people", "2", "--port", "0",
                                 "--data-dir", folder], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, env=env)
        try:
            assert host.stdout is not None
            port = code = None
            deadline = time.monotonic() + 60
            while (port is None or code is None) and time.monotonic() < deadline:
                line = host.stdout.readline()
                port = port or (m.group(1) if (m := re.search(r"127\.0\.0\.1:(\d+)", line))
                                else None)
                code = code or (m.group(1) if (m := re.search(r"--code[ =](\S+)", line))
                                else None)
            assert port and code, "the host did not start"
            return asyncio.run(measure(f"http://127.0.0.1:{port}", code, args))
        finally:
            host.terminate()
            host.wait(30)


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:])))
