"""Helpers of the network tests: a real table server on loopback, scripted people."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

from aiohttp import web

from hearts.ai import Level, make_player
from hearts.cards import Card
from hearts.net.client import Connection
from hearts.net.server import TableServer
from hearts.net.tables import TableConfig
from hearts.rules import Rules
from hearts.view import PlayerView

QUICK = TableConfig(people=4, level=Level.BEGINNER, rules=Rules(target=26), grace=60.0,
                    delay_scale=0.0)
"""A quick table: Beginner computer players, no pauses, a short match."""


@contextlib.asynccontextmanager
async def running_server(data_dir: Path, config: TableConfig = QUICK, tables: int = 1,
                         codes: list[str] | None = None) -> AsyncIterator[tuple[TableServer, str]]:
    """A table server on 127.0.0.1 (a free port), and its WebSocket address."""
    Scripted.alive.clear()  # a failed test's people belong to its own loop
    executor = ThreadPoolExecutor(2)
    server = TableServer(data_dir, config, tables, executor, codes=codes or ["code-1", "code-2"])
    runner = web.AppRunner(server.app(), shutdown_timeout=1.0)
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
        executor.shutdown(wait=True, cancel_futures=True)


class Scripted:
    """A person who plays by a Beginner's choices, through a real connection."""

    alive: ClassVar[list[Scripted]] = []
    """Every person started and not stopped yet (the server's helper stops them)."""

    def __init__(self, url: str, code: str, name: str, deals: bool = False,
                 **options: Any) -> None:
        self.deals = deals
        self.states: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        self.hands: list[dict[str, Any]] = []
        self.over = asyncio.Event()
        self.playing = True
        """When False the person reads but does nothing."""
        self._last: tuple[Any, ...] | None = None
        self.connection = Connection(url, code, name, self._got, **options)
        self.task: asyncio.Task[str] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self.connection.run())
        Scripted.alive.append(self)

    async def stop(self) -> None:
        await self.connection.stop()
        if self in Scripted.alive:
            Scripted.alive.remove(self)
        if self.task is not None:
            await asyncio.wait_for(self.task, 5)

    def wake(self) -> None:
        """Act on the latest state again (after being held still)."""
        self.playing = True
        self._last = None
        asyncio.get_running_loop().create_task(self._act(self.state))

    @property
    def state(self) -> dict[str, Any]:
        return self.states[-1]

    def notices(self) -> list[str]:
        return [m["text"] for m in self.messages if m["type"] == "notice"]

    def _got(self, message: dict[str, Any]) -> None:
        self.messages.append(message)
        if message["type"] == "hand":
            self.hands.append(message)
        if message["type"] != "state":
            return
        self.states.append(message)
        if message["match_over"]:
            self.over.set()
        if self.playing:
            asyncio.get_running_loop().create_task(self._act(message))

    async def _act(self, state: dict[str, Any]) -> None:
        view = PlayerView.from_json(state["view"]) if state["view"] else None
        key = (state["stage"], state["hand_number"], len(state["chosen"]),
               len(view.played) if view else 0, state["to_play"])
        if key == self._last:
            return
        send = self.connection.act
        player = make_player(Level.BEGINNER, 7)
        if state["stage"] == "received":
            self._last = key
            await send("continue")
        elif state["stage"] == "passing" and state["can"]["pass"] and view is not None:
            self._last = key
            if len(state["chosen"]) == 3:
                await send("pass")
            elif not state["chosen"]:
                for card in player.choose_pass(view):
                    await send("choose", card=str(card))
        elif state["to_play"] and view is not None and view.legal:
            self._last = key
            card: Card = player.choose_play(view)
            await send("use", card=str(card))
        elif state["stage"] == "idle" and self.deals and state["can"]["deal"] \
                and not state["match_over"]:
            self._last = key
            await send("deal")
