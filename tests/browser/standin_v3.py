"""A stand-in for the version-3 table server, until the codec lands on main.

It holds one real :class:`~hearts.net.tables.NetTable` (the table, its seats,
its computer players) and speaks the messages of docs/network.md, version 3,
to the web table: a ``join`` is the table's join, ``deal``, ``pass`` (three
cards), ``play``, ``continue``, ``hint`` and ``leave`` are the table's own
actions, and each state the table sends is given the fields of schema 3
(``presence``, ``passable``, ``waiting``...). Only the browser tests use it, to
play the page before the server speaks version 3 itself; it goes once it does.

Run it alone to play the page by hand: ``python -m tests.browser.standin_v3 PORT``.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from hearts.ai import Level
from hearts.cards import Card
from hearts.net import messages as msg
from hearts.net.reviews import Reviews, review_message
from hearts.net.tables import JoinRefused, NetTable, Outbox, SeatHolder, TableConfig
from hearts.net.watchers import WatchRefused
from hearts.rules import Rules
from hearts.table import events as ev
from hearts.view import Phase
from hearts.web.cookies import seat_token
from hearts.web.pages import WebPages

QS = "QS"
TABLE = web.AppKey("table", NetTable)
REVIEWS = web.AppKey("reviews", Reviews)
GAP = web.AppKey("gap", int)
OUTBOXES = web.AppKey("outboxes", list)


class V3Outbox(Outbox):
    """An outbox that rewrites the table's version-2 messages as version 3: after
    the first whole state, each state goes as a ``change`` from the last one (and,
    with ``gap_at``, that change once names a base the client never had, so it
    must ask with ``sync``)."""

    def __init__(self, table: NetTable, gap_at: int | None = None) -> None:
        super().__init__()
        self.table = table
        self.last: dict[str, Any] | None = None
        self.last_seq = 0
        self.changes = 0
        self.syncs = 0
        self.gap_at = gap_at

    def put_text(self, text: str) -> None:
        super().put_text(_v3(json.loads(text), self.table))

    def put_state(self, text: str) -> None:
        message = json.loads(_v3(json.loads(text), self.table))
        state, seq = message["state"], message["seq"]
        if self.last is None:
            self.last, self.last_seq = state, seq
            super().put_state(msg.encode(message))
            return
        entries = _diff(self.last, state)
        if not entries:
            return
        self.changes += 1
        base = self.last_seq - 1 if self.changes == self.gap_at else self.last_seq
        self.last, self.last_seq = state, seq
        super().put_text(msg.encode({"type": "change", "version": 3, "seq": seq, "base": base,
                                     "now": message["now"], "set": entries}))

    def sync(self) -> None:
        """The client lost its place: the next state goes whole."""
        self.syncs += 1
        self.last = None


def _diff(old: dict[str, Any], new: dict[str, Any]) -> list[list[Any]]:
    """The ``set`` entries that make ``old`` into ``new`` (a view's keys one by one,
    every other value whole)."""
    entries: list[list[Any]] = []
    for key, value in new.items():
        if old.get(key) == value:
            continue
        if key == "view" and isinstance(value, dict) and isinstance(old.get(key), dict):
            entries.extend([["view", k], v] for k, v in value.items() if old["view"].get(k) != v)
        else:
            entries.append([[key], value])
    return entries


def _v3(message: dict[str, Any], table: NetTable) -> str:
    message["version"] = 3
    message["now"] = time.time()
    if message["type"] == "welcome":
        message.setdefault("role", "seat")
        message.setdefault("epoch", "standin")
    elif message["type"] == "state":
        message["state"] = _state(message["state"], table)
    return msg.encode(message)


def _state(old: dict[str, Any], table: NetTable) -> dict[str, Any]:
    if old.get("schema") == 3:  # a watcher's public state is of schema 3 already
        return old
    state = dict(old)
    state["schema"] = 3
    chosen = state.pop("chosen", [])
    seats = []
    for index, info in enumerate(state["seats"]):
        holder = table.holders.get(_seat(index))
        if not info["person"]:
            presence = "computer"
        elif holder is not None and holder.token is None:
            presence = "free"
        elif info["connected"]:
            presence = "here"
        elif info["stand_in"]:
            presence = "stand-in"
        else:
            presence = "away"
        until = None
        if presence == "away" and holder is not None and holder.grace is not None \
                and table.loop is not None:
            until = time.time() + holder.grace.when() - table.loop.time()
        seats.append({"name": info["name"], "presence": presence, "until": until,
                      "assisted": False})
    state["seats"] = seats
    view = state.get("view")
    passing = state["stage"] == "passing" and not state["passed"]
    state["passable"] = sorted(c for c in view["hand"] if c != QS) if view and passing else []
    state["raised"] = sorted(set(state["raised"]) - set(chosen))
    state["waiting"] = []
    state["timer"] = None
    state["watchers"] = table.watchers.names()
    if state.get("result") is not None:
        state["result"]["deal"] = None
    return state


def _seat(index: int) -> Any:
    from hearts.cards import Seat

    return Seat(index)


async def _socket(request: web.Request) -> web.StreamResponse:
    table = request.app[TABLE]
    ws = web.WebSocketResponse(heartbeat=10)
    await ws.prepare(request)
    outbox = V3Outbox(table, request.app[GAP])
    request.app[OUTBOXES].append(outbox)
    holder: SeatHolder | None = None
    watching = False

    async def sender() -> None:
        while (text := await outbox.get()) is not None:
            await ws.send_str(text)

    sending = asyncio.create_task(sender())
    try:
        async for frame in ws:
            if frame.type is not WSMsgType.TEXT:
                continue
            data = json.loads(frame.data)
            kind = data.get("type")
            if kind == "join":
                token = data.get("token") or seat_token(request.cookies)
                try:
                    holder = table.join(data["name"], token, outbox)
                except JoinRefused as error:
                    outbox.put({"type": "error", "code": error.code.value,
                                "message": str(error)})
                continue
            if kind == "watch":
                if not table.watchers.matches(str(data.get("code"))):
                    outbox.put({"type": "error", "code": "bad-code", "message": "no table"})
                    continue
                try:
                    table.watchers.add(str(data["name"]), outbox)
                except WatchRefused as error:
                    outbox.put({"type": "error", "code": error.code.value,
                                "message": str(error)})
                    break
                watching = True
                outbox.put({"type": "welcome", "role": "watch", "seat": None, "token": None,
                            "table": table.id, "epoch": "standin"})
                for other in table.holders.values():
                    if other.outbox is not None:
                        other.last_state = None
                        other.outbox.put({"type": "notice", "notice": {
                            "kind": "watching", "name": str(data["name"])}})
                table.redraw()
                continue
            if watching and kind == "sync":
                outbox.sync()
                table.watchers.last = None
                table.redraw()
                continue
            if watching and kind != "leave":
                outbox.put({"type": "error", "code": "watching", "message": "watchers "
                            "cannot act"})
                continue
            if holder is None:
                continue
            seat = holder.seat
            if kind == "deal":
                table.carry_out(table.table.handle(ev.Deal(seat)))
            elif kind == "pass":
                for card in data["cards"]:
                    table.carry_out(table.table.handle(ev.Choose(seat, Card.parse(card))))
                table.carry_out(table.table.handle(ev.PassChosen(seat)))
            elif kind == "play":
                table.carry_out(table.table.handle(ev.Use(seat, Card.parse(data["card"]))))
            elif kind == "continue":
                table.carry_out(table.table.handle(ev.Continue(seat)))
            elif kind == "hint":
                table.carry_out(table.table.handle(ev.AskHint(seat)))
            elif kind == "undo":
                table.carry_out(table.table.handle(ev.Undo(seat)))
            elif kind == "review":
                hands = [h for h in table.table.match.hands if h.phase is Phase.OVER]
                number = data.get("hand") or len(hands)
                if hands and 1 <= number <= len(hands):
                    record = hands[number - 1].record()
                    seat_key = msg.seat_name(seat)
                    document = await request.app[REVIEWS].document(record, seat_key)
                    outbox.put(review_message(number, seat_key, document, record))
            elif kind == "sync":
                outbox.sync()
                holder.last_state = None
                table.redraw()
            elif kind == "leave":
                table.leave(holder)
                holder = None
                break
    finally:
        if watching:
            table.watchers.remove(outbox)
        if holder is not None:
            table.dropped(holder, outbox)
        outbox.close()
        await sending
    return ws


def make_app(folder: Path, people: int = 1, code: str = "code-1", seed: int = 7,
             delay_scale: float = 0.3, gap_at: int = 0) -> web.Application:
    """The stand-in's app: the web table's pages and one table at ``/t/t1/``."""
    config = TableConfig(people=people, level=Level.BEGINNER, rules=Rules(target=26),
                         delay_scale=delay_scale)
    executor = ThreadPoolExecutor(2)
    table = NetTable.create("t1", folder / "t1", config, executor, code=code, seed=seed)
    app = web.Application()
    app[TABLE] = table
    app[REVIEWS] = Reviews(executor, depth=60)
    app[GAP] = gap_at
    app[OUTBOXES] = []
    WebPages({"t1": table}.get, lambda: True).add_to(app)
    app.router.add_get("/t/{table}/ws", _socket)

    async def start(app: web.Application) -> None:
        table.start(asyncio.get_running_loop())

    async def stop(app: web.Application) -> None:
        table.close()
        executor.shutdown(wait=False, cancel_futures=True)

    app.on_startup.append(start)
    app.on_cleanup.append(stop)
    return app


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        web.run_app(make_app(Path(folder), people=int(sys.argv[2]) if len(sys.argv) > 2 else 1),
                    host="127.0.0.1", port=int(sys.argv[1]))
