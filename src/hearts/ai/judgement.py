"""Hand-written judgement for the play of the cards, on the lean int core.

One function, :func:`judge_play`, picks a card from plain ints. The judgement
levels use it for their own decisions and the search levels use it for every
seat in their playouts, so it must be fast: no allocation beyond a few ints.

A card is an index ``suit * 13 + rank - 2``; a set of cards is a 52-bit mask.

The playout calls :func:`judge`, which takes the whole position as plain ints
(the trick's cards, each seat's taken cards, the voids packed four bits a seat)
and the rules as a :class:`Book`: compiled by mypyc, it then runs on native ints
and struct fields without touching a Python object. :func:`judge_play` unpacks
the public arguments into that form, so both run the same code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple, final

from hearts.ai.kit import RuleKit
from hearts.core import (
    CLUBS,
    FULL_DECK,
    HEARTS,
    JACK_OF_DIAMONDS,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_INDEX,
)

if TYPE_CHECKING:
    # A native 64-bit int to mypyc; an int everywhere else.
    from mypy_extensions import i64

__all__ = ["CLUBS_MASK", "ONE", "Book", "Skill", "book", "judge", "judge_play", "naive_play",
           "of_seat", "pack_voids", "point_value", "shoot", "shoot_play"]

QS: Final = QUEEN_OF_SPADES
BIG_SPADES: Final = (1 << 50) | (1 << 51)
"""The king and ace of spades."""
BELOW_QUEEN: Final = QS - 1
"""Every card with a lower index than the queen of spades."""

# mypyc 2.4 compiles ``1 << n`` on i64 to a C shift of a 32-bit int (wrong from
# bit 31 on): a constant's shifts must start from a value it cannot fold.
ONE: Final[i64] = len("1")
"""1, as a native int whose shifts are 64 bits wide."""
CLUBS_MASK: Final[i64] = ONE * CLUBS
"""The clubs, shifted by ``13 * suit`` for any suit's mask (64 bits wide, as :data:`ONE`)."""

_COUNTS: Final = tuple(bin(bits).count("1") for bits in range(8192))
"""How many cards a 13-bit suit holds, by the suit's bits (``int.bit_count`` is
a slow method call in compiled code)."""


class Skill(NamedTuple):
    """What a judgement player pays attention to."""

    voids: bool
    """Track who has shown out of a suit."""
    moon: bool
    """Watch for moon shots: defend against them and try them."""


FULL_SKILL = Skill(voids=True, moon=True)
"""Everything noticed: the Club level, and every seat in the search's playouts."""


@final
class Book:
    """The parts of a :class:`RuleKit` judgement reads, as native fields."""

    def __init__(self, kit: RuleKit) -> None:
        self.kit = kit
        """The kit these are read from."""
        self.hearts: tuple[int, ...] = kit.hearts
        """Points of a 13-bit set of hearts, indexed by the set."""
        self.queen: i64 = kit.queen
        """Points of the queen of spades."""
        self.value: i64 = kit.value
        """The positive points in a hand."""
        self.jack: bool = kit.jack
        """The jack of diamonds variant is on."""

    def positive(self, mask: i64) -> i64:
        """The positive points among ``mask`` (hearts and the queen)."""
        return self.hearts[(mask >> 26) & 0x1FFF] + (self.queen if mask & QS else 0)


_BOOKS: dict[int, Book] = {}


def book(kit: RuleKit) -> Book:
    """The :class:`Book` of ``kit`` (kept for the kit's lifetime)."""
    found = _BOOKS.get(id(kit))
    if found is None or found.kit is not kit:
        if len(_BOOKS) > 256:
            _BOOKS.clear()
        found = Book(kit)
        _BOOKS[id(kit)] = found
    return found


def pack_voids(voids: Sequence[int]) -> int:
    """Each seat's 4-bit void mask in one int, seat ``s`` at bits ``4 * s``."""
    return voids[0] | voids[1] << 4 | voids[2] << 8 | voids[3] << 12


# On plain ints: i64 has no bit_length, and the conversion costs next to nothing.
def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _count(mask: i64, suit: i64) -> i64:
    """How many cards of ``suit`` ``mask`` holds."""
    return _COUNTS[(mask >> (13 * suit)) & 0x1FFF]


def of_seat(seat: i64, a: i64, b: i64, c: i64, d: i64) -> i64:
    """The one of ``a``..``d`` that belongs to ``seat``."""
    if seat < 2:
        return a if seat == 0 else b
    return c if seat == 2 else d


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
    n = len(trick)
    rules = _BOOKS.get(id(kit))
    if rules is None or rules.kit is not kit:
        rules = book(kit)
    return judge(me, hand, legal, n, trick[0] if n else 0, trick[1] if n > 1 else 0,
                 trick[2] if n > 2 else 0, played, taken[0], taken[1], taken[2], taken[3],
                 voids[0] | voids[1] << 4 | voids[2] << 8 | voids[3] << 12 if skill.voids
                 else 0, rules, skill.voids, skill.moon, threat)


def judge(me: i64, hand: i64, legal: i64, n: i64, t0: i64, t1: i64, t2: i64, played: i64,
          k0: i64, k1: i64, k2: i64, k3: i64, voids: i64, rules: Book, see_voids: bool,
          moon: bool, threat: i64) -> i64:
    """:func:`judge_play` on plain ints: the trick is its ``n`` cards ``t0``..``t2``,
    ``k0``..``k3`` each seat's taken cards and ``voids`` packed by :func:`pack_voids`."""
    if not legal & (legal - 1):
        return _top(legal)
    out = FULL_DECK ^ played ^ hand
    shooter: i64 = -1
    shooting = False
    lone: i64 = -1
    scored = (k0 | k1 | k2 | k3) & POINT_CARDS
    if moon and scored:
        # The seats with points as bits; one bit alone: that seat alone has points.
        holders: i64 = ((1 if k0 & POINT_CARDS else 0) | (2 if k1 & POINT_CARDS else 0)
                        | (4 if k2 & POINT_CARDS else 0) | (8 if k3 & POINT_CARDS else 0))
        if not holders & (holders - 1):
            lone = _top(holders)
            value = rules.positive(of_seat(lone, k0, k1, k2, k3))
            if lone == me:
                shooting = value * 2 >= rules.value and _can_run(hand, out)
            elif value * 5 >= rules.value * 2 or lone == threat:
                shooter = lone
    if n == 0:
        return _lead(me, hand, legal, out, voids, rules, see_voids, shooting, shooter)
    guarding = threat >= 0 and threat != me and (shooter == threat or not scored)
    led = t0 // 13
    best = t0
    position: i64 = 0
    cards = ONE << t0
    if n > 1:
        cards |= ONE << t1
        if t1 > best and t1 // 13 == led:
            best = t1
            position = 1
        if n > 2:
            cards |= ONE << t2
            if t2 > best and t2 // 13 == led:
                best = t2
                position = 2
    points: i64 = rules.hearts[(cards >> 26) & 0x1FFF]
    if cards & QS:
        points += rules.queen
    if rules.jack and cards & JACK_OF_DIAMONDS:
        points -= 10
    winner = (me - n + position) & 3
    if legal & (CLUBS_MASK << (13 * led)):
        if guarding and winner == threat and not legal >> best:
            # It wins this trick whatever we play: keep the cards that may win later.
            return _low(legal & ~POINT_CARDS or legal)
        return _follow(me, legal, out, voids, rules, see_voids, n, led, best, winner, points,
                       shooting, shooter)
    if guarding and winner == threat:
        plain = legal & ~POINT_CARDS & ~JACK_OF_DIAMONDS
        if plain:
            return _lowest_rank(plain)
    return _discard(hand, legal, out, rules, winner, shooting, shooter, lone, me)


def _can_run(hand: i64, out: i64) -> bool:
    """Whether most of ``hand`` is top cards (a moon attempt may run)."""
    winners: i64 = 0
    cards: i64 = 0
    suit: i64
    for suit in range(4):
        cards += _count(hand, suit)
        suit_mask = CLUBS_MASK << (13 * suit)
        mine = hand & suit_mask
        if not mine:
            continue
        higher_out = out & suit_mask
        while mine:
            top = _top(mine)
            if higher_out >> top:
                break
            winners += 1
            mine ^= ONE << top
    return winners * 3 >= cards * 2


def _follow(me: i64, legal: i64, out: i64, voids: i64, rules: Book, see_voids: bool,
            n: i64, led: i64, best: i64, winner: i64, points: i64, shooting: bool,
            shooter: i64) -> i64:
    below = legal & ((ONE << best) - 1)
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
            return QUEEN_OF_SPADES_INDEX if below & QS else _top(below)
        safe = above & ~QS
        return _top(safe) if safe else _top(above)
    if below:
        return QUEEN_OF_SPADES_INDEX if below & QS else _top(below)
    if led == 3 and out & QS:
        under = above & BELOW_QUEEN
        return _top(under) if under else _low(above)
    if rules.jack and led == 1 and out & JACK_OF_DIAMONDS and above & ~(JACK_OF_DIAMONDS - 1):
        # A high diamond may catch the jack; play the highest.
        return _top(above)
    if out & POINT_CARDS:
        later = 3 - n
        danger = _count(out, led) < later
        if see_voids and not danger:
            step: i64
            for step in range(1, later + 1):
                if voids >> (4 * ((me + step) & 3) + led) & 1:
                    danger = True
                    break
        if danger:
            return _low(above)
    safe = above & ~QS
    return _top(safe) if safe else _top(above)


def _discard(hand: i64, legal: i64, out: i64, rules: Book, winner: i64, shooting: bool,
             shooter: i64, lone: i64, me: i64) -> i64:
    if shooting:
        plain = legal & ~POINT_CARDS
        return _low(plain) if plain else _low(legal)
    if shooter >= 0 and winner == shooter:
        plain = legal & ~POINT_CARDS & ~JACK_OF_DIAMONDS
        if plain:
            return _highest_plain(plain, hand, out)
    if legal & QS:
        return QUEEN_OF_SPADES_INDEX
    if out & QS and legal & BIG_SPADES:
        return _top(legal & BIG_SPADES)
    if rules.jack and legal & ~JACK_OF_DIAMONDS:
        legal &= ~JACK_OF_DIAMONDS
    hearts = legal & HEARTS
    if hearts:
        if lone >= 0 and lone != me:
            # Keep the top heart as a moon stopper while one other seat has points.
            rest = hearts ^ (ONE << _top(hearts))
            if rest:
                return _top(rest)
            plain = legal & ~HEARTS
            if plain:
                return _highest_plain(plain, hand, out)
        return _top(hearts)
    return _highest_plain(legal, hand, out)


def _lowest_rank(cards: i64) -> i64:
    """The lowest-ranked of ``cards`` (the first suit's on a tie): the card least
    likely to win a trick later."""
    best: i64 = -1
    suit: i64
    for suit in range(4):
        mine = cards & (CLUBS_MASK << (13 * suit))
        if mine:
            low = _low(mine)
            if best < 0 or low % 13 < best % 13:
                best = low
    return best


def _highest_plain(cards: i64, hand: i64, out: i64) -> i64:
    """The most awkward non-point card to keep: high, in a short suit."""
    best: i64 = -1
    best_score: i64 = -1000
    suit: i64
    for suit in range(4):
        mine = cards & (CLUBS_MASK << (13 * suit))
        if not mine:
            continue
        top = _top(mine)
        score = 4 * (top - 13 * suit) - _count(hand, suit)
        if suit == 3 and out & QS and top < QUEEN_OF_SPADES_INDEX:
            score -= 24
        if score > best_score:
            best_score = score
            best = top
    return best


def _lead(me: i64, hand: i64, legal: i64, out: i64, voids: i64, rules: Book,
          see_voids: bool, shooting: bool, shooter: i64) -> i64:
    step: i64
    suit: i64
    if shooting:
        for step in range(4):
            suit = step ^ (step >> 1)  # clubs, diamonds, spades, then hearts
            suit_mask = CLUBS_MASK << (13 * suit)
            mine = legal & suit_mask
            if mine and not (out & suit_mask) >> _top(mine):
                return _top(mine)
        return _top(legal)
    points_out = out & POINT_CARDS
    best: i64 = -1
    best_cost: i64 = 1 << 30
    for suit in range(4):
        shift = 13 * suit
        suit_mask = CLUBS_MASK << shift
        mine = legal & suit_mask
        if not mine:
            continue
        low = _low(mine)
        suit_out = out & suit_mask
        lower_out: i64 = _COUNTS[(suit_out & ((ONE << low) - 1)) >> shift]
        cost = 3 * lower_out
        if not suit_out and points_out:
            cost += 40
        length: i64 = _COUNTS[(hand & suit_mask) >> shift]
        if suit == 2:
            cost += 2 + rules.hearts[ONE << (low - 26)]
            if shooter >= 0 and lower_out:
                cost += 6
        elif suit == 3:
            if hand & QS:
                cost += 8 if length < 5 else 2
            elif out & QS:
                if hand & BIG_SPADES:
                    cost += 6
                elif low < QUEEN_OF_SPADES_INDEX:
                    cost -= 4
        else:
            if length <= 2:
                cost -= 2
            if (rules.jack and suit == 1 and out & JACK_OF_DIAMONDS
                    and hand & ~(JACK_OF_DIAMONDS - 1)):
                cost += 1
        if see_voids and lower_out and points_out:
            for step in range(1, 4):
                if voids >> (4 * ((me + step) & 3) + suit) & 1:
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
    if not legal & (CLUBS_MASK << (13 * led)):
        return QUEEN_OF_SPADES_INDEX if legal & QS else _top(legal)
    best = max(c for c in trick if c // 13 == led)
    below = legal & ((1 << best) - 1)
    return _top(below) if below else _low(legal)


def shoot_play(hand: int, legal: int, trick: Sequence[int], played: int) -> int:
    """The card a seat trying to shoot the moon plays: it draws the hearts first
    (with the lower of two sure winners, else its top heart while the others still
    hold enough low ones to duck with), then leads its surest winners, wins every
    trick it can (as cheaply as it can when last) and, when it cannot, keeps its
    high cards and its points."""
    n = len(trick)
    return shoot(hand, legal, n, trick[0] if n else 0, trick[1] if n > 1 else 0,
                 trick[2] if n > 2 else 0, played)


def shoot(hand: i64, legal: i64, n: i64, t0: i64, t1: i64, t2: i64, played: i64) -> i64:
    """:func:`shoot_play` on plain ints: the trick is its ``n`` cards ``t0``..``t2``."""
    if not legal & (legal - 1):
        return _top(legal)
    if not n:
        out = FULL_DECK ^ played ^ hand
        hearts = legal & HEARTS
        hearts_out = out & HEARTS
        if hearts and hearts_out:
            sure = hearts & ~((ONE << _top(hearts_out)) - 1)
            if _count(sure, 2) >= 2:
                return _low(sure)
            if sure or _count(hearts_out, 2) >= 6:
                return _top(hearts)
        best: i64 = -1
        best_key: i64 = 99 * 100
        suit: i64
        for suit in range(4):
            mine = legal & (CLUBS_MASK << (13 * suit))
            if not mine:
                continue
            top = _top(mine)
            # Fewest higher cards out first, then the longest suit in hand.
            key = _count(out & ~((ONE << (top + 1)) - 1), suit) * 100 - _count(hand, suit)
            if key < best_key:
                best_key = key
                best = top
        return best
    led = t0 // 13
    follow = legal & (CLUBS_MASK << (13 * led))
    if follow:
        best = t0
        if n > 1 and t1 // 13 == led and t1 > best:
            best = t1
        if n > 2 and t2 // 13 == led and t2 > best:
            best = t2
        above = follow & ~((ONE << best) - 1)
        if above:
            return _low(above) if n == 3 else _top(above)
        return _low(follow)
    plain = legal & ~POINT_CARDS
    return _low(plain) if plain else _low(legal)
