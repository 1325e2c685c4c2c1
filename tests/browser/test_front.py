"""A table started from the front page of ``hearts host --serve``, in headless
Chromium: the creator (a desktop) fills the form, lands seated at the table and
copies its invite link; a friend on a phone (390x844, touch) opens the link,
sees who sits where before joining, sits down, and a card is played. The pages
are accessible and screenshots of the front page and the invite go to
``tests/browser/artifacts/``."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from hearts.ai import Level
from hearts.net.server import TableServer
from hearts.net.tables.table import TableConfig
from hearts.rules import Rules
from tests.net.qrdecode import decode
from tests.net.qrpictures import modules_from_screenshot, modules_from_svg_uri

from .test_web_table import ARTIFACTS, status, tap_a_step
from .web import SCREENS, Served, assert_accessible, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def step(page: Any) -> bool:
    """This page's next move by taps if it has one (True for a card played); a
    page the table moved on from meanwhile is looked at again next time."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        return tap_a_step(page)
    except PlaywrightError:
        return False


def test_a_table_from_the_front_page_and_a_friend_by_its_link(chromium: Any,
                                                             host: Served) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    desk = chromium.new_context(**SCREENS["desktop"])
    desk.grant_permissions(["clipboard-read", "clipboard-write"], origin=host.url)
    phone = chromium.new_context(**SCREENS["phone"])
    try:
        page = desk.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(host.url + "/")
        assert_accessible(page, "the front page")
        page.screenshot(path=str(ARTIFACTS / "front-desktop.png"), full_page=True)
        page.get_by_label("People at the table").select_option("2")
        page.get_by_label("Computer players").select_option(label="Beginner")
        page.get_by_label("Game ends at").select_option("50")
        page.get_by_label("Your name at the table").fill("Ann")
        page.get_by_role("button", name="Start the table").click()
        # seated at once, by the table's cookie: no name asked
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        assert page.locator("#join").is_hidden()
        assert "Ann (You)" in page.locator(".player[data-at=bottom]").inner_text()
        invite = page.locator("#room-invite")
        invite.wait_for()
        link = page.get_by_label("The invite link").input_value()
        assert re.fullmatch(re.escape(host.url) + r"/t/b[\w-]+/\?code=[\w-]+", link), link
        assert "token" not in link
        qr = page.get_by_role("img", name=re.compile("QR code"))
        assert qr.get_attribute("src").startswith("data:image/svg+xml")
        assert qr.evaluate("img => img.complete && img.naturalWidth > 0")
        assert decode(modules_from_svg_uri(qr.get_attribute("src"), scale=5)).text == link
        assert decode(modules_from_screenshot(qr.screenshot())).text == link  # as shown
        page.get_by_role("button", name="Copy").click()
        page.get_by_text("Copied").wait_for()
        assert page.evaluate("navigator.clipboard.readText()") == link
        assert page.get_by_role("button", name="Share").is_hidden()  # no share sheet here
        assert_accessible(page, "the table with its invite")
        page.screenshot(path=str(ARTIFACTS / "front-invite-desktop.png"))

        # a friend on a phone opens the link: who sits where, then a seat
        friend = phone.new_page()
        friend.on("pageerror", lambda error: errors.append(str(error)))
        friend.goto(link)
        seating = friend.locator("#room-seating")
        seating.wait_for()
        assert "South: Ann" in seating.inner_text() and "Free seats: 1" in seating.inner_text()
        assert_accessible(friend, "the join page with its seating")
        friend.screenshot(path=str(ARTIFACTS / "front-join-phone.png"))
        friend.get_by_label("Your name at the table").fill("Bob")
        tap(friend, friend.get_by_role("button", name="Sit down"))
        friend.locator(".player[data-at=bottom]").get_by_text("Bob (You)").wait_for()
        page.locator(".player").get_by_text("Bob").wait_for()
        page.wait_for_function("() => document.querySelector('#room-invite')"
                               ".textContent.includes('No seat is free')", timeout=30_000)

        # a deal, the passes, and a card played by one of them
        page.get_by_role("button", name="Deal", exact=True).click()
        deadline = time.monotonic() + 120
        while not any([step(page), step(friend)]):
            assert time.monotonic() < deadline, (status(page), status(friend))
            page.wait_for_timeout(150)
        for who in (page, friend):
            who.wait_for_function("() => document.querySelectorAll('#trick li').length > 0")
        friend.screenshot(path=str(ARTIFACTS / "front-played-phone.png"))

        # the creator runs the table: Bob's seat moves to a new device by her link
        page.get_by_text("Run your table").click()
        page.get_by_role("button", name="A link that gives Bob the North seat on a new "
                                        "device").click()
        moved = page.get_by_role("textbox", name="A link that gives Bob the North seat on a "
                                                  "new device")
        moved.wait_for()
        assert "token=" in moved.input_value() and "code=" in moved.input_value()
        assert_accessible(page, "the creator's commands")
        page.screenshot(path=str(ARTIFACTS / "front-run-desktop.png"))
        second = phone.browser.new_context(**SCREENS["phone"])
        try:
            device = second.new_page()
            device.goto(moved.input_value())
            device.locator(".player[data-at=bottom]").get_by_text("Bob (You)").wait_for()
            assert "token" not in device.url
            friend.get_by_text(re.compile("taken over")).first.wait_for()
            # and she closes the table: everyone is told, and the link leads nowhere
            page.once("dialog", lambda dialog: dialog.accept())
            page.get_by_role("button", name="Close the table").click()
            for who in (page, device):
                who.get_by_text("This table was closed").first.wait_for()
        finally:
            second.close()
        assert errors == []
    finally:
        desk.close()
        phone.close()


def test_the_front_page_on_a_phone(chromium: Any, host: Served) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    phone = chromium.new_context(**SCREENS["phone"])
    try:
        page = phone.new_page()
        page.goto(host.url + "/")
        assert_accessible(page, "the front page on a phone")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width  # nothing wider than the screen
        for button in page.get_by_role("button").all():
            box = button.bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44
        page.screenshot(path=str(ARTIFACTS / "front-phone.png"), full_page=True)
        tap(page, page.get_by_role("button", name="Play the computer"))
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        page.wait_for_timeout(1000)
        assert page.locator("#room-invite").count() == 0  # nobody to invite
        # a table for three from the phone: its invite fits the screen
        page.goto(host.url + "/")
        page.get_by_label("People at the table").select_option("3")
        page.get_by_label("Your name at the table").fill("Cy")
        tap(page, page.get_by_role("button", name="Start the table"))
        page.locator("#room-invite").wait_for()
        assert "Free seats: 2" in page.locator("#room-invite summary").inner_text()
        for part in ("#room-link", "#room-copy", ".room-qr"):
            box = page.locator(part).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, part
        shown = decode(modules_from_screenshot(page.locator(".room-qr").screenshot()))
        assert shown.text == page.locator("#room-link").input_value()  # small, still read
        assert_accessible(page, "the invite on a phone")
        page.screenshot(path=str(ARTIFACTS / "front-invite-phone.png"))
    finally:
        phone.close()


def test_the_final_standings_and_playing_again(chromium: Any, host: Served) -> None:
    """A match of one hand for Ann (a desktop) and Bob (a phone): both see the
    final standings; Ann's Deal waits for Bob's, and his begins the new match."""
    from hearts.net.admission.cookies import SEAT_COOKIE
    from hearts.net.tables.table import PEOPLE_ORDER

    server = host.server  # type: ignore[attr-defined]
    config = TableConfig(people=2, level=Level.BEGINNER, rules=Rules(target=1),
                         delay_scale=0.1)
    table = host.run(_new_table(server, config))
    token = table.holders[PEOPLE_ORDER[0]].token
    link = f"{host.url}/t/{table.id}/?code={table.code}"
    desk = chromium.new_context(**SCREENS["desktop"])
    phone = chromium.new_context(**SCREENS["phone"])
    try:
        desk.add_cookies([{"name": SEAT_COOKIE, "value": token, "domain": "127.0.0.1",
                           "path": f"/t/{table.id}/", "httpOnly": True, "sameSite": "Strict"}])
        ann = desk.new_page()
        ann.goto(link)
        ann.get_by_role("button", name="Deal", exact=True).wait_for()
        bob = phone.new_page()
        bob.goto(link)
        bob.get_by_label("Your name at the table").fill("Bob")
        tap(bob, bob.get_by_role("button", name="Sit down"))
        bob.locator(".player[data-at=bottom]").get_by_text("Bob (You)").wait_for()
        ann.get_by_role("button", name="Deal", exact=True).click()
        deadline = time.monotonic() + 180
        standings = [who.locator("#room-standings") for who in (ann, bob)]
        while not all(box.count() for box in standings):
            assert time.monotonic() < deadline, (status(ann), status(bob))
            step(ann)
            step(bob)
            ann.wait_for_timeout(100)
        for who, name in ((ann, "Ann"), (bob, "Bob")):
            text = who.locator("#room-standings").inner_text()
            assert "Final standings" in text and f"{name} (you)" in text
            assert "once everyone here has pressed it" in text
            assert len(who.locator("#room-standings li").all()) == 4
        assert_accessible(bob, "the final standings on a phone")
        bob.screenshot(path=str(ARTIFACTS / "front-standings-phone.png"))
        games = host.call(lambda: table.table.games)
        ann.get_by_role("button", name="Deal", exact=True).click()
        ann.get_by_text(re.compile("waiting for 1 more")).first.wait_for()
        bob.get_by_text(re.compile("Ann wants to play again")).first.wait_for()
        assert host.call(lambda: table.table.games) == games
        tap(bob, bob.get_by_role("button", name="Deal", exact=True))
        for who in (ann, bob):
            who.locator("#hand button.card").nth(12).wait_for()
            who.wait_for_function("() => !document.getElementById('room-standings')")
        assert host.call(lambda: table.table.games) == games + 1
    finally:
        desk.close()
        phone.close()


async def _new_table(server: TableServer, config: TableConfig) -> Any:
    """A table started as the front page starts one, by Ann."""
    return server.new_table(config, server.data_dir / "web" / "tables", creator="Ann")
