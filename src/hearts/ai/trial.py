"""One trial of the search: a candidate card played in a sampled deal, and the
hand played out from there.

Compiled by mypyc with the playout (see :mod:`hearts.speedups`). Each trial needs
a generator seeded afresh; :func:`reseed` gives a kept one the state a new
``random.Random(seed)`` would have, without the cost of making one.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Sequence

from hearts.ai.kit import RuleKit
from hearts.ai.playout import playout
from hearts.ai.situation import Situation
from hearts.core import HEARTS, trick_winner

__all__ = ["Position", "outcome", "position_after", "reseed", "trials"]

_SEED = _random.Random.seed
"""The generator's own seeding: ``random.Random.seed`` of an int calls it and
only also clears the normal-variate cache, which the playout never reads."""


def reseed(generator: random.Random, seed: int) -> random.Random:
    """``generator``, seeded as ``random.Random(seed)`` is, for its ``random`` and
    ``getrandbits`` draws (the ones the playout makes)."""
    _SEED(generator, seed)
    return generator


Position = tuple[list[int], list[int], int, int, list[int], list[int], bool, bool]
"""A hand in play as a playout goes on from it: the four hands, the trick so far,
the seat that led it, the cards played, each seat's cards taken, each seat's
known voids, hearts broken, and whether it is the first trick."""


def position_after(s: Situation, world: Sequence[int], card: int) -> Position:
    """The hand once we play ``card`` in ``world`` (four hands, ours included): our
    void shown if we did not follow, and a trick our card completes taken."""
    me = s.me
    hands = list(world)
    bit = 1 << card
    hands[me] ^= bit
    voids = list(s.voids)
    trick = [*s.trick, card]
    if len(trick) > 1 and card // 13 != trick[0] // 13:
        voids[me] |= 1 << (trick[0] // 13)
    broken = s.broken
    played = s.played | bit
    taken = list(s.taken)
    first = s.first
    lead = s.leader
    if len(trick) == 4:
        lead = (lead + trick_winner(trick)) & 3
        mask = 0
        for c in trick:
            mask |= 1 << c
        taken[lead] |= mask
        broken = broken or bool(mask & HEARTS)
        trick = []
        first = False
    return hands, trick, lead, played, taken, voids, broken, first


def outcome(s: Situation, world: Sequence[int], card: int, kit: RuleKit, seed: int,
            noise: float, shooters: int = 0, charge: int = 0,
            guard: bool = False, generator: random.Random | None = None,
            policy: list[float] | None = None) -> tuple[int, ...]:
    """Each seat's final points when we play ``card`` in ``world`` (four hands,
    ours included) and judgement plays the rest (from :func:`position_after`);
    seats in the ``shooters`` mask play to shoot the moon while no one else has
    points; we score ``charge`` more if we take the queen of spades; with
    ``guard`` our own later play defends knowingly against the shooter; a
    ``policy`` (a weight table of the learned model of play) picks the shooters'
    cards. A ``generator`` given is :func:`reseed` with ``seed`` and used (the
    same draws as a new one, made faster)."""
    hands, trick, lead, played, taken, voids, broken, first = position_after(s, world, card)
    return playout(hands, trick, lead, played, taken, voids, broken, first, kit,
                   random.Random(seed) if generator is None else reseed(generator, seed),
                   noise, shooters, s.me, charge, guard, policy)


def trials(s: Situation, world: Sequence[int], cards: Sequence[int], kit: RuleKit, seed: int,
           noise: float, shooters: int, charge: int, guard: bool, generator: random.Random,
           score: Callable[[tuple[int, ...]], float], scores: Sequence[list[float]],
           policy: list[float] | None = None) -> None:
    """Each of ``cards`` tried in ``world`` (:func:`outcome` with the same ``seed``),
    its ``score`` appended to its list in ``scores``."""
    for position in range(len(cards)):
        scores[position].append(score(outcome(s, world, cards[position], kit, seed, noise,
                                              shooters, charge, guard, generator, policy)))
