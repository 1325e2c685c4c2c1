"""``hearts --serve``: the single-player game in a web browser, at the web table.

The page at ``/`` asks for the computer players' level, the rule set and the
target, and starts a table of its own for that browser: a
:class:`~hearts.net.tables.table.NetTable` with one person's seat, in the same kind
of table server as ``hearts host`` (its tables kept under the data folder's
``web/solo/``), played by the same web client over the same messages
(:mod:`hearts.web.pages`). A browser keeps its table in a cookie
(``HttpOnly``, ``SameSite=Strict``), so the page offers to carry it on, and
its seat's token in the table's cookie, as at any web table. The server holds
at most :data:`MAX_SOLO` tables in memory; an older one is put away (it is
saved after every card) and opened again when its browser comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import os
import re
import socket
import sys
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from aiohttp import web

from hearts.net.admission.addresses import WILDCARDS, is_loopback
from hearts.net.admission.cookies import YEAR, seat_path
from hearts.net.admission.forwarded import Network
from hearts.net.admission.limits import cross_origin
from hearts.net.host.signals import stop_on_signals
from hearts.net.server import TableServer
from hearts.net.tables.table import NetTable, TableConfig
from hearts.web.choices import level_options, read_choice, rules_options, target_options
from hearts.web.pages import SECURITY_HEADERS, WebPages
from hearts.words import words

if TYPE_CHECKING:
    from hearts.web.daily import DailyPages

__all__ = ["MAX_SOLO", "SOLO_COOKIE", "SoloTables", "serve_solo"]

MAX_SOLO = 32
"""The most single-player tables held in memory at once."""

SOLO_COOKIE = "hearts_solo"
"""The cookie that names a browser's own table."""

_TABLE_ID = re.compile(r"s[A-Za-z0-9_-]{10,16}")

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hearts</title><link rel="stylesheet" href="/hearts.css"></head>
<body><main class="panel solo">
<h1><span class="heart" aria-hidden="true">&#9829;</span> {title}</h1>
<p>{intro}</p>{carry_on}
<form method="post" action="/new">
<p><label for="level">{level_label}</label>
<select id="level" name="level">{levels}</select></p>
<p><label for="rules">{rules_label}</label>
<select id="rules" name="rules">{rules}</select></p>
<p><label for="target">{target_label}</label>
<select id="target" name="target">{targets}</select></p>
<p><label for="name">{name_label}</label>
<input id="name" name="name" maxlength="24" value="{name}" autocomplete="nickname"></p>
<p class="why">{why}</p>
<button type="submit">{start}</button>
</form>{daily}</main></body></html>
"""


class SoloTables:
    """The single-player tables of one ``hearts --serve``, a browser's each."""

    def __init__(self, server: TableServer, defaults: TableConfig, seed: int | None = None,
                 limit: int = MAX_SOLO, folder: Path | None = None, kind: str = "s") -> None:
        self.server = server
        """The table server that holds the tables and serves their sockets."""
        self.defaults = defaults
        """The level and rules the page offers first (``--level``, ``--rules``)."""
        self.seed = seed
        """With ``--seed``, every new table's seed (so a test's deals replay)."""
        self.limit = limit
        """The most tables held in memory."""
        self.folder = folder or server.data_dir / "web" / "solo"
        """Where the tables are kept."""
        self.kind = kind
        """The letter that follows the server's prefix in these tables' ids."""
        self._used: OrderedDict[str, None] = OrderedDict()
        self.loader: Callable[[Path], NetTable] = lambda folder: NetTable.load(
            folder, server.executor, server.factory)
        """Opens a table put away (today's deals have their own)."""
        self.daily: DailyPages | None = None
        """Today's deal, challenges and boards on this page (``make_server`` adds them)."""

    def add_to(self, app: web.Application) -> None:
        """The page, the new game, and the client's files at the top."""
        app.router.add_get("/", self.page)
        app.router.add_post("/new", self.new)
        app.router.add_get("/hearts.css", self.style)

    def _check(self, request: web.Request) -> None:
        if self.server.local_only and not is_loopback(request.url.host or ""):
            raise web.HTTPForbidden(text="This Hearts server answers only to this machine's "
                                         "own address.")

    def find(self, table_id: str) -> NetTable | None:
        """The table ``table_id``: held, or opened from its folder (None if none)."""
        if self.daily is not None and self.daily.held.is_ours(table_id):
            return self.daily.find(table_id)
        table = self.server.tables.get(table_id)
        if table is None and self.is_ours(table_id) and (self.folder / table_id).is_dir():
            try:
                table = self.loader(self.folder / table_id)
            except ValueError:
                return None
            self._hold(table)
        if table is not None:
            self._used[table_id] = None
            self._used.move_to_end(table_id)
        return table

    def is_ours(self, table_id: str) -> bool:
        """Whether ``table_id`` has the form of these tables' ids."""
        wanted = re.escape(self.server.prefix + self.kind) + _TABLE_ID.pattern[1:]
        return re.fullmatch(wanted, table_id) is not None

    def room(self) -> bool:
        """Whether one more table can be held now: under the limit, or some table
        held has nobody connected (the least recently used of those is put away)."""
        if len(self._used) < self.limit:
            return True
        return any(held is None or not any(h.outbox for h in held.holders.values())
                   for held in map(self.server.tables.get, self._used))

    def _hold(self, table: NetTable) -> None:
        """Hold a table opened from its folder (started, served)."""
        self.server.hold(table)
        self.keep(table)

    def keep(self, table: NetTable) -> None:
        """``table`` was used now; put away the least recently used ones past the limit."""
        self._used[table.id] = None
        self._used.move_to_end(table.id)
        while len(self._used) > self.limit:
            for old in self._used:
                held = self.server.tables.get(old)
                if held is None or not any(h.outbox for h in held.holders.values()):
                    self._used.pop(old)
                    if held is not None:
                        held.close()
                        self.server.tables.pop(old, None)
                    break
            else:
                break  # everyone's table is in use: hold one more

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The form: level, rules, target and name; and the browser's own table to
        carry on, if it has one."""
        self._check(request)
        return self._form(request)

    def _form(self, request: web.Request, why: str = "", status: int = 200) -> web.Response:
        said = words("web")
        mine = request.cookies.get(SOLO_COOKIE, "")
        carry_on = ""
        if _TABLE_ID.fullmatch(mine) and (table := self.find(mine)) is not None:
            link = seat_path(table.id) + "?" + urlencode({"code": table.code})
            carry_on = (f'<p><a class="button" href="{html.escape(link)}">'
                        f'{html.escape(said["carry-on"])}</a></p>')
        text = _PAGE.format(
            title=html.escape(said["solo-title"]), intro=html.escape(said["solo-intro"]),
            carry_on=carry_on, level_label=html.escape(said["level"]),
            levels=level_options(self.defaults.level),
            rules_label=html.escape(said["rules"]), rules=rules_options(),
            target_label=html.escape(said["target-label"]),
            targets=target_options(self.defaults.rules),
            name_label=html.escape(said["name-label"]), name="",
            why=html.escape(why), start=html.escape(said["start"]),
            daily="" if self.daily is None else self.daily.section())
        return web.Response(text=text, content_type="text/html", status=status,
                            headers={**SECURITY_HEADERS, "Cache-Control": "no-store"})

    async def style(self, request: web.Request) -> web.StreamResponse:
        """The web table's style sheet, for the form."""
        from hearts.web.pages import asset

        return web.Response(body=asset("hearts.css"), content_type="text/css",
                            headers=SECURITY_HEADERS)

    async def new(self, request: web.Request) -> web.StreamResponse:
        """A new table for this browser, then its page."""
        self._check(request)
        if "Origin" in request.headers and cross_origin(request.headers, request.url):
            raise web.HTTPForbidden(text="A game starts only from the Hearts page itself.")
        try:
            choice = read_choice(await request.post(), self.defaults)
        except ValueError as error:
            return self._form(request, str(error), 400)
        table = self.server.new_table(choice.config, self.folder, "s", seed=self.seed)
        table_id = table.id
        self.keep(table)
        link = seat_path(table_id) + "?" + urlencode({"code": table.code, "name": choice.name})
        response = web.Response(status=303, headers={**SECURITY_HEADERS, "Location": link})
        response.set_cookie(SOLO_COOKIE, table_id, max_age=YEAR, path="/", httponly=True,
                            samesite="Strict", secure=request.secure)
        return response


def make_server(data_dir: Path, defaults: TableConfig, executor: Executor | None,
                seed: int | None = None, trusted: Sequence[Network] = ()
                ) -> tuple[TableServer, SoloTables]:
    """A table server with no table of its own, serving the single-player page;
    ``trusted``: the proxies in front of it (``hearts --serve --trust-proxy``)."""
    server = TableServer(data_dir, defaults, 0, executor)
    server.trusted_proxies = tuple(trusted)
    solo = SoloTables(server, defaults, seed)
    server.extensions.append(solo.add_to)
    from hearts.web.daily import DailyPages

    solo.daily = DailyPages(server, defaults, history=data_dir)
    server.extensions.append(solo.daily.add_to)
    pages = WebPages(solo.find, lambda: server.local_only)
    pages.wrong_code = server.wrong_code
    server.extensions.append(pages.add_to)
    return server, solo


def announcement(host: str, port: int) -> list[str]:
    """What to tell the player: the address to open, and any warning."""
    shown = f"[{host}]" if ":" in host else host
    if host in WILDCARDS:
        shown = "127.0.0.1"
    lines = [f"Hearts is served at http://{shown}:{port}/"]
    if not is_loopback(host):
        lines.append("Warning: anyone who can reach this address can play here (each "
                     "browser its own game).")
    lines.append("Open the address in a web browser: each browser plays a game of its own.")
    lines.append("Press Ctrl+C to stop the server (every game is saved).")
    return lines


async def _run(server: TableServer, sock: socket.socket, host: str) -> None:
    # behind a trusted proxy the pages are asked for by the proxy's public name
    server.local_only = is_loopback(host) and not server.trusted_proxies
    runner = server.runner()
    await runner.setup()
    site = web.SockSite(runner, sock, shutdown_timeout=2.0)
    await site.start()
    for line in announcement(host, sock.getsockname()[1]):
        _say(line)
    stop = stop_on_signals()
    try:
        await stop.wait()
    finally:
        await runner.cleanup()
        _say("Stopped; every game is saved")


def _say(line: str) -> None:
    with contextlib.suppress(OSError):
        print(line, flush=True)


def serve_solo(host: str, port: int, data_dir: Path, defaults: TableConfig,
               seed: int | None = None, trusted: Sequence[Network] = ()) -> int:
    """Serve the single-player web table until Ctrl+C (behind the ``trusted``
    proxies, if any); the exit status."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.create_server((host, port), family=family,
                                    dualstack_ipv6=host == "::" and socket.has_dualstack_ipv6())
    except OSError as error:
        print(f"hearts: cannot listen on {host} port {port}: {error.strerror or error}. "
              "Choose another with --port N, or --port 0 for any free port.", file=sys.stderr)
        return 1
    import multiprocessing

    from hearts.net.host.cli import start_worker

    executor = ProcessPoolExecutor(max_workers=max(1, os.cpu_count() or 1),
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=start_worker, initargs=(os.getpid(),))
    server, _solo = make_server(data_dir, defaults, executor, seed, trusted)
    try:
        asyncio.run(_run(server, sock, host))
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
    return 0
