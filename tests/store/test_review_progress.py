"""The kept reviews over time: points given away a hand and a decision, per level."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from hearts.records import hand_key
from hearts.store import Store
from hearts.store.report import review_table, trend, trend_text
from hearts.store.reviews import keep_review, open_for_reviews, reviewed_hands

from .helpers import play_match


def _review(record: dict[str, object], lost: float, decisions: int, code: str = "new",
            version: int = 2) -> str:
    """A kept review's JSON, as much of it as the figures read."""
    seats = [{"seat": name, "lost": lost if name == "south" else 9.0, "lost_se": 0.5,
              "decisions": decisions} for name in ("south", "west", "north", "east")]
    return json.dumps({"version": version, "hand": hand_key(record), "code": code,
                       "depth": 1000, "seats": seats})


def played(tmp_path: Path) -> tuple[sqlite3.Connection, list[dict[str, Any]]]:
    """A store of a match played to the end, opened for reviews, and its hands' records."""
    store = Store.open(tmp_path)
    match = play_match(store, target=60, level="club")
    store.close()
    db = open_for_reviews(str(tmp_path / "hearts.db"))
    assert db is not None
    return db, [hand.record() for hand in match.hands]


def test_reviewed_hands_read_the_persons_seat_in_order(tmp_path: Path) -> None:
    db, records = played(tmp_path)
    assert len(records) >= 2
    keep_review(db, hand_key(records[0]), "all", 1000, 0, _review(records[0], 4.0, 10))
    keep_review(db, hand_key(records[1]), "all", 8, 0, _review(records[1], 1.0, 8))
    keep_review(db, hand_key(records[1]), "all", 1000, 0, _review(records[1], 2.0, 8))
    keep_review(db, "not a hand of this store", "all", 1000, 0, _review(records[0], 7.0, 1))
    reviews = reviewed_hands(db)
    db.close()
    hands = reviews.hands
    assert [(h.level, h.lost, h.decisions) for h in hands] == [("club", 4.0, 10),
                                                              ("club", 2.0, 8)]
    assert reviews.code == "new" and reviews.other == 0
    console = Console(width=100, record=True)
    console.print(review_table(reviews))
    text = console.export_text()
    assert "Club" in text and "Total" in text
    assert "3.00" in text  # (4 + 2) / 2 hands
    assert "0.33" in text  # 6 points / 18 decisions
    assert "2 hands reviewed" in text


def test_reviews_of_another_version_are_never_mixed_in(tmp_path: Path) -> None:
    db, records = played(tmp_path)
    keep_review(db, hand_key(records[0]), "all", 1000, 0, _review(records[0], 9.0, 9, "", 1))
    keep_review(db, hand_key(records[1]), "all", 1000, 0, _review(records[1], 5.0, 9, "old"))
    assert reviewed_hands(db).code == "old" and len(reviewed_hands(db).hands) == 1
    keep_review(db, hand_key(records[2]), "all", 1000, 0, _review(records[2], 1.0, 9, "new"))
    reviews = reviewed_hands(db)  # the latest review's code is counted, alone
    db.close()
    assert reviews.code == "new" and [h.lost for h in reviews.hands] == [1.0]
    assert reviews.other == 2
    console = Console(width=100, record=True)
    console.print(review_table(reviews))
    assert "1 hand reviewed (2 by an earlier version of the review, not counted)" in \
        " ".join(console.export_text().split())


def test_the_trend_is_a_moving_average_of_points_a_decision() -> None:
    from hearts.store.reviews import ReviewedHand

    hands = [ReviewedHand("t", "club", lost, decisions)
             for lost, decisions in [(1.0, 10), (0.0, 0), (3.0, 10)] + [(0.0, 10)] * 10]
    found = trend(hands, window=2)
    assert found.numbers == list(range(1, 13))  # the hand with no decision left out
    assert found.per_hand[:3] == [0.1, 0.3, 0.0]
    assert found.average[:3] == [0.1, 0.2, 0.15]
    assert found.average[-1] == 0.0
    chart = trend_text(hands, 60, 12, ascii_only=True)
    assert chart is not None and "Points you gave away a decision" in chart
    assert trend_text(hands[1:2], 60, 12) is None


@pytest.mark.parametrize("ascii_only", [True, False])
def test_the_first_hands_point_shows_when_it_is_the_worst(ascii_only: bool) -> None:
    # U16: the legend stood in the chart's top left corner, over the first hand's
    # point, and the average's line over it: the legend is under the chart now
    import re

    from hearts.store.reviews import ReviewedHand

    hands = [ReviewedHand("t", "club", 3.0, 4)] + [
        ReviewedHand("t", "club", 0.2 * n, 4) for n in range(1, 12)]
    chart = trend_text(hands, 70, 14, ascii_only)
    assert chart is not None
    lines = [re.sub(r"\x1b\[[0-9;]*m", "", line).rstrip() for line in chart.splitlines()]
    mark = "*" if ascii_only else "•"
    assert "a hand" in lines[-1] and "average of the last 10" in lines[-1]
    assert not any("a hand" in line for line in lines[:-1])
    ticks = next(n for n, line in enumerate(lines) if re.fullmatch(r"[\s└┬─┘1-9]+", line)
                 and " 1 " in f"{line} ")
    first = lines[ticks].index("1")
    top = next(line for line in lines[1:ticks] if mark in line)  # the highest point drawn
    assert abs(top.index(mark) - first) <= 2  # is the first hand's
