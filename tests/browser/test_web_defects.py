"""The web table's defects a newcomer met (issue 64, W2 to W22), each played in
headless Chromium the way it was found: a seat freed by the host or moved to
another device, the Leave confirmation, the people named in the news, a hint
that chooses, the received cards said, the join page's words, the disabled Pass
and the seats on a wide screen."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts.cards import Seat

from .test_web_table import play_by_taps, sit_down, status, table_of
from .web import (
    SCREENS,
    Served,
    assert_accessible,
    table_server,
    tap,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = Path(__file__).with_name("artifacts")
GOLD = "rgb(255, 216, 74)"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    """A table of one person and three Beginners."""
    served, server = table_server(tmp_path)
    served.server = server  # type: ignore[attr-defined]
    try:
        yield served
    finally:
        served.close()


def log(page: Any) -> str:
    return str(page.get_by_role("log").inner_text())


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_seat_the_host_frees_is_told_so_and_not_taken_back(chromium: Any, table: Served,
                                                             screen: str) -> None:
    context = chromium.new_context(**SCREENS[screen])
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        assert "You sat down" in log(page)  # W14: not "South sat down"
        table.call(lambda: table_of(table).free_seat(Seat.SOUTH))
        # W2: the real reason, and no stale table with live buttons
        page.get_by_text("The host freed your seat - the seat is no longer played from "
                         "here").first.wait_for()
        assert "newer connection" not in page.locator("body").inner_text()
        assert page.locator("#table").is_hidden()
        assert page.get_by_role("button", name="Deal", exact=True).count() == 0 or \
            not page.get_by_role("button", name="Deal", exact=True).is_visible()
        assert_accessible(page, "a freed seat")
        # W3: a reload asks who sits down; the seat is not taken back by itself
        page.reload()
        page.get_by_label("Your name at the table").wait_for()
        assert page.locator("#join").is_visible()
        assert table.call(lambda: table_of(table).holders[Seat.SOUTH].name) == ""
    finally:
        context.close()


def test_a_seat_moved_to_another_device(chromium: Any, table: Served) -> None:
    first = chromium.new_context(**SCREENS["desktop"])
    second = chromium.new_context(**SCREENS["phone"])
    try:
        old = sit_down(first, f"{table.url}/t/t1/?code=code-1", "Ann")
        old.get_by_role("button", name="Deal", exact=True).wait_for()
        token = table.call(lambda: table_of(table).new_token(Seat.SOUTH))
        new = second.new_page()
        new.goto(f"{table.url}/t/t1/?code=code-1&token={token}")
        new.get_by_role("button", name="Deal", exact=True).wait_for()
        assert "Ann (You)" in new.locator(".player[data-at=bottom]").inner_text()
        old.get_by_text("Your seat was taken over by another device - the seat is no "
                        "longer played from here").first.wait_for()
        assert old.locator("#table").is_hidden()
        # the old browser forgot the seat: a reload there takes nothing from the new one
        old.reload()
        old.get_by_label("Your name at the table").wait_for()
        new.wait_for_timeout(300)
        assert "Ann (You)" in new.locator(".player[data-at=bottom]").inner_text()
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_leave_confirmation(chromium: Any, table: Served, screen: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context = chromium.new_context(**SCREENS[screen])
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        # W22: the join page said what table this is (seen again on a reload below)
        tap(page, page.get_by_role("button", name="Leave"))
        dialog = page.get_by_role("dialog", name="Leave the table?")
        dialog.wait_for()
        # W5: a question, not "You left the table" before you have; Stay, not Close
        assert "You left" not in dialog.inner_text()
        assert "A computer player will play your seat until someone takes it." in \
            dialog.inner_text()
        assert dialog.get_by_role("button", name="Stay").count() == 1
        assert dialog.get_by_role("button", name="Close").count() == 0
        assert_accessible(page, f"the leave question ({screen})")
        page.screenshot(path=str(ARTIFACTS / f"web-leave-{screen}.png"))
        tap(page, dialog.get_by_role("button", name="Stay"))
        assert page.locator("#table").is_visible()
        tap(page, page.get_by_role("button", name="Leave"))
        tap(page, dialog.get_by_role("button", name="Leave"))
        page.get_by_text("You have left the table.").first.wait_for()
        assert page.locator("#table").is_hidden()
        page.wait_for_timeout(500)
        # not seated again behind the person's back by a reconnection
        assert table.call(lambda: table_of(table).holders[Seat.SOUTH].outbox) is None
        page.reload()
        page.get_by_label("Your name at the table").wait_for()
        about = page.locator("#join-about").inner_text()
        assert about == "A game of Hearts: Original rules (this game's own), game to 100."
        assert_accessible(page, f"the join page ({screen})")
    finally:
        context.close()


def test_back_after_a_reload_is_you(chromium: Any, table: Served) -> None:
    context = chromium.new_context(**SCREENS["phone"])
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        page.reload()
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        page.get_by_role("log").get_by_text("You are back").wait_for()
        assert "South" not in log(page)
    finally:
        context.close()


def test_the_hint_chooses_and_raises_and_the_received_cards_are_named(
        chromium: Any, table: Served) -> None:
    context = chromium.new_context(**SCREENS["desktop"])
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        page.keyboard.press("d")
        page.locator("#hand button.card").nth(12).wait_for()
        # W17: Pass before three cards are chosen is not dressed as the focus
        pass_button = page.get_by_role("button", name="Pass", exact=True)
        assert pass_button.get_attribute("aria-disabled") == "true"
        assert pass_button.evaluate("b => getComputedStyle(b).borderTopColor") != GOLD
        # W8: the hint chooses the three cards, as the terminal's does
        page.keyboard.press("?")
        page.locator("#hand button.card[aria-pressed=true]").nth(2).wait_for()
        hinted = page.get_by_role("log").get_by_text(re.compile(r"^Hint: pass ")).inner_text()
        chosen = page.locator("#hand button.card[aria-pressed=true]").evaluate_all(
            "cards => cards.map(c => c.getAttribute('aria-label'))")
        for label in chosen:
            assert label.removesuffix(", chosen to pass") in hinted, (label, hinted)
        assert pass_button.get_attribute("aria-disabled") is None
        page.keyboard.press("p")
        # W7: the cards received are named in the live region
        page.get_by_role("log").get_by_text(
            re.compile(r"^You received the .+ and the .+ from (West|North|East)$")).wait_for(
                timeout=30_000)
        play_by_taps(page, lambda p: bool(re.search(r"your (play|lead)$", status(p))))
        page.keyboard.press("?")
        page.locator("#hand button.card.up").first.wait_for()
        raised = page.locator("#hand button.card.up")
        assert raised.count() == 1
        assert "raised: press again to play" in (raised.get_attribute("aria-label") or "")
    finally:
        context.close()


def test_the_side_seats_sit_near_the_trick_on_a_wide_screen(chromium: Any,
                                                            table: Served) -> None:
    context = chromium.new_context(**SCREENS["desktop"])
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        left = page.locator(".player[data-at=left]").bounding_box()
        right = page.locator(".player[data-at=right]").bounding_box()
        assert left and right
        assert left["x"] > 100 and right["x"] + right["width"] < 1180, (left, right)
        assert right["x"] - (left["x"] + left["width"]) < 900
    finally:
        context.close()


def test_back_in_the_middle_of_a_hand_the_seat_is_told_its_pass(chromium: Any,
                                                                table: Served) -> None:
    """W21: someone who sits down (or comes back) after the pass is told what the
    seat passed and received; the score sheet says what its gold row is."""
    context = chromium.new_context(**SCREENS["phone"])
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        tap(page, page.get_by_role("button", name="Deal", exact=True))
        page.locator("#hand button.card").nth(12).wait_for()
        play_by_taps(page, lambda p: 0 < p.locator("#hand button.card").count() <= 11)
        page.reload()
        told = page.get_by_role("log").get_by_text(re.compile(
            r"^This hand your seat passed the .+ left and received the .+$"))
        told.wait_for()
        assert told.inner_text().count("the ") == 6, told.inner_text()
        tap(page, page.get_by_role("button", name="Scores"))
        caption = page.get_by_role("table").locator("caption").inner_text()
        assert caption == "Game to 100 - in gold, the hand in play: its points so far"
        assert_accessible(page, "the score sheet mid-hand")
    finally:
        context.close()


def test_the_trick_names_who_played_each_card_on_a_wide_screen(chromium: Any,
                                                               table: Served) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context = chromium.new_context(**SCREENS["desktop"])
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.keyboard.press("d")
        page.locator("#hand button.card").nth(12).wait_for()
        play_by_taps(page, lambda p: p.locator("#trick li").count() >= 3)
        shown = page.locator("#trick .by").evaluate_all(
            "names => names.filter(n => n.offsetWidth > 0).map(n => n.textContent)")
        assert len(shown) >= 3 and set(shown) <= {"You", "West", "North", "East"}, shown
        page.screenshot(path=str(ARTIFACTS / "web-trick-names-desktop.png"))
        assert_accessible(page, "the trick with names")
    finally:
        context.close()


def _scripted_state() -> dict[str, Any]:
    """A real seat state of Ann's, South, in the pass of a first hand."""
    from hearts.cards import Seat as S
    from hearts.options import Options
    from hearts.table import Computer, Person, Table, seat_state
    from hearts.table import events as ev

    played = Table(Options(), 5, [Person("Ann"), Computer(), Computer(), Computer()])
    played.handle(ev.Deal(S.SOUTH))
    data: dict[str, Any] = seat_state(played, S.SOUTH).to_json()
    return data


def test_what_the_news_says_of_a_scripted_table(chromium: Any, table: Served) -> None:
    """W13, W14, W15 against a table scripted message by message: the page's socket
    answered by the test (the same messages the server sends, docs/network.md)."""
    state = _scripted_state()
    state["seats"][0]["name"] = "Ann"
    state["scores"] = [1, 0, 26, 6]
    context = chromium.new_context(**SCREENS["desktop"])
    page = context.new_page()
    script: list[Any] = []

    def answer(socket: Any) -> None:
        script.append(socket)

        def heard(message: str | bytes) -> None:
            if '"join"' in str(message):
                socket.send(json.dumps({"type": "welcome", "version": 3, "role": "seat",
                                        "seat": "south", "token": None, "table": "t1",
                                        "epoch": "e1"}))
                socket.send(json.dumps({"type": "state", "version": 3, "seq": 1,
                                        "now": time.time(), "state": state}))
                # seats' moves come as events with a change, never as notices
                socket.send(json.dumps({"type": "change", "version": 3, "seq": 2, "base": 1,
                                        "now": time.time(), "set": [], "events": [
                    {"n": 7, "kind": "came-back", "seat": "south", "name": "Ann"},
                    {"n": 8, "kind": "sat-down", "seat": "north", "name": "Cy"}]}))
        socket.on_message(heard)

    try:
        page.route_web_socket(re.compile(r".*/ws$"), answer)
        page.goto(f"{table.url}/t/t1/?code=code-1&name=Ann")
        page.locator("#hand button.card").nth(12).wait_for()
        # W14: "You are back", never "South is back"; another seat by the name the
        # move gives (the state still names North so)
        page.get_by_role("log").get_by_text("You are back").wait_for()
        page.get_by_role("log").get_by_text("Cy sat down").wait_for()
        assert "South" not in log(page)
        # W13: one point is a point
        assert page.locator(".player[data-at=bottom] .score").inner_text() == "1 point"
        assert page.locator(".player[data-at=across] .score").inner_text() == "26 points"
        # W15: the rest of the hand played out: said once, however it comes
        socket = script[0]
        socket.send(json.dumps({"type": "notice", "version": 3,
                                "notice": {"kind": "played-out"}}))
        socket.send(json.dumps({"type": "change", "version": 3, "seq": 3, "base": 2,
                                "now": time.time(),
                                "set": [[["prompt"], {"kind": "played-out"}]]}))
        page.wait_for_function("() => document.getElementById('status').textContent"
                               ".startsWith('No points are left')")
        page.wait_for_timeout(200)
        said = [line for line in log(page).splitlines() if "No points are left" in line]
        assert said == ["No points are left to take - the rest of the hand was played out"], \
            said
    finally:
        context.close()
