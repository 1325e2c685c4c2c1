"""The review's library: kept reviews and their fingerprint, and a review followed
as another process makes it (the game's review in the background)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from hearts.records import hand_key
from hearts.review import document, verdict
from hearts.review.analysis import validate
from hearts.review.document import review_document
from hearts.review.fingerprint import reviewer_code
from hearts.review.verdict import Decision, Task
from hearts.store import Store
from hearts.store.reviews import (
    claim_review,
    keep_review,
    kept_review,
    open_for_reviews,
    review_progress,
)
from tests.review.helpers import played_record

DEPTH = 6


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Any]:
    Store.open(tmp_path).close()
    connection = open_for_reviews(str(tmp_path / "hearts.db"))
    assert connection is not None
    yield connection
    connection.close()


def counting(monkeypatch: pytest.MonkeyPatch) -> list[Task]:
    """Count the decisions judged here from now on."""
    judged: list[Task] = []
    real = verdict.judge_all

    def judge_all(tasks: Sequence[Task], executor: Executor | None = None
                  ) -> Iterator[Decision]:
        judged.extend(tasks)
        return real(tasks, executor)

    monkeypatch.setattr(document, "judge_all", judge_all)
    return judged


def test_a_kept_review_is_served_only_to_the_code_that_made_it(
        db: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    record = played_record(4)
    first = review_document(record, db, 0, DEPTH)
    assert first["code"] == reviewer_code() and review_progress(db, first["hand"], DEPTH, 0) \
        is None
    judged = counting(monkeypatch)
    told: list[Decision] = []
    assert review_document(record, db, 0, DEPTH, progress=told.append) == first
    assert not judged and len(told) == len(first["decisions"])
    older = {**first, "code": "an earlier version"}
    keep_review(db, first["hand"], "all", DEPTH, 0, json.dumps(older))
    again = review_document(record, db, 0, DEPTH)  # made again, and kept in its place
    assert len(judged) == len(first["decisions"]) and again == first
    assert json.loads(kept_review(db, first["hand"], "all", DEPTH, 0) or "") == first
    keep_review(db, first["hand"], "all", DEPTH, 0, '{"version": 1}')  # a review of v1
    assert review_document(record, db, 0, DEPTH) == first


def test_a_review_stopped_half_way_is_taken_over_where_it_stood(
        db: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    record = played_record(5)
    whole = review_document(record, None, 0, DEPTH)
    key = hand_key(record)
    claim_review(db, key, DEPTH, 0, reviewer_code(), "a process that died", 1000.0, 30.0)
    half = whole["decisions"][:20]
    db.execute("UPDATE review_progress SET decisions = ?", (json.dumps(half),))
    judged = counting(monkeypatch)
    told: list[Decision] = []
    assert review_document(record, db, 0, DEPTH, progress=told.append) == whole
    assert len(judged) == len(whole["decisions"]) - 20  # the first 20 were not made again
    assert [d.to_json() for d in told] == whole["decisions"]
    assert review_progress(db, key, DEPTH, 0) is None  # gone once the review is kept


@pytest.mark.slow
def test_the_verdicts_of_a_review_in_another_process_arrive_as_it_goes(
        tmp_path: Path, db: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """As the game's review in the background runs (``hearts review --json`` in a
    process of its own), ``v`` follows it instead of reviewing again."""
    record = played_record(6)
    path = tmp_path / "hand.json"
    path.write_text(record.to_text())
    depth = 200
    process = subprocess.Popen(
        [sys.executable, "-m", "hearts", "review", str(path), "--json", "--depth", str(depth),
         "--jobs", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**__import__("os").environ, "HEARTS_DATA_DIR": str(tmp_path)})
    try:
        key = hand_key(record)
        for _ in range(600):
            if review_progress(db, key, depth, 0) is not None:
                break
            time.sleep(0.05)
        judged = counting(monkeypatch)
        told: list[tuple[float, Decision]] = []
        found = review_document(record, db, 0, depth,
                                progress=lambda d: told.append((time.monotonic(), d)))
        out, errors = process.communicate(timeout=240)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, errors.decode()
    assert not judged  # nothing judged here: every verdict came from the other process
    made = json.loads(out)
    validate(made)
    assert found == made
    assert [d.to_json() for _t, d in told] == made["decisions"]
    assert told[-1][0] - told[0][0] > 0.1  # they arrived over time, not all at the end
