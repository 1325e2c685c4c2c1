"""``hearts host --serve``'s pages without a browser: the code is checked, a
refused name is shown with its reason, each browser keeps its own seats (an id
in a cookie), the host's link hands a seat's token to its game once, the
number of seats' games is capped, and a stopped server is told from a game
that ended (``tests/browser/test_seat_pages.py`` plays it in Chromium)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request

from hearts.net.cli import host_main, local_url, parse_host, parse_join
from hearts.tui.seatpages import BROWSER_COOKIE, SeatPages

from .helpers import running_server


def test_the_pages_need_serve_and_their_port_goes_with_it(capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    args = parse_host(["--serve", "--web-port", "8080"])
    assert (args.serve, args.web_port) == (True, 8080)
    assert parse_host(["--serve"]).web_port is None  # the port of last time, if any
    with pytest.raises(SystemExit):
        parse_host(["--web-port", "8080"])
    assert "--web-port goes with --serve" in capsys.readouterr().err
    assert host_main(["--serve"]) == 2  # the network layer alone has no pages
    assert "--serve needs the web pages" in capsys.readouterr().err


def test_the_tables_address_from_this_machine() -> None:
    assert local_url("0.0.0.0", 81) == "ws://127.0.0.1:81/ws"
    assert local_url("::", 81) == "ws://[::1]:81/ws"
    assert local_url("192.168.1.4", 81) == "ws://192.168.1.4:81/ws"


def _seat_request(code: str, name: str, browser: str | None) -> web.Request:
    headers = {} if browser is None else {"Cookie": f"{BROWSER_COOKIE}={browser}"}
    return make_mocked_request("GET", "/ws/x/y", headers=headers,
                               match_info={"code": code, "name": name})


async def test_a_page_seats_a_person_by_code_and_name(tmp_path: Path) -> None:
    async with running_server(tmp_path, codes=["secret-code"]) as (tables, url):
        pages = SeatPages(tables, url, "127.0.0.1", tmp_path, say=lambda line: None)
        async with TestClient(TestServer(pages.make_app(), host="127.0.0.1")) as client:
            for address in ("/", "/?code=wrong", "/?code=" + "x" * 100):
                response = await client.get(address)
                assert response.status == 403
                assert "No table has that code" in await response.text()

            # The form gives the browser its id, in a cookie no page script can read
            form = await client.get("/?code=secret-code")
            text = await form.text()
            assert form.status == 200 and 'name="name"' in text and "secret-code" in text
            cookie = form.headers["Set-Cookie"]
            assert cookie.startswith(f"{BROWSER_COOKIE}=") and "HttpOnly" in cookie
            assert "SameSite=Strict" in cookie
            browser = client.session.cookie_jar.filter_cookies(client.make_url("/"))[
                BROWSER_COOKIE].value
            again = await client.get("/?code=secret-code")
            assert "Set-Cookie" not in again.headers  # the browser keeps its id

            # A refused name says why, and keeps what was typed
            for name, why in (("%20%20", "at least one letter"), ("Bea%1b%5D0%3Bx",
                                                                     "control or formatting")):
                refused = await (await client.get(f"/?code=secret-code&name={name}")).text()
                assert why in refused and 'name="name"' in refused
            page = await (await client.get("/?code=secret-code&name=Ann%20%20Lee")).text()
            assert "/ws/secret-code/Ann%20Lee" in page

        # The game a seat's connection starts: hearts join, at that table, by that
        # name, keeping its token and hands in a folder of this browser and name.
        argv, environment = pages.game_command(_seat_request("secret-code", "Ann Lee", browser))
        assert argv == [sys.executable, "-m", "hearts", "join", url, "--code=secret-code",
                        "--name=Ann Lee"]
        joined = parse_join(argv[4:])
        assert (joined.address, joined.code, joined.name) == (url, "secret-code", "Ann Lee")
        folder = Path(environment["HEARTS_DATA_DIR"])
        assert folder.parent == tmp_path / "web" / browser and folder.name.startswith("ann-lee-")
        assert environment["HEARTS_EXIT_WITH_PARENT"] == str(os.getpid())
        # another browser that types the same name never shares that folder (nor its
        # token); the same browser under another name has a seat of its own too
        other = "B" * 22
        _argv, elsewhere = pages.game_command(_seat_request("secret-code", "Ann Lee", other))
        _argv, bea = pages.game_command(_seat_request("secret-code", "Bea", browser))
        assert len({environment["HEARTS_DATA_DIR"], elsewhere["HEARTS_DATA_DIR"],
                    bea["HEARTS_DATA_DIR"]}) == 3
        for code, name, who in (("wrong", "Ann", browser), ("secret-code", "\x00 ", browser),
                                ("secret-code", "Ann", None), ("secret-code", "Ann", "../x")):
            with pytest.raises(web.HTTPForbidden):
                pages.game_command(_seat_request(code, name, who))


async def test_the_hosts_link_hands_the_token_to_the_game_once(tmp_path: Path) -> None:
    async with running_server(tmp_path, codes=["secret-code"]) as (tables, url):
        pages = SeatPages(tables, url, "127.0.0.1", tmp_path, say=lambda line: None)
        async with TestClient(TestServer(pages.make_app(), host="127.0.0.1")) as client:
            # a new device: no cookie yet; the page gives one, then cleans the address
            token = "Tok3n_of-the-seat"
            response = await client.get(f"/?code=secret-code&name=Ann&token={token}")
            assert response.status == 200 and "/ws/secret-code/Ann" in await response.text()
            assert response.url.query == {"code": "secret-code", "name": "Ann"}
            assert len(response.history) == 2  # given an id, then the token taken out
            browser = client.session.cookie_jar.filter_cookies(client.make_url("/"))[
                BROWSER_COOKIE].value
            bad = await client.get("/?code=secret-code&name=Ann&token=no%20good")
            assert bad.status == 403
        argv, _environment = pages.game_command(_seat_request("secret-code", "Ann", browser))
        assert argv[-1] == f"--token={token}"
        argv, _environment = pages.game_command(_seat_request("secret-code", "Ann", browser))
        assert not any(word.startswith("--token") for word in argv)  # once: the seat's
        # own seats.json keeps it since


async def test_a_browser_without_cookies_is_told_why(tmp_path: Path) -> None:
    async with running_server(tmp_path, codes=["secret-code"]) as (tables, url):
        pages = SeatPages(tables, url, "127.0.0.1", tmp_path, say=lambda line: None)
        server = TestServer(pages.make_app(), host="127.0.0.1")
        async with TestClient(server, cookie_jar=aiohttp.DummyCookieJar()) as client:
            response = await client.get("/?code=secret-code&name=Ann")
            assert response.status == 403 and "allow cookies" in await response.text()


async def test_the_seats_games_are_capped(tmp_path: Path) -> None:
    async with running_server(tmp_path, codes=["secret-code"]) as (tables, url):
        pages = SeatPages(tables, url, "127.0.0.1", tmp_path, say=lambda line: None)
        assert pages.max_sessions == 4 * 1 + 4  # a seat a person at each table, and a few
        pages.max_sessions = 0
        async with TestClient(TestServer(pages.make_app(), host="127.0.0.1")) as client:
            await client.get("/?code=secret-code")
            full = await client.get("/?code=secret-code&name=Ann")
            assert full.status == 503 and "Every browser seat this host offers is in use" \
                in await full.text()
            refused = await client.get("/ws/secret-code/Ann")
            assert refused.status == 503


async def test_a_page_can_tell_a_stopped_server_from_an_ended_game(tmp_path: Path) -> None:
    async with running_server(tmp_path, codes=["secret-code"]) as (tables, url):
        pages = SeatPages(tables, url, "127.0.0.1", tmp_path, say=lambda line: None)
        async with TestClient(TestServer(pages.make_app(), host="127.0.0.1")) as client:
            assert (await client.get("/alive")).status == 200
            await client.get("/?code=secret-code")
            page = await (await client.get("/?code=secret-code&name=Ann")).text()
            # the page asks /alive when its game's connection closes, and says which
            assert "/alive" in page and "The table&#x27;s server stopped" in page
            assert "This game has ended" in page
            pages.closing = True
            assert (await client.get("/alive")).status == 503


async def test_a_code_or_name_starting_with_a_dash_reaches_the_game_as_it_is(
        tmp_path: Path) -> None:
    """A table kept from before may have a code starting with "-" (the URL-safe
    alphabet has it); its seat's game must not read it as an option."""
    async with running_server(tmp_path, codes=["-fAVoU4XVJ_JyrZm"]) as (tables, url):
        pages = SeatPages(tables, url, "127.0.0.1", tmp_path, say=lambda line: None)
        argv, _environment = pages.game_command(
            _seat_request("-fAVoU4XVJ_JyrZm", "-Ann", "A" * 22))
        joined = parse_join(argv[4:])
        assert (joined.code, joined.name) == ("-fAVoU4XVJ_JyrZm", "-Ann")
