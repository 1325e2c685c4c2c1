"""``hearts --serve`` played in headless Chromium, with the mouse and the keyboard.

Needs the distribution's Chromium (Debian: ``apt-get install chromium``; ``.ci/run``
installs it). Screenshots of the table are kept in ``tests/browser/artifacts/``.
Run it alone with ``make test-browser``.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts.options import Options, Speed, options_path, save_options

from .server import ServerProcess, alive, wait_until
from .terminal import CATCH_TERMINAL, SUITS, Terminal

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"),
                       reason="the test reads game processes from /proc (Linux)"),
]

ARTIFACTS = Path(__file__).with_name("artifacts")
"""Where the screenshots go (git-ignored)."""

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
"""Quiet, offline headless Chromium (without the networking flags a closed
network makes it slow and noisy)."""

VIEWPORT = {"width": 1280, "height": 800}

CLOTH = (0x0A, 0x6B, 0x22)
FACE = (0xE4, 0xE4, 0xE4)
RED_INK = (0xC8, 0x00, 0x00)
BLACK_INK = (0x00, 0x00, 0x00)


def _chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.skip("headless Chromium is not installed: on Debian run 'sudo apt-get "
                    "install chromium', elsewhere put chromium on the PATH "
                    "(.ci/run installs it in CI)")
    return path


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[object]:
    """Headless Chromium with a new, empty profile."""
    executable = _chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=executable, headless=True,
            args=CHROMIUM_FLAGS, viewport=VIEWPORT)  # type: ignore[arg-type]
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """``hearts --serve --port 0`` with its own config folder, fast play and
    Beginner players, so the test waits little."""
    config = tmp_path / "config"
    save_options(Options(speed=Speed.FAST), options_path(config))
    env = {**os.environ, "HEARTS_CONFIG_DIR": str(config), "HEARTS_DATA_DIR": str(tmp_path)}
    process = ServerProcess(["--port", "0", "--seed", "7", "--level", "beginner"], env)
    try:
        yield process
    finally:
        process.kill()


def open_game(context: object, url: str) -> Terminal:
    """A new tab on the game; returns once the table is on show."""
    page = context.new_page()  # type: ignore[attr-defined]
    page.add_init_script(CATCH_TERMINAL)
    page.goto(url)
    start = page.locator("#start")
    if start.is_visible():  # a page opened with ?delay waits for a click
        start.click()
    terminal = Terminal(page)
    terminal.wait_for("Game to")  # the table is drawn
    return terminal


def pixels_near(image: object, box: tuple[int, int, int, int],
                colour: tuple[int, int, int], tolerance: int = 40) -> int:
    """How many pixels inside ``box`` are within ``tolerance`` of ``colour``."""
    data = image.crop(box).convert("RGB").tobytes()  # type: ignore[attr-defined]
    red, green, blue = colour
    return sum(1 for at in range(0, len(data), 3)
               if abs(data[at] - red) <= tolerance and abs(data[at + 1] - green) <= tolerance
               and abs(data[at + 2] - blue) <= tolerance)


def test_play_in_chromium(browser: object, server: ServerProcess) -> None:
    from PIL import Image

    ARTIFACTS.mkdir(exist_ok=True)
    url = server.url()

    # Tab one: change an option with the mouse alone and save it.
    first = open_game(browser, url)
    wait_until(lambda: len(server.games()) == 1, "the first tab's game")
    (first_game,) = server.games()
    first.click_text("Options")
    first.wait_for("Game ends at")
    first.click_text("100 points")  # a click on the value moves it on
    first.wait_for("150 points")
    first.click_text("Save")
    assert first.wait_for("Options saved")

    # A game process that dies ends its own tab, and only that.
    os.kill(first_game, 9)
    first.page.locator("#ended").wait_for(state="visible")
    wait_until(lambda: not alive(first_game), "the killed game to be reaped")

    # Tab two: a new game process, with the options the first tab saved.
    second = open_game(browser, url)
    assert "Game to 150" in second.text()
    wait_until(lambda: len(server.games()) == 1, "the second tab's game")
    (second_game,) = server.games()
    assert second_game != first_game

    # Ctrl+C in the tab is the browser's copy key: the game goes on.
    second.page.keyboard.press("Control+c")
    time.sleep(0.5)
    assert alive(second_game) and "Game to" in second.text()

    # Deal with the keyboard, without a click on the page first.
    second.page.keyboard.press("d")
    second.wait_for("Choose 3 cards to pass")
    hand = second.hand()
    assert len(hand) == 13, second.text()
    second.page.screenshot(path=str(ARTIFACTS / "table-dealt.png"))

    # Choose three cards with the mouse: each rises out of the hand.
    chosen = [face for face in hand if face.name != "Q♠"][:3]
    for number, face in enumerate(chosen, start=1):
        second.click_face(face)
        second.wait_for(f"Pass {number}")
    raised = {face.name for face in second.hand() if face.row < max(f.row for f in hand)}
    assert raised == {face.name for face in chosen}
    second.click_text(f"Pass {len(chosen)}")
    second.wait_for("You receive these 3 cards")
    held = [face.name for face in second.hand()]
    assert len(held) == 13 and not {face.name for face in chosen} & set(held)

    # Play a card with the mouse once it is South's turn.
    second.wait_for("your ")
    status = second.status()
    led = next((symbol for name, symbol in SUITS.items() if f"{name} led" in status), None)
    hand = second.hand()
    card = next((face for face in hand if face.suit == led), hand[0])
    second.click_face(card)
    second.wait_for("South 12")
    after = [face.name for face in second.hand()]
    assert len(after) == 12 and card.name not in after, second.text()
    second.page.screenshot(path=str(ARTIFACTS / "table-played.png"))

    # Another tab meanwhile: the saved match belongs to the second tab, so this one
    # says so and plays a new match of its own; the store stays whole.
    third = open_game(browser, url)
    assert third.wait_for("open in another window")
    wait_until(lambda: len(server.games()) == 2, "the third tab's game")
    third.page.close()
    wait_until(lambda: len(server.games()) == 1, "the third tab's game to end")

    # The page shows the table's colours: card faces, red and black suits, cloth.
    image = Image.open(ARTIFACTS / "table-played.png")
    box = second.page.locator(".xterm-screen").bounding_box()
    assert box is not None
    rows = len(second.rows())
    cell = box["height"] / rows
    top = box["y"] + min(face.row for face in second.hand()) * cell
    band = (int(box["x"]), int(top), int(box["x"] + box["width"]), int(top + 6 * cell))
    assert pixels_near(image, band, FACE, 12) > 2000
    assert pixels_near(image, band, RED_INK, 60) > 20
    assert pixels_near(image, band, BLACK_INK, 60) > 20
    assert pixels_near(image, (0, 0, 200, 100), CLOTH, 12) > 15000

    # Ctrl+C stops the server cleanly and ends every game it started.
    assert server.interrupt() == 0, server.output
    assert "Stopped" in server.output
    assert not alive(second_game)
    assert not alive(first_game)
    # the page says the server stopped (not that the game ended), and waits for it
    second.page.locator("#stopped").wait_for(state="visible")
    assert not second.page.locator("#ended").is_visible()
