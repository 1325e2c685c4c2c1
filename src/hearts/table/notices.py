"""What the table tells people, as data: notices (something happened, or an
action was refused) and the prompt of the status line.

The table never words anything: a :class:`Notice` or a :class:`Prompt` names
its kind and carries the fields a front end needs to word it (the terminal
names its keys, a browser might show a picture). Both go over the network as
JSON (:meth:`Notice.to_json`, :meth:`Prompt.to_json`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from hearts.cards import Card, Seat, Suit
from hearts.duplicate import MAX_DEALS, EveningStandings, Standing
from hearts.levels import Level
from hearts.rules import PassDirection, Reason, Refusal

__all__ = ["Notice", "NoticeKind", "Outcome", "Prompt", "PromptKind"]


class NoticeKind(StrEnum):
    """What a :class:`Notice` says."""

    REFUSED = "refused"
    """The rules refuse a pass or a card (:attr:`Notice.refusal`)."""
    NOT_PLAYING = "not-playing"
    """A card was used while cards are not being played."""
    THREE_CHOSEN = "three-chosen"
    """A fourth card was chosen to pass: pass, or put one back (a front end's own)."""
    CHOOSE_THREE = "choose-three"
    """The pass was asked for with :attr:`Notice.count` cards chosen (a front end's own)."""
    PRESS_DEAL = "press-deal"
    """A card was used between hands: deal first."""
    FINISH_HAND = "finish-hand"
    """A deal was asked for while a hand is played."""
    NOT_A_PERSON = "not-a-person"
    """An action came for a seat no person plays (:attr:`Notice.seat`)."""
    PLAYED_OUT = "played-out"
    """No points were left to take: the rest of the hand is played out."""
    HOLD_HAND = "hold-hand"
    """A hold hand was dealt: no cards are passed, play begins at once."""
    FORCED_CARD = "forced-card"
    """The person's only card (:attr:`Notice.card`) was played for them."""
    NO_HINT_NOW = "no-hint-now"
    """A hint was asked for with nothing to decide."""
    THINKING = "thinking"
    """A hint is on its way."""
    HINT = "hint"
    """The hint: :attr:`Notice.cards` to pass (three) or play (one)."""
    ASSISTED = "assisted"
    """The match is now counted as assisted (said once a match)."""
    PASS_TAKEN_BACK = "pass-taken-back"
    """The pass was taken back (its cards are chosen again)."""
    TAKEN_BACK = "taken-back"
    """The person's card (:attr:`Notice.card`) and those after it were taken back."""
    NOTHING_TO_UNDO = "nothing-to-undo"
    """Undo asked for before anything could be undone."""
    UNDO_SHARED = "undo-shared"
    """Undo is not offered with more than one person at the table."""
    UNDO_CHOOSING = "undo-choosing"
    """Undo asked for while choosing cards to pass (clear them instead)."""
    UNDO_HAND_OVER = "undo-hand-over"
    """Undo asked for once the hand is over."""
    UNDO_EXCHANGED = "undo-exchanged"
    """Undo of a pass asked for after the exchange."""
    UNDO_PLAYED_OUT = "undo-played-out"
    """Undo asked for while the rest of the hand is played out."""
    UNDO_NO_CARD = "undo-no-card"
    """Undo asked for before the person played a card in this hand."""
    ABANDONED = "abandoned"
    """The match was abandoned: a new one is set up."""
    TARGET_NOW = "target-now"
    """The match now ends at :attr:`Notice.count` points (and so ended)."""
    PLAYER_FAILED = "player-failed"
    """A computer player (or the hint's) failed a decision: see :attr:`Notice.outcome`."""
    YOU_LEFT = "you-left"
    """This person left the table."""
    WATCHING = "watching"
    """:attr:`Notice.name` watches the table now."""
    TIMED_OUT = "timed-out"
    """The person of :attr:`Notice.seat` took too long: a computer player decided
    that once for them."""
    AGAIN = "again"
    """The match is over and the person of :attr:`Notice.seat` wants to play again
    with the same people: :attr:`Notice.count` more present must agree (Deal)."""
    AGAIN_WAITING = "again-waiting"
    """This person agreed to play again: :attr:`Notice.count` more present must too."""
    TEXT = "text"
    """Words from elsewhere (the store, the connection): :attr:`Notice.text`."""
    STANDINGS = "standings"
    """A duplicate evening's standings after a hand: :attr:`Notice.standings`
    (and in English words, for an older client or a log: :attr:`Notice.text`)."""


class Outcome(StrEnum):
    """What the table does after a computer player failed a decision."""

    ASK_AGAIN = "ask-again"
    """It asks the same player once more."""
    LOWER_LEVEL = "lower-level"
    """The level below (:attr:`Notice.lower`) makes that decision."""
    NO_HINT = "no-hint"
    """No hint this time."""
    STUCK = "stuck"
    """No player can stand in: the game cannot go on."""


def _card_json(card: Card | None) -> str | None:
    return None if card is None else str(card)


@dataclass(frozen=True, slots=True)
class Notice:
    """Something a person is told: its kind and what it names."""

    kind: NoticeKind
    seat: Seat | None = None
    """The seat it is about (who left, who failed, who is away...)."""
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    count: int | None = None
    """A number: cards chosen so far, or the new target."""
    refusal: Refusal | None = None
    decision: str | None = None
    """What a failed player was deciding: ``pass``, ``play`` or ``hint``."""
    level: Level | None = None
    """The level of the player that failed."""
    lower: Level | None = None
    """The level that stands in after a failure."""
    outcome: Outcome | None = None
    error: str | None = None
    """What went wrong, in the error's own words (for a failure)."""
    log: str | None = None
    """Where the details were written."""
    name: str | None = None
    """A person's name (a watcher's)."""
    text: str | None = None
    """The words of a :attr:`NoticeKind.TEXT` or :attr:`NoticeKind.STANDINGS` notice."""
    standings: EveningStandings | None = None
    """A duplicate evening's standings (:attr:`NoticeKind.STANDINGS`)."""

    @classmethod
    def refused(cls, refusal: Refusal) -> Notice:
        """The rules refuse a pass or a card, for ``refusal``'s reason."""
        return cls(NoticeKind.REFUSED, refusal=refusal)

    def to_json(self) -> dict[str, Any]:
        """The notice as JSON values: its kind and the fields it has."""
        data: dict[str, Any] = {"kind": self.kind.value}
        if self.seat is not None:
            data["seat"] = self.seat.name.lower()
        if self.card is not None:
            data["card"] = str(self.card)
        if self.cards:
            data["cards"] = [str(card) for card in self.cards]
        if self.refusal is not None:
            refusal = self.refusal
            data["refusal"] = {
                "reason": refusal.reason.value, "card": _card_json(refusal.card),
                "suit": None if refusal.suit is None else refusal.suit.letter,
                "seat": None if refusal.seat is None else refusal.seat.name.lower()}
        for name in ("count", "decision", "error", "log", "name", "text"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        for name in ("level", "lower"):
            level = getattr(self, name)
            if level is not None:
                data[name] = level.name.lower()
        if self.outcome is not None:
            data["outcome"] = self.outcome.value
        if self.standings is not None:
            data["standings"] = _standings_json(self.standings)
        return data

    @classmethod
    def from_json(cls, data: object) -> Notice:
        """A notice from :meth:`to_json`'s form (a field it does not know, from a
        newer version, is left out); ``ValueError`` for anything else."""
        data = _object(data, "a notice")
        try:
            refusal = None
            kept = data.get("refusal")
            if kept is not None:
                if not isinstance(kept, dict):
                    raise ValueError("a refusal must be an object")
                refusal = Refusal(Reason(_text(kept.get("reason"), 32)), _card(kept.get("card")),
                                  None if kept.get("suit") is None
                                  else Suit("CDHS".index(_text(kept["suit"], 1))),
                                  _seat(kept.get("seat")))
            cards = data.get("cards", [])
            if not isinstance(cards, list) or len(cards) > 13:
                raise ValueError("'cards' must be a list of cards")
            return cls(
                kind=NoticeKind(_text(data.get("kind"), 32)), seat=_seat(data.get("seat")),
                card=_card(data.get("card")), cards=tuple(Card.parse(_text(c, 3)) for c in cards),
                count=_whole(data.get("count")), refusal=refusal,
                decision=_optional_text(data.get("decision")),
                level=_level(data.get("level")), lower=_level(data.get("lower")),
                outcome=None if data.get("outcome") is None else Outcome(data["outcome"]),
                error=_optional_text(data.get("error")), log=_optional_text(data.get("log")),
                name=_optional_text(data.get("name")), text=_optional_text(data.get("text")),
                standings=_standings(data.get("standings")))
        except (TypeError, KeyError) as error:
            raise ValueError(f"bad notice: {error}") from None


class PromptKind(StrEnum):
    """What the status line asks of a seat, or whose turn it is."""

    WELCOME = "welcome"
    """No hand has been dealt yet."""
    STUCK = "stuck"
    """A decision failed at every level: the match cannot go on."""
    CHOOSE = "choose"
    """Choose three cards to pass (:attr:`Prompt.direction`)."""
    WAIT_PASS = "wait-pass"
    """This seat passed; the others are still choosing."""
    RECEIVED = "received"
    """The cards just received (from :attr:`Prompt.seat`) are on show for a moment."""
    HAND_OVER = "hand-over"
    """The hand is over; the match goes on."""
    GAME_OVER = "game-over"
    """The match is over."""
    PLAYED_OUT = "played-out"
    """The rest of the hand is being played out."""
    TRICK_TAKEN = "trick-taken"
    """:attr:`Prompt.seat` took trick :attr:`Prompt.number` (on show for a moment)."""
    LEAD = "lead"
    """:attr:`Prompt.seat` leads trick :attr:`Prompt.number`."""
    FOLLOW = "follow"
    """:attr:`Prompt.seat` plays to trick :attr:`Prompt.number`, :attr:`Prompt.suit` led."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """The status line's prompt for one seat, as data."""

    kind: PromptKind
    seat: Seat | None = None
    """Whose turn it is, who took the trick, or who passed the cards received."""
    number: int | None = None
    """The trick's number (1 to 13)."""
    suit: Suit | None = None
    """The suit led."""
    direction: PassDirection | None = None
    """Where this hand's cards are passed."""
    shooter: Seat | None = None
    """Who shot the moon in the hand just over, if anyone."""
    next_lead: bool = False
    """With :attr:`PromptKind.TRICK_TAKEN`: this seat leads next."""
    winners: tuple[Seat, ...] = field(default=())
    """With :attr:`PromptKind.GAME_OVER`: who won the match."""

    def to_json(self) -> dict[str, Any]:
        """The prompt as JSON values."""
        data: dict[str, Any] = {"kind": self.kind.value}
        for name in ("seat", "shooter"):
            seat = getattr(self, name)
            if seat is not None:
                data[name] = seat.name.lower()
        if self.number is not None:
            data["number"] = self.number
        if self.suit is not None:
            data["suit"] = self.suit.letter
        if self.direction is not None:
            data["direction"] = str(self.direction)
        if self.next_lead:
            data["next_lead"] = True
        if self.winners:
            data["winners"] = [seat.name.lower() for seat in self.winners]
        return data

    @classmethod
    def from_json(cls, data: object) -> Prompt:
        """A prompt from :meth:`to_json`'s form (a field it does not know, from a
        newer version, is left out); ``ValueError`` for anything else."""
        data = _object(data, "a prompt")
        winners = data.get("winners", [])
        if not isinstance(winners, list) or len(winners) > 4:
            raise ValueError("'winners' must be a list of seats")
        direction = data.get("direction")
        try:
            return cls(
                kind=PromptKind(_text(data.get("kind"), 32)), seat=_seat(data.get("seat")),
                number=_whole(data.get("number")),
                suit=None if data.get("suit") is None
                else Suit("CDHS".index(_text(data["suit"], 1))),
                direction=None if direction is None
                else PassDirection[_text(direction, 8).upper()],
                shooter=_seat(data.get("shooter")), next_lead=data.get("next_lead") is True,
                winners=tuple(Seat.parse(_text(s, 5)) for s in winners))
        except (KeyError, TypeError) as error:
            raise ValueError(f"bad prompt: {error}") from None


_MOST_ROWS = 64
"""The most standings a notice may carry (a seat's rows: one a person who sat in it)."""


def _standings_json(standings: EveningStandings) -> dict[str, Any]:
    """A duplicate evening's standings as JSON values: a difference exactly, as its
    numerator and denominator; a computer's row with no name."""
    return {"finished": standings.finished, "over": standings.over, "deal": standings.deal,
            "deals": standings.deals, "round": standings.round, "rounds": standings.rounds,
            "rows": [{"seat": row.seat.name.lower(), "name": row.name if row.person else None,
                      "hands": row.hands,
                      "difference": [row.difference.numerator, row.difference.denominator],
                      "points": row.points, "stood_in": row.stood_in, "assisted": row.assisted}
                     for row in standings.rows]}


def _count(value: object, most: int) -> int:
    whole = _whole(value)
    if whole is None or not 0 <= whole <= most:
        raise ValueError(f"expected a count from 0 to {most}, not {value!r:.40}")
    return whole


def _standings(value: object) -> EveningStandings | None:
    """:func:`_standings_json`'s form read back, every field checked."""
    if value is None:
        return None
    data = _object(value, "the standings")
    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) > _MOST_ROWS:
        raise ValueError(f"the standings' rows must be a list of at most {_MOST_ROWS}")
    read = []
    for row in rows:
        row = _object(row, "a standing")
        seat = _seat(row.get("seat"))
        difference = row.get("difference")
        if seat is None or not isinstance(difference, list) or len(difference) != 2:
            raise ValueError("a standing needs its seat and its difference")
        numerator, denominator = _whole(difference[0]), _count(difference[1], 1000)
        if numerator is None or not denominator or abs(numerator) > 100_000:
            raise ValueError("a standing's difference must be a fraction")
        name = _optional_text(row.get("name"))
        read.append(Standing(seat, str(seat) if name is None else name, name is not None,
                             _count(row.get("hands"), 4 * MAX_DEALS),
                             Fraction(numerator, denominator),
                             _count(row.get("points"), 26 * 4 * MAX_DEALS),
                             _count(row.get("stood_in"), 4 * MAX_DEALS),
                             _count(row.get("assisted"), 4 * MAX_DEALS)))
    return EveningStandings(
        _count(data.get("finished"), 4 * MAX_DEALS), data.get("over") is True,
        _count(data.get("deal"), MAX_DEALS), _count(data.get("deals"), MAX_DEALS),
        _count(data.get("round"), 4), _count(data.get("rounds"), 4), tuple(read))


def _object(data: object, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{what} must be a JSON object")
    return data


def _text(value: object, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(f"expected a short string, not {value!r:.40}")
    return value


def _optional_text(value: object) -> str | None:
    return None if value is None else _text(value, 2000)


def _whole(value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, not {value!r:.40}")
    return value


def _seat(value: object) -> Seat | None:
    return None if value is None else Seat.parse(_text(value, 5))


def _card(value: object) -> Card | None:
    return None if value is None else Card.parse(_text(value, 3))


def _level(value: object) -> Level | None:
    return None if value is None else Level.parse(_text(value, 10))
