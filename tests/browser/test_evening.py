"""An evening with friends at one table, as a host and three people live it.

``hearts host --serve`` is started as the README gives it (no port: started again,
it takes the same ones). Ann and Bob sit down from their terminals (scripted
people over real connections, a Beginner's choices), Cat at the web table in a
browser (headless Chromium, playing by clicks on the page's cards), and a
computer player takes the fourth seat. Over one match to a low target the
evening goes wrong in every way the issue found: a wrong code, a second browser
giving Cat's name, the host killed with kill -9 and stopped with Ctrl+C and
started again with the same command each time (Cat's page finds her seat again
by its cookie), Bob's terminal killed. Nothing may be lost, no seat taken, no
process started for a browser seat, and each finished hand reaches each
terminal once.
"""

from __future__ import annotations

import asyncio
import os
import re
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
from .test_chromium import CHROMIUM_FLAGS, VIEWPORT, _chromium

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

        # A stranger's browser giving Cat's name gets no seat, and is told why;
        # Cat keeps hers.
        page = stranger.new_page()
        page.goto(page_url)
        page.get_by_label("Your name at the table").fill("cat")
        page.get_by_role("button", name="Sit down").click()
        page.get_by_text("Someone at this table already has that name").wait_for()
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
        cat.get_by_text("Cat (You)").wait_for(timeout=60_000)  # her seat, by its cookie
        cat.locator("#hand button.card").first.wait_for(timeout=60_000)

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
        cat.get_by_text("Cat (You)").wait_for(timeout=60_000)

        # On to the end of the match.
        _cat_plays(cat, lambda: bool(ann.states) and ann.state.match_over, 400)
        wait_until(lambda: bool(bob.states) and bob.state.match_over, "Bob sees the end")
        cat.get_by_text(re.compile(r"^Game over")).first.wait_for(timeout=30_000)
        finished = ann.state.hand_number

        # Each finished hand reached each person once: Ann and Bob were sent them
        # (a hand sent again after a drop is the same record).
        for person in (ann, bob):
            records = {str(m.record) for m in person.hands}
            assert len(records) == finished, (person.connection.name, len(records))
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
