"""A duplicate evening at a network table (``hearts host --duplicate``): two
people play each deal twice, the cards moved across the table; everyone is told
the standings after each hand, the people's hand records say which deal and
round they are, the table keeps the evening's hands for ``hearts verify``, and a
table started again carries the evening on."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

from hearts.cards import Seat
from hearts.duplicate import DuplicateMatch, Evening
from hearts.net.host.hostview import heard
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.table import NetTable
from hearts.table import Notice, NoticeKind
from hearts.table import events as ev
from hearts.verify import main as verify_main
from hearts.view import Phase
from tests.net.helpers import QUICK, Scripted, running_server, until

EVENING = replace(QUICK, people=2, duplicate=2)
"""Two people (South and North), two Beginners, an evening of two deals."""


async def test_two_people_play_a_duplicate_evening(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    async with running_server(tmp_path, EVENING) as (server, url):
        net = server.tables["t1"]
        assert net.evening == Evening(2, 2)
        ann, bob = Scripted(url, "code-1", "Ann", deals=True), Scripted(url, "code-1", "Bob")
        ann.start()
        bob.start()
        await asyncio.wait_for(asyncio.gather(ann.over.wait(), bob.over.wait()), 60)
        match = net.table.match
        assert isinstance(match, DuplicateMatch) and match.over and len(match.hands) == 4
        await until(lambda: len(ann.hands) == 4 and len(bob.hands) == 4)
        places = [(h.record["duplicate"]["deal"], h.record["duplicate"]["round"])
                  for h in ann.hands]
        assert places == [(0, 0), (1, 0), (0, 1), (1, 1)]
        # the second round of a deal: Ann holds the cards Bob held, and Bob hers
        first, again = ann.hands[0].record, ann.hands[2].record
        assert again["deal"]["south"] == first["deal"]["north"]
        assert again["deal"]["north"] == first["deal"]["south"]
        standings = [n.text for n in ann.notices() if n.kind is NoticeKind.STANDINGS]
        assert len(standings) == 4
        assert standings[0] == ("Duplicate, deal 1 of 2, round 1 of 2: compared once a deal "
                                "is played again")
        assert standings[-1] is not None
        assert standings[-1].startswith("Duplicate evening over: ")
        assert "Ann" in standings[-1] and "Bob" in standings[-1]
        assert [n.text for n in bob.notices() if n.kind is NoticeKind.STANDINGS] == standings
        kept = net.evening_file
        await until(lambda: kept.exists() and len(kept.read_text().splitlines()) == 4)
        line = heard(net, Notice(NoticeKind.STANDINGS, text=standings[-1]))
        assert line == f"t1: {standings[-1]} - the evening's hands: {kept}"  # the host's
        meta = json.loads((net.folder / "table.json").read_text())
        assert meta["duplicate"] == {"deals": 2, "rounds": 2}
        await ann.stop()
        await bob.stop()
    assert verify_main([str(kept)]) == 0
    out = capsys.readouterr().out
    assert "4 of 4 hands verified" in out and ": verified: evening" in out


async def test_a_table_started_again_carries_the_evening_on(tmp_path: Path) -> None:
    with ThreadPoolExecutor(2) as executor:
        folder = tmp_path / "t1"
        net = NetTable.create("t1", folder, replace(EVENING, grace=0.0), executor, code="c",
                              seed=8)
        net.start(asyncio.get_running_loop())
        box = Outbox()
        ann = net.join("Ann", None, box)
        net.act(ann, ev.Deal(Seat.SOUTH))
        net.dropped(ann, box)  # a computer player stands in and plays the hand out
        await until(lambda: net.table.match.hand is not None
                    and net.table.match.hand.phase is Phase.OVER and not net.writing)
        match = net.table.match
        assert isinstance(match, DuplicateMatch)
        net.close()
        again = NetTable.load(folder, executor, people=3)  # more people: the same evening
        again.start(asyncio.get_running_loop())
        carried = again.table.match
        assert isinstance(carried, DuplicateMatch)
        assert carried.evening == Evening(2, 2) and carried.seed == match.seed
        assert [hand.duplicate for hand in carried.hands] == [match.hands[0].duplicate]
        assert carried.deal().duplicate == Evening(2, 2).place(match.seed, 1)
        again.close()
