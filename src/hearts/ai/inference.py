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

from hearts.ai.kit import RuleKit
from hearts.core import HEARTS, POINT_CARDS, QUEEN_OF_SPADES
from hearts.view import PlayerView

__all__ = ["inferred_lacks", "lacks_of_view"]

QS = QUEEN_OF_SPADES
BIG_SPADES = (1 << 50) | (1 << 51)


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
                    if card != 49 and queen_out and not moon_guard:
                        lacks[seat] |= QS
                    if not moon_guard and lone < 0:
                        if card // 13 == 2:
                            lacks[seat] |= HEARTS & ~((2 << card) - 1)
                            if queen_out:
                                lacks[seat] |= BIG_SPADES
                        elif card != 49 and not (1 << card) & BIG_SPADES:
                            lacks[seat] |= HEARTS
                            if queen_out:
                                lacks[seat] |= BIG_SPADES
                elif card < 49 < best and not played & QS:
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


def lacks_of_view(view: PlayerView, kit: RuleKit) -> tuple[int, ...]:
    """:func:`inferred_lacks` of what ``view`` shows."""
    tricks: list[tuple[int, Sequence[int]]] = [
        (int(trick.leader), [card.index for card in trick.cards]) for trick in view.tricks]
    if view.trick:
        tricks.append((int(view.trick[0][0]), [card.index for _, card in view.trick]))
    return inferred_lacks(int(view.seat), tricks, kit)
