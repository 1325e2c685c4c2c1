"""The lab's playouts with the other seats drawn from the learned model of play."""

from __future__ import annotations

import math
import random

from tests.lab.test_tools import _load

from hearts.ai.kit import rule_kit
from hearts.ai.sampling import sample_deal
from hearts.ai.situation import Situation
from hearts.ai.trial import outcome
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.rules import Rules


def _positions(count: int) -> list[tuple[Hand, Situation]]:
    """Hands dealt at random and played by random legal cards to a random point."""
    rng = random.Random(7)
    found: list[tuple[Hand, Situation]] = []
    while len(found) < count:
        hand = Hand.deal(Rules(), rng)
        if hand.turn is None:
            for each in Seat:
                hand.pass_cards(each, hand.holding(each)[:3])
        for _ in range(rng.randrange(4, 44)):
            hand.play(rng.choice(hand.legal_plays()))
        seat = hand.turn
        assert seat is not None
        found.append((hand, Situation.of(hand.view(seat))))
    return found


def test_judgement_policy_plays_as_the_compiled_playout() -> None:
    """With judgement in every seat the lab's loop gives the compiled playout's points."""
    tool = _load("model_playout")
    rng = random.Random(3)
    for hand, s in _positions(40):
        kit = rule_kit(hand.rules)
        world = sample_deal(s, rng)
        card = (s.legal & -s.legal).bit_length() - 1
        for shooters, guard in ((0, False), (1 << ((s.me + 1) & 3), True)):
            seed = rng.getrandbits(32)
            assert tool.outcome_with(tool.JUDGEMENT, s, world, card, kit, seed, 0.1, shooters,
                                     5, guard) == outcome(s, world, card, kit, seed, 0.1,
                                                          shooters, 5, guard)


def test_model_policy_is_legal_and_cold_is_the_model_s_choice() -> None:
    """The model's playouts end with every point dealt; at a low temperature with no
    random share they play the model's likeliest card, whatever the draw."""
    tool = _load("model_playout")
    rng = random.Random(4)
    for hand, s in _positions(20):
        kit = rule_kit(hand.rules)
        world = sample_deal(s, rng)
        card = (s.legal & -s.legal).bit_length() - 1
        warm = tool.outcome_with(tool.ModelPolicy(1.0, 0.1), s, world, card, kit, 1, 0.1)
        assert sum(warm) in (kit.value, 3 * kit.value)
        cold = {tool.outcome_with(tool.ModelPolicy(1e-6, 0.0), s, world, card, kit, seed, 0.0)
                for seed in range(4)}
        assert len(cold) == 1


def test_measure_weights_and_agreement_helpers() -> None:
    """The softened weights keep each kind of deal's share; the effective number of
    equal weights is their count; Spearman's correlation of a ranking with itself is
    1 and with its reverse -1; a clustered mean's interval is 0 with no spread."""
    measure, report = _load("playout_measure"), _load("playout_report")
    raw = [math.log(x) for x in (1.0, 0.25, 0.0625, 1.0)]
    shots = [False, False, False, True]
    for alpha in (1.0, 0.5):
        weights = measure.weights_of(raw, shots, alpha)
        assert abs(sum(weights[:3]) - 3) < 1e-9 and abs(weights[3] - 1) < 1e-9
    assert measure.weights_of(raw, shots, 0.5)[1] == 2 * measure.weights_of(raw, shots, 0.5)[2]
    assert measure.ess([2.0] * 5) == 5
    assert measure.ess([1.0, 0.0, 0.0]) == 1
    assert report.spearman([1.0, 2.0, 3.0], [10.0, 20.0, 30.0]) == 1
    assert report.spearman([1.0, 2.0, 3.0], [3.0, 2.0, 1.0]) == -1
    assert report.clustered([0.5, 0.5, 0.5], [1, 1, 2]) == (0.5, 0.0)
