"""Each address's budget of plain HTTP requests (pages, their files): past it a
clear 429 page, while other addresses, and the players at a table (whose
WebSockets are no page request), go on as before; behind a trusted proxy the
budget is each client's, not the proxy's."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp

from hearts.net.admission.limits import Limits
from hearts.net.admission.pagebudget import PageBudget
from hearts.net.server import TableServer
from hearts.net.tables.table import TableConfig
from hearts.net.wire import messages as msg
from tests.net.helpers import client_from, pages_server

BURST = 6


@asynccontextmanager
async def _server(tmp_path: Path, now: list[float], trusted: bool = False
                  ) -> AsyncIterator[tuple[TableServer, str]]:
    """The pages' server of two people's tables, its budget on the clock ``now``, and
    its ``http://`` address."""
    async with pages_server(tmp_path, TableConfig(people=2, delay_scale=0.0), trusted=trusted,
                            limits=Limits(page_requests_per_second=0.5,
                                          page_request_burst=BURST),
                            budget=PageBudget(0.5, BURST, lambda: now[0])) as (server, where):
        yield server, f"http://{where}"


async def _status(client: aiohttp.ClientSession, url: str, **headers: str) -> int:
    async with client.get(url, headers=headers) as answer:
        await answer.read()
        return answer.status


def test_the_budget_is_each_addresss_and_refills() -> None:
    now = [0.0]
    budget = PageBudget(2.0, 3, lambda: now[0], most=2)
    assert [budget.take("a") for _ in range(3)] == [None, None, None]
    assert budget.take("a") == 0.5
    assert budget.take("b") is None
    now[0] += 0.5
    assert budget.take("a") is None
    budget.take("c")
    assert len(budget) == 2  # the least recently seen address is forgotten


async def test_past_its_budget_an_address_gets_a_clear_page_and_nobody_else_does(
        tmp_path: Path) -> None:
    now = [100.0]
    async with _server(tmp_path, now) as (_, url), client_from("127.0.0.2") as ann, \
            client_from("127.0.0.3") as bob:
        # Ann sits at the table first (her socket is not a page request)
        ws = await ann.ws_connect(url + "/t/t1/ws")
        await ws.send_str(json.dumps(msg.client_json(msg.Join("code-1", "Ann"))))
        assert json.loads((await ws.receive(timeout=10)).data)["type"] == "welcome"
        pages = [url + "/", url + "/front.css", url + "/t/t1/?code=code-1",
                 url + "/t/t1/hearts.css", url + "/t/t1/icon.svg", url + "/t/t1/words.json"]
        assert [await _status(ann, page) for page in pages] == [200] * BURST
        async with ann.get(url + "/t/t1/?code=code-1") as refused:
            text = await refused.text()
            assert refused.status == 429 and refused.headers["Retry-After"] == "2"
            assert "Too many requests" in text and "Wait 2 seconds" in text
        # her table goes on: a second socket of hers joins, and her first still talks
        second = await ann.ws_connect(url + "/t/t1/ws")
        await second.send_str(json.dumps(msg.client_json(msg.Join("code-1", "Bob"))))
        assert json.loads((await second.receive(timeout=10)).data)["type"] == "welcome"
        await ws.send_str(json.dumps(msg.client_json(msg.Sync())))
        kinds = set()
        while "state" not in kinds:
            kinds.add(json.loads((await ws.receive(timeout=10)).data)["type"])
        # another address is not held up
        assert await _status(bob, url + "/t/t1/?code=code-1") == 200
        # and a moment later she may load a page again
        now[0] += 2.0
        assert await _status(ann, url + "/t/t1/?code=code-1") == 200
        assert await _status(ann, url + "/t/t1/?code=code-1") == 429
        await ws.close()
        await second.close()


async def test_behind_a_trusted_proxy_the_budget_is_each_clients(tmp_path: Path) -> None:
    now = [100.0]
    async with _server(tmp_path, now, trusted=True) as (_, url), \
            client_from("127.0.0.1") as proxy:
        first = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
        second = {"X-Forwarded-For": "198.51.100.9", "X-Forwarded-Proto": "https"}
        page = url + "/t/t1/hearts.css"
        assert [await _status(proxy, page, **first) for _ in range(BURST + 1)] == \
            [200] * BURST + [429]
        assert await _status(proxy, page, **second) == 200  # the proxy's other client
