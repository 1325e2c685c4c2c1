"""The table server's memory for 100 web seats (python lab/tools/web_seats_memory.py):
25 tables of 4 people, each seat a WebSocket to /t/TABLE/ws as the web table opens
it, the table server's pages on (--serve). The clients run in the same process, so
the figure is an upper bound."""
import asyncio
import gc
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import aiohttp
from aiohttp import web

from hearts.ai import Level
from hearts.net import messages as msg
from hearts.net.cli import serve_pages
from hearts.net.server import Limits, TableServer
from hearts.net.tables import TableConfig


def rss() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) * 1024
    return 0

async def main() -> None:
    folder = Path(tempfile.mkdtemp())
    config = TableConfig(people=4, level=Level.BEGINNER, delay_scale=0.0)
    codes = [f"code-{i}" for i in range(25)]
    server = TableServer(folder, config, 25, ThreadPoolExecutor(1), codes=codes,
                         limits=Limits(max_connections=500))
    serve_pages(server)
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    await asyncio.sleep(0.5)
    gc.collect()
    before = rss()
    sessions, sockets = [], []
    for t in range(25):
        for p in range(4):
            session = aiohttp.ClientSession()
            ws = await session.ws_connect(f"http://127.0.0.1:{port}/t/t{t+1}/ws",
                                          headers={"Origin": f"http://127.0.0.1:{port}"})
            await ws.send_str(msg.encode(msg.join_message(codes[t], f"P{p}")))
            sessions.append(session)
            sockets.append(ws)
    async def drain(ws):
        async for _ in ws:
            pass
    readers = [asyncio.create_task(drain(ws)) for ws in sockets]
    await asyncio.sleep(3)
    # everyone's state sent: deal at every table
    for t in range(25):
        await sockets[4 * t].send_str('{"type":"act","action":"deal"}')
    await asyncio.sleep(3)
    gc.collect()
    after = rss()
    seated = sum(1 for n in server.tables.values() for h in n.holders.values() if h.outbox)
    print(f"seated {seated} web seats; server RSS before {before/2**20:.1f} MiB, after "
          f"{after/2**20:.1f} MiB: {(after-before)/seated/1024:.0f} KiB a seat "
          f"(clients in the same process: upper bound)")
    for ws in sockets:
        await ws.close()
    for s in sessions:
        await s.close()
    for r in readers:
        r.cancel()
    await runner.cleanup()

asyncio.run(main())
