"""What the table's page shows around the game (``static/js/room.js``): who sits
where before one joins, and the creator's invite link.

``/t/TABLE/seating?code=CODE`` is the table's public description (its seats:
who sits there, who is away, which are free, which are a computer player's),
given only with the table's code: a wrong code is counted and slowed down as a
wrong code to the table's socket is. ``/t/TABLE/invite`` is the invite link of
a table started from the front page, with its QR code (an SVG image), given
only to its creator's browser (the seat's cookie is the creator's seat's
token).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from hearts.cards import Seat
from hearts.net.admission.addresses import is_loopback
from hearts.net.admission.cookies import seat_path, seat_token
from hearts.net.host.qr import qr_svg_uri
from hearts.net.server import TableServer
from hearts.net.tables.table import NetTable
from hearts.net.wire.messages import seat_name
from hearts.web.pages import SECURITY_HEADERS

__all__ = ["RoomPages", "invite_path", "is_creator", "seating"]

def seating(table: NetTable) -> dict[str, Any]:
    """The table's public description: each seat (South first, then clockwise) with
    its person's name if it has one and who plays it, and how many people's
    seats a newcomer may take."""
    seats = []
    for seat in Seat:
        place = table.table.seating(seat)
        holder = table.holders.get(seat)
        seats.append({"seat": seat_name(seat), "name": place.name if place.held else None,
                      "presence": place.presence.value,
                      "person": holder is not None and not holder.gone})
    free = sum(1 for h in table.holders.values() if h.token is None and not h.gone)
    return {"table": table.id, "seats": seats, "free": free, "over": table.table.match.over}


def is_creator(table: NetTable, token: str | None) -> bool:
    """Whether ``token`` is the seat token of the person who started ``table``."""
    if token is None or table.creator is None:
        return False
    holder = table.holders.get(table.creator)
    return holder is not None and holder.seated and holder.token is not None and \
        secrets.compare_digest(holder.token.encode(), token.encode())


def invite_path(table: NetTable) -> str:
    """The path of ``table``'s page with its code: whoever opens it may take a seat."""
    return seat_path(table.id) + "?" + urlencode({"code": table.code})


class RoomPages:
    """The seating and the invite of a server's tables (add with :meth:`add_to`)."""

    def __init__(self, server: TableServer, find: Callable[[str], object | None]) -> None:
        self.server = server
        """The table server (its wrong codes are counted with the sockets')."""
        self.find = find
        """The table of an id (opened if put away), or None."""

    def add_to(self, app: web.Application) -> None:
        """Add the routes to the server's app."""
        app.router.add_get("/t/{table}/seating", self.seating)
        app.router.add_get("/t/{table}/invite", self.invite)

    def _table(self, request: web.Request) -> NetTable:
        if self.server.local_only and not is_loopback(request.url.host or ""):
            raise web.HTTPForbidden(text="This Hearts server answers only to this machine's "
                                         "own address.")
        table_id = request.match_info["table"]
        table = self.find(table_id) if len(table_id) <= 64 else None
        if not isinstance(table, NetTable) or table.closed:
            raise web.HTTPNotFound(text="No table here has that name.")
        return table

    @staticmethod
    def _json(data: dict[str, Any]) -> web.Response:
        return web.json_response(data, headers={**SECURITY_HEADERS,
                                                "Cache-Control": "no-store"})

    async def seating(self, request: web.Request) -> web.StreamResponse:
        """Who sits where, for whoever has the table's code."""
        table = self._table(request)
        code = request.query.get("code", "")[:64]
        if not secrets.compare_digest(code.encode(errors="surrogatepass"),
                                      table.code.encode()):
            await self.server.wrong_code(request.remote or "?")
            raise web.HTTPNotFound(text="No table here has that code.",
                                   headers=SECURITY_HEADERS)
        return self._json(seating(table))

    async def invite(self, request: web.Request) -> web.StreamResponse:
        """The invite link and its QR code, for the table's creator alone (a table
        of one person's seat has nobody to invite)."""
        table = self._table(request)
        if not is_creator(table, seat_token(request.cookies)) or len(table.holders) < 2:
            raise web.HTTPNotFound(text="Only the person who started the table has its "
                                        "invite here.", headers=SECURITY_HEADERS)
        link = str(request.url.origin()) + invite_path(table)
        assert table.creator is not None  # (is_creator)
        return self._json({"link": link, "qr": qr_svg_uri(link),
                           "creator": seat_name(table.creator), **seating(table)})
