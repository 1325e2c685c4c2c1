"""An evening with friends at one table, as a host and four people live it.

``hearts host --serve`` is started as the README gives it (no port: started again,
it takes the same ones). Ann and Bob sit down from their terminals (scripted
people over real connections, a Beginner's choices) and Cat at the web table in
a browser (headless Chromium, playing by clicks on the page's cards); the
fourth person's seat is free. Ann deals before Dan, the late fourth, comes: the
table waits the grace time for his seat, then a computer player plays it until
he sits down in the middle of the hand. Over one match to a low target the
evening goes wrong in every way issues 45 and 52 found: a wrong code, a second
browser giving Cat's name, Bob dropping long enough for a computer player to
stand in and coming back in the middle of a hand, the host killed with kill -9
and stopped with Ctrl+C and started again with the same command each time
(Cat's page finds her seat again by its cookie), Ann moving to a new device with
the host's link while her old one is still on. Nothing may be lost, no seat
taken, no process started for a browser seat, each finished hand reaches each
terminal once, and every hand verifies with every decision named for whoever
really made it.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

import pytest

from hearts.cards import Seat
from hearts.hand import Hand, read_record
from hearts.net.scripted import Scripted
from hearts.net.wire.client import table_url
from hearts.net.wire.errors import ErrorCode
from hearts.verify import verify_record

from .server import ServerProcess, wait_until
from .test_chromium import CHROMIUM_FLAGS, VIEWPORT, _chromium

pytestmark = [pytest.mark.browser, pytest.mark.slow]

_T = TypeVar("_T")


class Terminals:
    """The people at their terminals: scripted people on an event loop of their own."""

    def __init__(self, url: str, code: str) -> None:
        self.url, self.code = url, code
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.people: dict[str, Scripted] = {}
        self.kept: dict[str, list[Any]] = {}
        """Every hand each person was sent, all evening (their own store's)."""
        for name in ("Ann", "Bob"):
            self.sit(name)

    def sit(self, name: str, token: str | None = None) -> Scripted:
        """``name`` runs ``hearts join`` (with the token of a link or of an earlier run)."""
        async def start() -> Scripted:
            person = Scripted(self.url, self.code, name, deals=name == "Ann", token=token)
            person.hands = self.kept.setdefault(name, [])  # the same person's store
            person.start()
            return person

        self.people[name] = self.run(start())
        return self.people[name]

    def run(self, work: Coroutine[Any, Any, _T], timeout: float = 30.0) -> _T:
        """Run ``work`` on the people's loop and wait for it."""
        done: Future[_T] = asyncio.run_coroutine_threadsafe(work, self.loop)
        return done.result(timeout)

    def drop(self, name: str) -> str:
        """Kill a person's terminal at once (its connection drops with no goodbye);
        the token it held, to come back with."""
        person = self.people[name]
        token = person.connection.token
        assert token is not None
        self.run(person.stop())
        return token

    def cut(self, name: str) -> None:
        """Kill a person's terminal and start it again with the same command."""
        self.sit(name, self.drop(name))

    def close(self) -> None:
        for person in self.people.values():
            self.run(person.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def _cat_plays(cat: Any, enough: Callable[[], bool], timeout: float) -> None:
    """Cat plays from her page until ``enough()``: three cards that may be passed,
    clicked, and Pass; on her turn a card she may play, clicked to raise it and
    again to play it."""
    deadline = time.monotonic() + timeout
    while not enough():
        if time.monotonic() > deadline:
            raise AssertionError("Cat's game did not get there; her page says: "
                                 + cat.locator("#status").inner_text())
        if cat.get_by_role("button", name="Pass", exact=True).count():
            free = cat.locator("#hand button.card[aria-pressed=false]:not([aria-disabled])")
            chosen = cat.locator("#hand button.card[aria-pressed=true]").count()
            for _ in range(3 - chosen):
                free.first.click()
            cat.get_by_role("button", name="Pass", exact=True).click()
        elif re.search(r"your (play|lead)$", cat.locator("#status").inner_text()):
            playable = cat.get_by_role("button", name=re.compile(r", may be played$"))
            if playable.count():
                name = playable.first.get_attribute("data-card")
                playable.first.click()
                cat.locator(f'#hand button[data-card="{name}"]').click()
        cat.wait_for_timeout(250)


def _sit_down(context: Any, url: str, name: str) -> Any:
    """Open the table's link in a new tab, give ``name``, and wait for the table."""
    page = context.new_page()
    page.goto(url)
    page.get_by_label("Your name at the table").fill(name)
    page.get_by_role("button", name="Sit down").click()
    page.locator("#table").wait_for(state="visible", timeout=60_000)
    return page


def _join_processes(host: ServerProcess) -> list[int]:
    """The host's children that run ``hearts join`` (the pages once ran one a seat)."""
    found = []
    for pid in host.games():
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"join" in argv:
            found.append(pid)
    return found


@pytest.fixture
def browsers(tmp_path: Path) -> Iterator[tuple[Any, Any]]:
    """Two headless Chromiums, each with a profile (and so cookies) of its own:
    Cat's, and a stranger's."""
    executable = _chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        made = [playwright.chromium.launch_persistent_context(
            str(tmp_path / name), executable_path=executable, headless=True,
            args=CHROMIUM_FLAGS, viewport=VIEWPORT)  # type: ignore[arg-type]
            for name in ("cat-profile", "stranger-profile")]
        try:
            yield made[0], made[1]
        finally:
            for context in made:
                context.close()


def _presence(person: Scripted, name: str) -> str | None:
    """How ``person``'s latest state shows the seat of ``name``."""
    if not person.states:
        return None
    for info in person.state.seats:
        if info.name == name:
            return info.presence.value
    return None


def test_an_evening_at_one_table(browsers: tuple[Any, Any], tmp_path: Path) -> None:
    browser, stranger = browsers
    data = tmp_path / "server"
    env = {**os.environ, "HEARTS_DATA_DIR": str(tmp_path / "host")}
    command = ["--people", "4", "--level", "beginner", "--rules", "30", "--grace", "3",
               "--data-dir", str(data)]
    host = ServerProcess(command, env, command=("host", "--serve"), typing=True)
    terminals: Terminals | None = None
    try:
        address, code = host.wait_for_line(r"hearts join (\S+) --code (\S+)").groups()
        page_url = host.wait_for_line(r"table t1: (http://\S+/t/t1/\?code=\S+)").group(1)

        # A wrong code on the page: refused, with the reason; nobody sits down.
        page = browser.new_page()
        page.goto(page_url.split("?")[0] + "?code=wrong")
        page.get_by_label("Your name at the table").fill("Zed")
        page.get_by_role("button", name="Sit down").click()
        page.get_by_text("No table has that code").wait_for(timeout=30_000)
        page.close()

        terminals = Terminals(table_url(address), code)
        ann, bob = terminals.people["Ann"], terminals.people["Bob"]
        wait_until(lambda: ann.connection.connected.is_set()
                   and bob.connection.connected.is_set(), "Ann and Bob at the table")
        cat = _sit_down(browser, page_url, "Cat")
        cat.get_by_text("Cat (You)").wait_for()
        host.wait_for_line(r"t1: Cat \(west\) sat down")

        # A stranger's browser giving Cat's name gets no seat, and is told why;
        # Cat keeps hers.
        page = stranger.new_page()
        page.goto(page_url)
        page.get_by_label("Your name at the table").fill("cat")
        page.get_by_role("button", name="Sit down").click()
        page.get_by_text("Someone at this table already has that name").wait_for()
        page.close()

        # Ann deals before Dan comes: the free seat waits the grace time, then a
        # computer player plays it (the table never stops for it); six cards in.
        def into_the_hand() -> bool:
            view = ann.state.view if ann.states else None
            return view is not None and len(view.played) >= 6

        _cat_plays(cat, into_the_hand, 120)
        host.wait_for_line(r"nobody took the east seat - a computer player plays it")
        assert _presence(ann, "East") == "stand-in"

        # Dan, the late fourth, sits down in the middle of the hand and plays on.
        dan = terminals.sit("Dan")
        wait_until(lambda: _presence(ann, "Dan") == "here", "Dan at the table")
        host.wait_for_line(r"t1: Dan \(east\) sat down")

        # Bob drops for longer than the grace time: a computer player stands in,
        # the host is told; then he comes back in the middle of a hand.
        bob_token = terminals.drop("Bob")
        host.wait_for_line(r"t1: Bob \(north\) dropped")
        host.wait_for_line(r"a computer player plays for Bob \(north\)", 30)
        # (until the stand-in has played for him: the drop may come as a hand ends)
        dropped = _plays_of(ann.state, Seat.NORTH)
        _cat_plays(cat, lambda: _plays_of(ann.state, Seat.NORTH) > dropped
                   and _plays_of(ann.state, Seat.NORTH)[1] > 0, 120)
        bob = terminals.sit("Bob", bob_token)
        wait_until(lambda: _presence(ann, "Bob") == "here", "Bob back", 60)
        host.wait_for_line(r"t1: Bob \(north\) is back")

        # The host killed outright, then started again with the same command: the
        # same ports; the terminals and the page find it by themselves.
        before = host.url()
        host.process.kill()
        host.process.wait(10)
        host = ServerProcess(command, env, command=("host", "--serve"), typing=True)
        assert host.url() == before
        wait_until(lambda: ann.connection.reconnects >= 1 and ann.connection.connected.is_set()
                   and bob.connection.connected.is_set() and dan.connection.connected.is_set(),
                   "the terminals back", 60)
        cat.get_by_text("Cat (You)").wait_for(timeout=60_000)  # her seat, by its cookie
        cat.locator("#hand button.card").first.wait_for(timeout=60_000)

        # Ann moves to a new device with the host's link while her old one is on:
        # the new one takes the seat over, the old one is told and stops.
        seat = ann.state.seat
        host.type(f"link t1 {seat.name.lower()}")
        token = host.wait_for_line(r"hearts join \S+ --code \S+ --token (\S+)").group(1)
        old = ann
        ann = terminals.sit("Ann", token)
        wait_until(lambda: old.connection.ended is not None, "the old device told", 30)
        assert old.connection.refusal is ErrorCode.REPLACED
        wait_until(lambda: bool(ann.states) and ann.state.seat is seat, "Ann on her new device")

        # Bob's terminal killed and run again: the same seat.
        terminals.cut("Bob")
        bob = terminals.people["Bob"]
        wait_until(lambda: bob.connection.connected.is_set() and bool(bob.states),
                   "Bob back", 60)

        # Ctrl+C at the host's terminal, and the same command again.
        assert host.interrupt() == 0, host.output
        host = ServerProcess(command, env, command=("host", "--serve"), typing=True)
        wait_until(lambda: ann.connection.connected.is_set()
                   and bob.connection.connected.is_set(), "the terminals back again", 60)
        cat.get_by_text("Cat (You)").wait_for(timeout=60_000)

        # On to the end of the match.
        _cat_plays(cat, lambda: bool(ann.states) and ann.state.match_over, 400)
        wait_until(lambda: bool(bob.states) and bob.state.match_over, "Bob sees the end")
        cat.get_by_text(re.compile(r"^Game over")).first.wait_for(timeout=30_000)
        finished = ann.state.hand_number

        # Each finished hand reached each person at a terminal once (a hand sent
        # again after a drop is the same record); Dan, who came late, all of them.
        for name, hands in terminals.kept.items():
            records = {json.dumps(m.record, sort_keys=True) for m in hands}
            assert len(records) == finished, (name, len(records))
        # Every hand verifies (each computer player's decision is what it chooses
        # from its own view), and names whoever made each decision: the people by
        # name in their own seats, computer players where they stood in.
        people = {Seat.SOUTH: "Ann", Seat.NORTH: "Bob", Seat.WEST: "Cat", Seat.EAST: "Dan"}
        by: dict[Seat, set[str]] = {seat: set() for seat in Seat}
        for message in {json.dumps(m.record, sort_keys=True): m
                        for m in terminals.kept["Ann"]}.values():
            record = read_record(message.record)  # read where it arrives: the message
            verdict = verify_record(record)
            assert verdict.verified, verdict.message
            hand = Hand.from_record(record)
            for seat, play in _decisions(hand):
                who = hand.decider(seat, play)
                assert who is not None
                if who.player == "human":
                    assert who.name == people[seat], (seat, play, who)
                by[seat].add(people[seat] if who.player == "human" else "computer")
        assert by[Seat.EAST] == {"Dan", "computer"}  # a computer player until he came
        assert by[Seat.NORTH] == {"Bob", "computer"}  # one stood in while he was away
        assert by[Seat.WEST] == {"Cat"} and "Ann" in by[Seat.SOUTH]
        # Cat sat in one seat all evening, by her cookie; the stranger holds none,
        # and no seat ever ran a process of its own on the host.
        names = [info.name for info in ann.state.seats]
        assert names.count("Cat") == 1
        assert not _join_processes(host)
        assert host.interrupt() == 0, host.output
    finally:
        if terminals is not None:
            terminals.close()
        host.kill()


def _plays_of(state: Any, seat: Seat) -> tuple[int, int]:
    """The hand's number and how many cards ``seat`` played in it, as a seat's
    state shows them (each later card counts more: compare these in order)."""
    view = state.view
    if view is None:
        return (state.hand_number, 0)
    played = sum(1 for trick in view.tricks for who, _card in trick.plays() if who == seat)
    return (state.hand_number, played + sum(1 for who, _card in view.trick if who == seat))


def _decisions(hand: Hand) -> list[tuple[Seat, int | None]]:
    """Every decision of ``hand``: each seat's pass, then each card by its index."""
    order = [seat for trick in hand.tricks for seat, _ in trick.plays()]
    return [(seat, None) for seat in Seat if hand.passed(seat)] + [
        (seat, index) for index, seat in enumerate(order)]
