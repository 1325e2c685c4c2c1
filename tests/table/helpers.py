"""Shared helpers for the tests of hearts.table: steady players, a table that
checks every answer it gives, and ways to drive a match without Textual."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from hearts import Card, Match, Phase, PlayerView, Seat
from hearts.ai import Level, Player
from hearts.duplicate import base_view
from hearts.hand import Hand
from hearts.options import Options
from hearts.table import (
    Action,
    Computer,
    Decide,
    Effect,
    Notice,
    NoticeKind,
    Person,
    Prompt,
    Save,
    SeatSpec,
    Stage,
    Table,
    Wait,
    restore,
    seat_state,
)
from hearts.table import events as ev
from hearts.table.driver import Driver

QS = Card.parse("QS")


class SteadyPlayer:
    """A computer player that never changes when the real ones are tuned: it
    passes its three highest cards (never the queen of spades) and plays its
    lowest legal card."""

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """The three highest cards other than the queen of spades."""
        return [c for c in reversed(view.hand) if c != QS][:3]

    def choose_play(self, view: PlayerView) -> Card:
        """The lowest legal card."""
        return view.legal[0]


def steady_player(level: Level, seed: int) -> Player:
    """Make a :class:`SteadyPlayer` (level and seed do not matter to it)."""
    return SteadyPlayer()


class BrokenPlayer:
    """A computer player that raises on every decision."""

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """Raise."""
        raise RuntimeError("no pass today")

    def choose_play(self, view: PlayerView) -> Card:
        """Raise."""
        raise RuntimeError("no card today")


def breaking(levels: Sequence[Level], made: list[tuple[Level, int]] | None = None
             ) -> Callable[[Level, int], Player]:
    """A player factory whose players at ``levels`` always raise (the others are
    steady); every player made is noted in ``made``."""
    def factory(level: Level, seed: int) -> Player:
        if made is not None:
            made.append((level, seed))
        return BrokenPlayer() if level in levels else SteadyPlayer()
    return factory


def record_text(match: Match) -> str:
    """The match's hands as one JSON text (equal exactly when the hands are)."""
    return json.dumps([hand.record() for hand in match.hands], sort_keys=True)


class CheckedTable(Table):
    """A table that checks what it answers, as a front end would rely on it:

    - every ``Decide`` carries exactly the deciding seat's view of the hand now
      (the honesty rule);
    - an event that changes the match, a desk or the table's state is followed by
      a ``Save`` of the match and the state as they now are, and an event that
      changes nothing asks for no save.
    """

    def start(self) -> list[Effect]:
        """As :meth:`Table.start`, checked."""
        effects = super().start()
        self._check_decides(effects)
        return effects

    def handle(self, event: ev.Event) -> list[Effect]:
        """As :meth:`Table.handle`, checked."""
        before = (record_text(self.match), json.dumps(self.state(), sort_keys=True),
                  self.assisted)
        effects = super().handle(event)
        after = (record_text(self.match), json.dumps(self.state(), sort_keys=True),
                 self.assisted)
        self._check_decides(effects)
        saves = [e for e in effects if isinstance(e, Save)]
        if after != before:
            assert len(saves) == 1, f"{event} changed the table but asked for {len(saves)} saves"
            save = saves[0]
            assert save.match is self.match
            assert save.state == self.state()
            assert save.assisted == self.assisted
        else:
            assert not saves, f"{event} changed nothing but asked for a save"
        return effects

    def _check_decides(self, effects: list[Effect]) -> None:
        for effect in effects:
            if isinstance(effect, Decide):
                hand = self.hand
                assert hand is not None
                # the seat's own view (in a duplicate evening's hand, turned back to
                # where its cards were dealt: hearts.duplicate.decision_view)
                own = hand.view(effect.seat)
                shift = 0 if hand.duplicate is None or effect.kind == "hint" \
                    else hand.duplicate.shift
                assert effect.view == (base_view(own, shift) if shift else own), \
                    f"a {effect.kind} request for {effect.seat} carries another view"
                assert effect.view.seat == effect.seat.offset(shift)


def two_people() -> tuple[SeatSpec, ...]:
    """South and North played by people, West and East by computer players."""
    return (Person("Ann"), Computer(), Person("Bob"), Computer())


def make_driver(seats: Sequence[SeatSpec] | None = None, options: Options | None = None,
                seed: int = 7, level: Level | None = Level.BEGINNER, hold: bool = False,
                factory: Callable[[Level, int], Player] = steady_player,
                turn_seconds: float | None = None, grace: float | None = None) -> Driver:
    """A started driver of a checked table with steady computer players (and the
    people's turn timer of ``turn_seconds``, and a grace time, if given)."""
    table = CheckedTable(options or Options(), seed, seats, level, turn_seconds, grace)
    driver = Driver(table, factory)
    driver.hold = hold
    driver.start()
    return driver


def cards(table: Table, seat: Seat) -> list[Card]:
    """``seat``'s hand as a person sees it drawn."""
    return seat_state(table, seat).cards


def choose_three(table: Table, seat: Seat) -> list[Card]:
    """Three cards ``seat`` may pass (never the queen of spades)."""
    return [c for c in cards(table, seat) if c != QS][:3]


def person_passes(driver: Driver, seat: Seat = Seat.SOUTH) -> list[Card]:
    """Choose three cards for a person and pass them; the cards passed."""
    cards = choose_three(driver.table, seat)
    driver.send(ev.Pass(seat, tuple(cards)))
    return cards


def deal_and_pass(driver: Driver, seat: Seat = Seat.SOUTH) -> list[Card]:
    """Deal and pass for ``seat`` (the only person); the cards passed."""
    driver.send(ev.Deal(seat))
    return person_passes(driver, seat)


def play_lowest(driver: Driver, seat: Seat) -> Card:
    """Play ``seat``'s lowest legal card; the card."""
    hand = driver.table.hand
    assert hand is not None and hand.turn == seat
    card = hand.legal_plays()[0]
    driver.send(ev.Play(seat, card))
    return card


def play_out_hand(driver: Driver, limit: int = 200) -> None:
    """Play the people's lowest legal cards until the hand is over."""
    table = driver.table
    for _ in range(limit):
        hand = table.hand
        assert hand is not None
        if hand.phase is Phase.OVER and table.stage is Stage.IDLE:
            return
        turn = hand.turn
        assert turn is not None and table.is_person(turn), (table.stage, turn)
        play_lowest(driver, turn)
    raise AssertionError("the hand never ended")


def progress_event(table: Table, pick: random.Random) -> ev.Event | None:
    """A person's event that moves the hand on: a legal card, a pass, or the end
    of the received pause (None if no person has anything to do)."""
    hand = table.hand
    if hand is None:
        return None
    if table.stage is Stage.RECEIVED:
        return ev.Continue(pick.choice(table.people))
    if hand.turn is not None and table.is_person(hand.turn) and not table.claimed:
        return ev.Play(hand.turn, pick.choice(hand.legal_plays()))
    waiting = [seat for seat in table.people if seat_state(table, seat).can(Action.PASS)]
    if not waiting:
        return None
    seat = pick.choice(waiting)
    return ev.Pass(seat, tuple(pick.sample(hand.passable(seat), 3)))


def rebuilt(match: Match) -> Match:
    """The match as the store brings it back: every hand replayed from its record."""
    hands = [Hand.from_record(hand.record()) for hand in match.hands]
    copy = Match(hands[-1].rules if hands else match.rules, match.seed)
    copy.hands = hands
    return copy


def restored(table: Table, state: dict[str, Any] | None = None, match: Match | None = None,
             assisted: bool | None = None) -> CheckedTable:
    """A new table (same seats, options and level) restored from ``table``'s match
    (rebuilt from its records) and state, or the ones given."""
    copy = CheckedTable(table.options, 0, table.seats, table.level_override, table.turn_seconds)
    restore(copy, rebuilt(match or table.match), table.state() if state is None else state,
            table.assisted if assisted is None else assisted)
    return copy


def prompts(table: Table) -> dict[Seat, Prompt]:
    """What every person's prompt asks now."""
    return {seat: seat_state(table, seat).prompt for seat in table.people}


def stage(table: Table) -> Stage:
    """The table's stage now. Read through a call where a test checked the stage
    before sending events: mypy would keep ``table.stage`` narrowed by that check."""
    return table.stage


def phase(hand: Hand) -> Phase:
    """The hand's phase now (read through a call, as :func:`stage`)."""
    return hand.phase


def said(driver: Driver, seat: Seat | None = None) -> list[Notice]:
    """The notices told so far (to ``seat``, or to everyone when it is None)."""
    return [s.notice for s in driver.said if seat is None or s.seat in (None, seat)]


def kinds(driver: Driver, seat: Seat | None = None) -> list[NoticeKind]:
    """The kinds of the notices told so far."""
    return [notice.kind for notice in said(driver, seat)]


def check_hand(hand: Hand) -> None:
    """The hand obeys the rules: all 52 cards accounted for once, tricks of four
    won by the right seat, points that sum as the scoring says."""
    held = [c for seat in Seat for c in hand.holding(seat)]
    in_trick = [card for _, card in hand.trick]
    taken = [c for seat in Seat for c in hand.taken(seat)]
    everything = held + in_trick + taken
    assert len(everything) == 52 and set(everything) == set(Card.all())
    assert len(hand.plays) == 4 * len(hand.tricks) + len(hand.trick)
    assert len(hand.trick) < 4
    counts = [len(hand.holding(seat)) for seat in Seat]
    assert sum(counts) == 52 - len(hand.plays)
    for trick in hand.tricks:
        assert len(trick.cards) == 4
        led = trick.cards[0].suit
        best = max((c for c in trick.cards if c.suit == led), key=lambda c: c.rank)
        assert trick.winner == dict((card, seat) for seat, card in trick.plays())[best]
    values = [hand.rules.card_points(card) for card in Card.all()]
    gains = sum(v for v in values if v > 0)
    losses = sum(v for v in values if v < 0)
    if hand.phase is Phase.OVER:
        assert not hand.trick and len(hand.tricks) == 13
        moon = 3 * gains + losses
        assert sum(hand.points) == (gains + losses if hand.shooter is None else moon)
    else:
        assert sum(hand.points) == sum(hand.rules.card_points(c) for c in taken)


def answer(driver: Driver, request: Decide | Wait) -> list[Effect]:
    """Take ``request`` off the driver's due list and answer it now."""
    driver.due.remove(request)
    return driver.send(driver.answer(request))


def due_decisions(driver: Driver, kind: str | None = None) -> list[Decide]:
    """The decisions due, of ``kind`` if given."""
    return [r for r in driver.due if isinstance(r, Decide) and kind in (None, r.kind)]


def due_waits(driver: Driver) -> list[Wait]:
    """The pauses due."""
    return [r for r in driver.due if isinstance(r, Wait)]


def flush(driver: Driver, limit: int = 1000) -> None:
    """Answer everything due, decisions before pauses (as an unheld driver does)."""
    for _ in range(limit):
        if not driver.due:
            return
        request = next((r for r in driver.due if isinstance(r, Decide)), driver.due[0])
        answer(driver, request)
    raise AssertionError("requests kept coming")


def answer_decisions(driver: Driver) -> None:
    """Answer every decision due, but no pause."""
    while due_decisions(driver):
        answer(driver, due_decisions(driver)[0])


def to_first_card(driver: Driver, seat: Seat = Seat.SOUTH) -> None:
    """Deal, pass for ``seat`` (the only person), answer the computers' passes and
    end the received pause: the first card of the hand is due."""
    driver.send(ev.Deal(seat))
    person_passes(driver, seat)
    answer_decisions(driver)
    (received,) = due_waits(driver)
    answer(driver, received)
    assert driver.table.stage is Stage.PLAYING


def step(driver: Driver, choose: Callable[[Hand], Card] = lambda hand: hand.legal_plays()[0]
         ) -> list[Effect]:
    """One ordinary move of a held driver: answer the first decision due; else a
    person whose turn it is plays (``choose``: their lowest legal card); else the
    first pause runs out. The effects of that move."""
    table = driver.table
    hand = table.hand
    if due_decisions(driver):
        return answer(driver, due_decisions(driver)[0])
    if hand is not None and hand.turn is not None and table.is_person(hand.turn) \
            and table.stage is Stage.PLAYING and not table.claimed:
        return driver.send(ev.Play(hand.turn, choose(hand)))
    return answer(driver, due_waits(driver)[0])
