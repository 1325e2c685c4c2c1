"""Watchers: a table's watch code, its bound, and the public state. A watcher
follows a whole hand; every byte it is sent is read, and no card shows that is
not on the table (played) until the hand is over, when every hand as dealt is
public."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from hearts.ai import Level
from hearts.net.errors import ErrorCode
from hearts.net.messages import NETWORK_VERSION
from hearts.net.tables import NetTable, Outbox, TableConfig
from hearts.net.watchers import MAX_WATCHERS, Watchers, WatchRefused
from hearts.rules import Rules
from hearts.table import events as ev

from ..schemas import check
from .helpers import until

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
        assert len(states) > 10
        hand = net.table.match.hands[0]
        for text in received:
            message = json.loads(text)
            if message["type"] == "state" or NETWORK_VERSION >= 3:  # notices: from the codec
                check(message, "server.json")
            shown = set(CARD.findall(text))
            if message["type"] != "state":
                assert not shown, text  # a notice to everyone names no hidden card
                continue
            state = message["state"]
            view = state["view"]
            assert state["seat"] is None and state["actions"] == []
            if state["result"] is not None:  # the hand is over: every hand is public
                deal = state["result"]["deal"]
                assert sorted(deal["south"]) == sorted(str(c) for c in hand.dealt(
                    holder.seat))
                continue
            public = set(view["played"]) if view else set()
            assert shown <= public, (shown - public, text[:300])
        seqs = [json.loads(t)["seq"] for t in received if '"type":"state"' in t]
        assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    finally:
        net.close()
