"""The kept reviews over time: points given away a hand and a decision, per level."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from hearts.records import hand_key
from hearts.store import Store
from hearts.store.report import review_table, sparkline
from hearts.store.reviews import keep_review, open_for_reviews, reviewed_hands

from .helpers import play_match


def _review(record: dict[str, object], lost: float, decisions: int) -> str:
    """A kept review's JSON, as much of it as the figures read."""
    seats = [{"seat": name, "lost": lost if name == "south" else 9.0, "decisions": decisions}
             for name in ("south", "west", "north", "east")]
    return json.dumps({"hand": hand_key(record), "seats": seats})


def test_reviewed_hands_read_the_persons_seat_in_order(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    match = play_match(store, target=60, level="club")
    store.close()
    db = open_for_reviews(str(tmp_path / "hearts.db"))
    assert db is not None
    records = [hand.record() for hand in match.hands]
    assert len(records) >= 2
    keep_review(db, hand_key(records[0]), "all", 1000, 0, _review(records[0], 4.0, 10))
    keep_review(db, hand_key(records[1]), "all", 8, 0, _review(records[1], 1.0, 8))
    keep_review(db, hand_key(records[1]), "all", 1000, 0, _review(records[1], 2.0, 8))
    keep_review(db, "not a hand of this store", "all", 1000, 0, _review(records[0], 7.0, 1))
    hands = reviewed_hands(db)
    db.close()
    assert [(h.level, h.lost, h.decisions) for h in hands] == [("club", 4.0, 10),
                                                              ("club", 2.0, 8)]
    console = Console(width=100, record=True)
    console.print(review_table(hands))
    text = console.export_text()
    assert "Club" in text and "Total" in text
    assert "3.00" in text  # (4 + 2) / 2 hands
    assert "0.33" in text  # 6 points / 18 decisions
    assert "Latest 2 hands" in text


def test_a_sparkline_runs_from_the_lowest_bar_to_the_highest() -> None:
    assert sparkline([0.0, 2.0, 4.0, 8.0]) == "▁▃▅█"
    assert sparkline([0.0, 8.0], ascii_only=True) == "_@"
    assert sparkline([0.0, 0.0]) == "▁▁"
