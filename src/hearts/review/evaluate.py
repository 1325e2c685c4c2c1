"""The expected points of every choice of one decision, from the deciding seat's view.

What is measured: the points the deciding seat ends the hand with (the points it
has already taken included, a moon counted as the hand's value for each seat that
did not shoot and 0 for the shooter), lower is better, if it makes that choice
and the hand is then played out, averaged over deals of the cards it cannot see.

The deals and the play after the choice are the Expert's model of the table
(:mod:`hearts.ai.search` and :mod:`hearts.ai.passsearch`): the unseen cards are
dealt as the Expert deals them (honouring shown-out suits, the cards this seat
passed, the queen of spades' likely place, and a shooter's strong hand when a
seat shows the signs of a moon shot), each deal weighted by how likely the other
seats' plays so far were in it, and every seat plays on by judgement with a tenth
of its cards chosen at random. Only the seat's :class:`~hearts.view.PlayerView`
is read, never a hidden card: the figures are a pure function of the view, the
seed and the depth.

Every choice is measured on the same deals and the same playout randomness
(common random numbers), so the standard error of a difference between two
choices is much smaller than that of either figure.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from hearts.ai.inference import deal_likelihood, lacks_of_view, observations_of_view
from hearts.ai.kit import RuleKit, rule_kit
from hearts.ai.levels import Level
from hearts.ai.passing import choose_pass_mask
from hearts.ai.passsearch import pass_candidates, pass_totals
from hearts.ai.players import BUDGETS, PASS_BUDGETS
from hearts.ai.playout import playout
from hearts.ai.sampling import sample_deal_guessing
from hearts.ai.search import moon_threat, outcome
from hearts.ai.situation import Situation, view_key
from hearts.cards import Seat
from hearts.core import FULL_DECK, TWO_OF_CLUBS
from hearts.view import PlayerView

__all__ = ["PASS_WIDTH", "Figures", "Measured", "hindsight_pass", "hindsight_play",
           "measure_pass", "measure_play", "play_groups"]

PASS_WIDTH = 12
"""How many of the Expert's pass candidates are measured (the pass chosen is
always measured too): judgement's pass and the sets of three drawn from the
cards judgement most wants to be rid of. The other passes of the 286 are ones
no sensible player considers."""

_SALT = 38
"""Keeps the review's random numbers apart from the players' own (issue 38)."""

_BUDGET = BUDGETS[Level.EXPERT]
_PASS_BUDGET = PASS_BUDGETS[Level.EXPERT]


class Figures(NamedTuple):
    """One choice's measured result."""

    expected: float
    """The seat's expected points in the hand after this choice."""
    se: float
    """The standard error of ``expected`` over the sampled deals."""


class Measured(NamedTuple):
    """Every choice of a decision measured on the same deals."""

    choices: list[int]
    """Each choice: a card index, or a mask of three cards for a pass."""
    weights: list[float]
    """Each deal's weight."""
    scores: list[list[float]]
    """Each choice's points on each deal."""

    def figures(self, choice: int) -> Figures:
        """The weighted mean and its standard error for choice number ``choice``."""
        return _weighted(self.weights, self.scores[choice])

    def difference(self, choice: int, base: int) -> Figures:
        """Choice ``choice`` minus choice ``base``, deal by deal, with its standard error."""
        diffs = [a - b for a, b in zip(self.scores[choice], self.scores[base], strict=True)]
        return _weighted(self.weights, diffs)

    def best(self, deals: Sequence[int] | None = None) -> int:
        """The number of the choice with the fewest expected points on ``deals``
        (numbers of deals; all by default), the first of equals."""
        picked = range(len(self.weights)) if deals is None else deals
        weights = [self.weights[d] for d in picked]
        return min(range(len(self.choices)), key=lambda c: (_mean(
            weights, [self.scores[c][d] for d in picked]), c))

    def loss(self, choice: int) -> Figures:
        """The points choice number ``choice`` gives away against the best choice,
        without the winner's curse: the deals are split in two halves (even and
        odd), the best is picked on one half and the loss measured on the other,
        both ways round, and the two measurements averaged. The standard error
        is the two halves' combined."""
        halves = (range(0, len(self.weights), 2), range(1, len(self.weights), 2))
        parts = []
        for pick, measure in (halves, halves[::-1]):
            best = self.best(pick)
            parts.append(_weighted([self.weights[d] for d in measure],
                                   [self.scores[choice][d] - self.scores[best][d]
                                    for d in measure]))
        if any(math.isnan(part.expected) for part in parts):
            return Figures(0.0, 0.0)
        return Figures((parts[0].expected + parts[1].expected) / 2,
                       math.hypot(parts[0].se, parts[1].se) / 2)

    @property
    def effective_deals(self) -> float:
        """The effective sample size of the weighted deals, (sum w)^2 / sum w^2:
        how many equally weighted deals would measure as surely."""
        square = math.fsum(w * w for w in self.weights)
        return math.fsum(self.weights) ** 2 / square if square > 0 else 0.0


def _mean(weights: Sequence[float], values: Sequence[float]) -> float:
    total = math.fsum(weights)
    if total <= 0:
        return math.inf
    return math.fsum(w * x for w, x in zip(weights, values, strict=True)) / total


def _weighted(weights: Sequence[float], values: Sequence[float]) -> Figures:
    total = sum(weights)
    if total <= 0:
        return Figures(math.nan, math.nan)
    mean = sum(w * x for w, x in zip(weights, values, strict=True)) / total
    spread = sum(w * w * (x - mean) ** 2 for w, x in zip(weights, values, strict=True))
    return Figures(mean, math.sqrt(spread) / total)


def play_groups(s: Situation, kit: RuleKit) -> list[list[int]]:
    """The legal cards in groups that play alike, lowest first.

    Two cards of a suit are alike when they score the same and every card ranked
    between them is in this hand or in a finished trick: no card anyone could
    still play (the current trick's cards included) tells them apart.
    """
    current = 0
    for card in s.trick:
        current |= 1 << card
    live = (FULL_DECK ^ s.played ^ s.hand) | current
    groups: list[list[int]] = []
    mask = s.legal
    while mask:
        low = mask & -mask
        mask ^= low
        card = low.bit_length() - 1
        if groups:
            last = groups[-1][-1]
            between = (1 << card) - (2 << last)
            if (last // 13 == card // 13 and kit.table[last] == kit.table[card]
                    and not live & between):
                groups[-1].append(card)
                continue
        groups.append([card])
    return groups


def measure_play(view: PlayerView, seed: int, deals: int,
                 choices: Sequence[int] | None = None) -> Measured:
    """Each of ``choices`` (card indices; by default one card of each group of
    :func:`play_groups`) measured on ``deals`` sampled deals, as the module says."""
    s = Situation.of(view)
    kit = rule_kit(view.rules)
    if choices is None:
        choices = [group[0] for group in play_groups(s, kit)]
    budget = _BUDGET
    rng = random.Random(view_key(view, seed, salt=_SALT))
    lacks = lacks_of_view(view, kit)
    seen = observations_of_view(view)
    threat, strong = moon_threat(s)
    watch = (budget.moon_watch if strong else budget.lone_watch) if threat >= 0 else 0.0
    found = Measured(list(choices), [], [[] for _ in choices])
    shots: list[bool] = []
    for _deal in range(deals):
        shot = bool(watch) and rng.random() < watch
        if shot:
            world = sample_deal_guessing(s, rng, lacks, budget.trust, threat, budget.tilt)
        else:
            world = sample_deal_guessing(s, rng, lacks, budget.trust)
        playout_seed = rng.getrandbits(32)
        shots.append(shot)
        found.weights.append(deal_likelihood(world, seen, kit, budget.miss,
                                             threat if shot else -1) if seen else 1.0)
        shooters = 1 << threat if shot else 0
        for position, card in enumerate(choices):
            points = outcome(s, world, card, kit, playout_seed, budget.noise, shooters, 0,
                             budget.guard)
            found.scores[position].append(float(points[s.me]))
    _keep_shares(found.weights, shots)
    return found


def _keep_shares(weights: list[float], shots: Sequence[bool]) -> None:
    """Scale the weights so the deals with a shooter and those without keep their
    shares of the total, as the Expert's search does."""
    for kind in (False, True):
        total = sum(w for w, shot in zip(weights, shots, strict=True) if shot is kind)
        if total > 0:
            scale = shots.count(kind) / total
            for index, shot in enumerate(shots):
                if shot is kind:
                    weights[index] *= scale


def pass_options(view: PlayerView, chosen: int | None) -> list[int]:
    """The passes measured: the Expert's candidates, and ``chosen`` (a mask) if it
    is not among them."""
    kit = rule_kit(view.rules)
    hand = _mask(view)
    options = pass_candidates(hand, kit, PASS_WIDTH, _PASS_BUDGET.pool,
                              stopper=_PASS_BUDGET.stopper > 0)
    if chosen is not None and chosen not in options:
        options.append(chosen)
    return options


def _mask(view: PlayerView) -> int:
    mask = 0
    for card in view.hand:
        mask |= card.bit
    return mask


def _targets(view: PlayerView) -> tuple[int, ...]:
    return tuple(int(view.pass_direction.target(seat)) for seat in Seat)


def measure_pass(view: PlayerView, seed: int, deals: int, choices: Sequence[int]) -> Measured:
    """Each pass in ``choices`` (masks of three cards) measured on ``deals`` deals of
    the other 39 cards: the other seats pass by judgement, and the hand is played
    out by judgement in every seat (see :func:`hearts.ai.passsearch.pass_totals`)."""
    kit = rule_kit(view.rules)
    me = int(view.seat)
    hand = _mask(view)
    rng = random.Random(view_key(view, seed, salt=_SALT))
    found = Measured(list(choices), [], [[] for _ in choices])
    options = [(choice, 0) for choice in choices]
    targets = _targets(view)
    leader = (int(view.dealer) + 1) & 3

    def own(points: tuple[int, ...]) -> float:
        return float(points[me])

    for _deal in range(deals):
        # One deal a call: pass_totals sums its deals, and the review wants each.
        totals = pass_totals(me, hand, options, targets, leader, kit, 1, _PASS_BUDGET.noise,
                             rng, own)
        found.weights.append(1.0)
        for position, total in enumerate(totals):
            found.scores[position].append(total)
    return found


HINDSIGHT_PLAYOUTS = 24
"""Playouts a choice in the hindsight line: the real deal played out by judgement
in every seat, each with its own randomness (a tenth of the cards at random)."""


def _hindsight(seed: int, choices: Sequence[int],
               play: Callable[[int, random.Random], tuple[int, ...]], me: int) -> list[float]:
    rng = random.Random(seed)
    seeds = [rng.getrandbits(32) for _ in range(HINDSIGHT_PLAYOUTS)]
    return [sum(play(choice, random.Random(s))[me] for s in seeds) / len(seeds)
            for choice in choices]


def hindsight_play(view: PlayerView, world: Sequence[int], seed: int,
                   choices: Sequence[int]) -> list[float]:
    """Each choice's mean points for the seat with every card known: ``world`` is the
    four real hands (masks) at the decision, played out after the choice."""
    s = Situation.of(view)
    kit = rule_kit(view.rules)

    def play(card: int, rng: random.Random) -> tuple[int, ...]:
        return outcome(s, world, card, kit, rng.getrandbits(32), _BUDGET.noise)

    return _hindsight(view_key(view, seed, salt=_SALT + 1), choices, play, s.me)


def hindsight_pass(view: PlayerView, dealt: Sequence[int], passes: Sequence[int | None],
                   seed: int, choices: Sequence[int]) -> list[float]:
    """Each pass's mean points for the seat with every card known: ``dealt`` is the
    real deal (masks) and ``passes`` the other seats' real passes (None where the
    record has none: judgement's pass stands in)."""
    kit = rule_kit(view.rules)
    me = int(view.seat)
    targets = _targets(view)
    after = list(dealt)
    for seat in range(4):
        if seat == me:
            continue
        passed = passes[seat]
        if passed is None:
            passed = choose_pass_mask(dealt[seat], kit)
        after[seat] ^= passed
        after[targets[seat]] |= passed

    def play(option: int, rng: random.Random) -> tuple[int, ...]:
        hands = list(after)
        hands[me] ^= option
        hands[targets[me]] |= option
        leader = (int(view.dealer) + 1) & 3
        if kit.first_lead:
            leader = next(seat for seat in range(4) if hands[seat] & TWO_OF_CLUBS)
        return playout(hands, [], leader, 0, (0, 0, 0, 0), (0, 0, 0, 0), False, True, kit,
                       rng, _PASS_BUDGET.noise)

    return _hindsight(view_key(view, seed, salt=_SALT + 1), choices, play, me)
