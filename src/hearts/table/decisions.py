"""Who decides when no person does, and what their answers are worth.

:class:`Decisions` asks the computer players for the decisions due: a
computer seat's pass and card, a person's whose turn timer ran out, each as
the player the hand's record names (its level and seed, so a resumed hand
plays on as before). It starts the people's turn timers, and checks every
answer (a computer player's or the adviser's) against the rules: an illegal
one counts as a failure (asked again, then of the level below:
:meth:`Requests.failed <hearts.table.requests.Requests.failed>`).

It keeps no state of its own: what was asked is in the table's
:class:`~hearts.table.requests.Requests`, where the table stands is read
through a :class:`~hearts.table.situation.Situation`, and an answer worth
acting on is handed back to the table, which makes the pass or plays the card.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Literal

from hearts.cards import SEATS, Card, Seat
from hearts.duplicate import decision_view, player_seed
from hearts.hand import Hand, SeatPlayer
from hearts.levels import Level
from hearts.rules import Reason, Refusal
from hearts.seeds import computer_seed
from hearts.table import events as ev
from hearts.table.effects import Effect, Say
from hearts.table.notices import Notice, NoticeKind
from hearts.table.requests import Ask, Key, Pause, Requests
from hearts.table.seats import record_decider
from hearts.table.situation import Situation
from hearts.table.stage import Stage

__all__ = ["Decisions"]


class Decisions:
    """The decisions a table asks of computer players, the people's turn timers, and
    the answers checked."""

    def __init__(self, table: Situation, requests: Requests) -> None:
        self._table = table
        self._requests = requests

    def computer(self, seat: Seat) -> SeatPlayer:
        """The computer player that plays ``seat`` in the hand just dealt, until (or
        unless) a person takes it."""
        return SeatPlayer(self._table.level_of(seat).name.lower(), self._computer_seed(seat))

    def ask_passes(self, hand: Hand, key: Key, out: list[Effect]) -> None:
        """Ask each computer seat for its pass (once), and start the turn timer on the
        people still choosing theirs."""
        requests = self._requests
        for seat in SEATS:
            if self._table.seating(seat).computer_decides and not hand.passed(seat) \
                    and not requests.asked(seat):
                self._ask(out, hand, seat, "pass", key)
        waiting = [seat for seat in self._table.people if not hand.passed(seat)]
        seconds = self._table.turn_seconds
        if waiting and not requests.timing and seconds is not None:
            requests.start_timer(out, waiting[0], key, seconds)

    def ask_card(self, hand: Hand, seat: Seat, key: Key, out: list[Effect]) -> None:
        """Ask the computer player in ``seat`` for its card, unless it was asked or
        has decided already; the card shows after a pause (none while a settled hand
        is played out)."""
        requests = self._requests
        if not requests.asked(seat) and not requests.has_card(seat):
            self._ask(out, hand, seat, "play", key)
            if not self._table.claimed:
                requests.pause(out, self._table.options.speed.card_delay, Pause.CARD)

    def time_turn(self, seat: Seat, key: Key, out: list[Effect]) -> None:
        """Start the turn timer on the person whose card is due."""
        seconds = self._table.turn_seconds
        if seconds is not None and not self._requests.timing \
                and not self._requests.deciding(seat):
            self._requests.start_timer(out, seat, key, seconds)

    def timed_out(self, seat: Seat, timed: Key, key: Key, out: list[Effect]) -> None:
        """A person's turn timer (for position ``timed``; the match is at ``key``) ran
        out: a computer player decides for them, once, and everyone is told."""
        table = self._table
        hand = table.hand
        if hand is None or timed != key or not table.is_person(seat):
            return
        # a hint on its way gives way to the decision made for the person
        if table.stage is Stage.PASSING:
            late = [s for s in table.people
                    if not hand.passed(s) and not self._requests.deciding(s)]
            for each in late:
                self._ask(out, hand, each, "pass", key, timed_out=True)
                out.append(Say(Notice(NoticeKind.TIMED_OUT, each)))
        elif table.to_play(seat) and not self._requests.deciding(seat):
            self._ask(out, hand, seat, "play", key, timed_out=True)
            out.append(Say(Notice(NoticeKind.TIMED_OUT, seat)))

    def answer(self, event: ev.Decided, key: Key,
               out: list[Effect]) -> tuple[Ask, tuple[Card, ...]] | None:
        """The request ``event`` answers and its cards, when the table is to act on
        them now (a hint to show, a pass to make, a card to play). None when the
        answer is stale, illegal (a failure, told), or a computer card kept until its
        pause runs out."""
        ask = self._requests.asked_by(event.token)
        hand = self._table.hand
        if ask is None or hand is None or ask.key != key:
            return None
        if event.level is not None and event.level < ask.level:
            ask = dataclasses.replace(ask, level=event.level)  # recorded as made by it
        why = self._refusal(ask, hand, event.cards)
        if why is not None:
            noun = "card" if ask.kind == "play" else ask.kind
            self.failed(ev.Failed(ask.token, f"an illegal {noun} ({why})"), out)
            return None
        self._requests.answered(ask.seat)
        if ask.kind != "play" or self._table.claimed or self._requests.card_waited \
                or ask.timed_out:
            return ask, event.cards
        # recorded only once played: a saved record names no card not yet played
        self._requests.keep_card(ask, event.cards[0])
        return None

    def failed(self, event: ev.Failed, out: list[Effect]) -> None:
        """A decision raised (or was illegal): see :meth:`Requests.failed
        <hearts.table.requests.Requests.failed>`."""
        hand = self._table.hand
        if hand is not None:
            self._requests.failed(event, functools.partial(decision_view, hand), out)

    def record(self, ask: Ask, play: int | None) -> None:
        """Record in the hand that the player ``ask`` went to made this decision (the
        pass, or the card at index ``play``), if the seat is not its own."""
        record_decider(self._table.hand, ask.seat, play, ask.level.name.lower(), ask.seed)

    def _refusal(self, ask: Ask, hand: Hand, cards: tuple[Card, ...]) -> str | None:
        """Why ``cards`` are no answer to ``ask`` now (the advice of a hint is checked
        as the person's own decision would be), or None."""
        if ask.kind == "pass" or (ask.kind == "hint" and self._table.stage is Stage.PASSING):
            refusal = (hand.refuse_pass(ask.seat, cards) if len(cards) == 3
                       else Refusal(Reason.THREE_CARDS))
        elif len(cards) != 1:
            if ask.kind == "play":
                return "no card"
            refusal = Refusal(Reason.NOT_YOUR_TURN, seat=hand.turn)
        else:
            refusal = hand.refuse_play(cards[0])
        return None if refusal is None else str(refusal)

    def _ask(self, out: list[Effect], hand: Hand, seat: Seat, kind: Literal["pass", "play"],
             key: Key, timed_out: bool = False) -> None:
        level, seed = self._player_of(hand, seat)
        self._requests.ask(out, seat, kind, key, level, seed, decision_view(hand, seat),
                           timed_out=timed_out)

    def _player_of(self, hand: Hand, seat: Seat) -> tuple[Level, int]:
        """The level and seed of the computer player in ``seat`` for this hand, as
        the hand's record names them (so a resumed hand plays on as before)."""
        named = hand.players[seat] if hand.players is not None else None
        if named is not None and named.seed is not None:
            try:
                return Level.parse(named.player), named.seed
            except ValueError:
                pass  # not one of our levels: the table's level plays the seat
        return self._table.level_of(seat), self._computer_seed(seat)

    def _computer_seed(self, seat: Seat) -> int:
        """The seed of the computer player in ``seat`` for the hand just dealt (in a
        duplicate evening, the one that holds those cards in every round)."""
        hand = self._table.hand
        if hand is not None and hand.duplicate is not None:
            return player_seed(hand.duplicate, seat)
        return computer_seed(self._table.seed, self._table.deals, seat)
