"""The web table's motion and sounds, in headless Chromium on a phone (390x844,
touch) and a desktop (1280x800).

A played card slides to the trick and a trick taken goes to its taker, short and
over a table already drawn (a tap lands on the hand during a motion); with the
device asking for reduced motion nothing moves. The table's sounds (hearts
broken, the queen of spades) are off until turned on in the settings, and no
sound is made before a tap: no AudioContext exists until then. On a phone each
card of the trick names who played it. When a hand is over the tab's title says
the table waits for a Deal. axe-core finds nothing serious in the settings with
the new control. Screenshots go to ``tests/browser/artifacts/``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .test_web_table import cards_left, sit_down, status
from .web import SCREENS, Served, assert_accessible, table_server, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = Path(__file__).with_name("artifacts")

# Keeps every animation the page starts (its id and length) and counts the
# AudioContexts and tones it makes, so a test can tell what moved and sounded.
LISTEN = """
window.__animated = []; window.__contexts = 0; window.__tones = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__animated.push({ id: options && options.id, duration: options && options.duration });
  return animate.call(this, frames, options);
};
const Kind = window.AudioContext;
if (Kind) {
  window.AudioContext = class extends Kind {
    constructor(...args) { super(...args); window.__contexts += 1; }
  };
  const make = Kind.prototype.createOscillator;
  Kind.prototype.createOscillator = function () { window.__tones += 1; return make.call(this); };
}
"""

STEP = """() => {
    const hand = document.getElementById('hand');
    const pass = document.querySelector('#actions button[data-action="pass"]');
    if (pass) {
        for (let i = 0; i < 3; i++) {
            const free = hand.querySelector(
                'button.card[aria-pressed="false"]:not([aria-disabled])');
            if (free) free.click();
        }
        document.querySelector('#actions button[data-action="pass"]').click();
        return 'pass';
    }
    const legal = [...hand.querySelectorAll('button.card')].find(
        (b) => /, may be played$/.test(b.getAttribute('aria-label') || ''));
    if (!legal) return '';
    const card = legal.dataset.card;
    legal.click();  // raised
    hand.querySelector('button[data-card="' + card + '"]').click();  // played
    return 'play';
}"""
"""One step of this seat's part, done in the page at once (no state can come
between reading the hand and tapping it): three cards and Pass, or a card it may
play tapped twice. The taps of a person are tested in test_web_table.py."""

MODULE = """async ([name, call, args]) => {
    const entry = document.querySelector('script[type="module"][src$="/main.js"]').src;
    const module = await import(entry.replace(/main\\.js$/, name));
    return module[call](...args);
}"""
"""A function of one of the page's own modules, run in the page."""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    """A table of one person and three Beginners, the Original rules to 100."""
    served, _server = table_server(tmp_path)
    try:
        yield served
    finally:
        served.close()


NAMES = """() => [...document.querySelectorAll('#trick .played .by')].map((by) => {
    const r = by.getBoundingClientRect();
    const style = getComputedStyle(by);
    return { text: by.textContent, width: r.width, height: r.height,
             shown: style.display !== 'none' && style.visibility === 'visible' };
})"""
"""Who played each card of the trick, as shown."""


def play(page: Any, until: Any, timeout: float = 120.0) -> None:
    """Pass and play until ``until(page)``."""
    deadline = time.monotonic() + timeout
    while not until(page):
        assert time.monotonic() < deadline, f"stuck at: {status(page)!r}"
        page.evaluate(STEP)
        page.wait_for_timeout(40)


def deal_and_pass(page: Any) -> None:
    tap(page, page.get_by_role("button", name="Deal", exact=True))
    page.locator('#actions button[data-action="pass"]').wait_for()
    play(page, lambda p: p.locator('#actions button[data-action="pass"]').count() == 0)


def animations(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("window.__animated"))


@pytest.mark.parametrize("screen", ["phone", "phone-landscape", "tablet", "desktop"])
def test_cards_move_and_sounds_wait_for_the_person(chromium: Any, table: Served,
                                                   screen: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context = chromium.new_context(**SCREENS[screen])
    context.add_init_script(LISTEN)
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        deal_and_pass(page)

        # a card played slides in, a trick taken goes: short, and the hand takes
        # a tap while they move (nothing of them covers it)
        play(page, lambda p: cards_left(p) <= 11, timeout=90)
        page.wait_for_function("() => window.__animated.some((a) => a.id === 'take')")
        moved = animations(page)
        kinds = {a["id"] for a in moved}
        assert {"play", "take"} <= kinds, moved
        assert all(200 <= a["duration"] <= 350 for a in moved), moved
        seen: list[int] = []

        def moving(p: Any) -> bool:
            covered = p.evaluate("""() => {
                if (!document.getAnimations().some((a) => a.playState === 'running')) return null;
                return [...document.querySelectorAll('#hand button.card')].filter((b) => {
                    const r = b.getBoundingClientRect();
                    const hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 8);
                    return !b.contains(hit);
                }).length;
            }""")
            if covered is not None:
                seen.append(covered)
            return bool(seen)

        play(page, moving, timeout=60)
        assert seen == [0]  # no card of the hand covered while a card moved

        # on a phone, as on a desktop, each card of the trick names who played it
        names: list[dict[str, Any]] = []

        def two_names(p: Any) -> bool:
            names[:] = p.evaluate(NAMES)
            return len(names) >= 2

        play(page, two_names, timeout=60)
        page.screenshot(path=str(ARTIFACTS / f"web-motion-trick-{screen}.png"))
        assert len(names) >= 2
        for name in names:
            assert name["shown"] and name["height"] >= 8 and name["width"] >= 14, name
        assert {n["text"] for n in names} <= {"You", "West", "North", "East"}, names

        # no sound of any kind yet: not even a context, though the person tapped
        assert page.evaluate("window.__contexts") == 0
        assert page.evaluate("window.__tones") == 0
        tap(page, page.get_by_role("button", name="Settings"))
        dialog = page.get_by_role("dialog", name="Settings")
        dialog.wait_for()
        box = dialog.get_by_label("A sound when hearts are broken and when the queen of spades "
                                  "is played")
        assert not box.is_checked()
        tap(page, box)
        assert box.is_checked()
        assert page.evaluate("window.__contexts") == 1
        assert page.evaluate("window.__tones") >= 1  # what it sounds like, played at once
        assert_accessible(page, f"the settings with the table's sounds ({screen})")
        page.screenshot(path=str(ARTIFACTS / f"web-settings-sounds-{screen}.png"))
        page.keyboard.press("Escape")
        kept = json.loads(page.evaluate("localStorage.getItem('hearts.settings')"))
        assert kept["sounds"] is True and kept["sound"] is False

        # kept across a reload, and still no sound until the person taps
        page.reload()
        page.locator("#table").wait_for(state="visible")
        page.wait_for_timeout(300)
        assert page.evaluate("window.__contexts") == 0
        tap(page, page.get_by_role("button", name="Help"))
        assert page.evaluate("window.__contexts") == 1
        page.keyboard.press("Escape")

        # the hand played out: the tab's title says the table waits for a Deal
        play(page, lambda p: cards_left(p) == 0 and p.get_by_role(
            "button", name="Deal", exact=True).count() > 0, timeout=240)
        page.wait_for_function("() => document.title === 'Press Deal - Hearts'")
        page.screenshot(path=str(ARTIFACTS / f"web-deal-cue-{screen}.png"))
        tap(page, page.get_by_role("button", name="Deal", exact=True))
        page.wait_for_function("() => document.title !== 'Press Deal - Hearts'")
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("screen", ["phone", "phone-landscape", "tablet", "desktop"])
def test_nothing_moves_under_reduced_motion(chromium: Any, table: Served, screen: str) -> None:
    context = chromium.new_context(**SCREENS[screen], reduced_motion="reduce")
    context.add_init_script(LISTEN)
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        deal_and_pass(page)
        play(page, lambda p: cards_left(p) <= 10, timeout=90)
        # two tricks were taken (and every card of them played): still nothing moved
        assert page.evaluate("document.body.dataset.motions") is None
        assert animations(page) == []
        assert page.locator(".trick.leaving").count() == 0
        assert page.errors == []
    finally:
        context.close()


def test_what_moved_and_what_sounds(chromium: Any, table: Served) -> None:
    """The page's own functions, on states and events as the server sends them:
    what moved with a change, and the sounds it calls for."""
    context = chromium.new_context(**SCREENS["desktop"])
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")

        def state(trick: list[list[str]], tricks: list[dict[str, Any]] | None = None
                  ) -> dict[str, Any]:
            return {"hand_number": 1, "trick": trick, "winner": None,
                    "view": {"tricks": tricks or []}}

        def moved(before: Any, after: Any, events: list[dict[str, Any]]) -> Any:
            return page.evaluate(MODULE, ["motion.js", "whatMoved", [before, after, events]])

        def sounds(whole: bool, events: list[dict[str, Any]]) -> Any:
            return page.evaluate(MODULE, ["sounds.js", "soundsFor", [whole, events]])

        def played(n: int, seat: str, card: str) -> dict[str, Any]:
            return {"n": n, "kind": "played", "seat": seat, "card": card}

        one = state([["west", "2C"]])
        two = state([["west", "2C"], ["north", "QS"]])
        queen = [played(2, "north", "QS")]
        assert moved(one, two, queen) == {"played": [["north", "QS"]], "taken": None}
        assert sounds(False, queen) == ["queen"]
        assert sounds(True, queen) == []  # a whole state's events: the hand so far
        assert moved(None, two, queen) == {"played": [], "taken": None}  # a first sight
        full = [["west", "2C"], ["north", "QS"], ["east", "3C"], ["south", "4C"]]
        taken = {"leader": "west", "cards": ["2C", "QS", "3C", "4C"], "winner": "south"}
        after = state([], tricks=[taken])
        # the fourth card played and the trick taken in one change
        events = [played(4, "south", "4C"),
                  {"n": 5, "kind": "trick-taken", "seat": "south", "points": 13, "trick": 1}]
        assert moved(state(full[:3]), after, events) == {
            "played": [["south", "4C"]], "taken": {"winner": "south", "cards": full}}
        assert sounds(False, events) == []
        # the trick taken while on show: it goes when its cards leave the table
        shown = state(full)
        shown["winner"] = "south"
        taking = [played(4, "south", "4C"),
                  {"n": 5, "kind": "trick-taken", "seat": "south", "points": 13, "trick": 1}]
        assert moved(state(full[:3]), shown, taking) == {"played": [["south", "4C"]],
                                                          "taken": None}
        assert moved(shown, after, []) == {"played": [], "taken": {"winner": "south",
                                                                   "cards": full}}
        broken = [played(6, "south", "5H"), {"n": 7, "kind": "hearts-broken"}]
        assert moved(after, state([["south", "5H"]], tricks=[taken]), broken)["played"] == [
            ["south", "5H"]]
        assert sounds(False, broken) == ["hearts"]
    finally:
        context.close()
