"""Helpers of the network tests: a real table server on loopback, scripted people."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path

import aiohttp
from aiohttp import web

from hearts.ai import Level
from hearts.net.admission.forwarded import trusted_networks
from hearts.net.admission.pagebudget import PageBudget
from hearts.net.scripted import Scripted as Scripted  # the network tests take it from here
from hearts.net.server import Limits, TableServer
from hearts.net.tables.table import TableConfig
from hearts.rules import Rules
from hearts.web.host import serve_pages

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


@contextlib.asynccontextmanager
async def pages_server(data_dir: Path, config: TableConfig | None = None, *,
                       trusted: bool = False, limits: Limits | None = None,
                       budget: PageBudget | None = None
                       ) -> AsyncIterator[tuple[TableServer, str]]:
    """A table server with the web pages on 127.0.0.1 (a free port), one table
    with the code ``code-1``, and its address ``127.0.0.1:PORT``, set as
    ``hearts host --serve`` on 127.0.0.1 sets it: with ``trusted``, believing
    127.0.0.1 as its proxy (``--trust-proxy 127.0.0.1``), else answering only
    pages asked for by a loopback name; ``budget``, its pages' budget in place
    of the one of its ``limits``."""
    server = TableServer(data_dir, config or TableConfig(), codes=["code-1"], limits=limits)
    if budget is not None:
        server.pages_budget = budget
    if trusted:
        server.trusted_proxies = trusted_networks(["127.0.0.1"])
    server.local_only = not trusted
    serve_pages(server)
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield server, f"127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


def client_from(address: str) -> aiohttp.ClientSession:
    """An HTTP client whose requests come from ``address`` (127.0.0.0/8 has many)."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))


async def until(condition: Callable[[], object], seconds: float = 30.0) -> None:
    """Wait until ``condition()`` is true, for at most ``seconds``."""
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.02)
    await asyncio.wait_for(wait(), seconds)
