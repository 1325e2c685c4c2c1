"""``hearts host --serve``: friends with only a browser take seats at a table.

Two people sit down from two tabs of headless Chromium (a name form, then the
table), see each other by name, and play from the page; the host stops on
Ctrl+C and ends the seats' processes. Needs the distribution's Chromium, like
the rest of ``tests/browser``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .server import ServerProcess, alive, wait_until
from .terminal import CATCH_TERMINAL, Terminal
from .test_chromium import ARTIFACTS, browser  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def seats(server: ServerProcess) -> set[int]:
    """The ``hearts join`` processes the pages run (the computer players' workers
    are the server's children too)."""
    found = set()
    for pid in server.games():
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"join" in argv:
            found.add(pid)
    return found


def sit_down(context: object, server: ServerProcess, url: str, name: str) -> Terminal:
    """Open the table's page, give ``name`` on the form, and wait for the table
    (a minute: the seat's game is a new process, slow to start on a busy machine)."""
    page = context.new_page()  # type: ignore[attr-defined]
    page.add_init_script(CATCH_TERMINAL)
    page.goto(url)
    page.fill("input[name=name]", name)
    page.click("button[type=submit]")
    terminal = Terminal(page)
    try:
        terminal.wait_for(name, timeout=60.0)
    except AssertionError as error:
        raise AssertionError(f"{error}\nthe page: {page.url}\nthe server said:\n"
                             f"{server.output}") from None
    return terminal


def test_two_browser_seats_at_one_table(browser: object, tmp_path: Path) -> None:  # noqa: F811
    env = {**os.environ, "HEARTS_DATA_DIR": str(tmp_path)}
    server = ServerProcess(["--port", "0", "--web-port", "0", "--people", "2",
                            "--level", "beginner", "--data-dir", str(tmp_path / "server")],
                           env, command=("host", "--serve"))
    try:
        code = server.wait_for_line(r"--code (\S+)").group(1)
        url = f"{server.url()}?code={code}"

        # The page refuses an address without the table's code.
        page = browser.new_page()  # type: ignore[attr-defined]
        response = page.goto(server.url() + "?code=not-a-code")
        assert response.status == 403
        assert "No table has that code" in page.content()
        page.close()

        ann = sit_down(browser, server, url, "Ann")
        bea = sit_down(browser, server, url, "Bea")
        wait_until(lambda: len(seats(server)) == 2, "a join process for each tab")
        # Each sees the other across the table, by the name given on the form,
        # in a terminal as wide as the window (the size reached the game).
        assert "Bea" in ann.wait_for("Ann") and "Ann" in bea.wait_for("Bea")
        assert len(ann.rows()[0]) > 90

        # Ann deals from her page; both choose three cards and pass them.
        ann.page.keyboard.press("d")
        for seat in (ann, bea):
            seat.wait_for("Choose 3 cards to pass")
            hand = seat.hand()
            assert len(hand) == 13, seat.text()
            for number, face in enumerate([f for f in hand if f.name != "Q♠"][:3], start=1):
                seat.click_face(face)
                seat.wait_for(f"Pass {number}")
            seat.click_text("Pass 3")
        for seat in (ann, bea):
            seat.wait_for("You receive these 3 cards")
        ARTIFACTS.mkdir(exist_ok=True)
        ann.page.screenshot(path=str(ARTIFACTS / "seat-ann.png"))

        # A seat's game keeps its token and hands in a folder of its own under the
        # server's: one for this browser (both tabs), and in it one for each name.
        browsers = list((tmp_path / "server" / "web").iterdir())
        assert len(browsers) == 1
        assert sorted(p.name.rsplit("-", 1)[0] for p in browsers[0].iterdir()) == ["ann", "bea"]

        games = seats(server)
        assert server.interrupt() == 0, server.output
        assert "Stopped" in server.output
        assert not any(alive(pid) for pid in games)
    finally:
        server.kill()


def test_the_page_says_the_host_stopped_and_comes_back_with_it(
        browser: object, tmp_path: Path) -> None:  # noqa: F811
    env = {**os.environ, "HEARTS_DATA_DIR": str(tmp_path)}
    # no ports given, as the README has it: started again, the host takes the same ones
    args = ["--people", "2", "--level", "beginner", "--data-dir", str(tmp_path / "server")]
    server = ServerProcess(args, env, command=("host", "--serve"))
    try:
        code = server.wait_for_line(r"--code (\S+)").group(1)
        url = f"{server.url()}?code={code}"
        ann = sit_down(browser, server, url, "Ann")
        assert server.interrupt() == 0, server.output
        # The host merely stopped: the page says so, not that the game ended.
        ann.page.locator("#stopped").wait_for(state="visible", timeout=30_000)
        assert "The table's server stopped" in ann.page.locator("#stopped").inner_text()
        assert not ann.page.locator("#ended").is_visible()

        server = ServerProcess(args, env, command=("host", "--serve"))
        assert server.url() in url  # the same web port as before
        # the page comes back by itself, to the same seat (the browser's own token)
        ann.page.locator("#stopped").wait_for(state="hidden", timeout=60_000)
        Terminal(ann.page).wait_for("Ann", timeout=60.0)  # back, quietly: no line for it
        wait_until(lambda: len(seats(server)) == 1, "one join process, for Ann")
        assert server.interrupt() == 0, server.output
    finally:
        server.kill()
