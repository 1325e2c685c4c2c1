"""Fuzzed messages from a seated person never crash a table or touch another one."""

from __future__ import annotations

import asyncio
import contextlib
import json
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.net.session import react
from hearts.net.tables.table import JoinRefused, NetTable, Outbox
from hearts.net.wire import messages as msg
from hearts.table import events as ev
from tests.net.helpers import QUICK

_CARDS = [str(card) for card in Card.all()]
_MESSAGES = st.one_of(
    st.text(max_size=40),
    st.builds(lambda a, c: json.dumps({"type": a, "card": c}),
              st.sampled_from([*msg.COMMANDS, "act", "move", ""]),
              st.sampled_from([*_CARDS, "ZZ", ""])),
    st.builds(lambda c: json.dumps({"type": "pass", "cards": c}),
              st.lists(st.sampled_from([*_CARDS, "ZZ"]), max_size=4)),
    st.builds(lambda c, n, t: json.dumps({"type": "join", "version": 3, "code": c, "name": n,
                                          "token": t}),
              st.sampled_from(["code-1", "x"]), st.text(max_size=5),
              st.none() | st.text(max_size=5)),
    st.builds(lambda r: json.dumps({"type": "reaction", "reaction": r}),
              st.sampled_from([*msg.REACTIONS, "boo", ""]) | st.text(max_size=5)),
)


async def _play(messages: list[str], folder: Path) -> None:
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(1) as executor:
        mine = NetTable.create("t1", folder / "t1", QUICK, executor, code="code-1", seed=3)
        other = NetTable.create("t2", folder / "t2", QUICK, executor, code="code-2", seed=4)
        mine.start(loop)
        other.start(loop)
        theirs = Outbox()
        other.join("Zed", None, theirs)
        zed = other.holders[next(iter(other.holders))]
        other.act(zed, ev.Deal(zed.seat))
        await asyncio.sleep(0.05)
        before = (json.dumps(other.table.state()), [h.record() for h in other.table.match.hands])
        sent = theirs.posted
        outbox = Outbox()
        holder = mine.join("Ann", None, outbox)
        for text in messages:
            try:
                message = msg.read_client(text, holder.seat)
            except msg.MessageError:
                continue
            if isinstance(message, ev.PersonEvent):
                mine.act(holder, message)
            elif isinstance(message, msg.React):
                react(mine, holder.seat, message.reaction)
            elif isinstance(message, msg.Join):
                with contextlib.suppress(JoinRefused):
                    mine.join(message.name or "x", message.token, Outbox())
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)
        hand = mine.table.hand
        if hand is not None:
            assert Hand.from_record(hand.record()).plays == hand.plays  # still a sound hand
        assert (json.dumps(other.table.state()),
                [h.record() for h in other.table.match.hands]) == before
        assert theirs.posted == sent  # the other table's person heard nothing
        mine.close()
        other.close()


@settings(max_examples=25, deadline=None)
@given(st.lists(_MESSAGES, max_size=60))
def test_fuzzed_messages_never_crash_a_table_or_reach_another(messages: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_play(messages, Path(folder)))


async def test_another_persons_refused_pass_tells_the_others_nothing(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(1) as executor:
        net = NetTable.create("t1", tmp_path / "t1", QUICK, executor, code="c", seed=5)
        net.start(loop)
        ann, bob = Outbox(), Outbox()
        south = net.join("Ann", None, ann)
        net.join("Bob", None, bob)
        net.act(south, ev.Deal(south.seat))
        await asyncio.sleep(0.05)
        heard = bob.posted
        mine = ann.posted
        hand = net.table.hand
        assert hand is not None
        two = tuple(c for c in hand.holding(Seat.SOUTH) if str(c) != "QS")[:2]
        net.act(south, ev.Pass(south.seat, two))
        assert ann.posted == mine + 1  # Ann is told why
        assert bob.posted == heard  # Bob is told nothing
        net.close()
