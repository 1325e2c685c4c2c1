"""Today's deal in headless Chromium, on a phone (390x844, touch): from the front
page of ``hearts host --serve``, the day's cards (the ones ``hearts daily``
deals), one hand against three Experts, the par beside the points at its end,
the review one press away, and the result put on the day's board. The pages are
accessible; screenshots go to ``tests/browser/artifacts/``."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from hearts.cards import Seat
from hearts.daily import DailyDeal, daily_rules
from hearts.net.tables.table import TableConfig
from hearts.rules import Rules

from .test_front import step
from .test_web_table import ARTIFACTS, status
from .web import SCREENS, Served, assert_accessible, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]


HOST_DELAY_SCALE = 0.1
"""The computers' pauses at the host (the conftest's ``host``): a whole hand is played."""


@pytest.mark.timeout(900)  # (the guard below, 600 s, says where it stopped)
def test_todays_deal_on_a_phone_ends_with_the_par_and_the_board(chromium: Any,
                                                               host: Served) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    deal = DailyDeal(datetime.now(UTC).date(), daily_rules(Rules()))
    phone = chromium.new_context(**SCREENS["phone"])
    try:
        page = phone.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(host.url + "/")
        panel = page.get_by_role("region", name="Today's deal")
        assert deal.day.isoformat() in panel.inner_text()
        assert_accessible(page, "the front page with today's deal")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(ARTIFACTS / "daily-front-phone.png"), full_page=True)
        tap(page, page.get_by_role("button", name="Play today's deal"))

        # the day's cards, as hearts daily deals them
        page.locator("#hand button.card").nth(12).wait_for()
        held = page.locator("#hand button.card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        assert set(held) == {str(card) for card in deal.deal().dealt(Seat.SOUTH)}
        page.get_by_role("heading", name=re.compile("Today's deal, " + deal.day.isoformat())
                         ).wait_for()
        assert_accessible(page, "today's deal in play")

        # a guard against a hand that never ends, not a time the hand must keep:
        # 43 s alone, and a fresh CI run beside the other worker's tests once
        # reached trick 13 at 240 s
        deadline = time.monotonic() + 600
        line = page.locator("#daily-line")
        while not line.count():
            assert time.monotonic() < deadline, status(page)
            if not step(page):
                page.wait_for_timeout(150)
        par = deal.par()
        page.wait_for_function("() => /par/.test(document.querySelector('#daily-line')"
                               ".textContent)", timeout=60_000)
        assert re.fullmatch(rf"You took \d+, par {par} - .*", line.inner_text())
        # the table's log says it too, and the status line offers no next deal
        page.locator("#log").get_by_text(line.inner_text()).wait_for()
        assert "press Deal" not in status(page)
        assert page.get_by_role("button", name="Deal", exact=True).count() == 0
        page.get_by_role("button", name="Put it on the board").wait_for()
        assert_accessible(page, "the deal's end")
        # kept with the browser's own record: the day, the par, the streak
        tap(page, page.get_by_role("button", name="Your record"))
        days = page.locator("#record-days")
        days.wait_for()
        assert "Today's deals played in this browser: 1 (" in days.inner_text()
        assert days.inner_text().endswith("up to the latest: 1.")
        page.keyboard.press("Escape")
        figures = page.evaluate("""async () => {
            const m = await import(document.querySelector('script[src$="record.js"]').src);
            const day = (d, points, par) => ({day: d, rules: 'original', points, par,
                                              assisted: false});
            return m.dayFigures({a: day('2026-12-01', 3, 5), b: day('2026-12-03', 5, 5),
                                 c: day('2026-12-04', 9, 5), d: day('2026-12-05', 0, 2)});
        }""")
        assert figures == {"played": 4, "under": 2, "level": 1, "streak": 3}
        page.screenshot(path=str(ARTIFACTS / "daily-end-phone.png"), full_page=True)

        # the result to share: copied for a message (no share sheet here)
        phone.grant_permissions(["clipboard-read", "clipboard-write"], origin=host.url)
        tap(page, page.get_by_role("button", name="Share your result"))
        shared = page.locator("#daily-shared")
        page.wait_for_function("() => document.querySelector('#daily-shared').textContent")
        assert line.inner_text() in shared.inner_text() or "Copied" in shared.inner_text()

        # the review, one press away
        tap(page, page.get_by_role("button", name="Review your decisions"))
        review = page.locator("#review")
        review.wait_for()
        page.wait_for_function("() => !document.querySelector('#review-headline')"
                               ".textContent.includes('...')", timeout=60_000)
        page.screenshot(path=str(ARTIFACTS / "daily-review-phone.png"))
        tap(page, review.get_by_role("button", name="Close"))

        # the result on the board, under a name
        page.get_by_label("Your name on the board").fill("Ann")
        tap(page, page.get_by_role("button", name="Put it on the board"))
        page.get_by_text("Your result is on the board.").wait_for(timeout=60_000)
        tap(page, page.get_by_role("link", name="See the board"))
        page.get_by_role("heading", name=re.compile("Today's deal")).wait_for()
        row = page.get_by_role("row", name=re.compile(r"1\. Ann"))
        assert f"(par {par})" in row.inner_text()
        assert_accessible(page, "the day's board")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(ARTIFACTS / "daily-board-phone.png"), full_page=True)
        assert errors == []
    finally:
        phone.close()


def test_a_challenge_from_the_page_of_hearts_serve(chromium: Any, tmp_path: Path) -> None:
    """``hearts --serve``: the page offers today's deal and a challenge's code; the
    code opens the challenge's page, whose deal 1 is played at a table of its own."""
    from hearts.challenge import Challenge
    from hearts.web.solo import make_server

    executor = ThreadPoolExecutor(2)
    server, _solo = make_server(tmp_path, TableConfig(rules=Rules(), delay_scale=0.1),
                                executor)
    served = Served(server.app())
    challenge = Challenge(31337, daily_rules(Rules()), 3)
    phone = chromium.new_context(**SCREENS["phone"])
    try:
        page = phone.new_page()
        page.goto(served.url + "/")
        page.get_by_role("button", name="Play today's deal").wait_for()
        assert_accessible(page, "the page of hearts --serve with today's deal")
        page.screenshot(path=str(ARTIFACTS / "daily-solo-phone.png"), full_page=True)
        tap(page, page.get_by_role("button", name="Make a challenge"))  # of 5 deals
        link = page.get_by_label(re.compile("Send this link to your friends"))
        assert re.fullmatch(re.escape(served.url) + r"/c/[a-z2-7-]{24}", link.input_value())
        assert page.get_by_role("button", name=re.compile("Play deal")).count() == 5
        assert_accessible(page, "a challenge just made")
        page.goto(served.url + "/")
        page.get_by_label("A friend's challenge code").fill(challenge.code.upper())
        tap(page, page.get_by_role("button", name="Open the challenge"))
        page.get_by_role("heading", name=f"Challenge {challenge.code}").wait_for()
        assert page.get_by_role("button", name=re.compile("Play deal")).count() == 3
        assert_accessible(page, "a challenge's page")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(ARTIFACTS / "daily-challenge-phone.png"), full_page=True)
        tap(page, page.get_by_role("button", name="Play deal 1"))
        page.locator("#hand button.card").nth(12).wait_for()
        held = page.locator("#hand button.card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        dealt = challenge.deal(1).deal().dealt(Seat.SOUTH)
        assert set(held) == {str(card) for card in dealt}
        page.get_by_role("heading", name="Challenge: deal 1 of 3").wait_for()
        page.goto(served.url + "/c/not-a-code")
        assert "No challenge has that code" in page.content()
    finally:
        phone.close()
        served.close()
        executor.shutdown(wait=False, cancel_futures=True)
