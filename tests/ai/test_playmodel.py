"""The learned model of play: its weights, its chances, and the search's use of them."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from hearts.ai import Level, make_player
from hearts.ai.inference import Plays, observations_of_view
from hearts.ai.judgement import book, judge_play, pack_voids
from hearts.ai.kit import rule_kit
from hearts.ai.players import BUDGETS, SearchPlayer
from hearts.ai.playfeatures import FEATURES, decision_features, log_chance, model_choice
from hearts.ai.playmodel import PlayModel, default_play_model, fingerprint
from hearts.ai.sampling import sample_deal
from hearts.ai.situation import Situation
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules, Scoring
from hearts.view import Phase, PlayerView

WEIGHTS = Path(__file__).resolve().parents[2] / "src" / "hearts" / "ai" / "play_weights.json"


def _views(seed: int, rules: Rules | None = None) -> list[PlayerView]:
    """Every view of a hand played by Club players, in order."""
    hand = Hand.deal(rules or Rules(), seed, pass_direction=PassDirection.NONE)
    players = [make_player(Level.CLUB, seat) for seat in range(4)]
    views = []
    while hand.phase is Phase.PLAYING:
        turn = hand.turn
        assert turn is not None
        view = hand.view(turn)
        views.append(view)
        hand.play(players[turn].choose_play(view))
    return views


def _chances(view: PlayerView, table: list[float]) -> dict[int, float]:
    s = Situation.of(view)
    kit = rule_kit(view.rules)
    t = [*s.trick, 0, 0, 0]
    k0, k1, k2, k3 = s.taken
    return {card.index: math.exp(log_chance(
        table, s.me, s.hand, card.index, len(s.trick), t[0], t[1], t[2], s.played, k0, k1, k2, k3,
        pack_voids(s.voids), s.first, s.broken, book(kit), kit.first_lead, kit.leading_hearts,
        kit.first_trick)) for card in view.legal}


def test_the_shipped_weights_load_and_tampering_is_refused(tmp_path: Path) -> None:
    model = default_play_model()
    assert len(model.weights) == len(model.shooting) == FEATURES + 1
    assert model.weights[FEATURES] == 0.0 and any(model.weights) and model.shooting != model.weights
    body = json.loads(WEIGHTS.read_text())
    assert body["fingerprint"] == fingerprint(body) == model.fingerprint
    body["weights"][0] += 0.5
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(body))
    with pytest.raises(ValueError, match="fingerprint"):
        PlayModel.load(path)
    body["fingerprint"] = fingerprint(body)
    path.write_text(json.dumps(body))
    assert PlayModel.load(path).weights[0] == pytest.approx(model.weights[0] + 0.5)
    path.write_text(json.dumps({**body, "features": FEATURES - 1}))
    with pytest.raises(ValueError, match="features"):
        PlayModel.load(path)


CLASSIC = Rules(scoring=Scoring.CLASSIC, first_lead=True, leading_hearts=True,
                first_trick=True, jack_of_diamonds=True)
"""Classic scoring, the three restrictions and the jack of diamonds."""


@pytest.mark.parametrize("rules", [Rules(), CLASSIC])
def test_the_chances_of_the_legal_cards_sum_to_one(rules: Rules) -> None:
    table = default_play_model().weights
    for seed in range(3):
        for view in _views(seed, rules):
            chances = _chances(view, table)
            assert sum(chances.values()) == pytest.approx(1.0)
            if len(view.legal) == 1:
                assert list(chances.values()) == [1.0]


def test_the_model_prefers_judgement_where_it_is_sure_and_reads_its_features() -> None:
    """Club players play judgement's card: the model mostly agrees, and a card's
    score is the sum of the weights of the features training reads for it."""
    model = default_play_model()
    agree = total = 0
    for view in _views(7):
        if len(view.legal) < 2:
            continue
        s = Situation.of(view)
        kit = rule_kit(view.rules)
        t = [*s.trick, 0, 0, 0]
        k0, k1, k2, k3 = s.taken
        args = (s.me, s.hand, len(s.trick), t[0], t[1], t[2], s.played, k0, k1, k2, k3,
                pack_voids(s.voids))
        cards, rows, choice = decision_features(*args, s.first, s.broken, book(kit),
                                                kit.first_lead, kit.leading_hearts,
                                                kit.first_trick)
        assert choice == judge_play(s.me, s.hand, s.legal, s.trick, s.played, s.taken,
                                    s.voids, kit)
        assert cards == [card.index for card in view.legal]
        assert all(0 <= i < FEATURES for row in rows for i in row)
        scores = [sum(model.weights[i] for i in row) for row in rows]
        top = max(scores)
        logs = [x - top - math.log(sum(math.exp(y - top) for y in scores)) for x in scores]
        chances = _chances(view, model.weights)
        for card, value in zip(cards, logs, strict=True):
            assert math.log(chances[card]) == pytest.approx(value, abs=1e-9)
        best = model_choice(model.weights, *args[:2], s.legal, *args[2:], book(kit))
        assert best == cards[scores.index(top)]
        agree += best == choice
        total += 1
    assert total >= 20 and agree >= 0.7 * total


def test_a_deal_is_weighed_by_the_plays_it_explains_with_a_floor() -> None:
    """The log likelihood is the sum of the floored log chances of the others' plays;
    a seat skipped counts nothing, or its shooting table's chances."""
    model = default_play_model()
    views = _views(11)
    view = views[30]
    s = Situation.of(view)
    kit = rule_kit(view.rules)
    seen = observations_of_view(view)
    plays = Plays(seen, kit)
    rng = random.Random(3)
    for _ in range(5):
        world = sample_deal(s, rng)
        free = plays.log_likelihood(world, model.weights, -1e9)
        floored = plays.log_likelihood(world, model.weights, math.log(0.2))
        assert free <= floored <= 0.0
        other = (s.me + 1) & 3
        skipped = plays.log_likelihood(world, model.weights, -1e9, skip=other)
        shooting = plays.log_likelihood(world, model.weights, -1e9, other, model.shooting)
        assert free < skipped and shooting < skipped
        assert shooting != free
    assert plays.log_likelihood(world, model.weights, 0.0) == 0.0


@pytest.mark.parametrize("extra", [{}, {"model_shooting": True, "shooter_model": True,
                                        "moon_watch": 1.0},
                                   {"model_shooting": True, "moon_odds": True,
                                    "lone_watch": 0.5, "miss": 1.0}])
def test_the_expert_with_the_model_plays_legal_cards_and_replays(extra: dict[str, Any]) -> None:
    budget = BUDGETS[Level.EXPERT]._replace(deals=8, late_deals=4, extra_deals=8, width=4,
                                            model=0.5, **extra)
    player = SearchPlayer(Level.EXPERT, 4, budget)
    for view in _views(5)[8::6]:
        card = player.choose_play(view)
        assert card in view.legal
        assert SearchPlayer(Level.EXPERT, 4, budget).choose_play(view) == card


def test_the_released_expert_does_not_use_the_model() -> None:
    budget = BUDGETS[Level.EXPERT]
    assert budget.model == 0.0 and not budget.model_shooting and not budget.shooter_model
