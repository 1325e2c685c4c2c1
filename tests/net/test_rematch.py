"""The vote to play again on its own (hearts.net.tables.rematch): after a match
at a table of several people, the new match begins only once every person
present agreed; those who went are not waited for."""

from __future__ import annotations

from collections.abc import Mapping

from hearts.cards import Seat
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.people import People
from hearts.net.tables.rematch import Rematch
from hearts.table import Notice, NoticeKind


class _Table:
    """Three people at a table whose match is over (unless told otherwise); what
    was dealt and told is written down."""

    def __init__(self, people: int = 3) -> None:
        self.over = True
        self.dealt: list[Seat] = []
        self.told: list[tuple[Notice, dict[Seat, Notice]]] = []
        self.people = People("t1", people, lambda event: None, lambda: None)
        for name in ("Ann", "Bob", "Cy")[:people]:
            self.people.take(name, None, Outbox())
        self.rematch = Rematch(self.people, lambda: self.over, self.dealt.append, self._tell)

    def _tell(self, notice: Notice, apart: Mapping[Seat, Notice]) -> None:
        self.told.append((notice, dict(apart)))


def test_the_last_to_agree_deals_and_everyone_is_told_who_agreed() -> None:
    table = _Table()
    assert table.rematch.vote(Seat.SOUTH)
    waiting = Notice(NoticeKind.AGAIN_WAITING, count=2)
    assert table.told == [(Notice(NoticeKind.AGAIN, seat=Seat.SOUTH, count=2),
                           {Seat.SOUTH: waiting})]
    assert table.rematch.vote(Seat.WEST)
    assert table.told[-1][0].count == 1 and set(table.told[-1][1]) == {Seat.SOUTH, Seat.WEST}
    assert not table.rematch.vote(Seat.NORTH)  # the last: the deal goes ahead
    assert table.rematch.agreed == set() and table.dealt == []


def test_deal_is_no_vote_before_the_match_is_over_or_alone() -> None:
    table = _Table()
    table.over = False
    assert not table.rematch.vote(Seat.SOUTH) and table.told == []
    alone = _Table(people=1)
    assert not alone.rematch.vote(Seat.SOUTH) and alone.told == []


def test_those_who_went_are_not_waited_for() -> None:
    table = _Table()
    table.rematch.vote(Seat.SOUTH)
    table.rematch.vote(Seat.NORTH)
    cy = table.people.holders[Seat.WEST]
    assert cy.outbox is not None
    table.people.dropped(cy, cy.outbox)
    table.rematch.went()
    assert table.dealt == [Seat.SOUTH] and table.rematch.agreed == set()


def test_one_who_left_takes_their_vote_with_them() -> None:
    table = _Table()
    table.rematch.vote(Seat.SOUTH)
    ann = table.people.holders[Seat.SOUTH]
    table.people.leave(ann)
    table.rematch.went(Seat.SOUTH)
    assert table.dealt == [] and table.rematch.agreed == set()  # nobody agreed now
