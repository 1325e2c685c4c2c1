"""The messages of a network table, both ways: JSON objects over a WebSocket.

Version 1, written down in ``docs/network.md``. A client sends ``join`` (the
table's code, a name, and the seat's token when it comes back), then ``act``
messages (a card used, the pass, a deal...) and ``leave`` to give its seat up
for good. The server answers ``welcome`` (the seat and its token), then a
``state`` message after every change: what that one seat may see and do,
built by :func:`state_message` from the :class:`~hearts.table.Table`. Notices
go as ``notice``, a finished hand's record as ``hand``, a refused message as
``error``.

This module builds and reads messages; it does no I/O. Everything a client
sends goes through :func:`read_client`, which raises :class:`MessageError`
with a clear reason for anything malformed, unknown or too big.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from hearts.cards import Card, Seat
from hearts.net.errors import ErrorCode
from hearts.net.names import MAX_NAME, BadName, check_name
from hearts.table import Stage, Table
from hearts.view import Phase

__all__ = [
    "ACTIONS", "BUTTONS", "MAX_MESSAGE_BYTES", "MAX_NAME", "NETWORK_VERSION", "Act",
    "ClientMessage", "Join", "Leave", "MessageError", "encode", "error_message", "hand_message",
    "notice_message", "read_client", "seat_name", "state_message", "welcome_message",
]

NETWORK_VERSION = 1
"""The version of the messages this module writes and reads."""

MAX_MESSAGE_BYTES = 4096
"""The largest message a client may send; anything bigger is refused unread."""


ACTIONS = ("deal", "pass", "clear", "continue", "hint", "use", "choose", "point", "move")
"""What a person may ask of the table over the network (``act``'s ``action``).
``use``, ``choose`` and ``point`` take a ``card`` (``use`` without one uses the
card under the seat's highlight as the server has it, after every earlier
``move``); ``move`` takes a ``step``."""

BUTTONS = ("deal", "pass", "clear", "continue", "hint", "last", "scores", "help", "quit")
"""The buttons whose state (``can``) a ``state`` message carries."""

_CARD_ACTIONS = frozenset({"use", "choose", "point"})
_SEAT_NAMES = tuple(seat.name.lower() for seat in Seat)


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
    """A person's action at the table (see :data:`ACTIONS`)."""

    action: Literal["deal", "pass", "clear", "continue", "hint", "use", "choose", "point",
                    "move"]
    card: Card | None = None
    step: int = 0


@dataclass(frozen=True, slots=True)
class Leave:
    """Give the seat up for good: a computer player takes it over."""


ClientMessage = Join | Act | Leave
"""Anything a client may send."""


def seat_name(seat: Seat) -> str:
    """A seat as the messages write it: ``"south"`` .. ``"east"``."""
    return _SEAT_NAMES[seat]


def encode(message: Mapping[str, Any]) -> str:
    """One message as compact JSON text (a WebSocket text frame)."""
    return json.dumps(message, separators=(",", ":"), sort_keys=True)


# --- what a client sends ---------------------------------------------------------


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
    action = data.get("action")
    if action not in ACTIONS:
        raise MessageError(f"unknown action {action!r} (one of {', '.join(ACTIONS)})")
    if action == "use" and "card" not in data:
        return Act(action)
    if action in _CARD_ACTIONS:
        try:
            card = Card.parse(_text(data, "card", 3))
        except ValueError:
            raise MessageError(f"{data.get('card')!r} is not a card (e.g. \"QS\")") from None
        return Act(action, card=card)
    if action == "move":
        step = data.get("step")
        if not isinstance(step, int) or isinstance(step, bool) or not -13 <= step <= 13:
            raise MessageError("'step' must be a whole number from -13 to 13")
        return Act(action, step=step)
    return Act(action)


# --- what the server sends -------------------------------------------------------


def welcome_message(seat: Seat, token: str, table_id: str) -> dict[str, Any]:
    """The answer to a ``join``: the seat taken and the token that takes it back."""
    return {"type": "welcome", "version": NETWORK_VERSION, "seat": seat_name(seat),
            "token": token, "table": table_id}


def error_message(code: ErrorCode, text: str) -> dict[str, Any]:
    """A message refused: its code, for programs, and why in words; the table is
    unchanged."""
    return {"type": "error", "version": NETWORK_VERSION, "code": code.value, "message": text}


def notice_message(text: str) -> dict[str, Any]:
    """A notice for the status line."""
    return {"type": "notice", "version": NETWORK_VERSION, "text": text}


def hand_message(record: Mapping[str, Any], match_seed: int | None,
                 seat: str) -> dict[str, Any]:
    """A finished hand's record, for the person's own store: the match it belongs
    to (by seed) and the seat the person played in it."""
    return {"type": "hand", "version": NETWORK_VERSION, "record": dict(record),
            "match_seed": match_seed, "seat": seat}


def _sheet(table: Table) -> list[dict[str, Any]]:
    """Each hand of the match so far, as the score sheet shows it (all public)."""
    queen = Card.parse("QS")
    rows = []
    for hand in table.match.hands:
        taker = next((s for s in Seat if queen in hand.taken(s)), None)
        rows.append({
            "points": list(hand.points), "over": hand.phase is Phase.OVER,
            "shooter": None if hand.shooter is None else seat_name(hand.shooter),
            "queen": None if taker is None else seat_name(taker),
        })
    return rows


def state_message(table: Table, seat: Seat, names: Sequence[str],
                  present: Sequence[bool]) -> dict[str, Any]:
    """Everything ``seat`` may see and do now, and nothing of another seat's hidden cards.

    ``names`` name the four seats; ``present`` says which seats a person is
    connected to now (for the labels).
    """
    hand = table.hand
    view = None if hand is None else hand.view(seat).to_json()
    person = table.is_person(seat)
    desk = table.desks.get(seat)
    shown = table.shown_trick
    highlighted = table.highlighted(seat) if person and desk is not None else None
    return {
        "type": "state", "version": NETWORK_VERSION, "seat": seat_name(seat),
        "stage": table.stage.value, "view": view,
        "prompt": table.prompt(seat),
        "names": list(names), "present": list(present),
        "scores": list(table.match.scores), "target": table.target,
        "match_over": table.match.over, "hand_number": len(table.match.hands),
        "sheet": _sheet(table),
        "can": {action: person and table.can(action, seat) for action in BUTTONS},
        "chosen": [str(card) for card in desk.chosen] if desk is not None else [],
        "raised": sorted(str(card) for card in table.raised(seat)) if person else [],
        "highlight": None if highlighted is None else str(highlighted),
        "trick": {seat_name(s): str(c) for s, c in table.trick_cards().items()},
        "winner": None if shown is None else seat_name(shown.winner),
        "result": table.result_lines(seat),
        "to_play": table.to_play(seat),
        "passed": table.passed(seat),
        "level": table.level.label,
        "playing": table.stage is not Stage.IDLE,
    }
