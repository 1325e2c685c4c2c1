"""A table's saves: cheap (a card appends a row), off the event loop, and never
lost or doubled when the disk is full, read-only or locked; a write that fails
is a notice, never an exception out of the table nor a ghost seat, and the
table saves again as soon as it can."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from hearts.ai import Level, make_player
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.match import Match
from hearts.net.tables import saver as saver_module
from hearts.net.tables.table import NetTable
from hearts.rules import Rules
from hearts.store import Store
from hearts.store.store import SavePlan
from hearts.table import NoticeKind
from tests.net.helpers import QUICK, Scripted, running_server, until

_TWO = replace(QUICK, people=2, rules=Rules(target=40))


def _counted(db: sqlite3.Connection) -> dict[str, int]:
    counts = {"commits": 0, "records": 0, "steps": 0, "other": 0}

    def trace(sql: str) -> None:
        words = sql.split()
        if not words:
            return
        if words[0].upper() == "COMMIT":
            counts["commits"] += 1
        elif sql.startswith("INSERT INTO hands "):
            counts["records"] += 1
        elif sql.startswith("INSERT INTO hand_steps"):
            counts["steps"] += 1
        elif words[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            counts["other"] += 1
    db.set_trace_callback(trace)
    return counts


def test_a_hand_is_written_whole_twice_and_each_card_is_one_small_row(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    assert store.connection is not None
    counts = _counted(store.connection)
    match = Match(Rules(), 11)
    hand = match.deal()
    saves = 0

    def save() -> None:
        nonlocal saves
        saves += 1
        assert store.save(match, {"stage": "x"}) is None

    save()  # the deal
    for seat in Seat:
        hand.pass_cards(seat, make_player(Level.BEGINNER, 1).choose_pass(hand.view(seat)))
        save()
    while hand.turn is not None:
        hand.play(hand.legal_plays()[0])
        save()
    assert hand.plays and len(hand.plays) == 52
    # one transaction a save; the record whole when dealt and when over; one
    # small row for each pass and each card but the last (the hand's end
    # writes the record whole instead)
    assert counts["commits"] == saves == 1 + 4 + 52
    assert counts["records"] == 2
    assert counts["steps"] == 4 + 51
    # beside those, only the match row's and the saved table's first writes,
    # the steps cleared at the end, and the figures once the hand is over
    assert counts["other"] <= 10, counts
    store.close()
    again = Store.open(tmp_path)
    saved = again.load()
    assert saved is not None and saved.match.hands[0].record() == hand.record()
    again.close()


def test_the_hand_in_play_comes_back_from_its_steps(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    match = Match(Rules(), 12)
    hand = match.deal()
    for seat in Seat:
        hand.pass_cards(seat, make_player(Level.BEGINNER, 1).choose_pass(hand.view(seat)))
    store.save(match, {})
    for _ in range(9):
        hand.play(hand.legal_plays()[0])
        store.save(match, {"n": len(hand.plays)})
    store.close()
    again = Store.open(tmp_path)
    saved = again.load()
    assert saved is not None and saved.table == {"n": 9}
    assert saved.match.hands[0].record() == hand.record()
    again.close()


def test_a_card_taken_back_and_another_played_before_the_next_save(tmp_path: Path) -> None:
    # (a table's writer makes the saves asked while it writes one: an undo and
    # the next card can reach the store as one save)
    store = Store.open(tmp_path)
    match = Match(Rules(), 13)
    hand = match.deal()
    for seat in Seat:
        hand.pass_cards(seat, make_player(Level.BEGINNER, 1).choose_pass(hand.view(seat)))
    for _ in range(6):
        hand.play(hand.legal_plays()[0])
    store.save(match, {})
    hand.pop()  # the sixth card back, in place
    other = hand.legal_plays()[-1]
    hand.play(other)
    hand.assisted.add(Seat.SOUTH)
    store.save(match, {})
    store.close()
    again = Store.open(tmp_path)
    saved = again.load()
    assert saved is not None and saved.match.hands[0].record() == hand.record()
    assert saved.match.hands[0].plays[-1] == other
    again.close()


# --- faults: a full disk, a locked database ------------------------------------------


class Disk:
    """A disk that fills up on demand: every write of a table's store or of its
    table.json fails as a full disk does, until it is freed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        self.refused = 0
        apply, write = Store.apply, saver_module.write_private

        def full_apply(store: Store, plan: SavePlan) -> None:
            if self.full:
                self.refused += 1
                error = sqlite3.OperationalError("database or disk is full")
                error.sqlite_errorname = "SQLITE_FULL"
                raise error
            apply(store, plan)

        def full_write(path: Path, text: str) -> None:
            if self.full:
                self.refused += 1
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            write(path, text)

        monkeypatch.setattr(Store, "apply", full_apply)
        monkeypatch.setattr(saver_module, "write_private", full_write)

    def fill(self) -> None:
        self.full = True

    def free(self) -> None:
        self.full = False


@contextlib.contextmanager
def _small_tmpfs(folder: Path, kib: int) -> Iterator[Callable[[bool], None]]:
    """A real tmpfs of ``kib`` KiB at ``folder`` (root only); yields a switch that
    fills it with a file (True) or frees it (False)."""
    folder.mkdir(parents=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={kib}k", "tmpfs",
                           str(folder)], capture_output=True, check=False)
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    filler = folder / "filler"

    def switch(full: bool) -> None:
        if full:
            fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
            try:
                while os.write(fd, b"\0" * 4096):
                    pass
            except OSError:
                pass  # full
            finally:
                os.close(fd)
        else:
            filler.unlink(missing_ok=True)
    try:
        yield switch
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _texts(person: Scripted) -> list[str]:
    return [n.text or "" for n in person.notices() if n.kind is NoticeKind.TEXT]


async def _a_full_disk_loses_nothing(data: Path, fill: Callable[[], None],
                                     free: Callable[[], None],
                                     caplog: pytest.LogCaptureFixture) -> None:
    async with running_server(data, _TWO) as (server, url):
        net = server.tables["t1"]
        ann = Scripted(url, "code-1", "Ann", deals=True, hands=2)
        bob = Scripted(url, "code-1", "Bob", hands=2)
        ann.start()
        bob.start()
        await until(lambda: net.table.hand is not None and len(net.table.hand.plays) >= 8)
        fill()
        # hand 1 ends while nothing can be written, and hand 2 goes on
        await until(lambda: len(net.table.match.hands) == 2
                    and len(net.table.match.hands[1].plays) >= 6, 60)
        for person in (ann, bob):
            said = [t for t in _texts(person) if t.startswith("Not saving progress")]
            assert said
            # why, never where: no path on the server reaches a player
            assert not any("/" in t or str(data) in t for t in said), said
            assert not person.hands  # not kept, so not sent to their stores
        # the host's own log says where
        assert any("Not saving progress in" in r.getMessage() and "t1" in r.getMessage()
                   for r in caplog.records)
        assert all(h.outbox is not None for h in net.holders.values())  # no ghost
        # Ann drops and comes back with her token: her seat is hers, not "taken"
        token = ann.connection.token
        await ann.stop()
        await until(lambda: net.holders[Seat.SOUTH].outbox is None)
        back = Scripted(url, "code-1", "Ann", deals=True, hands=2, token=token)
        back.start()
        await until(lambda: back.connection.connected.is_set())
        assert back.state.seat is Seat.SOUTH
        free()
        await until(lambda: bool(back.hands) and bool(bob.hands), 30)
        assert any(t.startswith("Progress is being saved again") for t in _texts(bob))
        await asyncio.wait_for(asyncio.gather(back.over.wait(), bob.over.wait()), 60)
        await until(lambda: len(bob.hands) == 2)
        # each hand once, the hand that ended on the full disk first
        assert [Hand.from_record(m.record).record() for m in bob.hands] == \
            [hand.record() for hand in net.table.match.hands[:2]]
        await until(lambda: not net.writing)
        live = [hand.record() for hand in net.table.match.hands]
        await back.stop()
        await bob.stop()
    # everything played is in the table's folder: nothing lost, nothing doubled
    again = NetTable.load(data / "tables" / "t1", None)
    again.start(asyncio.get_running_loop())
    assert [hand.record() for hand in again.table.match.hands] == live
    db = again.store().connection
    assert db is not None
    assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == 1
    again.close()
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_a_full_disk_is_a_notice_and_the_table_saves_again_once_it_is_freed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(saver_module, "RETRY_SECONDS", 0.05)
    disk = Disk(monkeypatch)
    await _a_full_disk_loses_nothing(tmp_path, disk.fill, disk.free, caplog)
    assert disk.refused >= 2  # the store and table.json both refused


@pytest.mark.slow
async def test_a_real_full_tmpfs_loses_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(saver_module, "RETRY_SECONDS", 0.05)
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    with _small_tmpfs(tmp_path / "small", 2048) as switch:
        await _a_full_disk_loses_nothing(tmp_path / "small", lambda: switch(True),
                                         lambda: switch(False), caplog)


async def test_a_locked_database_holds_up_only_its_own_table(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setattr(saver_module, "RETRY_SECONDS", 0.05)
    async with running_server(tmp_path, _TWO, tables=2) as (server, url):
        first, second = server.tables["t1"], server.tables["t2"]
        people = [Scripted(url, code, name, deals=name in ("Ann", "Cat"), hands=3)
                  for code, name in (("code-1", "Ann"), ("code-1", "Bob"),
                                     ("code-2", "Cat"), ("code-2", "Dan"))]
        for person in people:
            person.start()
        await until(lambda: all(t.table.hand is not None for t in (first, second)))
        await until(lambda: not first.writing)
        # another program takes the first table's database and keeps it
        other = sqlite3.connect(tmp_path / "tables" / "t1" / "hearts.db",
                                isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            # both tables play on: the second saves as ever, the first says why not
            # (cards counted over the match: the lock may come as a hand ends)
            plays = _cards(second), _cards(first)
            await until(lambda: _cards(second) >= plays[0] + 12
                        and _cards(first) >= plays[1] + 12, 30)
            assert any("it is busy" in t for t in _texts(people[0]))
            assert not any(t.startswith("Not saving") for t in _texts(people[2]))
            assert second.saver().failing is None and first.saver().failing is not None
        finally:
            other.execute("ROLLBACK")
            other.close()
        await until(lambda: first.saver().failing is None and not first.writing, 30)
        # (the notice that says so is then on its way to Ann: a loaded machine may
        # not have brought it yet)
        await until(lambda: any(t.startswith("Progress is being saved again")
                                for t in _texts(people[0])), 10)
        for person in people:
            await person.stop()
        kept = [hand.record() for hand in first.table.match.hands]
    again = NetTable.load(tmp_path / "tables" / "t1", None)
    again.start(asyncio.get_running_loop())
    assert [hand.record() for hand in again.table.match.hands] == kept
    again.close()


def _cards(net: NetTable) -> int:
    """The cards played at ``net``'s table in its match so far."""
    return sum(len(hand.plays) for hand in net.table.match.hands)


def test_the_table_json_is_written_whole_by_the_writer(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    saver_module.write_private(path, json.dumps({"a": 1}))
    assert json.loads(path.read_text()) == {"a": 1}
    assert path.stat().st_mode & 0o077 == 0
