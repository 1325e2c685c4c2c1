"""The web table played in headless Chromium, as people play it: by taps on a phone,
by clicks and keys elsewhere, found by role and name as a screen reader finds them.

On a phone (390x844, touch): join by the printed link, deal, pass three cards
by taps, play a whole hand by taps (the other seats computer players), reload
in the middle and get the seat back, with axe-core run at each stage. On a
landscape phone, a tablet and a desktop: every card on screen and big enough
to tap, the page accessible. At the hand's end the result, and a watcher's list
of the deal, cover no one on any of those screens. A join the table refuses says
why. Screenshots go to ``tests/browser/artifacts/``.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts.net.wire import messages as msg

from ..schemas import check
from .web import (
    SCREENS,
    Served,
    assert_accessible,
    assert_result_clear,
    hand_boxes,
    table_server,
    tap,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = Path(__file__).with_name("artifacts")
APPLY_CHANGE = """async ([state, entries]) => {
    const entry = document.querySelector('script[type="module"][src$="/main.js"]').src;
    const { applyChange } = await import(entry.replace(/main\\.js$/, "state.js"));
    return applyChange(state, entries);
}"""
"""The page's own applyChange (js/state.js, the module the page imported), run in the page."""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    """``hearts host --serve``'s server: a table of one person and three Beginners,
    with short pauses."""
    served, server = table_server(tmp_path)
    served.server = server  # type: ignore[attr-defined]
    try:
        yield served
    finally:
        served.close()


def sit_down(context: Any, url: str, name: str) -> Any:
    """Open the table's link, give ``name``, and wait for the table."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    watch_frames(page)
    page.goto(url)
    page.get_by_label("Your name at the table").fill(name)
    tap(page, page.get_by_role("button", name="Sit down"))
    page.locator("#table").wait_for(state="visible")
    return page


def watch_frames(page: Any) -> None:
    """Keep every frame the page sends and receives (``page.sent``, ``page.received``)."""
    page.sent, page.received = [], []

    def opened(socket: Any) -> None:
        socket.on("framesent", lambda frame: page.sent.append(frame))
        socket.on("framereceived", lambda frame: page.received.append(frame))

    page.on("websocket", opened)


def check_frames(page: Any) -> None:
    """Every frame both ways is a message of its schema (docs/schema/)."""
    assert page.sent and page.received
    for frame in page.sent:
        check(json.loads(frame), "client.json")
    for frame in page.received:
        check(json.loads(frame), "server.json")


LAID_OUT = """() => { const cards = document.querySelectorAll('#hand button.card');
    return cards.length === 13
        && [...cards].every(c => c.getBoundingClientRect().width > 0); }"""
"""True once the page's hand has its 13 cards, each laid out."""


def status(page: Any) -> str:
    return str(page.locator("#status").inner_text())


def cards_left(page: Any) -> int:
    return int(page.locator("#hand button.card").count())


def play_by_taps(page: Any, until: Any, timeout: float = 120.0) -> None:
    """Pass and play by taps, as a person would, until ``until(page)``: three cards
    that may be passed, then Pass; on this seat's turn a card it may play, tapped
    once to raise it and again to play it. A tap the page moved on from meanwhile
    (the hand drawn again as a state came) is tried again at the next look, never
    waited on for long."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + timeout
    page.set_default_timeout(5000)
    try:
        while not until(page):
            assert time.monotonic() < deadline, f"stuck at: {status(page)!r}"
            with contextlib.suppress(PlaywrightError):  # the page moved on: look again
                tap_a_step(page)
            page.wait_for_timeout(150)
    finally:
        page.set_default_timeout(30000)


def tap_a_step(page: Any) -> bool:
    """One thing a person does by taps if it is theirs to do (a step of
    :func:`play_by_taps`): the pass, or a card raised and played (then True)."""
    if page.get_by_role("button", name="Pass", exact=True).count():
        free = page.locator("#hand button.card[aria-pressed=false]:not([aria-disabled])")
        for _ in range(3):
            tap(page, free.first)
        tap(page, page.get_by_role("button", name="Pass", exact=True))
    elif re.search(r"your (play|lead)$", status(page)):
        playable = page.get_by_role("button", name=re.compile(r", may be played$"))
        if playable.count():
            card = playable.first
            name = card.get_attribute("data-card")
            tap(page, card)
            raised = page.locator(f'#hand button[data-card="{name}"]')
            if raised.count() and "press again to play" in (
                    raised.get_attribute("aria-label") or ""):
                tap(page, raised)
                return True
    return False


def test_a_hand_on_a_phone_by_taps(chromium: Any, table: Served) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context = chromium.new_context(**SCREENS["phone"])
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        deal = page.get_by_role("button", name="Deal", exact=True)
        deal.wait_for()
        # a phone has no keys: its words name the buttons alone
        assert status(page) == "Welcome to Hearts - press Deal to begin"
        assert_accessible(page, "the table before the deal")
        tap(page, deal)
        page.locator("#hand button.card").nth(12).wait_for()
        assert cards_left(page) == 13
        # the client's modules leave nothing in the page's global scope
        blank = context.new_page()  # a page of the same origin with no script
        try:
            blank.goto(f"{table.url}/t/t1/hearts.css")
            browser_own = set(blank.evaluate("Object.keys(window)"))
        finally:
            blank.close()
        browser_own.add("axe")  # the test's own accessibility checker
        assert set(page.evaluate("Object.keys(window)")) <= browser_own
        # each card a button named as a screen reader says it, every one on screen
        names = page.locator("#hand button.card").evaluate_all(
            "cards => cards.map(c => c.getAttribute('aria-label'))")
        assert all(re.fullmatch(r"(\d+|jack|queen|king|ace) of (clubs|diamonds|hearts|"
                                r"spades)(, chosen to pass)?", n) for n in names), names
        for box in hand_boxes(page):
            assert box["width"] >= 44 and box["height"] >= 44, box
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        assert_accessible(page, "choosing the pass")
        page.screenshot(path=str(ARTIFACTS / "web-phone-pass.png"))

        # Into the hand by taps, then a reload: the same seat, the same cards.
        play_by_taps(page, lambda p: 0 < cards_left(p) <= 9)
        page.screenshot(path=str(ARTIFACTS / "web-phone-play.png"))
        assert_accessible(page, "playing")
        before = sorted(page.locator("#hand button.card").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"))
        page.reload()
        page.locator("#hand button.card").first.wait_for()
        assert page.locator("#join").is_hidden()  # no name asked: the cookie kept the seat
        again = sorted(page.locator("#hand button.card").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"))
        assert again == before or len(again) == len(before) - 1  # a card may have gone since
        assert "Ann (You)" in page.locator(".player[data-at=bottom]").inner_text()

        # To the end of the hand; the live region said the plays and the tricks.
        play_by_taps(page, lambda p: bool(p.get_by_role("button", name="Deal",
                                                        exact=True).count()))
        said = page.locator("#log").inner_text()
        assert re.search(r"(takes|take) the trick", said), said
        # the news shows its last lines whole: no half line cut at the top
        shown = page.evaluate("() => { const log = document.getElementById('log');"
                              " return log.clientHeight"
                              " / parseFloat(getComputedStyle(log).lineHeight); }")
        assert shown >= 4 and abs(shown - round(shown)) < 0.05, shown
        assert "Hand 1 complete" in page.locator("#result").inner_text()
        # the hand's points, not only its seed (W16)
        assert re.search(r"This hand: You \d+, West \d+, North \d+, East \d+",
                         page.locator("#result").inner_text())
        assert status(page).endswith("press Deal for the next one, or Review to see it")
        assert_result_clear(page, "player", ARTIFACTS)
        tap(page, page.get_by_role("button", name="Scores"))
        sheet = page.get_by_role("table")
        assert sheet.get_by_role("columnheader", name="Ann").count() == 1
        assert_accessible(page, "the score sheet")
        page.keyboard.press("Escape")
        # the help of a phone says what to tap, not which keys to press
        tap(page, page.get_by_role("button", name="Help"))
        help_box = page.get_by_role("dialog", name="Help")
        assert help_box.is_visible() and "tap it to raise it" in help_box.inner_text()
        assert help_box.locator("kbd").count() == 0
        assert_accessible(page, "the help on a phone")
        page.screenshot(path=str(ARTIFACTS / "web-phone-help.png"))
        page.keyboard.press("Escape")

        # The review: a verdict on each of Ann's decisions, step by step with the
        # table as it was, then the summary.
        tap(page, page.get_by_role("button", name="Review"))
        dialog = page.get_by_role("dialog", name=re.compile("Review of hand 1"))
        dialog.get_by_text(re.compile(r"^Step 1 of \d+: The cards as dealt")).wait_for(
            timeout=60_000)
        assert_accessible(page, "the review")
        verdicts = []
        for _ in range(60):
            said = page.locator("#review-verdict").inner_text()
            if said:
                verdicts.append(said)
                if len(verdicts) == 4:
                    page.screenshot(path=str(ARTIFACTS / "web-phone-review-step.png"))
            # W19: a trick with no card across leaves no empty card's height above
            first = page.locator("#review-table .trick li").first
            if first.count() and not page.locator("#review-table .trick .at-across").count():
                box = page.locator("#review-table .trick").bounding_box()
                top = min(b["y"] for b in page.locator("#review-table .trick li").evaluate_all(
                    "items => items.map(i => i.getBoundingClientRect())"))
                assert box and top - box["y"] < 0.2 * box["height"], (top, box)
            if page.get_by_role("button", name="Next").is_disabled():
                break
            tap(page, page.get_by_role("button", name="Next"))
        assert any(v.startswith("Ann passed ") for v in verdicts), verdicts
        assert sum(v.startswith("Ann played ") for v in verdicts) == 13, verdicts
        assert all(re.search(r": (best|too close to call|an? \w+|forced)", v) for v in verdicts)
        summary = page.locator("#review-summary")
        assert "Points given away against the best choices" in summary.inner_text()
        assert re.search(r"Ann -?\d+\.\d\d ± \d+\.\d\d in \d+ decisions?",
                         summary.inner_text())
        page.screenshot(path=str(ARTIFACTS / "web-phone-review.png"))
        page.keyboard.press("Escape")
        assert not page.errors, page.errors
        check_frames(page)
        # the page keeps its state by the changes the server sends after one whole
        # state, each applied as the codec applies it
        held: dict[str, Any] | None = None
        changes = 0
        for frame in page.received:
            data = json.loads(frame)
            if data["type"] == "state":
                held = data["state"]
            elif data["type"] == "change" and held is not None:
                entries = [(tuple(path), value) for path, value in data["set"]]
                new = msg.apply_change(held, entries)
                assert page.evaluate(APPLY_CHANGE, [held, data["set"]]) == new
                held, changes = new, changes + 1
        assert changes > 20
    finally:
        context.close()


@pytest.mark.parametrize("screen", ["phone-landscape", "tablet", "desktop", "small-phone"])
def test_every_card_fits_every_screen(chromium: Any, table: Served, screen: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    options = SCREENS[screen]
    width, height = options["viewport"]["width"], options["viewport"]["height"]
    context = chromium.new_context(**options)
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        # the key is named where a keyboard is expected, not on a touch screen
        hint = "" if options.get("has_touch") else " (d)"
        assert status(page) == f"Welcome to Hearts - press Deal{hint} to begin"
        page.keyboard.press("d")  # the terminal's key
        page.locator("#hand button.card").nth(12).wait_for()
        for box in hand_boxes(page):
            assert box["width"] >= 44 and box["height"] >= 44, (screen, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (screen, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (screen, box)
        for button in page.locator("#actions button").all():
            box = button.bounding_box()
            assert box and box["height"] >= 44 and box["y"] + box["height"] <= height, screen
        # the pass by keys: arrows along the hand, space to choose, p to pass
        page.locator("#hand button.card").first.focus()
        chosen = 0
        while chosen < 3:
            focused = page.locator("#hand button.card:focus")
            if focused.get_attribute("aria-disabled") != "true":
                page.keyboard.press("Space")
                chosen += 1
            page.keyboard.press("ArrowRight")
        page.keyboard.press("p")
        page.wait_for_function("() => !document.querySelector('#hand [aria-pressed]')")
        page.screenshot(path=str(ARTIFACTS / f"web-{screen}.png"))
        # turned: the same table re-laid, nothing lost
        context.pages[0].set_viewport_size({"width": height, "height": width})
        # laid out again once every card has its box again (a loaded machine can
        # take longer than a frame or two)
        page.wait_for_function(LAID_OUT, timeout=10000)
        assert cards_left(page) == 13
        for box in hand_boxes(page):
            assert box["width"] >= 24 and box["x"] + box["width"] <= height + 1, (screen, box)
        assert_accessible(page, screen)
    finally:
        context.close()


def test_a_join_the_table_refuses_says_why(chromium: Any, table: Served) -> None:
    first = chromium.new_context(**SCREENS["desktop"])
    second = chromium.new_context(**SCREENS["phone"])
    try:
        sit_down(first, f"{table.url}/t/t1/?code=code-1", "Ann")
        page = second.new_page()
        page.goto(f"{table.url}/t/t1/?code=code-1")
        page.get_by_label("Your name at the table").fill("Bob")
        tap(page, page.get_by_role("button", name="Sit down"))
        page.get_by_text("Every person's seat at this table is taken").wait_for()
        assert page.locator("#table").is_hidden()
        assert_accessible(page, "a refused join")
        page.close()
        # the token never shows in an address, nor in what the page's script can read
        cookies = first.cookies()
        seat = [c for c in cookies if c["name"] == "hearts_seat"]
        assert seat and seat[0]["httpOnly"] and seat[0]["sameSite"] == "Strict"
        assert seat[0]["path"] == "/t/t1/"
        assert first.pages[0].evaluate("document.cookie") == ""
        assert "token" not in first.pages[0].url
    finally:
        first.close()
        second.close()


def test_a_watcher_sees_the_table_as_the_public_does(chromium: Any, table: Served) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    players = chromium.new_context(**SCREENS["phone"])
    public = chromium.new_context(**SCREENS["desktop"])
    try:
        ann = sit_down(players, f"{table.url}/t/t1/?code=code-1", "Ann")
        watch_code = table.call(lambda: table_of(table).watchers.code)
        wes = public.new_page()
        watch_frames(wes)
        wes.goto(f"{table.url}/t/t1/watch?code={watch_code}")
        wes.get_by_label("Your name at the table").fill("Wes")
        tap(wes, wes.get_by_role("button", name="Watch"))
        wes.locator("#table").wait_for(state="visible")
        # the players are told, and see who watches
        ann.get_by_text("Watching: Wes").wait_for()
        # (the notice is a message of its own: it may come a moment after the state)
        ann.locator("#log").get_by_text("Wes is watching").wait_for()
        # the watcher has no hand and no action but looking
        assert wes.locator("#hand-area").is_hidden()
        assert wes.get_by_role("button", name="Deal", exact=True).count() == 0
        assert "hidden cards are never shown" in wes.locator("#watchers").inner_text()
        tap(ann, ann.get_by_role("button", name="Deal", exact=True))
        play_by_taps(ann, lambda p: 0 < cards_left(p) <= 11)
        wes.locator("#trick li").first.wait_for()
        wes.screenshot(path=str(ARTIFACTS / "web-watcher.png"))
        assert_accessible(wes, "the watcher's page")
        play_by_taps(ann, lambda p: bool(p.get_by_role("button", name="Deal",
                                                       exact=True).count()))
        # once the hand is over, every hand as dealt is public
        wes.locator("#result dl.deal dd").nth(3).wait_for()
        # a watcher is told nothing to press (W6)
        watched = str(wes.locator("#status").inner_text())
        assert "press" not in watched and "v to" not in watched, watched
        # (after "Ann shot the moon!" when the taps happen to take every point)
        assert "Hand complete - the next one begins when a player deals" in watched, watched
        assert wes.locator("#result dl.deal dd").count() == 4
        assert_result_clear(wes, "watcher", ARTIFACTS)
        # nothing a watcher received named a card before it was on the table
        state: dict[str, Any] = {}
        for frame in wes.received:
            message = json.loads(frame)
            if message["type"] == "state":
                state = message["state"]
            elif message["type"] == "change":
                state = apply_change(state, message["set"])
            else:
                continue
            if state["result"] is None:  # the hand is on: only what was played shows
                shown = set(re.findall(r'"((?:10|[2-9JQKA])[CDHS])"', frame))
                played = set(state["view"]["played"]) if state["view"] else set()
                assert shown <= played, shown - played
        check_frames(wes)
    finally:
        players.close()
        public.close()


def apply_change(state: dict[str, Any], entries: list[list[Any]]) -> dict[str, Any]:
    """A ``change``'s entries applied to a copy of ``state``, as a client does."""
    state = json.loads(json.dumps(state))
    for path, value in entries:
        at = state
        for key in path[:-1]:
            at = at[key]
        at[path[-1]] = value
    return state


def table_of(served: Served) -> Any:
    """The server's table."""
    return served.server.tables["t1"]  # type: ignore[attr-defined]


def test_a_screen_reader_and_the_keys(chromium: Any, table: Served) -> None:
    context = chromium.new_context(**SCREENS["desktop"])
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        assert status(page) == "Welcome to Hearts - press Deal (d) to begin"  # keys here
        page.keyboard.press("d")
        page.locator("#hand button.card").nth(12).wait_for()
        # the accessibility tree: the hand in groups by suit, each card a named button
        tree = page.locator("#hand-area").aria_snapshot()
        # (the table's deal depends on the tests that ran at it before: any suit
        # may be missing from this hand)
        groups = re.findall(r'group "(spades|hearts|clubs|diamonds): (\d+)"', tree)
        assert groups and sum(int(count) for _, count in groups) == 13, tree
        for suit, count in groups:
            named = re.findall(rf'- button "(\d+|jack|queen|king|ace) of {suit}"', tree)
            assert len(named) == int(count), tree
        assert page.get_by_role("log").count() == 1
        assert page.get_by_role("navigation", name="Actions").count() == 1
        # keys that describe the state
        page.keyboard.press("1")
        said = page.get_by_role("log").inner_text()
        assert re.search(r"Your hand: spades [^;]*; hearts [^;]*; clubs [^;]*; diamonds", said)
        page.keyboard.press("3")
        assert "Scores: Ann 0, West 0, North 0, East 0" in page.get_by_role("log").inner_text()
        page.keyboard.press("4")
        assert "Choose 3 cards to pass" in page.get_by_role("log").inner_text()
        # the queen of spades may not be passed: said, not chosen
        queen = page.locator('#hand button[data-card="QS"]')
        if queen.count():
            queen.click(force=True)
            assert "The queen of spades may not be passed" in page.get_by_role(
                "log").inner_text()
            assert queen.get_attribute("aria-pressed") == "false"
        play_by_taps(page, lambda p: bool(re.search(r"your (play|lead)$", status(p)))
                     and p.locator("#hand button.card[aria-disabled=true]").count() > 0)
        # a card the rules refuse: the table says why, in the live region
        refused = page.locator("#hand button.card[aria-disabled=true]").first
        refused.click(force=True)
        page.get_by_role("log").get_by_text(
            re.compile(r"You must follow|Hearts have not been broken|first trick")).wait_for()
        page.keyboard.press("2")
        page.keyboard.press("h")
        help_box = page.get_by_role("dialog", name="Help")
        assert help_box.is_visible() and "say your hand" in help_box.inner_text()
        assert_accessible(page, "the help")
        page.keyboard.press("Escape")
        # Leave, confirmed: the seat goes to a computer player, the page says so
        tap(page, page.get_by_role("button", name="Leave"))
        page.get_by_role("dialog", name="Leave the table?").get_by_role(
            "button", name="Leave").click()
        page.get_by_text("You left the table - a computer player plays your seat until "
                         "someone takes it").first.wait_for()
        assert not page.errors, page.errors
    finally:
        context.close()


def test_a_person_away_and_the_countdown(chromium: Any, tmp_path: Path) -> None:
    served, _server = table_server(tmp_path, people=2)
    ann_context = chromium.new_context(**SCREENS["phone"])
    bob_context = chromium.new_context(**SCREENS["phone"])
    try:
        ann = sit_down(ann_context, f"{served.url}/t/t1/?code=code-1", "Ann")
        sit_down(bob_context, f"{served.url}/t/t1/?code=code-1", "Bob")
        bob = ann.locator(".player[data-at=across]")
        bob.get_by_text("Bob").wait_for()
        assert "here" in bob.inner_text()
        bob_context.close()  # Bob's phone goes to sleep
        bob.get_by_text(re.compile(r"away - a computer player takes over in \d+ s")).wait_for()
        first = int(re.search(r"in (\d+) s", bob.inner_text()).group(1))  # type: ignore[union-attr]
        assert 50 <= first <= 60
        ann.wait_for_timeout(2200)
        later = int(re.search(r"in (\d+) s", bob.inner_text()).group(1))  # type: ignore[union-attr]
        assert first - 3 <= later <= first - 1  # it counts down by the server's clock
        assert_accessible(ann, "a person away")
    finally:
        ann_context.close()
        served.close()


CUTTABLE_SOCKET = """
(() => {
  // The test cuts the page's connection: while window.__cut, the frames from the
  // server are lost on the way.
  window.__cut = false;
  window.__sockets = [];
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) { super(...args); window.__sockets.push(this); }
    set onmessage(handler) { super.onmessage = (e) => { if (!window.__cut) handler(e); }; }
    get onmessage() { return super.onmessage; }
  };
})();
"""


def test_a_page_cut_off_for_many_cards_still_says_every_card(chromium: Any,
                                                              table: Served) -> None:
    """The page's connection is cut (the frames lost) while more changes go by
    than the server keeps for a resume; when it is back it gets the whole state
    and what happened in the hand so far, and its live region has said every
    card of the hand, each once."""
    from hearts.cards import Seat
    from hearts.net.tables.changes import KEEP
    from hearts.table import events as ev
    from hearts.tui.words import card_name

    context = chromium.new_context(**SCREENS["desktop"])
    context.add_init_script(CUTTABLE_SOCKET)
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.evaluate("""() => {  // every line the live region says, kept
          window.__said = [];
          new MutationObserver((cs) => { for (const c of cs) for (const n of c.addedNodes)
            window.__said.push(n.textContent); }).observe(document.getElementById("log"),
            { childList: true });
        }""")
        tap(page, page.get_by_role("button", name="Deal", exact=True))
        def six_played() -> bool:
            hand = table_of(table).table.hand  # None until the Deal reaches the table
            return hand is not None and len(hand.plays) >= 6

        play_by_taps(page, lambda p: table.call(six_played))
        page.evaluate("() => { window.__cut = true; }")
        before = table.call(lambda: table_of(table).seq)

        def south_moves() -> int:
            """South's pass or card, made for the person whose page hears nothing."""
            net = table_of(table)
            holder = net.holders[Seat.SOUTH]
            hand = net.table.hand
            stage = net.table.stage.value
            if stage == "received":
                net.act(holder, ev.Continue(Seat.SOUTH))
            elif hand.turn is Seat.SOUTH and stage in ("playing", "trick"):
                net.act(holder, ev.Play(Seat.SOUTH, hand.legal_plays()[0]))
            return len(hand.plays)

        deadline = time.monotonic() + 90
        while table.call(south_moves) < 44:
            assert time.monotonic() < deadline, "the hand stalled while the page was cut off"
            time.sleep(0.05)
        assert table.call(lambda: table_of(table).seq) - before > KEEP  # past what is kept
        plays = table.call(lambda: list(table_of(table).table.hand.plays))
        said_before = page.evaluate("() => window.__said.length")
        page.evaluate("() => { window.__cut = false; window.__sockets.at(-1).close(); }")
        page.wait_for_function(
            "n => window.__said.slice(n).includes('Connected to the table again')",
            arg=said_before)
        page.wait_for_timeout(500)
        said: list[str] = page.evaluate("() => window.__said")
        for card in plays:
            named = [line for line in said
                     if re.fullmatch(rf"(You play|\w+ plays) the {card_name(card)}", line)]
            assert len(named) == 1, (str(card), named, said)
        check_frames(page)
        assert not page.errors, page.errors
    finally:
        context.close()
