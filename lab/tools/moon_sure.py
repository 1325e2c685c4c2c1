"""When a moon became sure: the first trick from which, every card in view, the
defenders could no longer stop it.

:func:`sure_trick` looks at a finished hand whose moon was shot. From the start
of each trick, last first, it asks whether the shooter could make sure of
every point card whatever the three others played, knowing all the cards
(:func:`forced`); the first trick of the run of such positions that lasts to
the end is the sure trick. A position whose search needs more than ``budget``
nodes counts as not sure, so the sure trick found is never earlier than the
true one (the warning measured from it is never longer than the truth).
"""

from __future__ import annotations

from hearts.core import HEARTS, POINT_CARDS, SUIT_MASKS, legal_mask
from hearts.hand import Hand


class _OverBudget(Exception):
    pass


class _Search:
    """One AND-OR search: the shooter picks, the defenders must all fail."""

    def __init__(self, shooter: int, flags: tuple[bool, bool, bool], budget: int) -> None:
        self.shooter = shooter
        self.flags = flags
        self.budget = budget
        self.nodes = 0
        self.memo: dict[tuple[int, ...], bool] = {}

    def forced(self, hands: list[int], trick: list[int], leader: int, broken: bool,
               first: bool) -> bool:
        """Whether the shooter takes every point card still to come from here."""
        if not trick:
            if not any(hands):
                return True
            if leader == self.shooter and _all_boss(hands, self.shooter):
                return True
            key = (*hands, leader, broken, first)
            found = self.memo.get(key)
            if found is not None:
                return found
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OverBudget
        seat = (leader + len(trick)) & 3
        hand = hands[seat]
        led = trick[0] // 13 if trick else -1
        legal = legal_mask(hand, led, first, broken, *self.flags)
        live = 0
        for cards in hands:
            live |= cards
        for card in trick:
            live |= 1 << card
        mine = seat == self.shooter
        result = not mine
        for card in self._choices(legal, live ^ hand, seat):
            bit = 1 << card
            hands[seat] ^= bit
            outcome = self._after(hands, [*trick, card], leader, broken, first)
            hands[seat] ^= bit
            if outcome == mine:
                result = mine
                break
        if not trick:
            self.memo[(*hands, leader, broken, first)] = result
        return result

    def _after(self, hands: list[int], trick: list[int], leader: int, broken: bool,
               first: bool) -> bool:
        if len(trick) < 4:
            return self.forced(hands, trick, leader, broken, first)
        led = trick[0] // 13
        best = 0
        for position in range(1, 4):
            if trick[position] // 13 == led and trick[position] > trick[best]:
                best = position
        winner = (leader + best) & 3
        mask = sum(1 << card for card in trick)
        if winner != self.shooter and mask & POINT_CARDS:
            return False
        return self.forced(hands, [], winner, broken or bool(mask & HEARTS), False)

    @staticmethod
    def _choices(legal: int, others: int, seat: int) -> list[int]:
        """One card of each run of ``legal`` cards no other live card separates
        (a point card never grouped with one that is not), highest first."""
        cards: list[int] = []
        for suit in range(4):
            mask = legal & SUIT_MASKS[suit]
            previous = -1
            while mask:
                low = mask & -mask
                card = low.bit_length() - 1
                mask ^= low
                between = others & ((1 << card) - (1 << (previous + 1))) if previous >= 0 else 1
                same_kind = previous >= 0 and bool((1 << previous) & POINT_CARDS) == bool(
                    low & POINT_CARDS)
                if previous >= 0 and not between and same_kind:
                    cards[-1] = card
                else:
                    cards.append(card)
                previous = card
        cards.sort(key=lambda c: -(c % 13))
        return cards


def _all_boss(hands: list[int], shooter: int) -> bool:
    """Whether each of the shooter's cards is above every other card of its suit
    still held: on lead it then wins every trick left, whatever is played."""
    mine = hands[shooter]
    others = 0
    for seat, cards in enumerate(hands):
        if seat != shooter:
            others |= cards
    for suit in range(4):
        held = mine & SUIT_MASKS[suit]
        if held and (others & SUIT_MASKS[suit]) >> (held & -held).bit_length():
            return False
    return True


def sure_trick(hand: Hand, budget: int = 200_000) -> tuple[int, bool]:
    """The first trick of the finished ``hand`` from which its moon was forced (13
    if only the hand's end made it so), and whether a search ran over ``budget``
    on the way (then the trick given may be later than the true one).

    Raises ``ValueError`` when no one shot the moon.
    """
    if hand.shooter is None:
        raise ValueError("no one shot the moon in this hand")
    shooter = int(hand.shooter)
    rules = hand.rules
    flags = (rules.first_lead, rules.leading_hearts, rules.first_trick)
    tricks = hand.tricks
    hands = [0, 0, 0, 0]
    for trick in tricks:
        for seat, card in trick.plays():
            hands[int(seat)] |= card.bit
    positions = []
    broken = False
    for number, trick in enumerate(tricks):
        positions.append((list(hands), int(trick.leader), broken, number == 0))
        for seat, card in trick.plays():
            hands[int(seat)] ^= card.bit
        broken = broken or any(card.bit & HEARTS for card in trick.cards)
    sure = len(tricks)
    search = _Search(shooter, flags, budget)
    for number in range(len(tricks) - 1, -1, -1):
        start, leader, was_broken, first = positions[number]
        search.nodes = 0
        try:
            if not search.forced(list(start), [], leader, was_broken, first):
                return sure, False
        except _OverBudget:
            return sure, True
        sure = number
    return sure, False
