"""``hearts review``: the Expert's verdict on every decision of a hand.

``hearts review FILE [--hand N] [--seat S | --all] [--json] [--depth D] [--seed X]``
reviews a hand of a record file (a table record, ``hearts history --export``
lines, or an arena results file); ``--last`` and ``--match N --hand K`` read the
hand from the game's store instead, where reviews are also kept, so a second
look is instant.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from hearts.cards import Seat
from hearts.hand import Hand, HandRecordError
from hearts.records import RecordFileError
from hearts.review.analysis import Review, hand_key, review_hand
from hearts.review.replay import load_record
from hearts.review.text import review_text
from hearts.review.verdict import DEFAULT_DEPTH, Decision

__all__ = ["DEFAULT_JOBS", "main", "parse_args", "review_document"]

DEFAULT_JOBS = 2
"""Worker processes a review uses unless ``--jobs`` says otherwise."""

_DESCRIPTION = """\
Review a hand: for each decision of a seat (its pass and every card it chose),
the expected points of each choice, measured by the Expert's search from what
that seat could see at that moment, the verdict on the choice made (best,
inaccuracy, mistake or blunder by the points it gave away against the best) and
the better choice, and a hindsight line (the best choice with every card known).
Every seat's decisions are judged, so each seat's points given away can be
compared; the text shows the reviewed seat's decisions (--all: every seat's)."""


def _seat(text: str) -> Seat:
    try:
        return Seat.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1, not {text!r}")
    return value


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Read the command line of ``hearts review``."""
    parser = argparse.ArgumentParser(prog="hearts review", description=_DESCRIPTION)
    parser.add_argument("file", nargs="?", type=Path, metavar="FILE",
                        help="a hand record, hearts history --export lines or arena results")
    parser.add_argument("--hand", type=_positive, metavar="N",
                        help="which hand of the file (from 1), or of the match with --match")
    parser.add_argument("--last", action="store_true",
                        help="the last hand finished in the game, from its store")
    parser.add_argument("--match", type=_positive, metavar="N",
                        help="a match of the game's store (hearts history lists them)")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", type=_seat, metavar="S",
                     help="the seat to show (default: the person's, else south)")
    who.add_argument("--all", action="store_true", help="show every seat's decisions")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true",
                        help="print the review as JSON (format hearts-review, version 1)")
    output.add_argument("--text", action="store_true",
                        help="print the review as text (the default when the output is not "
                             "a terminal; in a terminal the review page opens)")
    parser.add_argument("--depth", type=_positive, default=DEFAULT_DEPTH, metavar="D",
                        help=f"sampled deals a choice (default {DEFAULT_DEPTH}; more is "
                             "slower and surer)")
    parser.add_argument("--seed", type=int, default=0, metavar="X",
                        help="the review's seed (default 0): the same seed, the same review")
    parser.add_argument("--jobs", type=_positive, default=DEFAULT_JOBS, metavar="J",
                        help=f"worker processes (default {DEFAULT_JOBS})")
    args = parser.parse_args(argv)
    sources = (args.file is not None) + args.last + (args.match is not None)
    if sources != 1:
        parser.error("name a FILE, or --last, or --match N --hand K")
    return args


def _default_seat(record: dict[str, Any]) -> Seat:
    players = record.get("players")
    if isinstance(players, list):
        for seat, entry in zip(Seat, players, strict=False):
            if isinstance(entry, dict) and entry.get("player") == "human":
                return seat
    return Seat.SOUTH


@contextlib.contextmanager
def _workers(jobs: int) -> Iterator[Executor | None]:
    """``jobs`` worker processes (None: this process)."""
    if jobs <= 1:
        yield None
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield pool


def _store() -> Any:
    """The game's store opened for keeping reviews, or None when there is none."""
    from hearts.store.reviews import open_for_reviews
    from hearts.store.store import database_path

    path = database_path()
    return open_for_reviews(str(path)) if path.exists() else None


def _from_store(args: argparse.Namespace) -> tuple[str, dict[str, Any], Any]:
    """The hand named by --last or --match from the store, and the store opened
    for keeping reviews (or None)."""
    from hearts.store.reviews import find_hand

    db = _store()
    text = None if db is None else find_hand(db, args.match, args.hand)
    if text is None:
        if db is not None:
            db.close()
        what = "no hand has been finished yet" if args.last else (
            f"match {args.match} has no hand {args.hand or 1}")
        raise RecordFileError(f"the store: {what}")
    where = "the last hand" if args.last else f"match {args.match}, hand {args.hand or 1}"
    return where, json.loads(text), db


def main(argv: list[str]) -> int:
    """``hearts review``; the exit status."""
    args = parse_args(argv)
    db = None
    try:
        if args.file is not None:
            where, record = load_record(args.file, args.hand)
            where = f"{args.file}, {where}"
            db = _store()
        else:
            where, record, db = _from_store(args)
        Hand.from_record(record)
    except (RecordFileError, HandRecordError) as error:
        print(f"hearts review: {error}", file=sys.stderr)
        return 2
    seat = args.seat or _default_seat(record)
    if not (args.json or args.text) and sys.stdout.isatty():
        return _page(record, args, db)
    try:
        document = review_document(record, db, args.seed, args.depth, args.jobs)
    finally:
        if db is not None:
            db.close()
    if args.json:
        print(json.dumps(document, indent=1))
        return 0
    review = _review_of(record, document)
    detail = list(Seat) if args.all else [seat]
    print(review_text(review, f"Review of {where}: depth {args.depth}, seed {args.seed}",
                      detail))
    return 0


def review_document(record: dict[str, Any], db: Any, seed: int, depth: int, jobs: int = 1,
                    progress: Callable[[Decision], None] | None = None,
                    executor: Executor | None = None) -> dict[str, Any]:
    """The review's JSON of every seat: kept in the store ``db`` (an open
    connection, or None), or made now and kept; ``progress`` hears of each
    decision (of a kept review too). Without an ``executor`` the review starts
    ``jobs`` worker processes of its own (one: this process)."""
    from hearts.store.reviews import keep_review, kept_review

    key = (hand_key(record), "all", depth, seed)
    if db is not None:
        kept = kept_review(db, *key)
        if kept is not None:
            found: dict[str, Any] = json.loads(kept)
            if progress is not None:
                for decision in _review_of(record, found).decisions:
                    progress(decision)
            return found
    if executor is None:
        with _workers(jobs) as pool:
            review = review_hand(record, list(Seat), seed, depth, pool, progress)
    else:
        review = review_hand(record, list(Seat), seed, depth, executor, progress)
    document = review.to_json()
    if db is not None:
        keep_review(db, *key, json.dumps(document))
    return document


def _page(record: dict[str, Any], args: argparse.Namespace, db: Any) -> int:
    """Open the review page in an app of its own; the review runs as it shows."""
    from hearts.tui.review_page import ReviewApp

    if db is not None:
        db.close()  # a connection serves one thread: the reviewer opens its own
    # The workers start before the app: forked from a process with no threads yet
    # (under Textual, starting a process fails: its standard streams are replaced).
    with _workers(args.jobs) as pool:

        def reviewer(progress: Callable[[Decision], None]) -> object:
            again = _store()
            try:
                return review_document(record, again, args.seed, args.depth, args.jobs,
                                       progress, pool)
            finally:
                if again is not None:
                    again.close()

        ReviewApp(record, reviewer).run()
    return 0


def _review_of(record: dict[str, Any], document: dict[str, Any]) -> Review:
    """The review a JSON document holds (for printing a kept review as text)."""
    from hearts.review.analysis import from_json

    return from_json(record, document)
