"""The web table as deployed for real: HAProxy with a certificate made in the test,
in front of two workers (``hearts host --workers 2 --serve --tables 0
--certificate PEM --http-port P``). A person opens the server's address over
plain http and is sent on to https, where the front page starts a table for
her (on whichever worker the proxy chose) and seats her; a friend on a
phone-sized page opens the invite link the page gives her, sees who sits where
and joins through the proxy; they deal, pass and play a trick together. The
seat cookie is ``Secure``, ``HttpOnly`` and ``SameSite=Strict``, the front
page's own cookies ``Secure`` too; the page's own ``POST /seat`` and WebSocket
went through (the worker knew the scheme the person used).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.net.proxied import free_port, needs_haproxy, room_behind_haproxy, self_signed
from tests.net.qrdecode import decode
from tests.net.qrpictures import modules_from_screenshot

from .test_web_table import cards_left, status, tap_a_step
from .web import SCREENS, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow, needs_haproxy]


def start_a_table(context: Any, address: str, name: str) -> tuple[Any, str]:
    """Open the server's front page at ``address``, start a table for two against
    beginners and be seated at it: the page, and the invite link it shows."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(address)
    page.get_by_label("People at the table").select_option("2")
    page.get_by_label("Computer players").select_option(label="Beginner")
    page.get_by_label("Game ends at").select_option("50")
    page.get_by_label("Your name at the table").fill(name)
    page.get_by_role("button", name="Start the table").click()
    page.get_by_role("button", name="Deal", exact=True).wait_for()  # seated by the cookie
    page.locator("#room-invite").wait_for()
    link: str = page.get_by_label("The invite link").input_value()
    return page, link


def test_a_table_from_the_front_page_over_https_through_haproxy_on_a_phone(
        chromium: Any, tmp_path: Path) -> None:
    pem = self_signed(tmp_path / "tls")
    http_port = free_port()
    with room_behind_haproxy(tmp_path / "server", "--tables", "0", "--serve",
                             "--level", "beginner", "--certificate", str(pem),
                             "--http-port", str(http_port), ports=(http_port,)) as room:
        https = f"https://127.0.0.1:{room.port}"
        desk = chromium.new_context(ignore_https_errors=True, **SCREENS["desktop"])
        phone = chromium.new_context(ignore_https_errors=True, **SCREENS["phone"])
        try:
            # Ann opens the server's address over plain http: sent on to https,
            # where its front page starts her table
            ann, link = start_a_table(desk, f"http://127.0.0.1:{http_port}/", "Ann")
            found = re.fullmatch(re.escape(https) + r"/t/((w[12])-b[\w-]+)/\?code=[\w-]+", link)
            assert found, link
            table, worker = found.group(1), found.group(2)
            assert ann.url.startswith(f"{https}/t/{table}/")
            qr = ann.get_by_role("img", name=re.compile("QR code"))
            assert qr.get_attribute("src").startswith("data:image/svg+xml")
            assert decode(modules_from_screenshot(qr.screenshot())).text == link
            # Bob on a phone, by the invite link: who sits where, then his seat
            bob = phone.new_page()
            bob.errors = []
            bob.on("pageerror", lambda error: bob.errors.append(str(error)))
            bob.goto(link)
            seating = bob.locator("#room-seating")
            seating.wait_for()
            assert "South: Ann" in seating.inner_text(), seating.inner_text()
            bob.get_by_label("Your name at the table").fill("Bob")
            tap(bob, bob.get_by_role("button", name="Sit down"))
            bob.locator(".player[data-at=bottom]").get_by_text("Bob (You)").wait_for()
            ann.locator(".player").get_by_text("Bob").wait_for()
            deal = ann.get_by_role("button", name="Deal", exact=True)
            tap(ann, deal)
            bob.locator("#hand button.card").nth(12).wait_for()
            # by taps until the first trick is played out: the phone's news says
            # who took it
            deadline = time.monotonic() + 120

            def trick_taken() -> bool:
                return bool(re.search(r"(takes|take) the trick",
                                      bob.locator("#log").inner_text()))
            while not trick_taken():
                assert time.monotonic() < deadline, (status(ann), status(bob))
                tap_a_step(ann)
                tap_a_step(bob)
                ann.wait_for_timeout(150)
            assert cards_left(bob) <= 12
            assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
            for context, name in ((desk, "Ann"), (phone, "Bob")):
                cookies = [c for c in context.cookies() if c["name"] == "hearts_seat"]
                assert len(cookies) == 1, (name, context.cookies())
                seat = cookies[0]
                assert seat["secure"] and seat["httpOnly"], (name, seat)
                assert seat["sameSite"] == "Strict" and seat["path"] == f"/t/{table}/", seat
            # the front page's own cookies (which browser, its tables) are Secure too
            front = [c for c in desk.cookies() if c["name"] in ("hearts_browser",
                                                                  "hearts_tables")]
            assert len(front) == 2 and all(c["secure"] and c["httpOnly"] for c in front)
            # both reached the table's owner: its folder keeps them
            kept = next((room.data / worker).rglob(f"{table}/table.json")).read_text()
            assert "Ann" in kept and "Bob" in kept
        finally:
            desk.close()
            phone.close()
