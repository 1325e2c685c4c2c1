"""The rules as data (the options page's settings) and the reasons for refusals."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum, StrEnum
from typing import Any, TypeVar

from hearts import core
from hearts.cards import Card, Seat, Suit

__all__ = ["IllegalMove", "PassDirection", "Passing", "Reason", "Refusal", "RuleSet",
           "RuleSettings", "Rules", "Scoring", "play_refusal", "refuse_play"]


class IllegalMove(ValueError):
    """A pass or play the rules refuse; the message says why, in a player's words."""


class Scoring(Enum):
    """How points are counted."""

    HOUSE = "house"
    """Queen of spades 10, ace of hearts 5, king 4, queen 3, jack 2, other hearts 1: 33."""
    CLASSIC = "classic"
    """Queen of spades 13, every heart 1: 26."""

    @property
    def hand_value(self) -> int:
        """The positive points in one hand."""
        return core.hand_value(self.value)


class Passing(Enum):
    """Which way the cards are passed over a match."""

    LEFT = "left"
    """Pass left every hand."""
    ROTATE = "rotate"
    """Left, right, across, then left again; there is no hold hand."""
    ROTATE_HOLD = "rotate-hold"
    """Left, right, across, then a hold hand (no passing), then left again."""


class PassDirection(Enum):
    """Where one hand's passed cards go."""

    LEFT = 1
    """To the next seat in play order."""
    RIGHT = 3
    """To the previous seat in play order."""
    ACROSS = 2
    """To the seat opposite."""
    NONE = 0
    """No passing: the hold hand of :attr:`Passing.ROTATE_HOLD` (any hand may be
    dealt so)."""

    def target(self, seat: Seat) -> Seat:
        """The seat that receives ``seat``'s passed cards."""
        return seat.offset(self.value)

    def source(self, seat: Seat) -> Seat:
        """The seat whose passed cards ``seat`` receives."""
        return seat.offset(-self.value)

    def __str__(self) -> str:
        return self.name.lower()


_ROTATION = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS)


@dataclass(frozen=True, slots=True)
class RuleSettings:
    """The rules' settings as plain fields, declared here once: :class:`Rules` checks
    and applies them, and the saved options (:class:`hearts.options.Options`) hold
    them beside the game's own settings."""

    scoring: Scoring = Scoring.HOUSE
    """House (33 points a hand) or classic (26)."""
    jack_of_diamonds: bool = False
    """The Omnibus variant: the jack of diamonds is worth -10 to whoever takes it."""
    first_lead: bool = False
    """The holder of the 2 of clubs must lead it; otherwise the seat after the
    dealer leads any card."""
    leading_hearts: bool = False
    """No heart may be led until a heart has been played, unless nothing else is held."""
    first_trick: bool = False
    """No heart and not the queen of spades on the first trick unless there is no
    alternative (the jack of diamonds is not a points card here)."""
    passing: Passing = Passing.LEFT
    """Pass left every hand, rotate left, right, across, or rotate left, right,
    across and hold."""
    target: int = 100
    """The match ends when a total reaches this: any positive whole number (the
    options page takes 10 to 1000)."""
    pass_queen: bool = False
    """The queen of spades may be passed (as in Windows Hearts); otherwise it may
    never be, as in the original game. Last of the fields, and written in the
    rules' JSON only when on, so that rules, records and results from before it
    was added read and name the same (a missing ``pass_queen`` is off)."""


@dataclass(frozen=True, slots=True)
class Rules(RuleSettings):
    """The rules of a hand and a match (the fields of :class:`RuleSettings`, checked);
    field names follow the options page."""

    def __post_init__(self) -> None:
        if not isinstance(self.scoring, Scoring):
            raise ValueError(f"scoring must be a Scoring, not {self.scoring!r}")
        if not isinstance(self.passing, Passing):
            raise ValueError(f"passing must be a Passing, not {self.passing!r}")
        for name in ("jack_of_diamonds", "first_lead", "leading_hearts", "first_trick",
                     "pass_queen"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if type(self.target) is not int or self.target < 1:
            raise ValueError(f"target must be a positive whole number, not {self.target!r}")

    def pass_direction(self, hand_number: int) -> PassDirection:
        """The pass direction of the hand ``hand_number`` (0 = the first of a match)."""
        if self.passing is Passing.LEFT:
            return PassDirection.LEFT
        if self.passing is Passing.ROTATE:
            return _ROTATION[hand_number % 3]
        return (*_ROTATION, PassDirection.NONE)[hand_number % 4]

    def card_points(self, card: Card) -> int:
        """What one card is worth to whoever takes it (before any moon)."""
        return core.mask_points(card.bit, self.scoring.value, self.jack_of_diamonds)

    def to_json(self) -> dict[str, Any]:
        """The rules as plain JSON values; ``pass_queen`` only when it is on (see
        :attr:`RuleSettings.pass_queen`)."""
        data: dict[str, Any] = {
            "scoring": self.scoring.value, "jack_of_diamonds": self.jack_of_diamonds,
            "first_lead": self.first_lead, "leading_hearts": self.leading_hearts,
            "first_trick": self.first_trick, "passing": self.passing.value,
            "target": self.target}
        if self.pass_queen:
            data["pass_queen"] = True
        return data

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Rules from :meth:`to_json`'s form; a clear ``ValueError`` for anything else."""
        if not isinstance(data, dict):
            raise ValueError("rules must be a JSON object")
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown rule {sorted(unknown)[0]!r}")
        values = dict(data)
        try:
            if "scoring" in values:
                values["scoring"] = Scoring(values["scoring"])
            if "passing" in values:
                values["passing"] = Passing(values["passing"])
        except ValueError as error:
            raise ValueError(f"bad rules: {error}") from None
        return cls(**values)


_Settings = TypeVar("_Settings", bound=RuleSettings)


class RuleSet(Enum):
    """The rule sets by name. Each sets every rule but the target (how long a
    match runs is a choice of its own); :meth:`of` names the set some rules follow."""

    ORIGINAL = "original"
    """The original game's defaults: house scoring, passing left every hand, no
    restriction on the first lead, on leading hearts or on the first trick, and
    the queen of spades never passed."""
    CLASSIC = "classic"
    """As most players know the game (Windows Hearts and most sites): the 2 of
    clubs leads, no points on the first trick, hearts not led until broken,
    passing left, right, across and a hold hand, the queen of spades may be
    passed, classic scoring (26 a hand)."""
    OMNIBUS = "omnibus"
    """Classic with the jack of diamonds worth -10 to whoever takes it."""

    @property
    def settings(self) -> dict[str, Any]:
        """The rules this set chooses, by field name (every field but ``target``)."""
        if self is RuleSet.ORIGINAL:
            return {"scoring": Scoring.HOUSE, "jack_of_diamonds": False, "first_lead": False,
                    "leading_hearts": False, "first_trick": False, "passing": Passing.LEFT,
                    "pass_queen": False}
        return {"scoring": Scoring.CLASSIC, "jack_of_diamonds": self is RuleSet.OMNIBUS,
                "first_lead": True, "leading_hearts": True, "first_trick": True,
                "passing": Passing.ROTATE_HOLD, "pass_queen": True}

    def rules(self, target: int = 100) -> Rules:
        """This set's rules, played to ``target``."""
        return Rules(**self.settings, target=target)

    def apply(self, settings: _Settings) -> _Settings:
        """``settings`` (a :class:`Rules`, or anything else holding the rules'
        fields, such as the saved options) with this set's rules; the target and
        any other field are kept."""
        return replace(settings, **self.settings)

    @classmethod
    def of(cls, settings: RuleSettings) -> RuleSet | None:
        """The set whose rules ``settings`` hold (whatever the target), or None."""
        for rule_set in cls:
            if all(getattr(settings, name) == value
                   for name, value in rule_set.settings.items()):
                return rule_set
        return None

    def __str__(self) -> str:
        return self.value.capitalize()


class Reason(StrEnum):
    """Why the rules refuse a pass or a play (the kind of :class:`Refusal`)."""

    NOT_IN_HAND = "not-in-hand"
    """The card is not in the hand (:attr:`Refusal.card`)."""
    MUST_FOLLOW = "must-follow"
    """The suit led must be followed (:attr:`Refusal.suit`)."""
    FIRST_LEAD = "first-lead"
    """The first lead must be the 2 of clubs."""
    FIRST_TRICK = "first-trick"
    """No points may be played to the first trick."""
    HEARTS_NOT_BROKEN = "hearts-not-broken"
    """No heart may be led before one has been played."""
    HAND_OVER = "hand-over"
    """The hand is over."""
    PASSING = "passing"
    """Cards are being passed, not played."""
    NOT_PASSING = "not-passing"
    """Cards are not being passed now."""
    ALREADY_PASSED = "already-passed"
    """The seat has passed already (:attr:`Refusal.seat`)."""
    THREE_CARDS = "three-cards"
    """A pass is exactly three cards."""
    QUEEN_PASSED = "queen-passed"
    """The queen of spades may not be passed (under these rules)."""
    NOT_YOUR_TURN = "not-your-turn"
    """Another seat is to play (:attr:`Refusal.seat`)."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """A pass or play the rules refuse, as data: the reason and what it names.
    ``str()`` gives the engine's own words (those of :class:`IllegalMove`)."""

    reason: Reason
    card: Card | None = None
    """The card not held."""
    suit: Suit | None = None
    """The suit that must be followed."""
    seat: Seat | None = None
    """The seat that passed already, or whose turn it is."""

    def __str__(self) -> str:
        reason = self.reason
        if reason is Reason.NOT_IN_HAND:
            assert self.card is not None
            return f"The {self.card.long_name} is not in your hand"
        if reason is Reason.MUST_FOLLOW:
            return f"You must follow {self.suit}"
        if reason is Reason.ALREADY_PASSED:
            return f"{self.seat} has already passed"
        if reason is Reason.NOT_YOUR_TURN:
            return f"Not your turn: it is {self.seat}'s turn to play"
        return _REFUSAL_WORDS[reason]


_REFUSAL_WORDS = {
    Reason.FIRST_LEAD: "The first lead must be the 2 of clubs",
    Reason.FIRST_TRICK: "No points may be played to the first trick",
    Reason.HEARTS_NOT_BROKEN: "Hearts have not been broken yet",
    Reason.HAND_OVER: "The hand is over",
    Reason.PASSING: "Cards are being passed, not played",
    Reason.NOT_PASSING: "Cards are not being passed now",
    Reason.THREE_CARDS: "Choose exactly 3 cards to pass",
    Reason.QUEEN_PASSED: "The queen of spades may not be passed",
}


def refuse_play(rules: Rules, hand: int, card: Card, led_suit: int, first_trick: bool,
                hearts_broken: bool) -> Refusal | None:
    """Why ``card`` may not be played from ``hand`` (a mask) now, or None if it may.

    The reasons are checked in the same order as :func:`hearts.core.legal_mask`.
    """
    if not hand & card.bit:
        return Refusal(Reason.NOT_IN_HAND, card=card)
    legal = core.legal_mask(hand, led_suit, first_trick, hearts_broken, rules.first_lead,
                            rules.leading_hearts, rules.first_trick)
    if legal & card.bit:
        return None
    if led_suit >= 0 and card.suit != led_suit and hand & Suit(led_suit).mask:
        return Refusal(Reason.MUST_FOLLOW, suit=Suit(led_suit))
    if led_suit < 0 and first_trick and rules.first_lead and hand & core.TWO_OF_CLUBS:
        return Refusal(Reason.FIRST_LEAD)
    if first_trick and rules.first_trick and card.bit & core.POINT_CARDS:
        return Refusal(Reason.FIRST_TRICK)
    return Refusal(Reason.HEARTS_NOT_BROKEN)


def play_refusal(rules: Rules, hand: int, card: Card, led_suit: int, first_trick: bool,
                 hearts_broken: bool) -> str | None:
    """:func:`refuse_play` in words (None if ``card`` may be played)."""
    refusal = refuse_play(rules, hand, card, led_suit, first_trick, hearts_broken)
    return None if refusal is None else str(refusal)
