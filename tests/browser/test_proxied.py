"""The web table as deployed for real: HAProxy with a certificate made in the test,
in front of two workers (``hearts host --workers 2 --serve --certificate PEM
--http-port P``). A person opens the table's address over plain http and is sent
on to https; a friend on a phone-sized page opens the https invite link and
joins; they deal, pass and play a trick together. The seat cookie is
``Secure``, ``HttpOnly`` and ``SameSite=Strict``; the page's own ``POST /seat``
and WebSocket went through (the worker knew the scheme the person used).

The table is one ``--tables`` made; when tables are started from the front
page, its first step becomes: open ``https://.../``, start a table, and take
its invite link from the page instead of from what the host printed
(:func:`invite_link`).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.net.proxied import Room, free_port, needs_haproxy, room_behind_haproxy, self_signed

from .test_web_table import cards_left, sit_down, status
from .web import SCREENS, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow, needs_haproxy]


def invite_link(room: Room, table: str) -> str:
    """The table's https invite link, as the host printed it."""
    for line in room.lines:
        found = re.fullmatch(rf"\s+table {table}: (https://\S+/t/{table}/\?code=\S+)", line)
        if found:
            return found.group(1)
    raise AssertionError(f"no link printed for {table}: {room.lines}")


def step(page: Any) -> None:
    """One thing a person does by taps if it is theirs to do: pass three cards, or
    play a card they may play (tapped once to raise it, again to play it)."""
    if page.get_by_role("button", name="Pass", exact=True).count():
        free = page.locator("#hand button.card[aria-pressed=false]:not([aria-disabled])")
        for _ in range(3):
            tap(page, free.first)
        tap(page, page.get_by_role("button", name="Pass", exact=True))
    elif re.search(r"your (play|lead)$", status(page)):
        playable = page.get_by_role("button", name=re.compile(r", may be played$"))
        if playable.count():
            name = playable.first.get_attribute("data-card")
            tap(page, playable.first)
            tap(page, page.locator(f'#hand button[data-card="{name}"]'))


def test_a_trick_over_https_through_haproxy_on_a_phone(chromium: Any, tmp_path: Path
                                                       ) -> None:
    pem = self_signed(tmp_path / "tls")
    http_port = free_port()
    with room_behind_haproxy(tmp_path / "server", "--tables", "1", "--people", "2",
                             "--level", "beginner", "--serve", "--certificate", str(pem),
                             "--http-port", str(http_port), ports=(http_port,)) as room:
        link = invite_link(room, "w2-t1")  # the second worker's table
        desk = chromium.new_context(ignore_https_errors=True, **SCREENS["desktop"])
        phone = chromium.new_context(ignore_https_errors=True, **SCREENS["phone"])
        try:
            # the host opens the address over plain http: sent on to https
            plain = link.replace(f"https://127.0.0.1:{room.port}",
                                 f"http://127.0.0.1:{http_port}")
            ann = sit_down(desk, plain, "Ann")
            assert ann.url.startswith(f"https://127.0.0.1:{room.port}/t/w2-t1/")
            # the friend on a phone, by the invite link
            bob = sit_down(phone, link, "Bob")
            deal = ann.get_by_role("button", name="Deal", exact=True)
            deal.wait_for()
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
                step(ann)
                step(bob)
                ann.wait_for_timeout(150)
            assert cards_left(bob) <= 12
            assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
            for context, name in ((desk, "Ann"), (phone, "Bob")):
                cookies = [c for c in context.cookies() if c["name"] == "hearts_seat"]
                assert len(cookies) == 1, (name, context.cookies())
                seat = cookies[0]
                assert seat["secure"] and seat["httpOnly"], (name, seat)
                assert seat["sameSite"] == "Strict" and seat["path"] == "/t/w2-t1/", seat
            # both reached the table's owner: its folder keeps them
            kept = (room.data / "w2" / "tables" / "w2-t1" / "table.json").read_text()
            assert "Ann" in kept and "Bob" in kept
        finally:
            desk.close()
            phone.close()
