"""``hearts host``'s terminal: where friends connect, and the tables as they go.

:func:`announce` says where the tables are: with ``--host 0.0.0.0`` (or
``::``) each address of the machine (:mod:`hearts.net.admission.addresses`), and which
ones only work on this machine. :class:`HostView` then follows the tables:
who sits where, connected or away, the hand and the scores, and a line for
each join, drop, leave and finished hand as it happens. On a terminal it is a
live view (Rich's ``Live``) with the lines scrolling above it; when the output
goes to a file or a pipe it is the lines alone, one event a line.

The host types commands at it (a line and Enter): ``link TABLE SEAT`` or
``link NAME`` prints the link that gives a person their seat back on a new
device (the seat's token: ``hearts join ... --token ...`` and the page's
address with ``&token=``).
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import logging
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any, Literal, assert_never
from urllib.parse import urlencode

from rich import box
from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.markup import escape
from rich.table import Table as RichTable
from rich.text import Text

from hearts.cards import Seat
from hearts.net.admission.addresses import (
    WILDCARDS,
    Address,
    host_addresses,
    is_loopback,
    shown_host,
)
from hearts.net.host.qr import qr_rows
from hearts.net.server import TableServer
from hearts.net.tables.table import NetTable
from hearts.net.wire.codes import join_command
from hearts.net.wire.messages import seat_name
from hearts.table import Notice, NoticeKind
from hearts.table import happenings as hp
from hearts.view import Phase

__all__ = ["COMMANDS_HELP", "HostView", "SeatRow", "TableRow", "announce", "changes",
           "find_seat", "free_seat", "friends_address", "heard", "qr_block", "seat_computer",
           "seat_link", "table_page", "table_row", "watch_links", "watch_page"]

Kind = Literal["free", "here", "away", "stand-in", "computer"]


@dataclass(frozen=True)
class SeatRow:
    """One seat as the host sees it."""

    seat: Seat
    name: str
    """The person's name ("" for a seat nobody holds)."""
    kind: Kind
    """Who plays it now: ``here`` (its person, connected), ``away`` (its person
    dropped: the seat waits), ``stand-in`` (a computer player, for its person or
    until someone takes it), ``free`` (nobody yet: the seat waits), ``computer``
    (a computer player's seat for good)."""


@dataclass(frozen=True)
class TableRow:
    """One table as the host sees it."""

    id: str
    seats: tuple[SeatRow, ...]
    """The four seats, South first."""
    hands: int
    """Hands dealt in this match."""
    finished: int
    """Hands finished in this match."""
    over: bool
    """The match is over."""
    seed: int | None
    """The match's seed (a new match is a new seed)."""


def table_row(net: NetTable) -> TableRow:
    """What the host sees of ``net`` now."""
    seats = []
    for seat in Seat:
        seating = net.table.seating(seat)
        kind: Kind = seating.presence.value
        seats.append(SeatRow(seat, seating.name or "" if seating.held else "", kind))
    match = net.table.match
    finished = sum(1 for hand in match.hands if hand.phase is Phase.OVER)
    return TableRow(net.id, tuple(seats), len(match.hands), finished, match.over, match.seed)


def _names(row: TableRow) -> list[str]:
    return [s.name or str(s.seat) for s in row.seats]


def changes(before: TableRow | None, after: TableRow, net: NetTable) -> list[str]:
    """The lines that say how a table's match went on between two looks (who
    comes and goes is said as it happens: :func:`heard`)."""
    lines = []
    if before is not None and (after.finished > before.finished or after.seed != before.seed):
        if after.finished:
            scores = net.table.match.scores
            shown = ", ".join(f"{name} {points}"
                              for name, points in zip(_names(after), scores, strict=True))
            lines.append(f"{after.id}: hand {after.finished} over - {shown}")
        if after.over and not before.over:
            winners = " and ".join(_names(after)[seat] for seat in net.table.match.winners)
            lines.append(f"{after.id}: the match is over - {winners} won")
    return lines


def heard(net: NetTable, notice: Notice | hp.SeatMove) -> str | None:
    """The host's line for a notice the table gave everyone or a seat's move, if it
    is news to the host: who sat down, dropped, came back or left, when a computer
    player starts playing for someone, a turn that timed out, a duplicate
    evening's standings."""
    if not isinstance(notice, Notice):
        return _moved(net, notice)
    seat = notice.seat
    if notice.kind is NoticeKind.STANDINGS:
        return f"{net.id}: {notice.text} - the evening's hands: {net.evening_file}"
    if seat is None:
        return None
    who = f"{notice.name or seat} ({seat_name(seat)})"
    match notice.kind:
        case NoticeKind.AGAIN:
            return (f"{net.id}: {who} wants to play again ({notice.count} still to "
                    "agree)")
        case NoticeKind.TIMED_OUT:
            name = net.table.seating(seat).name or str(seat)
            return (f"{net.id}: {name} ({seat_name(seat)}) took too long - a computer player "
                    "decided for them this once")
        case NoticeKind.PLAYER_FAILED:
            return (f"{net.id}: the computer player of {seat_name(seat)} failed "
                    f"({notice.error}); {notice.outcome}")
    return None


def _moved(net: NetTable, move: hp.SeatMove) -> str:
    """The host's line for a seat's move."""
    seat = move.seat
    who = f"{move.name or seat} ({seat_name(seat)})"
    match move:
        case hp.SatDown():
            return f"{net.id}: {who} sat down"
        case hp.Dropped():
            return (f"{net.id}: {who} dropped - the seat waits {net.config.grace:g} s, then a "
                    "computer player stands in until they return")
        case hp.CameBack():
            return f"{net.id}: {who} is back"
        case hp.StoodIn() if move.name:
            return f"{net.id}: a computer player plays for {who} until they return"
        case hp.StoodIn():
            return (f"{net.id}: nobody took the {seat_name(seat)} seat - a computer player "
                    "plays it until someone does")
        case hp.Left():
            return (f"{net.id}: {who} left the table - a computer player plays the seat "
                    "until someone takes it")
        case hp.Freed():
            return f"{net.id}: the {seat_name(seat)} seat is free"
        case hp.ComputerSeated():
            return f"{net.id}: a computer player has the {seat_name(seat)} seat for good"
        case _:
            assert_never(move)


# --- where friends connect ----------------------------------------------------------


def friends_address(host: str, addresses: Sequence[Address]) -> str:
    """The address to give friends: ``host`` itself, or on every address the first
    one another computer can use (this machine's own if there is none)."""
    if host not in WILDCARDS:
        return host
    usable = [a for a in addresses if not a.local and (host == "::" or a.version == 4)]
    return usable[0].ip if usable else ("::1" if host == "::" else "127.0.0.1")


QR_TABLES = 2
"""The most tables whose QR codes the host's terminal shows as it starts (each is
about 20 lines; past that, ``qr TABLE`` shows one)."""

_QR_COLOUR = "\x1b[30;107m{}\x1b[0m"
"""A QR code's row black on white, whatever the terminal's own colours."""


def qr_block(link: str, columns: int | None, colour: bool = False) -> list[str]:
    """``link`` as a QR code for the host's terminal, indented: rows of half blocks
    (black on white with ``colour``), or no line when the terminal is narrower
    than the code or is no terminal (``columns`` None)."""
    rows = qr_rows(link)
    if columns is None or len(rows[0]) + 2 > columns:
        return []
    return ["  " + (_QR_COLOUR.format(row) if colour else row) for row in rows]


def announce(server: TableServer, host: str, port: int, serve: bool = False,
             addresses: Sequence[Address] | None = None, qr_columns: int | None = None,
             colour: bool = False) -> list[str]:
    """The lines that tell the host where friends connect: the address, each
    table's command (and page), the other addresses (those that only work on
    this machine said apart), and a warning when others can reach it. With
    ``serve`` on a terminal ``qr_columns`` wide, the first tables' pages as QR
    codes too (:func:`qr_block`)."""
    if host in WILDCARDS and addresses is None:
        addresses = host_addresses(ipv6=host == "::")
    addresses = [a for a in addresses or () if host == "::" or a.version == 4]
    main = friends_address(host, addresses)
    shown = shown_host(main)
    lines = [f"Hearts tables at {shown}:{port}"]
    if host in WILDCARDS:
        others = [a for a in addresses if a.ip != main]
        far = [a for a in others if not a.local]
        near = [a for a in others if a.local]
        if far:
            lines.append("  friends may also use: " + ", ".join(
                f"{shown_host(a.ip)}:{port}" + (f" ({a.interface})" if a.interface else "")
                for a in far))
        if near:
            lines.append("  only on this machine: " + ", ".join(
                f"{shown_host(a.ip)}:{port}" for a in near))
        if is_loopback(main):  # not one address another computer can use
            lines.append("  (no network address found: only this machine can join)")
    if not is_loopback(host):
        lines.append("Warning: anyone who can reach this address and has a code can take a "
                     "seat at that table.")
    for table in server.tables.values():
        lines.append(f"  table {table.id}: {join_command(f'{shown}:{port}', table.code)}")
    if serve and server.count:  # (--tables 0: only the tables started from browsers)
        lines.append("The web table, for friends with a phone, a tablet or only a browser"
                     + (" (any address above works too)" if host in WILDCARDS else "") + ":")
        for table in server.tables.values():
            lines.append(f"  table {table.id}: {table_page(f'http://{shown}:{port}', table)}")
        shown_codes = 0
        for table in list(server.tables.values())[:QR_TABLES]:
            block = qr_block(table_page(f"http://{shown}:{port}", table), qr_columns, colour)
            if block:
                lines.append(f"  table {table.id}'s page for a phone's camera:")
                lines.extend(block)
                shown_codes += 1
        if qr_columns is not None and len(server.tables) > shown_codes:
            lines.append("  (type 'qr TABLE' for a table's page as a QR code)")
        lines.append("To watch a table (the public's view: no hidden card):")
        for table in server.tables.values():
            lines.append(f"  watch {table.id}: {watch_page(f'http://{shown}:{port}', table)}")
    if serve:
        lines.append(f"Anyone who reaches this address may start a table from a browser: "
                     f"http://{shown}:{port}/")
    lines.extend(f"  ({notice})" for notice in server.notices)
    return lines


COMMANDS_HELP = ("link TABLE SEAT (or link NAME): a person's seat on a new device; "
                 "free TABLE SEAT: free a seat; computer TABLE SEAT: a computer player "
                 "there for good")
"""The host's commands, in one line."""

WEB_HELP = "; watch TABLE: the link to watch it; qr TABLE: its page as a QR code"
"""The host's commands of the web table (``--serve``)."""


def find_seat(server: TableServer, words: Sequence[str], command: str
              ) -> tuple[NetTable, Seat] | str:
    """The seat ``TABLE SEAT`` (``t1 north``) or ``NAME`` (a person's) names, or why
    none is found, in words."""
    usage = f"{command} TABLE SEAT ({command} t1 north) or {command} NAME"
    if not words:
        return usage
    tables = list(server.tables.values())
    names = [seat_name(s) for s in Seat]
    if len(words) >= 2 and words[0] in server.tables:
        net, wanted = server.tables[words[0]], " ".join(words[1:])
        candidates = [(net, seat) for seat in Seat]
    else:
        wanted = " ".join(words)
        if len(tables) > 1 and wanted.lower() in names:
            return f"Which table? {command} TABLE {wanted} (tables: {', '.join(server.tables)})"
        candidates = [(net, seat) for net in tables for seat in Seat]
    found = []
    for net, seat in candidates:
        seating = net.table.seating(seat)
        if wanted.lower() == seat_name(seat) or (
                seating.held and wanted.casefold() == (seating.name or "").casefold()):
            found.append((net, seat))
    if not found:
        return f"No seat is {wanted!r}: {usage}"
    if len(found) > 1:
        return f"{wanted!r} sits at several tables: " + ", ".join(
            f"{command} {net.id} {seat_name(seat)}" for net, seat in found)
    return found[0]


def seat_link(server: TableServer, words: Sequence[str], address: str,
              web: str | None) -> list[str]:
    """The answer to ``link TABLE SEAT`` or ``link NAME``: the command and the page
    that give that person's seat on a new device. The seat gets a new token: the
    device that joins with it takes the seat over, even from one still connected."""
    found = find_seat(server, words, "link")
    if isinstance(found, str):
        return [found]
    net, seat = found
    holder = net.holders.get(seat)
    token = net.new_token(seat)
    if holder is None or token is None:
        why = ("a computer player's seat" if holder is None or holder.gone
               else "nobody holds it")
        return [f"{net.id} {seat_name(seat)}: {why} - give a friend the table's code: "
                f"{join_command(address, net.code)}"]
    lines = [f"{holder.name}'s seat at {net.id} ({seat_name(seat)}), for a new device:",
             f"  {join_command(address, net.code, token)}"]
    if web is not None:
        query = urlencode({"code": net.code, "name": holder.name, "token": token})
        lines.append(f"  {web}/t/{net.id}/?{query}")
    lines.append("  Whoever has this link takes the seat (the device that has it now "
                 "stops): give it to them alone.")
    return lines


def free_seat(server: TableServer, words: Sequence[str]) -> str:
    """The answer to ``free TABLE SEAT``: the seat freed (its person, if any, out)."""
    found = find_seat(server, words, "free")
    if isinstance(found, str):
        return found
    net, seat = found
    return net.free_seat(seat)


def seat_computer(server: TableServer, words: Sequence[str]) -> str:
    """The answer to ``computer TABLE SEAT``: a computer player there for good."""
    found = find_seat(server, words, "computer")
    if isinstance(found, str):
        return found
    net, seat = found
    return net.seat_computer(seat)


def table_page(web: str, net: NetTable) -> str:
    """The web table's address of ``net`` on the server at ``web`` (``http://HOST:PORT``)."""
    return f"{web}/t/{net.id}/?" + urlencode({"code": net.code})


def watch_links(server: TableServer, words: Sequence[str], web: str | None) -> list[str]:
    """The answer to ``watch TABLE`` (``watch`` alone: every table's)."""
    if web is None:
        return ["The web table is served with hearts host --serve: start it so to watch"]
    wanted = [server.tables[w] for w in words if w in server.tables] if words else \
        list(server.tables.values())
    if not wanted:
        return [f"No table is called {' '.join(words)!r} (tables: {', '.join(server.tables)})"]
    return [f"To watch {net.id}: {watch_page(web, net)}" for net in wanted]


def watch_page(web: str, net: NetTable) -> str:
    """The address that watches ``net`` on the server at ``web``, with its watch code."""
    return f"{web}/t/{net.id}/watch?" + urlencode({"code": net.watchers.code})


# --- the live view -------------------------------------------------------------------

_STYLES: dict[Kind, str] = {"here": "bold green", "away": "yellow", "stand-in": "cyan",
                            "free": "dim", "computer": "dim"}


class HostView:
    """The host's terminal: the tables, their events, and the host's commands."""

    def __init__(self, server: TableServer, address: str, web: str | None = None,
                 console: Console | None = None, live: bool | None = None,
                 stdin: IO[str] | None = None, every: float = 0.5) -> None:
        self.server = server
        """The tables."""
        self.address = address
        """``HOST:PORT`` as friends' ``hearts join`` reaches the tables."""
        self.web = web
        """``http://HOST:PORT`` of the web pages, with ``--serve``."""
        self.console = console or Console(highlight=False)
        """Where everything is written."""
        self.live = self.console.is_terminal if live is None else live
        """Draw the live view (on a terminal), or write plain lines."""
        self.stdin = sys.stdin if stdin is None else stdin
        """Where the host's commands are read."""
        self.every = every
        """Seconds between two looks at the tables."""
        self.typed = ""
        """The command being typed (live view)."""
        self._rows: dict[str, TableRow] = {}
        self._live: Live | None = None
        self._task: asyncio.Task[None] | None = None
        self._reading = False
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._terminal: list[Any] | None = None
        self._handler: logging.Handler | None = None
        self._others: logging.Handler | None = None

    # --- start and stop -------------------------------------------------------------

    def start(self) -> None:
        """Begin: the live view (or lines), the server's warnings, the commands."""
        self._handler = _ViewHandler(self)
        logging.getLogger("hearts.net").addHandler(self._handler)
        logging.getLogger("hearts.net").propagate = False
        if self.live:  # any other library's warning too, never over the live view
            self._others = _ViewHandler(self, logging.WARNING)
            logging.getLogger().addHandler(self._others)
        for table in self.server.tables.values():
            self._rows[table.id] = table_row(table)
            table.listeners.append(self._heard)
        if self.live:
            self._live = Live(self.render(), console=self.console, auto_refresh=False,
                              redirect_stdout=False, redirect_stderr=False)
            self._live.start(refresh=True)
        self._read_commands()
        self._task = asyncio.get_running_loop().create_task(self._follow())

    def stop(self) -> None:
        """End the live view, give the terminal back as it was."""
        if self._task is not None:
            self._task.cancel()
        if self._reading:
            with contextlib.suppress(ValueError, OSError, RuntimeError):
                asyncio.get_running_loop().remove_reader(self.stdin.fileno())
            self._reading = False
        self._restore_terminal()
        if self._live is not None:
            self._live.update(self.render(prompt=False), refresh=True)
            self._live.stop()
            self._live = None
        if self._handler is not None:
            logging.getLogger("hearts.net").removeHandler(self._handler)
            logging.getLogger("hearts.net").propagate = True
        if self._others is not None:
            logging.getLogger().removeHandler(self._others)
            self._others = None

    # --- what happens ---------------------------------------------------------------

    def say(self, line: str, style: str | None = None) -> None:
        """A line for the host: above the live view, or on its own."""
        stamped = f"{time.strftime('%H:%M:%S')} {line}"
        if self._live is not None:
            self._live.console.print(Text(stamped, style=style or ""))
        else:
            self.console.print(escape(stamped), style=style, soft_wrap=True)

    def _heard(self, net: NetTable, notice: Notice | hp.SeatMove) -> None:
        line = heard(net, notice)
        if line is not None:
            self.say(line)

    def warn(self, line: str) -> None:
        """A warning from the server: in the live view with the rest, else on stderr."""
        if self._live is not None:
            self.say(f"warning: {line}", "yellow")
        else:
            with contextlib.suppress(OSError):
                print(f"{time.strftime('%H:%M:%S')} warning: {line}", file=sys.stderr,
                      flush=True)

    def look(self) -> None:
        """Look at every table once: say what changed, and redraw."""
        changed = False
        for gone in set(self._rows) - set(self.server.tables):  # closed, or put away
            del self._rows[gone]
            changed = True
        for table in self.server.tables.values():
            row = table_row(table)
            before = self._rows.get(table.id)
            if before is None:  # started (or opened again) since: followed from now on
                table.listeners.append(self._heard)
                self.say(f"{table.id}: table open" + (
                    f" (started from a browser by {table.holders[table.creator].name})"
                    if table.creator is not None and table.creator in table.holders
                    and table.holders[table.creator].seated else ""))
            if row != before:
                changed = True
                self._rows[table.id] = row
                for line in changes(before, row, table):
                    self.say(line)
        if changed:
            self.refresh()

    def refresh(self) -> None:
        """Redraw the live view."""
        if self._live is not None:
            self._live.update(self.render(), refresh=True)

    async def _follow(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            self.look()

    def render(self, prompt: bool = True) -> RenderableType:
        """The live view: a row a table, then the command line."""
        grid = RichTable(box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
        grid.add_column("table")
        grid.add_column("hand", justify="right")
        for seat in Seat:
            grid.add_column(seat_name(seat))
        room = max(3, self.console.size.height - 8)
        rows = list(self._rows.values())
        busy = [r for r in rows if any(s.name for s in r.seats)]
        shown = (busy + [r for r in rows if r not in busy])[:room]
        for row in sorted(shown, key=lambda r: _order(r.id)):
            net = self.server.tables.get(row.id)
            scores = net.table.match.scores if net is not None else (0, 0, 0, 0)
            hand = "over" if row.over else str(row.hands) if row.hands else "-"
            grid.add_row(row.id, hand, *(_cell(seat, points) for seat, points in
                                         zip(row.seats, scores, strict=True)))
        parts: list[RenderableType] = [grid]
        if len(rows) > len(shown):
            more = len(rows) - len(shown)
            parts.append(Text(f"... and {more} more table{'' if more == 1 else 's'}",
                              style="dim"))
        if prompt:
            parts.append(Text(f"Commands: {COMMANDS_HELP}"
                              + (WEB_HELP if self.web else "")
                              + "; Ctrl+C stops.", style="dim"))
            if self._terminal is not None:
                parts.append(Text(f"> {self.typed}", style="bold"))
        return Group(*parts)

    # --- the host's commands -----------------------------------------------------------

    def command(self, line: str) -> None:
        """Run one command the host typed."""
        words = line.split()
        if not words:
            return
        command = words[0].lower()
        if command == "link":
            for text in seat_link(self.server, words[1:], self.address, self.web):
                self.say(text)
        elif command == "free":
            self.say(free_seat(self.server, words[1:]))
        elif command == "computer":
            self.say(seat_computer(self.server, words[1:]))
        elif command == "watch":
            for text in watch_links(self.server, words[1:], self.web):
                self.say(text)
        elif command == "qr":
            self._show_qr(words[1:])
        elif command in ("help", "?"):
            self.say(COMMANDS_HELP + WEB_HELP)
        else:
            self.say(f"Unknown command {words[0]!r}: {COMMANDS_HELP}{WEB_HELP}")

    def _show_qr(self, words: Sequence[str]) -> None:
        """``qr TABLE``: the table's page as a QR code, black on white."""
        if self.web is None:
            self.say("The web table is served with hearts host --serve: start it so for "
                     "a QR code")
            return
        net = self.server.tables.get(words[0]) if len(words) == 1 else None
        if net is None:
            self.say(f"qr TABLE (tables: {', '.join(self.server.tables)})")
            return
        rows = qr_block(table_page(self.web, net), self.console.width)
        if not rows:
            self.say(f"The terminal is too narrow for {net.id}'s QR code: widen it, or "
                     f"give the page: {table_page(self.web, net)}")
            return
        self.say(f"{net.id}'s page for a phone's camera:")
        console = self._live.console if self._live is not None else self.console
        for row in rows:
            console.print(Text(row[:2]) + Text(row[2:], style="black on bright_white"),
                          soft_wrap=True)

    def _read_commands(self) -> None:
        try:
            fd = self.stdin.fileno()
            if self.live and self.stdin.isatty():
                self._cbreak(fd)
            asyncio.get_running_loop().add_reader(fd, self._on_input, fd)
            self._reading = True
        except (OSError, ValueError, RuntimeError, PermissionError):
            self._restore_terminal()  # a file or nothing at all: no commands

    def _cbreak(self, fd: int) -> None:
        """Read the keys as they are typed, without echo: the view draws the line."""
        import termios
        import tty

        self._terminal = termios.tcgetattr(fd)
        tty.setcbreak(fd)
        attributes = termios.tcgetattr(fd)
        attributes[3] &= ~termios.ECHO
        termios.tcsetattr(fd, termios.TCSADRAIN, attributes)

    def _restore_terminal(self) -> None:
        if self._terminal is None:
            return
        import termios

        with contextlib.suppress(OSError, ValueError):
            termios.tcsetattr(self.stdin.fileno(), termios.TCSADRAIN, self._terminal)
        self._terminal = None

    def _on_input(self, fd: int) -> None:
        try:
            data = os.read(fd, 4096)
        except OSError:
            data = b""
        if not data:  # the end of the input: no more commands
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(fd)
            self._reading = False
            return
        for char in self._decoder.decode(data):
            if char in "\r\n":
                line, self.typed = self.typed, ""
                if self._terminal is not None and line.strip():
                    self.say(f"> {line}", "bold")
                self.command(line)
            elif char in "\x7f\b":
                self.typed = self.typed[:-1]
            elif char == "\x15":  # Ctrl+U
                self.typed = ""
            elif char.isprintable() and len(self.typed) < 200:
                self.typed += char
        self.refresh()


def _order(table_id: str) -> tuple[int, str]:
    digits = table_id.lstrip("t")
    return (int(digits), "") if digits.isdigit() else (1 << 30, table_id)


def _cell(seat: SeatRow, points: int) -> Text:
    if seat.name:
        text = Text(f"{seat.name} {points}", style=_STYLES[seat.kind])
        if seat.kind != "here":
            text.append(" away" if seat.kind == "away" else " (computer for now)",
                        style="italic")
        return text
    label = {"stand-in": "free seat (computer for now)", "free": "free seat",
             "computer": "computer", "here": "", "away": ""}[seat.kind]
    return Text(f"{label} {points}", style=_STYLES[seat.kind])


class _ViewHandler(logging.Handler):
    """The server's warnings, shown by the view."""

    def __init__(self, view: HostView, level: int = logging.INFO) -> None:
        super().__init__(level)
        self.view = view

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.view.warn(record.getMessage())
        except Exception:  # a log line must never stop the server
            self.handleError(record)

