"""The moon-threat model's rows, read from logged hands.

    python lab/tools/moon_rows.py OUT.npz FILE [FILE ...] [--jobs 2]

Each FILE is hand records in JSON lines: an arena results file (its deals'
hands) or :mod:`moon_data`'s output. Every hand is played again from its record,
and at every decision of every seat (its pass, then each of its plays) the view
gives a row per other seat that may still shoot (:func:`hearts.ai.moonsigns.moon_signs`),
labelled 1 when that seat shot the moon in the hand. Beside the rows ``OUT``
keeps, per row, the facts :data:`FACTS`: the trick (0 to 12), the observer and
the target seat, whether the target is a shooter player, the hand-written
watch's sign on the target (2 strong, 1 weak, 0 none;
:func:`hearts.ai.search.moon_threat`), the decision (the view's number in its
hand), the hand (a number across all files) and the split (0 train, 1
validation, 2 test; see :func:`split_of`); and per hand (``hands``) its number,
split, how many decisions it had, the seat that shot (-1 for none), the trick
from which its moon was sure (:func:`moon_sure.sure_trick`) and whether that
search ran over its budget.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from moon_sure import sure_trick

from hearts.ai.moonsigns import SIGN_NAMES, moon_signs
from hearts.ai.search import moon_threat
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.records import read_text
from hearts.view import Phase, PlayerView

SHOOTER = "hearts.ai.shooter:make"
"""How a hand record names the moon-hungry player."""


def split_of(source: str, record: dict[str, Any]) -> int:
    """0 (train), 1 (validation) or 2 (test): a hand of :mod:`moon_data` by its
    number (4 of 5 train, then validation, then test); an arena file's hands all train."""
    number = record.get("number")
    if not isinstance(number, int):
        return 0
    return {3: 2, 4: 1}.get(number % 5, 0)


def records(path: Path) -> Iterator[dict[str, Any]]:
    """The hand records of a file: a results file's deals' hands, or one record a line."""
    for line in read_text(path).splitlines():
        data = json.loads(line)
        if "hands" in data:
            yield from data["hands"]
        elif "deal" in data and "plays" in data:
            yield data


def _views(record: dict[str, Any]) -> Iterator[PlayerView]:
    """Every view a seat decided from, in order: the passes, then each play."""
    hand = Hand.from_record({**record, "passes": [], "plays": []})
    passes = record["passes"]
    if passes:
        for seat in Seat:
            yield hand.view(seat)
        for entry in passes:
            hand.pass_cards(Seat.parse(entry["seat"]), [Card.parse(c) for c in entry["cards"]])
    for text in record["plays"]:
        seat = hand.turn
        assert seat is not None
        yield hand.view(seat)
        hand.play(Card.parse(text))


def rows_of(record: dict[str, Any]) -> tuple[list[list[float]], list[list[int]], list[int]]:
    """One hand's rows and, for each, its label, trick, observer, target, whether
    the target is a shooter player, the watch's sign on it and the decision (the
    view's number in the hand); then how many decisions the hand had, the seat
    that shot (-1 for none), the trick from which its moon was sure
    (:func:`moon_sure.sure_trick`; -1 for none) and whether that search ran over
    its budget."""
    full = Hand.from_record(record)
    shooter = -1 if full.shooter is None else int(full.shooter)
    names = [p["player"] for p in record.get("players", [{}] * 4)]
    rows: list[list[float]] = []
    facts: list[list[int]] = []
    decisions = 0
    for decision, view in enumerate(_views(record)):
        decisions = decision + 1
        signs = moon_signs(view)
        if not signs:
            continue
        threat, strong = (moon_threat(Situation.of(view)) if view.phase is Phase.PLAYING
                          else (-1, False))
        for target, row in signs.items():
            rows.append(row)
            watch = (2 if strong else 1) if threat == target else 0
            facts.append([int(target == shooter), len(view.tricks), int(view.seat), target,
                          int(names[target] == SHOOTER), watch, decision])
    sure, capped = sure_trick(full) if shooter >= 0 else (-1, False)
    return rows, facts, [decisions, shooter, sure, int(capped)]


FACTS = ("label", "trick", "observer", "target", "shooter_player", "watch", "decision",
         "hand", "split")
"""The columns of the facts kept beside each row."""


def _file_rows(path: Path, first: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A file's rows, their facts, and each hand's number, split, decisions, shooter,
    sure trick and whether its search ran over budget."""
    rows: list[list[float]] = []
    facts: list[list[int]] = []
    hands: list[list[int]] = []
    number = first
    for record in records(path):
        got, got_facts, about = rows_of(record)
        split = split_of(str(path), record)
        rows.extend(got)
        facts.extend([*f, number, split] for f in got_facts)
        hands.append([number, split, *about])
        number += 1
    return (np.asarray(rows, dtype=np.float32).reshape(-1, len(SIGN_NAMES)),
            np.asarray(facts, dtype=np.int64).reshape(-1, len(FACTS)),
            np.asarray(hands, dtype=np.int64).reshape(-1, 6))


def build(paths: list[Path], jobs: int) -> dict[str, np.ndarray]:
    """The rows of every file, hands numbered across the files."""
    # Hand numbers: each file gets a block far apart, so that files read in parallel
    # never share one.
    firsts = [i * 10**7 for i in range(len(paths))]
    if jobs == 1:
        parts = list(map(_file_rows, paths, firsts))
    else:
        with ProcessPoolExecutor(jobs) as executor:
            parts = list(executor.map(_file_rows, paths, firsts))
    x = np.concatenate([p[0] for p in parts])
    f = np.concatenate([p[1] for p in parts])
    out = {"x": x, **{name: f[:, i] for i, name in enumerate(FACTS)}}
    out["source"] = np.concatenate([np.full(len(p[0]), i) for i, p in enumerate(parts)])
    out["hands"] = np.concatenate([p[2] for p in parts])
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
    np.savez_compressed(args.out, files=np.asarray([str(p) for p in args.files]),
                        names=np.asarray(SIGN_NAMES), **data)
    hands = len(np.unique(data["hand"]))
    print(f"{len(data['x'])} rows from {hands} hands with a row, "
          f"{int(data['label'].sum())} labelled a shot", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
