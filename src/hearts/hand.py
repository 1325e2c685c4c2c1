"""One deal: passing, thirteen tricks and the scoring, with a replayable record."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any, NamedTuple

from hearts import core
from hearts.cards import Card, CardSet, Seat, Suit, cards_of_mask
from hearts.rules import IllegalMove, PassDirection, Reason, Refusal, Rules, refuse_play
from hearts.view import Phase, PlayerView, Trick

__all__ = ["Hand", "HandRecordError", "Phase", "Play", "SeatPlayer", "StandIn", "Trick",
           "read_stand_ins"]

RECORD_FORMAT = "hearts-hand"
RECORD_VERSION = 1
MAX_RECORD_NAME = 64
"""The longest person's name a hand record may hold (the network table takes 24)."""


class HandRecordError(ValueError):
    """A hand record that cannot be loaded; the message names what is wrong."""


class Play(NamedTuple):
    """What one :meth:`Hand.play` did."""

    seat: Seat
    """Who played."""
    card: Card
    """The card played."""
    trick: Trick | None
    """The trick this card finished, or None if the trick goes on."""


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
    """A decision made by another player than the seat's own (:attr:`Hand.players`),
    as a hand record names it: a computer player standing in for a person who was
    away or took too long, a level below one that failed, or a person who took the
    seat during the hand."""

    seat: Seat
    """The seat whose decision it was."""
    play: int | None
    """The index in :attr:`Hand.plays` of the card it chose; None for the pass."""
    player: str
    """The player that made it: one of our levels by name, or ``"human"``."""
    seed: int | None
    """The seed a computer player decided from (None for a person)."""
    name: str | None = None
    """The person's name, when a person made it."""

    def to_json(self) -> dict[str, Any]:
        """The stand-in's entry in a hand record."""
        out: dict[str, Any] = {"seat": self.seat.name.lower(),
                               "decision": "pass" if self.play is None else self.play,
                               "player": self.player}
        if self.seed is not None:
            out["seed"] = self.seed
        if self.name is not None:
            out["name"] = self.name
        return out


_SEATS = tuple(Seat)


def _rng(rng_or_seed: random.Random | int) -> random.Random:
    if isinstance(rng_or_seed, random.Random):
        return rng_or_seed
    return random.Random(rng_or_seed)


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


_DECK_BITS = tuple(1 << index for index in range(52))
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))


def _shuffled_deck(rng: random.Random) -> list[int]:
    """The 52 card bits in the order ``rng.shuffle`` puts 52 cards in.

    For a plain ``random.Random`` this is CPython's shuffle written out (the
    Fisher-Yates swaps with ``getrandbits`` rejection sampling, as
    ``Random._randbelow`` does), without two method calls per card; a test checks
    it against ``rng.shuffle`` so the deals stay the same.
    """
    deck = list(_DECK_BITS)
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return deck
    bits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = bits(k)
        while j >= n:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


_HEARTS = core.HEARTS
_SUIT_MASKS = core.SUIT_MASKS
_PASSING = Phase.PASSING  # a module constant: an Enum member is slow to look up
_SUIT_SETS = tuple(frozenset(suit for suit in Suit if mask >> suit & 1) for mask in range(16))
"""The suits of each 4-bit mask (a seat's voids), made once."""
_INDEX = attrgetter("index")
_new_tuple: Any = tuple.__new__
"""Builds a NamedTuple from a tuple of its fields without the Python-level
``__new__`` (``Play`` and ``Trick`` are made on every card played)."""


def _deal_masks(hands: Sequence[Iterable[Card | str]]) -> list[int]:
    """Four hands of 13 different cards as masks; ``ValueError`` says what is wrong."""
    if len(hands) != 4:
        raise ValueError(f"a deal needs 4 hands, not {len(hands)}")
    masks = []
    seen = 0
    for seat, cards in zip(Seat, hands, strict=True):
        mask = 0
        for card in map(_as_card, cards):
            if seen & card.bit:
                raise ValueError(f"the {card.long_name} is dealt twice")
            seen |= card.bit
            mask |= card.bit
        if mask.bit_count() != 13:
            raise ValueError(f"{seat} is dealt {mask.bit_count()} cards, not 13")
        masks.append(mask)
    return masks


class Hand:
    """One hand of Hearts from the deal to the last trick.

    Drive it with :meth:`pass_cards` while :attr:`phase` is ``PASSING`` and
    :meth:`play` while it is ``PLAYING``. Every refusal raises
    :class:`IllegalMove` with the reason and leaves the hand unchanged.
    """

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Iterable[Card | str]],
        dealer: Seat = Seat.SOUTH,
        pass_direction: PassDirection = PassDirection.LEFT,
        scores: Sequence[int] = (0, 0, 0, 0),
    ) -> None:
        self._setup(rules, _deal_masks(hands), dealer, pass_direction, scores)

    def _setup(self, rules: Rules, masks: list[int], dealer: Seat,
               pass_direction: PassDirection, scores: Sequence[int]) -> None:
        if len(scores) != 4:
            raise ValueError("scores needs one total for each of the 4 seats")
        self.rules: Rules = rules
        """The rules of this hand."""
        self.dealer: Seat = Seat(dealer)
        """The dealer; the next seat leads unless the 2 of clubs rule is on."""
        self.pass_direction: PassDirection = pass_direction
        """Where this hand's passes go."""
        self.scores: tuple[int, ...] = tuple(scores)
        """Match totals before this hand (shown in every view)."""
        self._dealt = tuple(masks)
        self._hands = masks
        self._passes: dict[Seat, tuple[Card, ...]] = {}
        self._received: list[int] = [0, 0, 0, 0]
        self._taken = [0, 0, 0, 0]
        self._voids = [0, 0, 0, 0]
        self._played = 0
        self._plays: list[Card] = []
        self._trick: list[Card] = []
        self._tricks: list[Trick] = []
        self._broken = False
        self._leader: int | None = None
        self._turn: int | None = None
        self._legal = 0  # the legal plays of the seat to play (none: 0), kept current
        self._final: tuple[int, ...] | None = None
        self._scoring = rules.scoring.value
        self._rule_flags = (rules.first_lead, rules.leading_hearts, rules.first_trick)
        self._plain_follow = not rules.first_trick  # following suit needs no other rule
        self.seed: int | None = None
        """The seed the cards were dealt from (:meth:`deal` with a whole number),
        so anyone can deal them again; None when unknown."""
        self.players: tuple[SeatPlayer, ...] | None = None
        """Who sits in each seat, in seat order, if the caller says (for records)."""
        self.stand_ins: list[StandIn] = []
        """Decisions made by another player than the seat's own, in the order made."""
        self.assisted: set[Seat] = set()
        """The seats whose people had help (a hint or an undo) in this hand."""
        self.phase: Phase = Phase.PASSING
        """Passing, playing or over."""
        if pass_direction is PassDirection.NONE:
            self._start_play()

    @classmethod
    def deal(
        cls,
        rules: Rules,
        rng_or_seed: random.Random | int,
        dealer: Seat = Seat.SOUTH,
        pass_direction: PassDirection = PassDirection.LEFT,
        scores: Sequence[int] = (0, 0, 0, 0),
    ) -> Hand:
        """A hand dealt at random from a seed or a ``random.Random``.

        Dealt from a whole-number seed, the hand remembers it (:attr:`seed`) and its
        record carries it, so the deal can be checked by dealing it again.
        """
        deck = _shuffled_deck(_rng(rng_or_seed))
        hand = cls.__new__(cls)
        hand._setup(rules, [sum(deck[seat::4]) for seat in range(4)], dealer, pass_direction,
                    scores)
        if not isinstance(rng_or_seed, random.Random):
            hand.seed = rng_or_seed
        return hand

    # --- what anyone may ask ---------------------------------------------

    @property
    def turn(self) -> Seat | None:
        """The seat to play, or None unless the phase is ``PLAYING``."""
        return None if self._turn is None else _SEATS[self._turn]

    @property
    def leader(self) -> Seat | None:
        """The seat that leads (or led) the current trick."""
        return None if self._leader is None else _SEATS[self._leader]

    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The current trick so far as ``(seat, card)`` pairs."""
        assert self._leader is not None or not self._trick
        leader = self._leader or 0
        return tuple((_SEATS[(leader + i) & 3], card) for i, card in enumerate(self._trick))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks in order."""
        return tuple(self._tricks)

    @property
    def plays(self) -> tuple[Card, ...]:
        """Every card played, in order."""
        return tuple(self._plays)

    @property
    def hearts_broken(self) -> bool:
        """True once a heart has been played."""
        return self._broken

    @property
    def points(self) -> tuple[int, ...]:
        """Points each seat has taken; final, moon included, once the hand is over."""
        if self._final is not None:
            return self._final
        return tuple(core.mask_points(t, self._scoring, self.rules.jack_of_diamonds)
                     for t in self._taken)

    @property
    def shooter(self) -> Seat | None:
        """The seat that shot the moon, once the hand is over and someone did."""
        if self._final is None:
            return None
        for seat, taken in enumerate(self._taken):
            if taken & core.POINT_CARDS == core.POINT_CARDS:
                return Seat(seat)
        return None

    def holding(self, seat: Seat) -> list[Card]:
        """The cards ``seat`` holds now, sorted."""
        return cards_of_mask(self._hands[seat])

    def dealt(self, seat: Seat) -> list[Card]:
        """The thirteen cards ``seat`` was dealt, sorted."""
        return cards_of_mask(self._dealt[seat])

    def taken(self, seat: Seat) -> CardSet:
        """The cards in the tricks ``seat`` has won."""
        return CardSet(self._taken[seat])

    def passed(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` passed (empty until it has)."""
        return self._passes.get(seat, ())

    def received(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` received (empty until the exchange)."""
        return tuple(cards_of_mask(self._received[seat]))

    def legal_plays(self) -> list[Card]:
        """The cards the seat to play may play, sorted; empty unless playing."""
        return cards_of_mask(self._legal)

    def view(self, seat: Seat) -> PlayerView:
        """What ``seat`` may know of this hand."""
        seat = _SEATS[seat]
        trick = self.trick
        return PlayerView(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            pass_direction=self.pass_direction,
            dealer=self.dealer,
            hand=tuple(cards_of_mask(self._hands[seat])),
            passed=self.passed(seat),
            received=self.received(seat),
            trick=trick,
            leader=self.leader,
            turn=self.turn,
            tricks=self.tricks,
            played=CardSet(self._played),
            points_taken=self.points,
            scores=self.scores,
            cards_held=tuple(h.bit_count() for h in self._hands),
            voids=tuple(_SUIT_SETS[v] for v in self._voids),
            hearts_broken=self._broken,
            legal=tuple(self.legal_plays()) if self._turn == seat else (),
        )

    # --- passing -----------------------------------------------------------

    def refuse_pass(self, seat: Seat, cards: Iterable[Card | str]) -> Refusal | None:
        """Why ``seat`` may not pass ``cards`` now, as data, or None if it may."""
        if self.phase is not _PASSING:
            return Refusal(Reason.NOT_PASSING)
        if seat in self._passes:
            return Refusal(Reason.ALREADY_PASSED, seat=Seat(seat))
        chosen = [card if card.__class__ is Card else _as_card(card) for card in cards]
        mask = 0
        for card in chosen:
            mask |= card.bit
        if len(chosen) != 3 or mask.bit_count() != 3:
            return Refusal(Reason.THREE_CARDS)
        held = self._hands[seat]
        if mask & held != mask:
            missing = next(card for card in chosen if not held & card.bit)
            return Refusal(Reason.NOT_IN_HAND, card=missing)
        if mask & self._unpassable:
            return Refusal(Reason.QUEEN_PASSED)
        return None

    @property
    def _unpassable(self) -> int:
        """The cards the rules never let a seat pass, as a mask: the queen of spades,
        unless the rules let it be passed."""
        return 0 if self.rules.pass_queen else core.QUEEN_OF_SPADES

    def passable(self, seat: Seat) -> list[Card]:
        """The cards ``seat`` may choose to pass now, sorted (none once it passed, or
        when cards are not being passed)."""
        if self.phase is not _PASSING or seat in self._passes:
            return []
        return cards_of_mask(self._hands[seat] & ~self._unpassable)

    def pass_refusal(self, seat: Seat, cards: Iterable[Card | str]) -> str | None:
        """Why ``seat`` may not pass ``cards`` now, in words, or None if it may."""
        refusal = self.refuse_pass(seat, cards)
        return None if refusal is None else str(refusal)

    def pass_cards(self, seat: Seat, cards: Iterable[Card | str]) -> None:
        """Choose ``seat``'s three cards to pass; the exchange follows the fourth seat's."""
        chosen = tuple(sorted([card if card.__class__ is Card else _as_card(card)
                               for card in cards], key=_INDEX))
        reason = self.pass_refusal(seat, chosen)
        if reason:
            raise IllegalMove(reason)
        self._passes[_SEATS[seat]] = chosen
        if len(self._passes) == 4:
            self._exchange()

    def _exchange(self) -> None:
        steps = self.pass_direction.value
        for seat, cards in self._passes.items():
            mask = cards[0].bit | cards[1].bit | cards[2].bit
            self._hands[seat] &= ~mask
            self._received[(seat + steps) & 3] = mask
        for index in range(4):
            self._hands[index] |= self._received[index]
        self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAYING
        if self.rules.first_lead:
            leader = next(s for s in range(4) if self._hands[s] & core.TWO_OF_CLUBS)
        else:
            leader = (self.dealer + 1) & 3
        self._leader = self._turn = leader
        self._legal = core.legal_mask(self._hands[leader], -1, True, False, *self._rule_flags)

    # --- playing -----------------------------------------------------------

    def refuse_play(self, card: Card | str) -> Refusal | None:
        """Why the seat to play may not play ``card`` now, as data, or None if it may."""
        if self._turn is None:
            return Refusal(Reason.HAND_OVER if self.phase is Phase.OVER else Reason.PASSING)
        card = _as_card(card)
        if self._legal & card.bit:
            return None
        return refuse_play(self.rules, self._hands[self._turn], card,
                           self._trick[0].suit if self._trick else -1,
                           not self._tricks, self._broken)

    def play_refusal(self, card: Card | str) -> str | None:
        """Why the seat to play may not play ``card`` now, in words, or None if it may."""
        refusal = self.refuse_play(card)
        return None if refusal is None else str(refusal)

    def play(self, card: Card | str, seat: Seat | None = None) -> Play:
        """Play ``card`` for the seat whose turn it is.

        Pass ``seat`` to have the engine check it is that seat's turn.
        """
        if card.__class__ is not Card:
            card = _as_card(card)
        turn = self._turn
        if seat is not None and turn is not None and seat != turn:
            raise IllegalMove(f"Not your turn: it is {Seat(turn)}'s turn to play")
        bit = card.bit
        if turn is None or not self._legal & bit:
            raise IllegalMove(self.play_refusal(card) or "That card may not be played")
        self._hands[turn] ^= bit
        self._played |= bit
        self._plays.append(card)
        trick = self._trick
        if trick:
            led = trick[0].index // 13
            if card.index // 13 != led:
                self._voids[turn] |= 1 << led
        else:
            led = card.index // 13
        trick.append(card)
        if bit & _HEARTS:
            self._broken = True
        if len(trick) < 4:
            # The next seat's legal plays now: every play needs them, asked or not.
            following = self._turn = (turn + 1) & 3
            held = self._hands[following]
            if self._plain_follow or self._tricks:
                # Only following suit applies: core.legal_mask's first step, inlined for
                # speed (the property tests check it against the rules oracle).
                self._legal = held & _SUIT_MASKS[led] or held
            else:
                self._legal = core.legal_mask(held, led, True, self._broken, *self._rule_flags)
            play: Play = _new_tuple(Play, (_SEATS[turn], card, None))
            return play
        leader = self._leader
        assert leader is not None
        first, second, third, fourth = trick
        winner = (leader + core.trick_winner(
            (first.index, second.index, third.index, fourth.index))) & 3
        finished = _new_tuple(Trick, (_SEATS[leader], (first, second, third, fourth),
                                      _SEATS[winner]))
        self._tricks.append(finished)
        self._taken[winner] |= first.bit | second.bit | third.bit | fourth.bit
        self._trick = []
        if len(self._tricks) == 13:
            self._leader = self._turn = None
            self._legal = 0
            self._final = core.final_points(self._taken, self._scoring,
                                            self.rules.jack_of_diamonds)
            self.phase = Phase.OVER
        else:
            self._leader = self._turn = winner
            self._legal = core.legal_mask(self._hands[winner], -1, False, self._broken,
                                          *self._rule_flags)
        play = _new_tuple(Play, (_SEATS[turn], card, finished))
        return play

    def decider(self, seat: Seat, play: int | None) -> SeatPlayer | None:
        """Who made ``seat``'s pass (``play`` None) or the card at index ``play`` of
        :attr:`plays`: the player recorded apart for that decision, else the seat's
        own (None when the hand does not say who sat where)."""
        for stand_in in reversed(self.stand_ins):
            if stand_in.seat == seat and stand_in.play == play:
                return SeatPlayer(stand_in.player, stand_in.seed, None, stand_in.name)
        return None if self.players is None else self.players[seat]

    # --- taking back ------------------------------------------------------------

    def pop(self) -> Card:
        """Take back the last card played and return it (the move stack's ``pop``):
        the hand stands as it did before that card, its record too. Raises
        :class:`IllegalMove` when no card has been played."""
        if not self._plays:
            raise IllegalMove("No card has been played in this hand")
        card = self._plays[-1]
        self._replay(dict(self._passes), self._plays[:-1])
        return card

    def take_back_pass(self, seat: Seat) -> tuple[Card, ...]:
        """Take back ``seat``'s pass before the exchange and return its cards; raises
        :class:`IllegalMove` when it has none to take back."""
        if self.phase is not _PASSING or seat not in self._passes:
            raise IllegalMove("There is no pass to take back")
        passes = dict(self._passes)
        cards = passes.pop(Seat(seat))
        self._replay(passes, [])
        return cards

    def _replay(self, passes: dict[Seat, tuple[Card, ...]], plays: list[Card]) -> None:
        """Stand as dealt, then make ``passes`` and ``plays`` again (what the hand
        keeps beside its cards stays; decisions past the last play are forgotten)."""
        kept = (self.seed, self.players, self.assisted,
                [s for s in self.stand_ins if s.play is None or s.play < len(plays)])
        self._setup(self.rules, list(self._dealt), self.dealer, self.pass_direction,
                    self.scores)
        self.seed, self.players, self.assisted, self.stand_ins = kept
        self.stand_ins = [s for s in self.stand_ins if s.play is not None or s.seat in passes]
        for seat, cards in passes.items():
            self.pass_cards(seat, cards)
        for card in plays:
            self.play(card)

    # --- records -------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The hand as JSON-ready data (rules, deal, passes, plays, and the seed and
        the seats' players when known); replay it with :meth:`from_record`."""
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": self.rules.to_json(),
            "dealer": self.dealer.name.lower(),
            "pass_direction": self.pass_direction.name.lower(),
            "scores": list(self.scores),
            "deal": {seat.name.lower(): [str(c) for c in cards_of_mask(self._dealt[seat])]
                     for seat in Seat},
            "passes": [{"seat": seat.name.lower(), "cards": [str(c) for c in cards]}
                       for seat, cards in self._passes.items()],
            "plays": [str(card) for card in self._plays],
        }
        if self.seed is not None:
            record["seed"] = self.seed
        if self.players is not None:
            record["players"] = [{"seat": seat.name.lower(), **player.to_json()}
                                 for seat, player in zip(Seat, self.players, strict=True)]
        if self.stand_ins:
            record["stand_ins"] = [stand_in.to_json() for stand_in in self.stand_ins]
        if self.assisted:
            record["assisted"] = [seat.name.lower() for seat in sorted(self.assisted)]
        return record

    def to_json(self) -> str:
        """The record as a JSON string."""
        return json.dumps(self.record())

    @classmethod
    def from_record(cls, record: dict[str, Any] | str) -> Hand:
        """Replay a record from :meth:`record` or :meth:`to_json`.

        Raises :class:`HandRecordError` naming the first thing that is wrong.
        """
        if isinstance(record, str):
            try:
                record = json.loads(record)
            except json.JSONDecodeError as error:
                raise HandRecordError(f"hand record is not JSON: {error}") from None
        if not isinstance(record, dict):
            raise HandRecordError("hand record must be a JSON object")
        if record.get("format") != RECORD_FORMAT or record.get("version") != RECORD_VERSION:
            raise HandRecordError(
                f"not a {RECORD_FORMAT} record of version {RECORD_VERSION}")

        def field(name: str, kind: type) -> Any:
            if name not in record:
                raise HandRecordError(f"hand record: {name} is missing")
            value = record[name]
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

        def step(where: str, action: Any, *args: Any) -> None:
            try:
                action(*args)
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
            name = seat.name.lower()
            if name not in deal:
                raise HandRecordError(f"hand record: deal.{name} is missing")
            hands.append(cards(f"deal.{name}", deal[name]))
        try:
            hand = cls(rules, hands, dealer=dealer, pass_direction=direction, scores=scores)
        except ValueError as error:
            raise HandRecordError(f"hand record: deal: {error}") from None
        seed = record.get("seed")
        if seed is not None and type(seed) is not int:
            raise HandRecordError("hand record: seed must be a whole number")
        hand.seed = seed
        if "players" in record:
            hand.players = _read_players(record["players"])
        if "stand_ins" in record:
            hand.stand_ins = read_stand_ins(record["stand_ins"], len(field("plays", list)))
        if "assisted" in record:
            assisted = record["assisted"]
            if not isinstance(assisted, list) or len(assisted) > 4:
                raise HandRecordError("hand record: assisted must list seats")
            try:
                hand.assisted = {Seat.parse(str(seat)) for seat in assisted}
            except ValueError as error:
                raise HandRecordError(f"hand record: assisted: {error}") from None
        for number, entry in enumerate(field("passes", list)):
            where = f"passes[{number}]"
            if not isinstance(entry, dict) or not isinstance(entry.get("seat"), str):
                raise HandRecordError(f"hand record: {where} must have a seat and cards")
            try:
                seat = Seat.parse(entry["seat"])
            except ValueError as error:
                raise HandRecordError(f"hand record: {where}: {error}") from None
            step(where, hand.pass_cards, seat, cards(f"{where}.cards", entry.get("cards")))
        for number, text in enumerate(field("plays", list)):
            where = f"plays[{number}]"
            if not isinstance(text, str):
                raise HandRecordError(f"hand record: {where} must be a card")
            step(where, hand.play, text)
        return hand

    def __repr__(self) -> str:
        return (f"<Hand {self.phase.value} dealer={self.dealer} "
                f"trick={len(self._tricks)} turn={self.turn}>")


def _read_players(value: object) -> tuple[SeatPlayer, ...]:
    """The ``players`` field of a hand record: one entry a seat, in seat order."""
    if not isinstance(value, list) or len(value) != 4:
        raise HandRecordError("hand record: players must list the 4 seats")
    out = []
    for seat, entry in zip(Seat, value, strict=True):
        where = f"players[{int(seat)}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("player"), str):
            raise HandRecordError(f"hand record: {where} must name a player")
        if entry.get("seat", seat.name.lower()) != seat.name.lower():
            raise HandRecordError(f"hand record: {where} must be {seat.name.lower()}")
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
