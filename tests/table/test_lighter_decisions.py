"""A busy server's computer players may decide at a lighter level than the table's:
the hand's record names that level for each such decision, so the hand still
verifies, and a record that hides it does not."""

from __future__ import annotations

import dataclasses

from hearts import Phase, Seat
from hearts.ai import Level, make_player
from hearts.hand import HandRecord
from hearts.options import Options
from hearts.table import Decide, Stage, Table, Wait
from hearts.table import events as ev
from hearts.table.driver import Driver, decide
from hearts.verify import verify_record

S = Seat.SOUTH


class LightDriver(Driver):
    """Answers every decision asked of a searching level as Strong would, saying so."""

    def answer(self, request: Decide | Wait) -> ev.Event:
        if isinstance(request, Wait) or not request.level.searches \
                or request.level is Level.STRONG:
            return super().answer(request)
        cards = decide(make_player(Level.STRONG, request.seed), request)
        return ev.Decided(request.token, cards, Level.STRONG)


def played_hand(seed: int) -> HandRecord:
    """One hand at an Expert table, South's person playing the lowest legal card."""
    driver = LightDriver(Table(Options(difficulty=int(Level.EXPERT)), seed))
    driver.start()
    table = driver.table
    driver.send(ev.Deal(S))
    hand = table.hand
    assert hand is not None
    for _ in range(200):
        if hand.phase is Phase.OVER and table.stage is Stage.IDLE:
            return hand.to_record()
        if hand.phase is Phase.PASSING and not table.passed(S):
            driver.send(ev.Pass(S, tuple(hand.passable(S)[:3])))
        elif table.to_play(S):
            driver.send(ev.Play(S, hand.legal_plays()[0]))
        else:
            driver.send(ev.Continue(S))
    raise AssertionError("the hand never ended")


def test_a_lighter_decision_is_recorded_as_made_by_its_level_and_verifies() -> None:
    record = played_hand(seed=11)
    assert record.players is not None
    assert {record.players[seat].player for seat in Seat if seat is not S} == {"expert"}
    lighter = {(s.seat, s.player) for s in record.stand_ins}
    assert lighter == {(seat, "strong") for seat in Seat if seat is not S}
    # every decision of the three computers: 3 passes and their 39 cards
    assert len(record.stand_ins) == 3 + 39
    assert verify_record(record).verified


def test_a_record_that_hides_the_lighter_level_does_not_verify() -> None:
    record = played_hand(seed=11)
    hidden = dataclasses.replace(record, stand_ins=())  # as if the Expert made them
    verdict = verify_record(hidden)
    assert not verdict.verified and "expert" in verdict.message.lower()
