"""Quick reactions at the web table, in headless Chromium: a phone (390x844,
touch) and a desktop (1280x800) at one table, watchers on a landscape phone and
on a tablet (768x1024); and on every screen, the bubbles by each seat clear of
the trick's cards.

A reaction sent from the React control (or the e key) shows in a bubble by the
sender's seat on every page and is said in each live region; a watcher sees
it and cannot send one; a person who mutes reactions sees and hears none, and
the browser remembers the mute across a reload; under reduced motion the
bubble does not move. axe-core finds nothing serious with the set open.
Screenshots go to ``tests/browser/artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .test_web_table import (
    check_frames,
    play_by_taps,
    sit_down,
    status,
    table_of,
    watch_frames,
)
from .web import SCREENS, Served, assert_accessible, table_server, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = Path(__file__).with_name("artifacts")


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    """A table of two people and two Beginners."""
    served, server = table_server(tmp_path, people=2)
    served.server = server  # type: ignore[attr-defined]
    try:
        yield served
    finally:
        served.close()


def bubble(page: Any, seat: str) -> Any:
    return page.locator(f'.reaction-bubble[data-seat="{seat}"]')


def log_lines(page: Any) -> list[str]:
    return [str(line) for line in page.locator("#log p").all_inner_texts()]


def test_a_reaction_is_seen_by_the_seat_heard_and_muted(chromium: Any, table: Served) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    phone = chromium.new_context(**SCREENS["phone"])
    desktop = chromium.new_context(**SCREENS["desktop"], reduced_motion="reduce")
    public = chromium.new_context(**SCREENS["phone-landscape"])
    tablet = chromium.new_context(**SCREENS["tablet"])
    try:
        url = f"{table.url}/t/t1/?code=code-1"
        ann = sit_down(phone, url, "Ann")
        bob = sit_down(desktop, url, "Bob")
        ann.get_by_text("Bob", exact=True).first.wait_for()
        watch_code = table.call(lambda: table_of(table).watchers.code)
        wes = public.new_page()
        watch_frames(wes)
        wes.goto(f"{table.url}/t/t1/watch?code={watch_code}")
        wes.get_by_label("Your name at the table").fill("Wes")
        tap(wes, wes.get_by_role("button", name="Watch"))
        wes.locator("#table").wait_for(state="visible")
        tia = tablet.new_page()
        tia.goto(f"{table.url}/t/t1/watch?code={watch_code}")
        tia.get_by_label("Your name at the table").fill("Tia")
        tap(tia, tia.get_by_role("button", name="Watch"))
        tia.locator("#table").wait_for(state="visible")

        # Ann, on the phone, opens the set and taps one
        react = ann.get_by_role("button", name="React")
        assert react.get_attribute("aria-expanded") == "false"
        tap(ann, react)
        assert react.get_attribute("aria-expanded") == "true"
        choices = ann.get_by_role("group", name="Send a reaction to everyone at the table")
        assert choices.get_by_role("button").count() == 8
        assert_accessible(ann, "the reactions open on a phone")
        ann.screenshot(path=str(ARTIFACTS / "web-reactions-open-phone.png"))
        for box in choices.get_by_role("button").evaluate_all(
                "bs => bs.map(b => b.getBoundingClientRect().height)"):
            assert box >= 44  # a finger's size
        tap(ann, choices.get_by_role("button", name="Nice play!"))
        assert react.get_attribute("aria-expanded") == "false"  # sent: the set closes

        # Bob sees it by Ann's seat (South, at the bottom of Ann's page, across on his)
        # and his screen reader hears it; so does Ann's, and the watcher's
        bob_bubble = bubble(bob, "south")
        bob_bubble.wait_for()
        assert bob_bubble.inner_text() == "Nice play!"
        assert "at-across" in (bob_bubble.get_attribute("class") or "")
        bob.locator("#log").get_by_text("Ann: Nice play!").wait_for()
        assert bob.locator("#log").get_attribute("aria-live") == "polite"
        ann.locator("#log").get_by_text("You: Nice play!").wait_for()
        assert "at-bottom" in (bubble(ann, "south").get_attribute("class") or "")
        bubble(wes, "south").wait_for()
        wes.locator("#log").get_by_text("Ann: Nice play!").wait_for()
        tia_bubble = bubble(tia, "south")
        tia_bubble.wait_for()
        assert tia_bubble.inner_text() == "Nice play!"
        assert "at-bottom" in (tia_bubble.get_attribute("class") or "")
        tia.locator("#log").get_by_text("Ann: Nice play!").wait_for()
        tap(tia, tia.get_by_role("button", name="Quick reactions"))
        assert tia.get_by_role("button", name="Nice play!").count() == 0
        assert_accessible(tia, "a watcher's reactions on a tablet")
        tia.screenshot(path=str(ARTIFACTS / "web-reaction-shown-tablet.png"))
        tia.keyboard.press("Escape")
        # reduced motion on Bob's screen: the bubble appears without moving
        assert bob_bubble.evaluate("b => getComputedStyle(b).animationName") == "none"
        assert bubble(ann, "south").evaluate("b => getComputedStyle(b).animationName") \
            == "reaction-pop"
        ann.screenshot(path=str(ARTIFACTS / "web-reaction-shown-phone.png"))
        bob.screenshot(path=str(ARTIFACTS / "web-reaction-shown-desktop.png"))
        wes.screenshot(path=str(ARTIFACTS / "web-reaction-shown-watcher.png"))
        # the bubble goes after a few seconds; the words stay in the log
        bob_bubble.wait_for(state="detached", timeout=8000)

        # the watcher has no reaction to send, only the mute
        tap(wes, wes.get_by_role("button", name="Quick reactions"))
        assert wes.get_by_role("button", name="Nice play!").count() == 0
        assert wes.get_by_label("Mute reactions").is_visible()
        assert_accessible(wes, "a watcher's reactions")
        wes.keyboard.press("Escape")

        # Bob, at the desktop, by the keyboard: e opens the set on its first reaction
        bob.locator("#status").focus()
        bob.keyboard.press("e")
        assert bob.evaluate("document.activeElement.dataset.reaction") == "hello"
        assert_accessible(bob, "the reactions open on a desktop")
        bob.keyboard.press("Tab")
        bob.keyboard.press("Enter")  # the second of the set
        ann_bubble = bubble(ann, "north")  # Bob sits North
        ann_bubble.wait_for()
        assert ann_bubble.inner_text() == "Nice play!"
        ann.locator("#log").get_by_text("Bob: Nice play!").wait_for()

        # Bob mutes them; the browser remembers it across a reload
        bob.keyboard.press("e")
        bob.get_by_label("Mute reactions").check()
        bob.reload()
        bob.locator("#table").wait_for(state="visible")
        tap(bob, bob.get_by_role("button", name="React"))
        assert bob.get_by_label("Mute reactions").is_checked()
        bob.keyboard.press("Escape")
        before = log_lines(bob)
        tap(ann, react)
        tap(ann, ann.get_by_role("button", name="Thanks!"))
        ann.locator("#log").get_by_text("You: Thanks!").wait_for()
        wes.locator("#log").get_by_text("Ann: Thanks!").wait_for()
        bob.wait_for_timeout(500)
        # the message came, and was left unseen and unsaid
        assert any('"reaction":"thanks"' in frame for frame in bob.received)
        assert bubble(bob, "south").count() == 0
        assert not [line for line in log_lines(bob)[len(before) - 1:] if "Thanks" in line]
        check_frames(ann)
        check_frames(bob)
        assert not ann.errors and not bob.errors
    finally:
        phone.close()
        desktop.close()
        public.close()
        tablet.close()


@pytest.fixture
def alone(tmp_path: Path) -> Iterator[Served]:
    """A table of one person and three Beginners."""
    served, server = table_server(tmp_path, people=1)
    served.server = server  # type: ignore[attr-defined]
    try:
        yield served
    finally:
        served.close()


# Every seat reacts at once (as main.js hands the page a reaction message), and
# the bubbles and the trick's cards (and who played each) are measured in the
# same turn of the page's loop, so the trick cannot move on in between; null
# unless a card lies across the table in a trick this person is still to play
# to. With ``again``, the bubbles shown are measured where they are now.
REACT_BY_THE_TRICK = """(again) => {
    if (!document.querySelector("#trick .played.at-across")
        || document.querySelector("#trick .played.at-bottom")) return null;
    for (const seat of again ? [] : ["south", "west", "north", "east"]) {
        document.dispatchEvent(new CustomEvent("hearts:message",
            {detail: {type: "reaction", seat, reaction: "gg"}}));
    }
    const box = (node) => { const r = node.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
    const bubbles = {};
    for (const node of document.querySelectorAll(".reaction-bubble")) {
        bubbles[node.dataset.seat] = box(node);
    }
    const cards = [...document.querySelectorAll("#trick .played, #trick .played .by")].map(
        (node) => ({what: node.className, ...box(node)}));
    return {bubbles, cards, width: innerWidth};
}"""


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(a["left"] < b["right"] and b["left"] < a["right"]
                and a["top"] < b["bottom"] and b["top"] < a["bottom"])


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_bubble_never_covers_the_trick(chromium: Any, alone: Served, screen: str) -> None:
    """A reaction's bubble by any seat, the across seat's above all (its chip is
    right over its card), leaves every card of the trick and its player's name
    in sight, and stays on the screen; so it does when the screen is turned
    while the bubbles are shown."""
    ARTIFACTS.mkdir(exist_ok=True)
    context = chromium.new_context(**SCREENS[screen], reduced_motion="reduce")
    try:
        page = sit_down(context, f"{alone.url}/t/t1/?code=code-1", "Ann")
        deal = page.get_by_role("button", name="Deal", exact=True)
        deal.wait_for()
        tap(page, deal)
        found: list[Any] = []

        def measured(p: Any) -> bool:
            # on this person's turn, so the trick stays as it is until they play
            if not re.search(r"your play$", status(p)):
                return False
            found.append(p.evaluate(REACT_BY_THE_TRICK, False))
            return found[-1] is not None

        play_by_taps(page, measured)
        page.screenshot(path=str(ARTIFACTS / f"web-reactions-by-the-trick-{screen}.png"))
        size = SCREENS[screen]["viewport"]
        page.set_viewport_size({"width": size["height"], "height": size["width"]})
        page.wait_for_timeout(200)
        turned = page.evaluate(REACT_BY_THE_TRICK, True)
        assert turned is not None, status(page)  # the same trick, waiting for this person
        page.screenshot(path=str(ARTIFACTS / f"web-reactions-by-the-trick-{screen}-turned.png"))
        for shown in (found[-1], turned):
            assert sorted(shown["bubbles"]) == ["east", "north", "south", "west"]
            assert any("at-across" in card["what"] for card in shown["cards"])
            for seat, bubble_box in shown["bubbles"].items():
                for card in shown["cards"]:
                    assert not _overlap(bubble_box, card), (screen, seat, bubble_box, card)
                on_screen = bubble_box["left"] >= 0 and bubble_box["right"] <= shown["width"]
                assert on_screen, (seat, bubble_box)
        assert not page.errors
    finally:
        context.close()
