"""A hand record as one typed value, with its one JSON codec.

:class:`HandRecord` is what a hand record says (the rules, the deal, the passes
and the cards in the order made, and who sat where) as frozen, typed fields. It
is read once from its JSON (:func:`hearts.hand.read_record`, which checks
everything :meth:`hearts.hand.Hand.from_record` always checked, with the same
messages) and handed on; :meth:`HandRecord.to_json` gives the JSON back exactly
as :meth:`hearts.hand.Hand.record` writes it: the JSON is a file format, so a
key that a hand does not need is left out, as it always was.

A record cut back to an earlier moment (:meth:`HandRecord.cut`) is a new value
made from the fields: no JSON and no checking again. A record built by
:meth:`hearts.hand.Hand.to_record` or read by :func:`hearts.hand.read_record` holds
a legal hand; :meth:`hearts.hand.Hand.from_record` replays it without reading
it again.

The module does no I/O.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any, NamedTuple

from hearts.cards import SEAT_KEYS, Card, Seat, cards_of_mask
from hearts.rules import PassDirection, Rules

__all__ = ["MAX_RECORD_NAME", "RECORD_FORMAT", "RECORD_VERSION", "DuplicatePlace", "HandRecord",
           "HandRecordError", "Passed", "SeatPlayer", "StandIn", "read_stand_ins"]

RECORD_FORMAT = "hearts-hand"
"""The ``format`` of every hand record."""
RECORD_VERSION = 1
"""The ``version`` of the records this code reads and writes."""
MAX_RECORD_NAME = 64
"""The longest person's name a hand record may hold (the network table takes 24)."""

_INDEX = attrgetter("index")


class HandRecordError(ValueError):
    """A hand record that cannot be loaded; the message names what is wrong."""


class SeatPlayer(NamedTuple):
    """Who sat in one seat of a hand, as a hand record names it.

    ``player`` is ``"human"``, one of our levels by name (``"expert"``), or an
    outside player's import path or ``cmd:`` command; ``seed`` is the seed the
    computer player decided from, so ``hearts verify`` can rebuild our players'
    decisions; ``name`` is a person's name where people shared the table (a
    record without it reads as before).
    """

    player: str
    """``"human"``, a level name, or an outside player's name."""
    seed: int | None = None
    """The seed the computer player was given (None for a person)."""
    version: str | None = None
    """A version string an outside player sent, if any."""
    name: str | None = None
    """The person's name at a table people shared (None elsewhere)."""

    def to_json(self) -> dict[str, Any]:
        """The seat's entry in a hand record."""
        out: dict[str, Any] = {"player": self.player}
        if self.seed is not None:
            out["seed"] = self.seed
        if self.version is not None:
            out["version"] = self.version
        if self.name is not None:
            out["name"] = self.name
        return out


class StandIn(NamedTuple):
    """A decision made by another player than the seat's own (:attr:`HandRecord.players`),
    as a hand record names it: a computer player standing in for a person who was
    away or took too long, a level below one that failed, or a person who took the
    seat during the hand."""

    seat: Seat
    """The seat whose decision it was."""
    play: int | None
    """The index in :attr:`HandRecord.plays` of the card it chose; None for the pass."""
    player: str
    """The player that made it: one of our levels by name, or ``"human"``."""
    seed: int | None
    """The seed a computer player decided from (None for a person)."""
    name: str | None = None
    """The person's name, when a person made it."""

    def to_json(self) -> dict[str, Any]:
        """The stand-in's entry in a hand record."""
        out: dict[str, Any] = {"seat": SEAT_KEYS[self.seat],
                               "decision": "pass" if self.play is None else self.play,
                               "player": self.player}
        if self.seed is not None:
            out["seed"] = self.seed
        if self.name is not None:
            out["name"] = self.name
        return out


class DuplicatePlace(NamedTuple):
    """Where a hand of a duplicate evening (:mod:`hearts.duplicate`) stands: which
    deal of the evening it is, which round of that deal, and how far its cards
    were moved round the table from the deal as first dealt."""

    evening: int
    """The evening's seed: every deal's cards and computer players come from it."""
    deal: int
    """Which deal of the evening (0 = the first)."""
    round: int
    """Which round of that deal (0 = the first time it is played)."""
    rounds: int
    """How many times each deal is played."""
    shift: int
    """The seat ``s`` of this hand holds the cards seat ``s + shift`` was dealt
    (0 to 3)."""

    def to_json(self) -> dict[str, Any]:
        """The place's entry in a hand record."""
        return {"evening": self.evening, "deal": self.deal, "round": self.round,
                "rounds": self.rounds, "shift": self.shift}


class Passed(NamedTuple):
    """One seat's pass in a hand record."""

    seat: Seat
    """Who passed."""
    cards: tuple[Card, ...]
    """The three cards, in card order."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as its record says it: the deal and every decision, in order.

    Read it with :func:`hearts.hand.read_record`, get it from a hand with
    :meth:`hearts.hand.Hand.to_record`, replay it with
    :meth:`hearts.hand.Hand.from_record`.
    """

    rules: Rules
    """The rules of the hand."""
    dealer: Seat
    """The dealer."""
    pass_direction: PassDirection
    """Where the passes go (``NONE``: a hold hand)."""
    scores: tuple[int, ...]
    """The match totals before this hand, in seat order."""
    deal: tuple[tuple[Card, ...], ...]
    """The four hands as dealt, in seat order, each in card order."""
    passes: tuple[Passed, ...] = ()
    """The passes, in the order they were made."""
    plays: tuple[Card, ...] = ()
    """The cards played, in order."""
    seed: int | None = None
    """The seed the cards were dealt from, when known."""
    players: tuple[SeatPlayer, ...] | None = None
    """Who sat in each seat, in seat order, when the record says."""
    stand_ins: tuple[StandIn, ...] = ()
    """Decisions another player than the seat's own made, in the order made."""
    assisted: frozenset[Seat] = frozenset()
    """The seats whose people had help (a hint or an undo)."""
    duplicate: DuplicatePlace | None = None
    """Which deal and round of a duplicate evening the hand is (None elsewhere)."""

    # --- the codec -------------------------------------------------------------

    @classmethod
    def unchecked(cls, data: object) -> HandRecord:
        """The record in ``data`` (JSON data or text) with every field read and
        checked for its form (the rules, the deal, the seats, the cards), but its
        passes and cards not yet played through: what a tool that looks into a
        record that may not be legal reads (``hearts verify`` shows where a changed
        card departs from the players' choices).
        :meth:`hearts.hand.Hand.from_record` plays them, and :func:`hearts.hand.read_record`
        does both.

        Raises :class:`HandRecordError` naming the first thing that is wrong.
        """
        return _read(data)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data, exactly as :meth:`hearts.hand.Hand.record`
        writes it (a key the hand does not need is absent)."""
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": self.rules.to_json(),
            "dealer": SEAT_KEYS[self.dealer],
            "pass_direction": self.pass_direction.name.lower(),
            "scores": list(self.scores),
            "deal": {key: [str(card) for card in cards]
                     for key, cards in zip(SEAT_KEYS, self.deal, strict=True)},
            "passes": [{"seat": SEAT_KEYS[passed.seat], "cards": [str(c) for c in passed.cards]}
                       for passed in self.passes],
            "plays": [str(card) for card in self.plays],
        }
        if self.seed is not None:
            record["seed"] = self.seed
        if self.players is not None:
            record["players"] = [{"seat": key, **player.to_json()}
                                 for key, player in zip(SEAT_KEYS, self.players, strict=True)]
        if self.stand_ins:
            record["stand_ins"] = [stand_in.to_json() for stand_in in self.stand_ins]
        if self.assisted:
            record["assisted"] = [SEAT_KEYS[seat] for seat in sorted(self.assisted)]
        if self.duplicate is not None:
            record["duplicate"] = self.duplicate.to_json()
        return record

    def to_text(self) -> str:
        """The record as JSON text (as :meth:`hearts.hand.Hand.to_json` gives it)."""
        return json.dumps(self.to_json())

    # --- reading it ------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the hand was played to its last card."""
        return len(self.plays) == 52

    def passed(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` passed (empty when the record holds no pass of its)."""
        for passed in self.passes:
            if passed.seat == seat:
                return passed.cards
        return ()

    def cut(self, plays: int, passes: bool = True) -> HandRecord:
        """The record cut back to its first ``plays`` cards (and, without ``passes``,
        to before the exchange): the hand as it stood at that moment.

        Only the stand-ins of decisions made by then stay (one past the cut would
        name a card the cut record does not hold). Nothing is read or checked
        again: a cut of a legal hand is a legal hand."""
        if not passes:
            plays = 0
        kept = tuple(stand_in for stand_in in self.stand_ins
                     if (passes if stand_in.play is None else stand_in.play < plays))
        return replace(self, passes=self.passes if passes else (), plays=self.plays[:plays],
                       stand_ins=kept)


# --- reading the JSON ---------------------------------------------------------


def deal_masks(hands: Sequence[Iterable[Card | str]]) -> list[int]:
    """Four hands of 13 different cards as masks; ``ValueError`` says what is wrong."""
    if len(hands) != 4:
        raise ValueError(f"a deal needs 4 hands, not {len(hands)}")
    masks = []
    seen = 0
    for seat, cards in zip(Seat, hands, strict=True):
        mask = 0
        for given in cards:
            card = given if isinstance(given, Card) else Card.parse(given)
            if seen & card.bit:
                raise ValueError(f"the {card.long_name} is dealt twice")
            seen |= card.bit
            mask |= card.bit
        if mask.bit_count() != 13:
            raise ValueError(f"{seat} is dealt {mask.bit_count()} cards, not 13")
        masks.append(mask)
    return masks


def _read(record: object) -> HandRecord:
    """:meth:`HandRecord.unchecked`: the fields of a JSON record, each checked for
    its form in the order the record has always been read."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as error:
            raise HandRecordError(f"hand record is not JSON: {error}") from None
    if not isinstance(record, dict):
        raise HandRecordError("hand record must be a JSON object")
    data: dict[str, Any] = record
    if data.get("format") != RECORD_FORMAT or data.get("version") != RECORD_VERSION:
        raise HandRecordError(
            f"not a {RECORD_FORMAT} record of version {RECORD_VERSION}")

    def field(name: str, kind: type) -> Any:
        if name not in data:
            raise HandRecordError(f"hand record: {name} is missing")
        value = data[name]
        if not isinstance(value, kind):
            raise HandRecordError(f"hand record: {name} must be a {kind.__name__}")
        return value

    def cards(where: str, value: object) -> list[Card]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise HandRecordError(f"hand record: {where} must be a list of cards")
        try:
            return [Card.parse(v) for v in value]
        except ValueError as error:
            raise HandRecordError(f"hand record: {where}: {error}") from None

    try:
        rules = Rules.from_json(field("rules", dict))
    except ValueError as error:
        raise HandRecordError(f"hand record: rules: {error}") from None
    # every rule must be named, but pass_queen: records from before it lack it (off)
    missing = set(Rules.__dataclass_fields__) - set(field("rules", dict)) - {"pass_queen"}
    if missing:
        raise HandRecordError(f"hand record: rules: {sorted(missing)[0]} is missing")
    try:
        dealer = Seat.parse(field("dealer", str))
    except ValueError as error:
        raise HandRecordError(f"hand record: dealer: {error}") from None
    direction_name = field("pass_direction", str)
    try:
        direction = PassDirection[direction_name.upper()]
    except KeyError:
        raise HandRecordError(
            f"hand record: pass_direction: {direction_name!r} is not left, right, "
            "across or none") from None
    scores = field("scores", list)
    if len(scores) != 4 or not all(type(s) is int for s in scores):
        raise HandRecordError("hand record: scores must be 4 whole numbers")
    deal = field("deal", dict)
    hands = []
    for seat in Seat:
        name = SEAT_KEYS[seat]
        if name not in deal:
            raise HandRecordError(f"hand record: deal.{name} is missing")
        hands.append(cards(f"deal.{name}", deal[name]))
    try:
        dealt = tuple(tuple(cards_of_mask(mask)) for mask in deal_masks(hands))
    except ValueError as error:
        raise HandRecordError(f"hand record: deal: {error}") from None
    seed = data.get("seed")
    if seed is not None and type(seed) is not int:
        raise HandRecordError("hand record: seed must be a whole number")
    players = _read_players(data["players"]) if "players" in data else None
    stand_ins = read_stand_ins(data["stand_ins"], len(field("plays", list))) \
        if "stand_ins" in data else []
    assisted: frozenset[Seat] = frozenset()
    if "assisted" in data:
        listed = data["assisted"]
        if not isinstance(listed, list) or len(listed) > 4:
            raise HandRecordError("hand record: assisted must list seats")
        try:
            assisted = frozenset(Seat.parse(str(seat)) for seat in listed)
        except ValueError as error:
            raise HandRecordError(f"hand record: assisted: {error}") from None
    passes = []
    for number, entry in enumerate(field("passes", list)):
        where = f"passes[{number}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("seat"), str):
            raise HandRecordError(f"hand record: {where} must have a seat and cards")
        try:
            passer = Seat.parse(entry["seat"])
        except ValueError as error:
            raise HandRecordError(f"hand record: {where}: {error}") from None
        chosen = cards(f"{where}.cards", entry.get("cards"))
        passes.append(Passed(passer, tuple(sorted(chosen, key=_INDEX))))
    plays = []
    for number, text in enumerate(field("plays", list)):
        if not isinstance(text, str):
            raise HandRecordError(f"hand record: plays[{number}] must be a card")
        try:
            plays.append(Card.parse(text))
        except ValueError as error:
            raise HandRecordError(f"hand record: plays[{number}]: {error}") from None
    duplicate = _read_place(data["duplicate"]) if "duplicate" in data else None
    return HandRecord(rules, dealer, direction, tuple(scores), dealt, tuple(passes),
                      tuple(plays), seed, players, tuple(stand_ins), assisted, duplicate)


def _read_place(value: object) -> DuplicatePlace:
    """The ``duplicate`` field of a hand record: its place in a duplicate evening."""
    names = DuplicatePlace._fields
    if not isinstance(value, dict) or any(type(value.get(name)) is not int for name in names):
        raise HandRecordError("hand record: duplicate must give the evening, deal, round, "
                              "rounds and shift as whole numbers")
    place = DuplicatePlace(*(value[name] for name in names))
    if not (0 <= place.deal < 1000 and 1 <= place.rounds <= 4 and 0 <= place.round < place.rounds
            and 0 <= place.shift < 4 and 0 <= place.evening < 1 << 64):
        raise HandRecordError("hand record: duplicate: its deal, round or shift is out of range")
    return place


def _read_players(value: object) -> tuple[SeatPlayer, ...]:
    """The ``players`` field of a hand record: one entry a seat, in seat order."""
    if not isinstance(value, list) or len(value) != 4:
        raise HandRecordError("hand record: players must list the 4 seats")
    out = []
    for seat, entry in zip(Seat, value, strict=True):
        where = f"players[{int(seat)}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("player"), str):
            raise HandRecordError(f"hand record: {where} must name a player")
        if entry.get("seat", SEAT_KEYS[seat]) != SEAT_KEYS[seat]:
            raise HandRecordError(f"hand record: {where} must be {SEAT_KEYS[seat]}")
        seed = entry.get("seed")
        if seed is not None and type(seed) is not int:
            raise HandRecordError(f"hand record: {where}.seed must be a whole number")
        version = entry.get("version")
        if version is not None and not isinstance(version, str):
            raise HandRecordError(f"hand record: {where}.version must be text")
        name = entry.get("name")
        if name is not None and not (isinstance(name, str) and len(name) <= MAX_RECORD_NAME):
            raise HandRecordError(f"hand record: {where}.name must be text of at most "
                                  f"{MAX_RECORD_NAME} characters")
        out.append(SeatPlayer(entry["player"], seed, version, name))
    return tuple(out)


def read_stand_ins(value: object, plays: int) -> list[StandIn]:
    """The ``stand_ins`` field of a hand record (``plays`` cards were played)."""
    if not isinstance(value, list):
        raise HandRecordError("hand record: stand_ins must be a list")
    out = []
    for number, entry in enumerate(value):
        where = f"stand_ins[{number}]"
        if not isinstance(entry, dict):
            raise HandRecordError(f"hand record: {where} must be an object")
        try:
            seat = Seat.parse(entry.get("seat", ""))
        except (ValueError, AttributeError):
            raise HandRecordError(f"hand record: {where} must name a seat") from None
        decision = entry.get("decision")
        if decision != "pass" and not (type(decision) is int and 0 <= decision < plays):
            raise HandRecordError(f"hand record: {where}.decision must be 'pass' or the "
                                  "index of a card played")
        player, seed, name = entry.get("player"), entry.get("seed"), entry.get("name")
        person = player == "human"
        if not isinstance(player, str) or (type(seed) is not int and not person) \
                or (seed is not None and type(seed) is not int):
            raise HandRecordError(f"hand record: {where} must name a player and its seed")
        if name is not None and not (isinstance(name, str) and len(name) <= MAX_RECORD_NAME):
            raise HandRecordError(f"hand record: {where}.name must be text of at most "
                                  f"{MAX_RECORD_NAME} characters")
        out.append(StandIn(seat, None if decision == "pass" else decision, player, seed, name))
    return out
