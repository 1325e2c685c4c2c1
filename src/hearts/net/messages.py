"""The messages of a network table, both ways: JSON objects over a WebSocket.

Version 2, written down in ``docs/network.md`` (a test checks the document
against this module). A client sends ``join`` (the table's code, a name, and
the seat's token when it comes back), then ``act`` messages (a card used, the
pass, a deal...: :class:`ActKind`, each naming the card it means) and
``leave`` to give its seat up for good. The server answers ``welcome`` (the
seat and its token), then a ``state`` message after every change: the seat's
:class:`~hearts.table.SeatState` and a sequence number that grows with every
change at the table. Notices go as ``notice`` (a
:class:`~hearts.table.Notice`, as data), a finished hand's record as
``hand``, a refused message as ``error`` with an
:class:`~hearts.net.errors.ErrorCode`.

This module builds and reads messages; it does no I/O. Everything a client
sends goes through :func:`read_client`, which raises :class:`MessageError`
with a clear reason (and its code) for anything malformed, unknown or too
big; what the server sends is read back by :func:`read_state` and
:func:`read_notice`, which raise ``ValueError``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, assert_never

from hearts.cards import SEAT_KEYS, Card, Seat
from hearts.net.errors import ErrorCode
from hearts.net.names import MAX_NAME, BadName, check_name
from hearts.table import Notice, SeatState
from hearts.table import events as ev

__all__ = [
    "HEARTBEAT_SECONDS", "MAX_MESSAGE_BYTES", "MAX_NAME", "NETWORK_VERSION", "Act", "ActKind",
    "ClientMessage",
    "Join", "Leave", "MessageError", "act_message", "encode", "error_message", "event_of",
    "hand_message", "join_message", "notice_message", "read_client", "read_notice",
    "read_state", "seat_name", "state_message", "welcome_message",
]

NETWORK_VERSION = 2
"""The version of the messages this module writes and reads."""

HEARTBEAT_SECONDS = 10.0
"""Seconds between pings, both ways: a connection that stops answering is seen
gone within one and a half of them (a dropped person is shown away then)."""

MAX_MESSAGE_BYTES = 4096
"""The largest message a client may send; anything bigger is refused unread."""



class ActKind(StrEnum):
    """What a person may ask of the table over the network (``act``'s ``action``)."""

    DEAL = "deal"
    """Deal the next hand (or start a new match once one is over)."""
    PASS = "pass"
    """Pass the three cards chosen."""
    CLEAR = "clear"
    """Put back every card chosen to pass."""
    CONTINUE = "continue"
    """Put the cards just received into the hand now."""
    HINT = "hint"
    """Ask what the Expert would do."""
    USE = "use"
    """Use ``card``: choose it to pass (or put it back), or play it."""
    CHOOSE = "choose"
    """Choose ``card`` to pass, or put it back."""

    @property
    def takes_card(self) -> bool:
        """True for the actions that name a card."""
        return self in (ActKind.USE, ActKind.CHOOSE)


class MessageError(ValueError):
    """A client message that cannot be taken: its :class:`ErrorCode`, and words
    that say why, for the person."""

    def __init__(self, text: str, code: ErrorCode = ErrorCode.BAD_MESSAGE) -> None:
        super().__init__(text)
        self.code = code
        """What a program acts on."""


@dataclass(frozen=True, slots=True)
class Join:
    """Take a seat at the table with ``code``; with ``token``, take one's own seat back."""

    code: str
    name: str
    token: str | None = None


@dataclass(frozen=True, slots=True)
class Act:
    """A person's action at the table: its kind and the card it names (if it takes one)."""

    action: ActKind
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Leave:
    """Give the seat up for good: a computer player takes it over."""


ClientMessage = Join | Act | Leave
"""Anything a client may send."""


def seat_name(seat: Seat) -> str:
    """A seat as the messages write it: ``"south"`` .. ``"east"``."""
    return SEAT_KEYS[seat]


def encode(message: Mapping[str, Any]) -> str:
    """One message as compact JSON text (a WebSocket text frame)."""
    return json.dumps(message, separators=(",", ":"))


# --- what a client sends ---------------------------------------------------------


def join_message(code: str, name: str, token: str | None = None) -> dict[str, Any]:
    """A client's ``join``."""
    message: dict[str, Any] = {"type": "join", "version": NETWORK_VERSION, "code": code,
                               "name": name}
    if token is not None:
        message["token"] = token
    return message


def act_message(event: ev.PersonEvent) -> dict[str, Any] | None:
    """The ``act`` that asks the server for ``event`` (None for an event the network
    does not carry: undo)."""
    match event:
        case ev.Deal():
            return _act(ActKind.DEAL)
        case ev.PassChosen():
            return _act(ActKind.PASS)
        case ev.Clear():
            return _act(ActKind.CLEAR)
        case ev.Continue():
            return _act(ActKind.CONTINUE)
        case ev.AskHint():
            return _act(ActKind.HINT)
        case ev.Use():
            return _act(ActKind.USE, event.card)
        case ev.Choose():
            return _act(ActKind.CHOOSE, event.card)
        case ev.Undo():
            return None
        case _:
            assert_never(event)


def _act(action: ActKind, card: Card | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "act", "action": action.value}
    if card is not None:
        message["card"] = str(card)
    return message


def event_of(act: Act, seat: Seat) -> ev.PersonEvent:
    """The table's event for ``act`` from ``seat``."""
    match act.action:
        case ActKind.DEAL:
            return ev.Deal(seat)
        case ActKind.PASS:
            return ev.PassChosen(seat)
        case ActKind.CLEAR:
            return ev.Clear(seat)
        case ActKind.CONTINUE:
            return ev.Continue(seat)
        case ActKind.HINT:
            return ev.AskHint(seat)
        case ActKind.USE:
            assert act.card is not None
            return ev.Use(seat, act.card)
        case ActKind.CHOOSE:
            assert act.card is not None
            return ev.Choose(seat, act.card)
        case _:
            assert_never(act.action)


def _text(data: Mapping[str, Any], name: str, limit: int) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise MessageError(f"{name!r} must be a string")
    if len(value) > limit:
        raise MessageError(f"{name!r} is longer than {limit} characters")
    return value


def read_client(text: str | bytes) -> ClientMessage:
    """A client's message read and checked; :class:`MessageError` says what is wrong."""
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
        if data.get("version") != NETWORK_VERSION:
            raise MessageError(f"this server speaks version {NETWORK_VERSION} of the "
                               f"messages, not {data.get('version')!r}", ErrorCode.VERSION)
        try:
            name = check_name(_text(data, "name", 4 * MAX_NAME))
        except BadName as error:
            raise MessageError(str(error), ErrorCode.BAD_NAME) from None
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 64):
            raise MessageError("'token' must be a string of at most 64 characters")
        return Join(_text(data, "code", 64), name, token)
    if kind == "leave":
        return Leave()
    if kind != "act":
        raise MessageError(f"unknown message type {kind!r} (join, act or leave)")
    try:
        action = ActKind(str(data.get("action")))
    except ValueError:
        raise MessageError(f"unknown action {data.get('action')!r:.40} (one of "
                           f"{', '.join(ActKind)})") from None
    if not action.takes_card:
        return Act(action)
    try:
        card = Card.parse(_text(data, "card", 3))
    except ValueError:
        raise MessageError(f"{data.get('card')!r:.40} is not a card (e.g. \"QS\")") from None
    return Act(action, card)


# --- what the server sends -------------------------------------------------------


def welcome_message(seat: Seat, token: str, table_id: str) -> dict[str, Any]:
    """The answer to a ``join``: the seat taken and the token that takes it back."""
    return {"type": "welcome", "version": NETWORK_VERSION, "seat": seat_name(seat),
            "token": token, "table": table_id}


def error_message(code: ErrorCode, text: str) -> dict[str, Any]:
    """A message refused: its code, for programs, and why in words; the table is
    unchanged."""
    return {"type": "error", "version": NETWORK_VERSION, "code": code.value, "message": text}


def notice_message(notice: Notice) -> dict[str, Any]:
    """A notice for the status line, as data (the client words it)."""
    return {"type": "notice", "version": NETWORK_VERSION, "notice": notice.to_json()}


def read_notice(message: Mapping[str, Any]) -> Notice:
    """The notice of a ``notice`` message (``ValueError`` if it cannot be read)."""
    return Notice.from_json(message.get("notice"))


def state_message(state: SeatState, seq: int) -> dict[str, Any]:
    """Everything the seat may see and do now, numbered by ``seq``: every change
    at the table numbers its states one higher."""
    return {"type": "state", "version": NETWORK_VERSION, "seq": seq, "state": state.to_json()}


def read_state(message: Mapping[str, Any]) -> tuple[SeatState, int]:
    """The seat state and the sequence number of a ``state`` message
    (``ValueError`` if it cannot be read)."""
    seq = message.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise ValueError("a state's 'seq' must be a whole number")
    return SeatState.from_json(message.get("state")), seq


def hand_message(record: Mapping[str, Any], match_seed: int | None,
                 seat: str) -> dict[str, Any]:
    """A finished hand's record, for the person's own store: the match it belongs
    to (by seed) and the seat the person played in it."""
    return {"type": "hand", "version": NETWORK_VERSION, "record": dict(record),
            "match_seed": match_seed, "seat": seat}
