"""A duplicate evening in the web table (headless Chromium): after each hand the
result shows the evening's standings (worded by the page from the catalogue, as
the terminal words them), and the first deal played again holds the cards
moved across the table."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .test_web_table import cards_left, play_by_taps, sit_down
from .web import SCREENS, Served, table_server, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[Served]:
    """One person and three Beginners playing a duplicate evening of one deal
    (played twice)."""
    served, server = table_server(tmp_path, delay_scale=0.0, duplicate=1)
    served.server = server  # type: ignore[attr-defined]
    try:
        yield served
    finally:
        served.close()


def test_the_result_shows_the_standings_after_each_hand(chromium: Any, evening: Served) -> None:
    context = chromium.new_context(**SCREENS["desktop"])
    try:
        page = sit_down(context, f"{evening.url}/t/t1/?code=code-1", "Ann")
        deal = page.get_by_role("button", name="Deal", exact=True)
        deal.wait_for()
        tap(page, deal)
        page.locator("#hand button.card").nth(12).wait_for()
        assert cards_left(page) == 13
        play_by_taps(page, lambda p: bool(p.get_by_role("button", name="Deal",
                                                        exact=True).count()))
        result = page.locator("#result")
        assert "Duplicate, deal 1 of 1, round 1 of 2: compared once a deal is played " \
               "again" in result.inner_text()
        tap(page, page.get_by_role("button", name="Deal", exact=True))
        page.locator("#hand button.card").nth(12).wait_for()
        play_by_taps(page, lambda p: "Duplicate evening over: " in p.locator(
            "#result").inner_text())
        assert "(lower is better)" in result.inner_text()
        # the page words the notice's standings as the terminal does (its English text)
        sent = [json.loads(frame)["notice"] for frame in page.received
                if '"kind":"standings"' in frame]
        assert len(sent) == 2 and all("standings" in notice for notice in sent)
        assert sent[-1]["text"] in result.inner_text()
        assert not page.errors
    finally:
        context.close()
