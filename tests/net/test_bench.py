"""The load benchmark's figures, on a small run (its timing is reported, never asserted)."""

from __future__ import annotations

from pathlib import Path

from hearts.net.bench import run
from hearts.net.scripted import Board


def test_a_card_is_timed_until_all_three_others_have_seen_it() -> None:
    board = Board()
    board.played(1, "QS")
    board.seen(1, "QS")
    board.seen(1, "QS")
    assert board.spread == []
    board.seen(1, "QS")
    assert len(board.spread) == 1 and board.spread[0] >= 0
    board.seen(1, "2C")  # a card nobody timed changes nothing
    assert len(board.spread) == 1 and not board.sent


async def test_two_tables_play_a_hand_and_every_card_reaches_everyone(tmp_path: Path) -> None:
    figures = await run(2, 1, 120.0, tmp_path)
    # Every card a person sent is timed, to its player and to the three others;
    # cards the table plays out by itself once no points are left are not sent
    # (nor is a card sent just as that happened, which the table never plays).
    assert 2 * 40 <= figures["cards"] <= 2 * 52
    assert figures["cards"] - 2 <= figures["others_cards"] <= figures["cards"]
    assert figures["others_median_ms"] >= 0 and figures["others_p95_ms"] >= \
        figures["others_median_ms"]
