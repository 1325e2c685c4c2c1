"""What the browser tests share: one headless Chromium a module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .web import CHROMIUM_FLAGS, chromium_path


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
