"""An evening with friends at one table, as a host and three people live it.

``hearts host --serve`` is started as the README gives it (no port: started again,
it takes the same ones). Ann and Bob sit down from their terminals (scripted
people over real connections, a Beginner's choices), Cat from a browser (headless
Chromium, playing by the keys on the page), and a computer player takes the
fourth seat. Over one match to a low target the evening goes wrong in every way
the issue found: a wrong code and a wrong address, a second browser giving Cat's
name, the host killed with kill -9 and stopped with Ctrl+C and started again
with the same command each time, Bob's terminal killed. Nothing may be lost, no
seat taken, and each finished hand reaches each person once.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

import pytest

from hearts.net.client import table_url
from hearts.net.scripted import Scripted

from .server import ServerProcess, wait_until
from .terminal import CATCH_TERMINAL, Terminal
from .test_chromium import CHROMIUM_FLAGS, VIEWPORT, _chromium
from .test_seat_pages import seats, sit_down

pytestmark = [pytest.mark.browser, pytest.mark.slow]

_T = TypeVar("_T")


class Terminals:
    """Ann and Bob at their terminals: scripted people on an event loop of their own."""

    def __init__(self, url: str, code: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.people: dict[str, Scripted] = {}
        for name in ("Ann", "Bob"):
            self.people[name] = self.run(self._sit(url, code, name))

    async def _sit(self, url: str, code: str, name: str) -> Scripted:
        person = Scripted(url, code, name, deals=name == "Ann")
        person.start()
        return person

    def run(self, work: Coroutine[Any, Any, _T], timeout: float = 30.0) -> _T:
        """Run ``work`` on the people's loop and wait for it."""
        done: Future[_T] = asyncio.run_coroutine_threadsafe(work, self.loop)
        return done.result(timeout)

    def cut(self, name: str) -> None:
        """Kill a person's terminal at once (its connection drops with no goodbye),
        and start it again with the same command (its token from the first run)."""
        person = self.people[name]

        async def again() -> Scripted:
            token = person.connection.token
            await person.stop()
            replacement = Scripted(person.connection.url, person.connection.code, name,
                                   token=token)
            replacement.hands = person.hands  # the same person's store of hands
            replacement.start()
            return replacement

        self.people[name] = self.run(again())

    def close(self) -> None:
        for person in self.people.values():
            self.run(person.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def _cat_plays(cat: Terminal, enough: Callable[[], bool], timeout: float) -> None:
    """Cat plays from her page by the keys until ``enough()``: three cards that
    may be passed, clicked, and Pass; space on her turn (the highlight rests on a
    card she may play)."""
    deadline = time.monotonic() + timeout
    while not enough():
        if time.monotonic() > deadline:
            raise AssertionError(f"Cat's game did not get there; her screen:\n{cat.text()}")
        status = cat.status()
        if status.startswith("Choose 3 cards to pass"):
            cat.page.keyboard.press("c")
            cat.wait_for("Pass 0", timeout=10)
            for number, face in enumerate([f for f in cat.hand() if f.name != "Q♠"][:3], 1):
                cat.click_face(face)
                cat.wait_for(f"Pass {number}", timeout=10)
            cat.page.keyboard.press("p")
        elif status.endswith(("your play", "your lead")):
            cat.page.keyboard.press("Space")
        cat.page.wait_for_timeout(250)


def _store_hands(folder: Path) -> list[str]:
    """The records of the finished hands in a person's store."""
    db = sqlite3.connect(folder / "hearts.db")
    try:
        return [row[0] for row in db.execute(
            "SELECT record FROM hands WHERE finished IS NOT NULL ORDER BY match_id, number")]
    finally:
        db.close()


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


def test_an_evening_at_one_table(browsers: tuple[Any, Any], tmp_path: Path) -> None:
    browser, stranger = browsers
    data = tmp_path / "server"
    env = {**os.environ, "HEARTS_DATA_DIR": str(tmp_path / "host")}
    command = ["--people", "3", "--level", "beginner", "--rules", "30",
               "--data-dir", str(data)]
    host = ServerProcess(command, env, command=("host", "--serve"))
    terminals: Terminals | None = None
    try:
        address, code = host.wait_for_line(r"hearts join (\S+) --code (\S+)").groups()
        page_url = f"{host.url()}?code={code}"

        # A wrong code on the page: refused, with the reason; nobody sits down.
        page = browser.new_page()
        assert page.goto(host.url() + "?code=wrong").status == 403
        assert "No table has that code" in page.content()
        page.close()

        terminals = Terminals(table_url(address), code)
        ann, bob = terminals.people["Ann"], terminals.people["Bob"]
        wait_until(lambda: ann.connection.connected.is_set()
                   and bob.connection.connected.is_set(), "Ann and Bob at the table")
        cat = sit_down(browser, host, page_url, "Cat")

        # A stranger's browser giving Cat's name gets no seat, and is told why on a
        # page of its own; Cat keeps hers.
        page = stranger.new_page()
        page.add_init_script(CATCH_TERMINAL)
        page.goto(page_url)
        page.fill("input[name=name]", "cat")
        page.click("button[type=submit]")
        Terminal(page).wait_for("The table did not seat you", timeout=60.0)
        Terminal(page).wait_for("Someone at this table already has that name")
        page.close()

        # The first hand: everyone plays, Ann deals; until six cards are down.
        def into_the_hand() -> bool:
            view = ann.state.view if ann.states else None
            return view is not None and len(view.played) >= 6

        _cat_plays(cat, into_the_hand, 120)

        # The host killed outright, then started again with the same command: the
        # same ports; the terminals and the page find it by themselves.
        before = host.url()
        host.process.kill()
        host.process.wait(10)
        host = ServerProcess(command, env, command=("host", "--serve"))
        assert host.url() == before
        wait_until(lambda: ann.connection.reconnects >= 1 and ann.connection.connected.is_set()
                   and bob.connection.connected.is_set(), "the terminals back", 60)
        cat.page.locator("#stopped").wait_for(state="hidden", timeout=60_000)
        cat = Terminal(cat.page)
        cat.wait_for("Cat", timeout=60.0)

        # Bob's terminal killed and run again: the same seat.
        seat = bob.state.seat
        terminals.cut("Bob")
        bob = terminals.people["Bob"]
        wait_until(lambda: bob.connection.connected.is_set() and bool(bob.states),
                   "Bob back", 60)
        assert bob.state.seat is seat

        # Ctrl+C at the host's terminal, and the same command again.
        assert host.interrupt() == 0, host.output
        host = ServerProcess(command, env, command=("host", "--serve"))
        wait_until(lambda: ann.connection.connected.is_set()
                   and bob.connection.connected.is_set(), "the terminals back again", 60)
        cat.page.locator("#stopped").wait_for(state="hidden", timeout=60_000)
        cat = Terminal(cat.page)

        # On to the end of the match.
        _cat_plays(cat, lambda: bool(ann.states) and ann.state.match_over, 400)
        wait_until(lambda: bool(bob.states) and bob.state.match_over, "Bob sees the end")
        finished = ann.state.hand_number

        # Each finished hand reached each person once: Ann and Bob were sent them
        # (a hand sent again after a drop is the same record), Cat's page kept them.
        for person in (ann, bob):
            records = {str(m.record) for m in person.hands}
            assert len(records) == finished, (person.connection.name, len(records))
        with_token = [folder for folder in (data / "web").glob("*/*")
                      if (folder / "seats.json").exists()
                      and code in (folder / "seats.json").read_text(encoding="utf-8")]
        assert len(with_token) == 1  # Cat's: the stranger's browser holds no seat
        kept = with_token[0]
        wait_until(lambda: len(_store_hands(kept)) == finished, "Cat's hands kept")
        assert len(set(_store_hands(kept))) == finished
        wait_until(lambda: len(seats(host)) == 1, "one seat process, Cat's")
        assert host.interrupt() == 0, host.output
    finally:
        if terminals is not None:
            terminals.close()
        host.kill()
