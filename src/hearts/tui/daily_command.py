"""``hearts daily``: today's deal in the terminal, its par, and the days' records.

``hearts daily`` plays today's deal (the UTC date's), you South against three
Experts, under your saved rules played to 100 (``--rules`` names others); at
its end your points stand beside the par. ``--par`` prints the deal's seed and
par without playing; ``--export FILE`` writes the record of every day's deal you
finished, which ``hearts verify`` checks and a friend can compare with theirs.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from datetime import date

from hearts.daily import day_record, day_record_of, today
from hearts.seeds import daily_seed_text
from hearts.tui.daily_app import daily_of, play_daily

__all__ = ["main"]


def _day(text: str) -> date:
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date: {text!r} (use YYYY-MM-DD)") from None
    if day > today():
        raise argparse.ArgumentTypeError(f"{day} has not come yet (the days are UTC's)")
    return day


def _parser() -> argparse.ArgumentParser:
    from hearts.arena.rulestext import RULES_HELP

    parser = argparse.ArgumentParser(prog="hearts daily", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--date", type=_day, metavar="YYYY-MM-DD",
                        help="an earlier day's deal instead of today's (UTC)")
    parser.add_argument("--rules", metavar="WORDS",
                        help="the rules, changing your saved ones (played to 100): "
                             + RULES_HELP)
    parser.add_argument("--par", action="store_true",
                        help="print the deal's seed and its par, and play nothing")
    parser.add_argument("--json", action="store_true",
                        help="with --par: print the par's day's record (JSON) instead")
    parser.add_argument("--export", metavar="FILE",
                        help="write the record of every day's deal finished to FILE as "
                             "JSON lines (- for standard output), and play nothing")
    drawing = parser.add_mutually_exclusive_group()
    drawing.add_argument("--ascii", action="store_true", help="draw in plain ASCII")
    drawing.add_argument("--unicode", action="store_true",
                         help="draw suit symbols and box lines whatever the locale")
    return parser


def _export(target: str) -> int:
    from hearts.paths import write_atomically
    from hearts.store.commands import Unreadable, open_for_reading
    from hearts.store.dailies import finished_dailies

    try:
        db = open_for_reading()
    except Unreadable as error:
        print(f"hearts daily: {error}", file=sys.stderr)
        return 1
    rows = []
    if db is not None:
        with contextlib.closing(db):
            rows = finished_dailies(db)
    lines = [json.dumps(day_record_of(row.day, row.rules, int(row.points or 0),
                                      int(row.par or 0), row.assisted, json.loads(row.record)))
             for row in rows]
    if target == "-":
        sys.stdout.writelines(line + "\n" for line in lines)
        return 0
    try:
        write_atomically(target, (line + "\n" for line in lines))
    except OSError as error:
        print(f"hearts daily: cannot write {target} ({error.strerror})", file=sys.stderr)
        return 1
    print(f"{len(lines)} day's record{'' if len(lines) == 1 else 's'} written to {target}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Play today's deal, or print its par, or export the days' records."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.json and not args.par:
        parser.error("--json goes with --par")
    try:
        daily = daily_of(args.date, args.rules)
    except ValueError as error:
        parser.error(f"argument --rules: {error}")
    if args.export:
        return _export(args.export)
    if args.par:
        hand = daily.par_hand()
        par = hand.points[0]
        if args.json:
            print(json.dumps(day_record(daily, hand, par)))
        else:
            text = daily_seed_text(daily.day.isoformat(), daily.words)
            print(f"The deal of {daily.day} under {daily.words}: seed {daily.seed}, the "
                  f"first 6 bytes of the SHA-256 of {text!r}")
            print(f"Par {par}: what the Expert takes in South's seat against the day's "
                  "three Experts")
        return 0
    from hearts.tui.cli import use_ascii

    encodings = [getattr(stream, "encoding", None) for stream in (sys.stdout, sys.stderr)]
    play_daily(daily, use_ascii(args, encodings, os.environ, bool(sys.flags.utf8_mode)))
    return 0
