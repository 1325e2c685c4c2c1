"""What the other seats' plays say about the cards they still hold.

Read from public information only (the finished tricks and the current one):
every seat is assumed to play roughly as judgement would. A seat that discards
something else while the queen of spades is out, or plays low under the ace or
king of spades, lacks the queen (a searching player sheds it whenever it may).
A seat that discards a plain card probably lacks hearts, and one that discards a
heart probably lacks higher hearts (and the ace and king of spades while the
queen is out). The search deals the unseen cards to respect the queen always and
the other guesses some of the time: a searching opponent often keeps a heart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple, final

from hearts.ai.judgement import Book, book, judge, of_seat, pack_voids
from hearts.ai.kit import RuleKit
from hearts.ai.playfeatures import log_chance
from hearts.core import HEARTS, POINT_CARDS, QUEEN_OF_SPADES, QUEEN_OF_SPADES_INDEX, legal_mask
from hearts.view import PlayerView

if TYPE_CHECKING:
    # A native 64-bit int to mypyc; an int everywhere else.
    from mypy_extensions import i64

__all__ = ["Observation", "Plays", "deal_likelihood", "inferred_lacks", "lacks_of_view",
           "observations", "observations_of_view"]

QS = QUEEN_OF_SPADES
BIG_SPADES = (1 << 50) | (1 << 51)

# mypyc 2.4 compiles ``1 << n`` on i64 to a C shift of a 32-bit int (wrong from
# bit 31 on): shifts start from this value, which it cannot fold.
ONE: Final[i64] = len("1")


def inferred_lacks(me: int, tricks: Sequence[tuple[int, Sequence[int]]], kit: RuleKit
                   ) -> tuple[int, ...]:
    """Each seat's cards it probably does not hold, as masks (ours is 0).

    ``tricks`` are ``(leader, cards)`` pairs in play order, finished tricks first
    and the current one (possibly incomplete) last.
    """
    lacks = [0, 0, 0, 0]
    played = 0
    taken = [0, 0, 0, 0]
    for number, (leader, cards) in enumerate(tricks):
        if not cards:
            continue
        led = cards[0] // 13
        lone = -1
        for seat in range(4):
            if taken[seat] & POINT_CARDS:
                lone = seat if lone == -1 else -2
        best = cards[0]
        winner = leader
        played |= 1 << cards[0]
        for position in range(1, len(cards)):
            card = cards[position]
            seat = (leader + position) & 3
            skip = seat == me or lone == seat or (number == 0 and kit.first_trick)
            if not skip:
                if card // 13 != led:
                    queen_out = not played & QS
                    moon_guard = lone >= 0 and lone == winner
                    if card != QUEEN_OF_SPADES_INDEX and queen_out and not moon_guard:
                        lacks[seat] |= QS
                    if not moon_guard and lone < 0:
                        if card // 13 == 2:
                            lacks[seat] |= HEARTS & ~((2 << card) - 1)
                            if queen_out:
                                lacks[seat] |= BIG_SPADES
                        elif card != QUEEN_OF_SPADES_INDEX and not (1 << card) & BIG_SPADES:
                            lacks[seat] |= HEARTS
                            if queen_out:
                                lacks[seat] |= BIG_SPADES
                elif card < QUEEN_OF_SPADES_INDEX < best and not played & QS:
                    lacks[seat] |= QS
            if card // 13 == led and card > best:
                best = card
                winner = seat
            played |= 1 << card
        if len(cards) == 4:
            mask = 0
            for card in cards:
                mask |= 1 << card
            taken[winner] |= mask
    lacks[me] = 0
    return tuple(lacks)


def _tricks_of_view(view: PlayerView) -> list[tuple[int, Sequence[int]]]:
    tricks: list[tuple[int, Sequence[int]]] = [
        (int(trick.leader), [card.index for card in trick.cards]) for trick in view.tricks]
    if view.trick:
        tricks.append((int(view.trick[0][0]), [card.index for _, card in view.trick]))
    return tricks


def lacks_of_view(view: PlayerView, kit: RuleKit) -> tuple[int, ...]:
    """:func:`inferred_lacks` of what ``view`` shows."""
    return inferred_lacks(int(view.seat), _tricks_of_view(view), kit)


class Observation(NamedTuple):
    """One card another seat played, with what that seat could see when it chose it."""

    seat: int
    """Who played it."""
    card: int
    """The card it played."""
    later: int
    """The cards that seat played after this one (so it held them then too)."""
    trick: tuple[int, ...]
    """The trick before the card."""
    played: int
    """Every card played before it."""
    taken: tuple[int, ...]
    """Each seat's taken cards before the trick."""
    voids: tuple[int, ...]
    """Each seat's shown-out suits before the card."""
    first: bool
    """It was the first trick."""
    broken: bool
    """Hearts were broken before the card."""


def observations(me: int, tricks: Sequence[tuple[int, Sequence[int]]]) -> tuple[Observation, ...]:
    """Every card the other seats played, in order, for weighing sampled deals by
    how likely judgement would have played them (``tricks`` as for
    :func:`inferred_lacks`)."""
    found: list[tuple[int, int, tuple[int, ...], int, tuple[int, ...], tuple[int, ...], bool,
                      bool]] = []
    played = 0
    taken = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    broken = False
    for number, (leader, cards) in enumerate(tricks):
        frozen_taken = tuple(taken)
        for position, card in enumerate(cards):
            seat = (leader + position) & 3
            if seat != me:
                found.append((seat, card, tuple(cards[:position]), played, frozen_taken,
                              tuple(voids), number == 0, broken))
            if position and card // 13 != cards[0] // 13:
                voids[seat] |= 1 << (cards[0] // 13)
            played |= 1 << card
            if card // 13 == 2:
                broken = True
        if len(cards) == 4:
            mask = 0
            for card in cards:
                mask |= 1 << card
            best = max(range(4), key=lambda i: (cards[i] // 13 == cards[0] // 13, cards[i]))
            taken[(leader + best) & 3] |= mask
    out = []
    later = [0, 0, 0, 0]
    for seat, card, trick, before, seen_taken, seen_voids, first, was_broken in reversed(found):
        out.append(Observation(seat, card, later[seat], trick, before, seen_taken, seen_voids,
                               first, was_broken))
        later[seat] |= 1 << card
    out.reverse()
    return tuple(out)


def observations_of_view(view: PlayerView) -> tuple[Observation, ...]:
    """:func:`observations` of what ``view`` shows."""
    return observations(int(view.seat), _tricks_of_view(view))


@final
class Plays:
    """The others' plays (:class:`Observation`) unpacked once into native ints, for
    weighing many sampled deals by :meth:`likelihood`."""

    def __init__(self, seen: Sequence[Observation], kit: RuleKit) -> None:
        self.rules: Book = book(kit)
        """The rules as judgement reads them."""
        self.first_lead: bool = kit.first_lead
        """The two of clubs must lead the first trick."""
        self.leading_hearts: bool = kit.leading_hearts
        """Hearts may not be led until broken."""
        self.first_trick: bool = kit.first_trick
        """No points on the first trick."""
        # One row of ints per play: seat, card, later, n, t0, t1, t2, played,
        # k0..k3, packed voids, first, broken.
        self.rows: list[list[int]] = []
        """Each play as a row of ints (see the comment above)."""
        for o in seen:
            n = len(o.trick)
            self.rows.append([
                o.seat, o.card, o.later, n, o.trick[0] if n else 0, o.trick[1] if n > 1 else 0,
                o.trick[2] if n > 2 else 0, o.played, o.taken[0], o.taken[1], o.taken[2],
                o.taken[3], pack_voids(o.voids), int(o.first), int(o.broken)])

    def likelihood(self, world: Sequence[int], miss: float, skip: int = -1) -> float:
        """:func:`deal_likelihood` of ``world`` for these plays."""
        weight = 1.0
        rules = self.rules
        w0: i64 = world[0]
        w1: i64 = world[1]
        w2: i64 = world[2]
        w3: i64 = world[3]
        for row in self.rows:
            seat: i64 = row[0]
            if seat == skip:
                continue
            card: i64 = row[1]
            hand = of_seat(seat, w0, w1, w2, w3) | row[2] | ONE << card
            n: i64 = row[3]
            t0: i64 = row[4]
            first = row[13] != 0
            legal = legal_mask(hand, t0 // 13 if n else -1, first, row[14] != 0,
                               self.first_lead, self.leading_hearts, self.first_trick)
            if legal & (legal - 1) and judge(seat, hand, legal, n, t0, row[5], row[6], row[7],
                                             row[8], row[9], row[10], row[11], row[12], rules,
                                             True, True, -1) != card:
                weight *= miss
        return weight

    def log_likelihood(self, world: Sequence[int], table: list[float], floor: float,
                       skip: int = -1, shooting: list[float] | None = None,
                       only: int = -1) -> float:
        """The log of how likely the others' plays were if they held ``world``,
        by the learned model of play (:mod:`hearts.ai.playfeatures`, weights
        ``table``): the sum over the plays of the log of the model's chance of the
        card played, each at least ``floor`` (a log: one surprise does not rule a
        deal out). The plays of seat ``skip`` are read with the ``shooting``
        table instead, or not at all when it is None; with ``only`` (a seat), the
        plays of the other seats are not read."""
        total = 0.0
        rules = self.rules
        first_lead = self.first_lead
        leading_hearts = self.leading_hearts
        first_trick = self.first_trick
        w0: i64 = world[0]
        w1: i64 = world[1]
        w2: i64 = world[2]
        w3: i64 = world[3]
        for row in self.rows:
            seat: i64 = row[0]
            if only >= 0 and seat != only:
                continue
            weights = table
            if seat == skip:
                if shooting is None:
                    continue
                weights = shooting
            card: i64 = row[1]
            hand = of_seat(seat, w0, w1, w2, w3) | row[2] | ONE << card
            chance = log_chance(weights, seat, hand, card, row[3], row[4], row[5], row[6],
                                row[7], row[8], row[9], row[10], row[11], row[12],
                                row[13] != 0, row[14] != 0, rules, first_lead, leading_hearts,
                                first_trick)
            total += chance if chance > floor else floor
        return total


def deal_likelihood(world: Sequence[int], seen: Sequence[Observation], kit: RuleKit,
                    miss: float, skip: int = -1) -> float:
    """How likely the others' plays were if they held ``world``: each play where
    judgement would have chosen another card counts ``miss`` (forced plays count 1).
    The plays of seat ``skip`` are not weighed (it is thought to play otherwise).

    Weighing many deals against the same plays, :class:`Plays` unpacks them once."""
    return Plays(seen, kit).likelihood(world, miss, skip)
