"""The bot protocol: JSON lines between an arena and a player program.

Version 1, written down in ``docs/protocol.md``. The arena sends a ``hello``
naming the protocol and the rules; the program answers ``ready`` (with its
name and version if it likes). Then each decision is one request line (a
``pass`` or a ``play``, with the seat's :class:`~hearts.view.PlayerView` as
JSON and the seed the seat decides from) answered by one line: three cards for
a pass, one for a play. Closing the program's stdin ends the session.

This module only builds and reads messages; it does no I/O.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from hearts.cards import Card
from hearts.rules import Rules
from hearts.view import PlayerView

__all__ = [
    "PROTOCOL_VERSION", "Kind", "ProtocolError", "Request", "answer_message", "encode",
    "error_message", "hello_message", "read_answer", "read_hello", "read_ready",
    "read_request", "ready_message", "request_message",
]

PROTOCOL_VERSION = 1
"""The version of the protocol these messages follow."""

Kind = Literal["pass", "play"]
"""The two decisions: three cards to pass, or one card to play."""


class ProtocolError(ValueError):
    """A line that does not follow the protocol; the message says how."""


def encode(message: dict[str, Any]) -> str:
    """One message as a line of compact JSON, newline included."""
    return json.dumps(message, separators=(",", ":")) + "\n"


def _object(line: str) -> dict[str, Any]:
    text = line.strip()
    if not text:
        raise ProtocolError("an empty line, not a JSON object")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProtocolError(f"not JSON ({error})") from None
    if not isinstance(data, dict):
        raise ProtocolError("not a JSON object")
    return data


def _protocol(data: dict[str, Any], what: str) -> None:
    if data.get("type") != what:
        raise ProtocolError(f"expected a {what!r} message, got type {data.get('type')!r}")
    if data.get("protocol") != PROTOCOL_VERSION:
        raise ProtocolError(f"speaks protocol {data.get('protocol')!r}, "
                            f"this side speaks {PROTOCOL_VERSION}")


# --- the arena's side ------------------------------------------------------


def hello_message(rules: Rules) -> dict[str, Any]:
    """The arena's first line."""
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "rules": rules.to_json()}


def read_ready(line: str) -> tuple[str | None, str | None]:
    """The program's ``ready`` line: its name and version (either may be None)."""
    data = _object(line)
    _protocol(data, "ready")
    name, version = data.get("name"), data.get("version")
    if name is not None and not isinstance(name, str):
        raise ProtocolError("ready: name must be text")
    if version is not None and not isinstance(version, str):
        raise ProtocolError("ready: version must be text")
    return name, version


def request_message(kind: Kind, number: int, seed: int | None,
                    view: PlayerView) -> dict[str, Any]:
    """A decision request: ``number`` counts the session's requests from 1."""
    return {"type": kind, "id": number, "seed": seed, "view": view.to_json()}


def read_answer(kind: Kind, number: int, line: str) -> list[Card]:
    """The cards of an answer to request ``number``: three for a pass, one for a play.

    Legality is the referee's business; this checks only the form.
    """
    data = _object(line)
    if "error" in data:
        raise ProtocolError(f"the program reports an error: {data['error']}")
    if "id" in data and data["id"] != number:
        raise ProtocolError(f"answers request {data['id']!r}, not {number}")
    if kind == "pass":
        cards = data.get("cards")
        if not isinstance(cards, list) or len(cards) != 3:
            raise ProtocolError('a pass answer needs "cards": a list of 3 cards')
    else:
        card = data.get("card")
        if card is None:
            raise ProtocolError('a play answer needs "card": one card')
        cards = [card]
    try:
        return [Card.parse(card) for card in cards]
    except ValueError as error:
        raise ProtocolError(str(error)) from None


# --- the program's side ----------------------------------------------------


class Request:
    """A decision request as a program reads it."""

    __slots__ = ("kind", "number", "seed", "view")

    def __init__(self, kind: Kind, number: int, seed: int | None, view: PlayerView) -> None:
        self.kind: Kind = kind
        """``"pass"`` or ``"play"``."""
        self.number = number
        """The request's ``id``, to echo in the answer."""
        self.seed = seed
        """The seed this seat decides from in this hand (None if the arena sends none)."""
        self.view = view
        """What the seat may know."""


def read_hello(line: str) -> Rules:
    """The arena's ``hello``: the rules of the session."""
    data = _object(line)
    _protocol(data, "hello")
    try:
        return Rules.from_json(data.get("rules"))
    except ValueError as error:
        raise ProtocolError(f"hello: {error}") from None


def ready_message(name: str | None = None, version: str | None = None) -> dict[str, Any]:
    """A program's answer to ``hello``."""
    message: dict[str, Any] = {"type": "ready", "protocol": PROTOCOL_VERSION}
    if name is not None:
        message["name"] = name
    if version is not None:
        message["version"] = version
    return message


def read_request(line: str) -> Request:
    """A decision request."""
    data = _object(line)
    kind = data.get("type")
    if kind not in ("pass", "play"):
        raise ProtocolError(f"expected a pass or play request, got type {kind!r}")
    number, seed = data.get("id"), data.get("seed")
    if type(number) is not int:
        raise ProtocolError("a request needs a whole-number id")
    if seed is not None and type(seed) is not int:
        raise ProtocolError("seed must be a whole number or null")
    try:
        view = PlayerView.from_json(data.get("view") or {})
    except ValueError as error:
        raise ProtocolError(str(error)) from None
    return Request(kind, number, seed, view)


def answer_message(request: Request, cards: list[Card]) -> dict[str, Any]:
    """The answer to ``request``: its id and the cards chosen."""
    if request.kind == "pass":
        return {"id": request.number, "cards": [str(card) for card in cards]}
    return {"id": request.number, "card": str(cards[0])}


def error_message(text: str, number: int | None = None) -> dict[str, Any]:
    """A program's answer to a line it cannot use; the arena reports it as a fault."""
    message: dict[str, Any] = {"error": text}
    if number is not None:
        message["id"] = number
    return message
