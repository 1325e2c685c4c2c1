"""The computer players' benchmark counts what it says it counts (its figures are
measured by its command, never asserted here)."""

from __future__ import annotations

import pytest

from hearts.ai import Level
from hearts.net import thinkbench


def test_level_costs_time_every_level_asked_on_the_same_positions() -> None:
    costs = thinkbench.level_costs(positions=6, levels=(Level.CLUB, Level.STRONG))
    assert [cost.level for cost in costs] == ["club", "strong"]
    for cost in costs:
        assert cost.play_ms > 0 and cost.decisions_a_second > 0 and cost.tables_a_core > 0
        assert abs(cost.hand_ms - (39 * cost.play_ms + 3 * cost.pass_ms)) < 0.2


def test_tables_of_one_person_play_and_their_decisions_are_timed() -> None:
    run = thinkbench.run_tables(2, Level.CLUB, processes=1, pace=0.05, seconds=2.0,
                                warmup=0.5, delay_scale=0.0)
    assert run.cards > 0 and run.decisions > 0
    assert run.lighter == 0  # Club never searches: the rule leaves it alone
    assert 0 < run.decision_median_ms <= run.decision_p95_ms <= run.decision_worst_ms
    assert run.wait_median_ms > 0


def test_the_command_line_prints_the_figures_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    thinkbench.main(["--levels", "--positions", "3", "--json"])
    out = capsys.readouterr().out
    assert '"levels"' in out and '"expert"' in out
