"""Who sits in each seat: the seat lifecycle, as events of the table.

A seat is a computer player's, or a person's that is free, here, away or
played by a stand-in (:mod:`hearts.table.seating`). :class:`SeatLifecycle`
takes the events that move a seat between these (:data:`~hearts.table.events.SeatEvent`),
starts the grace time of a seat nobody decides for, and says each move to
everyone. It also writes who made each decision into the hand's record: the
record gives a seat to its owner at the deal (:meth:`SeatLifecycle._owner`),
and every decision another player makes is recorded apart
(:class:`~hearts.hand.StandIn`).
"""

from __future__ import annotations

from typing import assert_never

from hearts.cards import Seat
from hearts.hand import SeatPlayer, StandIn
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.table.base import TableState
from hearts.table.effects import Effect, Wait
from hearts.table.notices import Notice, NoticeKind
from hearts.table.seating import Presence, Seating

__all__ = ["SeatLifecycle"]


class SeatLifecycle(TableState):
    """The table's seat events, and the records of who decided."""

    def _seat_event(self, event: ev.SeatEvent, out: list[Effect]) -> None:
        """Who sits in a seat changes (see :mod:`hearts.table.seating`)."""
        seat = event.seat
        now = self._seating[seat]
        name = now.name
        match event:
            case ev.Sit():
                if now.held or now.presence is Presence.COMPUTER:
                    return
                self._seat(seat, Seating(Presence.HERE, event.name), out)
                self._tell(hp.SatDown(seat, event.name))
                self._say(out, None, Notice(NoticeKind.JOINED, seat, name=event.name))
            case ev.Return():
                if not now.held or now.presence is Presence.HERE:
                    return
                quiet = seat in self._quiet
                self._seat(seat, Seating(Presence.HERE, name), out)
                if not quiet:  # (away since the table started again: nothing to tell)
                    self._tell(hp.CameBack(seat, name))
                    self._say(out, None, Notice(NoticeKind.BACK, seat, name=name))
            case ev.Drop():
                if now.presence is not Presence.HERE:
                    return
                self._seat(seat, Seating(Presence.AWAY, name), out)
                self._tell(hp.Dropped(seat, name))
                self._say(out, None, Notice(NoticeKind.AWAY, seat, name=name))
            case ev.Leave():
                if not now.held:
                    return
                self._seat(seat, Seating(Presence.STAND_IN), out)
                self._tell(hp.Left(seat, name))
                self._say(out, None, Notice(NoticeKind.LEFT, seat, name=name))
            case ev.FreeSeat():
                if not now.held and now.presence is not Presence.COMPUTER:
                    return
                self._seat(seat, Seating(Presence.STAND_IN), out)
                self._tell(hp.Freed(seat, name))
                self._say(out, None, Notice(NoticeKind.FREED, seat, name=name))
            case ev.SeatComputer():
                if now.presence is Presence.COMPUTER:
                    return
                self._seat(seat, Seating(Presence.COMPUTER), out)
                self._tell(hp.ComputerSeated(seat, name))
                self._say(out, None, Notice(NoticeKind.COMPUTER_SEATED, seat, name=name))
            case _:
                assert_never(event)

    def _seat(self, seat: Seat, seating: Seating, out: list[Effect]) -> None:
        """Put ``seating`` in ``seat``: whatever the seat was asked and has not
        answered is forgotten (a late answer is then ignored), and the table waits
        the grace time for a seat nobody decides for."""
        self._seating[seat] = seating
        self._quiet.discard(seat)
        self._asks.pop(seat, None)
        self._ready.pop(seat, None)
        self._graces.pop(seat, None)
        if self._timer is not None and self._timer[1] == seat:
            self._timer = None
        if seating.presence in (Presence.AWAY, Presence.FREE):
            self._wait_for(seat, out)

    def _wait_for(self, seat: Seat, out: list[Effect]) -> None:
        """Start the grace timer of ``seat`` (free, or its person away)."""
        if self.grace is not None:
            token = self._new_token()
            self._graces[seat] = token
            out.append(Wait(token, self.grace, scaled=False))

    def _grace_over(self, seat: Seat, out: list[Effect]) -> None:
        """Nobody came for ``seat`` in time: a computer player stands in."""
        del self._graces[seat]
        now = self._seating[seat]
        self._seat(seat, Seating(Presence.STAND_IN, now.name), out)
        self._tell(hp.StoodIn(seat, now.name))
        self._say(out, None, Notice(NoticeKind.STAND_IN, seat, name=now.name))

    def _owner(self, seat: Seat) -> SeatPlayer:
        """Who the record of the hand just dealt gives ``seat`` to: the person who
        holds it (here, away or stood in for), else the computer player that plays it
        until someone takes it. Every decision another makes is recorded apart
        (:class:`~hearts.hand.StandIn`)."""
        if self._seating[seat].held:
            return SeatPlayer("human", name=self._recorded_name(seat))
        return SeatPlayer(self.level_of(seat).name.lower(), self._computer_seed(seat))

    def _recorded_name(self, seat: Seat) -> str | None:
        """The name a hand record gives the person in ``seat``: theirs where people
        share the table, none for the one person of a game against the computer."""
        return self._seating[seat].name if self.shared else None

    def _record_decider(self, seat: Seat, play: int | None, player: str, seed: int | None,
                        name: str | None = None) -> None:
        """Record who made ``seat``'s decision (the pass, or the card at index ``play``)
        when it is not the player the hand's record gives the seat to."""
        hand = self.hand
        if hand is None or hand.players is None:
            return
        owner = hand.players[seat]
        if (owner.player, owner.seed, owner.name) != (player, seed, name):
            hand.stand_ins.append(StandIn(seat, play, player, seed, name))

    def _record_person(self, seat: Seat, play: int | None) -> None:
        """Record that the person in ``seat`` made this decision themselves."""
        self._record_decider(seat, play, "human", None, self._recorded_name(seat))
