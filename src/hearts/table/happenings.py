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
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeGuard, TypeVar

from hearts.cards import SEAT_KEYS, SEATS, Card, Seat
from hearts.hand import Hand, Play
from hearts.view import Phase

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
    "json_schema",
    "numbered_json",
    "of_card",
    "of_pass",
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


def of_pass(hand: Hand, seat: Seat) -> list[Happening]:
    """What ``seat``'s pass, just made in ``hand``, made happen: the pass (public),
    its cards (``seat``'s alone) and, when it was the last, the exchange (each
    receiver's own cards)."""
    to = hand.pass_direction.target(seat)
    made: list[Happening] = [Passed(seat, to), PassedCards(seat, to, hand.passed(seat))]
    if hand.phase is Phase.PLAYING:
        made += [Received(each, hand.pass_direction.source(each), hand.received(each))
                 for each in SEATS]
    return made


def of_card(hand: Hand, play: Play, hearts_were_broken: bool, number: int) -> list[Happening]:
    """What ``play``, just made in ``hand`` (hand ``number`` of the match), made
    happen: the card, hearts broken (if they were not before it), the trick it
    finished and the hand's end."""
    made: list[Happening] = [played(play.seat, play.card)]
    if hand.hearts_broken and not hearts_were_broken:
        made.append(HeartsBroken(play.seat))
    finished = play.trick
    if finished is not None:
        points = sum(hand.rules.card_points(card) for card in finished.cards)
        made.append(TrickTaken(finished.winner, len(hand.tricks), points))
        if hand.phase is Phase.OVER:
            made.append(HandEnded(number, hand.points, hand.shooter))
    return made


# --- as JSON ------------------------------------------------------------------------
#
# Each kind's wire form is declared once (_FORMS): its ``kind`` and, for each field
# in the order written, the JSON key and the codec of its value. Both directions,
# happening_json and read_happening, and the JSON Schema (json_schema) are derived
# from it.

_T = TypeVar("_T")

_SEAT_SCHEMA = {"$ref": "#/$defs/seat"}
_CARD_SCHEMA = {"$ref": "#/$defs/card"}
_DEFS: dict[str, Any] = {
    "seat": {"enum": list(SEAT_KEYS)},
    "card": {"type": "string", "pattern": "^(10|[2-9TJQKA])[CDHS]$"},
}
"""What a seat and a card are in the schema (as in the server's messages' schema)."""


@dataclass(frozen=True, slots=True)
class _Codec(Generic[_T]):
    """How one field's value goes on the wire: :attr:`write` gives its JSON,
    :attr:`read` the value back from JSON that :attr:`fits` (what arrives is
    untrusted: anything else is refused as not :attr:`what` the field must be),
    and :attr:`schema` is the JSON Schema of what is written."""

    what: str
    fits: Callable[[Any], bool]
    read: Callable[[Any], _T]
    write: Callable[[_T], Any]
    schema: Mapping[str, Any]


def _is_seat(value: object) -> bool:
    return isinstance(value, str) and value in SEAT_KEYS


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_card(value: object) -> bool:
    return isinstance(value, str) and len(value) <= 3


def _seat_of(key: str) -> Seat:
    return Seat(SEAT_KEYS.index(key))


def _seat_key(seat: Seat) -> str:
    return SEAT_KEYS[seat]


def _same(value: _T) -> _T:
    return value


def _card_texts(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _parse_cards(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def _or_none(codec: _Codec[_T]) -> _Codec[_T | None]:
    """``codec``, or null for None."""
    return _Codec(f"{codec.what} or null", lambda value: value is None or codec.fits(value),
                  lambda value: None if value is None else codec.read(value),
                  lambda value: None if value is None else codec.write(value),
                  {"oneOf": [codec.schema, {"type": "null"}]})


def _cards(most: int) -> _Codec[tuple[Card, ...]]:
    """A list of at most ``most`` cards (``["QS", "TD"]``)."""
    return _Codec(f"a list of at most {most} cards",
                  lambda value: isinstance(value, list) and len(value) <= most
                  and all(_is_card(card) for card in value),
                  _parse_cards, _card_texts,
                  {"type": "array", "items": _CARD_SCHEMA, "maxItems": most})


_SEAT: _Codec[Seat] = _Codec("a seat", _is_seat, _seat_of, _seat_key, _SEAT_SCHEMA)
_WHOLE: _Codec[int] = _Codec("a whole number", _is_whole, _same, _same, {"type": "integer"})
_CARD: _Codec[Card] = _Codec("a card", _is_card, Card.parse, str, _CARD_SCHEMA)
_FOUR_WHOLES: _Codec[tuple[int, ...]] = _Codec(
    "four whole numbers", lambda value: isinstance(value, list) and len(value) == 4
    and all(_is_whole(number) for number in value), tuple, list,
    {"type": "array", "items": {"type": "integer"}, "minItems": 4, "maxItems": 4})
"""Each seat's points, South first."""
_TEXT: _Codec[str] = _Codec("a string", lambda value: isinstance(value, str), _same, _same,
                            {"type": "string"})
_NAME = _or_none(_TEXT)
_NAME_OR_EMPTY: _Codec[str] = _Codec("a string or null", _NAME.fits,
                                      lambda value: value or "", _same, _NAME.schema)
"""A person's name that reads as "" when it is missing or null."""


@dataclass(frozen=True, slots=True)
class _Field:
    """One field of a happening on the wire: its JSON ``key``, the codec of its
    value, the attribute it is (``key`` when empty), and what the table sends,
    when it is narrower than what is read (``sent``: added to the codec's schema,
    as a trick's number from 1 to 13)."""

    key: str
    codec: _Codec[Any]
    attr: str = ""
    sent: Mapping[str, Any] | None = None

    @property
    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the value the table writes."""
        return {**self.codec.schema, **(self.sent or {})}


class _Form:
    """One kind of happening on the wire: its ``kind``, its fields in the order
    written (the class's own order), and what makes the value from them, in that
    order (its class when None)."""

    __slots__ = ("kind", "make", "properties", "readers", "writers")

    def __init__(self, kind: str, fields: tuple[_Field, ...],
                 make: Callable[..., Happening] | None = None) -> None:
        self.kind = kind
        self.make = make
        self.writers = tuple((field.key, field.attr or field.key, field.codec.write)
                             for field in fields)
        """Each field's key, attribute and writer, unpacked (a state message
        writes the hand so far: this is the cheapest loop)."""
        self.readers = tuple((field.key, field.codec.fits, field.codec.read,
                              field.codec.what) for field in fields)
        """Each field's key, check, reader and what it must be, unpacked."""
        self.properties = {field.key: field.schema for field in fields}
        """Each field's JSON Schema, by its key."""


_BY = _Field("seat", _SEAT)
_NAMED = (_BY, _Field("name", _NAME))

_HAND = _Field("hand", _WHOLE, sent={"minimum": 1})
_THREE = _Field("cards", _cards(3), sent={"minItems": 3})

_FORMS: dict[type[Any], _Form] = {
    Dealt: _Form("dealt", (_HAND,)),
    Passed: _Form("passed", (_BY, _Field("to", _SEAT))),
    PassedCards: _Form("passed-cards", (_BY, _Field("to", _SEAT), _THREE)),
    Received: _Form("received", (_BY, _Field("from", _SEAT, "giver"), _THREE)),
    PassTakenBack: _Form("pass-taken-back", (_BY,)),
    Played: _Form("played", (_BY, _Field("card", _CARD)), played),
    HeartsBroken: _Form("hearts-broken", (_BY,)),
    TrickTaken: _Form("trick-taken", (_BY, _Field("trick", _WHOLE,
                                                  sent={"minimum": 1, "maximum": 13}),
                                      _Field("points", _WHOLE))),
    TakenBack: _Form("taken-back", (_BY, _Field("count", _WHOLE,
                                                sent={"minimum": 1, "maximum": 52}))),
    HandEnded: _Form("hand-ended", (_HAND,
                                    _Field("points", _FOUR_WHOLES),
                                    _Field("shooter", _or_none(_SEAT)))),
    SatDown: _Form("sat-down", (_BY, _Field("name", _NAME_OR_EMPTY))),
    Dropped: _Form("dropped", _NAMED),
    CameBack: _Form("came-back", _NAMED),
    StoodIn: _Form("stood-in", _NAMED),
    Left: _Form("left", _NAMED),
    Freed: _Form("freed", _NAMED),
    ComputerSeated: _Form("computer-seated", _NAMED),
}
"""Each kind of happening's wire form, by its class: the one place it is declared."""

KINDS: dict[type[Any], str] = {cls: form.kind for cls, form in _FORMS.items()}
"""Each happening's ``kind`` on the wire."""

_READERS: dict[str, tuple[_Form, Callable[..., Happening]]] = {
    form.kind: (form, form.make or cls) for cls, form in _FORMS.items()}
"""Each ``kind``'s form and what makes its value."""


def json_schema() -> dict[str, Any]:
    """The JSON Schema of one numbered happening as the table writes it, from each
    kind's form (kinds with the same fields share one alternative), with what a
    seat and a card are in its ``$defs``: docs/schema/happening.json, written by
    ``python -m hearts.net.wire.schema``."""
    shared: dict[str, tuple[list[str], dict[str, Any]]] = {}
    for form in _FORMS.values():
        same = shared.setdefault(json.dumps(form.properties), ([], form.properties))
        same[0].append(form.kind)
    return {
        "type": "object", "required": ["n", "kind"],
        "properties": {"n": {"type": "integer", "minimum": 1}},
        "oneOf": [{"additionalProperties": False, "required": list(properties),
                   "properties": {"n": {}, "kind": {"const": kinds[0]} if len(kinds) == 1
                                  else {"enum": kinds}, **properties}}
                  for kinds, properties in shared.values()],
        "$defs": _DEFS,
    }


def happening_json(happening: Happening) -> dict[str, Any]:
    """``happening`` as a JSON object: its ``kind`` and its fields (seats and cards
    written as in the messages: ``"west"``, ``"QS"``)."""
    form = _FORMS[type(happening)]
    data: dict[str, Any] = {"kind": form.kind}
    for key, attr, write in form.writers:
        data[key] = write(getattr(happening, attr))
    return data


def numbered_json(number: int, happening: Happening) -> dict[str, Any]:
    """``happening`` with its number in the table's log, as sent: ``{"n": number, ...}``."""
    return {"n": number, **happening_json(happening)}


def read_happening(data: object) -> tuple[int, Happening] | None:
    """A numbered happening read from its JSON (:func:`numbered_json`): its number
    and the value; None for a kind this program does not know (a newer server's);
    ``ValueError`` naming the field when it cannot be read."""
    if not isinstance(data, dict):
        raise ValueError("a happening must be a JSON object")
    number = data.get("n")
    if not _is_whole(number):
        raise ValueError("a happening's 'n' must be a whole number")
    kind = data.get("kind")
    found = _READERS.get(kind) if isinstance(kind, str) else None
    if found is None:
        return None
    form, make = found
    values = []
    for key, fits, read, what in form.readers:
        value = data.get(key)
        if not fits(value):
            raise ValueError(f"a happening's {key!r} must be {what}")
        values.append(read(value))
    return number, make(*values)


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
