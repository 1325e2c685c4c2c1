"""Each address's budget of plain HTTP requests: the pages and their files.

A page and its files are a few requests, a person opens a few pages a minute;
one address asking for hundreds a second is a program, and would keep the
server's one event loop from the tables. Past its budget an address is
answered ``429 Too Many Requests`` with a short page saying to wait, and
``Retry-After``. A table's WebSocket is not a page request: its connections
have their own admission (seats, watchers, those waiting to join), so the
players of a table are never slowed by this budget. Behind a trusted proxy the
address is the client's own (the forwarded middleware runs first).
"""

from __future__ import annotations

import html
import math
from collections import OrderedDict

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from hearts.net.admission.limits import Clock, TokenBucket
from hearts.net.clock import loop_clock

__all__ = ["PageBudget", "page_budget_middleware"]

_TOO_MANY = ("<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">"
             "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
             "<title>Too many requests - Hearts</title>"
             "<h1>Too many requests</h1><p>{said}</p></html>")


class PageBudget:
    """Each address's token bucket of page requests (the least recently seen
    addresses forgotten past ``most``: a forgotten one starts full again)."""

    def __init__(self, per_second: float, burst: float, clock: Clock = loop_clock,
                 most: int = 50_000) -> None:
        self.per_second = per_second
        """Requests an address may make a second, on average."""
        self.burst = burst
        """Requests it may make at once after a pause."""
        self._clock = clock
        self._most = most
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, address: str) -> float | None:
        """One request from ``address``: None if it may go ahead, else the seconds
        until it may ask again."""
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = TokenBucket(self.per_second, self.burst,
                                                          self._clock)
            while len(self._buckets) > self._most:
                self._buckets.popitem(last=False)
        self._buckets.move_to_end(address)
        if bucket.take():
            return None
        return 1.0 / self.per_second

    def __len__(self) -> int:
        return len(self._buckets)


def page_budget_middleware(budget: PageBudget) -> Middleware:
    """An aiohttp middleware that holds every request but a WebSocket's to its
    address's :class:`PageBudget`."""
    @web.middleware
    async def within_budget(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await handler(request)
        wait = budget.take(request.remote or "?")
        if wait is None:
            return await handler(request)
        seconds = max(1, math.ceil(wait))
        said = (f"This server has had more requests from your address than it answers "
                f"in a short while. Wait {seconds} second{'s' if seconds > 1 else ''} and "
                "load the page again; a table you sit at goes on meanwhile.")
        return web.Response(status=429, text=_TOO_MANY.format(said=html.escape(said)),
                            content_type="text/html",
                            headers={"Retry-After": str(seconds), "Cache-Control": "no-store",
                                     "X-Content-Type-Options": "nosniff"})
    return within_budget
