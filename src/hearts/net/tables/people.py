"""The people's seats at a network table: who holds each seat, the token that
takes it back and its live connection; a person taking a seat, dropping and
leaving, and the host freeing a seat, giving it to a computer player for good
or giving its person a new token for another device.

A seat belongs to its token: a person comes back to their seat only with the
token the table gave them, never by their name, and no two people at one
table share a name. Each move that the table's flow must know (a person sat
down, came back, dropped, left; a seat freed or given to a computer player) is
handed to it as the table's own event, and the seats are kept on disk before
a token is given out.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hearts.cards import Seat
from hearts.match import Match
from hearts.net.tables.changes import SeatChanges
from hearts.net.tables.outbox import Outbox
from hearts.net.wire import messages as msg
from hearts.net.wire.codes import fresh_secret
from hearts.net.wire.errors import ErrorCode
from hearts.net.wire.names import name_key
from hearts.table import Notice, NoticeKind, Presence, Seating
from hearts.table import events as ev
from hearts.view import Phase

__all__ = ["PEOPLE_ORDER", "JoinRefused", "People", "SeatHolder"]

PEOPLE_ORDER = (Seat.SOUTH, Seat.NORTH, Seat.WEST, Seat.EAST)
"""The seats people take, in order: two people sit across from each other."""


class JoinRefused(ValueError):
    """A ``join`` the table refuses: the code, and why in words."""

    def __init__(self, code: ErrorCode, text: str) -> None:
        super().__init__(text)
        self.code = code
        """What the client acts on."""


@dataclass
class SeatHolder:
    """A person's seat: who took it, the token that takes it back, its connection."""

    seat: Seat
    name: str = ""
    token: str | None = None
    """None while no person holds the seat."""
    gone: bool = False
    """The host gave the seat to a computer player for good."""
    delivered: int = 0
    """How many finished hands of the current match were sent to this person."""
    match_seed: int | None = None
    """The match those hands belong to."""
    stood_in: bool = False
    """A computer player stands in for the seat (nobody came in its grace time, its
    person left, or the host freed it): kept, so that a restarted table goes on
    with it at once instead of waiting the grace time again."""
    outbox: Outbox | None = None
    """The live connection, if any."""
    grace: asyncio.TimerHandle | None = None
    """The timer that puts a computer player in the seat of a person who dropped."""
    changes: SeatChanges = field(default_factory=SeatChanges)
    """What this seat was sent, and its last changes (kept across connections)."""
    joined_with: str | None = None
    """The token the live connection joined with (an older one than :attr:`token`
    once the host gave the seat a new one for another device)."""
    needs_whole: bool = True
    """This connection holds no state yet (a new one, or it asked for the whole):
    the next redraw sends it whole, or the changes it missed."""

    @property
    def seated(self) -> bool:
        """A person holds this seat (connected or not) and has not given it up."""
        return self.token is not None and not self.gone

    def seating(self) -> Seating:
        """Who sits in the seat as the table starts (its person away until back, or
        stood in for as before)."""
        if self.gone:
            return Seating(Presence.COMPUTER)
        if self.stood_in:
            return Seating(Presence.STAND_IN, self.name if self.token is not None else None)
        if self.token is not None:
            return Seating(Presence.AWAY, self.name)
        return Seating(Presence.FREE)

    def to_json(self) -> dict[str, Any]:
        """What is kept on disk."""
        return {"name": self.name, "token": self.token, "gone": self.gone,
                "delivered": self.delivered, "match_seed": self.match_seed,
                "stood_in": self.stood_in}


class People:
    """The people's seats of the table ``table_id``: the first ``count`` of
    :data:`PEOPLE_ORDER` (the other seats are computer players'). ``play`` hands
    a seat's move to the table as its event; ``keep`` writes the seats to disk."""

    def __init__(self, table_id: str, count: int, play: Callable[[ev.SeatEvent], None],
                 keep: Callable[[], None]) -> None:
        self.table_id = table_id
        """The table's name, in what the host is told."""
        self.holders = {seat: SeatHolder(seat) for seat in PEOPLE_ORDER[:count]}
        """The people's seats, in :data:`PEOPLE_ORDER`."""
        self.creator: Seat | None = None
        """The seat of the person who started the table from the server's front page
        (they run it from their page as the host does from the terminal); None for
        the host's own tables, and once that person gave the seat up."""
        self._play = play
        self._keep = keep

    # --- kept on disk -------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The seats as kept on disk, by seat name."""
        return {msg.seat_name(s): h.to_json() for s, h in self.holders.items()}

    def restore(self, seats: dict[str, Any]) -> None:
        """Take the seats back as :meth:`to_json` kept them."""
        for name, kept in seats.items():
            holder = self.holders[Seat.parse(name)]
            holder.name = str(kept["name"])
            holder.token = kept["token"]
            holder.gone = bool(kept["gone"])
            holder.delivered = int(kept["delivered"])
            holder.match_seed = kept["match_seed"]
            holder.stood_in = bool(kept.get("stood_in", False))  # (older files: no)

    def seat_creator(self, name: str) -> SeatHolder:
        """Give the first person's seat to ``name`` (already checked), who started
        the table and so runs it (before the table starts)."""
        first = self.holders[PEOPLE_ORDER[0]]
        first.name, first.token = name, fresh_secret(16)
        self.creator = first.seat
        return first

    def seat_people(self, people: int) -> list[str]:
        """Give ``people`` seats to people from now on (before the table starts): new
        people's seats are free; a person's seat beyond the number is kept while a
        person holds it (the host may free it). Says what was done, in words."""
        said = []
        wanted = PEOPLE_ORDER[:people]
        for seat in wanted:
            if seat not in self.holders:
                self.holders[seat] = SeatHolder(seat)
        for seat, holder in list(self.holders.items()):
            if seat in wanted:
                continue
            if holder.seated:
                said.append(
                    f"Table {self.table_id}: {holder.name} keeps the {seat} seat although "
                    f"--people is {people} (type 'free {self.table_id} {str(seat).lower()}' "
                    "to give it to a computer player)")
            else:
                del self.holders[seat]
        self.holders = {seat: self.holders[seat] for seat in PEOPLE_ORDER
                        if seat in self.holders}
        said.append(f"Table {self.table_id}: {len(self.holders)} people's seats from now on")
        self._keep()
        return said

    # --- readings -----------------------------------------------------------------

    def seating(self, seat: Seat) -> Seating:
        """Who sits in ``seat`` as the table starts: a computer player in a seat that
        is no person's, else as its holder says (:meth:`SeatHolder.seating`)."""
        holder = self.holders.get(seat)
        return Seating(Presence.COMPUTER) if holder is None else holder.seating()

    def outboxes(self) -> list[Outbox]:
        """The live connections of the people's seats."""
        return [h.outbox for h in self.holders.values() if h.outbox is not None]

    # --- a person's moves ---------------------------------------------------------

    def take(self, name: str, token: str | None, outbox: Outbox
             ) -> tuple[SeatHolder, ev.SeatEvent]:
        """Seat a person on ``outbox`` (their own seat back with ``token``), and say
        what the table is to be told (they sat down, or came back); the seat is
        kept on disk before its token is sent. :class:`JoinRefused` says why not.
        A seat is given back only to its token, never to a name; a seat whose
        person is connected is taken over only with a newer token than the one
        that connection joined with (the host's link for a new device)."""
        if token is not None:
            holder = next((h for h in self.holders.values() if h.seated and h.token
                           and secrets.compare_digest(h.token.encode(), token.encode())),
                          None)
            if holder is None:
                raise JoinRefused(ErrorCode.BAD_TOKEN,
                                  "that token is not for a seat at this table")
            event: ev.SeatEvent = ev.Return(holder.seat)
        else:
            key = name_key(name)
            if any(h.seated and name_key(h.name) == key for h in self.holders.values()):
                raise JoinRefused(ErrorCode.NAME_TAKEN,
                                  f"someone at this table is already called {name}: choose "
                                  "another name (to take your own seat back, join from "
                                  "where you sat, or ask the host for your seat's link)")
            holder = next((h for h in self.holders.values()
                           if h.token is None and not h.gone), None)
            if holder is None:
                raise JoinRefused(ErrorCode.TABLE_FULL,
                                  "every person's seat at this table is taken")
            holder.token = fresh_secret(16)
            holder.name = name
            event = ev.Sit(holder.seat, name)
        if holder.outbox is not None:
            if holder.joined_with == holder.token:
                # a second window of the same person: the client asks again in a while
                raise JoinRefused(ErrorCode.SEAT_TAKEN,
                                  "that seat is played from another connection now")
            self._replace(holder, "your seat was taken over by another device")
        holder.outbox = outbox
        holder.joined_with = holder.token
        holder.needs_whole = True
        holder.stood_in = False
        self._keep()  # the token is kept before the person learns it
        return holder, event

    def dropped(self, holder: SeatHolder, outbox: Outbox) -> bool:
        """``holder``'s connection ``outbox`` ended: the table waits the grace time
        for them (everyone sees them away at once). False when ``outbox`` was no
        longer the seat's connection (nothing changed)."""
        if holder.outbox is not outbox:
            return False
        holder.outbox = None
        holder.joined_with = None
        self._play(ev.Drop(holder.seat))
        return True

    def leave(self, holder: SeatHolder) -> None:
        """``holder`` gives the seat up for good: a computer player plays it until
        someone takes it."""
        holder.token = None
        holder.name = ""
        holder.stood_in = True
        self._no_creator(holder.seat)
        self._keep()
        if holder.outbox is not None:
            holder.outbox.put(msg.NoticeMessage(Notice(NoticeKind.YOU_LEFT)))
            holder.outbox.close()
            holder.outbox = None
        self._play(ev.Leave(holder.seat))

    # --- the host's moves ---------------------------------------------------------

    def free_seat(self, seat: Seat) -> str:
        """The host frees ``seat``: its person (if any) is out, and a computer player
        plays it until someone takes it (a computer player's seat becomes a
        person's). Says what was done, in words."""
        holder = self.holders.get(seat)
        if holder is None:
            holder = self.holders[seat] = SeatHolder(seat)
        who = holder.name if holder.seated else None
        self._empty(holder, "the host freed your seat", gone=False)
        self._play(ev.FreeSeat(seat))
        return (f"{who}'s seat at {self.table_id} ({seat}) is free" if who
                else f"The {seat} seat at {self.table_id} is free")

    def seat_computer(self, seat: Seat) -> str:
        """The host gives ``seat`` to a computer player for good. Says so in words."""
        holder = self.holders.get(seat)
        if holder is None:
            return f"The {seat} seat at {self.table_id} is a computer player's already"
        who = holder.name if holder.seated else None
        self._empty(holder, "the host gave your seat to a computer player", gone=True)
        self._play(ev.SeatComputer(seat))
        return (f"A computer player has {who}'s seat at {self.table_id} ({seat})" if who
                else f"A computer player has the {seat} seat at {self.table_id}")

    def _empty(self, holder: SeatHolder, why: str, gone: bool) -> None:
        """The host takes ``holder``'s seat from its person (told ``why`` if
        connected): no token, no name, no creator there; ``gone`` for a computer
        player's for good, else stood in for until someone takes it."""
        if holder.outbox is not None:
            self._replace(holder, why)
        holder.token, holder.name, holder.gone, holder.stood_in = None, "", gone, not gone
        self._no_creator(holder.seat)
        self._keep()

    def new_token(self, seat: Seat) -> str | None:
        """A new token for ``seat``'s person (the host's link for a new device): the
        device that joins with it takes the seat over, even from a connection still
        open. None when no person holds the seat."""
        holder = self.holders.get(seat)
        if holder is None or not holder.seated:
            return None
        holder.token = fresh_secret(16)
        self._keep()
        return holder.token

    def _no_creator(self, seat: Seat) -> None:
        """The creator's seat was given up: whoever sits there next does not run
        the table (nobody does from the page any more)."""
        if seat == self.creator:
            self.creator = None

    def _replace(self, holder: SeatHolder, why: str) -> None:
        """Tell ``holder``'s live connection it no longer holds the seat, and close it."""
        assert holder.outbox is not None
        holder.outbox.put(msg.ErrorMessage(ErrorCode.REPLACED, why))
        holder.outbox.close()
        holder.outbox = None
        holder.joined_with = None

    # --- the finished hands -------------------------------------------------------

    def send_hands(self, holder: SeatHolder, match: Match, kept: int) -> bool:
        """Send ``holder`` the records of the finished hands of ``match`` they have
        not had yet, of the first ``kept`` (those the table's store keeps); True
        when some were sent (the seats are then to be kept on disk)."""
        if holder.outbox is None or holder.gone:
            return False
        if holder.match_seed != match.seed:
            holder.match_seed = match.seed
            holder.delivered = 0
        if min(kept, len(match.hands)) <= holder.delivered:
            return False  # (without looking at every hand of the match)
        finished = [h for h in match.hands if h.phase is Phase.OVER][:kept]
        if len(finished) <= holder.delivered:
            return False
        for hand in finished[holder.delivered:]:
            holder.outbox.put(msg.HandMessage(hand.record(), match.seed, holder.seat))
        holder.delivered = len(finished)
        return True

    def close(self) -> None:
        """Close every person's connection (the table closes)."""
        for holder in self.holders.values():
            if holder.outbox is not None:
                holder.outbox.close()
                holder.outbox = None
