"""``hearts host --serve``: a web page for each table, for friends with only a browser.

A person opens ``http://HOST:WEBPORT/?code=CODE`` and gives a name; the page's
game (its connection goes to ``/ws/CODE/NAME``) is ``hearts join`` run for them
on the server's machine, drawn by textual-serve as ``hearts --serve`` draws the
single-player game. The page is only a front end: the seat is taken over the
table's WebSocket like any other, with the same code, so the table server stays
the only referee.

Each browser keeps its own seats: the name form gives it a random id in a
cookie (``HttpOnly``, ``SameSite=Strict``), and a seat's ``hearts join`` keeps
its token and finished hands in a folder of that browser and that name
(``web/BROWSER/NAME-…``), so another browser that types the same name never
finds that person's token. The host's link for a person on a new device
(``&token=...``) hands the seat's token to the game once (``--token``), and
the address is cleaned of it at once. The pages start at most
:attr:`SeatPages.max_sessions` seats' games; beyond, a page says so.
"""

from __future__ import annotations

import hashlib
import html
import os
import re
import secrets
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import quote, urlencode

from aiohttp import web

from hearts.net.cli import EXIT_WITH_PARENT
from hearts.net.cli import host_main as run_host
from hearts.net.names import MAX_NAME, BadName, check_name, name_key
from hearts.net.server import TableServer
from hearts.tui.serve import HeartsServer, listen

__all__ = ["BROWSER_COOKIE", "MAX_SEATS", "SeatPages", "main", "start_pages"]

BROWSER_COOKIE = "hearts_browser"
"""The cookie that holds a browser's id."""

MAX_SEATS = 64
"""The most browser seats' games the pages run at once, however many tables."""

_BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{22}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")
_YEAR = 365 * 24 * 3600

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Hearts</title>
<style>
html, body {{ margin: 0; height: 100%; background: #0a6b22; color: #fff; font: 18px sans-serif; }}
body {{ display: flex; align-items: center; justify-content: center; }}
form, .panel {{ background: #053d13; padding: 24px 48px; border-radius: 6px; text-align: center;
  max-width: 32em; }}
h1 {{ margin: 0 0 12px; font-size: 32px; }} h1 span {{ color: #ff5a5a; }}
input, button {{ font: 18px sans-serif; padding: 8px; margin-top: 12px; }}
.why {{ color: #ffd27a; }}
</style></head><body>
{body}
</body></html>
"""

_FORM = """<form method="get" action="/">
<h1><span>&#9829;</span> Hearts</h1>
<div class="{style}">{message}</div>
<input type="hidden" name="code" value="{code}">
<input name="name" maxlength="{limit}" required autofocus placeholder="Your name" value="{name}">
<button type="submit">Sit down</button>
</form>"""

_NOTICE = """<div class="panel"><h1><span>&#9829;</span> Hearts</h1>
<div>{message}</div></div>"""


def _seat_folder(name: str) -> str:
    """A folder name for one person's seat: the name's letters and digits, and a
    short digest of the name (so names that read alike never share a folder)."""
    slug = re.sub(r"[^A-Za-z0-9.-]+", "-", name).strip(".-").lower()[:24] or "guest"
    digest = hashlib.sha256(name_key(name).encode()).hexdigest()[:8]
    return f"{slug}-{digest}"


def _page(body: str, status: int = 200) -> web.Response:
    return web.Response(text=_PAGE.format(body=body), content_type="text/html", status=status)


def _see_other(location: str) -> web.Response:
    return web.Response(status=303, headers={"Location": location})


def _notice(message: str, status: int) -> web.Response:
    return _page(_NOTICE.format(message=message), status)


class SeatPages(HeartsServer):
    """The web pages of a table server's tables: a name form, then a seat."""

    session_name = "Browser seat"
    stopped_text = ("The table's server stopped. Your seat is kept: this page comes back "
                    "by itself when the host starts it again (or reload it then).")

    def __init__(self, tables: TableServer, table_url: str, host: str, data_dir: Path,
                 say: Callable[[str], None] = print, max_sessions: int | None = None) -> None:
        super().__init__([], host, say)
        self.tables = tables
        """The table server whose tables the pages seat people at."""
        self.table_url = table_url
        """The tables' WebSocket address, as this machine reaches it."""
        self.data_dir = data_dir
        """Under it, ``web/BROWSER/NAME-…`` keeps each browser seat's token and hands."""
        people = tables.config.people * max(1, len(tables.tables) or tables.count)
        self.max_sessions = max_sessions or min(MAX_SEATS, people + 4)
        """The most seats' games at once: a person's seat at every table, and a
        few more for pages being reloaded."""
        self._tokens: dict[tuple[str, str], str] = {}
        """Tokens from the host's links, by (browser, code), until their game starts."""

    def make_app(self) -> web.Application:
        """The pages' application: the form and the table at ``/``, a seat's game at
        ``/ws/CODE/NAME``."""
        app = super().make_app()
        app.router.add_get("/ws/{code}/{name}", self.play)
        return app

    def _code(self, request: web.Request) -> str:
        code = request.match_info.get("code") or request.query.get("code", "")
        if not code or len(code) > 64 or self.tables.find(code) is None:
            raise web.HTTPForbidden(
                text="No table has that code: open the address the host gave you, "
                     "with its ?code=...")
        return code

    @staticmethod
    def browser(request: web.Request) -> str | None:
        """The id of the browser that sent ``request`` (from its cookie), if it has one."""
        value = request.cookies.get(BROWSER_COOKIE, "")
        return value if _BROWSER_ID.fullmatch(value) else None

    def full(self) -> web.Response:
        """The page that says every browser seat is in use."""
        return _notice(f"Every browser seat this host offers is in use "
                       f"({self.max_sessions}). Try again when someone leaves, or play "
                       "in a terminal with <code>hearts join</code> (ask the host).", 503)

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The name form, or the table once the address carries a good name."""
        refusal = self.refusal(request)
        if refusal:
            raise web.HTTPForbidden(text=refusal)
        code = self._code(request)
        asked = request.query.get("name")
        token = request.query.get("token")
        if token is not None and not _TOKEN.fullmatch(token):
            raise web.HTTPForbidden(text="That link's token is for no seat: ask the host for "
                                         "the link again.")
        browser = self.browser(request)
        if asked is None:
            return self._remember(self._form(code, "Your name at the table:"), browser)
        try:
            name = check_name(asked)
        except BadName as error:
            return self._remember(self._form(code, f"{html.escape(str(error))}.", asked,
                                             refused=True), browser)
        if browser is None:
            # A browser new to the pages (a link opened on a new device): give it an
            # id and come back; a browser that will not keep cookies is told why.
            if request.query.get("cookie") == "1":
                return _notice("This page keeps your seat in a cookie, and your browser "
                               "did not keep it: allow cookies for this address, then "
                               "reload.", 403)
            query = {**request.query, "cookie": "1"}
            return self._remember(_see_other(f"/?{urlencode(query)}"), None)
        if token is not None or "cookie" in request.query:
            if token is not None:
                self._tokens[browser, code] = token
            # The address the person sees (and may share) carries no token.
            clean = {k: v for k, v in request.query.items() if k not in ("token", "cookie")}
            return _see_other(f"/?{urlencode(clean)}")
        if self.max_sessions is not None and len(self.sessions) >= self.max_sessions:
            return self.full()
        return self.game_page(request, f"/ws/{quote(code, safe='')}/{quote(name, safe='')}")

    def _form(self, code: str, message: str, name: str = "", refused: bool = False
              ) -> web.Response:
        form = _FORM.format(message=message, style="why" if refused else "",
                            code=html.escape(code, quote=True), limit=MAX_NAME,
                            name=html.escape(name, quote=True))
        return _page(form)

    @staticmethod
    def _remember(response: web.StreamResponse, browser: str | None) -> web.StreamResponse:
        """``response``, giving the browser an id if it has none."""
        if browser is None:
            response.set_cookie(BROWSER_COOKIE, secrets.token_urlsafe(16), max_age=_YEAR,
                                path="/", httponly=True, samesite="Strict")
        return response

    def game_command(self, request: web.Request) -> tuple[list[str], dict[str, str]]:
        """``hearts join`` at the table of the code, under the name given, keeping
        its token and hands in the folder of this browser and this name."""
        code = self._code(request)
        try:
            name = check_name(request.match_info.get("name", ""))
        except BadName as error:
            raise web.HTTPForbidden(text=str(error)) from None
        browser = self.browser(request)
        if browser is None:
            raise web.HTTPForbidden(text="This page keeps your seat in a cookie: allow "
                                         "cookies for this address, then reload.")
        argv = [sys.executable, "-m", "hearts", "join", self.table_url,
                f"--code={code}", f"--name={name}"]
        token = self._tokens.pop((browser, code), None)
        if token is not None:
            argv += [f"--token={token}"]
        store = self.data_dir / "web" / browser / _seat_folder(name)
        return argv, {"HEARTS_DATA_DIR": str(store), EXIT_WITH_PARENT: str(os.getpid())}


async def start_pages(tables: TableServer, table_url: str, host: str, port: int
                      ) -> tuple[Callable[[], Awaitable[None]], int]:
    """Serve the tables' pages on ``host`` and ``port`` (0: any free one); returns
    what stops them, and the port."""
    pages = SeatPages(tables, table_url, host, tables.data_dir, say=_say)
    sock = listen(host, port)
    runner = web.AppRunner(pages.make_app(), handle_signals=False, access_log=None,
                           keepalive_timeout=tables.limits.header_seconds)
    await runner.setup()
    site = web.SockSite(runner, sock, shutdown_timeout=2.0)
    await site.start()

    async def stop() -> None:
        pages.closing = True
        await site.stop()
        await pages.end_all()
        await runner.cleanup()

    return stop, int(sock.getsockname()[1])


def _say(line: str) -> None:
    print(line, flush=True)


def main(argv: list[str]) -> int:
    """``hearts host``, with the web pages that ``--serve`` asks for."""
    return run_host(argv, start_pages)
