"""The front page of ``hearts host --serve``: tables started from a browser.

``/`` offers a form (how many people, the computer players' level, the rule
set, the target, a name) and "Play the computer" in one click. ``POST /new``
makes the table on this server (:meth:`~hearts.net.server.TableServer.new_table`:
its id begins with the server's prefix, so a proxy routes it here), seats its
creator (the seat's token goes into the table's ``HttpOnly`` cookie, as the
web table's pages keep it) and sends them to the table's page, where they find
the invite link (:mod:`hearts.web.invite`).

These tables are kept under the data folder's ``web/tables/`` and held in
memory as the single-player ones are (:class:`~hearts.web.solo.SoloTables`: a
table nobody is connected to is put away when room is needed, and opened again
when someone comes back). How many tables are started is limited
(:mod:`hearts.web.starts`, counted for the whole server even behind a proxy
with several workers): by browser, by address and by network (a /24, a /64)
in an hour, in all in an hour, and by the tables held at once; each refusal is
the form again, saying why.
"""

from __future__ import annotations

import asyncio
import html
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from string import Template
from urllib.parse import urlencode

from aiohttp import web

from hearts.net.admission.addresses import is_loopback
from hearts.net.admission.cookies import YEAR, seat_path
from hearts.net.admission.limits import cross_origin
from hearts.net.server import TableServer
from hearts.net.tables import creator
from hearts.net.tables.table import PEOPLE_ORDER, NetTable, TableConfig
from hearts.web.choices import (
    level_options,
    options,
    play_options,
    read_choice,
    rules_options,
    target_options,
)
from hearts.web.daily import DailyPages
from hearts.web.pages import SECURITY_HEADERS, WebPages, asset
from hearts.web.room import RoomPages
from hearts.web.solo import SoloTables
from hearts.web.starts import HOUR, StartLimits, Starts
from hearts.words import fill, words

__all__ = ["BROWSER_COOKIE", "IDLE_CLOSE", "TABLES_COOKIE", "FrontPage"]

BROWSER_COOKIE = "hearts_browser"
"""The cookie that tells one browser from another (for the limits on tables started)."""

TABLES_COOKIE = "hearts_tables"
"""The cookie that lists the tables a browser started (id and code each, newest
first): the front page leads back to them."""

MOST_REMEMBERED = 5
"""The tables a browser's cookie lists."""

_BROWSER_ID = 22  # characters of a browser's id (URL-safe base64 of 16 bytes)


IDLE_CLOSE = 6 * HOUR
"""A table started here that nobody has visited for this long is closed (and kept
in the server's history)."""

SWEEP_SECONDS = 60.0
"""How often the idle tables are looked for."""


class FrontPage:
    """The front page and ``POST /new`` of a table server (add with :meth:`add_to`)."""

    def __init__(self, server: TableServer, defaults: TableConfig,
                 limits: StartLimits | None = None, seed: int | None = None,
                 clock: Callable[[], float] | None = None,
                 wall: Callable[[], float] = time.time, idle_close: float = IDLE_CLOSE,
                 starts_file: Path | None = None) -> None:
        self.server = server
        """The table server that holds the tables."""
        self.defaults = defaults
        """What the form offers first (the host's ``--level``, ``--rules``...)."""
        self.limits = limits or StartLimits()
        """How many tables may be started."""
        self.seed = seed
        """Every new table's seed (tests), or None for a random one."""
        self.starts = Starts(self.limits, clock or wall,
                             starts_file or server.data_dir / "web" / "starts.sqlite")
        """The tables started so far (in ``starts_file``, which every process of the
        server shares: by default the data folder's ``web/starts.sqlite``)."""
        self.held = SoloTables(server, defaults, seed, self.limits.held,
                               server.data_dir / "web" / "tables", kind="b")
        """The tables started here, held in memory or put away."""
        self.room = RoomPages(server, self.find)
        """The seating and the creator's invite, at every table's page."""
        self.idle_close = idle_close
        """Seconds without a visit after which a table started here is closed."""
        self.wall = wall
        """The time of day (seconds since 1970), for the visits."""
        self.visited: dict[str, float] = {}
        """When each table started here was last visited (its page, or someone at it)."""
        self._sweeper: asyncio.Task[None] | None = None
        self.daily = DailyPages(server, defaults, self._admit_deal, held=self.limits.held)
        """Today's deal, challenges and their boards."""

    def find(self, table_id: str) -> NetTable | None:
        """Any table of the server: held, or one started here and put away (opened);
        a visit to a table started here is noted."""
        if self.daily.held.is_ours(table_id):
            found = self.daily.find(table_id)
            if found is not None:
                self.visited[table_id] = self.wall()
            return found
        if not self.held.is_ours(table_id):
            return self.server.tables.get(table_id)
        table = self.held.find(table_id)  # (and it was used now: the last to be put away)
        if table is not None:
            self.visited[table_id] = self.wall()
        return table

    def add_to(self, app: web.Application) -> None:
        """The front page, the new table, the front page's own files, and the sweep
        of idle tables while the app runs."""
        app.router.add_get("/", self.page)
        app.router.add_post("/new", self.new)
        app.router.add_get("/{name:front\\.(?:js|css)}", self.file)
        self.room.add_to(app)
        self.daily.add_to(app)
        app.on_startup.append(self._start_sweeping)
        app.on_shutdown.append(self._stop_sweeping)

    # --- tables nobody visits --------------------------------------------------------

    async def _start_sweeping(self, app: web.Application) -> None:
        self._sweeper = asyncio.create_task(self._sweep_every(SWEEP_SECONDS))

    async def _stop_sweeping(self, app: web.Application) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()

    async def _sweep_every(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                self.sweep()
            except OSError as error:  # one line, and the server goes on
                self.server.warn("sweep", "Could not close the idle tables: %s", error)

    def sweep(self) -> list[str]:
        """Close the tables started here (today's deals' too) that nobody has
        visited for :attr:`idle_close` seconds (held, or put away on disk), keeping
        them in the server's history; the ids closed."""
        now = self.wall()
        closed = []
        for held in (self.held, self.daily.held):  # the tables, and today's deals'
            closed += self._sweep(held, now)
        for table_id in closed:
            self.visited.pop(table_id, None)
            self.server.warn(f"closed {table_id}", "Closed table %s: nobody came to it for "
                             "a while (kept in the history)", table_id)
        return closed

    def _sweep(self, held: SoloTables, now: float) -> list[str]:
        closed = []
        for table in [t for t in self.server.tables.values() if held.is_ours(t.id)]:
            if any(h.outbox is not None for h in table.holders.values()) or \
                    table.watchers.outboxes:
                self.visited[table.id] = now  # someone is at it
                continue
            last = self.visited.setdefault(table.id, now)
            if now - last > self.idle_close:
                creator.close_table(self.server.tables, self.server.data_dir, table,
                                    "nobody came to this table for a while")
                closed.append(table.id)
        folder = held.folder
        for kept in sorted(folder.iterdir()) if folder.is_dir() else []:
            if kept.name in self.server.tables or not held.is_ours(kept.name):
                continue
            last = max([self.visited.get(kept.name, 0.0),
                        *(part.stat().st_mtime for part in kept.iterdir())], default=0.0)
            if now - last > self.idle_close:
                history = creator.history_folder(self.server.data_dir, kept.name)
                history.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                kept.rename(history)
                closed.append(kept.name)
        return closed

    # --- the page -------------------------------------------------------------------

    def _check(self, request: web.Request) -> None:
        if self.server.local_only and not is_loopback(request.url.host or ""):
            raise web.HTTPForbidden(text="This Hearts server answers only to this machine's "
                                         "own address.")

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The form that starts a table, and "Play the computer"."""
        self._check(request)
        return self._form(request)

    def _form(self, request: web.Request, why: str = "", status: int = 200,
              choice: dict[str, str] | None = None) -> web.Response:
        said = words("front")
        web_words = words("web")
        chosen = choice or {}
        defaults = self.defaults
        people = options([(str(n), said[f"people-{n}"]) for n in range(1, 5)],
                         chosen.get("people", "2"))
        text = Template(asset("front.html").decode("utf-8")).substitute(
            title=html.escape(said["title"]), intro=html.escape(said["intro"]),
            new_table=html.escape(said["new-table"]),
            people_label=html.escape(said["people"]), people=people,
            level_label=html.escape(web_words["level"]),
            levels=level_options(defaults.level),
            rules_label=html.escape(web_words["rules"]), rules=rules_options(),
            target_label=html.escape(web_words["target-label"]),
            targets=target_options(defaults.rules),
            play_label=html.escape(said["play"]), plays=play_options(defaults.duplicate),
            name_label=html.escape(web_words["name-label"]),
            name=html.escape(chosen.get("name", "")),
            start=html.escape(said["start"]), solo_title=html.escape(said["solo-title"]),
            solo_intro=html.escape(said["solo-intro"]),
            solo_start=html.escape(said["solo-start"]),
            why=html.escape(why), why_hidden="" if why else " hidden",
            yours=self._yours(request), today=self.daily.section())
        response = web.Response(text=text, content_type="text/html", status=status,
                                headers={**SECURITY_HEADERS, "Cache-Control": "no-store"})
        if self._browser(request) is None:
            response.set_cookie(BROWSER_COOKIE, secrets.token_urlsafe(16), max_age=YEAR,
                                path="/", httponly=True, samesite="Lax",
                                secure=request.secure)
        return response

    def _remembered(self, request: web.Request) -> list[tuple[str, str]]:
        """The tables this browser started (id, code), as its cookie lists them."""
        pairs = []
        for entry in request.cookies.get(TABLES_COOKIE, "").split(".")[:MOST_REMEMBERED]:
            table_id, _, code = entry.partition("~")
            if self.held.is_ours(table_id) and code and len(code) <= 64:
                pairs.append((table_id, code))
        return pairs

    def _yours(self, request: web.Request) -> str:
        """Links back to the tables this browser started that are still open (only
        with the table's own code: an id alone leads nowhere)."""
        items = []
        for table_id, code in self._remembered(request):
            table = self.held.find(table_id)
            if table is None or table.closed or not secrets.compare_digest(
                    table.code.encode(), code.encode(errors="surrogatepass")):
                continue
            names = [h.name for h in table.holders.values() if h.seated]
            link = seat_path(table.id) + "?" + urlencode({"code": table.code})
            text = fill(words("front.your-table"), names=", ".join(names) or table.id)
            items.append(f'<li><a href="{html.escape(link)}">{html.escape(text)}</a></li>')
        if not items:
            return ""
        return ('<section class="card-panel yours" aria-labelledby="yours-title">'
                f'<h2 id="yours-title">{html.escape(words("front.yours"))}</h2>'
                f'<ul>{"".join(items)}</ul></section>')

    async def file(self, request: web.Request) -> web.StreamResponse:
        """The front page's script or style sheet."""
        name = request.match_info["name"]
        kind = "application/javascript" if name.endswith(".js") else "text/css"
        return web.Response(body=asset(name), content_type=kind, headers={
            **SECURITY_HEADERS, "Cache-Control": "public, max-age=3600"})

    @staticmethod
    def _browser(request: web.Request) -> str | None:
        value = request.cookies.get(BROWSER_COOKIE, "")
        ok = len(value) == _BROWSER_ID and value.replace("-", "").replace("_", "").isalnum()
        return value if ok else None

    # --- a new table ----------------------------------------------------------------

    async def _take_start(self, request: web.Request) -> str | None:
        """Count one table started by the request's browser and address (None: it
        may be; else why not), off the event loop: the file every worker shares
        may be busy a moment with another's count, and the tables here play on."""
        return await asyncio.to_thread(self.starts.take, self._browser(request),
                                       request.remote or "?")

    async def _admit_deal(self, request: web.Request) -> str | None:
        """A table of today's deal (or a challenge's) counts as a table started."""
        refusal = await self._take_start(request)
        if refusal is not None:
            self.server.warn("starts " + refusal, "Refused a deal's table from %s (%s)",
                             request.remote, refusal)
        return refusal

    async def new(self, request: web.Request) -> web.StreamResponse:
        """Start the table the form asks for, seat its creator, and send them to it."""
        self._check(request)
        said = words("front")
        if "Origin" in request.headers and cross_origin(request.headers, request.url):
            return self._form(request, said["refused-origin"], 403)
        form = await request.post()
        asked = {key: str(form.get(key, ""))[:40] for key in ("people", "name")}
        try:
            choice = read_choice(form, self.defaults, people=1, most_people=len(PEOPLE_ORDER),
                                 default_name=said["default-name"])
        except ValueError as error:
            return self._form(request, fill(said["refused-form"], message=str(error)), 400, asked)
        refusal = await self._take_start(request)
        if refusal is not None:
            self.server.warn("starts " + refusal, "Refused a new table from %s (%s)",
                             request.remote, refusal)
            response = self._form(request, said[refusal], 429, asked)
            response.headers["Retry-After"] = "600"
            return response
        if not self.held.room():
            return self._form(request, said["refused-busy"], 503, asked)
        table = self.server.new_table(choice.config, self.held.folder, "b", seed=self.seed,
                                      creator=choice.name)
        self.held.keep(table)
        creator = table.holders[PEOPLE_ORDER[0]]
        assert creator.token is not None
        link = seat_path(table.id) + "?" + urlencode({"code": table.code})
        response = web.Response(status=303, headers={**SECURITY_HEADERS, "Location": link,
                                                     "Cache-Control": "no-store"})
        # the same cookie, with the same flags, as the page's own seat keeps
        WebPages._set_cookie(request, response, table.id, creator.token)
        kept = [f"{table.id}~{table.code}"] + [f"{i}~{c}" for i, c in self._remembered(request)]
        response.set_cookie(TABLES_COOKIE, ".".join(kept[:MOST_REMEMBERED]), max_age=YEAR,
                            path="/", httponly=True, samesite="Lax", secure=request.secure)
        return response
