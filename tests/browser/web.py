"""Helpers of the web table's browser tests: a server on its own event loop, the
screen sizes, taps that work with and without touch, and axe-core in the page."""

from __future__ import annotations

import asyncio
import json
import shutil
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

import pytest
from aiohttp import web

_T = TypeVar("_T")

AXE = Path(__file__).with_name("node_modules") / "axe-core" / "axe.min.js"
"""axe-core, installed from npm by ``make`` (tests/browser/package.json)."""

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

SCREENS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "phone-landscape": {"viewport": {"width": 844, "height": 390}, "is_mobile": True,
                        "has_touch": True},
    "tablet": {"viewport": {"width": 768, "height": 1024}},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "small-phone": {"viewport": {"width": 360, "height": 640}, "is_mobile": True,
                    "has_touch": True},
}
"""The screens the tests play on, as Playwright's context options."""


def chromium_path() -> str:
    """The distribution's Chromium (the test is skipped without it, saying how)."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.skip("headless Chromium is not installed: on Debian run 'apt-get install "
                    "chromium' (.ci/run installs it in CI)")
    return path


def table_server(folder: Path, people: int = 1, delay_scale: float = 0.2,
                 review_depth: int = 60, rules: Any = None, duplicate: int = 0
                 ) -> tuple[Served, Any]:
    """A real table server with the web table's pages (``hearts host --serve``) on
    its own loop: one table, code ``code-1``, Beginners in the other seats, a
    short match and short pauses (``rules``: the Original rules unless given;
    ``duplicate``: a duplicate evening of that many deals)."""
    from concurrent.futures import ThreadPoolExecutor

    from hearts.ai import Level
    from hearts.net.server import TableServer
    from hearts.net.tables.table import TableConfig
    from hearts.rules import Rules
    from hearts.web.host import serve_pages

    config = TableConfig(people=people, level=Level.BEGINNER, rules=rules or Rules(target=100),
                         delay_scale=delay_scale, duplicate=duplicate)
    executor = ThreadPoolExecutor(2)
    server = TableServer(folder, config, 1, executor, codes=["code-1"])
    server.local_only = True
    server.review_depth = review_depth
    serve_pages(server)
    served = Served(server.app())
    served.on_close = lambda: executor.shutdown(wait=False, cancel_futures=True)
    return served, server


def front_server(folder: Path, delay_scale: float = 0.2) -> Served:
    """``hearts host --serve`` on its own loop with no table of its own (tables
    come from the front page): Beginners, a match to 100, pauses scaled by
    ``delay_scale``; the server is ``served.server``."""
    from concurrent.futures import ThreadPoolExecutor

    from hearts.ai import Level
    from hearts.net.server import TableServer
    from hearts.net.tables.table import TableConfig
    from hearts.rules import Rules
    from hearts.web.host import serve_pages

    executor = ThreadPoolExecutor(2)
    config = TableConfig(level=Level.BEGINNER, rules=Rules(target=100), delay_scale=delay_scale)
    server = TableServer(folder, config, 0, executor)
    server.local_only = True
    serve_pages(server)
    served = Served(server.app())
    served.server = server  # type: ignore[attr-defined]
    served.on_close = lambda: executor.shutdown(wait=False, cancel_futures=True)
    return served


class Served:
    """An aiohttp app on 127.0.0.1 (a free port), run by an event loop of its own
    in a thread, so a synchronous Playwright test drives the browser meanwhile."""

    def __init__(self, app: web.Application) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.runner = web.AppRunner(app, handle_signals=False, access_log=None)
        self.port = self.run(self._start())
        self.on_close: Callable[[], object] | None = None

    async def _start(self) -> int:
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        return int(self.runner.addresses[0][1])

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    def run(self, work: Coroutine[Any, Any, _T], timeout: float = 30.0) -> _T:
        """Run ``work`` on the server's loop and wait for it."""
        done: Future[_T] = asyncio.run_coroutine_threadsafe(work, self.loop)
        return done.result(timeout)

    def call(self, function: Callable[[], _T]) -> _T:
        """Call ``function`` on the server's loop (to look at a table safely)."""
        async def call() -> _T:
            return function()
        return self.run(call())

    def close(self) -> None:
        """Stop the server and its loop."""
        self.run(self.runner.cleanup())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        if self.on_close is not None:
            self.on_close()


def tap(page: Any, locator: Any, timeout: float | None = None) -> None:
    """A tap on a touch screen, a click elsewhere (waiting at most ``timeout`` ms
    for the element, Playwright's own default without it)."""
    if page.context._impl_obj._options.get("hasTouch"):
        locator.tap(timeout=timeout)
    else:
        locator.click(timeout=timeout)


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """The serious and critical accessibility violations axe-core finds in the page
    as it is (dialogs open included)."""
    if not AXE.exists():
        raise AssertionError(f"axe-core is missing ({AXE}): run make (it runs npm ci in "
                             "tests/browser)")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated, not a <script>: the page's own policy allows no inline script
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 5)}));
    }""")
    return [v for v in found if v["impact"] in ("serious", "critical")]


def assert_accessible(page: Any, where: str) -> None:
    """No serious or critical axe-core violation in the page now."""
    violations = axe_violations(page)
    assert not violations, f"{where}: " + json.dumps(violations, indent=1)


def hand_boxes(page: Any) -> list[dict[str, float]]:
    """The bounding boxes of the cards of the person's hand."""
    return [box for box in page.locator("#hand button.card").evaluate_all(
        "cards => cards.map(c => { const r = c.getBoundingClientRect();"
        " return {x: r.x, y: r.y, width: r.width, height: r.height}; })")]


COVERS = """() => {
    const result = document.getElementById("result").getBoundingClientRect();
    const covered = [];
    for (const other of document.querySelectorAll(".player, #actions button, #hand .card")) {
        const box = other.getBoundingClientRect();
        if (box.width && box.height && result.left < box.right && box.left < result.right
                && result.top < box.bottom && box.top < result.bottom) {
            covered.push(other.dataset.at || other.dataset.card || other.textContent);
        }
    }
    return {covered, left: result.left, right: result.right, height: result.height,
            width: innerWidth};
}"""


def assert_result_clear(page: Any, where: str, artifacts: Path) -> None:
    """On every screen of :data:`SCREENS` in turn, the hand's result (and a
    watcher's list of the deal) covers no player, button or card and fits the
    screen's width; a screenshot of each goes to ``artifacts``."""
    before = page.viewport_size
    try:
        for screen, options in SCREENS.items():
            page.set_viewport_size(options["viewport"])
            page.wait_for_timeout(100)
            found = page.evaluate(COVERS)
            assert found["height"] > 0, (where, screen, "no result shown")
            assert not found["covered"], (where, screen, found)
            assert found["left"] >= 0 and found["right"] <= found["width"], (where, screen, found)
            page.screenshot(path=str(artifacts / f"web-result-{where}-{screen}.png"))
    finally:
        page.set_viewport_size(before)
