"""The pages of today's deal and challenges' deals in the browser, and of the boards.

From the front page of ``hearts host --serve`` and the page of ``hearts
--serve``, "Play today's deal" starts a table of its own for the browser
(:class:`~hearts.web.dealtables.DailyTable`): one hand, the person South against
three Experts, dealt exactly as ``hearts daily`` deals it, under the server's
rules to 100. A challenge's code opens ``/c/CODE``, whose deals are played
alike.

The **par** of a deal is worked out once a server
(:class:`~hearts.web.dealtables.Pars`: in a worker, as the first table of that
deal starts; then kept in the data folder's ``web/pars.json``), never once a
request. At the hand's end the page
(``daily.js``) shows the points beside the par, the review (the table's own
Review button) and the board: the person puts their result on it under a name
(:mod:`hearts.web.boards`), sent as the hand's record the server kept, checked
as any record sent to the board is.

Routes: ``POST /daily`` (today's deal), ``GET /c?code=`` and ``/c/CODE`` (a
challenge), ``POST /c/CODE/N`` (its deal N), ``/t/TABLE/daily.json`` (what the
page shows at the end), ``POST /t/TABLE/board`` (the result on the board),
``GET /board/day/DATE/RULES`` and ``/board/c/CODE`` (a board; ``.json`` for
its data), ``POST /board`` (a day's or challenge record sent by a program).
"""

from __future__ import annotations

import asyncio
import html
import json
import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from aiohttp import web

from hearts.arena.rulestext import parse_rules
from hearts.cards import Seat
from hearts.challenge import MAX_DEALS, Challenge, ChallengeError
from hearts.daily import ChallengeDeal, DailyDeal, SetDeal, daily_rules, today
from hearts.net.admission.addresses import is_loopback
from hearts.net.admission.cookies import YEAR, seat_path, seat_token
from hearts.net.admission.limits import cross_origin
from hearts.net.server import TableServer
from hearts.net.tables.table import TableConfig
from hearts.net.wire.codes import fresh_secret
from hearts.web.boards import Board, BoardRefused, Boards, check_claim, claim_of
from hearts.web.boards import board_name as checked_name
from hearts.web.dealtables import DailyTable, Pars, keep_in_history
from hearts.web.pages import SECURITY_HEADERS, WebPages, asset
from hearts.web.solo import MAX_SOLO, SoloTables
from hearts.words import fill, words
from hearts.words.daily import ending_line

__all__ = ["BOARD_COOKIE", "DEALS_COOKIE", "DailyPages", "board_path", "boards_folder"]

BOARD_COOKIE = "hearts_board"
"""The cookie that holds a browser's board token (its names on the boards)."""

DEALS_COOKIE = "hearts_deals"
"""The cookie that lists the tables of deals a browser started (id and code each,
newest first): the same deal started again goes back to its table, so a browser
plays each deal once."""

MOST_DEALS = 12
"""The tables of deals a browser's cookie lists."""


def boards_folder(server: TableServer) -> Path:
    """Where a server's boards are kept: ``DIR/web/boards``, DIR being the data
    folder of the whole server for a worker of ``hearts host --workers`` (whose own
    folder is ``DIR/wK``, its tables' prefix ``wK-``), so that every worker shows
    and adds to the same boards."""
    data = server.data_dir
    if server.prefix and data.name == server.prefix.removesuffix("-"):
        data = data.parent
    return data / "web" / "boards"


def board_path(claim_kind: str, ident: str) -> str:
    """The address of a board's page."""
    if claim_kind == "day":
        day, _, rules = ident.partition("/")
        return f"/board/day/{day}/{quote(rules, safe=',')}"
    return f"/board/c/{ident}"


def _page(title: str, body: str) -> str:
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(title)}</title>'
            '<link rel="stylesheet" href="/daily.css"></head>'
            f'<body class="daily-page"><main>{body}</main></body></html>')


class DailyPages:
    """Today's deal, challenges and boards on a table server (add with :meth:`add_to`)."""

    def __init__(self, server: TableServer, defaults: TableConfig,
                 admit: Callable[[web.Request], Awaitable[str | None]] | None = None,
                 clock: Callable[[], datetime] | None = None,
                 history: Path | None = None, held: int = MAX_SOLO) -> None:
        self.server = server
        self.rules = daily_rules(defaults.rules)
        """The rules of this server's deals (the host's, to 100)."""
        self.pars = Pars(server.data_dir / "web" / "pars.json", server.executor)
        """The pars, worked out once."""
        self.held = SoloTables(server, defaults, None, held,
                               folder=server.data_dir / "web" / "daily", kind="d")
        self.held.loader = self._reopen
        """The tables of deals played here, held in memory or put away."""
        self.history = history
        """The data folder of the person whose history keeps the deals played here
        (``hearts --serve``: one person's own server); None on a public server."""
        self.boards = Boards(boards_folder(server),
                             warn=lambda text: server.warn("board", "%s", text))
        """The boards."""
        self.admit = admit
        """The limits on tables started (the front page's), if any."""
        self.clock = clock or (lambda: datetime.now(UTC))
        self._lock = asyncio.Lock()
        self._keeping: set[asyncio.Task[None]] = set()

    def _reopen(self, folder: Path) -> DailyTable:
        table = DailyTable.reopen(folder, self.server.executor, self.server.factory, self.pars)
        table.on_over = self._ended
        return table

    def _ended(self, table: DailyTable, par: int) -> None:
        """A deal's hand is over: keep it with the person's history, if this server
        has one (off the event loop)."""
        if self.history is None:
            return
        history = self.history

        async def keep() -> None:
            try:
                await asyncio.to_thread(keep_in_history, history, table, par)
            except Exception as error:  # one line, and the table goes on
                self.server.warn("history", "A deal could not be kept in the history: %r",
                                 error)
        self._keeping.add(task := asyncio.get_running_loop().create_task(keep()))
        task.add_done_callback(self._keeping.discard)

    def today(self) -> DailyDeal:
        """Today's deal on this server."""
        return DailyDeal(today(self.clock()), self.rules)

    def find(self, table_id: str) -> DailyTable | None:
        """A table of a deal played here (held, or opened again), if ``table_id`` is one."""
        if not self.held.is_ours(table_id):
            return None
        table = self.held.find(table_id)
        return table if isinstance(table, DailyTable) else None

    def add_to(self, app: web.Application) -> None:
        """The routes."""
        app.router.add_post("/daily", self.start_today)
        app.router.add_get("/c", self.challenge_form)
        app.router.add_post("/c", self.new_challenge)
        app.router.add_get("/c/{code}", self.challenge_page)
        app.router.add_post("/c/{code}/{number:[0-9]{1,2}}", self.start_challenge)
        app.router.add_get("/t/{table}/daily.json", self.table_result)
        app.router.add_post("/t/{table}/board", self.post_from_table)
        app.router.add_get("/board/day/{day}/{rules}", self.board_page)
        app.router.add_get("/board/c/{code}", self.board_page)
        app.router.add_post("/board", self.post_record)
        app.router.add_get("/daily.css", self.style)

    # --- checks ---------------------------------------------------------------------

    def _check(self, request: web.Request, posted: bool = False) -> None:
        if self.server.local_only and not is_loopback(request.url.host or ""):
            raise web.HTTPForbidden(text="This Hearts server answers only to this machine's "
                                         "own address.")
        if posted and "Origin" in request.headers and cross_origin(request.headers,
                                                                  request.url):
            raise web.HTTPForbidden(text="A deal starts only from this server's own pages.")

    @staticmethod
    def _headers(extra: dict[str, str] | None = None) -> dict[str, str]:
        return {**SECURITY_HEADERS, "Cache-Control": "no-store", **(extra or {})}

    # --- the front page's part ------------------------------------------------------

    def section(self) -> str:
        """The front page's panel: today's deal, its board, and a challenge's code."""
        said = words("today")
        daily = self.today()
        board = board_path("day", f"{daily.day.isoformat()}/{daily.words}")
        deals = "".join(f'<option value="{n}"{" selected" if n == 5 else ""}>'
                        f'{html.escape(fill(said["new-deals"], count=n))}</option>'
                        for n in (1, 3, 5, 10, MAX_DEALS))
        return (
            '<link rel="stylesheet" href="/daily.css">'
            '<section class="card-panel today" aria-labelledby="today-title">'
            f'<h2 id="today-title">{html.escape(said["title"])}</h2>'
            f'<p>{html.escape(fill(said["intro"], day=daily.day.isoformat(), rules=daily.words))}'
            '</p><form method="post" action="/daily" class="quick-form">'
            '<input type="hidden" name="name" value="" class="remembered-name">'
            f'<button type="submit" class="primary">{html.escape(said["play"])}</button></form>'
            f'<p><a href="{html.escape(board)}">{html.escape(said["board-link"])}</a></p>'
            '<form method="get" action="/c" class="challenge-form">'
            f'<p><label for="challenge-code">{html.escape(said["challenge-label"])}</label>'
            '<input id="challenge-code" name="code" maxlength="40" autocomplete="off" '
            'spellcheck="false" placeholder="abcd-efgh-ijkl-mnop-qrst"></p>'
            f'<button type="submit">{html.escape(said["challenge-open"])}</button></form>'
            '<form method="post" action="/c" class="challenge-form">'
            f'<p><label for="challenge-deals">{html.escape(said["new-label"])}</label>'
            f'<select id="challenge-deals" name="deals">{deals}</select></p>'
            f'<button type="submit">{html.escape(said["new"])}</button></form>'
            '</section>')

    # --- starting a deal ------------------------------------------------------------

    async def start_today(self, request: web.Request) -> web.StreamResponse:
        """A table of today's deal for this browser, then its page."""
        self._check(request, posted=True)
        form = await request.post()
        return await self._start(request, self.today(), None, str(form.get("name", "")))

    async def start_challenge(self, request: web.Request) -> web.StreamResponse:
        """A table of deal N of a challenge, then its page."""
        self._check(request, posted=True)
        challenge = self._challenge(request.match_info["code"])
        try:
            deal = challenge.deal(int(request.match_info["number"]))
        except ChallengeError as error:
            raise web.HTTPNotFound(text=str(error)) from None
        form = await request.post()
        return await self._start(request, deal, challenge, str(form.get("name", "")))

    async def _start(self, request: web.Request, deal: SetDeal, challenge: Challenge | None,
                     name: str) -> web.StreamResponse:
        try:
            name = checked_name(name or str(words("front.default-name")))
        except BoardRefused:
            name = str(words("front.default-name"))
        mine = self._mine(request)
        for table in mine:
            if table.deal == deal:  # played here before: the first play is the one
                return web.Response(status=303, headers=self._headers({
                    "Location": seat_path(table.id) + "?" + urlencode({"code": table.code})}))
        refusal = await self.admit(request) if self.admit is not None else None
        if refusal is not None:
            raise web.HTTPTooManyRequests(text=str(words(f"front.{refusal}")),
                                          headers={"Retry-After": "600"})
        if not self.held.room():
            raise web.HTTPServiceUnavailable(text=str(words("front.refused-busy")))
        table = DailyTable.begin(self.server, self.held.folder, "d", deal, challenge, name,
                                 self.pars)
        table.on_over = self._ended
        self.held.keep(table)
        holder = next(iter(table.holders.values()))
        assert holder.token is not None
        response = web.Response(status=303, headers=self._headers({
            "Location": seat_path(table.id) + "?" + urlencode({"code": table.code})}))
        WebPages._set_cookie(request, response, table.id, holder.token)
        kept = [f"{t.id}~{t.code}" for t in [table, *mine]][:MOST_DEALS]
        response.set_cookie(DEALS_COOKIE, ".".join(kept), max_age=YEAR, path="/",
                            httponly=True, samesite="Lax", secure=request.secure)
        return response

    def _mine(self, request: web.Request) -> list[DailyTable]:
        """The tables of deals this browser started here that are still kept, as its
        cookie lists them (each checked against its table's code)."""
        out = []
        for entry in request.cookies.get(DEALS_COOKIE, "").split(".")[:MOST_DEALS]:
            table_id, _, code = entry.partition("~")
            table = self.find(table_id) if code and len(code) <= 64 else None
            if table is not None and secrets.compare_digest(
                    table.code.encode(), code.encode(errors="surrogatepass")):
                out.append(table)
        return out

    # --- challenges -----------------------------------------------------------------

    @staticmethod
    def _challenge(code: str) -> Challenge:
        try:
            return Challenge.parse(code[:64])
        except ChallengeError as error:
            raise web.HTTPNotFound(text=f"No challenge has that code: {error}.") from None

    async def challenge_form(self, request: web.Request) -> web.StreamResponse:
        """The front page's code form: on to the challenge's page."""
        self._check(request)
        challenge = self._challenge(request.query.get("code", ""))
        raise web.HTTPSeeOther(f"/c/{challenge.code}")

    async def new_challenge(self, request: web.Request) -> web.StreamResponse:
        """A new challenge of the deals asked for, under this server's rules: on to
        its page, whose address is the link to send."""
        self._check(request, posted=True)
        form = await request.post()
        try:
            challenge = Challenge.new(self.rules, int(str(form.get("deals", "5"))[:3]))
        except ValueError as error:
            raise web.HTTPBadRequest(text=f"No challenge was made: {error}.") from None
        raise web.HTTPSeeOther(f"/c/{challenge.code}")

    async def challenge_page(self, request: web.Request) -> web.StreamResponse:
        """A challenge: its rules, a button a deal, and its board."""
        self._check(request)
        challenge = self._challenge(request.match_info["code"])
        said = words("today")
        intro = fill(said["challenge-intro"], count=challenge.deals, rules=challenge.deal(1).words)
        board_words = said["board-link-challenge"]
        items = "".join(
            f'<li><form method="post" action="/c/{challenge.code}/{n}">'
            '<input type="hidden" name="name" value="" class="remembered-name">'
            f'<button type="submit">{html.escape(fill(said["play-deal"], number=n))}</button>'
            '</form></li>' for n in range(1, challenge.deals + 1))
        link = str(request.url.with_query(None).with_fragment(None))
        body = (f'<h1>{html.escape(fill(said["challenge-title"], name=challenge.code))}</h1>'
                f'<p>{html.escape(intro)}</p>'
                f'<p><label for="challenge-link">{html.escape(said["link-label"])}</label>'
                f'<input id="challenge-link" class="link" readonly value="{html.escape(link)}">'
                '</p>'
                f'<ol class="deals">{items}</ol>'
                f'<p><a href="/board/c/{challenge.code}">{html.escape(board_words)}</a>'
                f' - <a href="/">{html.escape(said["home"])}</a></p>')
        return web.Response(text=_page(fill(said["challenge-title"], name=challenge.code), body),
                            content_type="text/html", headers=self._headers())

    # --- the end of a deal ----------------------------------------------------------

    def _table(self, request: web.Request) -> DailyTable:
        self._check(request)
        table = self.find(request.match_info["table"][:64])
        if table is None:
            raise web.HTTPNotFound(text="No deal is played at that table.")
        return table

    async def table_result(self, request: web.Request) -> web.StreamResponse:
        """What the page shows of the deal: its name, and once over the points, the
        par (or null while worked out), the board's address and the next deal. Any
        other table answers 204, no content (every table's page asks)."""
        self._check(request)
        if self.find(request.match_info["table"][:64]) is None:
            return web.Response(status=204, headers=self._headers())
        table = self._table(request)
        deal = table.deal
        said = words("today")
        if isinstance(deal, DailyDeal):
            title = fill(said["table-title"], day=deal.day.isoformat(), rules=deal.words)
            board = board_path("day", f"{deal.day.isoformat()}/{deal.words}")
            following = None
        else:
            assert table.challenge is not None and isinstance(deal, ChallengeDeal)
            title = fill(said["table-title-challenge"], number=deal.number + 1,
                         count=table.challenge.deals)
            board = board_path("challenge", table.challenge.code)
            following = (f"/c/{table.challenge.code}"
                         if deal.number + 1 < table.challenge.deals else None)
        out: dict[str, Any] = {"title": title, "over": table.over, "board": board,
                               "next": following, "posted": table.posted}
        if isinstance(deal, DailyDeal):  # the browser keeps its days' results by these
            out.update(day=deal.day.isoformat(), rules=deal.words)
        hand = table.table.hand
        if table.over and hand is not None:
            par = self.pars.known_par(deal)
            if par is None:
                self.pars.par(deal)  # (worked out again if a worker failed at it)
            points = hand.points[Seat.SOUTH]
            assisted = Seat.SOUTH in hand.assisted
            out.update(points=points, par=par, assisted=assisted,
                       line=ending_line(points, par, assisted))
        return web.json_response(out, headers=self._headers())

    async def post_from_table(self, request: web.Request) -> web.StreamResponse:
        """The seat's result, from the hand the server kept, put on the board under
        the name sent (the seat's cookie shows it is the person's own)."""
        table = self._table(request)
        if "Origin" not in request.headers or cross_origin(request.headers, request.url):
            raise web.HTTPForbidden(text="Only the table's own page sends its result.")
        holder = next(iter(table.holders.values()))
        token = seat_token(request.cookies)
        if token is None or holder.token is None or not secrets.compare_digest(
                token.encode(), holder.token.encode()):
            return self._refused(BoardRefused("only the person who played the deal sends "
                                              "its result", 403))
        if not table.over:
            return self._refused(BoardRefused("the deal is not over yet"))
        await self.pars.par(table.deal)
        form = await request.post()
        return await self._submit(request, table.record(), str(form.get("name", "")),
                                  table)

    async def post_record(self, request: web.Request) -> web.StreamResponse:
        """A day's or challenge record sent by a program (JSON: ``name``, ``result``
        and, after the first, the ``token`` the board gave)."""
        self._check(request)
        limit = self.boards.limits.body
        body = bytearray()
        while len(body) <= limit:
            chunk = await request.content.read(limit + 1 - len(body))
            if not chunk:
                break
            body += chunk
        if len(body) > limit:
            return self._refused(BoardRefused(f"a result is at most {limit} bytes", 413))
        try:
            data = json.loads(body)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            return self._refused(BoardRefused('send JSON: {"name", "result", "token"}'))
        token = data.get("token")
        return await self._submit(request, data.get("result"), str(data.get("name", "")),
                                  token=token if isinstance(token, str) else None)

    def _refused(self, refused: BoardRefused) -> web.Response:
        return web.json_response({"ok": False, "error": str(refused)}, status=refused.status,
                                 headers=self._headers())

    async def _submit(self, request: web.Request, record: object, name: str,
                      table: DailyTable | None = None,
                      token: str | None = None) -> web.StreamResponse:
        """Put a result on its board: limits, form, room, par, verification (in a
        worker), then the board kept on disk."""
        cookie = request.cookies.get(BOARD_COOKIE, "")
        token = token or (cookie if len(cookie) == 22 else None) or fresh_secret(16)
        if len(token) > 64:
            return self._refused(BoardRefused("that is not a board's token"))
        try:
            name = checked_name(name)
            claim = claim_of(record, today(self.clock()))
            self.boards.admit(request.remote or "?", len(claim.deals))
            self.boards.check_room(claim, name, token)
            pars = {number: await self.pars.par(deal) for number, deal, _ in claim.deals}
            loop = asyncio.get_running_loop()
            results = await loop.run_in_executor(self.server.executor, check_claim, claim, pars)
            async with self._lock:
                stamp = datetime.now(UTC).isoformat(timespec="seconds")
                board = await asyncio.to_thread(self.boards.add, claim, name, token, results,
                                                stamp)
        except BoardRefused as refused:
            return self._refused(refused)
        except OSError as error:
            self.server.warn("board write", "A board could not be kept: %s", error)
            return self._refused(BoardRefused("the board could not be kept just now: try "
                                              "again in a while", 503))
        if table is not None:
            table.posted = True
        response = web.json_response({"ok": True, "board": board_path(claim.kind, claim.ident),
                                      "token": token, "entries": len(board.entries)},
                                     headers=self._headers())
        response.set_cookie(BOARD_COOKIE, token, max_age=YEAR, path="/", httponly=True,
                            samesite="Strict", secure=request.secure)
        return response

    # --- the boards -----------------------------------------------------------------

    async def board_page(self, request: web.Request) -> web.StreamResponse:
        """A board, as a page (or its data, with ``.json`` at the end)."""
        self._check(request)
        as_json = False
        if "code" in request.match_info:
            code = request.match_info["code"]
            as_json = code.endswith(".json")
            challenge = self._challenge(code.removesuffix(".json"))
            board = self.boards.board("challenge", challenge.code)
            title = fill(words("today.challenge-title"), name=challenge.code)
        else:
            rules = request.match_info["rules"]
            as_json = rules.endswith(".json")
            try:
                day = date.fromisoformat(request.match_info["day"])
                words_of_rules = parse_rules(rules.removesuffix(".json")[:200])
            except ValueError as error:
                raise web.HTTPNotFound(text=f"No board has that name: {error}.") from None
            daily = DailyDeal(day, words_of_rules)
            board = self.boards.board("day", f"{day.isoformat()}/{daily.words}")
            title = fill(words("today.table-title"), day=day.isoformat(), rules=daily.words)
        if as_json:
            return web.json_response(board.public(), headers=self._headers())
        return web.Response(text=_page(title, self._board_html(title, board)),
                            content_type="text/html", headers=self._headers())

    def _board_html(self, title: str, board: Board) -> str:
        said = words("today")
        entries = board.ranked()
        deals = board.deals
        head = "".join(f'<th scope="col">{html.escape(fill(said["col-deal"], number=n))}</th>'
                       for n in range(1, deals + 1)) if deals > 1 else \
            f'<th scope="col">{html.escape(said["col-points"])}</th>'
        rows = []
        for place, entry in enumerate(entries, 1):
            cells = []
            over = 0
            for n in range(1, deals + 1):
                result = entry["deals"].get(str(n))
                if result is None:
                    cells.append("<td>-</td>")
                    continue
                over += result["points"] - result["par"]
                marks = [said[key] for key, on in (("assisted", result["assisted"]),
                                                   ("computer", result.get("computer")))
                         if on]
                mark = "".join(f' <span class="assisted">{html.escape(m)}</span>'
                               for m in marks)
                figures = fill(said["points-par"], points=result["points"], par=result["par"])
                cells.append(f'<td>{html.escape(figures)}{mark}</td>')
            against = said["level"] if over == 0 else fill(said["under" if over < 0 else "over"],
                                                           difference=abs(over))
            rows.append(f'<tr><th scope="row">{place}. {html.escape(entry["name"])}</th>'
                        f'{"".join(cells)}<td>{html.escape(against)}</td></tr>')
        table = (f'<table class="board"><caption>{html.escape(said["board"])}</caption>'
                 f'<thead><tr><th scope="col">{html.escape(said["col-name"])}</th>{head}'
                 f'<th scope="col">{html.escape(said["col-against"])}</th></tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table>') if rows else \
            f'<p class="empty">{html.escape(said["empty"])}</p>'
        bound = fill(said["bound"], count=self.boards.limits.names)
        deals_link = (f'<a href="/c/{board.ident}">{html.escape(said["deals-link"])}</a> - '
                      if board.kind == "challenge" else "")
        return (f'<h1>{html.escape(title)}</h1>{table}'
                f'<p class="about">{html.escape(bound)}</p>'
                f'<p>{deals_link}<a href="/">{html.escape(said["home"])}</a></p>')

    async def style(self, request: web.Request) -> web.StreamResponse:
        """The style sheet of the challenge's and the boards' pages."""
        return web.Response(body=asset("daily.css"), content_type="text/css",
                            headers={**SECURITY_HEADERS, "Cache-Control": "public, max-age=3600"})
