"""The command line: ``hearts [--new] [--seed N] [--ascii] [--level NAME]``."""

from __future__ import annotations

import argparse
import codecs
import locale
import sys

from hearts.ai import Level

__all__ = ["main", "parse_args", "wants_ascii"]

_DESCRIPTION = """\
Play Hearts in the terminal: you sit South against three computer players.
Keys: left/right move, space/return play or choose, d deal, p pass, c clear,
o options, t statistics, x quit, esc h help, C-l redraw; the mouse works too.
Options are kept in the user's config folder (HEARTS_CONFIG_DIR names another
folder). The match in progress, every hand and every match are kept in
hearts.db in the user's data folder (HEARTS_DATA_DIR names another): quit at
any moment and the next start carries on where you stopped. A second window
on the same folder plays a new match of its own, kept in the history; it is
recorded as abandoned if that window closes before the match ends.
See also: hearts stats, hearts history --export FILE."""


def _level(text: str) -> Level:
    key = text.strip().upper()
    for level in Level:
        if key in (level.name, str(int(level))):
            return level
    names = ", ".join(str(level).lower() for level in Level)
    raise argparse.ArgumentTypeError(f"unknown level {text!r} (choose from {names})")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Read the command line."""
    parser = argparse.ArgumentParser(prog="hearts", description=_DESCRIPTION,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--new", action="store_true",
                        help="start a new match; an unfinished one is kept as abandoned")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="start a new match with every deal and computer decision "
                             "seeded, so it replays exactly (as --new, with a seed)")
    parser.add_argument("--ascii", action="store_true",
                        help="draw cards as letters (QS) without suit symbols or box lines")
    parser.add_argument("--level", type=_level, metavar="NAME",
                        help="difficulty for this run only: beginner, casual, club, "
                             "strong or expert (the saved option is kept)")
    return parser.parse_args(argv)


def wants_ascii(encoding: str | None) -> bool:
    """True when ``encoding`` cannot show suit symbols."""
    if not encoding:
        return True
    try:
        return codecs.lookup(encoding).name != "utf-8"
    except LookupError:
        return True


def main(argv: list[str] | None = None) -> None:
    """Start the game."""
    args = parse_args(argv)
    encoding = getattr(sys.stdout, "encoding", None) or locale.getpreferredencoding(False)
    from hearts.tui.app import HeartsApp

    app = HeartsApp(seed=args.seed, ascii_only=args.ascii or wants_ascii(encoding),
                    level=args.level, new_match=args.new or args.seed is not None)
    app.run()
