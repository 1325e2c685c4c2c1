"""``hearts review``: the review page in a terminal, else the review as text or JSON
(:mod:`hearts.review.cli`, whose command line this reads).

Textual is imported only when the page opens, so ``hearts review --json`` (the
game's review in the background runs it) starts as quickly as the library.
"""

from __future__ import annotations

import sys

from hearts.hand import HandRecordError
from hearts.records import RecordFileError
from hearts.review.cli import load, open_store, parse_args, plain_ascii, run, wants_page
from hearts.review.document import Progress, ReviewUnreadable, review_document, workers

__all__ = ["main"]


def main(argv: list[str]) -> int:
    """``hearts review``; the exit status."""
    args = parse_args(argv)
    if not wants_page(args):
        return run(args)
    try:
        source = load(args)
    except (RecordFileError, HandRecordError, ReviewUnreadable) as error:
        print(f"hearts review: {error}", file=sys.stderr)
        return 2
    if source.db is not None:
        source.db.close()  # a connection serves one thread: the reviewer opens its own
    from hearts.tui.review_page import ReviewApp

    # The workers start before the app: forked from a process with no threads yet
    # (under Textual, starting a process fails: its standard streams are replaced).
    with workers(args.jobs) as pool:

        def reviewer(progress: Progress) -> object:
            db = open_store()
            try:
                return review_document(source.record, db, args.seed, args.depth, args.jobs,
                                       progress, pool)
            finally:
                if db is not None:
                    db.close()

        ReviewApp(source.record, reviewer, plain_ascii(args, sys.stdout), source.you(args),
                  True if args.all else None).run()
    return 0
