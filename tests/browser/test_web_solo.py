"""``hearts --serve``: the single-player game at the web table, in headless Chromium.

The page asks for the level, the rule set and the target; the game is a table
of the browser's own, played by the same client, with Undo (one person at the
table); the page offers to carry it on; a browser without the cookie gets a
game of its own. And the command itself: it prints the address and stops on
Ctrl+C.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from hearts.ai import Level
from hearts.net.tables.table import TableConfig
from hearts.rules import Rules
from hearts.web.solo import make_server

from .server import ServerProcess
from .test_web_table import ARTIFACTS
from .web import SCREENS, Served, assert_accessible, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def solo(tmp_path: Path) -> Iterator[Served]:
    executor = ThreadPoolExecutor(2)
    config = TableConfig(people=1, level=Level.CLUB, rules=Rules(), delay_scale=0.2)
    server, _tables = make_server(tmp_path, config, executor, seed=3)
    served = Served(server.app())
    try:
        yield served
    finally:
        served.close()
        executor.shutdown(wait=False, cancel_futures=True)



def test_a_person_who_gives_no_name_is_called_you_once(chromium: Any, solo: Served) -> None:
    context = chromium.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        page.goto(solo.url + "/")
        tap(page, page.get_by_role("button", name="Start"))
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        name = page.locator(".player[data-at=bottom] .name").inner_text()
        assert name == "You", name
    finally:
        context.close()

def test_a_game_of_ones_own_in_the_browser(chromium: Any, solo: Served) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context = chromium.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        page.goto(solo.url + "/")
        assert_accessible(page, "the new game's form")
        # each choice a control a thumb can use, as tall as a button
        for select in page.locator("select").all():
            box = select.bounding_box()
            assert box and box["height"] >= 44, box
        page.get_by_label("Computer players").select_option(label="Beginner")
        page.get_by_label("Rules").select_option("classic")
        page.get_by_label("Game ends at").select_option("50")
        page.get_by_label("Your name at the table").fill("Zoe")
        tap(page, page.get_by_role("button", name="Start"))
        deal = page.get_by_role("button", name="Deal", exact=True)
        deal.wait_for()
        assert "code=" in page.url and "token" not in page.url
        assert "Zoe (You)" in page.locator(".player[data-at=bottom]").inner_text()
        assert "Classic rules - game to 50" in page.locator("#table-info").inner_text()
        tap(page, deal)
        page.locator("#hand button.card").nth(12).wait_for()
        free = page.locator("#hand button.card[aria-pressed=false]:not([aria-disabled])")
        for _ in range(3):
            tap(page, free.first)
        tap(page, page.get_by_role("button", name="Pass", exact=True))
        # play one card, then take it back: undo is offered alone at the table
        page.wait_for_function("() => /your (play|lead)$/.test("
                               "document.querySelector('#status').textContent)", timeout=60_000)
        playable = page.get_by_role("button", name=re.compile(r", may be played$")).first
        tap(page, playable)
        tap(page, page.get_by_role("button", name="Play", exact=True))
        page.get_by_role("button", name="Undo").wait_for()
        tap(page, page.get_by_role("button", name="Undo"))
        page.get_by_text("Taken back - play again").wait_for()
        assert page.locator("#hand button.card").count() == 13
        page.screenshot(path=str(ARTIFACTS / "web-solo.png"))
        assert_accessible(page, "the game")
        # the form again: the game is there to carry on
        page.goto(solo.url + "/")
        tap(page, page.get_by_role("link", name="Carry on with your game"))
        page.locator("#hand button.card").nth(12).wait_for()
        other = chromium.new_context(**SCREENS["desktop"])
        try:
            stranger = other.new_page()
            stranger.goto(solo.url + "/")
            assert stranger.get_by_role("link", name="Carry on with your game").count() == 0
        finally:
            other.close()
    finally:
        context.close()


def test_hearts_serve_prints_the_address_and_stops(tmp_path: Path) -> None:
    env = {**os.environ, "HEARTS_CONFIG_DIR": str(tmp_path / "config"),
           "HEARTS_DATA_DIR": str(tmp_path)}
    process = ServerProcess(["--port", "0", "--level", "beginner"], env, command=("--serve",))
    try:
        url = process.url()
        import urllib.request

        with urllib.request.urlopen(url) as response:
            page = response.read().decode()
        assert '<select id="level"' in page and 'value="1" selected' in page
        assert process.interrupt() == 0, process.output
        assert "every game is saved" in process.output
    finally:
        process.kill()
