"""Search the pass: try a shortlist of pass sets on sampled deals.

Only our own thirteen cards are known. For each sampled deal of the other 39
cards, the other seats pass by judgement, every candidate pass is exchanged and
the hand played out by judgement in all four seats; the same deals and playout
randomness serve every candidate. The candidate with the best mean result (our
points minus the mean of the others') is passed.

The playouts rarely shoot the moon, so they undervalue a moon stopper: a pass
that gives away the last of the queen, king and ace of hearts we were dealt is
charged a price, and chosen only when the search finds it better by more than
that than every pass that keeps one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import NamedTuple

from hearts.ai.kit import RuleKit
from hearts.ai.objective import Objective, hand_score
from hearts.ai.passing import choose_pass_mask, pass_danger
from hearts.ai.playout import playout
from hearts.ai.sampling import shuffle
from hearts.ai.search import queen_charge
from hearts.ai.trial import reseed
from hearts.core import FULL_DECK, TWO_OF_CLUBS

__all__ = ["HIGH_HEARTS", "PassBudget", "gives_away_stopper", "pass_candidates", "pass_totals",
           "search_pass"]


class PassBudget(NamedTuple):
    """How hard the pass is searched (counts, never time)."""

    deals: int
    """Sampled deals."""
    width: int
    """The most pass sets tried, judgement's first."""
    pool: int = 6
    """Candidate sets are drawn from judgement's this many worst cards."""
    noise: float = 0.0
    """Chance a playout seat plays a random legal card."""
    prior: float = 0.3
    """Points a hand judgement's own pass is credited."""
    stopper: float = 0.0
    """Points a hand a pass is charged for giving away the last of the queen, king
    and ace of hearts we were dealt; with a charge, at least half the shortlist
    keeps one. 0 charges nothing."""
    queen_fear: float = 0.0
    """Under house scoring, the queen of spades costs us this share of its value
    more in the playouts when we take it (see :func:`hearts.ai.search.queen_charge`)."""


HIGH_HEARTS = 0b111 << (26 + 10)
"""The queen, king and ace of hearts: the cards that stop a moon in hearts."""


def gives_away_stopper(hand: int, mask: int) -> bool:
    """Whether passing ``mask`` leaves ``hand`` none of the high hearts it holds."""
    high = hand & HIGH_HEARTS
    return bool(high) and not high & ~mask


def pass_candidates(hand: int, kit: RuleKit, width: int, pool: int = 6,
                    stopper: bool = False) -> list[int]:
    """Pass sets worth trying, judgement's choice first, at most ``width``.

    With ``stopper``, at most half of them pass away the last of the queen, king
    and ace of hearts (judgement's choice is always first), the others keep one,
    and the pool has one card more to find them.
    """
    judged = choose_pass_mask(hand, kit)
    stopper = stopper and bool(hand & HIGH_HEARTS)
    ranked = [index for _, index in pass_danger(hand, kit)][:pool + int(stopper)]
    combos = sorted(combinations(range(len(ranked)), 3), key=lambda c: (sum(c), c))
    masks = [(1 << ranked[a]) | (1 << ranked[b]) | (1 << ranked[c]) for a, b, c in combos]
    options = [judged]
    giving = int(stopper and gives_away_stopper(hand, judged))
    for mask in masks:
        if len(options) >= width:
            break
        gives = stopper and gives_away_stopper(hand, mask)
        if mask not in options and not (gives and 2 * giving >= width):
            options.append(mask)
            giving += gives
    return options


def search_pass(me: int, hand: int, targets: tuple[int, ...], first_leader: int, kit: RuleKit,
                budget: PassBudget, rng: random.Random,
                objective: Objective | None = None) -> int:
    """The pass set (a mask of three cards) the search prefers.

    ``targets[seat]`` is where each seat passes; ``first_leader`` leads the first
    trick unless the two of clubs must lead; ``objective`` scores results by the
    match instead of the hand's points.
    """
    options = pass_candidates(hand, kit, budget.width, budget.pool, stopper=budget.stopper > 0)
    if len(options) == 1:
        return options[0]

    def points_score(points: tuple[int, ...]) -> float:
        return hand_score(points, me)

    score = points_score if objective is None else objective.score

    totals = pass_totals(me, hand, [(option, 0) for option in options], targets,
                         first_leader, kit, budget.deals, budget.noise, rng, score,
                         queen_charge(budget.queen_fear, kit))
    totals[0] -= 4 * budget.prior * budget.deals  # options[0] is judgement's own pass
    if budget.stopper:
        for index, option in enumerate(options):
            if gives_away_stopper(hand, option):
                totals[index] += 4 * budget.stopper * budget.deals
    best = min(range(len(options)), key=lambda i: (totals[i], i))
    return options[best]


def pass_totals(me: int, hand: int, options: Sequence[tuple[int, int]],
                targets: tuple[int, ...], first_leader: int, kit: RuleKit, deals: int,
                noise: float, rng: random.Random,
                score: Callable[[tuple[int, ...]], float], charge: int = 0) -> list[float]:
    """Each option's summed score over ``deals`` sampled deals (lower is better);
    we score ``charge`` more in a playout where we take the queen of spades.

    An option is a pass set and a mask of seats that play to shoot the moon in
    its playouts (see :func:`hearts.ai.playout.playout`).
    """
    others = [seat for seat in range(4) if seat != me]
    unknown = FULL_DECK ^ hand
    cards = []
    while unknown:
        low = unknown & -unknown
        cards.append(low)
        unknown ^= low
    totals = [0.0] * len(options)
    generator = random.Random()
    bits = rng.getrandbits
    for _deal in range(deals):
        shuffle(cards, bits)
        dealt = [0, 0, 0, 0]
        for position, seat in enumerate(others):
            for bit in cards[13 * position: 13 * position + 13]:
                dealt[seat] |= bit
        after = list(dealt)
        for seat in others:
            passed = choose_pass_mask(dealt[seat], kit)
            after[seat] ^= passed
            after[targets[seat]] |= passed
        seed = rng.getrandbits(32)
        for position, (option, shooters) in enumerate(options):
            hands = list(after)
            hands[me] = (hands[me] | hand) ^ option
            hands[targets[me]] |= option
            leader = first_leader
            if kit.first_lead:
                leader = next(seat for seat in range(4) if hands[seat] & TWO_OF_CLUBS)
            points = playout(hands, [], leader, 0, (0, 0, 0, 0), (0, 0, 0, 0), False, True,
                             kit, reseed(generator, seed), noise, shooters, me, charge)
            totals[position] += score(points)
    return totals
