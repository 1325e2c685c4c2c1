"""One deal: passing, thirteen tricks and the scoring, with a replayable record."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any, NamedTuple

from hearts import core
from hearts.cards import Card, CardSet, Seat, Suit, cards_of_mask
from hearts.hand_record import (
    MAX_RECORD_NAME,
    RECORD_FORMAT,
    RECORD_VERSION,
    DuplicatePlace,
    HandRecord,
    HandRecordError,
    Passed,
    SeatPlayer,
    StandIn,
    deal_masks,
    read_stand_ins,
)
from hearts.rules import IllegalMove, PassDirection, Reason, Refusal, Rules, refuse_play
from hearts.view import Phase, PlayerView, Trick

__all__ = ["MAX_RECORD_NAME", "RECORD_FORMAT", "RECORD_VERSION", "DuplicatePlace", "Hand",
           "HandRecord", "HandRecordError", "Passed", "Phase", "Play",
           "SeatPlayer", "StandIn", "Trick", "read_stand_ins"]


class Play(NamedTuple):
    """What one :meth:`Hand.play` did."""

    seat: Seat
    """Who played."""
    card: Card
    """The card played."""
    trick: Trick | None
    """The trick this card finished, or None if the trick goes on."""


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
        self._setup(rules, deal_masks(hands), dealer, pass_direction, scores)

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
        """The finished tricks while the hand is played (emptied at its end)."""
        self._first_leader = 0
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
        self.duplicate: DuplicatePlace | None = None
        """Which deal and round of a duplicate evening this hand is, if it is one."""
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
        if self.phase is Phase.OVER:
            return self._tricks_from_plays()
        return tuple(self._tricks)

    def _tricks_from_plays(self) -> tuple[Trick, ...]:
        """The tricks made again from the plays: a finished hand keeps only its
        plays (a match keeps its hands, a server a thousand matches)."""
        plays, leader, tricks = self._plays, self._first_leader, []
        for start in range(0, len(plays), 4):
            cards = (plays[start], plays[start + 1], plays[start + 2], plays[start + 3])
            winner = (leader + core.trick_winner(tuple(card.index for card in cards))) & 3
            tricks.append(_new_tuple(Trick, (_SEATS[leader], cards, _SEATS[winner])))
            leader = winner
        return tuple(tricks)

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

    def held_mask(self, seat: Seat) -> int:
        """The cards ``seat`` holds now, as a mask of :attr:`Card.bit`."""
        return self._hands[seat]

    def passes_made(self) -> int:
        """How many seats have passed their cards (all four once exchanged)."""
        return len(self._passes)

    def played_mask(self) -> int:
        """Every card played so far, as a mask of :attr:`Card.bit`."""
        return self._played

    def voids(self, seat: Seat) -> frozenset[Suit]:
        """The suits ``seat`` has shown it holds none of (by not following)."""
        return _SUIT_SETS[self._voids[seat]]

    def received_mask(self, seat: Seat) -> int:
        """The cards ``seat`` received, as a mask (0 until the exchange)."""
        return self._received[seat]

    def legal_mask(self) -> int:
        """The cards the seat to play may play, as a mask (0 unless playing)."""
        return self._legal

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
        self._leader = self._turn = self._first_leader = leader
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
            self._tricks.clear()  # (made again from the plays when asked)
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
        duplicate = self.duplicate
        self._setup(self.rules, list(self._dealt), self.dealer, self.pass_direction,
                    self.scores)
        self.seed, self.players, self.assisted, self.stand_ins = kept
        self.duplicate = duplicate
        self.stand_ins = [s for s in self.stand_ins if s.play is not None or s.seat in passes]
        for seat, cards in passes.items():
            self.pass_cards(seat, cards)
        for card in plays:
            self.play(card)

    # --- records -------------------------------------------------------------

    def to_record(self) -> HandRecord:
        """The hand's record as a typed value (rules, deal, passes, plays, and the
        seed, the seats' players, the stand-ins and who had help when known);
        replay it with :meth:`from_record`."""
        players = self.players
        return HandRecord(
            self.rules, self.dealer, self.pass_direction, self.scores,
            tuple(tuple(cards_of_mask(mask)) for mask in self._dealt),
            tuple([_new_tuple(Passed, item) for item in self._passes.items()]),
            tuple(self._plays), self.seed, None if players is None else tuple(players),
            tuple(self.stand_ins), frozenset(self.assisted), self.duplicate)

    def record(self) -> dict[str, Any]:
        """The hand as JSON-ready data (:meth:`to_record`'s JSON); replay it with
        :meth:`from_record`."""
        return self.to_record().to_json()

    def to_json(self) -> str:
        """The record as a JSON string."""
        return json.dumps(self.record())

    @classmethod
    def from_record(cls, record: HandRecord | dict[str, Any] | str) -> Hand:
        """Replay a record: a :class:`HandRecord` (from :meth:`to_record` or
        :func:`read_record`), or the data of :meth:`record` or the text of
        :meth:`to_json`, read here once (the library's edge: inside the program a
        record travels typed).

        Raises :class:`HandRecordError` naming the first thing that is wrong.
        """
        if not isinstance(record, HandRecord):
            record = HandRecord.unchecked(record)
        return cls._replayed(record)

    @classmethod
    def _replayed(cls, record: HandRecord) -> Hand:
        """The hand of a typed record, replayed: its fields were checked when it was
        read, so only the moves are made; the engine refuses an illegal one
        (:class:`HandRecordError` naming it), as in a record read with
        :meth:`HandRecord.unchecked` or built by hand. The deal's four masks are
        checked to hold the 52 cards (a few integer operations)."""
        masks = [0, 0, 0, 0]
        for seat, cards in zip(range(4), record.deal, strict=False):
            for card in cards:
                masks[seat] |= card.bit
        if (masks[0] | masks[1] | masks[2] | masks[3]).bit_count() != 52 \
                or any(mask.bit_count() != 13 for mask in masks):
            raise HandRecordError("hand record: deal: the four hands must hold the 52 "
                                  "cards, 13 each")
        hand = cls.__new__(cls)
        hand._setup(record.rules, masks, record.dealer, record.pass_direction,
                    record.scores)
        hand.seed, hand.players = record.seed, record.players
        hand.stand_ins, hand.assisted = list(record.stand_ins), set(record.assisted)
        hand.duplicate = record.duplicate
        # Each pass or card the engine takes is counted in it, so the one it refuses
        # (IllegalMove, with the reason) is the next.
        try:
            for passed in record.passes:
                hand.pass_cards(passed.seat, passed.cards)
        except ValueError as error:
            raise HandRecordError(f"hand record: passes[{len(hand._passes)}]: {error}") from None
        play = hand.play
        try:
            for card in record.plays:
                play(card)
        except ValueError as error:
            raise HandRecordError(f"hand record: plays[{len(hand._plays)}]: {error}") from None
        return hand

    def __repr__(self) -> str:
        return (f"<Hand {self.phase.value} dealer={self.dealer} "
                f"trick={len(self._plays) // 4} turn={self.turn}>")


def read_record(data: dict[str, Any] | str) -> HandRecord:
    """``data`` (a record's JSON data or text, as it arrives from a file, the store or
    a message) as a typed record, checked whole: its form
    (:meth:`HandRecord.unchecked`), then every pass and card played in turn by the
    engine, so a record that reads is a legal hand. This is where a record enters
    the program: past it, every function takes the :class:`HandRecord`.

    Raises :class:`HandRecordError` naming the first thing that is wrong.
    """
    record = HandRecord.unchecked(data)
    Hand._replayed(record)
    return record
