"""What happened at the table, as typed values: the table's OUTPUTS, told as it moves.

:mod:`hearts.table.events` holds what goes *into* the table (a person's command,
a computer player's answer, a pause run out); this module holds what comes
*out* of it as the game moves: a card played, a trick taken, a pass made, the
cards received, a hand dealt or ended, a person sitting down, dropping, coming
back, a computer player standing in. A front end announces these (a screen
reader's live region, a terminal's log) instead of finding out what happened
by comparing two states.

Each happening says who may know it (:func:`audience`): most are public; the
cards a seat passed are told to that seat alone (:class:`PassedCards`), and the
cards a seat received to the receiver alone (:class:`Received`). A watcher is
told the public ones, a seat its own and the public ones (:func:`visible`), so
a hidden card never reaches anyone through a happening.

The table keeps the happenings of the hand in play (and the one before it) in a
:class:`HappeningLog`, numbered from 1 in the order they happened: a network
table sends each seat the new ones with every change, and a client that fell
too far behind the whole hand so far.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hearts.cards import SEAT_KEYS, Card, Seat

__all__ = [
    "KINDS",
    "CameBack",
    "ComputerSeated",
    "Dealt",
    "Dropped",
    "Freed",
    "HandEnded",
    "Happening",
    "HappeningLog",
    "HeartsBroken",
    "Left",
    "PassTakenBack",
    "Passed",
    "PassedCards",
    "Played",
    "Received",
    "SatDown",
    "SeatMove",
    "StoodIn",
    "TakenBack",
    "TrickTaken",
    "audience",
    "happening_json",
    "numbered_json",
    "played",
    "read_happening",
    "visible",
]


# --- the hand ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt:
    """Hand number ``hand`` of the match (from 1) was dealt."""

    hand: int


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed three cards to ``to`` (which cards: :class:`PassedCards`,
    for ``seat`` alone)."""

    seat: Seat
    to: Seat


@dataclass(frozen=True, slots=True)
class PassedCards:
    """The three ``cards`` ``seat`` passed to ``to``: told to ``seat`` alone."""

    seat: Seat
    to: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Received:
    """``seat`` received ``cards`` from ``giver`` at the exchange: told to ``seat`` alone."""

    seat: Seat
    giver: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PassTakenBack:
    """``seat`` took its pass back before the exchange (an undo)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Played:
    """``seat`` played ``card``."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class HeartsBroken:
    """The first heart of the hand was played, by ``seat``."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """``seat`` took trick number ``trick`` (from 1), with ``points`` in it."""

    seat: Seat
    trick: int
    points: int


@dataclass(frozen=True, slots=True)
class TakenBack:
    """``seat`` took its last card back, and ``count`` cards in all (its own and
    those played after it) went back to their hands (an undo; which cards is not
    told: they are hidden again)."""

    seat: Seat
    count: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    """Hand number ``hand`` is over: the points each seat took (South first, the
    moon counted), and who shot the moon."""

    hand: int
    points: tuple[int, ...]
    shooter: Seat | None


# --- the seats ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SatDown:
    """``name`` sat down in ``seat``."""

    seat: Seat
    name: str


@dataclass(frozen=True, slots=True)
class Dropped:
    """The person in ``seat`` dropped: the table waits for them a while."""

    seat: Seat
    name: str | None


@dataclass(frozen=True, slots=True)
class CameBack:
    """The person of ``seat`` came back."""

    seat: Seat
    name: str | None


@dataclass(frozen=True, slots=True)
class StoodIn:
    """Nobody came for ``seat`` in time: a computer player took it, for its person
    (``name``) or until someone sits down."""

    seat: Seat
    name: str | None


@dataclass(frozen=True, slots=True)
class Left:
    """The person of ``seat`` left for good: a computer player plays it until
    someone takes it."""

    seat: Seat
    name: str | None


@dataclass(frozen=True, slots=True)
class Freed:
    """The host freed ``seat`` (its person, if any, is out)."""

    seat: Seat
    name: str | None


@dataclass(frozen=True, slots=True)
class ComputerSeated:
    """The host gave ``seat`` to a computer player for good."""

    seat: Seat
    name: str | None


SeatMove = SatDown | Dropped | CameBack | StoodIn | Left | Freed | ComputerSeated
"""Who sits in a seat changed (a person or a computer player): each names the seat
and its person, if any."""

Happening = (Dealt | Passed | PassedCards | Received | PassTakenBack | Played | HeartsBroken
             | TrickTaken | TakenBack | HandEnded | SeatMove)
"""Anything the table tells of what happened."""


def audience(happening: Happening) -> Seat | None:
    """The one seat ``happening`` is for (it shows that seat's hidden cards), or
    None when it is public."""
    if isinstance(happening, (PassedCards, Received)):
        return happening.seat
    return None


def visible(happening: Happening, seat: Seat | None) -> bool:
    """Whether ``seat`` (None: a watcher) is told ``happening``."""
    owner = audience(happening)
    return owner is None or owner == seat


@functools.lru_cache(maxsize=256)
def played(seat: Seat, card: Card) -> Played:
    """The :class:`Played` of ``seat`` and ``card``, one object for each of the 208
    (a table's log holds references, not a card's worth of objects)."""
    return Played(seat, card)


# --- as JSON ------------------------------------------------------------------------

KINDS: dict[type[Any], str] = {
    Dealt: "dealt", Passed: "passed", PassedCards: "passed-cards", Received: "received",
    PassTakenBack: "pass-taken-back", Played: "played", HeartsBroken: "hearts-broken",
    TrickTaken: "trick-taken", TakenBack: "taken-back", HandEnded: "hand-ended",
    SatDown: "sat-down", Dropped: "dropped", CameBack: "came-back", StoodIn: "stood-in",
    Left: "left", Freed: "freed", ComputerSeated: "computer-seated",
}
"""Each happening's ``kind`` on the wire."""

_TYPES = {kind: cls for cls, kind in KINDS.items()}


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def happening_json(happening: Happening) -> dict[str, Any]:
    """``happening`` as a JSON object: its ``kind`` and its fields (seats and cards
    written as in the messages: ``"west"``, ``"QS"``)."""
    data: dict[str, Any] = {"kind": KINDS[type(happening)]}
    match happening:
        case Dealt() | HandEnded():
            data["hand"] = happening.hand
            if isinstance(happening, HandEnded):
                data["points"] = list(happening.points)
                data["shooter"] = None if happening.shooter is None \
                    else SEAT_KEYS[happening.shooter]
            return data
        case _:
            pass
    data["seat"] = SEAT_KEYS[happening.seat]
    match happening:
        case Passed():
            data["to"] = SEAT_KEYS[happening.to]
        case PassedCards():
            data["to"] = SEAT_KEYS[happening.to]
            data["cards"] = _cards(happening.cards)
        case Received():
            data["from"] = SEAT_KEYS[happening.giver]
            data["cards"] = _cards(happening.cards)
        case Played():
            data["card"] = str(happening.card)
        case TrickTaken():
            data["trick"] = happening.trick
            data["points"] = happening.points
        case TakenBack():
            data["count"] = happening.count
        case SatDown() | Dropped() | CameBack() | StoodIn() | Left() | Freed() \
                | ComputerSeated():
            data["name"] = happening.name
        case PassTakenBack() | HeartsBroken():
            pass
    return data


def numbered_json(number: int, happening: Happening) -> dict[str, Any]:
    """``happening`` with its number in the table's log, as sent: ``{"n": number, ...}``."""
    return {"n": number, **happening_json(happening)}


def _seat(data: Mapping[str, Any], key: str) -> Seat:
    value = data.get(key)
    if not isinstance(value, str) or value not in SEAT_KEYS:
        raise ValueError(f"a happening's {key!r} must be a seat")
    return Seat(SEAT_KEYS.index(value))


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"a happening's {key!r} must be a whole number")
    return value


def _card_list(data: Mapping[str, Any], most: int) -> tuple[Card, ...]:
    value = data.get("cards")
    if not isinstance(value, list) or len(value) > most \
            or not all(isinstance(card, str) and len(card) <= 3 for card in value):
        raise ValueError("a happening's 'cards' must be a list of cards")
    return tuple(Card.parse(card) for card in value)


def _name(data: Mapping[str, Any]) -> str | None:
    value = data.get("name")
    if value is not None and not isinstance(value, str):
        raise ValueError("a happening's 'name' must be a string or null")
    return value


def read_happening(data: object) -> tuple[int, Happening] | None:
    """A numbered happening read from its JSON (:func:`numbered_json`): its number
    and the value; None for a kind this program does not know (a newer server's);
    ``ValueError`` when it cannot be read."""
    if not isinstance(data, dict):
        raise ValueError("a happening must be a JSON object")
    number = _int(data, "n")
    cls = _TYPES.get(data.get("kind"))  # type: ignore[arg-type]
    if cls is None:
        return None
    happening: Happening
    if cls is Dealt:
        happening = Dealt(_int(data, "hand"))
    elif cls is HandEnded:
        points = data.get("points")
        if not isinstance(points, list) or len(points) != 4 \
                or not all(isinstance(p, int) and not isinstance(p, bool) for p in points):
            raise ValueError("a hand's end has four seats' points")
        shooter = None if data.get("shooter") is None else _seat(data, "shooter")
        happening = HandEnded(_int(data, "hand"), tuple(points), shooter)
    elif cls is Passed:
        happening = Passed(_seat(data, "seat"), _seat(data, "to"))
    elif cls is PassedCards:
        happening = PassedCards(_seat(data, "seat"), _seat(data, "to"), _card_list(data, 3))
    elif cls is Received:
        happening = Received(_seat(data, "seat"), _seat(data, "from"), _card_list(data, 3))
    elif cls is Played:
        card = data.get("card")
        if not isinstance(card, str) or len(card) > 3:
            raise ValueError("a card played must be a card")
        happening = played(_seat(data, "seat"), Card.parse(card))
    elif cls is TrickTaken:
        happening = TrickTaken(_seat(data, "seat"), _int(data, "trick"), _int(data, "points"))
    elif cls is TakenBack:
        happening = TakenBack(_seat(data, "seat"), _int(data, "count"))
    elif cls in (PassTakenBack, HeartsBroken):
        happening = cls(_seat(data, "seat"))
    elif cls is SatDown:
        happening = SatDown(_seat(data, "seat"), _name(data) or "")
    else:
        happening = cls(_seat(data, "seat"), _name(data))
    return number, happening


# --- the table's log ------------------------------------------------------------------

MAX_KEPT = 384
"""The most happenings a table keeps (a hand tells about a hundred; a message
carries at most 512)."""


class HappeningLog:
    """The happenings of the hand in play and of the hand before it, numbered from 1
    in the order they happened (the numbers go on from hand to hand). What an undo
    took back is forgotten (its cards are hidden again), its number kept unused."""

    __slots__ = ("_first", "_hand_start", "_items")

    def __init__(self) -> None:
        self._items: list[Happening | None] = []
        """Each number's happening from :attr:`_first` on; None where one was taken back."""
        self._first = 1
        """The number of ``_items[0]``."""
        self._hand_start = 0
        """The index in ``_items`` of the hand in play's :class:`Dealt` (0 before one)."""

    @property
    def last(self) -> int:
        """The number of the latest happening (0 before any)."""
        return self._first + len(self._items) - 1

    def add(self, happening: Happening) -> None:
        """Tell ``happening`` (a :class:`Dealt` begins a hand: what came before the
        hand before it is forgotten; so is the oldest beyond :data:`MAX_KEPT`, as
        people coming and going at a table nobody deals at would make)."""
        if isinstance(happening, Dealt):
            self._forget(self._hand_start)
            self._hand_start = len(self._items)
        elif len(self._items) >= MAX_KEPT:
            self._forget(len(self._items) - MAX_KEPT + 1)
        self._items.append(happening)

    def _forget(self, count: int) -> None:
        """Forget the oldest ``count`` happenings kept."""
        if count:
            del self._items[:count]
            self._first += count
            self._hand_start = max(0, self._hand_start - count)

    def take_back(self, plays: int) -> None:
        """The last ``plays`` cards of the hand were taken back: forget them and
        what they made (tricks, hearts broken, the hand's end)."""
        items = self._items
        index = len(items)
        while plays and index > self._hand_start:
            index -= 1
            happening = items[index]
            if isinstance(happening, (Played, TrickTaken, HeartsBroken, HandEnded)):
                items[index] = None
                plays -= isinstance(happening, Played)

    def take_back_pass(self, seat: Seat) -> None:
        """``seat`` took its pass back: forget it."""
        items = self._items
        for index in range(self._hand_start, len(items)):
            happening = items[index]
            if isinstance(happening, (Passed, PassedCards)) and happening.seat == seat:
                items[index] = None

    def since(self, number: int) -> list[tuple[int, Happening]]:
        """The happenings after number ``number`` that are kept, numbered, in order."""
        first, items = self._first, self._items
        return [(first + index, happening)
                for index in range(max(0, number + 1 - first), len(items))
                if (happening := items[index]) is not None]

    def hand(self) -> list[tuple[int, Happening]]:
        """The happenings of the hand in play so far (since its deal; before the
        first deal, every one kept), numbered."""
        return self.since(self._first + self._hand_start - 1)
