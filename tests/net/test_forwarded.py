"""The client's address and scheme behind a proxy: believed from the trusted
proxy's address alone, so the limits kept by address, the cookie's ``Secure``
flag and the Origin check see the person and the scheme they used; from any
other address the same headers change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from hearts.net.admission.forwarded import client_of, trusted_networks
from hearts.net.host.cli import parse_host
from hearts.net.tables.table import TableConfig
from hearts.net.wire import messages as msg
from tests.net.helpers import client_from, pages_server

TOKEN = "E39e8LgSRpt7JZB2uYTi3Q"
LOCAL = trusted_networks(["127.0.0.1"])


def test_the_client_is_the_first_address_no_trusted_proxy_holds() -> None:
    proxies = trusted_networks(["127.0.0.1", "10.0.0.0/8"])
    assert client_of("127.0.0.1", ["203.0.113.7"], proxies) == "203.0.113.7"
    # what the client wrote itself stands to the left and is never read
    assert client_of("127.0.0.1", ["6.6.6.6, 203.0.113.7"], proxies) == "203.0.113.7"
    assert client_of("127.0.0.1", ["6.6.6.6", "203.0.113.7, 10.1.2.3"],
                     proxies) == "203.0.113.7"
    # a browser on the proxy's own machine
    assert client_of("127.0.0.1", ["127.0.0.1"], proxies) == "127.0.0.1"
    assert client_of("::ffff:127.0.0.1", ["2001:db8::5"], proxies) == "2001:db8::5"
    # from anyone else, or with nothing readable, the headers say nothing
    assert client_of("127.0.0.2", ["203.0.113.7"], proxies) is None
    assert client_of(None, ["203.0.113.7"], proxies) is None
    assert client_of("127.0.0.1", [], proxies) is None
    assert client_of("127.0.0.1", ["unknown"], proxies) is None
    assert client_of("127.0.0.1", ["203.0.113.7", "junk"], proxies) is None


def test_the_trusted_proxies_on_the_command_line() -> None:
    args = parse_host(["--trust-proxy", "127.0.0.1", "--trust-proxy", "10.0.0.0/8"])
    assert [str(n) for n in args.trust_proxy] == ["127.0.0.1/32", "10.0.0.0/8"]
    assert parse_host([]).trust_proxy == ()
    for line in (["--trust-proxy", "proxy.example"], ["--workers", "2", "--trust-proxy",
                                                      "127.0.0.1"],
                 ["--certificate", "/etc/hosts"], ["--workers", "2", "--http-port", "80"],
                 ["--workers", "2", "--certificate", "/no/such/file.pem"],
                 ["--workers", "2", "--certificate", "/etc/hosts", "--port", "8443",
                  "--http-port", "8443"]):
        with pytest.raises(SystemExit):
            parse_host(line)


_HTTPS = {"Host": "hearts.example", "Origin": "https://hearts.example",
          "X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
"""What HAProxy hands on of a person's page at https://hearts.example."""


async def test_the_proxys_word_is_taken_for_the_pages_cookie_and_socket(tmp_path: Path
                                                                       ) -> None:
    async with pages_server(tmp_path, trusted=True) as (server, where), \
            client_from("127.0.0.1") as proxy:
        async with proxy.post(f"http://{where}/t/t1/seat", data=TOKEN,
                              headers=_HTTPS) as kept:
            assert kept.status == 204, await kept.text()
            cookie = kept.cookies["hearts_seat"]
            assert cookie["secure"] and cookie["httponly"] and cookie["samesite"] == "Strict"
        async with proxy.get(f"http://{where}/t/t1/?code=code-1", headers=_HTTPS) as page:
            assert page.status == 200  # the proxy's public name is answered
        async with proxy.ws_connect(f"http://{where}/t/t1/ws", headers=_HTTPS) as ws:
            await ws.send_str(json.dumps(msg.client_json(msg.Join("wrong", "Eve"))))
            assert json.loads((await ws.receive(timeout=10)).data)["code"] == "bad-code"
        # the wrong code is the person's, not the proxy's
        assert server.guesses.count("203.0.113.7") == 1
        assert server.guesses.count("127.0.0.1") == 0
        # plain http through the proxy: no Secure flag, and an https Origin is another site
        plain = {**_HTTPS, "X-Forwarded-Proto": "http", "Origin": "http://hearts.example"}
        async with proxy.post(f"http://{where}/t/t1/seat", data=TOKEN, headers=plain) as kept:
            assert kept.status == 204 and not kept.cookies["hearts_seat"]["secure"]
        async with proxy.post(f"http://{where}/t/t1/seat", data=TOKEN,
                              headers={**plain, "Origin": "https://hearts.example"}) as other:
            assert other.status == 403


async def test_nobody_else_is_believed(tmp_path: Path) -> None:
    async with pages_server(tmp_path, trusted=True) as (server, where), \
            client_from("127.0.0.2") as stranger:
        async with stranger.post(f"http://{where}/t/t1/seat", data=TOKEN,
                                 headers=_HTTPS) as kept:
            assert kept.status == 403  # http here: the https Origin is another site's
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await stranger.ws_connect(f"http://{where}/t/t1/ws", headers=_HTTPS)
        assert refused.value.status == 403
        async with stranger.ws_connect(f"http://{where}/t/t1/ws",
                                       headers={"X-Forwarded-For": "203.0.113.7"}) as ws:
            await ws.send_str(json.dumps(msg.client_json(msg.Join("wrong", "Eve"))))
            assert json.loads((await ws.receive(timeout=10)).data)["code"] == "bad-code"
        assert server.guesses.count("127.0.0.2") == 1
        assert server.guesses.count("203.0.113.7") == 0


async def test_without_a_trusted_proxy_the_headers_change_nothing(tmp_path: Path) -> None:
    async with pages_server(tmp_path, trusted=False) as (server, where), \
            client_from("127.0.0.1") as client:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"http://{where}/t/t1/ws", headers=_HTTPS)
        assert refused.value.status == 403
        async with client.ws_connect(f"http://{where}/t/t1/ws",
                                     headers={"X-Forwarded-For": "203.0.113.7"}) as ws:
            await ws.send_str(json.dumps(msg.client_json(msg.Join("wrong", "Eve"))))
            assert json.loads((await ws.receive(timeout=10)).data)["code"] == "bad-code"
        assert server.guesses.count("127.0.0.1") == 1


async def test_the_single_player_pages_cookie_is_secure_behind_the_proxy(tmp_path: Path
                                                                        ) -> None:
    from hearts.web.solo import SOLO_COOKIE, make_server

    server, _solo = make_server(tmp_path, TableConfig(), None, seed=1)
    server.trusted_proxies = LOCAL
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    where = f"127.0.0.1:{runner.addresses[0][1]}"
    form = {"level": "1", "rules": "original", "target": "100", "name": "Ann"}
    try:
        async with client_from("127.0.0.1") as proxy, proxy.post(
                f"http://{where}/new", data=form, headers=_HTTPS,
                allow_redirects=False) as made:
            assert made.status == 303, await made.text()
            cookie = made.cookies[SOLO_COOKIE]
            assert cookie["secure"] and cookie["httponly"] and cookie["samesite"] == "Strict"
    finally:
        await runner.cleanup()


def test_the_single_player_server_takes_trust_proxy_as_the_host_does(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from hearts.tui import cli as game_cli
    from hearts.web import solo

    args = game_cli.parse_args(["--serve", "--trust-proxy", "127.0.0.1",
                                "--trust-proxy", "10.0.0.0/8"])
    assert args.trust_proxy == trusted_networks(["127.0.0.1", "10.0.0.0/8"])
    assert game_cli.parse_args(["--serve"]).trust_proxy == ()
    for line in (["--trust-proxy", "127.0.0.1"], ["--serve", "--trust-proxy", "nowhere"],
                 ["--serve", "--terminal", "--trust-proxy", "127.0.0.1"]):
        with pytest.raises(SystemExit):
            game_cli.parse_args(line)
    # `hearts --serve --trust-proxy` hands the proxies to the server it runs
    seen: list[object] = []

    def serve_solo(*given: object) -> int:
        seen.append(given[-1])
        return 0
    monkeypatch.setattr(solo, "serve_solo", serve_solo)
    monkeypatch.setenv("HEARTS_CONFIG_DIR", str(tmp_path))
    with pytest.raises(SystemExit):
        game_cli.main(["--serve", "--port", "0", "--trust-proxy", "127.0.0.1"])
    assert seen == [LOCAL]


async def test_the_single_player_server_behind_its_proxy_sees_the_player(
        tmp_path: Path) -> None:
    """Made as ``hearts --serve --trust-proxy 127.0.0.1`` makes it: the person's
    address (their page budget, their wrong codes) and scheme (a Secure cookie)."""
    from hearts.web.solo import SOLO_COOKIE, make_server

    server, _solo = make_server(tmp_path, TableConfig(), None, seed=1, trusted=LOCAL)
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    where = f"127.0.0.1:{runner.addresses[0][1]}"
    form = {"level": "1", "rules": "original", "target": "100", "name": "Ann"}
    try:
        async with client_from("127.0.0.1") as proxy:
            async with proxy.post(f"http://{where}/new", data=form, headers=_HTTPS,
                                  allow_redirects=False) as made:
                assert made.status == 303, await made.text()
                assert made.cookies[SOLO_COOKIE]["secure"]
            async with proxy.ws_connect(f"http://{where}/ws", headers=_HTTPS) as ws:
                await ws.send_str(json.dumps(msg.client_json(msg.Join("wrong", "Eve"))))
                assert json.loads((await ws.receive(timeout=10)).data)["code"] == "bad-code"
        assert server.guesses.count("203.0.113.7") == 1
        assert server.guesses.count("127.0.0.1") == 0
    finally:
        await runner.cleanup()
