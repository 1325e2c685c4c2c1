"""Today's deal: one hand a day, the same for everyone under the same rules, and
its par.

The day's deal is dealt from :func:`hearts.seeds.daily_seed` of the UTC date and
the rules' canonical words (:func:`hearts.arena.rulestext.rules_text`), with South
dealing and the passing of the rules' rotation at the day's number
(:meth:`datetime.date.toordinal`). You play South against three Experts, each
seeded from the date, the rules and its seat. The **par** is what the Expert took
in South's seat on the same cards against the same three players seeded the same
way: a pure function of the date and the rules, so it is the same for everyone
and ``hearts verify`` plays it again.

A played day's deal is kept as a **day's record** (:func:`day_record`): the date,
the rules' words, the points taken, the par and the hand's record; :func:`hearts.verify.verify_day`
refuses one whose cards, players, points or par are not the day's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from typing import Any

from hearts.ai import Level, make_player
from hearts.arena.rulestext import parse_rules, rules_text
from hearts.cards import SEAT_KEYS, Seat
from hearts.hand import Hand, HandRecord, HandRecordError, SeatPlayer, read_record
from hearts.match import Match, MatchOver
from hearts.rules import PassDirection, Rules
from hearts.seeds import challenge_seed_text, daily_seed_text, text_seed
from hearts.view import Phase

__all__ = [
    "DAILY_FORMAT",
    "DAILY_TARGET",
    "DAILY_VERSION",
    "PAR_LEVEL",
    "ChallengeDeal",
    "DailyDeal",
    "DailyMatch",
    "DayRecordError",
    "SetDeal",
    "daily_rules",
    "day_record",
    "day_record_of",
    "read_day_record",
    "today",
]

DAILY_FORMAT = "hearts-daily"
"""The ``format`` of a day's record."""
DAILY_VERSION = 1
"""The ``version`` of the day's records this code reads and writes."""
PAR_LEVEL = Level.EXPERT
"""The level of the three computer players, and of the par's player in South."""


class DayRecordError(ValueError):
    """A day's record that cannot be read or is not the day's; the message says why."""


DAILY_TARGET = 100
"""The target every day's deal is played to (one hand ends no match, but the
target shapes how the Experts weigh a moon), whatever the saved options say."""


def daily_rules(saved: Rules, words: str | None = None) -> Rules:
    """The rules of the day's deal for someone whose options hold ``saved``: theirs,
    to :data:`DAILY_TARGET`, changed by rule ``words`` if given (``ValueError``
    names a bad word)."""
    rules = replace(saved, target=DAILY_TARGET)
    return rules if words is None else parse_rules(words, rules)


def today(now: datetime | None = None) -> date:
    """The date in UTC now (or at ``now``): the day whose deal is today's."""
    return (now or datetime.now(UTC)).astimezone(UTC).date()


class SetDeal:
    """A deal fixed by a text (:attr:`seed_text`): its cards are dealt from the
    text's seed, each computer player is seeded by the text and its seat, so the
    deal and its par are the same for everyone. Subclasses say what the text is
    and where the cards are passed."""

    __slots__ = ()
    rules: Rules
    """The rules it is played under."""

    @property
    def words(self) -> str:
        """The rules' canonical words (``original,100``), part of every seed."""
        return rules_text(self.rules)

    @property
    def seed_text(self) -> str:
        """The text whose SHA-256 gives the cards' seed."""
        raise NotImplementedError

    @property
    def pass_direction(self) -> PassDirection:
        """Where the cards are passed."""
        raise NotImplementedError

    @property
    def seed(self) -> int:
        """The seed the cards are dealt from."""
        return text_seed(self.seed_text)

    def player_seed(self, seat: Seat) -> int:
        """The seed of the Expert in ``seat`` (South's is the par's player)."""
        return text_seed(f"{self.seed_text}/{SEAT_KEYS[seat]}")

    @property
    def dealer(self) -> Seat:
        """South deals every such deal."""
        return Seat.SOUTH

    def player(self, seat: Seat) -> SeatPlayer:
        """The computer player in ``seat``, as a hand record names it."""
        return SeatPlayer(PAR_LEVEL.name.lower(), self.player_seed(seat))

    def deal(self) -> Hand:
        """The hand as dealt, you in South, the three Experts named with their
        seeds."""
        hand = Hand.deal(self.rules, self.seed, dealer=self.dealer,
                         pass_direction=self.pass_direction)
        hand.players = tuple(SeatPlayer("human") if seat is Seat.SOUTH else self.player(seat)
                             for seat in Seat)
        return hand

    def par_hand(self) -> Hand:
        """The hand played with the Expert in South too (seeded as
        :meth:`player_seed` says): the same every time it is played."""
        hand = self.deal()
        hand.players = tuple(self.player(seat) for seat in Seat)
        players = [make_player(PAR_LEVEL, self.player_seed(seat)) for seat in Seat]
        for seat in Seat:
            if hand.phase is Phase.PASSING:
                hand.pass_cards(seat, players[seat].choose_pass(hand.view(seat)))
        while hand.turn is not None:
            seat = hand.turn
            hand.play(players[seat].choose_play(hand.view(seat)), seat=seat)
        return hand

    def par(self) -> int:
        """The points the Expert took in South's seat: the par."""
        return self.par_hand().points[Seat.SOUTH]

    def fits(self, record: HandRecord) -> str | None:
        """Why ``record`` is not a hand of this deal (its cards, rules, dealer,
        passing or computer players), or None when it is."""
        if record.seed != self.seed:
            return f"its seed is {record.seed}, not the deal's {self.seed}"
        if record.rules != self.rules:
            return "its rules are not the deal's"
        if record.dealer != self.dealer or record.pass_direction != self.pass_direction \
                or any(record.scores):
            return "its dealer, passing or scores are not the deal's"
        dealt = self.deal()
        if any(set(record.deal[seat]) != set(dealt.dealt(seat)) for seat in Seat):
            return "its cards are not the ones the deal's seed deals"
        players = record.players
        if players is None:
            return "it does not name its players"
        for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
            expected = self.player(seat)
            if (players[seat].player, players[seat].seed) != (expected.player, expected.seed):
                return (f"{seat} is {players[seat].player} with seed {players[seat].seed}, "
                        f"not the deal's {expected.player} with seed {expected.seed}")
        if record.stand_ins and any(s.seat is not Seat.SOUTH for s in record.stand_ins):
            return "another player made a computer seat's decision"
        return None


@dataclass(frozen=True, slots=True)
class DailyDeal(SetDeal):
    """The deal of one day under one set of rules."""

    day: date
    """The UTC date."""
    rules: Rules
    """The rules it is played under."""

    @property
    def seed_text(self) -> str:
        """``hearts-daily/1/DATE/WORDS`` (:func:`hearts.seeds.daily_seed_text`)."""
        return daily_seed_text(self.day.isoformat(), self.words)

    @property
    def pass_direction(self) -> PassDirection:
        """Where the cards go: the rules' rotation at the day's number."""
        return self.rules.pass_direction(self.day.toordinal())


@dataclass(frozen=True, slots=True)
class ChallengeDeal(SetDeal):
    """Deal ``number`` (0 = the first) of a challenge between friends."""

    challenge: int
    """The challenge's seed."""
    rules: Rules
    """The rules it is played under."""
    number: int
    """Which of the challenge's deals."""

    @property
    def seed_text(self) -> str:
        """``hearts-challenge/1/SEED/WORDS/NUMBER`` (:func:`hearts.seeds.challenge_seed_text`)."""
        return challenge_seed_text(self.challenge, self.words, self.number)

    @property
    def pass_direction(self) -> PassDirection:
        """The rules' rotation, as in a match: left for the first deal."""
        return self.rules.pass_direction(self.number)


class DailyMatch(Match):
    """A match of one hand: the day's deal, or a challenge's (for the table, which
    plays matches)."""

    def __init__(self, daily: SetDeal) -> None:
        super().__init__(daily.rules, daily.seed)
        self.daily = daily
        """The deal this match plays."""

    def deal(self, rules: Rules | None = None) -> Hand:
        """The day's hand (``rules`` are the day's, whatever is given); once only."""
        if self.hands:
            raise MatchOver("Today's deal has been dealt")
        hand = self.daily.deal()
        self.hands.append(hand)
        return hand


def day_record(daily: DailyDeal, hand: Hand, par: int) -> dict[str, Any]:
    """The day's record of a finished hand of ``daily`` (JSON-ready): what a
    player exports, sends to a friend, and ``hearts verify`` checks."""
    return day_record_of(daily.day.isoformat(), daily.words, hand.points[Seat.SOUTH], par,
                         Seat.SOUTH in hand.assisted, hand.record())


def day_record_of(day: str, rules: str, points: int, par: int, assisted: bool,
                  hand: dict[str, Any]) -> dict[str, Any]:
    """A day's record from its fields (the date, the rules' words, South's points,
    the par, whether it was assisted, the hand's record as JSON data)."""
    return {"format": DAILY_FORMAT, "version": DAILY_VERSION, "date": day, "rules": rules,
            "points": points, "par": par, "assisted": assisted, "hand": hand}


def read_day_record(data: object) -> tuple[DailyDeal, HandRecord, dict[str, Any]]:
    """The deal, the hand's record and the fields of a day's record, read for their
    form; :class:`DayRecordError` names the first thing that is wrong."""
    if not isinstance(data, dict) or data.get("format") != DAILY_FORMAT:
        raise DayRecordError(f"not a {DAILY_FORMAT} record")
    if data.get("version") != DAILY_VERSION:
        raise DayRecordError(f"not a {DAILY_FORMAT} record of version {DAILY_VERSION}")
    try:
        day = date.fromisoformat(str(data.get("date")))
    except ValueError:
        raise DayRecordError("its date is not a date (YYYY-MM-DD)") from None
    words = data.get("rules")
    if not isinstance(words, str) or len(words) > 200:
        raise DayRecordError("its rules are not rule words")
    try:
        rules = parse_rules(words)
    except ValueError as error:
        raise DayRecordError(f"its rules: {error}") from None
    daily = DailyDeal(day, rules)
    if daily.words != words:
        raise DayRecordError(f"its rules are not written as the day's are: {daily.words}")
    for name in ("points", "par"):
        if type(data.get(name)) is not int:
            raise DayRecordError(f"its {name} must be a whole number")
    if not isinstance(data.get("assisted"), bool):
        raise DayRecordError("it must say whether the hand was assisted")
    hand = data.get("hand")
    if not isinstance(hand, dict):
        raise DayRecordError("its hand must be a hand record")
    try:
        record = read_record(hand)
    except HandRecordError as error:
        raise DayRecordError(f"its hand: {error}") from None
    return daily, record, data
