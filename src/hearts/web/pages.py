"""The web table's pages, served by the table server under each table's path.

``/t/TABLE/?code=CODE`` is a seat at the table (the page asks for a name, then
joins over ``/t/TABLE/ws`` like ``hearts join``), ``/t/TABLE/watch?code=WATCH``
watches it, and ``/t/TABLE/js/VERSION/main.js`` (with the modules it imports),
``hearts.css`` and ``words.json`` are the client and its words. Everything a
table needs lives under its path, so a proxy that routes ``/t/TABLE/`` to the
server holding that table routes its pages and its sockets alike.

The page holds no secret of its own: the code goes to the server in ``join``
(wrong codes are slowed down and logged there, as for any client), and the
seat's token lives in an ``HttpOnly``, ``SameSite=Strict`` cookie of the
table's path (:mod:`hearts.net.admission.cookies`). The host's link for a new device
(``&token=``, with the table's code) puts the token in that cookie and sends
the browser on to the address without it; a token without the code sets no
cookie.
"""

from __future__ import annotations

import hashlib
import html
import json
import secrets
from collections.abc import Awaitable, Callable
from functools import cache
from importlib import resources
from string import Template
from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from hearts.net.admission.addresses import is_loopback
from hearts.net.admission.cookies import SEAT_COOKIE, TOKEN, YEAR, seat_path, seat_token
from hearts.net.admission.limits import cross_origin
from hearts.net.tables.table import NetTable
from hearts.rules import Rules, RuleSet
from hearts.words import catalogue_text
from hearts.words.rules import rule_set_text, rules_lines

__all__ = ["ASSETS", "SECURITY_HEADERS", "WebPages", "asset", "modules", "page_text",
           "table_rules", "version"]

ASSETS = {"hearts.css": "text/css", "room.css": "text/css", "daily.css": "text/css",
          "reactions.css": "text/css", "record.css": "text/css",
          "manifest.webmanifest": "application/manifest+json", "icon.svg": "image/svg+xml",
          "icon-192.png": "image/png", "icon-512.png": "image/png"}
"""The client's own files, by name, with their content types (the manifest and
the icons let a phone put the table on its home screen)."""

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
                               "form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
"""Sent with every page and file: the page runs its own script and nothing else,
is framed by no other page, and sends its address to no other site."""


@cache
def asset(name: str) -> bytes:
    """The bytes of one of the client's files (``table.html`` included)."""
    return resources.files(__package__).joinpath("static", name).read_bytes()


@cache
def modules() -> frozenset[str]:
    """The names of the client's ES modules (``static/js/*.js``)."""
    folder = resources.files(__package__).joinpath("static", "js")
    return frozenset(entry.name for entry in folder.iterdir() if entry.name.endswith(".js"))


@cache
def version() -> str:
    """The release of the client's files: a digest of them all, the modules and
    the words included. The page names its files with it (``?v=``, and the
    modules' folder ``js/VERSION/``, which their relative imports stay in), so
    a browser never mixes the files of two releases from its cache."""
    digest = hashlib.sha256()
    for name in (*ASSETS, "table.html", *(f"js/{name}" for name in sorted(modules()))):
        digest.update(name.encode())
        digest.update(asset(name))
    digest.update(catalogue_text().encode())
    return digest.hexdigest()[:12]


def table_rules(rules: Rules) -> dict[str, Any]:
    """What the page is told of the table's rules, for its Help, its rule line and
    its join form: the settings, the rule set they follow (``custom`` if none), the
    points of a hand (what a moon gives the others), and the words the terminal
    says them in (the rule set named in full and in short, and the rules' lines),
    so that the browser does not word them again."""
    rule_set = RuleSet.of(rules)
    return {"rules": rules.to_json(), "set": "custom" if rule_set is None else rule_set.value,
            "hand_value": rules.scoring.hand_value, "named": rule_set_text(rules, "named"),
            "short": rule_set_text(rules, "short"), "lines": rules_lines(rules)}


def page_text(table_id: str, mode: str, seated: bool, rules: Rules | None = None) -> str:
    """The page of table ``table_id``: ``mode`` is ``seat`` or ``watch``; ``seated``
    when the browser holds a seat's cookie there (it joins at once); ``rules``, the
    table's (:func:`table_rules`)."""
    template = Template(asset("table.html").decode("utf-8"))
    told = "" if rules is None else json.dumps(table_rules(rules), separators=(",", ":"))
    return template.substitute(version=version(), mode=mode, table=table_id,
                               seated="1" if seated else "0",
                               rules=html.escape(told, quote=True))


class WebPages:
    """The pages of a table server's tables (add them with :meth:`add_to`)."""

    def __init__(self, find: Callable[[str], NetTable | None], local_only: Callable[[], bool]
                 ) -> None:
        self.find = find
        """The table of an id (None if there is none)."""
        self.local_only = local_only
        """Whether the server answers only to this machine's own address."""
        self.wrong_code: Callable[[str], Awaitable[None]] | None = None
        """Counts a wrong code from an address and waits its delay, as for a join
        (the table server's; None: refused at once)."""

    def add_to(self, app: web.Application) -> None:
        """Add the pages' routes to the server's app."""
        app.router.add_get("/t/{table}", self.to_slash)
        app.router.add_get("/t/{table}/", self.seat_page)
        app.router.add_get("/t/{table}/watch", self.watch_page)
        app.router.add_get("/t/{table}/words.json", self.words)
        app.router.add_get("/t/{table}/{name:(?:hearts|room|reactions|record|daily)\\.css|"
                           "manifest\\.webmanifest|icon(?:-192|-512)?\\.(?:svg|png)}",
                           self.file)
        app.router.add_get("/t/{table}/js/{version:[0-9a-f]{1,32}}/{name:[a-z]+\\.js}", self.module)
        app.router.add_post("/t/{table}/seat", self.keep_seat)
        app.router.add_delete("/t/{table}/seat", self.forget_seat)

    # --- checks ---------------------------------------------------------------------

    def _table(self, request: web.Request) -> str:
        """The table the request names, after the checks every page makes."""
        if self.local_only() and not is_loopback(request.url.host or ""):
            # a page elsewhere must not reach this machine's tables through a
            # name that points here (DNS rebinding)
            raise web.HTTPForbidden(text="This Hearts server answers only to this machine's "
                                         "own address.")
        table_id = request.match_info["table"]
        if len(table_id) > 64 or self.find(table_id) is None:
            raise web.HTTPNotFound(text="No table here has that name: open the address the "
                                        "host gave you.")
        return table_id

    def _right_code(self, table_id: str, code: str) -> bool:
        """Whether ``code`` is the join code of table ``table_id`` (in constant time)."""
        own = getattr(self.find(table_id), "code", None)
        return isinstance(own, str) and secrets.compare_digest(
            own.encode(), code.encode(errors="surrogatepass"))

    @staticmethod
    def _headers(extra: dict[str, str] | None = None) -> dict[str, str]:
        return {**SECURITY_HEADERS, **(extra or {})}

    # --- pages ----------------------------------------------------------------------

    async def to_slash(self, request: web.Request) -> web.StreamResponse:
        """``/t/TABLE`` is ``/t/TABLE/``."""
        table_id = self._table(request)
        query = f"?{request.query_string}" if request.query_string else ""
        raise web.HTTPPermanentRedirect(seat_path(table_id) + query)

    async def seat_page(self, request: web.Request) -> web.StreamResponse:
        """A seat at the table; with ``token`` in the address (the host's link for a
        new device) the token goes into the cookie and the browser is sent on to
        the address without it."""
        table_id = self._table(request)
        token = request.query.get("token")
        if token is not None:
            if not TOKEN.fullmatch(token):
                raise web.HTTPBadRequest(text="That link's token is for no seat: ask the host "
                                              "for the link again.")
            if not self._right_code(table_id, request.query.get("code", "")):
                # no cookie without the table's code: no other site can make a
                # browser forget its seat by sending it to a link of its own
                if self.wrong_code is not None:
                    await self.wrong_code(request.remote or "?")
                raise web.HTTPForbidden(text="That link does not carry this table's code: "
                                             "ask the host for the link again.")
            clean = {k: v for k, v in request.query.items() if k != "token"}
            response = web.Response(status=303, headers=self._headers({
                "Location": seat_path(table_id) + "?" + urlencode(clean),
                "Cache-Control": "no-store"}))
            self._set_cookie(request, response, table_id, token)
            return response
        return self._page(table_id, "seat", seat_token(request.cookies) is not None)

    async def watch_page(self, request: web.Request) -> web.StreamResponse:
        """The table as the public sees it (the watch code is in the address)."""
        return self._page(self._table(request), "watch", False)

    def _page(self, table_id: str, mode: str, seated: bool) -> web.Response:
        table = self.find(table_id)
        rules = None if table is None else table.config.rules
        return web.Response(text=page_text(table_id, mode, seated, rules),
                            content_type="text/html",
                            headers=self._headers({"Cache-Control": "no-store"}))

    async def file(self, request: web.Request) -> web.StreamResponse:
        """The client's script, style sheet, manifest or icons."""
        self._table(request)
        name = request.match_info["name"]
        if name not in ASSETS:
            raise web.HTTPNotFound()
        return web.Response(body=asset(name), content_type=ASSETS[name], headers=self._headers(
            {"Cache-Control": "public, max-age=86400"}))

    async def module(self, request: web.Request) -> web.StreamResponse:
        """One of the client's modules, under the folder of this release: kept by
        the browser for good (a new release is a new folder). Another release's
        folder is not found, so that no page runs a mix of two releases' modules
        (a page is never kept, and loaded again it names this release)."""
        self._table(request)
        name = request.match_info["name"]
        if request.match_info["version"] != version() or name not in modules():
            raise web.HTTPNotFound(text="No such file in this release of the web table: load "
                                        "the page again.")
        return web.Response(body=asset(f"js/{name}"), content_type="text/javascript",
                            headers=self._headers(
                                {"Cache-Control": "public, max-age=31536000, immutable"}))

    async def words(self, request: web.Request) -> web.StreamResponse:
        """The words catalogue the terminal shares."""
        self._table(request)
        return web.Response(text=catalogue_text(), content_type="application/json",
                            headers=self._headers({"Cache-Control": "public, max-age=86400"}))

    # --- the seat's cookie ---------------------------------------------------------

    def _same_site(self, request: web.Request) -> None:
        if "Origin" not in request.headers or cross_origin(request.headers, request.url):
            raise web.HTTPForbidden(text="Only the table's own page keeps a seat.")

    async def keep_seat(self, request: web.Request) -> web.StreamResponse:
        """Keep the token the page was welcomed with in the table's cookie. The
        token is not checked here (no answer tells a good token from a bad one):
        the table checks it when the browser joins with it."""
        table_id = self._table(request)
        self._same_site(request)
        token = (await request.content.read(80)).decode("ascii", "replace").strip()
        if not TOKEN.fullmatch(token):
            raise web.HTTPBadRequest(text="not a seat's token")
        response = web.Response(status=204, headers=self._headers())
        self._set_cookie(request, response, table_id, token)
        return response

    async def forget_seat(self, request: web.Request) -> web.StreamResponse:
        """Forget the browser's seat at the table (it left, or the seat was given up)."""
        table_id = self._table(request)
        self._same_site(request)
        response = web.Response(status=204, headers=self._headers())
        response.del_cookie(SEAT_COOKIE, path=seat_path(table_id))
        return response

    @staticmethod
    def _set_cookie(request: web.Request, response: web.StreamResponse, table_id: str,
                    token: str) -> None:
        response.set_cookie(SEAT_COOKIE, token, max_age=YEAR, path=seat_path(table_id),
                            httponly=True, samesite="Strict", secure=request.secure)
