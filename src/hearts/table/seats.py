"""Who sits in each seat, and how a seat moves: the seat lifecycle as events.

A seat is a computer player's, or a person's that is free, here, away or
played by a stand-in (:mod:`hearts.table.seating`). :class:`Seats` takes the
events that move a seat between these (:data:`~hearts.table.events.SeatEvent`):
sat down, dropped, came back, left, freed, given to a computer player; it
starts the grace time of a seat nobody decides for, has a computer player
stand in when the grace time is over, and tells each move to everyone as a
happening (:data:`~hearts.table.happenings.SeatMove`).

It also says who the hand's record gives each seat to (:meth:`Seats.players`)
and writes every decision another player makes apart
(:class:`~hearts.hand.StandIn`, :func:`record_decider`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import assert_never

from hearts.cards import SEATS, Seat
from hearts.hand import Hand, SeatPlayer, StandIn
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.table.effects import Effect
from hearts.table.happenings import HappeningLog
from hearts.table.requests import Requests
from hearts.table.seating import Presence, Seating, SeatSpec

__all__ = ["Seats", "record_decider"]


class Seats:
    """The four seats of a table: who sits in each, and the moves between them."""

    def __init__(self, specs: Sequence[SeatSpec], grace: float | None,
                 requests: Requests, happenings: HappeningLog) -> None:
        if len(specs) != 4:
            raise ValueError("a table has 4 seats")
        self._seating = [Seating.of(spec) for spec in specs]
        self.shared = sum(each.for_person for each in self._seating) > 1
        """Friends share the table (it was set up with more than one person's seat):
        the records name the people, and undo is not offered."""
        self.named = self.shared
        """People are shown by their names (a network table, even of one person),
        not by their seats."""
        self.grace = grace
        """How long the table waits for a person's seat that is free or whose person
        dropped, before a computer player stands in (None: for ever)."""
        self._quiet = {seat for seat in Seat if self._seating[seat].presence is Presence.AWAY}
        """Seats away since the table started (again): their return is not news."""
        self._requests = requests
        """Where the grace timers run, and what a seat that changes hands was asked."""
        self._happenings = happenings
        """The table's log, where each move is told."""
        self._recorded: list[SeatPlayer | None] = [None] * 4
        """The record of each seat's person last given to a hand: the next hand
        that names the same person shares it (a match's hands are kept whole)."""

    @property
    def now(self) -> tuple[Seating, ...]:
        """Who sits where now, in seat order."""
        return tuple(self._seating)

    def of(self, seat: Seat) -> Seating:
        """Who sits in ``seat`` now."""
        return self._seating[seat]

    @property
    def people(self) -> tuple[Seat, ...]:
        """The seats whose people are here and decide."""
        return tuple(seat for seat in SEATS if self._seating[seat].person_decides)

    def place(self, seat: Seat, seating: Seating) -> None:
        """Put ``seating`` in ``seat`` before the table starts (its person away until
        they come back, and nobody told when they do: they were not seen to go)."""
        self._seating[seat] = seating
        if seating.presence is Presence.AWAY:
            self._quiet.add(seat)

    def wait_for_absent(self, out: list[Effect]) -> None:
        """Start the grace timer of every seat nobody decides for that has none yet
        (the table starts, or starts again)."""
        for seat in Seat:
            if self._seating[seat].presence in (Presence.AWAY, Presence.FREE) \
                    and self._requests.grace_token(seat) is None:
                self._wait_for(seat, out)

    def handle(self, event: ev.SeatEvent, out: list[Effect]) -> None:
        """Who sits in a seat changes (see :mod:`hearts.table.seating`); a move that
        does not fit the seat as it is now changes nothing."""
        seat = event.seat
        now = self._seating[seat]
        name = now.name
        match event:
            case ev.Sit():
                if now.held or now.presence is Presence.COMPUTER:
                    return
                self._seat(seat, Seating(Presence.HERE, event.name), out)
                self._happenings.add(hp.SatDown(seat, event.name))
            case ev.Return():
                if not now.held or now.presence is Presence.HERE:
                    return
                quiet = seat in self._quiet
                self._seat(seat, Seating(Presence.HERE, name), out)
                if not quiet:  # (away since the table started again: nothing to tell)
                    self._happenings.add(hp.CameBack(seat, name))
            case ev.Drop():
                if now.presence is not Presence.HERE:
                    return
                self._seat(seat, Seating(Presence.AWAY, name), out)
                self._happenings.add(hp.Dropped(seat, name))
            case ev.Leave():
                if not now.held:
                    return
                self._seat(seat, Seating(Presence.STAND_IN), out)
                self._happenings.add(hp.Left(seat, name))
            case ev.FreeSeat():
                if not now.held and now.presence is not Presence.COMPUTER:
                    return
                self._seat(seat, Seating(Presence.STAND_IN), out)
                self._happenings.add(hp.Freed(seat, name))
            case ev.SeatComputer():
                if now.presence is Presence.COMPUTER:
                    return
                self._seat(seat, Seating(Presence.COMPUTER), out)
                self._happenings.add(hp.ComputerSeated(seat, name))
            case _:
                assert_never(event)

    def grace_over(self, seat: Seat, out: list[Effect]) -> None:
        """Nobody came for ``seat`` in time: a computer player stands in."""
        name = self._seating[seat].name
        self._seat(seat, Seating(Presence.STAND_IN, name), out)
        self._happenings.add(hp.StoodIn(seat, name))

    def players(self, dealt: tuple[SeatPlayer, ...] | None,
                computer: Callable[[Seat], SeatPlayer]) -> tuple[SeatPlayer, ...]:
        """Who the record of the hand just dealt gives each seat to: the person who
        holds it (here, away or stood in for); else the player the deal itself named
        (``dealt``: today's deal names its computer players), else ``computer(seat)``,
        the computer player that plays it until someone takes it."""
        return tuple(
            self._person(seat) if self._seating[seat].held
            else dealt[seat] if dealt is not None and dealt[seat].seed is not None
            else computer(seat) for seat in Seat)

    def _person(self, seat: Seat) -> SeatPlayer:
        """The record of the person in ``seat``: the one the hand before was given
        when it names the same person (a match keeps every hand)."""
        person = SeatPlayer("human", name=self._recorded_name(seat))
        kept = self._recorded[seat]
        if kept == person:
            return kept
        self._recorded[seat] = person
        return person

    def record_person(self, hand: Hand | None, seat: Seat, play: int | None) -> None:
        """Record that the person in ``seat`` made this decision (the pass, or the
        card at index ``play``) themselves."""
        record_decider(hand, seat, play, "human", None, self._recorded_name(seat))

    def _recorded_name(self, seat: Seat) -> str | None:
        """The name a hand record gives the person in ``seat``: theirs where people
        share the table, none for the one person of a game against the computer."""
        return self._seating[seat].name if self.shared else None

    def _seat(self, seat: Seat, seating: Seating, out: list[Effect]) -> None:
        """Put ``seating`` in ``seat``: whatever the seat was asked and has not
        answered is forgotten (a late answer is then ignored), and the table waits
        the grace time for a seat nobody decides for."""
        self._seating[seat] = seating
        self._quiet.discard(seat)
        self._requests.forget_seat(seat)
        if seating.presence in (Presence.AWAY, Presence.FREE):
            self._wait_for(seat, out)

    def _wait_for(self, seat: Seat, out: list[Effect]) -> None:
        """Start the grace timer of ``seat`` (free, or its person away)."""
        if self.grace is not None:
            self._requests.start_grace(out, seat, self.grace)


def record_decider(hand: Hand | None, seat: Seat, play: int | None, player: str,
                   seed: int | None, name: str | None = None) -> None:
    """Record who made ``seat``'s decision (the pass, or the card at index ``play``)
    in ``hand`` when it is not the player the hand's record gives the seat to."""
    if hand is None or hand.players is None:
        return
    owner = hand.players[seat]
    if (owner.player, owner.seed, owner.name) != (player, seed, name):
        hand.stand_ins.append(StandIn(seat, play, player, seed, name))

