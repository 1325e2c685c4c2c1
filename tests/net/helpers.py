"""Helpers of the network tests: a real table server on loopback, scripted people."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path

from aiohttp import web

from hearts.ai import Level
from hearts.net.scripted import Scripted as Scripted  # the network tests take it from here
from hearts.net.server import Limits, TableServer
from hearts.net.tables.table import TableConfig
from hearts.rules import Rules

QUICK = TableConfig(people=4, level=Level.BEGINNER, rules=Rules(target=26), grace=60.0,
                    delay_scale=0.0)
"""A quick table: Beginner computer players, no pauses, a short match."""

UNLIMITED = Limits(messages_per_second=1e6, message_burst=1e6, waiting_per_address=1000,
                   waiting_per_network=1000, watchers_per_address=1000)
"""Scripted people play at the machine's speed, far faster than the limits on a
person's messages, and all from 127.0.0.1 (the tests of the limits set their own)."""


@contextlib.asynccontextmanager
async def running_server(data_dir: Path, config: TableConfig = QUICK, tables: int = 1,
                         codes: list[str] | None = None, limits: Limits | None = None,
                         executor: Executor | None = None, writer: Executor | None = None
                         ) -> AsyncIterator[tuple[TableServer, str]]:
    """A table server on 127.0.0.1 (a free port), and its WebSocket address;
    ``executor`` runs the computer players (two threads by default), ``writer``
    the tables' writes (the threads the tables share by default)."""
    Scripted.alive.clear()  # a failed test's people belong to its own loop
    own = executor is None
    executor = executor or ThreadPoolExecutor(2)
    server = TableServer(data_dir, config, tables, executor, codes=codes or ["code-1", "code-2"],
                         limits=limits or UNLIMITED)
    server.writer = writer
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield server, f"ws://127.0.0.1:{port}/ws"
    finally:
        while Scripted.alive:
            await Scripted.alive.pop().stop()
        await runner.cleanup()
        if own:
            executor.shutdown(wait=True, cancel_futures=True)


async def until(condition: Callable[[], object], seconds: float = 30.0) -> None:
    """Wait until ``condition()`` is true, for at most ``seconds``."""
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.02)
    await asyncio.wait_for(wait(), seconds)
