"""The table server's memory for 100 web seats: ``python lab/tools/web_seats_memory.py``.

Starts ``hearts host --serve --tables 25 --people 4`` as a person does (in a
process of its own), reads its resident memory, then seats 100 people over the
web table's socket (``/t/TABLE/ws``, with the page's Origin and offering
permessage-deflate, as a browser opens it), deals at every table, and reads it
again. The clients run here, so
the server's figure is its own. Prints the memory a seat costs the server.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from hearts.net.wire import messages as msg

TABLES, PEOPLE = 25, 4


def rss(pid: int) -> int:
    """Resident memory of process ``pid`` in bytes."""
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", text).group(1)) * 1024  # type: ignore[union-attr]


async def seat_everyone(port: int, codes: dict[str, str], server: int, before: int) -> None:
    sessions, sockets = [], []
    origin = f"http://127.0.0.1:{port}"
    for table, code in codes.items():
        for person in range(PEOPLE):
            session = aiohttp.ClientSession()
            ws = await session.ws_connect(f"ws://127.0.0.1:{port}/t/{table}/ws", origin=origin,
                                          compress=15)
            await ws.send_str(msg.encode(msg.client_json(msg.Join(code, f"P{person}"))))
            sessions.append(session)
            sockets.append(ws)

    async def read(ws: aiohttp.ClientWebSocketResponse) -> None:
        async for _ in ws:
            pass

    readers = [asyncio.create_task(read(ws)) for ws in sockets]
    await asyncio.sleep(3)
    for first in sockets[::PEOPLE]:
        await first.send_str('{"type": "deal"}')
    await asyncio.sleep(5)
    after = rss(server)
    print(f"with {len(sockets)} web seats, a hand dealt at each table: {after / 2**20:.1f} "
          f"MiB, {(after - before) / len(sockets) / 1024:.0f} KiB a seat")
    for ws in sockets:
        await ws.close()
    for session in sessions:
        await session.close()
    for task in readers:
        task.cancel()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "HEARTS_DATA_DIR": folder}
        host = subprocess.Popen(
            [sys.executable, "-m", "hearts", "host", "--serve", "--tables", str(TABLES),
             "--people", str(PEOPLE), "--level", "beginner", "--port", "0",
             "--data-dir", str(Path(folder) / "server")],
            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True)
        try:
            codes: dict[str, str] = {}
            port = 0
            assert host.stdout is not None
            for line in host.stdout:
                if found := re.search(r"table (t\d+): http://127\.0\.0\.1:(\d+)/t/\S+code=(\S+)",
                                      line):
                    codes[found.group(1)] = found.group(3)
                    port = int(found.group(2))
                if len(codes) == TABLES:
                    break
            time.sleep(2)
            before = rss(host.pid)
            print(f"hearts host --serve, {TABLES} tables, nobody seated: "
                  f"{before / 2**20:.1f} MiB")
            asyncio.run(seat_everyone(port, codes, host.pid, before))
            after = rss(host.pid)
            print(f"(after they left: {after / 2**20:.1f} MiB)")
        finally:
            host.terminate()
            host.wait(30)


if __name__ == "__main__":
    main()
