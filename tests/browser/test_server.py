"""``hearts --serve`` without a browser: the command line, who may connect, one
game process for each connection, a game that dies, Ctrl+C and a port in use."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer
from textual_serve.download_manager import DownloadManager

from hearts.tui import cli
from hearts.tui.serve import QUIT_GRACE, GameSession, HeartsServer, announcement, is_loopback

from .server import ServerProcess, alive, wait_until

pytestmark = pytest.mark.slow  # game processes behind a web server

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads game processes from /proc (Linux)")

GAME = [sys.executable, "-m", "hearts", "--seed", "3", "--level", "beginner"]


# --- the command line ---------------------------------------------------------------

def test_serve_options() -> None:
    args = cli.parse_args(["--serve", "--host", "0.0.0.0", "--port", "0"])
    assert (args.serve, args.host, args.port) == (True, "0.0.0.0", 0)
    plain = cli.parse_args(["--serve"])
    assert (plain.host, plain.port) == (None, None)
    assert cli.DEFAULT_HOST == "127.0.0.1"


@pytest.mark.parametrize("line", [["--host", "0.0.0.0"], ["--port", "8080"]])
def test_host_and_port_need_serve(line: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse_args(line)
    assert "--host, --port and --terminal go with --serve" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["65536", "-1", "eighty"])
def test_bad_port_is_refused(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse_args(["--serve", "--port", port])
    assert "port must be a number from 0 to 65535" in capsys.readouterr().err


def test_every_game_gets_the_game_options() -> None:
    args = cli.parse_args(["--serve", "--seed", "12", "--ascii", "--level", "expert"])
    assert cli.game_args(args) == ["--seed", "12", "--ascii", "--level", "5"]
    assert cli.game_args(cli.parse_args(["--serve"])) == ["--unicode"]
    again = cli.parse_args(cli.game_args(args))
    assert (again.seed, again.ascii, again.level) == (args.seed, args.ascii, args.level)


def test_help_tells_how_to_serve(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse_args(["--help"])
    text = capsys.readouterr().out
    for word in ("--serve", "--host", "--port", "0.0.0.0", "127.0.0.1"):
        assert word in text


def test_loopback_names() -> None:
    for host in ("127.0.0.1", "127.3.4.5", "localhost", "LOCALHOST", "::1", "[::1]",
                 "game.localhost"):
        assert is_loopback(host), host
    for host in ("0.0.0.0", "::", "", "192.168.1.9", "example.org", "localhost.example.org"):
        assert not is_loopback(host), host


# --- the web server in this process ---------------------------------------------------

@pytest.fixture
async def client() -> AsyncIterator[TestClient[aiohttp.web.Request, aiohttp.web.Application]]:
    """A client of a server listening on this machine only."""
    server = HeartsServer(GAME, "127.0.0.1", say=lambda line: None)
    async with TestClient(TestServer(server.make_app(), host="127.0.0.1")) as test_client:
        yield test_client


async def test_page_points_at_its_own_address(client: TestClient) -> None:  # type: ignore[type-arg]
    response = await client.get("/")
    assert response.status == 200
    page = await response.text()
    host = f"127.0.0.1:{client.port}"
    assert f'data-session-websocket-url="ws://{host}/ws"' in page
    assert 'data-font-size=""' in page  # the page fits the font to the window
    assert "<title>Hearts</title>" in page
    assert "googleapis" not in page  # the page needs nothing from elsewhere
    bigger = await (await client.get("/?fontsize=22")).text()
    assert 'data-font-size="22"' in bigger
    junk = await (await client.get("/?fontsize=huge")).text()
    assert 'data-font-size="16"' in junk


async def test_the_terminal_bundle_is_served(client: TestClient) -> None:  # type: ignore[type-arg]
    for path in ("/static/js/textual.js", "/static/css/xterm.css"):
        response = await client.get(path)
        assert response.status == 200, path
        assert len(await response.read()) > 1000


async def test_other_host_names_are_refused(client: TestClient) -> None:  # type: ignore[type-arg]
    response = await client.get("/", headers={"Host": f"evil.example:{client.port}"})
    assert response.status == 403
    assert "this machine's own address" in await response.text()
    response = await client.get("/ws", headers={"Host": "evil.example"})
    assert response.status == 403
    assert (await client.get("/", headers={"Host": f"localhost:{client.port}"})).status == 200


async def test_games_start_only_from_the_page_itself(client: TestClient) -> None:  # type: ignore[type-arg]
    assert client.port is not None
    for origin in ("http://evil.example", f"http://127.0.0.1:{client.port + 1}", "null"):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect("/ws", origin=origin)
        assert refused.value.status == 403


async def test_junk_from_the_page_is_ignored(client: TestClient) -> None:  # type: ignore[type-arg]
    websocket = await client.ws_connect("/ws?width=wide&height=tall")
    await _first_screen(websocket)
    for junk in ("not json", "[]", "{}", '["stdin", 5]', '["resize", {"width": "x"}]',
                 '["resize", 7]', '["launch", "rockets"]'):
        await websocket.send_str(junk)
    await websocket.send_bytes(b"binary")
    await websocket.send_str('["ping", "still there?"]')
    while True:
        message = await asyncio.wait_for(websocket.receive(), 30)
        if message.type is aiohttp.WSMsgType.TEXT:
            assert message.json() == ["pong", "still there?"]
            break
        assert message.type is aiohttp.WSMsgType.BINARY, message
    await websocket.close()


async def test_no_game_starts_while_stopping() -> None:
    server = HeartsServer(GAME, "127.0.0.1", say=lambda line: None)
    async with TestClient(TestServer(server.make_app(), host="127.0.0.1")) as test_client:
        server.closing = True
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await test_client.ws_connect("/ws")
        assert refused.value.status == 503
    assert server.games_started == 0


def test_games_get_the_server_environment(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setenv("HEARTS_CONFIG_DIR", str(tmp_path / "options"))
    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PYTHONIOENCODING", "latin-1")
    session = GameSession(GAME, aiohttp.web.WebSocketResponse(), DownloadManager())
    environment = session._build_environment(100, 30)
    assert environment["HEARTS_CONFIG_DIR"] == str(tmp_path / "options")
    assert environment["HEARTS_DATA_DIR"] == str(tmp_path / "data")
    assert environment["PYTHONIOENCODING"] == "utf-8"  # the page always reads UTF-8
    assert environment["TEXTUAL_DRIVER"].endswith(":WebDriver")
    assert (environment["COLUMNS"], environment["ROWS"]) == ("100", "30")


def test_any_host_name_when_listening_everywhere() -> None:
    assert not HeartsServer(GAME, "0.0.0.0").loopback_only
    assert HeartsServer(GAME, "localhost").loopback_only


# --- hearts --serve as a player runs it -------------------------------------------------

@pytest.fixture
def served(tmp_path: Path) -> Iterator[ServerProcess]:
    env = {**os.environ, "HEARTS_CONFIG_DIR": str(tmp_path / "config"),
           "HEARTS_DATA_DIR": str(tmp_path)}
    process = ServerProcess(["--port", "0", "--level", "beginner"], env)
    try:
        yield process
    finally:
        process.kill()


async def _first_screen(websocket: aiohttp.ClientWebSocketResponse) -> bytes:
    """What the game draws first (the table, which names the game's target)."""
    drawn = b""
    while b"Game to" not in drawn:
        message = await asyncio.wait_for(websocket.receive(), 30)
        assert message.type is aiohttp.WSMsgType.BINARY, message
        drawn += message.data
    return drawn


async def _until_closed(websocket: aiohttp.ClientWebSocketResponse) -> None:
    """Read what is still on its way until the server closes the connection."""
    while True:
        message = await asyncio.wait_for(websocket.receive(), 30)
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            return
        assert message.type is aiohttp.WSMsgType.BINARY, message


@linux_only
def test_each_connection_is_a_game_and_ctrl_c_ends_them_all(served: ServerProcess) -> None:
    url = served.url()

    async def play() -> None:
        async with aiohttp.ClientSession() as session:
            first = await session.ws_connect(f"{url}ws?width=100&height=30")
            second = await session.ws_connect(f"{url}ws?width=80&height=24")
            await _first_screen(first)
            await _first_screen(second)
            games = served.games()
            assert len(games) == 2
            # A tab that goes away takes its game with it.
            await second.close()
            await asyncio.to_thread(wait_until, lambda: len(served.games()) == 1,
                                    "the closed tab's game to end")
            # A game that dies closes its own tab; the server carries on.
            (game,) = served.games()
            os.kill(game, signal.SIGKILL)
            await _until_closed(first)
            third = await session.ws_connect(f"{url}ws")
            await _first_screen(third)
            fourth = await session.ws_connect(f"{url}ws")
            await _first_screen(fourth)
            running = served.games()
            assert len(running) == 2 and game not in running
            # Ctrl+C: the server asks every game to quit and waits for each.
            assert await asyncio.to_thread(served.interrupt) == 0
            for pid in running:
                assert not alive(pid)
            for websocket in (third, fourth):
                await _until_closed(websocket)

    asyncio.run(play())
    output = served.output
    assert "Game 4 started" in output and "Game 4 ended" in output
    assert "Stopping: ending 2 games" in output and output.endswith("Stopped")


def _stop_with_one_game(served: ServerProcess, stop: Callable[[int], int]) -> int:
    """Open one game, then stop the server with ``stop(game)`` (which returns the
    server's exit status, expected 0); return the game's process id."""
    url = served.url()

    async def run() -> int:
        async with aiohttp.ClientSession() as session:
            websocket = await session.ws_connect(f"{url}ws")
            await _first_screen(websocket)
            (game,) = served.games()
            assert await asyncio.to_thread(stop, game) == 0
            return game

    return asyncio.run(run())


@linux_only
def test_terminal_closed_stops_the_server_too(served: ServerProcess) -> None:
    def hang_up(game: int) -> int:
        served.process.send_signal(signal.SIGHUP)
        return served.process.wait(30)

    assert not alive(_stop_with_one_game(served, hang_up))


@linux_only
def test_a_game_that_will_not_quit_is_killed(served: ServerProcess) -> None:
    def freeze_then_interrupt(game: int) -> int:
        os.kill(game, signal.SIGSTOP)  # it can no longer answer the request to quit
        started = time.monotonic()
        status = served.interrupt()
        assert time.monotonic() - started >= QUIT_GRACE
        return status

    assert not alive(_stop_with_one_game(served, freeze_then_interrupt))


def test_a_port_in_use_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**os.environ, "HEARTS_CONFIG_DIR": str(tmp_path)}
        process = ServerProcess(["--port", str(port)], env)
        status = process.process.wait(30)
        process.kill()
    assert status == 1
    assert f"cannot listen on 127.0.0.1 port {port}" in process.output
    assert "--port 0" in process.output


def test_warns_when_others_can_reach_it() -> None:
    warning = "Warning: anyone who can reach this address can play"
    everywhere = announcement("0.0.0.0", 8123)
    assert everywhere[0].startswith("Hearts is served at http://127.0.0.1:8123/ on this machine")
    assert any(line.startswith(warning) for line in everywhere)
    assert any(line.startswith(warning) for line in announcement("192.168.1.9", 80))
    here = announcement("127.0.0.1", 8123)
    assert here[0] == "Hearts is served at http://127.0.0.1:8123/"
    assert not any(line.startswith(warning) for line in here)
    assert announcement("::1", 8123)[0] == "Hearts is served at http://[::1]:8123/"
    assert any("Ctrl+C" in line for line in here)
