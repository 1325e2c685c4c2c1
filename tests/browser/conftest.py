"""What the browser tests share: one headless Chromium a module, and the front
page's host."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .web import CHROMIUM_FLAGS, Served, chromium_path, front_server


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium for the module (each test opens contexts of its own);
    skipped, saying how to install it, where the distribution's Chromium is missing."""
    executable = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True,
                                             args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def host(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Served]:
    """``hearts host --serve`` with no table of its own: tables come from the front
    page (:func:`~tests.browser.web.front_server`), the computers' pauses scaled
    by the test module's ``HOST_DELAY_SCALE`` (0.2 unless it says)."""
    served = front_server(tmp_path, getattr(request.module, "HOST_DELAY_SCALE", 0.2))
    try:
        yield served
    finally:
        served.close()
