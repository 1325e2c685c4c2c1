"""The decision-time benchmark's command: the rules it times under, and a bad word."""

from __future__ import annotations

import pytest

from hearts import Rules, Scoring
from hearts.ai import bench as ai_bench
from hearts.ai.bench import sample_views
from hearts.bench import main


def test_positions_come_from_hands_under_the_rules_given() -> None:
    classic = Rules(scoring=Scoring.CLASSIC, first_trick=True)
    views = sample_views(classic, 1, 10)
    assert len(views) == 10 and all(view.rules == classic for view in views)
    assert all(len(view.legal) > 1 for view in views)


def test_the_ai_bench_names_its_rules_and_times_every_level(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(ai_bench, "POSITIONS", dict.fromkeys(ai_bench.POSITIONS, 2))
    monkeypatch.setattr(ai_bench, "PASSES", dict.fromkeys(ai_bench.PASSES, 1))
    main(["ai", "--rules", "classic-scoring,first-lead,leading-hearts,first-trick"])
    out = capsys.readouterr().out
    assert "rules: classic,no-pass-queen,left,100" in out  # the same rules, in the fewest words
    assert "Expert" in out and "pass Expert" in out


def test_a_bad_rules_word_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["ai", "--rules", "classic,spades-broken"])
    assert "spades-broken" in capsys.readouterr().err
