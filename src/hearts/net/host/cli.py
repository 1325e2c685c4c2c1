"""``hearts host``: start a table server; ``hearts join``: sit at one of its tables.

``hearts host [--host H] [--port P] [--people N] [--level NAME] [--rules WORDS]
[--tables K] [--grace SECONDS] [--turn-seconds SECONDS] [--duplicate DEALS] [--data-dir DIR]
[--serve] [--trust-proxy ADDRESS]``
prints the address and each table's join code, then follows the tables in the
terminal (:mod:`hearts.net.host.hostview`) until Ctrl+C. Every table is saved after
every pass and card in a folder of its own under the data folder, so the same
command started again carries every table on, on the same ports (kept in the
folder's ``host.json``); one host at a time serves a data folder
(:mod:`hearts.net.host.hostfile`). With ``--serve`` the same server also serves the
web table under each table's path, ``/t/TABLE/``, and a front page that starts
tables: a client of the same messages in the browser, with no process of its
own. The pages are the web layer's, above this one: ``hearts host`` is
:func:`hearts.web.host.host_main`, which hands :func:`host_main` what serves them.
With ``--trust-proxy`` it believes the client's address and scheme that a
proxy at that address forwards (:mod:`hearts.net.admission.forwarded`); ``--workers N``
(with ``--certificate`` and ``--http-port``) runs N such servers behind
HAProxy (:mod:`hearts.net.host.workers`).

``hearts join ADDRESS --code CODE [--name NAME] [--token TOKEN]`` opens the
table in the terminal: its command line is read here, the app is
:mod:`hearts.tui.join` (which imports this module, never the other way round).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import logging
import multiprocessing
import os
import re
import resource
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

from aiohttp import web

from hearts.ai import Level
from hearts.arena.rulestext import RULES_HELP, checked_rules_argument
from hearts.duplicate import MAX_DEALS
from hearts.levels import level_choices
from hearts.net.admission.addresses import WILDCARDS, host_addresses, is_loopback, shown_host
from hearts.net.admission.forwarded import trusted_networks
from hearts.net.admission.limits import QuietRepeats
from hearts.net.host.collector import keep_frozen, tune_for_server
from hearts.net.host.hostfile import HostBusy, HostLock
from hearts.net.host.hostview import HostView, announce, friends_address
from hearts.net.host.signals import stop_on_signals
from hearts.net.server import TableServer
from hearts.net.tables.table import TableConfig
from hearts.net.tables.thinking import Thinkers
from hearts.options import rules_refusal
from hearts.rules import Rules

__all__ = ["DEFAULT_HOST", "EXIT_WITH_PARENT", "Pages", "PortTaken", "default_data_dir",
           "host_main", "local_url", "parse_host", "parse_join", "start_worker",
           "token_argument", "watch_parent"]

EXIT_WITH_PARENT = "HEARTS_EXIT_WITH_PARENT"
"""Set to its parent's process id, ``hearts join`` ends as soon as that parent is
gone."""

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


def _amount(low: float, high: float, unit: str) -> Callable[[str], float]:
    """Reads a number of ``unit`` from ``low`` to ``high`` (refused otherwise, NaN too)."""
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a number of {unit} from {low:g} to "
                                             f"{high:g}")
        return value
    return read


_seconds = _amount(0, 86400, "seconds")
_hours = _amount(0.1, 720, "hours")


_START_LIMITS = [
    ("--starts-per-browser", 1_000, 6, "tables one browser may start in an hour"),
    ("--starts-per-address", 10_000, 12, "tables that may be started from one address in "
                                         "an hour"),
    ("--starts-per-network", 100_000, 40, "tables that may be started from one network (a "
                                          "/24, an IPv6 /64) in an hour"),
    ("--starts-per-hour", 1_000_000, 400, "tables that may be started in all in an hour"),
]
"""``hearts host``'s limits on tables started from browsers: option, most, default
(:class:`hearts.web.starts.StartLimits`'s), what it limits."""

_FRONT_ONLY = ["--held-tables", "--idle-hours"]


def token_argument(text: str) -> str:
    """A seat's token as given on a command line or in an address."""
    if not re.fullmatch(r"[A-Za-z0-9_-]{8,64}", text):
        raise argparse.ArgumentTypeError("a seat's token is 8 to 64 letters, digits, - and _ "
                                         "(as the host's link gives it)")
    return text


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
                    "carries on, on the same ports, when the same command is run again. "
                    "While it runs, type `link TABLE SEAT` (or `link NAME`) and Enter for "
                    "the link that gives a person their seat on a new device.")
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="H",
                        help=f"address to listen on (default {DEFAULT_HOST}, this machine "
                             "only; 0.0.0.0 lets anyone who can reach this machine join)")
    parser.add_argument("--port", type=_count(0, 65535), metavar="P",
                        help="port to listen on (default: the one the tables of the data "
                             "folder had last time, else any free port; 0: any free port)")
    parser.add_argument("--people", type=_count(1, 4), default=2, metavar="N",
                        help="people at each table, 1 to 4 (default 2); computer players "
                             "take the other seats")
    parser.add_argument("--level", type=_level, default=Level.CLUB, metavar="NAME",
                        help=f"the computer players' level: {level_choices()} (default club)")
    parser.add_argument("--rules", type=checked_rules_argument(rules_refusal), default=Rules(),
                        metavar="WORDS", help="the rules: " + RULES_HELP)
    parser.add_argument("--tables", type=_count(0, 1000), default=1, metavar="K",
                        help="how many tables (default 1), each with its own code (0 with "
                             "--serve: only the tables started from the front page)")
    parser.add_argument("--grace", type=_seconds, default=60.0, metavar="SECONDS",
                        help="how long a dropped person's seat waits before a computer "
                             "player plays for them until they return (default 60)")
    parser.add_argument("--turn-seconds", type=_seconds, default=None, metavar="SECONDS",
                        help="how long a connected person may take to pass or play before a "
                             "computer player decides for them, that once (default: no "
                             "limit)")
    parser.add_argument("--duplicate", type=_count(1, MAX_DEALS), default=0, metavar="DEALS",
                        help="new tables play a duplicate evening of DEALS deals: each deal "
                             "is played again with its cards moved round the seats (twice "
                             "for 1 or 2 people, four times for 3 or 4), and the standings "
                             "are the points taken less the others' on the same cards "
                             "(see docs/playing.md)")
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="where the tables are kept (default: the data folder's "
                             "'server' folder)")
    parser.add_argument("--workers", type=_count(1, 64), default=None, metavar="N",
                        help="run N table servers (processes), each with its own data "
                             "folder DIR/wK, behind HAProxy listening on --host and --port "
                             "(its configuration is written to DIR/haproxy.cfg); see "
                             "docs/deploy.md")
    parser.add_argument("--table-prefix", default="", metavar="TEXT",
                        help=argparse.SUPPRESS)  # a worker's: its tables' ids begin so
    parser.add_argument("--starts-file", type=Path, metavar="PATH",
                        help=argparse.SUPPRESS)  # a worker's: the counts all workers share
    parser.add_argument("--serve", action="store_true",
                        help="also serve the web table, for friends with a phone, a tablet, "
                             "a screen reader or only a browser: each table's page and a "
                             "page to watch it, and a front page where a browser starts a "
                             "table, on the tables' own address and port")
    parser.add_argument("--certificate", type=Path, metavar="PEM",
                        help="with --workers: HAProxy speaks TLS (https://, wss://) with this "
                             "PEM file, the certificate followed by its key")
    parser.add_argument("--http-port", type=_count(1, 65535), metavar="P",
                        help="with --certificate: also listen for plain http on port P "
                             "(80, say) and send every request there on to https")
    parser.add_argument("--trust-proxy", action="append", default=[], metavar="ADDRESS",
                        help="a proxy in front of this server (127.0.0.1, or a network "
                             "such as 10.0.0.0/8; may be given again): from its address "
                             "alone the client's address and scheme are read from "
                             "X-Forwarded-For and X-Forwarded-Proto (--workers sets this "
                             "for its workers)")
    front = parser.add_argument_group(
        "tables started from the front page (with --serve; with --workers, counted for "
        "the whole server)")
    for option, most, default, what in _START_LIMITS:
        front.add_argument(option, type=_count(1, most), metavar="N",
                           help=f"{what} (default {default}; 1 to {most:,})")
    front.add_argument("--held-tables", type=_count(1, 10_000), metavar="N",
                       help="tables started from browsers held in memory at once (with "
                            "--workers, by each worker) (default 256; 1 to 10,000): one "
                            "nobody is at is put away to make room, and past that a new "
                            "table waits for one")
    front.add_argument("--idle-hours", type=_hours, metavar="H",
                       help="a table started from the front page that nobody has visited "
                            "for H hours is closed and kept in the history (default 6; "
                            "0.1 to 720)")
    args = parser.parse_args(argv)
    given = [option for option in [o for o, *_ in _START_LIMITS] + _FRONT_ONLY
             if getattr(args, option[2:].replace("-", "_")) is not None]
    if given and not args.serve:
        parser.error(f"{given[0]} goes with --serve (it is about the tables started from "
                     "the front page)")
    if args.tables == 0 and not args.serve:
        parser.error("--tables 0 leaves no table to join: add --serve (its front page starts "
                     "tables from a browser), or give --tables 1 or more")
    try:
        args.trust_proxy = trusted_networks(args.trust_proxy)
    except ValueError as error:
        parser.error(f"--trust-proxy: {error}")
    if args.workers is None and (args.certificate or args.http_port):
        parser.error("--certificate and --http-port go with --workers (HAProxy holds the "
                     "certificate; see docs/deploy.md)")
    if args.http_port is not None and args.http_port == args.port:
        parser.error("--http-port must differ from --port")
    if args.http_port and not args.certificate:
        parser.error("--http-port goes with --certificate (it sends plain http to https)")
    if args.workers is not None and args.trust_proxy:
        parser.error("--trust-proxy is for a server behind a proxy of your own: with "
                     "--workers the workers trust the HAProxy it runs")
    if args.certificate and not os.access(args.certificate, os.R_OK):
        parser.error(f"--certificate: cannot read {args.certificate}")
    if not re.fullmatch(r"[a-z0-9]{0,8}-?", args.table_prefix):
        parser.error("--table-prefix: a few lowercase letters and digits, and a '-'")
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


def local_url(host: str, port: int) -> str:
    """The WebSocket address of tables listening on ``host``, from this machine."""
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    shown = f"[{host}]" if ":" in host else host
    return f"ws://{shown}:{port}/ws"


class PortTaken(OSError):
    """A port the host cannot listen on; the text says why, and what to do."""


def _port_taken(error: OSError, host: str, port: int, what: str, option: str,
                remembered: bool) -> PortTaken:
    reason = os.strerror(error.errno) if error.errno else str(error)
    if remembered and error.errno == errno.EADDRINUSE:
        return PortTaken(
            f"cannot listen on {host} port {port}, where the {what} were last time (so "
            f"friends' `hearts join` and pages look for them there): {reason}. Stop the "
            f"program that has it now (or the earlier hearts host, if it still runs), or "
            f"give {option} 0 for any free port (friends then need the new address).")
    return PortTaken(f"cannot listen on {host} port {port} for the {what}: {reason}. "
                     f"Choose another with {option} P, or {option} 0 for any free port.")


async def _listen(runner: web.AppRunner, host: str, port: int, remembered: bool) -> int:
    site = web.TCPSite(runner, host, port, shutdown_timeout=2.0)
    try:
        await site.start()
    except OSError as error:
        raise _port_taken(error, host, port, "tables", "--port", remembered) from None
    return int(runner.addresses[0][1])


async def _host(server: TableServer, lock: HostLock, host: str, port: int | None,
                pages: Callable[[TableServer], object] | None = None) -> None:
    last = lock.last
    # behind a trusted proxy the pages are asked for by the proxy's public name
    server.local_only = is_loopback(host) and not server.trusted_proxies
    serve = pages is not None
    if pages is not None:
        pages(server)
    runner = server.runner()
    await runner.setup()  # opens the tables
    tune_for_server()
    try:
        wanted = port if port is not None else (last.port if last and last.port else 0)
        port = await _listen(runner, host, wanted, port is None and bool(wanted))
    except BaseException:
        await runner.cleanup()
        raise
    lock.listening(host, port)
    addresses = host_addresses(ipv6=host == "::") if host in WILDCARDS else []
    terminal = sys.stdout.isatty()
    columns = shutil.get_terminal_size().columns if terminal else None
    for line in announce(server, host, port, serve, addresses, columns, colour=terminal):
        print(line, flush=True)
    if lock.notice:
        print(f"  ({lock.notice})", flush=True)
    print("Press Ctrl+C to stop (every table is saved).", flush=True)
    shown = shown_host(friends_address(host, addresses))
    view = HostView(server, f"{shown}:{port}", f"http://{shown}:{port}" if serve else None)
    stop = stop_on_signals()
    view.start()
    collecting = asyncio.create_task(keep_frozen(ended=server.ended))
    try:
        await stop.wait()
    finally:
        collecting.cancel()
        view.stop()
        await runner.cleanup()
        with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP)
            print("Stopped; every table is saved", flush=True)


def _more_open_files() -> None:
    """Raise this process's limit of open files as far as allowed: every
    connection is one (the common default of 1,024 is soon reached)."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 1 << 16 if hard == resource.RLIM_INFINITY else min(hard, 1 << 16)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


Pages = Callable[[TableServer, argparse.Namespace], object]
"""What serves the web pages from a server (before its app is made), given the
command line: the layer above passes it in (:func:`hearts.web.host.host_main`),
so this module never imports the web table."""


def host_main(argv: list[str], pages: Pages | None = None) -> int:
    """Run ``hearts host``; returns the exit status. ``pages`` serves the web pages
    (``--serve``): without it ``--serve`` is refused."""
    args = parse_host(argv)
    if args.serve and pages is None:
        print("hearts host: this entry point serves no web pages: run `hearts host --serve`",
              file=sys.stderr)
        return 2
    data_dir = args.data_dir or default_data_dir()
    lock = HostLock(data_dir)
    try:
        lock.acquire()
    except HostBusy as busy:
        print(f"hearts host: {busy}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"hearts host: cannot use the data folder {data_dir}: {error}", file=sys.stderr)
        return 1
    if args.workers is not None:
        from hearts.net.host.workers import run_workers

        return run_workers(args, argv, lock)
    _more_open_files()
    config = TableConfig(people=args.people, level=args.level, rules=args.rules,
                         grace=args.grace, turn_seconds=args.turn_seconds,
                         duplicate=args.duplicate)
    # Computer players think in other processes: one table's Expert never
    # holds up the event loop or another table. Workers are spawned, not
    # forked: a forked worker would inherit the listening socket and keep the
    # port taken after the server is killed.
    processes = max(1, os.cpu_count() or 1)
    executor: Executor = ProcessPoolExecutor(max_workers=processes,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=start_worker, initargs=(os.getpid(),))
    server = TableServer(data_dir, config, args.tables, executor)
    server.thinkers = Thinkers(processes)
    server.prefix = args.table_prefix
    server.trusted_proxies = args.trust_proxy
    logging.getLogger("hearts.net").setLevel(logging.INFO)
    quiet = QuietRepeats()
    for name in ("aiohttp.server", "aiohttp.web", "aiohttp.websocket", "asyncio"):
        logging.getLogger(name).addFilter(quiet)
    try:
        asyncio.run(_host(server, lock, args.host, args.port,
                          (lambda s: pages(s, args)) if args.serve and pages else None))
    except PortTaken as error:
        print(f"hearts host: {error}", file=sys.stderr)
        return 1
    finally:
        # Waiting (a decision at most) spares Python 3.11 a pool torn down at exit.
        executor.shutdown(wait=True, cancel_futures=True)
        lock.release()
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
    parser.add_argument("--token", type=token_argument,
                        help="your seat's token, from the host's link: takes your seat back "
                             "on a new device")
    drawing = parser.add_mutually_exclusive_group()
    drawing.add_argument("--ascii", action="store_true", help="draw in plain ASCII")
    drawing.add_argument("--unicode", action="store_true",
                         help="draw suit symbols even if the locale seems unable to")
    return parser.parse_args(argv)
