"""``hearts host --serve``: a web page for each table, for friends with only a browser.

A person opens ``http://HOST:WEBPORT/?code=CODE`` and gives a name; the page's
game (its connection goes to ``/ws/CODE/NAME``) is ``hearts join`` run for them
on the server's machine, drawn by textual-serve as ``hearts --serve`` draws the
single-player game. The page is only a front end: the seat is taken over the
table's WebSocket like any other, with the same code, so the table server stays
the only referee. The hands such a seat plays are kept on the server's machine,
in a store for each name under the server's data folder (``web/NAME``).
"""

from __future__ import annotations

import html
import os
import re
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import quote

from aiohttp import web

from hearts.net.cli import EXIT_WITH_PARENT
from hearts.net.cli import host_main as run_host
from hearts.net.messages import MAX_NAME
from hearts.net.server import TableServer
from hearts.tui.serve import HeartsServer, is_loopback, listen

__all__ = ["SeatPages", "clean_name", "main", "start_pages"]

_FORM = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Hearts</title>
<style>
html, body {{ margin: 0; height: 100%; background: #0a6b22; color: #fff; font: 18px sans-serif; }}
body {{ display: flex; align-items: center; justify-content: center; }}
form {{ background: #053d13; padding: 24px 48px; border-radius: 6px; text-align: center; }}
h1 {{ margin: 0 0 12px; font-size: 32px; }} h1 span {{ color: #ff5a5a; }}
input, button {{ font: 18px sans-serif; padding: 8px; margin-top: 12px; }}
</style></head><body>
<form method="get" action="/">
<h1><span>&#9829;</span> Hearts</h1>
<div>{message}</div>
<input type="hidden" name="code" value="{code}">
<input name="name" maxlength="{limit}" required autofocus placeholder="Your name">
<button type="submit">Sit down</button>
</form></body></html>
"""


def clean_name(text: str) -> str:
    """A name as the table will show it: printable, single spaces, at most
    :data:`~hearts.net.messages.MAX_NAME` characters ("" when nothing is left)."""
    printable = "".join(char if char.isprintable() else " " for char in text)
    return " ".join(printable.split())[:MAX_NAME].strip()


def _folder_name(name: str) -> str:
    """A folder name for a person's store: letters, digits, dashes and dots only."""
    slug = re.sub(r"[^A-Za-z0-9.-]+", "-", name).strip(".-")
    return slug.lower() or "guest"


class SeatPages(HeartsServer):
    """The web pages of a table server's tables: a name form, then a seat."""

    session_name = "Browser seat"

    def __init__(self, tables: TableServer, table_url: str, host: str, data_dir: Path,
                 say: Callable[[str], None] = print) -> None:
        super().__init__([], host, say)
        self.tables = tables
        """The table server whose tables the pages seat people at."""
        self.table_url = table_url
        """The tables' WebSocket address, as this machine reaches it."""
        self.data_dir = data_dir
        """Under it, ``web/NAME`` keeps each browser person's hands."""

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

    async def page(self, request: web.Request) -> web.Response:
        """The name form, or the table once the address carries a name."""
        refusal = self.refusal(request)
        if refusal:
            raise web.HTTPForbidden(text=refusal)
        code = self._code(request)
        asked = request.query.get("name")
        name = clean_name(asked or "")
        if not name:
            message = "Your name at the table:" if asked is None else \
                "Please give a name with at least one letter or digit:"
            form = _FORM.format(message=message, code=html.escape(code, quote=True),
                                limit=MAX_NAME)
            return web.Response(text=form, content_type="text/html")
        return self.game_page(request, f"/ws/{quote(code, safe='')}/{quote(name, safe='')}")

    def game_command(self, request: web.Request) -> tuple[list[str], dict[str, str]]:
        """``hearts join`` at the table of the code, under the name given."""
        code = self._code(request)
        name = clean_name(request.match_info.get("name", ""))
        if not name:
            raise web.HTTPForbidden(text="A seat needs a name.")
        argv = [sys.executable, "-m", "hearts", "join", self.table_url,
                "--code", code, "--name", name]
        store = self.data_dir / "web" / _folder_name(name)
        return argv, {"HEARTS_DATA_DIR": str(store), EXIT_WITH_PARENT: str(os.getpid())}


def _announce(pages: SeatPages, host: str, port: int) -> None:
    if host in ("", "0.0.0.0", "::"):
        shown = socket.gethostname()
    else:
        shown = f"[{host}]" if ":" in host else host
    pages.say(f"Web pages at http://{shown}:{port}/ (for friends with only a browser):")
    for table in pages.tables.tables.values():
        pages.say(f"  table {table.id}: http://{shown}:{port}/?code={table.code}")
    if not is_loopback(host):
        pages.say("Warning: each page starts a game process on this machine for anyone "
                  "who has the table's code.")


async def start_pages(tables: TableServer, table_url: str, host: str, port: int
                      ) -> Callable[[], Awaitable[None]]:
    """Serve the tables' pages on ``host`` and ``port``; returns what stops them."""
    pages = SeatPages(tables, table_url, host, tables.data_dir, say=_say)
    sock = listen(host, port)
    runner = web.AppRunner(pages.make_app(), handle_signals=False, access_log=None)
    await runner.setup()
    site = web.SockSite(runner, sock, shutdown_timeout=2.0)
    await site.start()
    _announce(pages, host, sock.getsockname()[1])

    async def stop() -> None:
        pages.closing = True
        await site.stop()
        await pages.end_all()
        await runner.cleanup()

    return stop


def _say(line: str) -> None:
    print(line, flush=True)


def main(argv: list[str]) -> int:
    """``hearts host``, with the web pages that ``--serve`` asks for."""
    return run_host(argv, start_pages)
