"""Playouts in which the other seats play by the learned model of play (issue 66, part 2).

    from model_playout import ModelPolicy, outcome_with

The search's playout (:mod:`hearts.ai.playout`) plays judgement in every seat,
with a random legal card ``noise`` of the time. Here the seats other than ours
(the search's ``charged`` seat) play by a :class:`ModelPolicy` instead: with
chance ``eps`` a uniformly random legal card, otherwise a card drawn from the
softmax of the model's scores (:mod:`hearts.ai.playfeatures`) divided by the
temperature. Our own seat plays as the search's playout does today (judgement,
``noise``, and the guard against a shooter), and a seat playing to shoot the
moon plays :func:`hearts.ai.judgement.shoot` as before. ``policy=None`` is the
search's own compiled playout (:func:`hearts.ai.trial.outcome`).

Pure Python around the compiled judgement and feature scorer: about ten times
slower than the compiled playout, fast enough for the lab's offline measures.
:func:`playout_with` with :data:`JUDGEMENT` plays the same cards as the compiled
playout (``tests/lab/test_model_playout.py``), so the loop itself is checked.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import NamedTuple

from hearts.ai.judgement import CLUBS_MASK, book, judge, of_seat, pack_voids, shoot
from hearts.ai.kit import RuleKit
from hearts.ai.playfeatures import _Context, _score
from hearts.ai.playmodel import default_play_model
from hearts.ai.situation import Situation
from hearts.ai.trial import outcome, position_after
from hearts.core import HEARTS, POINT_CARDS, QUEEN_OF_SPADES, final_points, legal_mask, trick_winner


class ModelPolicy(NamedTuple):
    """How the other seats play in a playout: the model at a temperature, or judgement."""

    temperature: float
    """The model's scores are divided by this before the softmax (0: judgement)."""
    eps: float
    """Chance of a uniformly random legal card."""

    @property
    def name(self) -> str:
        """A short label: ``judgement`` or ``T1_eps0.1``."""
        if not self.temperature:
            return "judgement" if not self.eps else f"judgement_eps{self.eps:g}"
        return f"T{self.temperature:g}_eps{self.eps:g}"


JUDGEMENT = ModelPolicy(0.0, 0.0)
"""Judgement in the other seats (their random share is then the search's ``noise``)."""


def _below(bits: object, n: int) -> int:
    k = n.bit_length()
    r: int = bits(k)  # type: ignore[operator]
    while r >= n:
        r = bits(k)  # type: ignore[operator]
    return r


def _nth(legal: int, pick: int) -> int:
    while pick:
        legal &= legal - 1
        pick -= 1
    return (legal & -legal).bit_length() - 1


def playout_with(policy: ModelPolicy, hands: list[int], trick: Sequence[int], leader: int,
                 played: int, taken: Sequence[int], voids: Sequence[int], broken: bool,
                 first: bool, kit: RuleKit, rng: random.Random, noise: float = 0.0,
                 shooters: int = 0, charged: int = -1, charge: int = 0,
                 guard: bool = False) -> tuple[int, ...]:
    """:func:`hearts.ai.playout.playout`, the seats other than ``charged`` playing by
    ``policy`` (:data:`JUDGEMENT`: judgement with ``noise``, as the compiled one)."""
    weights = default_play_model().weights
    rules = book(kit)
    h = list(hands)
    k = list(taken)
    packed = pack_voids(voids)
    n = len(trick)
    t = [*trick, 0, 0, 0][:3]
    threat = shooters.bit_length() - 1 if guard and shooters else -1
    chance = rng.random
    bits = rng.getrandbits
    seat = (leader + n) & 3
    temperature, eps = policy
    while True:
        hand = h[seat]
        if not hand:
            break
        if n:
            led = t[0] // 13
            if first:
                legal = legal_mask(hand, led, first, broken, kit.first_lead, kit.leading_hearts,
                                   kit.first_trick)
            else:
                legal = hand & (CLUBS_MASK << (13 * led)) or hand
        else:
            led = -1
            if first:
                legal = legal_mask(hand, led, first, broken, kit.first_lead, kit.leading_hearts,
                                   kit.first_trick)
            elif kit.leading_hearts and not broken:
                legal = hand & ~HEARTS or hand
            else:
                legal = hand
        ours = seat == charged or not temperature
        share = noise if ours else eps
        single = not legal & (legal - 1)
        if share and chance() < share:
            card = _nth(legal, _below(bits, legal.bit_count()))
        elif single:
            card = legal.bit_length() - 1
        elif shooters >> seat & 1 and not ((k[0] | k[1] | k[2] | k[3]) & ~k[seat]
                                           & POINT_CARDS):
            card = shoot(hand, legal, n, t[0], t[1], t[2], played)
        elif ours:
            card = judge(seat, hand, legal, n, t[0], t[1], t[2], played, k[0], k[1], k[2], k[3],
                         packed, rules, True, True, threat if seat == charged else -1)
        else:
            card = _sampled(weights, temperature, chance(), seat, hand, legal, n, t, played, k,
                            packed, rules)
        bit = 1 << card
        h[seat] ^= bit
        played |= bit
        if led >= 0 and card // 13 != led:
            packed |= 1 << (4 * seat + led)
        if n < 3:
            t[n] = card
            n += 1
            seat = (seat + 1) & 3
            continue
        cards = [t[0], t[1], t[2], card]
        leader = (leader + trick_winner(cards)) & 3
        mask = (1 << t[0]) | (1 << t[1]) | (1 << t[2]) | bit
        k[leader] |= mask
        if mask & HEARTS:
            broken = True
        n = 0
        seat = leader
        first = False
    points = final_points(tuple(k), kit.scoring, kit.jack)
    mine = of_seat(charged, k[0], k[1], k[2], k[3]) if charged >= 0 else 0
    if mine & QUEEN_OF_SPADES and mine & POINT_CARDS != POINT_CARDS:
        return tuple([p + charge if s == charged else p for s, p in enumerate(points)])
    return points


def _sampled(weights: list[float], temperature: float, draw: float, seat: int, hand: int,
             legal: int, n: int, t: list[int], played: int, k: list[int], packed: int,
             rules: object) -> int:
    """A legal card drawn from softmax(model score / temperature), ``draw`` uniform in [0, 1)."""
    choice = judge(seat, hand, legal, n, t[0], t[1], t[2], played, k[0], k[1], k[2], k[3],
                   packed, rules, True, True, -1)
    x = _Context(seat, hand, legal, n, t[0], t[1], t[2], played, k[0], k[1], k[2], k[3],
                 packed, rules, choice)
    cards: list[int] = []
    scores: list[float] = []
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        c = low.bit_length() - 1
        cards.append(c)
        scores.append(_score(weights, None, x, c) / temperature)
    top = max(scores)
    exps = [math.exp(v - top) for v in scores]
    target = draw * sum(exps)
    for c, e in zip(cards, exps, strict=True):
        target -= e
        if target < 0:
            return c
    return cards[-1]


def outcome_with(policy: ModelPolicy | None, s: Situation, world: Sequence[int], card: int,
                 kit: RuleKit, seed: int, noise: float, shooters: int = 0, charge: int = 0,
                 guard: bool = False, generator: random.Random | None = None
                 ) -> tuple[int, ...]:
    """:func:`hearts.ai.trial.outcome`, the other seats playing by ``policy``
    (``None``: the compiled playout itself, judgement in every seat)."""
    if policy is None:
        return outcome(s, world, card, kit, seed, noise, shooters, charge, guard, generator)
    hands, trick, lead, played, taken, voids, broken, first = position_after(s, world, card)
    return playout_with(policy, hands, trick, lead, played, taken, voids, broken, first, kit,
                        random.Random(seed), noise, shooters, s.me, charge, guard)
