"""The honesty rule: every request to decide carries exactly the deciding seat's
view of the hand, never another seat's cards."""

from __future__ import annotations

import dataclasses

import pytest

from hearts import Phase, Seat
from hearts.ai import Level
from hearts.options import Options
from hearts.table import Action, Decide, Effect, Stage, seat_state
from hearts.table import events as ev

from .helpers import (
    CheckedTable,
    answer,
    breaking,
    choose_three,
    due_decisions,
    due_waits,
    make_driver,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def test_every_request_of_a_hand_carries_its_seats_view_as_it_is_when_answered() -> None:
    driver = make_driver(hold=True, level=Level.CLUB, factory=breaking([Level.CLUB]))
    driver.send(ev.Deal(S))
    table = driver.table
    checked = {"pass": 0, "play": 0, "hint": 0}
    hinted: set[tuple[Phase, int]] = set()
    for _ in range(800):
        hand = table.hand
        assert hand is not None
        if hand.phase is Phase.OVER and table.stage is Stage.IDLE:
            break
        decisions = due_decisions(driver)
        if decisions:
            request = decisions[0]
            if request.token in table.waiting_on:
                assert request.view == hand.view(request.seat)
                others = set().union(*(hand.holding(s) for s in Seat if s != request.seat))
                assert not others & set(request.view.hand)
                checked[request.kind] += 1
            answer(driver, request)
        elif table.hint_due(S) and (hand.phase, len(hand.plays)) not in hinted:
            hinted.add((hand.phase, len(hand.plays)))
            driver.send(ev.AskHint(S))
        elif seat_state(table, S).can(Action.PASS):
            driver.send(ev.Pass(S, tuple(choose_three(table, S))))
        elif table.to_play(S) and table.stage is Stage.PLAYING:
            driver.send(ev.Play(S, hand.legal_plays()[0]))
        else:
            answer(driver, due_waits(driver)[0])
    assert table.stage is Stage.IDLE
    assert checked["pass"] >= 9 and checked["play"] >= 39 * 3  # with every retry and stand-in
    assert checked["hint"] >= 2


class PeekingTable(CheckedTable):
    """A table that shows a computer player the next seat's cards (to prove the
    check would catch it)."""

    def handle(self, event: ev.Event) -> list[Effect]:
        """Swap every request's view for another seat's."""
        effects = super(CheckedTable, self).handle(event)
        hand = self.hand
        assert hand is not None or not effects
        swapped: list[Effect] = [
            dataclasses.replace(e, view=hand.view(e.seat.offset(1))) if isinstance(e, Decide)
            and hand is not None else e for e in effects]
        self._check_decides(swapped)
        return swapped


def test_the_check_catches_a_view_of_another_seat() -> None:
    table = PeekingTable(Options(), 1)
    with pytest.raises(AssertionError, match="carries another view"):
        table.handle(ev.Deal(S))
