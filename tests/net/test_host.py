"""``hearts host``'s own parts, in this process: the data folder's lock and
remembered ports, the addresses it prints, the seat links it hands out, and
the lines its terminal shows as people join, drop and leave."""

from __future__ import annotations

import asyncio
import io
import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from hearts.cards import Seat
from hearts.net.admission.addresses import Address, host_addresses, is_loopback
from hearts.net.host.cli import parse_join
from hearts.net.host.hostfile import LOCK_FILE, STATE_FILE, HostBusy, HostLock
from hearts.net.host.hostview import (
    HostView,
    announce,
    free_seat,
    friends_address,
    seat_computer,
    seat_link,
    watch_links,
)
from hearts.net.server import TableServer
from hearts.net.tables.table import NetTable, Outbox, TableConfig
from hearts.net.wire.errors import ErrorCode
from hearts.table import Presence
from tests.net.helpers import QUICK, Scripted, running_server, until

_ADDRESSES = [Address("192.168.1.5", "eth0"), Address("10.8.0.2", "tun0"),
              Address("fd00::2", "eth0"), Address("127.0.0.1", "lo"), Address("::1", "lo")]



def test_one_host_a_data_folder_and_the_second_is_told_which(tmp_path: Path) -> None:
    first = HostLock(tmp_path)
    first.acquire()
    assert first.last is None and first.notice is None
    first.listening("0.0.0.0", 40959, 45749)
    second = HostLock(tmp_path)
    with pytest.raises(HostBusy) as busy:
        second.acquire()
    text = str(busy.value)
    assert f"process {os.getpid()}" in text and "0.0.0.0:40959" in text
    assert "web pages on port 45749" in text and "--data-dir" in text
    assert (tmp_path / LOCK_FILE).stat().st_mode & 0o077 == 0
    first.release()
    # once the first has gone, the next one takes the folder and the ports of last time
    third = HostLock(tmp_path)
    third.acquire()
    assert third.last is not None and (third.last.port, third.last.web_port) == (40959, 45749)
    third.release()


def test_a_host_still_starting_is_named_by_its_process(tmp_path: Path) -> None:
    first = HostLock(tmp_path)
    first.acquire()  # not listening yet
    with pytest.raises(HostBusy, match=f"process {os.getpid()}, started .*still starting"):
        HostLock(tmp_path).acquire()
    first.release()


def test_a_broken_host_file_is_set_aside_with_a_notice(tmp_path: Path) -> None:
    (tmp_path / STATE_FILE).write_text("{not json")
    lock = HostLock(tmp_path)
    lock.acquire()
    assert lock.last is None and lock.notice is not None and "could not be read" in lock.notice
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(STATE_FILE)] != []
    assert not (tmp_path / STATE_FILE).exists()  # kept aside, under another name
    lock.listening("127.0.0.1", 5000)
    assert json.loads((tmp_path / STATE_FILE).read_text())["port"] == 5000
    lock.release()


def test_this_machines_addresses_are_listed_with_the_local_ones_last() -> None:
    found = host_addresses()
    assert found and all(is_loopback(a.ip) == a.local for a in found)
    assert [a.local for a in found] == sorted(a.local for a in found)
    assert not any(a.link_local and a.version == 6 for a in found)


def test_the_addresses_friends_can_use_are_printed(tmp_path: Path) -> None:
    server = TableServer(tmp_path, TableConfig())
    local = announce(server, "127.0.0.1", 4000)
    assert local[0] == "Hearts tables at 127.0.0.1:4000"
    assert not any("Warning" in line for line in local)
    anywhere = announce(server, "0.0.0.0", 4000, True, _ADDRESSES)
    text = "\n".join(anywhere)
    assert anywhere[0] == "Hearts tables at 192.168.1.5:4000"  # no machine name
    assert "friends may also use: 10.8.0.2:4000 (tun0)" in text
    assert "only on this machine: 127.0.0.1:4000" in text
    assert "fd00::2" not in text  # 0.0.0.0 takes IPv4 alone
    assert "Warning: anyone" in text
    for table in server.tables.values():  # the web table on the tables' own port
        assert f"http://192.168.1.5:4000/t/{table.id}/?code=" in text
        assert f"http://192.168.1.5:4000/t/{table.id}/watch?code={table.watchers.code}" in text
    both = "\n".join(announce(server, "::", 4000, False, _ADDRESSES))
    assert "[fd00::2]:4000 (eth0)" in both and "[::1]:4000" in both
    alone = announce(server, "0.0.0.0", 4000, False, [Address("127.0.0.1", "lo")])
    assert alone[0] == "Hearts tables at 127.0.0.1:4000"
    assert "only this machine can join" in "\n".join(alone)
    assert friends_address("192.168.1.9", _ADDRESSES) == "192.168.1.9"


async def test_a_link_gives_a_person_their_seat_on_a_new_device(tmp_path: Path) -> None:
    async with running_server(tmp_path, replace(QUICK, people=2), tables=2) as (server, url):
        ann = Scripted(url, "code-1", "Ann")
        ann.start()
        await until(lambda: ann.connection.token is not None)
        web = "http://192.168.1.5:4001"
        holder = server.tables["t1"].holders[Seat.SOUTH]
        for words in (["t1", "south"], ["ann"], ["t1", "Ann"]):
            lines = seat_link(server, words, "192.168.1.5:4000", web)
            token = holder.token  # each link gives the seat a new token
            assert token != ann.connection.token
            assert lines[1] == f"  hearts join 192.168.1.5:4000 --code code-1 --token {token}"
            assert lines[2] == f"  {web}/t/t1/?code=code-1&name=Ann&token={token}"
        assert parse_join(["192.168.1.5:4000", "--code", "code-1", "--token", str(token)]
                          ).token == token
        assert "nobody holds it" in seat_link(server, ["t1", "north"], "a:1", None)[0]
        assert "Which table?" in seat_link(server, ["south"], "a:1", None)[0]
        assert "No seat is 'Zed'" in seat_link(server, ["Zed"], "a:1", None)[0]
        assert len(seat_link(server, ["t1", "south"], "a:1", None)) == 3  # no pages: no page
        watch = watch_links(server, ["t1"], web)
        code = server.tables['t1'].watchers.code
        assert watch == [f"To watch t1: {web}/t/t1/watch?code={code}"]
        assert len(watch_links(server, [], web)) == 2
        assert "No table is called 't7'" in watch_links(server, ["t7"], web)[0]
        assert "--serve" in watch_links(server, [], None)[0]
        # the new device takes the seat over from the one still connected, which stops
        phone = Scripted(url, "code-1", "Ann", token=holder.token)
        phone.start()
        assert ann.task is not None
        await asyncio.wait_for(ann.task, 10)
        assert ann.connection.refusal is ErrorCode.REPLACED
        await until(lambda: bool(phone.states) and phone.state.seat is Seat.SOUTH)
        assert holder.outbox is not None and holder.joined_with == holder.token
        await phone.stop()


async def test_the_host_frees_a_seat_and_seats_a_computer(tmp_path: Path) -> None:
    async with running_server(tmp_path, replace(QUICK, people=2)) as (server, url):
        ann, bob = Scripted(url, "code-1", "Ann"), Scripted(url, "code-1", "Bob")
        ann.start()
        bob.start()
        await until(lambda: bool(bob.states) and bob.state.names[2] == "Bob")
        net = server.tables["t1"]
        assert free_seat(server, ["t1", "north"]) == "Bob's seat at t1 (North) is free"
        assert bob.task is not None
        await asyncio.wait_for(bob.task, 10)
        assert bob.connection.refusal is ErrorCode.REPLACED
        assert net.table.seating(Seat.NORTH).presence is Presence.STAND_IN
        cat = Scripted(url, "code-1", "Cat")  # someone else may take it
        cat.start()
        await until(lambda: bool(cat.states) and cat.state.seat is Seat.NORTH)
        assert seat_computer(server, ["cat"]) == "A computer player has Cat's seat at t1 (North)"
        assert net.table.seating(Seat.NORTH).presence is Presence.COMPUTER
        await until(lambda: not net.writing)  # table.json is written off the event loop
        assert NetTable.load(net.folder, None).holders[Seat.NORTH].gone  # kept so
        await ann.stop()
        await cat.stop()


async def test_the_hosts_terminal_says_who_joins_drops_and_leaves(tmp_path: Path) -> None:
    async with running_server(tmp_path, replace(QUICK, people=2)) as (server, url):
        out = io.StringIO()
        view = HostView(server, "127.0.0.1:1", console=Console(file=out, width=200),
                        live=False, stdin=io.StringIO(), every=0.02)
        view.start()
        try:
            ann = Scripted(url, "code-1", "Ann", deals=True, hands=1)
            bob = Scripted(url, "code-1", "Bob")
            ann.start()
            bob.start()
            await asyncio.wait_for(ann.over.wait(), 60)
            await until(lambda: "hand 1 over" in out.getvalue())
            await bob.stop()
            await until(lambda: "Bob (north) dropped" in out.getvalue())
            await ann.connection.leave()
            await until(lambda: "Ann (south) left the table" in out.getvalue())
            view.command("link t1 north")
            view.command("dance")
        finally:
            view.stop()
    lines = out.getvalue().splitlines()
    said = [line.split(" ", 1)[1] for line in lines]  # after the time
    assert "t1: Ann (south) sat down" in said and "t1: Bob (north) sat down" in said
    over = next(line for line in said if "hand 1 over" in line)
    assert over.startswith("t1: hand 1 over - Ann ") and ", Bob " in over
    assert any(line.startswith("t1: Bob (north) dropped - the seat waits 60 s") for line in said)
    assert any(line.startswith("Bob's seat at t1 (north), for a new device") for line in said)
    assert any(line.startswith("Unknown command 'dance'") for line in said)


async def test_the_live_view_draws_a_row_a_table(tmp_path: Path) -> None:
    server = TableServer(tmp_path, TableConfig(people=2), tables=2)
    server.open_tables(asyncio.get_running_loop())
    try:
        net = server.tables["t1"]
        outbox = Outbox()
        holder = net.join("Ann", None, outbox)
        net.dropped(holder, outbox)  # away: the seat waits for her
        view = HostView(server, "a:1", console=Console(file=io.StringIO(), width=120),
                        live=False)
        view.look()
        out = Console(file=io.StringIO(), width=120, height=30)
        out.print(view.render())
        text = out.file.getvalue()  # type: ignore[attr-defined]
        assert "t1" in text and "t2" in text and "Ann 0" in text and "away" in text
        assert "free seat" in text and "computer" in text and "link TABLE SEAT" in text
    finally:
        server.close()


async def test_another_librarys_warning_goes_above_the_live_view_not_over_the_prompt(
        tmp_path: Path) -> None:
    import logging

    server = TableServer(tmp_path, TableConfig(people=2))
    server.open_tables(asyncio.get_running_loop())
    out = io.StringIO()
    view = HostView(server, "a:1", console=Console(file=out, width=120, force_terminal=True),
                    live=True, stdin=io.StringIO())
    view.start()
    try:
        logging.getLogger("aiohttp.server").warning("Error handling request")
        assert "warning: Error handling request" in out.getvalue()
    finally:
        view.stop()
        server.close()
    assert logging.getLogger().handlers == [h for h in logging.getLogger().handlers
                                            if type(h).__name__ != "_ViewHandler"]
