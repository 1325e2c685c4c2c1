"""Watchers: a table's watch code, its bound, and the public state. A watcher
follows a whole hand; every byte it is sent is read, and no card shows that is
not on the table (played) until the hand is over, when every hand as dealt is
public."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from hearts.ai import Level
from hearts.cards import Seat
from hearts.net.admission.limits import Guesses
from hearts.net.tables.table import NetTable, Outbox, TableConfig
from hearts.net.tables.watchers import MAX_WATCHERS, Watchers, WatchRefused
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from hearts.net.wire.messages import NETWORK_VERSION
from hearts.rules import Rules
from hearts.table import events as ev

from ..schemas import check
from .helpers import QUICK, Scripted, running_server, until

CARD = re.compile(r'"((?:10|[2-9JQKA])[CDHS])"')


class Recorder(Outbox):
    """An outbox that keeps every text put in it, states a newer one would replace
    included: all the bytes a watcher could ever be sent."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def put_text(self, text: str) -> None:
        self.texts.append(text)
        super().put_text(text)

    def put_state(self, text: str) -> None:
        self.texts.append(text)
        super().put_state(text)

    def put_change(self, text: str, whole: Callable[[], str]) -> None:
        self.texts.append(text)
        super().put_change(text, whole)


def test_the_watch_code_is_kept_and_the_watchers_bounded(tmp_path: Path) -> None:
    first = Watchers(tmp_path)
    assert Watchers(tmp_path).code == first.code  # outlives a restart
    assert first.matches(first.code) and not first.matches("wrong")
    assert (tmp_path / "watch.json").stat().st_mode & 0o077 == 0
    for number in range(MAX_WATCHERS):
        first.add(f"Watcher {number}", object())
    with pytest.raises(WatchRefused) as refused:
        first.add("One too many", object())
    assert refused.value.code is ErrorCode.WATCHERS_FULL and ErrorCode.WATCHERS_FULL.closes


async def test_a_watcher_sees_no_hidden_card_during_a_hand(tmp_path: Path) -> None:
    config = TableConfig(people=1, level=Level.BEGINNER, rules=Rules(target=200),
                         delay_scale=0.0)
    net = NetTable.create("t1", tmp_path / "t1", config, None, code="code-1", seed=11)
    net.start(asyncio.get_running_loop())
    try:
        ann = Outbox(max_messages=10_000, max_bytes=1 << 30)
        holder = net.join("Ann", None, ann)
        watcher = Recorder()
        net.watchers.add("Wes", watcher)
        net.carry_out(net.table.handle(ev.Deal(holder.seat)))
        net.leave(holder)  # a computer player plays Ann's seat: the hand plays itself
        received = watcher.texts
        await until(lambda: any('"hand-over"' in text for text in received), 60)
        states = [json.loads(text) for text in received if '"type":"state"' in text]
        assert len(states) == 1  # the whole state once, then changes
        changes = [text for text in received if '"type":"change"' in text]
        assert len(changes) > 10
        hand = net.table.match.hands[0]
        state: dict[str, Any] | None = None
        seq = 0
        for text in received:
            message = json.loads(text)
            if message["type"] in ("state", "change") or NETWORK_VERSION >= 3:
                check(message, "server.json")  # (notices: from the codec)
            shown = set(CARD.findall(text))
            if message["type"] == "state":
                state, seq = message["state"], message["seq"]
            elif message["type"] == "change":
                assert state is not None and message["base"] == seq
                assert message["seq"] > seq
                state, seq = msg.apply_change(state, message["set"]), message["seq"]
            else:
                assert not shown, text  # a notice to everyone names no hidden card
                continue
            assert state is not None
            view = state["view"]
            assert state["seat"] is None and state["actions"] == []
            if state["result"] is not None:  # the hand is over: every hand is public
                deal = state["result"]["deal"]
                assert sorted(deal["south"]) == sorted(str(c) for c in hand.dealt(
                    holder.seat))
                continue
            public = set(view["played"]) if view else set()
            assert shown <= public, (shown - public, text[:300])
            if view is not None:
                assert view["hand"] == view["passed"] == view["received"] == []
    finally:
        net.close()


async def test_watchers_get_one_whole_state_then_changes_and_sync_sends_it_again(
        tmp_path: Path) -> None:
    config = TableConfig(people=1, level=Level.BEGINNER, delay_scale=0.0)
    net = NetTable.create("t1", tmp_path / "t1", config, None, code="code-1", seed=5)
    net.start(asyncio.get_running_loop())
    try:
        holder = net.join("Ann", None, Outbox())
        first, second = Recorder(), Recorder()
        net.watchers.add("Wes", first)
        net.redraw()
        net.watchers.add("Wyn", second)
        net.redraw()

        def kinds(recorder: Recorder) -> list[str]:
            kinds = [json.loads(text)["type"] for text in recorder.texts]
            recorder.texts.clear()
            return kinds

        # the first had the whole state, then the change naming the second watcher
        assert kinds(first) == ["state", "change"] and kinds(second) == ["state"]
        net.carry_out(net.table.handle(ev.Deal(holder.seat)))
        changes = kinds(first)
        assert changes and set(changes) == {"change"} and kinds(second) == changes
        net.watchers.resend(second)  # it asked with sync: the whole state, it alone
        net.redraw()
        assert kinds(first) == [] and kinds(second) == ["state"]
        net.watchers.remove(first)
        net.redraw()
        assert kinds(second) == ["change"]  # the watchers' names changed
    finally:
        net.close()


async def _receive(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (others are skipped)."""
    async with asyncio.timeout(60):
        while True:
            message: dict[str, Any] = json.loads((await ws.receive()).data)
            if message["type"] == kind:
                return message


async def test_watching_over_the_socket(tmp_path: Path) -> None:
    async with running_server(tmp_path, replace(QUICK, people=2)) as (server, url), \
            aiohttp.ClientSession() as session:
        ann = Scripted(url, "code-1", "Ann")
        ann.start()
        await until(lambda: bool(ann.states))
        code = server.tables["t1"].watchers.code
        server.guesses = Guesses(first=0.01)
        async with session.ws_connect(url) as wrong:
            await wrong.send_str(json.dumps({"type": "watch", "version": 3, "code": "code-1",
                                             "name": "Eve"}))  # the join code is not it
            assert (await _receive(wrong, "error"))["code"] == "bad-code"
        async with session.ws_connect(url) as wes:
            await wes.send_str(json.dumps({"type": "watch", "version": 3, "code": code,
                                           "name": "Wes"}))
            welcome = await _receive(wes, "welcome")
            assert (welcome["role"], welcome["seat"], welcome["token"]) == ("watch", None, None)
            state = (await _receive(wes, "state"))["state"]
            check({"type": "state", "version": 3, "seq": 1, "now": 0.0, "state": state},
                  "server.json")
            assert state["seat"] is None and state["view"] is None and state["actions"] == []
            await until(lambda: ann.state.watchers == ("Wes",))
            assert any(n.kind.value == "watching" and n.name == "Wes" for n in ann.notices())
            await wes.send_str('{"type": "deal"}')
            assert (await _receive(wes, "error"))["code"] == "watching"
            # the table takes so many watchers, and refuses one more with the reason
            others = [await session.ws_connect(url) for _ in range(MAX_WATCHERS - 1)]
            for number, other in enumerate(others):
                await other.send_str(json.dumps({"type": "watch", "version": 3, "code": code,
                                                 "name": f"W{number}"}))
                await _receive(other, "welcome")
            extra = await session.ws_connect(url)
            await extra.send_str(json.dumps({"type": "watch", "version": 3, "code": code,
                                             "name": "Late"}))
            refused = await _receive(extra, "error")
            assert refused["code"] == "watchers-full" and "as many as it takes" in \
                refused["message"]
            await extra.close()
            for other in others:
                await other.close()
        await until(lambda: ann.state.watchers == ())  # gone: the players see it
        await ann.stop()


async def test_a_review_over_the_socket(tmp_path: Path) -> None:
    async with running_server(tmp_path, replace(QUICK, people=1)) as (server, url):
        server.review_depth = 40
        ann = Scripted(url, "code-1", "Ann", deals=True, hands=1)
        ann.start()
        await asyncio.wait_for(ann.over.wait(), 120)
        await ann.connection.send(msg.AskReview())
        await until(lambda: any(isinstance(m, msg.ReviewMessage) for m in ann.messages), 120)
        review = next(m for m in ann.messages if isinstance(m, msg.ReviewMessage))
        assert review.hand == 1 and review.seat is Seat.SOUTH
        assert {d["seat"] for d in review.review["decisions"]} == {"south"}
        assert review.steps is not None and len(review.steps) == 1 + 4 + 52
        assert review.record is not None and review.record["plays"]
        check(msg.server_json(review), "server.json")
        # asked again: the same review, kept, not made twice
        await ann.connection.send(msg.AskReview())
        await until(lambda: sum(isinstance(m, msg.ReviewMessage) for m in ann.messages) == 2)
        assert server.reviews["t1"].made == 1
        await ann.stop()
