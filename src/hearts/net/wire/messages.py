"""The messages of a network table, both ways, declared once: typed values and
their one codec (JSON objects over a WebSocket).

Version 3, written down in ``docs/network.md`` (a test checks the document
against this module). A client sends ``join`` (the table's code, a name, and
the seat's token when it comes back) or ``watch``, then the commands of a
person at the table, which are the table's own events
(:mod:`hearts.table.events`: ``deal``, ``pass`` with three cards, ``play``
with a card, ``continue``, ``hint``, ``undo``), ``review``, ``sync`` and
``leave``, and ``reaction`` (one of a fixed set of short reactions, :data:`REACTIONS`);
the person who started the table from the server's front page
also ``host`` (free a seat, give it to a computer player, a seat's link for
a new device, close the table), answered by ``seat-link`` for a link. The
server answers ``welcome``, then the seat's whole ``state`` once and a
``change`` after every change it can see, each numbered; notices go as
``notice``, a finished hand as ``hand``, a review as ``review``, a
refused message as ``error`` with an :class:`~hearts.net.wire.errors.ErrorCode`, a
seat's reaction to everyone at the table as ``reaction``.

This module builds and reads messages; it does no I/O. Everything a client
sends goes through :func:`read_client`, which raises :class:`MessageError`
with a clear reason (and its code) for anything malformed, unknown or too
big; what the server sends is read by :func:`read_server`, which raises
``ValueError`` for a message it cannot take (and returns None for a type it
does not know, from a newer server).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, assert_never

import orjson

from hearts.cards import SEAT_KEYS, Card, Seat
from hearts.net.wire.errors import ErrorCode
from hearts.net.wire.names import MAX_NAME, BadName, check_name
from hearts.table import Notice, SeatState
from hearts.table import events as ev
from hearts.table import happenings as hp

__all__ = [
    "COMMANDS",
    "HEARTBEAT_SECONDS",
    "HOST_COMMANDS",
    "MAX_CHANGE_DEPTH",
    "MAX_EVENTS",
    "MAX_MESSAGE_BYTES",
    "MAX_NAME",
    "NETWORK_VERSION",
    "REACTIONS",
    "AskReview",
    "ChangeMessage",
    "ClientMessage",
    "ErrorMessage",
    "HandMessage",
    "HostCommand",
    "Join",
    "Leave",
    "MessageError",
    "NoticeMessage",
    "Path",
    "React",
    "Reaction",
    "Resume",
    "ReviewMessage",
    "SeatLink",
    "ServerMessage",
    "StateMessage",
    "Sync",
    "Told",
    "Watch",
    "Welcome",
    "apply_change",
    "client_json",
    "diff_state",
    "encode",
    "events_text",
    "read_client",
    "read_server",
    "seat_name",
    "server_json",
    "server_text",
]

NETWORK_VERSION = 3
"""The version of the messages this module writes and reads."""

HEARTBEAT_SECONDS = 10.0
"""Seconds between pings, both ways: a connection that stops answering is seen
gone within one and a half of them (a dropped person is shown away then)."""

MAX_MESSAGE_BYTES = 4096
"""The largest message a client may send; anything bigger is refused unread."""

MAX_CHANGE_DEPTH = 4
"""The deepest path a ``change`` entry may have (the state is shallow)."""

COMMANDS: dict[str, type[ev.PersonEvent]] = {
    "deal": ev.Deal, "pass": ev.Pass, "play": ev.Play, "continue": ev.Continue,
    "hint": ev.AskHint, "undo": ev.Undo,
}
"""The commands a person sends, by their ``type`` on the wire: the table's own events."""

_COMMAND_NAMES = {kind: name for name, kind in COMMANDS.items()}


class MessageError(ValueError):
    """A client message that cannot be taken: its :class:`ErrorCode`, and words
    that say why, for the person."""

    def __init__(self, text: str, code: ErrorCode = ErrorCode.BAD_MESSAGE) -> None:
        super().__init__(text)
        self.code = code
        """What a program acts on."""


def seat_name(seat: Seat) -> str:
    """A seat as the messages write it: ``"south"`` .. ``"east"``."""
    return SEAT_KEYS[seat]


_COMPACT = json.JSONEncoder(separators=(",", ":"))
"""The standard encoder, for what orjson refuses (see :func:`_json_text`)."""


def _json_text(value: Any) -> str:
    """``value`` as compact JSON text. orjson writes it in about a tenth of the
    standard encoder's time (the encoding was an eighth of the server's CPU a
    card); an integer beyond 64 bits, which orjson refuses, goes to the standard
    encoder. The two differ only in letters beyond ASCII: raw where ``json``
    escapes them, the same JSON."""
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return _COMPACT.encode(value)


def encode(message: Mapping[str, Any]) -> str:
    """One message as compact JSON text (a WebSocket text frame)."""
    return _json_text(message)


# --- what a client sends ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Resume:
    """Where a client stood: the run of the table (``epoch``) and the number of the
    last state it holds (``seq``)."""

    epoch: str
    seq: int


@dataclass(frozen=True, slots=True)
class Join:
    """Take a seat at the table with ``code``; with ``token``, take one's own seat
    back; with ``resume``, get only what changed since."""

    code: str
    name: str
    token: str | None = None
    resume: Resume | None = None


@dataclass(frozen=True, slots=True)
class Watch:
    """Watch the table whose watch code is ``code``, as the public sees it."""

    code: str
    name: str
    resume: Resume | None = None


@dataclass(frozen=True, slots=True)
class Leave:
    """Give the seat up for good (a watcher: stop watching)."""


@dataclass(frozen=True, slots=True)
class Sync:
    """Send the whole state again (the client missed a change)."""


@dataclass(frozen=True, slots=True)
class AskReview:
    """The review of this seat's decisions in a finished hand of the match: its
    number, or the last finished hand (None)."""

    hand: int | None = None


HostName = Literal["free", "computer", "link", "close"]

HOST_COMMANDS: tuple[HostName, ...] = ("free", "computer", "link", "close")
"""What a table's creator may ask of it (``host``), as the host's terminal does:
free a seat, give it to a computer player for good, a new token for a seat's
person (their link for a new device), close the table."""


@dataclass(frozen=True, slots=True)
class HostCommand:
    """The creator of the table runs it: ``command`` (:data:`HOST_COMMANDS`) for
    ``seat`` (None for ``close``)."""

    command: HostName
    seat: Seat | None = None


# --- reactions: a fixed set of short words, so there is nothing to moderate ------

REACTIONS: tuple[str, ...] = ("hello", "nice", "thanks", "oops", "sorry", "unlucky",
                              "wow", "gg")
"""The reactions a person may send, by their names on the wire; their words are the
catalogue's ``reactions`` entries (:mod:`hearts.words`), the same for every client."""


@dataclass(frozen=True, slots=True)
class React:
    """Send ``reaction`` (one of :data:`REACTIONS`) to everyone at the table."""

    reaction: str


@dataclass(frozen=True, slots=True)
class Reaction:
    """A person's reaction, sent to every seat and watcher of the table: the seat
    it came from and its name in :data:`REACTIONS`."""

    seat: Seat
    reaction: str


def _reaction_name(value: object) -> str:
    """A reaction's name checked against :data:`REACTIONS` (MessageError if not one)."""
    if not isinstance(value, str) or value not in REACTIONS:
        raise MessageError(f"{value!r:.40} is not a reaction ({', '.join(REACTIONS)})")
    return value


ClientMessage = (Join | Watch | Leave | Sync | AskReview | HostCommand | React
                 | ev.PersonEvent)
"""Anything a client may send; a person's command is the table's own event."""


def client_json(message: ClientMessage) -> dict[str, Any]:
    """``message`` as the JSON object a client sends (a command names no seat:
    the server knows whose it is)."""
    match message:
        case Join():
            data: dict[str, Any] = {"type": "join", "version": NETWORK_VERSION,
                                    "code": message.code, "name": message.name}
            if message.token is not None:
                data["token"] = message.token
            if message.resume is not None:
                data["resume"] = {"epoch": message.resume.epoch, "seq": message.resume.seq}
            return data
        case Watch():
            data = {"type": "watch", "version": NETWORK_VERSION, "code": message.code,
                    "name": message.name}
            if message.resume is not None:
                data["resume"] = {"epoch": message.resume.epoch, "seq": message.resume.seq}
            return data
        case Leave():
            return {"type": "leave"}
        case Sync():
            return {"type": "sync"}
        case AskReview():
            return {"type": "review"} if message.hand is None else \
                {"type": "review", "hand": message.hand}
        case HostCommand():
            return {"type": "host", "command": message.command} if message.seat is None \
                else {"type": "host", "command": message.command,
                      "seat": seat_name(message.seat)}
        case React():
            return {"type": "reaction", "reaction": message.reaction}
        case ev.Pass():
            return {"type": "pass", "cards": [str(card) for card in message.cards]}
        case ev.Play():
            return {"type": "play", "card": str(message.card)}
        case ev.Deal() | ev.Continue() | ev.AskHint() | ev.Undo():
            return {"type": _COMMAND_NAMES[type(message)]}
        case _:
            assert_never(message)


def _text(data: Mapping[str, Any], name: str, limit: int) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise MessageError(f"{name!r} must be a string")
    if len(value) > limit:
        raise MessageError(f"{name!r} is longer than {limit} characters")
    return value


def _card(value: object) -> Card:
    if not isinstance(value, str) or len(value) > 3:
        raise MessageError(f"{value!r:.40} is not a card (e.g. \"QS\")")
    try:
        return Card.parse(value)
    except ValueError:
        raise MessageError(f"{value!r:.40} is not a card (e.g. \"QS\")") from None


def _resume(data: Mapping[str, Any]) -> Resume | None:
    kept = data.get("resume")
    if kept is None:
        return None
    if not isinstance(kept, dict):
        raise MessageError("'resume' must be an object with 'epoch' and 'seq'")
    seq = kept.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        raise MessageError("'resume.seq' must be a whole number")
    return Resume(_text(kept, "epoch", 64), seq)


def _version(data: Mapping[str, Any]) -> None:
    if data.get("version") != NETWORK_VERSION:
        raise MessageError(f"this server speaks version {NETWORK_VERSION} of the "
                           f"messages, not {data.get('version')!r:.20}", ErrorCode.VERSION)


def _name(data: Mapping[str, Any]) -> str:
    try:
        return check_name(_text(data, "name", 4 * MAX_NAME))
    except BadName as error:
        raise MessageError(str(error), ErrorCode.BAD_NAME) from None


def read_client(text: str | bytes, seat: Seat | None) -> ClientMessage:
    """A client's message read and checked; :class:`MessageError` says what is wrong.

    ``seat`` is the seat the connection plays (None before it joined, or for a
    watcher): a command becomes the table's event for that seat, and one sent
    without a seat is refused (``not-joined``).
    """
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_MESSAGE_BYTES:
        raise MessageError(f"message too big ({size} bytes; at most {MAX_MESSAGE_BYTES})",
                           ErrorCode.TOO_BIG)
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise MessageError(f"not JSON ({error})") from None
    except RecursionError:
        raise MessageError("not JSON (nested too deeply)") from None
    if not isinstance(data, dict):
        raise MessageError("a message must be a JSON object")
    kind = data.get("type")
    if kind == "join":
        _version(data)
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 64):
            raise MessageError("'token' must be a string of at most 64 characters")
        return Join(_text(data, "code", 64), _name(data), token, _resume(data))
    if kind == "watch":
        _version(data)
        return Watch(_text(data, "code", 64), _name(data), _resume(data))
    if kind == "leave":
        return Leave()
    if kind == "sync":
        return Sync()
    if kind == "review":
        number = data.get("hand")
        if number is not None and (not isinstance(number, int) or isinstance(number, bool)
                                   or not 1 <= number <= 10_000):
            raise MessageError("'hand' must be the number of a hand of the match")
        return AskReview(number)
    if kind == "host":
        return _host_command(data, seat)
    if kind == "reaction":
        return React(_reaction_name(data.get("reaction")))
    command = COMMANDS.get(kind) if isinstance(kind, str) else None
    if command is None:
        raise MessageError(f"unknown message type {kind!r:.40} (join, watch, "
                           f"{', '.join(COMMANDS)}, review, sync, leave, host or "
                           "reaction)")
    if seat is None:
        raise MessageError("send join first", ErrorCode.NOT_JOINED)
    if command is ev.Play:
        return ev.Play(seat, _card(data.get("card")))
    if command is ev.Pass:
        cards = data.get("cards")
        if not isinstance(cards, list) or len(cards) != 3:
            raise MessageError("'cards' must be a list of the three cards to pass")
        return ev.Pass(seat, tuple(_card(card) for card in cards))
    if command is ev.Deal:
        return ev.Deal(seat)
    if command is ev.Continue:
        return ev.Continue(seat)
    if command is ev.AskHint:
        return ev.AskHint(seat)
    return ev.Undo(seat)


def _host_command(data: Mapping[str, Any], seat: Seat | None) -> HostCommand:
    """A ``host`` message read (whether its seat is the creator's is the server's
    to say)."""
    if seat is None:
        raise MessageError("send join first", ErrorCode.NOT_JOINED)
    command = data.get("command")
    for known in HOST_COMMANDS:
        if command == known:
            break
    else:
        raise MessageError(f"unknown host command {command!r:.40} "
                           f"({', '.join(HOST_COMMANDS)})")
    if known == "close":
        if data.get("seat") is not None:
            raise MessageError("'close' closes the table: it names no seat")
        return HostCommand(known)
    named = data.get("seat")
    if not isinstance(named, str) or named not in SEAT_KEYS:
        raise MessageError(f"'{known}' needs a 'seat': south, west, north or east")
    return HostCommand(known, Seat.parse(named))


# --- what the server sends -------------------------------------------------------


Path = tuple[str, ...]
"""Where in a state's JSON a value is: the keys from the top down."""


@dataclass(frozen=True, slots=True)
class Welcome:
    """The answer to a ``join`` or ``watch``: the seat taken (None for a watcher),
    the token that takes it back, the table, and this run of it."""

    role: Literal["seat", "watch"]
    seat: Seat | None
    token: str | None
    table: str
    epoch: str


Told = tuple[int, hp.Happening]
"""A happening as the messages carry it: its number in the table's log, and itself."""

MAX_EVENTS = 512
"""The most happenings one message may carry (a hand tells about a hundred)."""


@dataclass(frozen=True, slots=True)
class StateMessage:
    """The seat's whole state (:meth:`SeatState.to_json`), numbered ``seq``; ``now``
    is the server's clock (seconds since 1970) as it was made; ``events``, what
    happened in the hand so far that this seat (or watcher) may know, numbered,
    so that a client that missed changes announces what it has not yet."""

    seq: int
    now: float
    state: dict[str, Any]
    events: tuple[Told, ...] = ()

    def seat_state(self) -> SeatState:
        """The state as a value (``ValueError`` if it cannot be read)."""
        return SeatState.from_json(self.state)


@dataclass(frozen=True, slots=True)
class ChangeMessage:
    """What changed in the state numbered ``base``, making it the state numbered
    ``seq``: each entry sets the value at a path (see :func:`apply_change`)."""

    seq: int
    base: int
    now: float
    set: tuple[tuple[Path, Any], ...]
    events: tuple[Told, ...] = ()
    """What happened to make this change, that this seat may know, numbered in
    the table's log (:mod:`hearts.table.happenings`)."""


@dataclass(frozen=True, slots=True)
class NoticeMessage:
    """Something to tell this seat (or everyone), as data."""

    notice: Notice


@dataclass(frozen=True, slots=True)
class HandMessage:
    """A finished hand's record, kept by the server, for the person's own store: the
    match it belongs to (by seed) and the seat the person played."""

    record: dict[str, Any]
    match_seed: int | None
    seat: Seat


@dataclass(frozen=True, slots=True)
class ReviewMessage:
    """The review asked for: the review document of ``seat``'s decisions in hand
    number ``hand`` of the match."""

    hand: int
    seat: Seat
    review: dict[str, Any]
    record: dict[str, Any] | None = None
    """The hand's record (public: the hand is over), for a client that has none."""
    steps: list[dict[str, Any]] | None = None
    """The replay's steps, each with the table after it (:mod:`hearts.net.tables.reviews`)."""


@dataclass(frozen=True, slots=True)
class ErrorMessage:
    """A message refused, or why the connection closes: the code (None for a code
    this client does not know) and words for a person or a log."""

    code: ErrorCode | None
    message: str


@dataclass(frozen=True, slots=True)
class SeatLink:
    """The answer to the creator's ``host`` ``link``: the new token of ``seat``,
    which gives that person their seat on a new device (the page's address with
    ``&token=``); the device that holds the seat now is told ``replaced`` when
    the new one joins."""

    seat: Seat
    token: str


ServerMessage = (Welcome | StateMessage | ChangeMessage | NoticeMessage | HandMessage
                 | ReviewMessage | ErrorMessage | SeatLink | Reaction)
"""Anything the server sends."""


def server_json(message: ServerMessage) -> dict[str, Any]:
    """``message`` as the JSON object the server sends."""
    match message:
        case Welcome():
            body: dict[str, Any] = {
                "type": "welcome", "role": message.role,
                "seat": None if message.seat is None else seat_name(message.seat),
                "token": message.token, "table": message.table, "epoch": message.epoch}
        case StateMessage():
            body = {"type": "state", "seq": message.seq, "now": message.now,
                    "state": message.state}
            if message.events:
                body["events"] = [hp.numbered_json(*told) for told in message.events]
        case ChangeMessage():
            body = {"type": "change", "seq": message.seq, "base": message.base,
                    "now": message.now, "set": [[list(path), value]
                                                for path, value in message.set]}
            if message.events:
                body["events"] = [hp.numbered_json(*told) for told in message.events]
        case NoticeMessage():
            body = {"type": "notice", "notice": message.notice.to_json()}
        case HandMessage():
            body = {"type": "hand", "record": message.record, "match_seed": message.match_seed,
                    "seat": seat_name(message.seat)}
        case ReviewMessage():
            body = {"type": "review", "hand": message.hand, "seat": seat_name(message.seat),
                    "review": message.review}
            if message.record is not None:
                body["record"] = message.record
            if message.steps is not None:
                body["steps"] = message.steps
        case ErrorMessage():
            body = {"type": "error", "code": None if message.code is None
                    else message.code.value, "message": message.message}
        case SeatLink():
            body = {"type": "seat-link", "seat": seat_name(message.seat),
                    "token": message.token}
        case Reaction():
            body = {"type": "reaction", "seat": seat_name(message.seat),
                    "reaction": message.reaction}
        case _:
            assert_never(message)
    return {"version": NETWORK_VERSION, **body}


def server_text(message: ServerMessage) -> str:
    """``message`` as the text the server sends (one WebSocket text frame)."""
    return encode(server_json(message))


def entries_text(entries: Iterable[tuple[Path, Any]]) -> str:
    """A ``change``'s entries written as JSON, without the list's brackets (texts of
    entries can be joined with commas, and given to :func:`change_text`)."""
    return _json_text([[list(path), value] for path, value in entries])[1:-1]


@functools.lru_cache(maxsize=4096)
def _happening_text(happening: hp.Happening) -> str:
    """``happening``'s JSON without its opening brace, written once for each (a card
    played is one of 208 values)."""
    return _json_text(hp.happening_json(happening))[1:]


def events_text(events: Iterable[Told]) -> str:
    """Numbered happenings written as a ``change``'s ``events``, without the list's
    brackets (for :func:`change_text`)."""
    return ",".join([f'{{"n":{number},{_happening_text(happening)}'
                     for number, happening in events])


def change_text(seq: int, base: int, now: float, entries: str, events: str = "") -> str:
    """The text of a ``change`` whose entries (and happenings) are written already
    (:func:`entries_text`, :func:`events_text`): the text :func:`server_text` gives
    for the same :class:`ChangeMessage`."""
    # a finite float's repr is its JSON, and costs a tenth of json.dumps
    stamp = repr(float(now)) if math.isfinite(now) else json.dumps(now)
    told = f',"events":[{events}]' if events else ""
    return (f'{{"version":{NETWORK_VERSION},"type":"change","seq":{seq},"base":{base},'
            f'"now":{stamp},"set":[{entries}]{told}}}')


def _whole(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"a message's {name!r} must be a whole number")
    return value


def _number(data: Mapping[str, Any], name: str) -> float:
    value = data.get(name)
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ValueError(f"a message's {name!r} must be a number")
    return float(value)


def _object(data: Mapping[str, Any], name: str) -> dict[str, Any]:
    value = data.get(name)
    if not isinstance(value, dict):
        raise ValueError(f"a message's {name!r} must be an object")
    return value


def _seat(value: object) -> Seat | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("a seat must be a string")
    return Seat.parse(value)


def _entries(value: object) -> tuple[tuple[Path, Any], ...]:
    if not isinstance(value, list):
        raise ValueError("a change's 'set' must be a list")
    out = []
    for entry in value:
        if not isinstance(entry, list) or len(entry) != 2:
            raise ValueError("each entry of a change is [path, value]")
        path, new = entry
        if not isinstance(path, list) or not 1 <= len(path) <= MAX_CHANGE_DEPTH \
                or not all(isinstance(key, str) for key in path):
            raise ValueError("a change's path must be a list of keys")
        out.append((tuple(path), new))
    return tuple(out)


def _events(value: object) -> tuple[Told, ...]:
    """A message's ``events`` read (none when absent); a kind this client does not
    know (a newer server's) is left out."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > MAX_EVENTS:
        raise ValueError(f"a message's 'events' must be a list of at most {MAX_EVENTS}")
    read = (hp.read_happening(item) for item in value)
    return tuple(told for told in read if told is not None)


def read_server(data: object) -> ServerMessage | None:
    """A server's message (its JSON text or the object it holds), read; None for a
    type this client does not know (a newer server's); ``ValueError`` if it cannot
    be read."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as error:
            raise ValueError(f"a message that is not JSON ({error})") from None
    if not isinstance(data, dict):
        raise ValueError("a message must be a JSON object")
    kind = data.get("type")
    if kind == "welcome":
        role = data.get("role")
        if role not in ("seat", "watch"):
            raise ValueError("a welcome's role must be 'seat' or 'watch'")
        token = data.get("token")
        epoch = data.get("epoch")
        if not isinstance(epoch, str) or not (token is None or isinstance(token, str)):
            raise ValueError("a welcome's epoch and token must be strings")
        return Welcome(role, _seat(data.get("seat")), token, str(data.get("table")), epoch)
    if kind == "state":
        return StateMessage(_whole(data, "seq"), _number(data, "now"), _object(data, "state"),
                            _events(data.get("events")))
    if kind == "change":
        return ChangeMessage(_whole(data, "seq"), _whole(data, "base"), _number(data, "now"),
                             _entries(data.get("set")), _events(data.get("events")))
    if kind == "notice":
        return NoticeMessage(Notice.from_json(data.get("notice")))
    if kind == "hand":
        seed = data.get("match_seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError("a hand's match_seed must be a whole number")
        seat = _seat(data.get("seat"))
        if seat is None:
            raise ValueError("a hand message names the seat played")
        return HandMessage(_object(data, "record"), seed, seat)
    if kind == "review":
        seat = _seat(data.get("seat"))
        if seat is None:
            raise ValueError("a review names its seat")
        steps = data.get("steps")
        if steps is not None and not (isinstance(steps, list)
                                      and all(isinstance(step, dict) for step in steps)):
            raise ValueError("a review's steps must be a list of objects")
        return ReviewMessage(_whole(data, "hand"), seat, _object(data, "review"),
                             None if data.get("record") is None else _object(data, "record"),
                             steps)
    if kind == "error":
        try:
            code: ErrorCode | None = ErrorCode(str(data.get("code")))
        except ValueError:
            code = None
        return ErrorMessage(code, str(data.get("message", "")))
    if kind == "seat-link":
        seat = _seat(data.get("seat"))
        token = data.get("token")
        if seat is None or not isinstance(token, str):
            raise ValueError("a seat-link names its seat and its token")
        return SeatLink(seat, token)
    if kind == "reaction":
        seat = _seat(data.get("seat"))
        reaction = data.get("reaction")
        if seat is None or not isinstance(reaction, str):
            raise ValueError("a reaction names its seat and the reaction")
        return Reaction(seat, reaction)  # (one a client has no words for, it does not show)
    return None


# --- changes of a state --------------------------------------------------------------


def diff_state(old: Mapping[str, Any], new: Mapping[str, Any],
               path: Path = ()) -> list[tuple[Path, Any]]:
    """The entries that turn the state JSON ``old`` into ``new``: the values that
    differ, by path, going into objects (never lists) present in both."""
    out: list[tuple[Path, Any]] = []
    for key, value in new.items():
        before = old.get(key, _MISSING)
        if before == value:
            continue
        if isinstance(value, dict) and isinstance(before, dict) \
                and len(path) + 1 < MAX_CHANGE_DEPTH and before.keys() <= value.keys():
            # (an object that lost a key, a prompt's field, say, goes whole: a
            # change never removes a key)
            out.extend(diff_state(before, value, (*path, key)))
        else:
            out.append(((*path, key), value))
    return out


_MISSING = object()


def apply_change(state: Mapping[str, Any], entries: Sequence[tuple[Path, Any]]
                 ) -> dict[str, Any]:
    """The state JSON ``state`` with each entry's value set at its path, in order.
    ``state`` itself is left as it was (the objects along each path are copied);
    ``ValueError`` if a path leads nowhere."""
    out = dict(state)
    for path, value in entries:
        place = out
        for key in path[:-1]:
            inner = place.get(key)
            if not isinstance(inner, dict):
                raise ValueError(f"a change's path {'/'.join(path)} leads nowhere")
            place[key] = inner = dict(inner)
            place = inner
        place[path[-1]] = value
    return out
