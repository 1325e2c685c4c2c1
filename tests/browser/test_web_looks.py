"""The web table's rules in sight, its turn cue and its looks, in headless Chromium
on a phone (390x844, touch), a landscape phone, a tablet and a desktop.

The Help tells the rules and scoring of the rule set in force in the words the
terminal shares, and the table names its rule set, the hand and whether hearts
are broken; the tab's title says when the table waits for this person, with a
sound and a vibration once they are turned on (off until then); the four-colour
deck, the theme and the card size are kept by the browser across a reload; the
manifest and icons that put the table on a home screen are served as what they
are. axe-core finds nothing serious in any of it. Screenshots go to
``tests/browser/artifacts/``.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts.rules import Rules, RuleSet
from hearts.words.rules import rules_lines

from .test_web_table import cards_left, play_by_taps, sit_down, status
from .web import (
    SCREENS,
    Served,
    assert_accessible,
    hand_boxes,
    table_server,
    tap,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = Path(__file__).with_name("artifacts")

FOUR_SCREENS = ["phone", "phone-landscape", "tablet", "desktop"]

# Counts the tones the page starts and keeps what it asks the phone to vibrate,
# so a test can tell a sound and a vibration happened (or did not).
LISTEN = """
window.__tones = 0; window.__buzzes = [];
const Kind = window.AudioContext || window.webkitAudioContext;
if (Kind) {
  const make = Kind.prototype.createOscillator;
  Kind.prototype.createOscillator = function () { window.__tones += 1; return make.call(this); };
}
navigator.vibrate = (pattern) => { window.__buzzes.push(pattern); return true; };
"""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    """A table of one person and three Beginners, the Original rules to 100."""
    served, _server = table_server(tmp_path)
    try:
        yield served
    finally:
        served.close()


def open_settings(page: Any) -> Any:
    tap(page, page.get_by_role("button", name="Settings"))
    dialog = page.get_by_role("dialog", name="Settings")
    dialog.wait_for()
    return dialog


@pytest.mark.parametrize("screen", FOUR_SCREENS)
def test_the_rules_in_sight_and_the_turn_cue(chromium: Any, table: Served, screen: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context = chromium.new_context(**SCREENS[screen])
    context.add_init_script(LISTEN)
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        # the table names its rule set before the first deal
        assert "Original rules - game to 100" in page.locator("#table-info").inner_text()
        assert page.title() == "Hearts"

        # the Help tells this table's rules, sentence for sentence as the terminal does
        tap(page, page.get_by_role("button", name="Help"))
        help_box = page.get_by_role("dialog", name="Help")
        help_box.wait_for()
        told = help_box.get_by_role("list").first.inner_text()
        for line in rules_lines(Rules(target=100)):
            assert line in told, line
        assert "the queen of spades 10, the ace of hearts 5" in told
        assert "every other player scores 33" in told
        assert "Original rules (this game's own), game to 100" in help_box.inner_text()
        assert_accessible(page, f"the help with the rules ({screen})")
        page.screenshot(path=str(ARTIFACTS / f"web-help-rules-{screen}.png"))
        page.keyboard.press("Escape")

        # deal: the title says the table waits for this person's pass; no sound yet
        tap(page, page.get_by_role("button", name="Deal", exact=True))
        page.wait_for_function("() => document.title === 'Your pass - Hearts'")
        info = page.locator("#table-info").inner_text()
        assert "Hand 1" in info and "Hearts not broken" in info, info
        assert page.evaluate("window.__tones") == 0
        assert page.evaluate("window.__buzzes") == []

        # the sound and the vibration, turned on (each tried once as it is)
        dialog = open_settings(page)
        assert not dialog.get_by_label("A sound when it is your turn").is_checked()
        tap(page, dialog.get_by_label("A sound when it is your turn"))
        tap(page, dialog.get_by_label("Vibrate when it is your turn"))
        assert_accessible(page, f"the settings ({screen})")
        page.screenshot(path=str(ARTIFACTS / f"web-settings-{screen}.png"))
        page.keyboard.press("Escape")
        page.evaluate("() => { window.__tones = 0; window.__buzzes = []; }")

        # the pass made, the title goes back until this person's card is awaited
        free = page.locator("#hand button.card[aria-pressed=false]:not([aria-disabled])")
        for _ in range(3):
            tap(page, free.first)
        tap(page, page.get_by_role("button", name="Pass", exact=True))
        page.wait_for_function("() => document.title !== 'Your pass - Hearts'")
        deadline = time.monotonic() + 60
        while not re.search(r"your (play|lead)$", status(page)):
            assert time.monotonic() < deadline, status(page)
            page.wait_for_timeout(100)
        page.wait_for_function("() => document.title === 'Your turn - Hearts'")
        assert page.evaluate("window.__tones") >= 1
        assert page.evaluate("window.__buzzes")
        page.screenshot(path=str(ARTIFACTS / f"web-turn-{screen}.png"))
        # once the card is played, it is someone else's turn: the title says so no more
        play_by_taps(page, lambda p: cards_left(p) <= 12 and p.title() == "Hearts", timeout=60)
        # the settings were kept by the browser
        kept = json.loads(page.evaluate("localStorage.getItem('hearts.settings')"))
        assert kept["sound"] is True and kept["vibrate"] is True
    finally:
        context.close()


@pytest.mark.parametrize("screen", FOUR_SCREENS)
def test_the_looks_are_kept_across_a_reload(chromium: Any, table: Served, screen: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    options = SCREENS[screen]
    width = options["viewport"]["width"]
    context = chromium.new_context(**options)
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        tap(page, page.get_by_role("button", name="Deal", exact=True))
        page.locator("#hand button.card").nth(12).wait_for()
        normal = hand_boxes(page)[0]["width"]
        dialog = open_settings(page)
        tap(page, dialog.get_by_label("Four-colour deck (clubs green, diamonds blue)"))
        dialog.get_by_label("Theme").select_option("contrast")
        dialog.get_by_label("Card size").select_option("large")
        page.keyboard.press("Escape")
        page.reload()
        page.locator("#hand button.card").nth(12).wait_for()
        root = page.evaluate("() => ({...document.documentElement.dataset})")
        assert root == {"theme": "contrast", "deck": "four", "size": "large"}, root
        colours = page.evaluate("""() => Object.fromEntries(['C', 'D', 'H', 'S'].map(s => {
            const face = document.querySelector('#hand .face.suit-' + s);
            return [s, face ? getComputedStyle(face).color : null]; }))""")
        shown = {c for c in colours.values() if c}
        assert len(shown) == sum(1 for c in colours.values() if c), colours  # four colours
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"
        boxes = hand_boxes(page)
        assert boxes[0]["width"] >= normal, (normal, boxes[0])
        for box in boxes:
            assert box["width"] >= 40 and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        assert_accessible(page, f"the high-contrast theme ({screen})")
        page.screenshot(path=str(ARTIFACTS / f"web-contrast-{screen}.png"))
        # the dark theme and small cards, and back to the green felt
        dialog = open_settings(page)
        assert dialog.get_by_label("Theme").input_value() == "contrast"
        dialog.get_by_label("Theme").select_option("dark")
        dialog.get_by_label("Card size").select_option("small")
        page.keyboard.press("Escape")
        assert hand_boxes(page)[0]["width"] <= normal
        assert min(b["width"] for b in hand_boxes(page)) >= 40
        assert_accessible(page, f"the dark theme ({screen})")
        page.screenshot(path=str(ARTIFACTS / f"web-dark-{screen}.png"))
        assert cards_left(page) == 13
    finally:
        context.close()


def test_a_classic_table_tells_its_own_rules(chromium: Any, tmp_path: Path) -> None:
    served, _server = table_server(tmp_path, rules=RuleSet.CLASSIC.rules(50))
    context = chromium.new_context(**SCREENS["desktop"])
    try:
        page = sit_down(context, f"{served.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        assert "Classic rules - game to 50" in page.locator("#table-info").inner_text()
        page.keyboard.press("h")
        told = page.get_by_role("dialog", name="Help").inner_text()
        for line in rules_lines(RuleSet.CLASSIC.rules(50)):
            assert line in told, line
        assert "House scoring" not in told
        page.keyboard.press("Escape")
        page.keyboard.press("o")
        assert page.get_by_role("dialog", name="Settings").is_visible()
    finally:
        context.close()
        served.close()


def test_the_home_screen_files(chromium: Any, table: Served) -> None:
    context = chromium.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        page.goto(f"{table.url}/t/t1/?code=code-1")
        href = page.locator('link[rel="manifest"]').get_attribute("href")
        assert href and href.startswith("manifest.webmanifest")
        manifest = page.request.get(f"{table.url}/t/t1/{href}")
        assert manifest.ok
        assert manifest.headers["content-type"].startswith("application/manifest+json")
        data = manifest.json()
        assert data["name"] == "Hearts" and data["display"] == "standalone"
        sizes = set()
        for icon in data["icons"]:
            answer = page.request.get(f"{table.url}/t/t1/{icon['src']}")
            assert answer.ok and answer.headers["content-type"].startswith(icon["type"]), icon
            assert "default-src 'self'" in answer.headers["content-security-policy"]
            if icon["type"] == "image/png":
                body = answer.body()
                assert body[:8] == b"\x89PNG\r\n\x1a\n"
                size = int.from_bytes(body[16:20], "big")
                assert icon["sizes"] == f"{size}x{size}"
                sizes.add(size)
        assert {192, 512} <= sizes
        # the page's own policy lets it use them: nothing refused in the console
        refused: list[str] = []
        page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text
                else None)
        page.reload()
        page.wait_for_timeout(300)
        assert not refused, refused
        assert page.request.get(f"{table.url}/t/t1/icon-9.png").status == 404
    finally:
        context.close()


def test_the_theme_follows_the_device_until_one_is_chosen(chromium: Any, table: Served) -> None:
    colours = {"dark": "#16191d", "contrast": "#000000", "felt": "#0a6b22"}
    for options, theme in (({"color_scheme": "dark"}, "dark"),
                           ({"color_scheme": "light", "contrast": "more"}, "contrast"),
                           ({"color_scheme": "light"}, "felt")):
        context = chromium.new_context(**SCREENS["phone"], **options)
        try:
            page = context.new_page()
            page.goto(f"{table.url}/t/t1/?code=code-1")
            page.get_by_label("Your name at the table").wait_for()
            assert page.evaluate("document.documentElement.dataset.theme") == theme, options
            colour = page.locator('meta[name="theme-color"]').get_attribute("content")
            assert colour == colours[theme]
            assert_accessible(page, f"the join page of a device asking for {options}")
        finally:
            context.close()
    # a theme chosen is kept over the device's
    context = chromium.new_context(**SCREENS["phone"], color_scheme="dark")
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        dialog = open_settings(page)
        assert dialog.get_by_label("Theme").input_value() == "device"
        dialog.get_by_label("Theme").select_option("felt")
        page.keyboard.press("Escape")
        page.reload()
        page.locator("#table").wait_for(state="visible")
        assert page.evaluate("document.documentElement.dataset.theme") == "felt"
    finally:
        context.close()
