"""Make the README's two pictures again: the table in a terminal and in a browser.

Run from the top of the clone, with the test tools installed (`make test` does that)
and the distribution's Chromium (Debian: `apt-get install chromium fonts-dejavu-core`):

    .venv/bin/python docs/images/make_images.py

The terminal picture is drawn by Textual's pilot (the app with a fixed seed, the
real computer players and throwaway folders) after a deal, a pass and a few
tricks, saved as SVG and turned into a PNG by headless Chromium. The browser
picture is `hearts --serve` played the same way in headless Chromium through
Playwright. Both write only into docs/images/ and a temporary folder.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the tests' helpers drive the app as the tests do

from tests.browser.server import ServerProcess  # noqa: E402
from tests.browser.terminal import CATCH_TERMINAL, Terminal  # noqa: E402
from tests.tui.helpers import deal_and_pass, play_user_card_by_keys, settle  # noqa: E402

from hearts import Seat  # noqa: E402
from hearts.ai import Level, make_player  # noqa: E402
from hearts.options import Options, Speed, options_path, save_options  # noqa: E402
from hearts.tui.app import HeartsApp  # noqa: E402

IMAGES = Path(__file__).resolve().parent
SEED = 11
"""The deal shown in both pictures."""
TRICKS = 3
"""Tricks South plays before the picture is taken."""
TERMINAL = (100, 30)
"""Columns and rows of the terminal picture."""
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--hide-scrollbars"]


def chromium() -> str:
    """The path of headless Chromium, or exit saying how to install it."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        sys.exit("make_images: needs chromium (Debian: apt-get install chromium)")
    return path


async def terminal_svg(folder: Path) -> Path:
    """The table after a deal, a pass and TRICKS of South's cards, as SVG."""
    app = HeartsApp(seed=SEED, config_dir=folder / "config", delay_scale=0.0,
                    level=Level.EXPERT, player_factory=make_player,
                    data_dir=folder / "data")
    async with app.run_test(size=TERMINAL) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        for _ in range(TRICKS):
            await play_user_card_by_keys(pilot)
            await settle(pilot)
        # Then on to a trick the others have begun, so the picture shows cards in play.
        while app.chair.hand is not None and not app.chair.hand.view(Seat.SOUTH).trick:
            await play_user_card_by_keys(pilot)
            await settle(pilot)
        return Path(app.save_screenshot("table.svg", str(folder)))


def svg_to_png(svg: Path, png: Path, width: int, height: int) -> None:
    """Render ``svg`` in headless Chromium at ``width`` x ``height`` pixels."""
    page = svg.with_suffix(".html")
    page.write_text("<html><body style='margin:0;background:#000'>"
                    f"<img src='{svg.name}' style='width:{width}px'></body></html>")
    subprocess.run([chromium(), "--headless", *CHROMIUM_FLAGS, f"--screenshot={png}",
                    f"--window-size={width},{height}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)


def browser_png(folder: Path, png: Path) -> None:
    """`hearts --serve` in headless Chromium: deal, pass and play TRICKS cards."""
    from playwright.sync_api import sync_playwright

    config = folder / "web-config"
    save_options(Options(speed=Speed.FAST), options_path(config))
    env = {**os.environ, "HEARTS_CONFIG_DIR": str(config),
           "HEARTS_DATA_DIR": str(folder / "web-data")}
    server = ServerProcess(["--port", "0", "--seed", str(SEED), "--level", "expert"], env)
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(folder / "profile"), executable_path=chromium(), headless=True,
                args=CHROMIUM_FLAGS, viewport={"width": 1100, "height": 720})
            page = context.new_page()
            page.add_init_script(CATCH_TERMINAL)
            page.goto(server.url())
            if page.locator("#start").is_visible():
                page.locator("#start").click()
            screen = Terminal(page)
            screen.wait_for("Game to")
            page.focus(".xterm-helper-textarea")
            page.keyboard.press("d")
            screen.wait_for("Choose 3 cards to pass")
            for number, face in enumerate([f for f in screen.hand() if f.name != "Q♠"][:3], 1):
                screen.click_face(face)
                screen.wait_for(f"Pass {number}")
            screen.click_text("Pass 3")
            screen.wait_for("You receive these 3 cards")
            for played in range(TRICKS):
                screen.wait_for("your ", timeout=60)
                page.keyboard.press("Enter")  # the highlighted card, or the first legal one
                screen.wait_for(f"South {12 - played}", timeout=60)
            page.screenshot(path=str(png))
            context.close()
        server.interrupt()
    finally:
        server.kill()


def main() -> None:
    """Write docs/images/terminal.png and docs/images/browser.png."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        svg = asyncio.run(terminal_svg(folder))
        svg_to_png(svg, IMAGES / "terminal.png", 1000, 640)
        browser_png(folder, IMAGES / "browser.png")
    for name in ("terminal.png", "browser.png"):
        print(f"{IMAGES / name}: {(IMAGES / name).stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
