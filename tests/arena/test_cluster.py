"""The arena on a Dask cluster: a local scheduler with 2 worker processes, started
here, gives the same results file as --jobs 1."""

from __future__ import annotations

import faulthandler
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts.arena.cli import main

pytestmark = pytest.mark.slow  # a local Dask cluster

LIMIT = 240
"""Seconds the cluster test may take before the test process is stopped."""


@pytest.fixture
def scheduler() -> Iterator[str]:
    from distributed import LocalCluster

    faulthandler.dump_traceback_later(LIMIT, exit=True)
    try:
        with LocalCluster(  # type: ignore[no-untyped-call]  # Dask's, untyped (as in executors.py)
                n_workers=2, threads_per_worker=1, processes=True,
                dashboard_address=None, worker_dashboard_address=None) as cluster:
            yield cluster.scheduler_address
    finally:
        faulthandler.cancel_dump_traceback_later()


def test_cluster_results_equal_local_results(scheduler: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bot = f"cmd:{sys.executable} -m hearts.bot beginner"
    for where, extra in (("local", ["--jobs", "1"]), ("cluster", ["--cluster", scheduler])):
        assert main(["match", "club", bot, "--deals", "4", "--seed", "5", "--quiet",
                     "--results", str(tmp_path / where), *extra]) == 0
    out = capsys.readouterr().out
    (local,) = (tmp_path / "local").glob("*.jsonl")
    (cluster,) = (tmp_path / "cluster").glob("*.jsonl")
    assert len(cluster.read_text().splitlines()) == 5
    assert cluster.read_bytes() == local.read_bytes()
    assert out.count("4 deals, 8 hands") == 2


def test_without_the_extra_a_clear_message(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["match", "club", "beginner", "--deals", "1", "--quiet",
                 "--cluster", "tcp://127.0.0.1:1", "--results", str(tmp_path)]) == 2
    assert "pip install 'terminal-hearts[cluster]'" in capsys.readouterr().err
