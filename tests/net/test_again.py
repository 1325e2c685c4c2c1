"""At a match's end, a table of several people plays again with the same people
once every person present has agreed (each presses Deal): nobody starts a new
match for the others alone, and everyone is told who agreed and how many are
still to."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

from hearts.cards import Seat
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.table import NetTable, SeatHolder
from hearts.rules import Rules
from hearts.table import events as ev
from tests.net.helpers import QUICK, until

ONE_HAND = replace(QUICK, people=3, rules=Rules(target=1), grace=0.0)
"""Three people's seats, a match of one hand (any point ends it), no grace time."""


async def _notices(net: NetTable, outbox: Outbox) -> list[dict[str, object]]:
    """The notices sent to ``outbox`` since the last look (once the table's writes,
    which hold what is sent, are done)."""
    await until(lambda: not net.writing)
    found = []
    for text in outbox.drain():
        data = json.loads(text)
        if data.get("type") == "notice":
            found.append(data["notice"])
    return found


async def _match_over(tmp_path: Path, executor: ThreadPoolExecutor
                      ) -> tuple[NetTable, list[SeatHolder], list[Outbox]]:
    """A table whose one-hand match was played out by the stand-ins of Ann, Bob
    and Cy, who are back at it now."""
    net = NetTable.create("t1", tmp_path / "t1", ONE_HAND, executor, code="c", seed=4)
    net.start(asyncio.get_running_loop())
    first = [Outbox() for _ in range(3)]
    people = [net.join(name, None, box) for name, box in zip(("Ann", "Bob", "Cy"), first,
                                                           strict=True)]
    net.act(people[0], ev.Deal(Seat.SOUTH))
    for holder, box in zip(people, first, strict=True):
        net.dropped(holder, box)  # the computer players stand in and play the hand
    await until(lambda: net.table.match.over)
    boxes = [Outbox() for _ in range(3)]
    for holder, box in zip(people, boxes, strict=True):
        assert holder.token is not None
        net.join(holder.name, holder.token, box)
    for box in boxes:
        await _notices(net, box)  # (the comings and goings so far)
    return net, people, boxes


async def test_a_new_match_begins_once_everyone_present_agrees(tmp_path: Path) -> None:
    with ThreadPoolExecutor(2) as executor:
        net, (ann, bob, cy), (for_ann, for_bob, _) = await _match_over(tmp_path, executor)
        games = net.table.games
        net.act(ann, ev.Deal(ann.seat))
        assert net.table.match.over and net.table.games == games  # held for the others
        assert await _notices(net, for_ann) == [{"kind": "again-waiting", "count": 2}]
        assert await _notices(net, for_bob) == [{"kind": "again", "seat": "south", "count": 2}]
        net.act(ann, ev.Deal(ann.seat))  # pressing again changes nothing
        assert net.table.games == games
        net.act(cy, ev.Deal(cy.seat))
        assert (await _notices(net, for_bob))[-1] == {"kind": "again", "seat": "west", "count": 1}
        assert net.table.match.over
        net.act(bob, ev.Deal(bob.seat))  # the last to agree: the new match is dealt
        assert net.table.games == games + 1 and not net.table.match.over
        assert len(net.table.match.hands) == 1 and not net.again
        assert [h.name for h in net.holders.values() if h.seated] == ["Ann", "Bob", "Cy"]
        net.close()


async def test_those_who_went_are_not_waited_for(tmp_path: Path) -> None:
    with ThreadPoolExecutor(2) as executor:
        net, (ann, bob, cy), (_, for_bob, for_cy) = await _match_over(tmp_path, executor)
        games = net.table.games
        net.dropped(cy, for_cy)  # Cy is away: only those present are asked
        net.act(ann, ev.Deal(ann.seat))
        told = [n for n in await _notices(net, for_bob) if n["kind"] == "again"]
        assert told == [{"kind": "again", "seat": "south", "count": 1}]
        assert net.table.games == games
        net.leave(bob)  # the one still to agree gives his seat up: the match begins
        assert net.table.games == games + 1 and not net.table.match.over
        net.close()


async def test_one_person_with_computers_deals_at_once(tmp_path: Path) -> None:
    with ThreadPoolExecutor(2) as executor:
        net, (ann, bob, cy), _ = await _match_over(tmp_path, executor)
        net.leave(bob)
        net.leave(cy)
        games = net.table.games
        net.act(ann, ev.Deal(ann.seat))  # nobody else to ask
        assert net.table.games == games + 1
        net.close()
