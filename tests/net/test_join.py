"""``hearts join``'s app: the table page over a real connection to a table server."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from hearts.ai import make_player
from hearts.cards import Card, Seat
from hearts.duplicate import DuplicateMatch, Evening
from hearts.net.host.cli import parse_host, parse_join
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from hearts.options import Options
from hearts.rules import Rules, RuleSet
from hearts.store import Store
from hearts.store.reviews import open_for_reviews
from hearts.table import Action, Computer, NoticeKind, Person, Stage, Table, seat_state
from hearts.table import events as ev
from hearts.tui import words
from hearts.tui.join import JoinApp
from hearts.tui.refused import ConnectingScreen, RefusedScreen
from hearts.tui.review_page import ReviewScreen
from hearts.tui.table import TableScreen
from hearts.tui.widgets import HandRow
from tests.net.helpers import QUICK, Scripted, running_server
from tests.review.helpers import steady_record
from tests.table.helpers import due_decisions, make_driver, progress_event, step, to_first_card


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
            await _until(lambda: app.seat_view.shown)
            bob.start()
            await _until(lambda: app.seat_view.state.names[2] == "Bob")
            assert app.seat_view.seat is Seat.SOUTH
            await pilot.press("v")  # no hand finished yet: nothing to review
            await _until(lambda: "once it is over" in (app.seat_view.notice or ""))
            await pilot.press("d")
            await _until(lambda: app.seat_view.stage is Stage.PASSING)
            assert len(app.screen.query_one(HandRow).game.state.cards) == 13
            # four cards in a row: the queen of spades, if one of them, is refused, and
            # so is a fourth card; the keys go faster than the state comes back
            for key in ("space", "right") * 4:
                await pilot.press(key)
            await _until(lambda: len(app.seat_view.choice) == 3)
            await pilot.press("p")
            await _until(lambda: app.seat_view.stage in (Stage.RECEIVED, Stage.PLAYING))
            assert isinstance(app.screen, TableScreen)
            # the status line shows the table's own prompt for this seat
            assert app.seat_view.prompt().splitlines()[-1] == words.prompt_text(app.seat_view.state)
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
        # a hand is sent once the server has kept it: just after the state that ends it
        played = server.tables["t1"].table.match.hands
        await _until(lambda: len(ann.hands) == len(bob.hands) == len(played))
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
    # ... and a match with another person counts apart from those against the computer.
    assert store.connection.execute("SELECT seat, level FROM matches").fetchall() == [
        ("north", "friends")]
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


async def test_a_finished_hand_that_does_not_read_is_refused_where_it_arrives(
        tmp_path: Path) -> None:
    """The hand message is where a record enters ``hearts join``: one that does not
    read is refused there, with why, and nothing of it is kept or reviewed."""
    good = steady_record(2)
    broken = good.to_json()
    broken["plays"][1] = broken["plays"][0]  # a card played twice
    app = JoinApp("ws://127.0.0.1:9/ws", "code-1", "Ann", data_dir=tmp_path / "ann")
    async with app.run_test(size=(100, 30)):
        app.receive(msg.HandMessage(broken, 7, Seat.SOUTH))
        notice = app.seat_view.notice or ""
        assert notice.startswith("A finished hand from the server could not be read "
                                 "(hand record: plays[1]: ") and notice.endswith(") - not saved")
        assert app.last_record is None and not app.matches
        app.receive(msg.HandMessage(good.to_json(), 7, Seat.SOUTH))
        assert app.last_record == good  # typed once, here: the review page takes it as it is
        await app.connection.stop()
    store = Store.open(tmp_path / "ann", claim=False)
    assert len(list(store.hand_records())) == 1
    store.close()


def test_the_command_lines() -> None:
    host = parse_host(["--people", "3", "--level", "beginner", "--rules", "50",
                       "--tables", "2", "--grace", "5"])
    assert (host.people, host.tables, host.grace, host.rules.target) == (3, 2, 5.0, 50)
    assert host.host == "127.0.0.1" and host.port is None  # the port of last time, if any
    assert parse_host(["--rules", "omnibus,50"]).rules == RuleSet.OMNIBUS.rules(50)
    with pytest.raises(SystemExit):
        parse_host(["--rules", "classic,5"])  # the game's bounds on the target
    join = parse_join(["127.0.0.1:9000", "--code", "abc", "--name", "Ann"])
    assert (join.address, join.code, join.name, join.token) == ("127.0.0.1:9000", "abc", "Ann",
                                                                 None)


async def test_the_help_tells_the_tables_rules_before_the_first_deal(tmp_path: Path) -> None:
    """The state names the table's rules before a hand is dealt, so the help tells
    them from the start (the Classic rules to 50 here, not the defaults)."""
    from hearts.tui.help import HelpScreen, rules_text

    rules = RuleSet.CLASSIC.rules(target=50)
    async with running_server(tmp_path / "server", replace(QUICK, people=1, rules=rules)) \
            as (_server, url):
        app = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        async with app.run_test(size=(100, 30)) as pilot:
            await _until(lambda: app.seat_view.shown)
            assert app.seat_view.state.view is None  # no hand dealt yet
            assert app.seat_view.state.rules == rules
            await pilot.press("alt+h")
            await _until(lambda: isinstance(app.screen, HelpScreen))
            shown = str(app.screen.query_one("#help-text", Static).render())
            told = Static(rules_text(rules)).render()
            assert str(told).strip() and str(told).strip() in shown
            assert "Classic" in shown and "50" in shown
            await pilot.press("escape")
            await pilot.press("x")


async def test_joining_again_after_quitting_gives_the_same_seat_back(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server", replace(QUICK, people=2)) as (server, url):
        bob = Scripted(url, "code-1", "Bob")
        bob.start()
        first = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        async with first.run_test(size=(100, 30)) as pilot:
            await _until(lambda: first.seat_view.shown)
            seat = first.seat_view.seat
            await pilot.press("x")
        holder = server.tables["t1"].holders[seat]
        await _until(lambda: holder.outbox is None)  # the seat waits for Ann
        assert (tmp_path / "ann" / "seats.json").stat().st_mode & 0o777 == 0o600

        # The same command again: the kept token takes the same seat back.
        again = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        async with again.run_test(size=(100, 30)) as pilot:
            await _until(lambda: again.connection.connected.is_set() and again.seat_view.shown)
            assert again.seat_view.seat is seat and holder.outbox is not None
            # Leaving for good forgets the token: the seat is free now (a computer
            # player plays it until someone takes it).
            await again.connection.leave()
        assert holder.token is None and not holder.seated
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


def _recording_app(tmp_path: Path) -> tuple[JoinApp, list[object]]:
    """Ann's join app with no connection: what it would send is kept in the list."""
    app = JoinApp("ws://127.0.0.1:9/ws", "code-1", "Ann", data_dir=tmp_path / "ann")
    sent: list[object] = []

    async def send(message: object) -> bool:
        sent.append(message)
        return True

    app.connection.send = send  # type: ignore[method-assign]
    return app, sent


async def test_space_sends_the_card_under_the_screens_own_highlight(tmp_path: Path) -> None:
    """The highlight is the screen's: moving it sends nothing, and space names the card
    it rests on, however fast the keys come before the next state."""
    driver = make_driver(hold=True)
    to_first_card(driver)
    for _ in range(400):
        hand = driver.table.hand
        assert hand is not None
        if driver.table.stage is Stage.PLAYING and hand.turn == Seat.SOUTH \
                and not due_decisions(driver):
            break
        step(driver)
    state = seat_state(driver.table, Seat.SOUTH)
    app, sent = _recording_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(msg.StateMessage(1, time.time(), state.to_json()))
        await pilot.pause()
        await pilot.press("right", "right")
        assert sent == []
        card = app.seat_view.highlighted
        assert card is not None
        await pilot.press("space", "enter")
        await _until(lambda: len(sent) == 2)
        await pilot.press("x")
    assert sent == [ev.Play(Seat.SOUTH, card)] * 2


async def test_choosing_cards_to_pass_sends_nothing_until_the_pass(tmp_path: Path) -> None:
    table = Table(Options(), 5, [Person("Ann"), Computer(), Person("Bob"), Computer()])
    table.handle(ev.Deal(Seat.SOUTH))
    state = seat_state(table, Seat.SOUTH)
    app, sent = _recording_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(msg.StateMessage(1, time.time(), state.to_json()))
        await pilot.pause()
        chosen: list[Card] = []
        for _ in range(3):
            while app.seat_view.highlighted == Card.parse("QS") \
                    or app.seat_view.highlighted in chosen:
                await pilot.press("right")
            highlighted = app.seat_view.highlighted
            assert highlighted is not None
            chosen.append(highlighted)
            await pilot.press("space")
        assert sent == [] and app.seat_view.choice.cards == chosen
        await pilot.press("p")
        await _until(lambda: len(sent) == 1)
        await pilot.press("x")
    assert sent == [ev.Pass(Seat.SOUTH, tuple(chosen))]


async def test_a_refused_join_shows_the_reason_on_a_page_of_its_own(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server", replace(QUICK, people=2)) as (_server, url):
        app = JoinApp(url, "wrong-code", "Ann", data_dir=tmp_path / "ann")
        async with app.run_test(size=(100, 30)) as pilot:
            await _until(lambda: isinstance(app.screen, RefusedScreen))
            text = str(app.screen.query_one("#refused-reason", Static).content)
            assert text == "No table has that code - check the code the host gave you"
            await pilot.press("x")
        assert app.connection.refusal is ErrorCode.BAD_CODE


async def test_a_name_already_at_the_table_is_refused(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server", replace(QUICK, people=2)) as (_server, url):
        ann = Scripted(url, "code-1", "Ann")
        ann.start()
        await _until(lambda: ann.connection.connected.is_set())
        other = Scripted(url, "code-1", "ann", tries=1)  # another person, the same name
        other.start()
        assert other.task is not None
        await asyncio.wait_for(other.task, 10)
        assert other.connection.refusal is ErrorCode.NAME_TAKEN
        await ann.stop()


async def test_a_wrong_address_says_why_and_counts_the_tries(tmp_path: Path) -> None:
    app = JoinApp("ws://127.0.0.1:1/ws", "code-1", "Ann", data_dir=tmp_path / "ann")
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(lambda: "try 2" in (app.seat_view.banner or ""))
        banner = app.seat_view.banner or ""
        assert banner.startswith("Connecting to the table (try 2: cannot reach the table: "
                                 "connection refused")
        assert banner in app.seat_view.prompt()
        await pilot.press("x")


async def test_while_connecting_a_page_says_so_and_offers_no_seat(tmp_path: Path) -> None:
    """U8: no empty table saying "press Deal", nor leaving a seat it does not have."""
    app = JoinApp("ws://127.0.0.1:9/ws", "code-1", "Ann", data_dir=tmp_path / "ann")
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(lambda: isinstance(app.screen, ConnectingScreen))
        page = app.screen
        await _until(lambda: "try" in str(page.query_one("#connecting-trouble", Static)
                                            .render()))
        assert "connection refused" in str(page.query_one("#connecting-trouble", Static)
                                           .render()).lower()
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
        assert not app.seat_view.can(Action.ABANDON)
        await pilot.press("x")
    assert not app.is_running


async def test_a_seat_taken_over_by_a_new_device_says_so_on_a_page_of_its_own(
        tmp_path: Path) -> None:
    async with running_server(tmp_path / "server", replace(QUICK, people=2)) as (server, url):
        app = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        async with app.run_test(size=(100, 30)) as pilot:
            await _until(lambda: app.seat_view.shown)
            token = server.tables["t1"].new_token(app.seat_view.seat)  # the host's link
            phone = Scripted(url, "code-1", "Ann", token=token)
            phone.start()
            await _until(lambda: isinstance(app.screen, RefusedScreen))
            text = str(app.screen.query_one("#refused-title", Static).render())
            assert text == "This seat is no longer played from here"
            await phone.stop()
            await pilot.press("x")


async def test_the_table_shows_free_seats_stand_ins_and_watchers(tmp_path: Path) -> None:
    """W4: among friends the table says which seat is free, which a computer plays
    for its person, who is away and how many watch; its corner names the computer
    players as computers, not "Club players" beside the friends' names."""
    table = Table(Options(), 5, [Person("Ann"), Computer(), Person("Bob"), Person("Cat")])
    table.handle(ev.Deal(Seat.SOUTH))
    data = seat_state(table, Seat.SOUTH).to_json()
    data["seats"][2]["presence"] = "stand-in"
    data["seats"][3]["presence"] = "free"
    data["seats"][3]["name"] = "East"
    data["watchers"] = ["Wes", "Xia"]
    app, _sent = _recording_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(msg.StateMessage(1, time.time(), data))
        await pilot.pause()
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "stand-in" in shown and "free seat" in shown, shown
        assert "2 watching" in shown
        assert "computers: " in shown and " players" not in shown.split("computers: ")[0][-30:]
        assert not any(line.rstrip().endswith(" players") for line in shown.splitlines())
        data["seats"][2]["presence"] = "away"
        app.receive(msg.StateMessage(2, time.time(), data))
        await pilot.pause()
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "away" in shown
        await pilot.press("x")


async def _play_from_the_app(app: JoinApp, net: Any, cards: int) -> None:
    """South (the app's seat) deals, passes, and plays its lowest cards through the
    app's connection until ``cards`` cards of the hand are played."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the hand stalled"
        hand = net.table.hand
        if hand is not None and len(hand.plays) >= cards:
            return
        stage = net.table.stage
        holder = net.holders[Seat.SOUTH]
        if holder.outbox is None:
            pass  # reconnecting
        elif hand is None or stage is Stage.IDLE:
            app.send(ev.Deal(Seat.SOUTH))
        elif stage is Stage.PASSING and not hand.passed(Seat.SOUTH):
            app.send(ev.Pass(Seat.SOUTH, tuple(hand.passable(Seat.SOUTH)[:3])))
        elif stage is Stage.RECEIVED:
            app.send(ev.Continue(Seat.SOUTH))
        elif hand.turn is Seat.SOUTH and stage in (Stage.PLAYING, Stage.TRICK_SHOW):
            app.send(ev.Play(Seat.SOUTH, hand.legal_plays()[0]))
        await asyncio.sleep(0.05)


async def test_a_seats_move_is_told_from_the_events(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Who sits down and who drops is told from the changes' events (never from a
    notice): in what happened, and beside the prompt."""
    async with running_server(tmp_path / "server", replace(QUICK, people=2)) as (_server, url):
        app = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        said: list[str | None] = []
        say = app.say

        def saying(text: str | None) -> None:
            said.append(text)
            say(text)

        monkeypatch.setattr(app, "say", saying)
        async with app.run_test(size=(100, 30)):
            await _until(lambda: app.seat_view.shown)
            bob = Scripted(url, "code-1", "Bob")
            bob.playing = False
            bob.start()
            await _until(lambda: "Bob sat down" in app.happened)
            await bob.stop()
            away = ("Bob is away - a computer player plays for them if they are not back "
                    "soon")
            await _until(lambda: away in app.happened)
            assert "Bob sat down" in said and away in said
            assert said[0] == "You sat down"  # the move that seated this connection
            assert "You sat down" not in app.happened  # (before its first state: on show)


def _named_cards(app: JoinApp) -> list[str]:
    found = [re.fullmatch(r"(?:You play|\w+ plays) the (.+)", line) for line in app.happened]
    return [match.group(1) for match in found if match]


async def test_the_log_names_every_card_from_the_events(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server", replace(QUICK, people=1)) as (server, url):
        app = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        net = server.tables["t1"]
        async with app.run_test(size=(100, 30)):
            await _until(lambda: app.seat_view.shown)
            await _play_from_the_app(app, net, 12)
            hand = net.table.hand
            assert hand is not None
            await _until(lambda: len(_named_cards(app)) >= len(hand.plays))
            assert _named_cards(app) == [words.card_name(card) for card in hand.plays]
            assert any(re.fullmatch(r"You received the .+ from \w+", line)
                       for line in app.happened)
            assert any(line.startswith("You passed the ") for line in app.happened)
            assert any(re.fullmatch(r"(You take|\w+ takes) the trick.*", line)
                       for line in app.happened)
            # the connection drops: the cards played meanwhile are told once it is
            # back (the change that brings the seat up to date carries them)
            holder = net.holders[Seat.SOUTH]
            outbox = holder.outbox
            assert outbox is not None
            net.dropped(holder, outbox)
            outbox.close()
            await _until(lambda: net.holders[Seat.SOUTH].outbox is None)
            await _play_from_the_app(app, net, 24)
            await _until(lambda: len(_named_cards(app)) >= len(hand.plays))
            assert _named_cards(app) == [words.card_name(card) for card in hand.plays]
            assert app.connection.reconnects >= 1
            await app.connection.stop()


async def test_a_duplicate_evenings_standings_stay_until_the_next_deal(tmp_path: Path) -> None:
    driver = make_driver((Person("Ann"), Computer(), Computer(), Computer()), factory=make_player)
    table = driver.table
    table.match = DuplicateMatch(table.rules, 5, Evening(1, 2), "beginner")
    pick = random.Random(1)
    driver.send(ev.Deal(Seat.SOUTH))
    while table.stage is not Stage.IDLE or table.hand is None \
            or table.hand.phase.value != "over":
        event = progress_event(table, pick)
        assert event is not None
        driver.send(event)
    [told] = [s.notice for s in driver.said if s.notice.kind is NoticeKind.STANDINGS]
    assert told.text is not None
    over = seat_state(table, Seat.SOUTH)
    driver.send(ev.Deal(Seat.SOUTH))
    dealt = seat_state(table, Seat.SOUTH)
    app, _sent = _recording_app(tmp_path)
    app.message_seconds = 0.2  # a notice's time: the standings outlast it
    async with app.run_test(size=(100, 30)) as pilot:
        await app.connection.stop()  # (no server: the states are handed in here)
        app.receive(msg.StateMessage(1, time.time(), over.to_json()))
        app.receive(msg.NoticeMessage(told))
        app.receive(msg.StateMessage(2, time.time(), over.to_json()))
        await pilot.pause(0.5)
        app.seat_view.banner = None  # (the connection stopped said so)
        assert app.seat_view.notice is None  # the notice's time is over,
        assert app.seat_view.prompt().splitlines()[0] == told.text  # the standings stay
        app.receive(msg.StateMessage(3, time.time(), dealt.to_json()))
        await pilot.pause()
        assert told.text not in app.seat_view.prompt()
        await pilot.press("x")


async def test_reactions_are_sent_shown_by_the_seat_and_muted(tmp_path: Path) -> None:
    from hearts.tui.reactions_page import ReactionsScreen
    from hearts.tui.widgets import TrickArea
    from hearts.words import words as words_of

    async with running_server(tmp_path / "server", replace(QUICK, people=2)) as (_s, url):
        bob = Scripted(url, "code-1", "Bob")
        bob.playing = False
        app = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        async with app.run_test(size=(100, 30)) as pilot:
            await _until(lambda: app.seat_view.shown)
            bob.start()
            await _until(lambda: app.seat_view.state.names[2] == "Bob")
            # the React button is offered, the key opens the set; 2 sends "nice"
            assert app.screen.query_one("#button-react").display
            await pilot.press("e")
            await _until(lambda: isinstance(app.screen, ReactionsScreen))
            await pilot.press("2")
            await _until(lambda: any(isinstance(m, msg.Reaction) for m in bob.messages))
            assert [m for m in bob.messages if isinstance(m, msg.Reaction)] == \
                [msg.Reaction(Seat.SOUTH, "nice")]
            await _until(lambda: app.seat_view.reactions.at(Seat.SOUTH) == "Nice play!")
            # Bob's reaction: by his seat (North, across) and on the status line
            assert await bob.connection.send(msg.React("thanks"))
            await _until(lambda: app.seat_view.reactions.at(Seat.NORTH) == "Thanks!")
            assert app.seat_view.notice == "Bob: Thanks!"
            await pilot.pause()
            drawn = app.screen.query_one(TrickArea).render().plain
            assert '"Thanks!"' in drawn and '"Nice play!"' in drawn
            # muted: Bob's next reaction is not shown at all
            await pilot.press("e", "m")
            await _until(lambda: app.seat_view.reactions.muted)
            assert app.seat_view.notice == words_of("reactions.muted")
            assert await bob.connection.send(msg.React("wow"))
            await _until(lambda: sum(isinstance(m, msg.Reaction) for m in bob.messages) == 3)
            await pilot.pause(0.2)
            assert app.seat_view.reactions.at(Seat.NORTH) is None
            assert "Wow" not in (app.seat_view.notice or "")
            assert "Wow" not in app.screen.query_one(TrickArea).render().plain
            await pilot.press("x")
    # the mute is kept: the next run starts muted, and a broken file is set aside
    later = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
    later.store.close()
    assert later.seat_view.reactions.muted
    (tmp_path / "ann" / "reactions.json").write_text("{broken", encoding="utf-8")
    again = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
    again.store.close()
    assert not again.seat_view.reactions.muted
    assert again._mute_notice is not None and "could not be read" in again._mute_notice
    assert list((tmp_path / "ann").glob("reactions.json.*.broken"))


async def test_the_single_player_table_says_reactions_are_for_friends(tmp_path: Path) -> None:
    from hearts.tui.app import HeartsApp

    app = HeartsApp(seed=1, config_dir=tmp_path, data_dir=tmp_path, first_start_notice=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#button-react").display
        await pilot.press("e")
        await pilot.pause()
        assert app.seat_view.notice == "Quick reactions are for a table of friends (hearts join)"


async def test_w_shows_what_happened_in_words_and_any_key_goes_back(tmp_path: Path) -> None:
    from hearts.tui.happened_page import HappenedScreen

    async with running_server(tmp_path / "server", replace(QUICK, people=1)) as (server, url):
        app = JoinApp(url, "code-1", "Ann", data_dir=tmp_path / "ann")
        net = server.tables["t1"]
        async with app.run_test(size=(100, 30)) as pilot:
            await _until(lambda: app.seat_view.shown)
            await pilot.press("w")
            await _until(lambda: isinstance(app.screen, HappenedScreen))
            assert "Nothing yet" in str(app.screen.query_one("#happened-text").render())
            await pilot.press("q")
            await _until(lambda: not isinstance(app.screen, HappenedScreen))
            await _play_from_the_app(app, net, 6)
            hand = net.table.hand
            assert hand is not None
            await _until(lambda: len(_named_cards(app)) >= 6)
            await pilot.press("w")
            await _until(lambda: isinstance(app.screen, HappenedScreen))
            shown = str(app.screen.query_one("#happened-text").render())
            for card in hand.plays[:6]:
                assert words.card_name(card) in shown
            assert shown.splitlines()[-1] == app.happened[-1]  # the newest last
            await pilot.press("escape")
            await _until(lambda: not isinstance(app.screen, HappenedScreen))
            await app.connection.stop()


async def test_w_at_the_single_player_table_says_where_what_happened_is(
        tmp_path: Path) -> None:
    from hearts.tui.app import HeartsApp

    app = HeartsApp(seed=1, config_dir=tmp_path, data_dir=tmp_path, first_start_notice=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        assert app.seat_view.notice is not None and "hearts join" in app.seat_view.notice
