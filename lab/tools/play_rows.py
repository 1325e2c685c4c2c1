"""The learned model of play's rows, read from logged hands.

    python lab/tools/play_rows.py OUT.npz FILE [FILE ...] [--jobs 1]

Each FILE is hand records in JSON lines: an arena results file (its deals'
hands) or :mod:`moon_data`'s output. Every hand is played again from its
record and, at every play where the seat had two or more legal cards, the
position as that seat saw it gives one row per legal card: its feature indices
(:func:`hearts.ai.playfeatures.decision_features`, padded with ``FEATURES``, a
weight fixed at 0). Beside the rows ``OUT`` keeps, per decision (:data:`FACTS`):
the index of its first row and how many it has, the card played (its row
within the decision), judgement's card (its row, -1 if judgement chose a card
the seat could not play: never), the trick, the slot (0 a lead, 1-3 following,
4-6 discarding), whether the seat shot the moon in the hand, the player (an
index into ``players``), the hand (a number across all files) and the split.

The split is by the deal, not the file: a deal's 52 cards hashed, 8 in 10 to
training (0), one to validation (1) and one to the test (2). The same deal
played in several files (the runs of one seed) is in one split only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from hearts.ai.judgement import book, pack_voids
from hearts.ai.kit import rule_kit
from hearts.ai.playfeatures import FEATURES, decision_features
from hearts.ai.situation import Situation
from hearts.cards import Card
from hearts.hand import Hand
from hearts.records import read_text

WIDTH = 13
"""Feature indices kept per row (no card has more than 12)."""

FACTS = ("start", "count", "played", "judged", "trick", "slot", "shot", "player", "hand",
         "split", "seat")
"""The columns kept per decision."""


def split_of(record: dict[str, Any]) -> int:
    """0 (train), 1 (validation) or 2 (test), from the deal's cards."""
    deal = record["deal"]
    text = "|".join(",".join(sorted(deal[seat])) for seat in sorted(deal))
    value = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=4).digest(), "big") % 10
    return 2 if value == 3 else 1 if value == 7 else 0


def records(path: Path) -> Iterator[dict[str, Any]]:
    """The hand records of a file: a results file's deals' hands, or one record a line."""
    for line in read_text(path).splitlines():
        data = json.loads(line)
        if "hands" in data:
            yield from data["hands"]
        elif "deal" in data and "plays" in data:
            yield data


def held_out(paths: list[Path], limit: int) -> Iterator[dict[str, Any]]:
    """The first ``limit`` hand records of the test split, file after file."""
    taken = 0
    for path in paths:
        for record in records(path):
            if taken >= limit:
                return
            if split_of(record) == 2:
                taken += 1
                yield record


def rows_of(record: dict[str, Any], names: dict[str, int]
            ) -> tuple[list[list[int]], list[list[int]]]:
    """One hand's rows (feature indices, padded) and its decisions' facts (without
    the ``start``, ``hand`` and ``split`` columns, filled in by the caller)."""
    full = Hand.from_record(record)
    shooter = -1 if full.shooter is None else int(full.shooter)
    players = [p["player"] for p in record.get("players", [{"player": "?"}] * 4)]
    hand = Hand.from_record({**record, "plays": []})
    kit = rule_kit(hand.rules)
    rules = book(kit)
    rows: list[list[int]] = []
    facts: list[list[int]] = []
    for text in record["plays"]:
        seat = hand.turn
        assert seat is not None
        card = Card.parse(text)
        s = Situation.of(hand.view(seat))
        n = len(s.trick)
        t = [*s.trick, 0, 0, 0]
        cards, found, choice = decision_features(
            s.me, s.hand, n, t[0], t[1], t[2], s.played, s.taken[0], s.taken[1], s.taken[2],
            s.taken[3], pack_voids(s.voids), s.first, s.broken, rules, kit.first_lead,
            kit.leading_hearts, kit.first_trick)
        if cards:
            slot = 0 if not n else (n if s.legal & (0x1FFF << (13 * (t[0] // 13))) else 3 + n)
            name = players[int(seat)]
            facts.append([len(cards), cards.index(card.index),
                          cards.index(choice) if choice in cards else -1,
                          (s.played.bit_count() - n) // 4, slot,
                          int(int(seat) == shooter), names.setdefault(name, len(names)),
                          int(seat)])
            rows.extend(row + [FEATURES] * (WIDTH - len(row)) for row in found)
        hand.play(card)
    return rows, facts


def _file_rows(path: Path, first: int) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    rows: list[list[int]] = []
    facts: list[list[int]] = []
    names: dict[str, int] = {}
    number = first
    for record in records(path):
        got, got_facts = rows_of(record, names)
        split = split_of(record)
        for fact in got_facts:
            facts.append([len(rows), *fact[:-1], number, split, fact[-1]])
            rows.extend(got[:fact[0]])
            del got[:fact[0]]
        number += 1
    return (np.asarray(rows, dtype=np.int16).reshape(-1, WIDTH),
            np.asarray(facts, dtype=np.int64).reshape(-1, len(FACTS)), names)


def build(paths: list[Path], jobs: int) -> dict[str, np.ndarray]:
    """The rows of every file, hands numbered across the files, players named once."""
    firsts = [i * 10**7 for i in range(len(paths))]
    if jobs == 1:
        parts = list(map(_file_rows, paths, firsts))
    else:
        with ProcessPoolExecutor(jobs) as executor:
            parts = list(executor.map(_file_rows, paths, firsts))
    players: dict[str, int] = {}
    xs, fs = [], []
    offset = 0
    for x, f, names in parts:
        back = {index: name for name, index in names.items()}
        f = f.copy()
        f[:, 0] += offset
        column = FACTS.index("player")
        f[:, column] = [players.setdefault(back[int(i)], len(players)) for i in f[:, column]]
        xs.append(x)
        fs.append(f)
        offset += len(x)
    x = np.concatenate(xs)
    f = np.concatenate(fs)
    out = {"x": x, **{name: f[:, i] for i, name in enumerate(FACTS)}}
    out["source"] = np.concatenate([np.full(len(p[1]), i) for i, p in enumerate(parts)])
    out["players"] = np.asarray(sorted(players, key=players.__getitem__))
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    data = build(args.files, args.jobs)
    np.savez_compressed(args.out, files=np.asarray([str(p) for p in args.files]), **data)
    print(f"{len(data['start'])} decisions ({len(data['x'])} rows) from "
          f"{len(np.unique(data['hand']))} hands", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
