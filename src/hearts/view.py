"""PlayerView: everything one seat may know, and nothing else."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple, TypeVar

from hearts.cards import SEAT_KEYS, Card, CardSet, Seat, Suit
from hearts.rules import PassDirection, Rules

__all__ = ["VIEW_SCHEMA", "VIEW_VERSION", "Phase", "PlayerView", "Trick", "trick_json",
           "voids_json"]

VIEW_SCHEMA = "hearts-view"
"""The ``schema`` field of a view's JSON form."""
VIEW_VERSION = 1
"""The ``version`` field of a view's JSON form (documented in docs/protocol.md)."""

_T = TypeVar("_T")


class Phase(Enum):
    """Where a hand stands."""

    PASSING = "passing"
    """Cards are being chosen to pass."""
    PLAYING = "playing"
    """Tricks are being played."""
    OVER = "over"
    """All thirteen tricks are played and the points are final."""


class Trick(NamedTuple):
    """A finished trick."""

    leader: Seat
    """The seat that led it."""
    cards: tuple[Card, ...]
    """The four cards in play order, the lead first."""
    winner: Seat
    """The seat that took it."""

    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """The trick as ``(seat, card)`` pairs in play order."""
        return tuple((self.leader.offset(i), card) for i, card in enumerate(self.cards))


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What ``seat`` can see of a hand: plain values, no link back to the hand.

    Two views are equal exactly when the seat cannot tell the two situations apart.
    """

    seat: Seat
    """Whose view this is."""
    rules: Rules
    """The rules of the hand."""
    phase: Phase
    """Passing, playing or over."""
    pass_direction: PassDirection
    """Where this hand's passes go."""
    dealer: Seat
    """The dealer of this hand."""
    hand: tuple[Card, ...]
    """The seat's own cards, sorted."""
    passed: tuple[Card, ...]
    """The cards this seat passed (empty until it has passed)."""
    received: tuple[Card, ...]
    """The cards this seat received (empty until the exchange)."""
    trick: tuple[tuple[Seat, Card], ...]
    """The current trick so far as ``(seat, card)`` pairs in play order."""
    leader: Seat | None
    """Who leads (or led) the current trick; None while passing or once over."""
    turn: Seat | None
    """Whose turn it is to play; None unless playing."""
    tricks: tuple[Trick, ...]
    """The finished tricks in order."""
    played: CardSet
    """Every card played so far, the current trick included."""
    points_taken: tuple[int, ...]
    """Points each seat has taken this hand (final, moon included, once over)."""
    scores: tuple[int, ...]
    """Match totals before this hand."""
    cards_held: tuple[int, ...]
    """How many cards each seat holds."""
    voids: tuple[frozenset[Suit], ...]
    """For each seat, the suits it has shown out of (failed to follow)."""
    hearts_broken: bool
    """A heart has been played."""
    legal: tuple[Card, ...]
    """The cards this seat may play now; empty unless it is this seat's turn."""

    @property
    def trick_number(self) -> int:
        """The current trick, 0 to 12 (13 once the hand is over)."""
        return len(self.tricks)

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the current trick, if any card has been played to it."""
        return self.trick[0][1].suit if self.trick else None

    @property
    def pass_target(self) -> Seat:
        """The seat this seat's passed cards go to."""
        return self.pass_direction.target(self.seat)

    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON values (the schema of docs/protocol.md).

        Seats are ``"south"`` .. ``"east"``, cards ``"QS"``, suits ``"C"`` .. ``"S"``;
        per-seat lists are in seat order, South first.
        """
        public = self.public_json()
        return {
            "schema": VIEW_SCHEMA, "version": VIEW_VERSION, "seat": SEAT_KEYS[self.seat],
            "rules": public["rules"], "phase": public["phase"],
            "pass_direction": public["pass_direction"], "dealer": public["dealer"],
            "hand": [str(c) for c in self.hand], "passed": [str(c) for c in self.passed],
            "received": [str(c) for c in self.received], "trick": public["trick"],
            "leader": public["leader"], "turn": public["turn"], "tricks": public["tricks"],
            "played": public["played"], "points_taken": public["points_taken"],
            "scores": public["scores"], "cards_held": public["cards_held"],
            "voids": public["voids"], "hearts_broken": public["hearts_broken"],
            "legal": [str(c) for c in self.legal],
        }

    def public_json(self) -> dict[str, Any]:
        """The fields of :meth:`to_json` every seat sees alike (all but ``schema``,
        ``version``, ``seat``, ``hand``, ``passed``, ``received`` and ``legal``)."""
        return {
            "rules": self.rules.to_json(), "phase": self.phase.value,
            "pass_direction": str(self.pass_direction), "dealer": SEAT_KEYS[self.dealer],
            "trick": [{"seat": SEAT_KEYS[seat], "card": str(card)} for seat, card in self.trick],
            "leader": None if self.leader is None else SEAT_KEYS[self.leader],
            "turn": None if self.turn is None else SEAT_KEYS[self.turn],
            "tricks": [trick_json(t) for t in self.tricks],
            "played": [str(c) for c in self.played],
            "points_taken": list(self.points_taken), "scores": list(self.scores),
            "cards_held": list(self.cards_held),
            "voids": voids_json(self.voids),
            "hearts_broken": self.hearts_broken}

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> PlayerView:
        """A view from :meth:`to_json`'s form (a dict or its JSON text).

        Raises ``ValueError`` naming the first field that is wrong.
        """
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as error:
                raise ValueError(f"view is not JSON: {error}") from None
        if not isinstance(data, dict):
            raise ValueError("a view must be a JSON object")
        if data.get("schema") != VIEW_SCHEMA or data.get("version") != VIEW_VERSION:
            raise ValueError(f"not a {VIEW_SCHEMA} of version {VIEW_VERSION}")
        read = _Reader(data)
        rules = read.field("rules", Rules.from_json)
        return cls(
            seat=read.seat("seat"), rules=rules,
            phase=read.field("phase", Phase),
            pass_direction=read.field("pass_direction", lambda v: PassDirection[v.upper()]),
            dealer=read.seat("dealer"), hand=read.cards("hand"), passed=read.cards("passed"),
            received=read.cards("received"),
            trick=read.items("trick", lambda t: (_seat(t["seat"]), Card.parse(t["card"]))),
            leader=read.seat("leader", optional=True), turn=read.seat("turn", optional=True),
            tricks=read.items("tricks", lambda t: Trick(
                _seat(t["leader"]), tuple(Card.parse(c) for c in _list(t["cards"], 4)),
                _seat(t["winner"]))),
            played=CardSet(read.cards("played")),
            points_taken=read.ints("points_taken"), scores=read.ints("scores"),
            cards_held=read.ints("cards_held"),
            voids=read.items("voids", lambda v: frozenset(
                Suit("CDHS".index(letter)) for letter in _list(v) if _is_suit(letter)),
                length=4),
            hearts_broken=read.field("hearts_broken", _bool),
            legal=read.cards("legal"),
        )


def trick_json(trick: Trick) -> dict[str, Any]:
    """A finished trick as the view's JSON writes it (one of ``tricks``)."""
    return {"leader": SEAT_KEYS[trick.leader], "cards": [str(c) for c in trick.cards],
            "winner": SEAT_KEYS[trick.winner]}


def voids_json(voids: Iterable[frozenset[Suit]]) -> list[list[str]]:
    """Each seat's known voids as the view's JSON writes them (``voids``)."""
    return [[suit.letter for suit in sorted(void)] for void in voids]


def _seat(value: object) -> Seat:
    if value not in SEAT_KEYS:
        raise ValueError(f"{value!r} is not south, west, north or east")
    return Seat(SEAT_KEYS.index(str(value)))


def _list(value: object, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError("must be a list" + (f" of {length}" if length else ""))
    return value


def _is_suit(letter: object) -> bool:
    if not isinstance(letter, str) or len(letter) != 1 or letter not in "CDHS":
        raise ValueError(f"{letter!r} is not a suit letter C, D, H or S")
    return True


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


class _Reader:
    """Reads a view's fields, naming the field in any error."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def field(self, name: str, convert: Callable[[Any], _T]) -> _T:
        if name not in self.data:
            raise ValueError(f"view: {name} is missing")
        try:
            return convert(self.data[name])
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"view: {name}: {error}") from None

    def seat(self, name: str, optional: bool = False) -> Any:
        if optional and self.data.get(name, 0) is None:
            return None
        return self.field(name, _seat)

    def items(self, name: str, convert: Callable[[Any], _T],
              length: int | None = None) -> tuple[_T, ...]:
        return self.field(name, lambda v: tuple(convert(item) for item in _list(v, length)))

    def cards(self, name: str) -> tuple[Card, ...]:
        return self.items(name, Card.parse)

    def ints(self, name: str) -> tuple[int, ...]:
        def whole(value: object) -> int:
            if type(value) is not int:
                raise ValueError(f"{value!r} is not a whole number")
            return value
        return self.items(name, whole, length=4)
