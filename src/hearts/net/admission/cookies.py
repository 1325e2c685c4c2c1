"""Where a browser keeps its seat: an ``HttpOnly``, ``SameSite=Strict`` cookie a table.

The page never holds the token for longer than it takes to hand it to the
server (``POST /t/TABLE/seat``), which puts it in a cookie the page's script
cannot read, scoped to the table's path. The table's WebSocket
(``/t/TABLE/ws``) carries the cookie, and a ``join`` without a token from that
connection takes the cookie's token (:func:`seat_token`), so a reloaded page or
a browser that comes back gets its seat, as ``hearts join`` does with the token
it keeps. It lives with the server, which reads the cookie, so that the web
pages above it (which set it) import down, never the server up.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["SEAT_COOKIE", "TOKEN", "YEAR", "seat_path", "seat_token"]

SEAT_COOKIE = "hearts_seat"
"""The cookie that holds a browser's seat token at one table (its path is the table's)."""

TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""What a seat's token looks like (URL-safe base64)."""

YEAR = 365 * 24 * 3600
"""How long the cookie is kept, in seconds."""


def seat_path(table_id: str) -> str:
    """The path every page and the socket of table ``table_id`` live under."""
    return f"/t/{table_id}/"


def seat_token(cookies: Mapping[str, str]) -> str | None:
    """The seat token a request's cookies carry, if a well-formed one."""
    value = cookies.get(SEAT_COOKIE, "")
    return value if TOKEN.fullmatch(value) else None
