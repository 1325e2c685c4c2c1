"""Determinized Monte Carlo search over a shortlist of candidate cards.

For each sampled deal of the unseen cards, every candidate is played and the hand
played out by judgement in all four seats; the same deals and the same playout
randomness serve every candidate, so their differences are measured fairly. A
result counts as our points minus the mean of the others' (moon included), so a
shot of our own is worth as much as it really is; near the end of a match an
:class:`~hearts.ai.objective.Objective` scores it by the chance of winning instead.

The search runs in two rounds: every candidate on the first deals, then the
finalists (the close ones) on more deals, so the budget goes to close decisions.
A seat that shows the signs of a moon shot plays to shoot in some playouts, so
the search sees a shot coming and values a stopper. At the few decisions the
moon gate opens (:mod:`hearts.ai.moongate`), every candidate is also played in a
second world where the suspect plays for the moon, and the two are mixed by the
chance of a shot (:func:`search_play`'s ``moon``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from hearts.ai.inference import Observation, Plays
from hearts.ai.judgement import judge_play
from hearts.ai.kit import RuleKit
from hearts.ai.objective import Objective, hand_score
from hearts.ai.playmodel import PlayModel, default_play_model
from hearts.ai.sampling import sample_deal, sample_deal_guessing
from hearts.ai.situation import Situation
from hearts.ai.trial import outcome, trials
from hearts.core import (
    FULL_DECK,
    HEARTS,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_INDEX,
    SUIT_MASKS,
)

__all__ = ["Budget", "candidates", "moon_threat", "outcome", "queen_charge", "search_play",
           "watch_share"]


class Budget(NamedTuple):
    """How hard a search player looks (counts, never time)."""

    deals: int
    """Sampled deals per decision for every candidate (at the start of the hand)."""
    width: int
    """The most candidate cards searched."""
    noise: float = 0.0
    """Chance a playout seat plays a random legal card."""
    late_deals: int = 0
    """Extra deals per decision once half the tricks are played (they are cheap)."""
    prior: float = 0.15
    """Points a hand the judgement's own choice is credited: another card must beat
    it by more than this to be played instead."""
    trust: float = 0.0
    """How often a sampled deal respects what the others' plays suggest they lack."""
    extra_deals: int = 0
    """Deals of a second round for the finalists, when the first leaves it close."""
    finalists: int = 2
    """How many candidates the second round compares."""
    moon_watch: float = 0.0
    """Share of deals in which a seat showing a strong sign of a shot (it passed us
    low cards) holds a strong hand and plays to shoot."""
    lone_watch: float = 0.0
    """The same share for a weak sign (it alone has taken points). The Expert keeps
    it at 0: unless it is a habitual shooter, such a seat seldom shoots."""
    tilt: float = 3.0
    """How strongly those deals favour giving that seat the high cards."""
    moon_fear: float = 0.0
    """A moon shot by another seat costs this many hands' value more than its points
    (it is the complaint players make most, and a shooter gains on everyone)."""
    miss: float = 1.0
    """A sampled deal's weight is multiplied by this for each play of another seat
    that judgement would not have made holding those cards (1: no weighing)."""
    queen_fear: float = 0.0
    """Under house scoring, the queen of spades costs us this share of its value
    more in the playouts when we take it (see :func:`queen_charge`)."""
    guard: bool = False
    """In the deals where a seat plays to shoot, our own later play knows it and
    defends: it takes that seat's points tricks when it can, and keeps its high
    cards and its points from it when it cannot (the other seats play as before)."""
    moon_gate: float = 0.0
    """The moon-threat model's chance (:mod:`hearts.ai.moonmodel`) from which a seat
    is suspected of shooting: the moon-aware mode (0: never; the rules' watch alone)."""
    moon_weight: float = 1.0
    """In the moon-aware mode, the share of deals in which the suspect holds a strong
    hand and plays to shoot: its chance times this, at most 1."""
    model: float = 0.0
    """When above 0, a sampled deal is weighed by the learned model of play
    (:mod:`hearts.ai.playmodel`): the model's chance of every play the others made,
    were they holding those cards, to this power (times the ``miss`` factors)."""
    floor: float = 0.02
    """With ``model``, each play's chance counts at least this much, so that one
    surprise does not rule a deal out."""
    model_shooting: bool = False
    """With ``model``, in the deals where a seat plays to shoot its own plays so far
    are weighed by the model of seats shooting the moon (otherwise not weighed)."""
    shooter_model: bool = False
    """In the deals where a seat plays to shoot, it plays the card the model of
    seats shooting the moon rates likeliest (how shooters answered our blocks in
    the logged hands) instead of the hand-written shooting play."""
    moon_odds: bool = False
    """With ``model`` and ``model_shooting``, the share of the deals in which the
    suspect plays to shoot is not its watch share but the chance of a shot given
    its plays so far: the watch share as the prior, times how much likelier the
    shooting table makes its plays than the table of every seat (on the deals
    dealt without the tilt), to the power ``model``."""
    moon_search: float = 0.0
    """The gated moon search (:mod:`hearts.ai.moongate`): from this chance of a shot
    by the one other seat that alone has taken points, the search plays every
    candidate in two worlds, the one it searches anyway and one where that seat
    plays for the moon, and mixes them by the chance (0: never)."""
    moon_deals: int = 0
    """At the gated decisions, this many deals more in each world and round."""
    moon_scale: float = 1.0
    """At the gated decisions, the shot world weighs the model's chance of a shot
    times this, at most 1 (the model's chance counts the shots that were made; a
    defence may weigh the threat above it)."""
    moon_calibrated: bool = False
    """At the gated decisions, the chance is the one calibrated on logged hands of
    several kinds of opponent (:func:`hearts.ai.moongate.calibrated_chance`) rather
    than the model's."""


def queen_charge(fear: float, kit: RuleKit) -> int:
    """The points added to our score in a playout where we take the queen of spades.

    Judgement in the playouts hunts the queen less well than real players do, so
    the playouts alone underrate the risk of taking it: measured on the arena's
    hand records, a seat was caught with the queen more often than its playouts
    predicted. A charge of ``fear`` of the queen's value corrects for that under
    house scoring, where it was measured to gain points; under classic scoring it
    was not shown to help (a little worse, within the noise), so there it is 0.
    """
    return round(fear * kit.queen) if kit.scoring == "house" else 0


def _distinct(legal: int, hand: int, played: int, kit: RuleKit) -> list[int]:
    """The legal cards, one from each group that would play the same way."""
    out = FULL_DECK ^ played ^ hand
    kept: list[int] = []
    previous = -1
    mask = legal
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if (previous >= 0 and previous // 13 == card // 13
                and not out & ((1 << card) - (1 << previous))
                and kit.table[card] == kit.table[previous]):
            kept[-1] = card
        else:
            kept.append(card)
        previous = card
    return kept


def candidates(situation: Situation, kit: RuleKit, width: int, settle: bool = True) -> list[int]:
    """The cards worth searching, the judgement's choice first, at most ``width``.

    With ``settle``, a card judgement always plays is the only candidate (the
    queen of spades when void); near the end of a match even that is searched.
    """
    s = situation
    forced = _settled(s, kit) if settle else None
    if forced is not None:
        return [forced]
    choice = judge_play(s.me, s.hand, s.legal, s.trick, s.played, s.taken, s.voids, kit)
    distinct = _distinct(s.legal, s.hand, s.played, kit)
    ordered = [choice]
    preferred: list[int] = []
    if s.trick:
        led = s.trick[0] // 13
        best = max(c for c in s.trick if c // 13 == led)
        below = s.legal & ((1 << best) - 1)
        above = s.legal & ~below
        if below:
            preferred.append(below.bit_length() - 1)
        if above:
            preferred.append((above & -above).bit_length() - 1)
            preferred.append(above.bit_length() - 1)
    for suit in range(4):
        mine = s.legal & SUIT_MASKS[suit]
        if mine:
            preferred.append((mine & -mine).bit_length() - 1)
            preferred.append(mine.bit_length() - 1)
    stopper = _stopper(s, kit)
    for card in preferred + sorted(distinct, key=lambda c: (c % 13, c)):
        if card == stopper:
            continue
        equivalent = next((d for d in distinct if _same(d, card, s, kit)), card)
        if equivalent not in ordered and not any(_same(o, card, s, kit) for o in ordered):
            ordered.append(equivalent)
    return ordered[:width]


def _lone_scorer(s: Situation) -> int:
    """The one seat that has taken points, or -1."""
    lone = -1
    for seat in range(4):
        if s.taken[seat] & POINT_CARDS:
            if lone >= 0:
                return -1
            lone = seat
    return lone


LOW_RANKS = sum(0x7F << (13 * suit) for suit in range(4))
"""The 2 to the 8 of every suit."""


def moon_threat(s: Situation) -> tuple[int, bool]:
    """The other seat that may be shooting the moon, from what we can see (-1 for
    none), and whether the sign is strong.

    The seat that passed us three low cards (a seat going for the moon keeps its
    high ones) while no one else has points is a strong sign. The only seat that
    has taken points so far is a weak one, made strong when it also passed us low
    cards, leads a heart or has won most of the tricks (three or more).
    """
    lone = _lone_scorer(s)
    passed_low = s.passer >= 0 and s.received and not s.received & ~LOW_RANKS
    if lone >= 0:
        if lone == s.me:
            return -1, False
        tricks = s.taken[lone].bit_count() // 4
        played = sum(taken.bit_count() for taken in s.taken) // 4
        leads_hearts = bool(s.trick) and s.leader == lone and bool(1 << s.trick[0] & HEARTS)
        return lone, bool((passed_low and lone == s.passer) or leads_hearts
                          or (tricks >= 3 and 2 * tricks > played))
    if any(taken & POINT_CARDS for taken in s.taken):
        return -1, False
    if passed_low:
        return s.passer, True
    return -1, False


def _settled(s: Situation, kit: RuleKit) -> int | None:
    """A card judgement plays without searching: the queen of spades when void
    (unless the trick's winner alone has points and may be shooting)."""
    if not s.trick or not s.legal & QUEEN_OF_SPADES:
        return None
    led = s.trick[0] // 13
    if s.legal & SUIT_MASKS[led]:
        return None
    best = max(range(len(s.trick)), key=lambda i: (s.trick[i] // 13 == led, s.trick[i]))
    winner = (s.leader + best) & 3
    lone = _lone_scorer(s)
    if lone >= 0 and lone == winner:
        return None
    return QUEEN_OF_SPADES_INDEX


def _stopper(s: Situation, kit: RuleKit) -> int:
    """Our top heart when it should be kept as a moon stopper (-1 otherwise): we are
    discarding, one other seat alone has points, and no heart still out beats it.

    A heart that an unseen heart beats cannot be counted on to win a trick, so the
    search weighs it against our other cards like any discard.
    """
    hearts = s.hand & HEARTS
    if not s.trick or not hearts or hearts == s.legal:
        return -1
    led = s.trick[0] // 13
    lone = _lone_scorer(s)
    if s.legal & SUIT_MASKS[led] or lone < 0 or lone == s.me:
        return -1
    top = hearts.bit_length() - 1
    out = HEARTS & ~(s.hand | s.played)
    if out >> top:
        return -1
    return top


def _same(a: int, b: int, s: Situation, kit: RuleKit) -> bool:
    if a == b:
        return True
    if a // 13 != b // 13 or kit.table[a] != kit.table[b]:
        return False
    low, high = min(a, b), max(a, b)
    out = FULL_DECK ^ s.played ^ s.hand
    return not out & ((1 << high) - (1 << low))


Sampler = Callable[[], list[int]]


class _Round(NamedTuple):
    """What one round of the search found."""

    weights: list[float]
    """Each deal's weight: how likely the others' plays so far were in it."""
    scores: list[list[float]]
    """Each option's score on each deal (lower is better)."""

    def total(self, option: int) -> float:
        """The option's weighted sum of scores."""
        return sum(w * x for w, x in zip(self.weights, self.scores[option], strict=True))


def _round(s: Situation, options: Sequence[int], deals: int, samplers: tuple[Sampler, Sampler],
           kit: RuleKit, budget: Budget, rng: random.Random,
           score: Callable[[tuple[int, ...]], float], threat: tuple[int, float],
           seen: Sequence[Observation], model: PlayModel | None = None) -> _Round:
    """Each option's score on each of ``deals`` fresh deals.

    ``threat`` is a seat and a share: with that chance a deal is one where the seat
    holds a strong hand and plays to shoot (``samplers[1]``); otherwise
    ``samplers[0]`` deals it. The weights are normalized within each kind, so the
    two keep their shares. With ``model`` (and ``budget.model``) the deals are
    weighed by the learned model of play too.
    """
    found = _Round([], [[] for _ in options])
    seat, watch = threat
    shots: list[bool] = []
    charge = queen_charge(budget.queen_fear, kit)
    plays = Plays(seen, kit) if seen else None
    generator = random.Random()
    learned = plays is not None and model is not None and budget.model > 0
    floor = math.log(budget.floor)
    shooting = model.shooting if model is not None and budget.model_shooting else None
    policy = model.shooting if model is not None and budget.shooter_model else None
    odds = learned and shooting is not None and budget.moon_odds and watch > 0
    # The suspect's plays on the untilted deals: log chances by each table.
    as_any: list[float] = []
    as_shooter: list[float] = []
    for _deal in range(deals):
        shot = bool(watch) and rng.random() < watch
        world = samplers[shot]()
        playout_seed = rng.getrandbits(32)
        shots.append(shot)
        if odds and not shot and plays is not None and model is not None \
                and shooting is not None:
            as_any.append(plays.log_likelihood(world, model.weights, floor, only=seat))
            as_shooter.append(plays.log_likelihood(world, shooting, floor, only=seat))
        if plays is None:
            found.weights.append(1.0)
        elif learned and model is not None:
            logged = budget.model * plays.log_likelihood(world, model.weights, floor,
                                                         seat if shot else -1, shooting)
            if budget.miss < 1.0:
                logged += math.log(plays.likelihood(world, budget.miss, seat if shot else -1))
            found.weights.append(logged)
        else:
            found.weights.append(plays.likelihood(world, budget.miss, seat if shot else -1))
        shooters = 1 << seat if shot else 0
        trials(s, world, options, kit, playout_seed, budget.noise, shooters, charge,
               budget.guard, generator, score, found.scores, policy)
    if learned:
        # Log weights to weights, each kind against its own likeliest deal.
        for kind in (False, True):
            logs = [w for w, shot in zip(found.weights, shots, strict=True) if shot is kind]
            if logs:
                top = max(logs)
                for index, shot in enumerate(shots):
                    if shot is kind:
                        found.weights[index] = math.exp(found.weights[index] - top)
    shares = [float(shots.count(False)), float(shots.count(True))]
    if as_any and shares[1]:
        # The chance of a shot: the watch's share, times the likelihood ratio of
        # the suspect's plays (each table's mean chance over the untilted deals).
        top = max(max(as_any), max(as_shooter))
        ratio = (sum(math.exp(budget.model * (x - top)) for x in as_shooter)
                 / sum(math.exp(budget.model * (x - top)) for x in as_any))
        chance = watch * ratio / (watch * ratio + 1.0 - watch)
        shares = [len(shots) * (1.0 - chance), len(shots) * chance]
    if seen:
        for kind in (False, True):
            total = sum(w for w, shot in zip(found.weights, shots, strict=True) if shot is kind)
            if total > 0:
                scale = shares[kind] / total
                for index, shot in enumerate(shots):
                    if shot is kind:
                        found.weights[index] *= scale
    return found


def _mixed(today: _Round, shot: _Round, chance: float) -> _Round:
    """The two worlds' rounds as one: each deal of ``today`` weighs ``1 - chance``
    of its own weight and each of ``shot`` ``chance``, each world's weights first
    scaled to one a deal, so that a candidate's total is the mix of its two."""
    weights: list[float] = []
    for found, share in ((today, 1.0 - chance), (shot, chance)):
        total = sum(found.weights)
        scale = share * len(found.weights) / total if total > 0 else 0.0
        weights.extend(w * scale for w in found.weights)
    scores = [a + b for a, b in zip(today.scores, shot.scores, strict=True)]
    return _Round(weights, scores)


def _shot_by_other(points: Sequence[int], me: int, value: int) -> bool:
    """Whether another seat shot the moon, from the hand's final points."""
    for seat in range(4):
        if seat != me and points[seat] <= 0:
            return all(points[other] >= value - 10 for other in range(4) if other != seat)
    return False


def _close(found: _Round, best: int, other: int, margin: float) -> bool:
    """Whether ``other`` may still be better than ``best``: the weighted paired
    difference is within ``margin`` standard errors."""
    weights = found.weights
    diffs = [b - a for a, b in zip(found.scores[best], found.scores[other], strict=True)]
    total = sum(weights)
    mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
    variance = sum(w * w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True))
    return mean * mean * total * total <= margin * margin * variance


def watch_share(s: Situation, budget: Budget) -> tuple[int, float]:
    """The seat the rules' watch suspects of a shot (-1 for none) and the share of
    deals in which it plays to shoot: ``budget.moon_watch`` on a strong sign,
    ``budget.lone_watch`` on a weak one (see :func:`moon_threat`)."""
    seat, strong = moon_threat(s)
    if seat < 0:
        return -1, 0.0
    return seat, budget.moon_watch if strong else budget.lone_watch


def search_play(situation: Situation, kit: RuleKit, budget: Budget, rng: random.Random,
                use_voids: bool = True, lacks: Sequence[int] | None = None,
                objective: Objective | None = None,
                seen: Sequence[Observation] = (),
                suspect: tuple[int, float] | None = None,
                moon: tuple[int, float] | None = None) -> int:
    """The card index the search prefers for ``situation``.

    ``lacks`` (see :mod:`hearts.ai.inference`) guides the deals when ``budget.trust``;
    ``objective`` scores results by the match instead of the hand's points; ``seen``
    (the others' plays so far) weighs each deal by how likely those plays were in
    it, when ``budget.miss`` is below 1 or ``budget.model`` above 0. ``suspect`` (a
    seat and a share of deals), when given, replaces the rules' watch
    (:func:`watch_share`): the moon-aware mode. ``moon`` (a seat and its chance of
    a shot, from :func:`hearts.ai.moongate.moon_gate`), when given, makes it the
    gated moon search: each round also plays every candidate in deals where that
    seat holds a strong hand and plays for the moon (the hand-written shooting
    play; our own later play defends with ``budget.guard`` from what it holds and
    sees), ``budget.moon_deals`` more deals in each world, and a candidate's score
    is the two worlds' mixed by the chance times ``budget.moon_scale`` (at most 1).
    """
    s = situation
    options = candidates(s, kit, budget.width, settle=objective is None)
    if len(options) == 1:
        return options[0]
    deals = budget.deals
    if s.hand.bit_count() <= 6:
        deals += budget.late_deals
    extra = budget.extra_deals
    if moon is not None:
        deals += budget.moon_deals
        extra += budget.moon_deals if extra else 0
    me = s.me
    guided = bool(lacks and budget.trust and any(lacks))

    threat = watch_share(s, budget) if suspect is None else suspect

    def sample() -> list[int]:
        if guided:
            return sample_deal_guessing(s, rng, lacks or (), budget.trust)
        return sample_deal(s, rng, use_voids)

    def sample_shot() -> list[int]:
        return sample_deal_guessing(s, rng, lacks or (0, 0, 0, 0), budget.trust, threat[0],
                                    budget.tilt)

    def sample_moon() -> list[int]:
        assert moon is not None
        return sample_deal_guessing(s, rng, lacks or (0, 0, 0, 0), budget.trust, moon[0],
                                    budget.tilt)

    if objective is None:
        fear = 4 * budget.moon_fear * kit.value
        value = kit.value

        def score(points: tuple[int, ...]) -> float:
            result: float = hand_score(points, me)
            if fear and points[me] >= value - 10 and _shot_by_other(points, me, value):
                result += fear
            return result
    else:
        score = objective.score
    prior = 4 * budget.prior
    seen = seen if budget.miss < 1.0 or budget.model > 0 else ()
    model = default_play_model() if budget.model > 0 or budget.shooter_model else None
    samplers = (sample, sample_shot)

    def searched(cards: Sequence[int], count: int) -> _Round:
        found = _round(s, cards, count, samplers, kit, budget, rng, score, threat, seen, model)
        if moon is None:
            return found
        shot = _round(s, cards, count, (sample_moon, sample_moon), kit, budget, rng, score,
                      (moon[0], 1.0), seen, model)
        return _mixed(found, shot, min(1.0, budget.moon_scale * moon[1]))

    first = searched(options, deals)
    totals = [first.total(i) for i in range(len(options))]
    totals[0] -= prior * sum(first.weights)
    order = sorted(range(len(options)), key=lambda i: (totals[i], i))
    if extra:
        finalists = [order[0]] + [i for i in order[1:budget.finalists]
                                  if _close(first, order[0], i, 2.0)]
        if len(finalists) > 1:
            more = searched([options[i] for i in finalists], extra)
            for position, index in enumerate(finalists):
                totals[index] += more.total(position)
                if index == 0:
                    totals[index] -= prior * sum(more.weights)
            order = sorted(finalists, key=lambda i: (totals[i], i))
    return options[order[0]]
