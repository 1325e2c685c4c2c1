"""``hearts review``: the Expert's verdict on every decision of a hand, as text or JSON.

``hearts review FILE [--hand N] [--seat S | --all] [--json] [--depth D] [--seed X]``
reviews a hand of a record file (a table record, ``hearts history --export``
lines, or an arena results file); ``--last`` and ``--match N --hand K`` read the
hand from the game's store instead, where reviews are also kept, so a second
look is instant. A thin layer over :func:`hearts.review.document.review_document`;
in a terminal the command opens the review page instead
(:mod:`hearts.tui.review_command`, which reads the same command line).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import TextIO

from hearts.cards import Seat
from hearts.hand import HandRecord, HandRecordError
from hearts.records import RecordFileError
from hearts.review.analysis import from_json
from hearts.review.document import ReviewUnreadable, decision_count, readable, review_document
from hearts.review.replay import load_record
from hearts.review.text import review_text
from hearts.review.verdict import DEFAULT_DEPTH

__all__ = ["DEFAULT_JOBS", "Source", "default_seat", "load", "main", "open_store", "parse_args",
           "plain_ascii", "run", "wants_page"]

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
                     help="the seat to show (default: yours, as the game's store kept it; "
                          "in a file, the first person's, else south)")
    who.add_argument("--all", action="store_true", help="show every seat's decisions")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true",
                        help="print the review as JSON (format hearts-review, version 2)")
    output.add_argument("--text", action="store_true",
                        help="print the review as text (the default when the output is not "
                             "a terminal; in a terminal the review page opens)")
    parser.add_argument("--ascii", action="store_true",
                        help="write cards in plain ASCII (TS for the ten of spades); the "
                             "default where the output cannot show suit symbols")
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


def default_seat(record: HandRecord) -> Seat:
    """The seat a review shows by default: the person's (the first, if several),
    else South."""
    players = record.players
    if players is not None:
        for seat, player in zip(Seat, players, strict=True):
            if player.player == "human":
                return seat
    return Seat.SOUTH


def open_store() -> sqlite3.Connection | None:
    """The game's store opened for keeping reviews, or None when there is none."""
    from hearts.store.reviews import open_for_reviews
    from hearts.store.store import database_path

    path = database_path()
    return open_for_reviews(str(path)) if path.exists() else None


class Source:
    """The hand a command line names, and the store its reviews are kept in."""

    def __init__(self, where: str, record: HandRecord, db: sqlite3.Connection | None,
                 seat: Seat | None = None) -> None:
        self.where = where
        """Where the hand was found, in words."""
        self.record = record
        """The hand record, read once."""
        self.db = db
        """The game's store opened for reviews (the caller closes it), or None."""
        self.seat = seat
        """The seat the person played, when the store says (their hands at a
        network table are kept with their own seat); None for a file."""

    def you(self, args: argparse.Namespace) -> Seat:
        """The seat to show: ``--seat``, else the person's own, else the record's
        first person's (South when it names none)."""
        if args.seat is not None:  # a Seat, and South is 0: never `or`
            return Seat(args.seat)
        return self.seat if self.seat is not None else default_seat(self.record)


def load(args: argparse.Namespace) -> Source:
    """The hand ``args`` names, checked to be reviewable; raises ``ValueError`` (a
    :class:`~hearts.records.RecordFileError`,
    :class:`~hearts.hand.HandRecordError` or
    :class:`~hearts.review.document.ReviewUnreadable`) saying what is wrong."""
    from hearts.store.reviews import find_kept_hand

    if args.file is not None:
        try:
            where, record = load_record(args.file, args.hand)
        except HandRecordError as error:
            raise ReviewUnreadable(f"This hand cannot be reviewed: {error}") from None
        source = Source(f"{args.file}, {where}", record, open_store())
    else:
        db = open_store()
        kept = None if db is None else find_kept_hand(db, args.match, args.hand)
        if kept is None:
            if db is not None:
                db.close()
            what = "no hand has been finished yet" if args.last else (
                f"match {args.match} has no hand {args.hand or 1}")
            raise RecordFileError(f"the store: {what}")
        where = "the last hand" if args.last else f"match {args.match}, hand {args.hand or 1}"
        try:
            record = readable(kept.record)
        except ReviewUnreadable:
            if db is not None:
                db.close()
            raise
        source = Source(where, record, db, kept.seat)
    try:
        decision_count(source.record)
    except ValueError:
        if source.db is not None:
            source.db.close()
        raise
    return source


def plain_ascii(args: argparse.Namespace, stream: TextIO) -> bool:
    """Whether cards are written in ASCII: asked for, or ``stream`` cannot show
    suit symbols."""
    if args.ascii:
        return True
    try:
        "♠♥♦♣±".encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def wants_page(args: argparse.Namespace) -> bool:
    """Whether ``args`` ask for the review page: neither --json nor --text, and the
    output is a terminal."""
    return not (args.json or args.text) and sys.stdout.isatty()


def run(args: argparse.Namespace) -> int:
    """The review ``args`` ask for, printed as text or JSON; the exit status."""
    try:
        source = load(args)
    except (RecordFileError, HandRecordError, ReviewUnreadable) as error:
        print(f"hearts review: {error}", file=sys.stderr)
        return 2
    try:
        document = review_document(source.record, source.db, args.seed, args.depth, args.jobs)
    finally:
        if source.db is not None:
            source.db.close()
    if args.json:
        print(json.dumps(document, indent=1))
        return 0
    review = from_json(source.record, document)
    detail = list(Seat) if args.all else [source.you(args)]
    print(review_text(review, f"Review of {source.where}: depth {args.depth}, seed {args.seed}",
                      detail, plain_ascii(args, sys.stdout)))
    return 0


def main(argv: list[str]) -> int:
    """``hearts review`` as text or JSON (never the page); the exit status."""
    return run(parse_args(argv))
