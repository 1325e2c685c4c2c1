"""The vote to play again at a network table: once a match is over at a table of
several people, Deal is a vote, and the new match begins only when every
person present has agreed. Everyone is told who agreed and how many are still
to; whoever goes (drops or leaves) is no longer waited for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from hearts.cards import Seat
from hearts.net.tables.people import People
from hearts.table import Notice, NoticeKind

__all__ = ["Rematch"]


class Rematch:
    """The vote of ``people``'s seats. ``over`` says whether the match is over;
    ``deal`` begins the new match (as that seat's Deal); ``tell`` tells everyone
    a notice, the seats of the mapping their own instead."""

    def __init__(self, people: People, over: Callable[[], bool], deal: Callable[[Seat], None],
                 tell: Callable[[Notice, Mapping[Seat, Notice]], None]) -> None:
        self.agreed: set[Seat] = set()
        """The people who agreed to play again since the match ended (Deal)."""
        self._people = people
        self._over = over
        self._deal = deal
        self._tell = tell

    def vote(self, seat: Seat) -> bool:
        """The person of ``seat`` pressed Deal: once a match is over with more than
        one person at the table, it is their vote. True while the deal waits for
        the others (everyone is told who agreed and how many are still to); False
        when it is to go ahead at once (no vote, or the last one)."""
        people = [h for h in self._people.holders.values() if h.seated]
        if not self._over() or len(people) < 2:
            self.agreed.clear()
            return False
        self.agreed.add(seat)
        waiting = [h for h in people if h.outbox is not None and h.seat not in self.agreed]
        if not waiting:
            self.agreed.clear()
            return False
        count = len(waiting)
        wanted = Notice(NoticeKind.AGAIN, seat=seat, count=count)
        agreed = Notice(NoticeKind.AGAIN_WAITING, count=count)
        self._tell(wanted, dict.fromkeys(self.agreed, agreed))
        return True

    def went(self, seat: Seat | None = None) -> None:
        """Someone went (``seat``: for good, their vote forgotten; None: dropped):
        if everyone still present had agreed, the new match begins."""
        if seat is not None:
            self.agreed.discard(seat)
        if not self.agreed or not self._over():
            return
        present = [h for h in self._people.holders.values()
                   if h.seated and h.outbox is not None]
        if all(h.seat in self.agreed for h in present):
            first = min(self.agreed)
            self.agreed.clear()
            self._deal(first)
