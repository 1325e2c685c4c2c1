"""What one seat may see and do at the table, as one frozen, typed value.

A :class:`SeatState` is what :mod:`hearts.table.projection` builds for a seat
(:func:`~hearts.table.projection.seat_state`), read as types: the seat's view
of the hand, who sits where (and who is connected), the match's scores and
sheet, the cards it may pass or play or has on show, the trick, the prompt of
its status line and the actions it may use now. Nothing in it depends on
another seat's hidden cards. The terminal app draws it; the network server
sends its JSON (:meth:`SeatState.to_json`, the wire schema of
docs/network.md), and the network client reads it back
(:meth:`SeatState.from_json`): one value, one schema, one set of words per
front end. This module holds the value and its JSON, not how it is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from hearts.cards import SEAT_KEYS, SEATS, Card, Seat
from hearts.rules import Rules
from hearts.table.notices import Prompt
from hearts.table.order import display_order
from hearts.table.seating import Presence
from hearts.table.stage import Stage
from hearts.view import PlayerView

__all__ = ["SCHEMA_VERSION", "Action", "Result", "SeatInfo", "SeatState", "SheetRow",
           "TurnTimer"]

SCHEMA_VERSION = 3
"""The version of :meth:`SeatState.to_json`'s form (the network's version 3)."""

_SEAT_NAMES = frozenset(str(seat) for seat in Seat)


class Action(StrEnum):
    """What a person may ask for at the table: a button, a key."""

    DEAL = "deal"
    PASS = "pass"
    CLEAR = "clear"
    """Put back the cards chosen to pass (a front end's own: offered while it may pass)."""
    CONTINUE = "continue"
    HINT = "hint"
    UNDO = "undo"
    LAST = "last"
    """Show the last trick again."""
    SCORES = "scores"
    REVIEW = "review"
    ABANDON = "abandon"
    OPTIONS = "options"
    STATS = "stats"
    HELP = "help"
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One hand on the score sheet: all of it public once the hand is played."""

    points: tuple[int, ...]
    """The points each seat took in the hand (so far, while it is played)."""
    over: bool
    """The hand is finished."""
    shooter: Seat | None
    """Who shot the moon, if anyone did."""
    queen: Seat | None
    """Who took the queen of spades, if anyone has yet."""

    def to_json(self) -> dict[str, Any]:
        """The row as JSON values (a ``sheet`` entry of the state)."""
        return {"points": list(self.points), "over": self.over,
                "shooter": _seat_json(self.shooter), "queen": _seat_json(self.queen)}


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat, as everyone at the table sees it."""

    name: str
    """The person's name, or the seat's own ("North") for a computer player's seat
    or one nobody holds."""
    presence: Presence
    """Who plays it now (:class:`~hearts.table.seating.Presence`)."""
    until: float | None = None
    """For a seat that is free or whose person is away: when a computer player
    takes it over (seconds since 1970, on the front end's clock), if known."""
    assisted: bool = False
    """That seat's person had help (a hint or an undo) in this match."""

    def to_json(self) -> dict[str, Any]:
        """The seat as JSON values (a ``seats`` entry of the state)."""
        return {"name": self.name, "presence": self.presence.value, "until": self.until,
                "assisted": self.assisted}

    @property
    def person(self) -> bool:
        """A person holds this seat (here, away, or stood in for)."""
        return self.presence in (Presence.HERE, Presence.AWAY) or (
            self.presence is Presence.STAND_IN and self.held)

    @property
    def held(self) -> bool:
        """The name is a person's (not the seat's own)."""
        return self.name not in _SEAT_NAMES

    @property
    def connected(self) -> bool:
        """The seat's person is here."""
        return self.presence is Presence.HERE

    @property
    def away(self) -> bool:
        """A person holds the seat but is not here (the table waits, or a computer
        player stands in)."""
        return self.person and self.presence is not Presence.HERE


@dataclass(frozen=True, slots=True)
class TurnTimer:
    """A turn timer running: whose time it is, and when it ends."""

    seats: tuple[Seat, ...]
    """The seats whose pass or card is timed."""
    until: float | None
    """When it ends, on the front end's clock (seconds since 1970), if it knows."""

    def to_json(self) -> dict[str, Any]:
        """The timer as JSON values (the state's ``timer``)."""
        return {"seats": [SEAT_KEYS[seat] for seat in self.seats], "until": self.until}


@dataclass(frozen=True, slots=True)
class Result:
    """The hand just over, for the middle of the table."""

    number: int
    """The hand's number in the match."""
    seed: int | None
    """The seed that deals it again, if known."""
    shooter: Seat | None
    """Who shot the moon, if anyone did."""
    winners: tuple[Seat, ...]
    """Who won the match, once it is over (else empty)."""
    deal: tuple[tuple[Card, ...], ...] = ()
    """Every seat's thirteen cards as dealt, in seat order (public once the hand is
    over; empty from a server that did not send them)."""

    def to_json(self) -> dict[str, Any]:
        """The result as JSON values (the state's ``result``)."""
        data: dict[str, Any] = {
            "number": self.number, "seed": self.seed, "shooter": _seat_json(self.shooter),
            "winners": [SEAT_KEYS[seat] for seat in self.winners]}
        if self.deal:
            data["deal"] = {SEAT_KEYS[seat]: [str(card) for card in cards]
                            for seat, cards in zip(SEATS, self.deal, strict=True)}
        return data


@dataclass(frozen=True, slots=True)
class SeatState:
    """Everything one seat may see and do now, and nothing of another seat's hidden
    cards. Two states are equal exactly when the seat would be shown the same."""

    seat: Seat
    """Whose state this is."""
    stage: Stage
    """Where the table stands."""
    view: PlayerView | None
    """The seat's view of the hand on the table (None before the first deal)."""
    seats: tuple[SeatInfo, ...]
    """Who sits where, in seat order."""
    waiting: tuple[Seat, ...]
    """The seats whose pass or card the table waits for from a person."""
    timer: TurnTimer | None
    """The turn timer running, if one is."""
    scores: tuple[int, ...]
    """The match totals before the hand on the table is over."""
    target: int
    """The score that ends the match."""
    match_over: bool
    """The match is over."""
    hand_number: int
    """How many hands were dealt in the match."""
    level: str
    """The computer players' level by name, as the hand on the table has them."""
    assisted: bool
    """A hint or an undo was used in this match."""
    sheet: tuple[SheetRow, ...]
    """The score sheet: one row a hand."""
    passable: frozenset[Card]
    """The cards this seat may choose to pass now (empty unless it chooses)."""
    passed: tuple[Card, ...]
    """The cards this seat passed, while the others still choose."""
    raised: frozenset[Card]
    """The cards drawn raised out of the hand: passed, or just received (a front
    end raises the cards its person chose, too)."""
    legal: frozenset[Card]
    """The cards this seat may play now (empty unless it is its turn)."""
    trick: tuple[tuple[Seat, Card], ...]
    """The cards on the table in play order (a finished trick while on show)."""
    winner: Seat | None
    """Who took the finished trick on show, if one is."""
    prompt: Prompt
    """What the status line asks of this seat, or whose turn it is."""
    result: Result | None
    """The hand just over, between hands."""
    watchers: tuple[str, ...]
    """The names of the people watching the table."""
    actions: frozenset[Action]
    """What this seat may use now."""
    rules: Rules | None = None
    """The rules the match plays by, before the first deal too (None from a
    server that does not send them)."""

    @property
    def cards(self) -> list[Card]:
        """The seat's hand as drawn: spades, hearts, clubs, diamonds, low to high."""
        return [] if self.view is None else sorted(self.view.hand, key=display_order)

    @property
    def to_play(self) -> bool:
        """The table waits for this seat's card."""
        return bool(self.legal)

    @property
    def names(self) -> tuple[str, ...]:
        """The four seats' names, in seat order."""
        return tuple(info.name for info in self.seats)

    @property
    def in_progress(self) -> bool:
        """A match has begun and is not over (quitting would lose it)."""
        return self.hand_number > 0 and not self.match_over

    def can(self, action: Action) -> bool:
        """Whether this seat may use ``action`` now."""
        return action in self.actions

    # --- JSON ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The state as JSON values (the ``state`` of docs/network.md, version 3)."""
        return {
            "schema": SCHEMA_VERSION,
            "seat": SEAT_KEYS[self.seat],
            "stage": self.stage.value,
            "view": None if self.view is None else self.view.to_json(),
            "seats": [info.to_json() for info in self.seats],
            "waiting": [SEAT_KEYS[seat] for seat in self.waiting],
            "timer": None if self.timer is None else self.timer.to_json(),
            "scores": list(self.scores),
            "target": self.target,
            "match_over": self.match_over,
            "hand_number": self.hand_number,
            "level": self.level,
            "assisted": self.assisted,
            "sheet": [row.to_json() for row in self.sheet],
            "passable": sorted(str(card) for card in self.passable),
            "passed": [str(card) for card in self.passed],
            "raised": sorted(str(card) for card in self.raised),
            "legal": sorted(str(card) for card in self.legal),
            "trick": [[SEAT_KEYS[seat], str(card)] for seat, card in self.trick],
            "winner": _seat_json(self.winner),
            "prompt": self.prompt.to_json(),
            "result": None if self.result is None else self.result.to_json(),
            "watchers": list(self.watchers),
            "actions": sorted(action.value for action in self.actions),
            "rules": None if self.rules is None else self.rules.to_json(),
        }

    @classmethod
    def from_json(cls, data: object) -> SeatState:
        """A state from :meth:`to_json`'s form; ``ValueError`` names what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("a seat state must be a JSON object")
        if data.get("schema") != SCHEMA_VERSION:
            raise ValueError(f"a seat state of schema {data.get('schema')!r}, not "
                             f"{SCHEMA_VERSION}")
        try:
            view = data["view"]
            result = data["result"]
            timer = data["timer"]
            return cls(
                seat=Seat.parse(_text(data["seat"])),
                stage=Stage(data["stage"]),
                view=None if view is None else PlayerView.from_json(view),
                seats=_four([SeatInfo(_text(info["name"], 64), Presence(info["presence"]),
                                      _time(info["until"]), _flag(info["assisted"]))
                             for info in _list(data["seats"], 4)]),
                waiting=tuple(Seat.parse(_text(s)) for s in _list(data["waiting"], 4)),
                timer=None if timer is None else TurnTimer(
                    tuple(Seat.parse(_text(s)) for s in _list(timer["seats"], 4)),
                    _time(timer["until"])),
                scores=_four([_whole(score) for score in _list(data["scores"], 4)]),
                target=_whole(data["target"]),
                match_over=_flag(data["match_over"]),
                hand_number=_whole(data["hand_number"]),
                level=_text(data["level"], 32),
                assisted=_flag(data["assisted"]),
                sheet=tuple(SheetRow(_four([_whole(p) for p in _list(row["points"], 4)]),
                                     _flag(row["over"]), _seat(row["shooter"]),
                                     _seat(row["queen"]))
                            for row in _list(data["sheet"], 10_000)),
                passable=frozenset(_cards(data["passable"])),
                passed=_cards(data["passed"]),
                raised=frozenset(_cards(data["raised"])),
                legal=frozenset(_cards(data["legal"])),
                trick=tuple((Seat.parse(_text(seat)), Card.parse(_text(card)))
                            for seat, card in _list(data["trick"], 4)),
                winner=_seat(data["winner"]),
                prompt=Prompt.from_json(data["prompt"]),
                result=None if result is None else Result(
                    _whole(result["number"]),
                    None if result["seed"] is None else _whole(result["seed"]),
                    _seat(result["shooter"]),
                    tuple(Seat.parse(_text(s)) for s in _list(result["winners"], 4)),
                    _deal(result.get("deal"))),
                watchers=tuple(_text(name, 64) for name in _list(data["watchers"], 64)),
                actions=frozenset(Action(a) for a in _list(data["actions"], len(Action))),
                rules=None if data.get("rules") is None else Rules.from_json(data["rules"]),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"bad seat state: missing or wrong {error}") from None


def _seat_json(seat: Seat | None) -> str | None:
    return None if seat is None else SEAT_KEYS[seat]


def _text(value: object, limit: int = 8) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(f"expected a string of at most {limit} characters, not {value!r:.40}")
    return value


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {value!r:.40}")
    return value


def _whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, not {value!r:.40}")
    return value


def _time(value: object) -> float | None:
    if value is None:
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ValueError(f"expected a time in seconds, not {value!r:.40}")
    return float(value)


def _list(value: object, limit: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise ValueError(f"expected a list of at most {limit} entries")
    return value


def _four(items: Sequence[Any]) -> tuple[Any, ...]:
    if len(items) != 4:
        raise ValueError("expected one entry a seat")
    return tuple(items)


def _seat(value: object) -> Seat | None:
    return None if value is None else Seat.parse(_text(value))


def _cards(value: object) -> tuple[Card, ...]:
    return tuple(Card.parse(_text(card)) for card in _list(value, 13))


def _deal(value: object) -> tuple[tuple[Card, ...], ...]:
    if value is None:
        return ()
    if not isinstance(value, dict) or set(value) != set(SEAT_KEYS):
        raise ValueError("expected the cards dealt to each seat")
    return tuple(_cards(value[SEAT_KEYS[seat]]) for seat in SEATS)
