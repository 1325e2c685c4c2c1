"""Hand-written judgement for the play of the cards, on the lean int core.

One function, :func:`judge_play`, picks a card from plain ints. The judgement
levels use it for their own decisions and the search levels use it for every
seat in their playouts, so it must be fast: no allocation beyond a few ints.

A card is an index ``suit * 13 + rank - 2``; a set of cards is a 52-bit mask.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from hearts.ai.kit import RuleKit
from hearts.core import (
    FULL_DECK,
    HEARTS,
    JACK_OF_DIAMONDS,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
)

__all__ = ["Skill", "judge_play", "naive_play", "point_value", "shoot_play"]

QS = QUEEN_OF_SPADES
BIG_SPADES = (1 << 50) | (1 << 51)
"""The king and ace of spades."""
BELOW_QUEEN = QS - 1
"""Every card with a lower index than the queen of spades."""


class Skill(NamedTuple):
    """What a judgement player pays attention to."""

    voids: bool
    """Track who has shown out of a suit."""
    moon: bool
    """Watch for moon shots: defend against them and try them."""


FULL_SKILL = Skill(voids=True, moon=True)
"""Everything noticed: the Club level, and every seat in the search's playouts."""


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def point_value(mask: int, kit: RuleKit) -> int:
    """The positive points among ``mask`` (hearts and the queen)."""
    return kit.hearts[(mask >> 26) & 0x1FFF] + (kit.queen if mask & QS else 0)


def judge_play(me: int, hand: int, legal: int, trick: Sequence[int], played: int,
               taken: Sequence[int], voids: Sequence[int], kit: RuleKit,
               skill: Skill = FULL_SKILL, threat: int = -1) -> int:
    """The card index judgement plays for seat ``me``.

    ``trick`` is the current trick's card indices in play order, ``played`` every
    card played (the trick included), ``taken`` each seat's taken cards and
    ``voids`` each seat's shown-out suits as a 4-bit mask (ignored unless
    ``skill.voids``). Seat ``threat`` (if not -1) is known to be going for the
    moon: while it alone has points it is treated as a shooter at once, and while
    no other seat has points, on a trick it wins whatever we play we keep our high
    cards and our points from it.
    """
    if not legal & (legal - 1):
        return _top(legal)
    out = FULL_DECK ^ played ^ hand
    n = len(trick)
    shooter = -1
    shooting = False
    lone = -1
    scored = (taken[0] | taken[1] | taken[2] | taken[3]) & POINT_CARDS
    if skill.moon and scored:
        count = 0
        for seat in range(4):
            if taken[seat] & POINT_CARDS:
                lone = seat
                count += 1
        if count == 1:
            value = point_value(taken[lone], kit)
            if lone == me:
                shooting = value * 2 >= kit.value and _can_run(hand, out)
            elif value * 5 >= kit.value * 2 or lone == threat:
                shooter = lone
        else:
            lone = -1
    if n == 0:
        return _lead(me, hand, legal, out, voids, kit, skill, shooting, shooter)
    guarding = threat >= 0 and threat != me and (shooter == threat or not scored)
    led = trick[0] // 13
    best = trick[0]
    position = 0
    points = kit.table[best]
    for i in range(1, n):
        card = trick[i]
        points += kit.table[card]
        if card > best and card // 13 == led:
            best = card
            position = i
    winner = (me - n + position) & 3
    if legal & SUIT_MASKS[led]:
        if guarding and winner == threat and not legal >> best:
            # It wins this trick whatever we play: keep the cards that may win later.
            return _low(legal & ~POINT_CARDS or legal)
        return _follow(me, legal, out, voids, kit, skill, n, led, best, winner, points,
                       shooting, shooter)
    if guarding and winner == threat:
        plain = legal & ~POINT_CARDS & ~JACK_OF_DIAMONDS
        if plain:
            return _lowest_rank(plain)
    return _discard(hand, legal, out, kit, winner, shooting, shooter, lone, me)


def _can_run(hand: int, out: int) -> bool:
    """Whether most of ``hand`` is top cards (a moon attempt may run)."""
    winners = 0
    for suit_mask in SUIT_MASKS:
        mine = hand & suit_mask
        if not mine:
            continue
        higher_out = out & suit_mask
        while mine:
            top = _top(mine)
            if higher_out >> top:
                break
            winners += 1
            mine ^= 1 << top
    return winners * 3 >= hand.bit_count() * 2


def _follow(me: int, legal: int, out: int, voids: Sequence[int], kit: RuleKit, skill: Skill,
            n: int, led: int, best: int, winner: int, points: int, shooting: bool,
            shooter: int) -> int:
    below = legal & ((1 << best) - 1)
    above = legal ^ below
    if shooting:
        return _top(above) if above else _low(legal)
    if shooter >= 0 and above and (points > 0 or winner == shooter):
        # Stop the moon: take the trick (cheaply when last).
        return _low(above) if n == 3 else _top(above)
    if n == 3:
        if points <= 0 and above:
            safe = above & ~QS
            if safe:
                return _top(safe)
            return _top(below) if below else _top(above)
        if below:
            return 49 if below & QS else _top(below)
        safe = above & ~QS
        return _top(safe) if safe else _top(above)
    if below:
        return 49 if below & QS else _top(below)
    if led == 3 and out & QS:
        under = above & BELOW_QUEEN
        return _top(under) if under else _low(above)
    if kit.jack and led == 1 and out & JACK_OF_DIAMONDS and above & ~(JACK_OF_DIAMONDS - 1):
        # A high diamond may catch the jack; play the highest.
        return _top(above)
    if out & POINT_CARDS:
        later = 3 - n
        suit_out = (out & SUIT_MASKS[led]).bit_count()
        danger = suit_out < later
        if skill.voids and not danger:
            for step in range(1, later + 1):
                if voids[(me + step) & 3] >> led & 1:
                    danger = True
                    break
        if danger:
            return _low(above)
    safe = above & ~QS
    return _top(safe) if safe else _top(above)


def _discard(hand: int, legal: int, out: int, kit: RuleKit, winner: int, shooting: bool,
             shooter: int, lone: int, me: int) -> int:
    if shooting:
        plain = legal & ~POINT_CARDS
        return _low(plain) if plain else _low(legal)
    if shooter >= 0 and winner == shooter:
        plain = legal & ~POINT_CARDS & ~JACK_OF_DIAMONDS
        if plain:
            return _highest_plain(plain, hand, out)
    if legal & QS:
        return 49
    if out & QS and legal & BIG_SPADES:
        return _top(legal & BIG_SPADES)
    if kit.jack and legal & ~JACK_OF_DIAMONDS:
        legal &= ~JACK_OF_DIAMONDS
    hearts = legal & HEARTS
    if hearts:
        if lone >= 0 and lone != me:
            # Keep the top heart as a moon stopper while one other seat has points.
            rest = hearts ^ (1 << _top(hearts))
            if rest:
                return _top(rest)
            plain = legal & ~HEARTS
            if plain:
                return _highest_plain(plain, hand, out)
        return _top(hearts)
    return _highest_plain(legal, hand, out)


def _lowest_rank(cards: int) -> int:
    """The lowest-ranked of ``cards`` (the first suit's on a tie): the card least
    likely to win a trick later."""
    best = -1
    for suit in range(4):
        mine = cards & SUIT_MASKS[suit]
        if mine:
            low = _low(mine)
            if best < 0 or low % 13 < best % 13:
                best = low
    return best


def _highest_plain(cards: int, hand: int, out: int) -> int:
    """The most awkward non-point card to keep: high, in a short suit."""
    best = -1
    best_score = -1000
    for suit in range(4):
        mine = cards & SUIT_MASKS[suit]
        if not mine:
            continue
        top = _top(mine)
        score = 4 * (top - 13 * suit) - (hand & SUIT_MASKS[suit]).bit_count()
        if suit == 3 and out & QS and top < 49:
            score -= 24
        if score > best_score:
            best_score = score
            best = top
    return best


def _lead(me: int, hand: int, legal: int, out: int, voids: Sequence[int], kit: RuleKit,
          skill: Skill, shooting: bool, shooter: int) -> int:
    if shooting:
        for suit in (0, 1, 3, 2):
            mine = legal & SUIT_MASKS[suit]
            if mine and not (out & SUIT_MASKS[suit]) >> _top(mine):
                return _top(mine)
        return _top(legal)
    points_out = out & POINT_CARDS
    best = -1
    best_cost = 1 << 30
    for suit, suit_mask in enumerate(SUIT_MASKS):
        mine = legal & suit_mask
        if not mine:
            continue
        low = (mine & -mine).bit_length() - 1
        suit_out = out & suit_mask
        lower_out = (suit_out & ((1 << low) - 1)).bit_count()
        cost = 3 * lower_out
        if not suit_out and points_out:
            cost += 40
        length = (hand & suit_mask).bit_count()
        if suit == 2:
            cost += 2 + kit.table[low]
            if shooter >= 0 and lower_out:
                cost += 6
        elif suit == 3:
            if hand & QS:
                cost += 8 if length < 5 else 2
            elif out & QS:
                if hand & BIG_SPADES:
                    cost += 6
                elif low < 49:
                    cost -= 4
        else:
            if length <= 2:
                cost -= 2
            if kit.jack and suit == 1 and out & JACK_OF_DIAMONDS and hand & ~(JACK_OF_DIAMONDS - 1):
                cost += 1
        if skill.voids and lower_out and points_out:
            for step in (1, 2, 3):
                if voids[(me + step) & 3] >> suit & 1:
                    cost += 8
                    break
        if cost < best_cost:
            best_cost = cost
            best = low
    return best


def naive_play(hand: int, legal: int, trick: Sequence[int]) -> int:
    """A careless player's card: duck with the highest loser, else play low; discard high."""
    if not trick:
        return _low(legal)
    led = trick[0] // 13
    if not legal & SUIT_MASKS[led]:
        return 49 if legal & QS else _top(legal)
    best = max(c for c in trick if c // 13 == led)
    below = legal & ((1 << best) - 1)
    return _top(below) if below else _low(legal)


def shoot_play(hand: int, legal: int, trick: Sequence[int], played: int) -> int:
    """The card a seat trying to shoot the moon plays: it draws the hearts first
    (with the lower of two sure winners, else its top heart while the others still
    hold enough low ones to duck with), then leads its surest winners, wins every
    trick it can (as cheaply as it can when last) and, when it cannot, keeps its
    high cards and its points."""
    if not legal & (legal - 1):
        return _top(legal)
    if not trick:
        out = FULL_DECK ^ played ^ hand
        hearts = legal & HEARTS
        if hearts and out & HEARTS:
            sure = hearts & ~((1 << _top(out & HEARTS)) - 1)
            if sure.bit_count() >= 2:
                return _low(sure)
            if sure or (out & HEARTS).bit_count() >= 6:
                return _top(hearts)
        best = -1
        best_key = (99, 0)
        for suit in range(4):
            mine = legal & SUIT_MASKS[suit]
            if not mine:
                continue
            top = _top(mine)
            key = ((out & SUIT_MASKS[suit] & ~((2 << top) - 1)).bit_count(),
                   -(hand & SUIT_MASKS[suit]).bit_count())
            if key < best_key:
                best_key = key
                best = top
        return best
    led = trick[0] // 13
    follow = legal & SUIT_MASKS[led]
    if follow:
        best = max(c for c in trick if c // 13 == led)
        above = follow & ~((1 << best) - 1)
        if above:
            return _low(above) if len(trick) == 3 else _top(above)
        return _low(follow)
    plain = legal & ~POINT_CARDS
    return _low(plain) if plain else _low(legal)
