"""``hearts join``'s app: the table page over a real connection to a table server."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from hearts.cards import Seat
from hearts.net.cli import parse_host, parse_join
from hearts.rules import Rules
from hearts.store import Store
from hearts.store.reviews import open_for_reviews
from hearts.table import Stage
from hearts.tui.join import JoinApp
from hearts.tui.review_page import ReviewScreen
from hearts.tui.table import TableScreen
from hearts.tui.widgets import HandRow
from tests.net.helpers import QUICK, Scripted, running_server


async def _until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.02)
    await asyncio.wait_for(wait(), seconds)


async def test_a_person_joins_deals_and_passes_with_the_keys(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server", replace(QUICK, people=2)) as (server, url):
        bob = Scripted(url, "code-1", "Bob")
        app = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        async with app.run_test(size=(100, 30)) as pilot:
            await _until(lambda: bool(app.chair.state))
            bob.start()
            await _until(lambda: app.chair.state["names"][2] == "Bob")
            assert app.chair.seat is Seat.SOUTH
            await pilot.press("v")  # no hand finished yet: nothing to review
            await _until(lambda: "once it is over" in (app.chair.notice or ""))
            await pilot.press("d")
            await _until(lambda: app.chair.stage is Stage.PASSING)
            assert len(app.screen.query_one(HandRow).game.user_cards()) == 13
            # four cards in a row: the queen of spades, if one of them, is refused, and
            # so is a fourth card; the keys go faster than the state comes back
            for key in ("space", "right") * 4:
                await pilot.press(key)
            await _until(lambda: len(app.chair.chosen) == 3)
            await pilot.press("p")
            await _until(lambda: app.chair.stage in (Stage.RECEIVED, Stage.PLAYING))
            assert isinstance(app.screen, TableScreen)
            # the status line shows the table's own prompt for this seat
            assert app.chair.prompt().splitlines()[-1] == app.chair.state["prompt"]
            await bob.stop()
            await pilot.press("x")
        assert server.tables["t1"].holders[Seat.SOUTH].name == "Ann"


async def test_finished_hands_go_to_the_persons_own_store(tmp_path: Path) -> None:
    longer = replace(QUICK, people=2, rules=Rules(target=60))  # a match of a few hands
    async with running_server(tmp_path / "server", longer) as (server, url):
        ann = Scripted(url, "code-1", "Ann", deals=True)
        bob = Scripted(url, "code-1", "Bob")
        ann.start()
        bob.start()
        await asyncio.wait_for(ann.over.wait(), 60)
        app = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        for message in ann.hands:
            app.receive(message)
        app.store.close()
    store = Store.open(tmp_path / "ann", claim=False)
    records = list(store.hand_records())
    store.close()
    assert len(records) == len(server.tables["t1"].table.match.hands) == len(ann.hands)

    # A client started again mid-match adds to the same match, and a hand that
    # comes twice is kept once.
    assert len(ann.hands) >= 2
    for part in (ann.hands[:1], ann.hands[:1] + ann.hands[1:]):
        again = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "again")
        for message in part:
            again.receive(message)
        again.store.close()
    store = Store.open(tmp_path / "again", claim=False)
    assert store.connection is not None
    rows = store.connection.execute(
        "SELECT matches.id, count(hands.number) FROM matches JOIN hands"
        " ON hands.match_id = matches.id GROUP BY matches.id").fetchall()
    store.close()
    assert len(rows) == 1 and rows[0][1] == len(ann.hands)

    # Bob sat North: his store counts North as him.
    bobs = JoinApp(url, "code-1", "Bob", data_dir=tmp_path / "bob")
    for message in bob.hands:
        bobs.receive(message)
    bobs.store.close()
    store = Store.open(tmp_path / "bob", claim=False)
    assert store.connection is not None
    # ... and the computer players' level leaves the other person out.
    assert store.connection.execute("SELECT seat, level FROM matches").fetchall() == [
        ("north", "beginner")]
    store.close()


    # v reviews the last hand kept, with its verdicts kept in the person's store.
    app = JoinApp("ws://127.0.0.1:9/ws", "code-1", "Ann", data_dir=tmp_path / "ann",
                  review_depth=2)
    app.receive(ann.hands[-1])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("v")
        await _until(lambda: isinstance(app.screen, ReviewScreen))
        page = app.screen
        assert isinstance(page, ReviewScreen)
        await _until(lambda: page.done, 90)
        assert page.verdicts
        await app.connection.stop()
    db = open_for_reviews(str(tmp_path / "ann" / "hearts.db"))
    assert db is not None
    assert db.execute("select count(*) from reviews").fetchone()[0] == 1
    db.close()


def test_the_command_lines() -> None:
    host = parse_host(["--people", "3", "--level", "beginner", "--rules", "50",
                       "--tables", "2", "--grace", "5"])
    assert (host.people, host.tables, host.grace, host.rules.target) == (3, 2, 5.0, 50)
    assert host.host == "127.0.0.1" and host.port is None  # the port of last time, if any
    join = parse_join(["127.0.0.1:9000", "--code", "abc", "--name", "Ann"])
    assert (join.address, join.code, join.name, join.token) == ("127.0.0.1:9000", "abc", "Ann",
                                                                 None)


async def test_joining_again_after_quitting_gives_the_same_seat_back(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server", replace(QUICK, people=2)) as (server, url):
        bob = Scripted(url, "code-1", "Bob")
        bob.start()
        first = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        async with first.run_test(size=(100, 30)) as pilot:
            await _until(lambda: first.chair.seat is not None and bool(first.chair.state))
            seat = first.chair.seat
            await pilot.press("x")
        holder = server.tables["t1"].holders[seat]
        await _until(lambda: holder.outbox is None)  # the seat waits for Ann
        assert (tmp_path / "ann" / "seats.json").stat().st_mode & 0o777 == 0o600

        # The same command again: the kept token takes the same seat back.
        again = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        async with again.run_test(size=(100, 30)) as pilot:
            await _until(lambda: again.connection.connected.is_set() and bool(again.chair.state))
            assert again.chair.seat is seat and holder.outbox is not None
            # Leaving for good forgets the token: the seat is the computer's now.
            await again.connection.leave()
        assert holder.gone
        assert again.seats.get(url, "code-1") is None
        await bob.stop()


async def test_a_token_the_table_no_longer_knows_is_forgotten(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server", replace(QUICK, people=2)) as (_server, url):
        folder = tmp_path / "ann"
        folder.mkdir()
        (folder / "seats.json").write_text(
            f'{{"version": 1, "seats": {{"{url} code-1": "stale"}}}}', encoding="utf-8")
        app = JoinApp(url, "code-1", "Ann", data_dir=folder)
        async with app.run_test(size=(100, 30)):
            await _until(lambda: app.connection.connected.is_set())
            assert app.connection.token not in (None, "stale")
            assert app.seats.get(url, "code-1") == app.connection.token
            await app.connection.stop()


async def test_a_broken_seats_file_is_set_aside_with_a_notice(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server", replace(QUICK, people=2)) as (_server, url):
        folder = tmp_path / "ann"
        folder.mkdir()
        (folder / "seats.json").write_text("{not json", encoding="utf-8")
        app = JoinApp(url, "code-1", "Ann", data_dir=folder)
        async with app.run_test(size=(100, 30)):
            await _until(lambda: app.connection.connected.is_set())
            assert app.seats.notice is not None and "could not be read" in app.seats.notice
            kept = [p for p in folder.iterdir() if p.name.startswith("seats.json.")]
            assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"
            await app.connection.stop()


async def test_space_asks_the_server_for_the_card_under_its_highlight(tmp_path: Path) -> None:
    """The server applies the moves sent before first, so fast keys never act on a
    highlight the state has not caught up with."""
    app = JoinApp("ws://127.0.0.1:9/ws", "code-1", "Ann", data_dir=tmp_path / "ann")
    sent: list[tuple[str, dict[str, object]]] = []
    app._act = lambda action, **fields: sent.append((action, fields))  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("right", "space", "enter")
        await pilot.press("x")
    assert sent == [("move", {"step": 1}), ("use", {}), ("use", {})]
