"""``hearts --serve``: the game in a web browser, one game process for each tab.

textual-serve supplies the page's terminal (xterm.js, in its static files) and
the protocol that a Textual app speaks under its web driver. This module is the
web server around them: the page, the checks on who may connect, a ``hearts``
process for every tab (with the server's environment, so all tabs share the
saved options), and a stop on Ctrl+C that ends every game it started.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from string import Template

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from yarl import URL

from hearts.net.admission.addresses import WILDCARDS, host_addresses, is_loopback, shown_host
from hearts.net.admission.limits import Limits, cross_origin
from hearts.net.admission.pagebudget import PageBudget, page_budget_middleware
from hearts.net.host.signals import stop_on_signals

__all__ = [
    "QUIT_GRACE", "GameSession", "HeartsServer", "announcement", "is_loopback", "listen", "serve",
]

QUIT_GRACE = 5.0
"""Seconds a game has to leave once asked to quit, before it is killed."""

_STATIC = Path(textual_serve.__file__).with_name("static")
_PAGE = Template(Path(__file__).with_name("serve.html").read_text(encoding="utf-8"))


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host`` and ``port`` (0: any free port).

    Raises OSError when the address cannot be had (a port in use, say)."""
    ipv6 = ":" in host
    family = socket.AF_INET6 if ipv6 else socket.AF_INET
    dual = host == "::" and socket.has_dualstack_ipv6()
    return socket.create_server((host, port), family=family, dualstack_ipv6=dual)


def _number(value: object, default: int, low: int, high: int) -> int:
    try:
        number = int(str(value))
    except ValueError:
        return default
    return min(high, max(low, number))


class GameSession(AppService):
    """One tab's game: a ``hearts`` process driven through textual's web protocol.

    The process starts without a shell and in a session of its own, so a Ctrl+C
    typed at the server reaches the server alone, and the server ends each game
    in order. It gets the server's environment, so every tab reads the same
    options (``HEARTS_CONFIG_DIR``) and data folder (``HEARTS_DATA_DIR``).
    The methods overridden here are textual-serve's own (1.1.3, pinned).
    """

    def __init__(self, argv: Sequence[str], websocket: web.WebSocketResponse,
                 downloads: DownloadManager, environment: dict[str, str] | None = None
                 ) -> None:
        self.argv = list(argv)
        """The game's command line."""
        self.environment = dict(environment or {})
        """Variables set for this game on top of the server's environment."""
        self._websocket = websocket
        self._ending: asyncio.Task[None] | None = None
        super().__init__(" ".join(self.argv), write_bytes=websocket.send_bytes,
                         write_str=websocket.send_str, close=self._close_page,
                         download_manager=downloads)

    @property
    def pid(self) -> int | None:
        """The game process's id, once it has started."""
        return None if self._process is None else self._process.pid

    async def _close_page(self) -> None:
        await self._websocket.close()

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        # The page's terminal reads UTF-8 whatever the server's locale is.
        environment["PYTHONIOENCODING"] = "utf-8"
        environment.update(self.environment)
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24
                                ) -> asyncio.subprocess.Process:
        pipe = asyncio.subprocess.PIPE
        process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=pipe, stdout=pipe, stderr=pipe,
            env=self._build_environment(width, height), start_new_session=True)
        self._process = process
        self._stdin = process.stdin
        return process

    async def run(self) -> None:
        """Relay the game to the page until the process ends, then close the page's
        connection, so the page says the game has ended."""
        await super().run()
        await self._close_page()

    def end(self) -> asyncio.Task[None]:
        """Ask the game to quit, kill it if it is still there after
        :data:`QUIT_GRACE` seconds, and reap it. Safe to call again."""
        if self._ending is None:
            self._ending = asyncio.ensure_future(self._end())
        return self._ending

    async def _end(self) -> None:
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            await self.send_meta({"type": "quit"})
            try:
                await asyncio.wait_for(process.wait(), QUIT_GRACE)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):  # it left just now
                    process.kill()
                await process.wait()
        if self._task is not None:
            await self._task


class HeartsServer:
    """The web server: the page, textual-serve's static files, and a game for
    each connection the page makes."""

    session_name = "Game"
    """What the server's messages call the process behind one page."""
    stopped_text = ("The Hearts server stopped. Your game is kept: this page comes back by "
                    "itself when the server runs again (or reload it then).")
    """What the page says when its connection ends because the server stopped."""
    max_sessions: int | None = None
    """The most games at once (None: no limit); a page beyond it is refused."""

    def __init__(self, game_argv: Sequence[str], host: str,
                 say: Callable[[str], None] = print) -> None:
        self.game_argv = list(game_argv)
        """The command line of every game started."""
        self.loopback_only = is_loopback(host)
        """Listening on this machine's own address: only requests naming it are
        answered, so a web page elsewhere cannot reach the games through a
        name that points here."""
        self.sessions: set[GameSession] = set()
        """The games running now."""
        self.games_started = 0
        """How many games have been started."""
        self.closing = False
        """True once the server is stopping: no more games start."""
        self.say = say
        """Where the server's messages go."""
        self._downloads = DownloadManager()

    def make_app(self) -> web.Application:
        """The aiohttp application (its pages held to each address's budget, as the
        table server's are)."""
        limits = Limits()
        app = web.Application(middlewares=[page_budget_middleware(PageBudget(
            limits.page_requests_per_second, limits.page_request_burst))])
        app.add_routes([
            web.get("/", self.page),
            web.get("/ws", self.play),
            web.get("/alive", self.alive),
            web.static("/static", _STATIC),
        ])
        app.on_shutdown.append(self._on_shutdown)
        return app

    async def _on_shutdown(self, app: web.Application) -> None:
        self.closing = True
        await self.end_all()

    async def alive(self, request: web.Request) -> web.Response:
        """Whether the server is running: a page whose game's connection ended asks,
        to tell a game that ended from a server that stopped."""
        if self.closing:
            raise web.HTTPServiceUnavailable(text="stopping")
        return web.Response(text="running", headers={"Cache-Control": "no-store"})

    def refusal(self, request: web.Request) -> str | None:
        """Why ``request`` is refused, or None."""
        if self.loopback_only and not is_loopback(request.url.host or ""):
            return "This Hearts server answers only to this machine's own address."
        if (request.path == "/ws" or request.path.startswith("/ws/")) and \
                cross_origin(request.headers, request.url):
            return "A game can only be started from the Hearts page itself."
        return None

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The page: a panel, then the game's terminal (``?fontsize=N`` sets its
        font size; without it the page fits the font to the window)."""
        refusal = self.refusal(request)
        if refusal:
            raise web.HTTPForbidden(text=refusal)
        return self.game_page(request)

    def game_page(self, request: web.Request, socket_path: str = "/ws") -> web.Response:
        """The page of one game, whose connection goes to ``socket_path`` (a path,
        never a query: the page adds the terminal's size as the query)."""
        scheme = "wss" if request.secure else "ws"
        asked = request.query.get("fontsize")
        font_size = "" if asked is None else str(_number(asked, 16, 6, 48))
        url = URL.build(scheme=scheme, authority=request.host, path=socket_path, encoded=True)
        text = _PAGE.substitute(websocket_url=html.escape(str(url)), font_size=font_size,
                                stopped=html.escape(self.stopped_text))
        return web.Response(text=text, content_type="text/html")

    def game_command(self, request: web.Request) -> tuple[list[str], dict[str, str]]:
        """The command line and extra environment of the game a connection starts;
        raises an ``HTTPException`` to refuse it."""
        return self.game_argv, {}

    async def play(self, request: web.Request) -> web.StreamResponse:
        """One tab's game, from the page's connection to the end of the process."""
        refusal = self.refusal(request)
        if refusal:
            raise web.HTTPForbidden(text=refusal)
        if self.closing:
            raise web.HTTPServiceUnavailable(text="The Hearts server is stopping.")
        if self.max_sessions is not None and len(self.sessions) >= self.max_sessions:
            self.say(f"Refused a {self.session_name.lower()}: {len(self.sessions)} running, "
                     "the most this server starts")
            raise web.HTTPServiceUnavailable(text="Every game this server runs is in use.")
        argv, environment = self.game_command(request)
        websocket = web.WebSocketResponse(heartbeat=15)
        try:
            await websocket.prepare(request)
        except ConnectionError:  # the page went before the answer: no game to start
            return web.Response(status=400)
        session = GameSession(argv, websocket, self._downloads, environment)
        self.sessions.add(session)
        self.games_started += 1
        number = self.games_started
        try:
            await session.start(_number(request.query.get("width", "80"), 80, 1, 1000),
                                _number(request.query.get("height", "24"), 24, 1, 500))
            self.say(f"{self.session_name} {number} started (process {session.pid})")
            await self._relay(websocket, session)
        except OSError as error:
            self.say(f"{self.session_name} {number} could not start: {error}")
        finally:
            await asyncio.shield(session.end())
            self.sessions.discard(session)
            await websocket.close()
            self.say(f"{self.session_name} {number} ended")
        return websocket

    @staticmethod
    async def _relay(websocket: web.WebSocketResponse, session: GameSession) -> None:
        """Pass what the page sends on to the game until the page goes."""
        async for message in websocket:
            if message.type is not WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await session.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await session.set_terminal_size(_number(data.get("width"), 80, 1, 1000),
                                                _number(data.get("height"), 24, 1, 500))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await session.blur()
            elif kind == "focus":
                await session.focus()

    async def end_all(self) -> None:
        """End every game running now."""
        await asyncio.gather(*(session.end() for session in list(self.sessions)))


def announcement(host: str, port: int) -> list[str]:
    """What to tell the player: the address to open, and any warning."""
    if host in WILDCARDS:
        local = f"http://127.0.0.1:{port}/"
        others = [f"http://{shown_host(a.ip)}:{port}/" for a in host_addresses(host == "::")
                  if not a.local and (host == "::" or a.version == 4)]
        lines = [f"Hearts is served at {local} on this machine, and at "
                 f"{', '.join(others)} from others." if others else
                 f"Hearts is served at {local} on this machine (no network address was "
                 "found for others)."]
    else:
        shown = f"[{host}]" if ":" in host else host
        lines = [f"Hearts is served at http://{shown}:{port}/"]
    if not is_loopback(host):
        lines.append("Warning: anyone who can reach this address can play, change your "
                     "saved options, and start games that run on this machine.")
    lines.append("Open the address in a web browser: every tab is a game of its own.")
    lines.append("Press Ctrl+C to stop the server and end every game.")
    return lines


async def _run(server: HeartsServer, sock: socket.socket, host: str) -> None:
    runner = web.AppRunner(server.make_app(), handle_signals=False, access_log=None)
    await runner.setup()
    site = web.SockSite(runner, sock, shutdown_timeout=2.0)
    await site.start()
    for line in announcement(host, sock.getsockname()[1]):
        server.say(line)
    stop = stop_on_signals()
    try:
        await stop.wait()
    finally:
        server.closing = True
        await site.stop()
        running = len(server.sessions)
        server.say(f"Stopping: ending {running} game{'s' if running != 1 else ''}")
        await server.end_all()
        await runner.cleanup()
        server.say("Stopped")


def _say(line: str) -> None:
    with contextlib.suppress(OSError):  # the terminal has gone (SIGHUP): carry on stopping
        print(line, flush=True)


def serve(game_args: Sequence[str], host: str, port: int) -> int:
    """Serve the game until Ctrl+C; ``game_args`` go to every game started.

    Returns the exit status: 0 after a clean stop, 1 if the address cannot be had."""
    try:
        sock = listen(host, port)
    except OSError as error:
        reason = error.strerror or str(error)
        print(f"hearts: cannot listen on {host} port {port}: {reason}. "
              "Choose another with --port N, or --port 0 for any free port.",
              file=sys.stderr)
        return 1
    argv = [sys.executable, "-m", "hearts", *game_args]
    server = HeartsServer(argv, host, say=_say)
    asyncio.run(_run(server, sock, host))
    return 0
