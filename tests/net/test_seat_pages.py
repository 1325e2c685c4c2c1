"""``hearts host --serve``'s pages without a browser: the code is checked, the
name is asked for and cleaned, and the seat's game is ``hearts join`` at that
table (``tests/browser/test_seat_pages.py`` plays it in Chromium)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request

from hearts.net.cli import host_main, local_url, parse_host
from hearts.tui.seatpages import SeatPages, clean_name

from .helpers import running_server


def test_names_are_cleaned() -> None:
    assert clean_name("  Ann \t Lee ") == "Ann Lee"
    assert clean_name("Bea\x1b[31m") == "Bea [31m"
    assert clean_name("x" * 40) == "x" * 24
    assert clean_name(" \n ") == ""


def test_the_pages_need_serve_and_their_port_goes_with_it(capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    args = parse_host(["--serve", "--web-port", "8080"])
    assert (args.serve, args.web_port) == (True, 8080)
    with pytest.raises(SystemExit):
        parse_host(["--web-port", "8080"])
    assert "--web-port goes with --serve" in capsys.readouterr().err
    assert host_main(["--serve"]) == 2  # the network layer alone has no pages
    assert "--serve needs the web pages" in capsys.readouterr().err


def test_the_tables_address_from_this_machine() -> None:
    assert local_url("0.0.0.0", 81) == "ws://127.0.0.1:81/ws"
    assert local_url("::", 81) == "ws://[::1]:81/ws"
    assert local_url("192.168.1.4", 81) == "ws://192.168.1.4:81/ws"


async def test_a_page_seats_a_person_by_code_and_name(tmp_path: Path) -> None:
    async with running_server(tmp_path, codes=["secret-code"]) as (tables, url):
        pages = SeatPages(tables, url, "127.0.0.1", tmp_path, say=lambda line: None)
        async with TestClient(TestServer(pages.make_app(), host="127.0.0.1")) as client:
            for address in ("/", "/?code=wrong", "/?code=" + "x" * 100):
                response = await client.get(address)
                assert response.status == 403
                assert "No table has that code" in await response.text()

            form = await client.get("/?code=secret-code")
            text = await form.text()
            assert form.status == 200 and 'name="name"' in text and "secret-code" in text
            empty = await (await client.get("/?code=secret-code&name=%20%20")).text()
            assert "at least one letter" in empty

            page = await (await client.get("/?code=secret-code&name=Ann%20%20Lee")).text()
            assert "/ws/secret-code/Ann%20Lee" in page

        # The game a seat's connection starts: hearts join, at that table, by that
        # name, keeping its hands in a store of its own.
        request = make_mocked_request("GET", "/ws/secret-code/Ann%20Lee",
                                      match_info={"code": "secret-code", "name": "Ann Lee"})
        argv, environment = pages.game_command(request)
        assert argv == [sys.executable, "-m", "hearts", "join", url, "--code", "secret-code",
                        "--name", "Ann Lee"]
        assert environment == {"HEARTS_DATA_DIR": str(tmp_path / "web" / "ann-lee"),
                               "HEARTS_EXIT_WITH_PARENT": str(os.getpid())}
        for code, name in (("wrong", "Ann"), ("secret-code", "\x00 ")):
            with pytest.raises(web.HTTPForbidden):
                pages.game_command(make_mocked_request(
                    "GET", "/ws/x/y", match_info={"code": code, "name": name}))
