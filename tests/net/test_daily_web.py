"""Today's deal and challenges on a server (``hearts host --serve``): the front
page starts a table of the day's deal for the browser, dealt exactly as ``hearts
daily`` deals it; at its end the page is told the points and the par (worked out
once a server, and kept); the result goes on the day's board under a name, once;
the board's page shows it. A challenge's code opens its deals alike."""

from __future__ import annotations

import asyncio
import html
import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from hearts.ai import make_player
from hearts.cards import Seat
from hearts.challenge import Challenge
from hearts.daily import PAR_LEVEL, DailyDeal, SetDeal, daily_rules
from hearts.net.server import TableServer
from hearts.net.tables.table import TableConfig
from hearts.rules import Rules
from hearts.table import events as ev
from hearts.view import Phase
from hearts.web.boards import Claim, Result
from hearts.web.dealtables import DailyTable, Pars
from hearts.web.front import FrontPage
from hearts.web.host import serve_pages


@dataclass
class Host:
    server: TableServer
    front: FrontPage
    url: str

    def session(self) -> aiohttp.ClientSession:
        return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    server = TableServer(tmp_path, TableConfig(delay_scale=0.0), codes=["code-1"])
    server.local_only = True
    server.prefix = "w2-"
    page = serve_pages(server)
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield Host(server, page, f"http://127.0.0.1:{runner.addresses[0][1]}")
    finally:
        await runner.cleanup()


def today_deal() -> DailyDeal:
    return DailyDeal(datetime.now(UTC).date(), daily_rules(Rules()))


async def play_as_expert(table: DailyTable, deal: SetDeal, hint: bool = False) -> None:
    """South's decisions made by the par's own player (so the hand is the par's);
    with ``hint``, a hint asked for (and waited for) at South's first card."""
    south = make_player(PAR_LEVEL, deal.player_seed(Seat.SOUTH))
    holder = table.holders[Seat.SOUTH]
    table.handle(ev.Return(Seat.SOUTH))  # the person is at the table (as their page joins)
    for _ in range(4000):
        hand = table.table.hand
        assert hand is not None
        if hand.phase is Phase.OVER:
            return
        if hand.phase is Phase.PASSING and not table.table.passed(Seat.SOUTH):
            table.act(holder, ev.Pass(Seat.SOUTH, tuple(south.choose_pass(hand.view(
                Seat.SOUTH)))))
        elif table.table.stage.value == "playing" and Seat.SOUTH in table.table.waiting:
            if hint and Seat.SOUTH not in hand.assisted:
                table.act(holder, ev.AskHint(Seat.SOUTH))
                for _ in range(1000):
                    await asyncio.sleep(0.01)
                    if Seat.SOUTH in hand.assisted:
                        break
            table.act(holder, ev.Play(Seat.SOUTH, south.choose_play(hand.view(Seat.SOUTH))))
        elif table.table.stage.value == "received":
            table.act(holder, ev.Continue(Seat.SOUTH))
        await asyncio.sleep(0.01)
    pytest.fail("the hand did not end")


async def start_today(host: Host, session: aiohttp.ClientSession, name: str = "Ann"
                      ) -> DailyTable:
    async with session.get(host.url + "/") as page:
        text = await page.text()
        assert 'action="/daily"' in text and html.escape("Today's deal") in text
    answer = await session.post(host.url + "/daily", data={"name": name},
                                allow_redirects=False)
    assert answer.status == 303, await answer.text()
    found = re.fullmatch(r"/t/(w2-d[\w-]+)/\?code=([\w-]+)", answer.headers["Location"])
    assert found, answer.headers["Location"]
    table = host.server.tables[found[1]]
    assert isinstance(table, DailyTable)
    assert f"hearts_seat={table.holders[Seat.SOUTH].token}" in answer.headers["Set-Cookie"]
    return table


async def test_todays_deal_from_the_front_page_is_the_days_and_goes_on_the_board(
        host: Host) -> None:
    deal = today_deal()
    async with host.session() as session:
        table = await start_today(host, session)
        hand = table.table.hand
        assert hand is not None
        dealt = deal.deal()
        assert all(set(hand.dealt(seat)) == set(dealt.dealt(seat)) for seat in Seat)
        assert hand.seed == deal.seed and hand.players == dealt.players
        async with session.get(f"{host.url}/t/{table.id}/daily.json") as answer:
            shown = await answer.json()
            assert shown["over"] is False and "points" not in shown
            assert deal.day.isoformat() in shown["title"]
            assert (shown["day"], shown["rules"]) == (deal.day.isoformat(), deal.words)
        await play_as_expert(table, deal)
        par = await host.front.daily.pars.par(deal)
        async with session.get(f"{host.url}/t/{table.id}/daily.json") as answer:
            shown = await answer.json()
        assert shown["over"] and shown["par"] == par == shown["points"]
        assert shown["line"] == f"You took {par}, par {par} - level with par"
        # Deal is refused: the day's deal is played once
        table.act(table.holders[Seat.SOUTH], ev.Deal(Seat.SOUTH))
        assert len(table.table.match.hands) == 1
        # on the board, under a name, once
        origin = {"Origin": host.url}
        async with session.post(f"{host.url}/t/{table.id}/board", data={"name": "Ann"},
                                headers=origin) as answer:
            posted = await answer.json()
            assert answer.status == 200, posted
        board = posted["board"]
        assert board == f"/board/day/{deal.day.isoformat()}/original,100"
        async with session.post(f"{host.url}/t/{table.id}/board", data={"name": "Ann"},
                                headers=origin) as answer:
            assert answer.status == 409
            assert "first play" in (await answer.json())["error"]
        async with session.get(host.url + board + ".json") as answer:
            data = await answer.json()
        assert data["entries"] == [{"name": "Ann", "deals": {"1": {
            "points": par, "par": par, "assisted": False, "when": data["entries"][0]["deals"][
                "1"]["when"]}}}]
        async with session.get(host.url + board) as answer:
            text = await answer.text()
            assert "1. Ann" in text and f"{par} (par {par})" in text
            assert "level with par" in text
    # another browser cannot send Ann's table's result: it holds no seat there
    async with host.session() as other, other.post(
            f"{host.url}/t/{table.id}/board", data={"name": "Eve"},
            headers={"Origin": host.url}) as answer:
        assert answer.status == 403


async def test_the_par_is_worked_out_once_and_kept(host: Host, tmp_path: Path) -> None:
    deal = today_deal()
    pars = host.front.daily.pars
    first, second = pars.par(deal), pars.par(deal)
    assert first is second  # one worker's time for both
    par = await first
    assert par == deal.par()
    path = tmp_path / "web" / "pars.json"
    for _ in range(200):  # written in a thread, a moment later
        if path.exists():
            break
        await asyncio.sleep(0.01)
    kept = json.loads(path.read_text())
    assert kept == {deal.seed_text: par}
    again = Pars(tmp_path / "web" / "pars.json", None)
    assert again.known_par(deal) == par


async def test_a_challenge_code_opens_its_deals(host: Host) -> None:
    challenge = Challenge(123456789, daily_rules(Rules()), 3)
    async with host.session() as session:
        async with session.get(host.url + "/c", params={"code": challenge.code.upper()},
                               allow_redirects=False) as answer:
            assert answer.status == 303
            assert answer.headers["Location"] == f"/c/{challenge.code}"
        async with session.get(f"{host.url}/c/{challenge.code}") as answer:
            text = await answer.text()
            for number in (1, 2, 3):
                assert f'action="/c/{challenge.code}/{number}"' in text
        async with session.get(f"{host.url}/c/nonsense") as answer:
            assert answer.status == 404
        async with session.get(f"{host.url}/t/w2-t1/daily.json") as answer:
            assert answer.status == 204  # another kind of table: nothing to show
        async with session.get(f"{host.url}/board/c/{challenge.code}") as answer:
            assert "No result yet" in await answer.text()
        claim = Claim("challenge", challenge.code, ())
        host.front.daily.boards.add(claim, "Cy", "cy", [Result(2, 5, 3, True)], "t")
        async with session.get(f"{host.url}/board/c/{challenge.code}") as answer:
            text = await answer.text()
        assert all(f">Deal {n}</th>" in text for n in (1, 2, 3))
        assert f'<a href="/c/{challenge.code}">' in text  # on to the deals
        assert "<td>-</td><td>5 (par 3) <span class=\"assisted\">assisted</span></td>" \
            "<td>-</td><td>2 over par</td>" in text
        answer = await session.post(f"{host.url}/c/{challenge.code}/2", data={"name": "Bo"},
                                    allow_redirects=False)
        assert answer.status == 303
        table_id = answer.headers["Location"].split("/")[2]
        table = host.server.tables[table_id]
        assert isinstance(table, DailyTable)
        deal = challenge.deal(2)
        hand = table.table.hand
        assert hand is not None and hand.seed == deal.seed
        async with session.get(f"{host.url}/t/{table.id}/daily.json") as shown:
            data = await shown.json()
            assert data["title"] == "Challenge: deal 2 of 3"
            assert data["next"] == f"/c/{challenge.code}"


async def test_a_days_table_put_away_carries_on_as_it_was(host: Host) -> None:
    async with host.session() as session:
        table = await start_today(host, session)
    hand = table.table.hand
    assert hand is not None
    held = host.front.daily.held
    table.close()
    host.server.tables.pop(table.id)
    held._used.pop(table.id)
    again = host.front.find(table.id)
    assert isinstance(again, DailyTable) and again is not table
    assert again.deal == table.deal
    kept = again.table.hand
    assert kept is not None and kept.seed == hand.seed
    assert [set(kept.dealt(s)) for s in Seat] == [set(hand.dealt(s)) for s in Seat]


async def test_hearts_serve_keeps_the_days_deal_with_the_persons_history(
        tmp_path: Path) -> None:
    from hearts.store import Store
    from hearts.store.dailies import daily_row
    from hearts.web.solo import make_server

    server, solo = make_server(tmp_path, TableConfig(delay_scale=0.0), None)
    server.local_only = True
    runner = server.runner()
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    url = f"http://127.0.0.1:{runner.addresses[0][1]}"
    deal = today_deal()
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
            async with browser.get(url + "/") as page:
                assert 'action="/daily"' in await page.text()
            answer = await browser.post(url + "/daily", data={}, allow_redirects=False)
            assert answer.status == 303
            table = server.tables[answer.headers["Location"].split("/")[2]]
            assert isinstance(table, DailyTable)
            await play_as_expert(table, deal)
            par = await solo.daily.pars.par(deal) if solo.daily else -1
            for _ in range(200):  # kept off the event loop, a moment later
                store = Store.open(tmp_path, claim=False)
                assert store.connection is not None
                row = daily_row(store.connection, deal.day.isoformat(), deal.words)
                store.close_quietly()
                if row is not None and row.par is not None:
                    break
                await asyncio.sleep(0.05)
            assert row is not None and row.finished is not None
            assert row.points == par == row.par and not row.assisted
            assert row.seed == deal.seed
    finally:
        await runner.cleanup()


async def test_a_program_sends_a_days_record_to_the_board(host: Host) -> None:
    from hearts.daily import day_record

    deal = today_deal()
    hand = deal.par_hand()
    record = day_record(deal, hand, hand.points[Seat.SOUTH])
    record["hand"]["players"][0] = {"seat": "south", "player": "human"}
    async with aiohttp.ClientSession() as program:  # no cookies: a program
        forged = json.loads(json.dumps(record))
        forged["points"] += 2
        async with program.post(host.url + "/board", json={"name": "Dee", "result": forged}
                                ) as answer:
            assert answer.status == 400
            assert "does not verify" in (await answer.json())["error"]
        async with program.post(host.url + "/board", json={"name": "Dee", "result": record}
                                ) as answer:
            sent = await answer.json()
            assert answer.status == 200, sent
        token = sent["token"]
        async with program.post(host.url + "/board", json={
                "name": "Dee", "result": record, "token": "another"}) as answer:
            assert answer.status == 409  # Dee is the first token's
        async with program.post(host.url + "/board", json={
                "name": "Dee", "result": record, "token": token}) as answer:
            assert answer.status == 409  # the first result stands
        async with program.post(host.url + "/board", data=b"x" * (300 * 1024)) as answer:
            assert answer.status == 413
        async with program.post(host.url + "/board", data=b"[1, 2") as answer:
            assert answer.status == 400
        async with program.get(host.url + sent["board"] + ".json") as answer:
            board = await answer.json()
        assert [e["name"] for e in board["entries"]] == ["Dee"]
        assert token not in json.dumps(board)


async def test_a_browser_that_starts_the_same_deal_again_goes_back_to_its_table(
        host: Host) -> None:
    async with host.session() as session:
        first = await start_today(host, session)
        again = await session.post(host.url + "/daily", data={"name": "Ann"},
                                   allow_redirects=False)
        assert again.status == 303
        assert again.headers["Location"] == f"/t/{first.id}/?code={first.code}"
        code = Challenge(5, daily_rules(Rules()), 2).code
        other = await session.post(f"{host.url}/c/{code}/1", data={}, allow_redirects=False)
        assert other.headers["Location"] != again.headers["Location"]  # another deal
    async with host.session() as stranger:
        fresh = await start_today(host, stranger)
        assert fresh.id != first.id


async def test_a_days_table_nobody_visits_is_closed_and_kept(host: Host) -> None:
    wall = [1_000_000.0]
    host.front.wall = lambda: wall[0]
    host.front.idle_close = 3600.0
    async with host.session() as session:
        table = await start_today(host, session)
    assert host.front.sweep() == []
    wall[0] += 3601
    assert host.front.sweep() == [table.id]
    assert table.id not in host.server.tables
    assert (host.server.data_dir / "closed" / table.id / "deal.json").exists()


async def test_a_deal_played_with_a_hint_is_assisted_on_the_board(host: Host) -> None:
    deal = today_deal()
    async with host.session() as session:
        table = await start_today(host, session, "Hal")
        await play_as_expert(table, deal, hint=True)
        async with session.post(f"{host.url}/t/{table.id}/board", data={"name": "Hal"},
                                headers={"Origin": host.url}) as answer:
            posted = await answer.json()
            assert answer.status == 200, posted
        async with session.get(host.url + posted["board"] + ".json") as answer:
            [entry] = (await answer.json())["entries"]
        assert entry["name"] == "Hal" and entry["deals"]["1"]["assisted"] is True
        async with session.get(host.url + posted["board"]) as answer:
            assert ">assisted</span>" in await answer.text()


async def test_a_busy_server_never_makes_the_days_experts_lighter(host: Host) -> None:
    from hearts.net.tables.thinking import Thinkers

    busy = host.server.thinkers = Thinkers(processes=1, backlog=1000)  # far past LIGHT
    deal = today_deal()
    async with host.session() as session:
        table = await start_today(host, session)
        await play_as_expert(table, deal)
    hand = table.table.hand
    assert hand is not None and hand.stand_ins == []
    assert busy.lighter == 0 and busy.backlog == 1000  # counted in, and out again
    assert sum(busy.made.values()) >= 39
    assert hand.points[Seat.SOUTH] == await host.front.daily.pars.par(deal)


async def test_results_past_an_addresss_limit_are_refused_with_429(host: Host,
                                                                   tmp_path: Path) -> None:
    from hearts.daily import day_record
    from hearts.web.boards import BoardLimits, Boards

    daily = host.front.daily
    daily.boards = Boards(tmp_path / "few", BoardLimits(per_address=2))
    deal = today_deal()
    hand = deal.par_hand()
    record = day_record(deal, hand, hand.points[Seat.SOUTH])
    statuses = []
    async with aiohttp.ClientSession() as program:
        for name in ("Al", "Al", "Al"):
            async with program.post(host.url + "/board", json={
                    "name": name, "result": record, "token": "tok"}) as answer:
                statuses.append(answer.status)
                if answer.status == 429:
                    assert "one address" in (await answer.json())["error"]
    assert statuses == [200, 409, 429]


async def test_a_challenge_made_from_the_front_page(host: Host) -> None:
    async with host.session() as session:
        async with session.post(host.url + "/c", data={"deals": "3"},
                                allow_redirects=False) as answer:
            assert answer.status == 303
            code = answer.headers["Location"].removeprefix("/c/")
        challenge = Challenge.parse(code)
        assert challenge.deals == 3 and challenge.rules == daily_rules(Rules())
        async with session.get(host.url + "/c/" + code) as page:
            text = await page.text()
            assert f'value="{host.url}/c/{code}"' in text  # the link to send
        for wrong in ("0", "21", "many"):
            async with session.post(host.url + "/c", data={"deals": wrong},
                                    allow_redirects=False) as answer:
                assert answer.status == 400
        async with session.post(host.url + "/c", data={"deals": "3"},
                                headers={"Origin": "http://evil.example"}) as answer:
            assert answer.status == 403


async def test_a_par_a_worker_failed_at_is_worked_out_again(tmp_path: Path) -> None:
    pars = Pars(tmp_path / "pars.json", None)
    deal = today_deal()
    failing = asyncio.get_running_loop().create_future()
    failing.set_exception(OSError("the worker died"))
    pars._working[deal.seed_text] = failing
    pars._done(deal.seed_text, failing)
    assert pars.known_par(deal) is None and not pars._working
    assert await pars.par(deal) == deal.par()  # asked again: worked out this time
