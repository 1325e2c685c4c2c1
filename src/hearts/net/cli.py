"""``hearts host``: start a table server; ``hearts join``: sit at one of its tables.

``hearts host [--host H] [--port P] [--people N] [--level NAME] [--rules WORDS]
[--tables K] [--grace SECONDS] [--turn-seconds SECONDS] [--data-dir DIR]
[--serve [--web-port P]]``
prints the address and each table's join code and runs until Ctrl+C. Every
table is saved after every pass and card in a folder of its own under the data
folder, so the same command started again carries every table on. With
``--serve`` each table also has a web page for people with only a browser; the
pages are the front end's business (:mod:`hearts.tui.seatpages` passes them
in as :data:`Pages`), so this module never imports a front end.

``hearts join ADDRESS --code CODE [--name NAME]`` opens the table in the
terminal: its command line is read here, the app is :mod:`hearts.tui.join`
(which imports this module, never the other way round).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

from aiohttp import web

from hearts.ai import Level
from hearts.arena.rulestext import RULES_HELP, checked_rules_argument
from hearts.levels import level_choices
from hearts.net.server import TableServer
from hearts.net.tables import TableConfig
from hearts.options import rules_refusal
from hearts.rules import Rules

__all__ = ["DEFAULT_HOST", "EXIT_WITH_PARENT", "Pages", "default_data_dir", "host_main",
           "local_url", "parse_host", "parse_join", "start_worker", "watch_parent"]

Pages = Callable[[TableServer, str, str, int], Awaitable[Callable[[], Awaitable[None]]]]
"""Starts the tables' web pages: given the server, the tables' WebSocket address
(as seen from this machine), the address and the port to listen on, it prints
where the pages are and returns what stops them."""

EXIT_WITH_PARENT = "HEARTS_EXIT_WITH_PARENT"
"""Set to its parent's process id, ``hearts join`` ends as soon as that parent is
gone (the seats of ``hearts host --serve``'s pages)."""

DEFAULT_HOST = "127.0.0.1"
"""Where ``hearts host`` listens unless told otherwise: this machine only."""


def _level(text: str) -> Level:
    key = text.strip().upper()
    for level in Level:
        if key in (level.name, str(int(level))):
            return level
    raise argparse.ArgumentTypeError(f"unknown level {text!r} (choose from {level_choices()})")


def _count(low: int, high: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}")
        return value
    return read


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError("must be a number of seconds from 0 to 86400")
    return value


def default_data_dir() -> Path:
    """Where a table server keeps its tables unless ``--data-dir`` says otherwise."""
    from hearts.store.store import database_path

    return database_path(None).parent / "server"


def parse_host(argv: list[str]) -> argparse.Namespace:
    """Read ``hearts host``'s command line."""
    parser = argparse.ArgumentParser(
        prog="hearts host",
        description="Host Hearts tables for friends: prints the address and a join code "
                    "for each table; they play with `hearts join ADDRESS --code CODE`. "
                    "Ctrl+C stops the server; every table is saved after each card and "
                    "carries on when the same command is run again.")
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="H",
                        help=f"address to listen on (default {DEFAULT_HOST}, this machine "
                             "only; 0.0.0.0 lets anyone who can reach this machine join)")
    parser.add_argument("--port", type=_count(0, 65535), default=0, metavar="P",
                        help="port to listen on (default 0: any free port)")
    parser.add_argument("--people", type=_count(1, 4), default=2, metavar="N",
                        help="people at each table, 1 to 4 (default 2); computer players "
                             "take the other seats")
    parser.add_argument("--level", type=_level, default=Level.CLUB, metavar="NAME",
                        help=f"the computer players' level: {level_choices()} (default club)")
    parser.add_argument("--rules", type=checked_rules_argument(rules_refusal), default=Rules(),
                        metavar="WORDS", help="the rules: " + RULES_HELP)
    parser.add_argument("--tables", type=_count(1, 1000), default=1, metavar="K",
                        help="how many tables (default 1), each with its own code")
    parser.add_argument("--grace", type=_seconds, default=60.0, metavar="SECONDS",
                        help="how long a dropped person's seat waits before a computer "
                             "player plays for them until they return (default 60)")
    parser.add_argument("--turn-seconds", type=_seconds, default=None, metavar="SECONDS",
                        help="how long a connected person may take to pass or play before a "
                             "computer player decides for them, that once (default: no "
                             "limit)")
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="where the tables are kept (default: the data folder's "
                             "'server' folder)")
    parser.add_argument("--serve", action="store_true",
                        help="also give each table a web page, for friends who have only "
                             "a browser (on the same address as --host)")
    parser.add_argument("--web-port", type=_count(0, 65535), default=0, metavar="P",
                        help="the web pages' port (default 0: any free port)")
    args = parser.parse_args(argv)
    if args.web_port and not args.serve:
        parser.error("--web-port goes with --serve")
    return args


def start_worker(parent: int) -> None:
    """A computer players' worker process begins: Ctrl+C at the terminal is the
    server's to handle (it stops the workers itself), and the worker ends with
    the server however the server ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch_parent(parent)


def watch_parent(parent: int, every: float = 1.0) -> None:
    """In a worker process: end it as soon as the server that started it is gone
    (killed with kill -9, nothing else would ever tell it)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _is_local(host: str) -> bool:
    name = host.strip("[]").lower()
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return name == "localhost"


def _announce(server: TableServer, host: str, port: int) -> None:
    if host in ("", "0.0.0.0", "::"):
        shown = socket.gethostname()  # listening on every address: name the machine
        print(f"Hearts tables at {shown}:{port} (and 127.0.0.1:{port} on this machine)",
              flush=True)
    else:
        shown = f"[{host}]" if ":" in host else host
        print(f"Hearts tables at {shown}:{port}", flush=True)
    if not _is_local(host):
        print("Warning: anyone who can reach this address and has a code can take a "
              "seat at that table.", flush=True)
    for table in server.tables.values():
        print(f"  table {table.id}: hearts join {shown}:{port} --code {table.code}",
              flush=True)
    for notice in server.notices:
        print(f"  ({notice})", flush=True)


def local_url(host: str, port: int) -> str:
    """The WebSocket address of tables listening on ``host``, from this machine."""
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    shown = f"[{host}]" if ":" in host else host
    return f"ws://{shown}:{port}/ws"


async def _host(server: TableServer, host: str, port: int,
                pages: Pages | None = None, web_port: int = 0) -> None:
    runner = web.AppRunner(server.app(), handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port, shutdown_timeout=2.0)
    await site.start()
    port = runner.addresses[0][1]
    _announce(server, host, port)
    stop_pages = None
    if pages is not None:
        try:
            stop_pages = await pages(server, local_url(host, port), host, web_port)
        except BaseException:
            await runner.cleanup()
            raise
    print("Press Ctrl+C to stop (every table is saved).", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(NotImplementedError, ValueError, RuntimeError):
                loop.add_signal_handler(number, stop.set)
    try:
        await stop.wait()
    finally:
        if stop_pages is not None:
            await stop_pages()
        await runner.cleanup()
        print("Stopped; every table is saved", flush=True)


def host_main(argv: list[str], pages: Pages | None = None) -> int:
    """Run ``hearts host``; returns the exit status. ``pages`` serves ``--serve``."""
    args = parse_host(argv)
    if args.serve and pages is None:
        print("hearts host: --serve needs the web pages (run it as `hearts host`)",
              file=sys.stderr)
        return 2
    config = TableConfig(people=args.people, level=args.level, rules=args.rules,
                         grace=args.grace, turn_seconds=args.turn_seconds)
    # Computer players think in other processes: one table's Expert never
    # holds up the event loop or another table. Workers are spawned, not
    # forked: a forked worker would inherit the listening socket and keep the
    # port taken after the server is killed.
    executor: Executor = ProcessPoolExecutor(max_workers=max(1, os.cpu_count() or 1),
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=start_worker, initargs=(os.getpid(),))
    server = TableServer(args.data_dir or default_data_dir(), config, args.tables, executor)
    try:
        asyncio.run(_host(server, args.host, args.port, pages if args.serve else None,
                          args.web_port))
    except OSError as error:
        ports = f"port {args.port}" + (f" or web port {args.web_port}" if args.serve else "")
        print(f"hearts host: cannot listen on {args.host} {ports}: "
              f"{error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        # Waiting (a decision at most) spares Python 3.11 a pool torn down at exit.
        executor.shutdown(wait=True, cancel_futures=True)
    return 0


def parse_join(argv: list[str]) -> argparse.Namespace:
    """Read ``hearts join``'s command line."""
    parser = argparse.ArgumentParser(
        prog="hearts join",
        description="Sit at a table of a Hearts table server (`hearts host`).")
    parser.add_argument("address", help="the server, as HOST:PORT (or a ws:// address)")
    parser.add_argument("--code", required=True, help="the table's join code")
    parser.add_argument("--name", default=os.environ.get("USER", "Player") or "Player",
                        help="your name at the table (default: your user name)")
    drawing = parser.add_mutually_exclusive_group()
    drawing.add_argument("--ascii", action="store_true", help="draw in plain ASCII")
    drawing.add_argument("--unicode", action="store_true",
                         help="draw suit symbols even if the locale seems unable to")
    return parser.parse_args(argv)
