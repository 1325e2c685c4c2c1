"""Snapshots of what the store adds to the screen: a resumed table and the
statistics page (pytest-textual-snapshot, 80x24)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

from hearts.tui.app import HeartsApp

from ..store.test_stats import build
from .helpers import SIZE, deal_and_play, make_app

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


def play_then_quit(tmp_path: Path, cards: int) -> None:
    """Deal, pass and play ``cards`` of South's cards, then quit with ``x``."""
    async def run() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await deal_and_play(pilot, cards)
            await pilot.press("x")

    asyncio.run(run())


def test_resumed_mid_hand(snap_compare: Any, tmp_path: Path) -> None:
    play_then_quit(tmp_path, 3)
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE)


def test_statistics_page(snap_compare: Any, tmp_path: Path) -> None:
    build(Path(os.environ["HEARTS_DATA_DIR"]) / "hearts.db", in_progress=False)
    app: HeartsApp = make_app(tmp_path)
    assert snap_compare(app, terminal_size=SIZE, press=["t"])
