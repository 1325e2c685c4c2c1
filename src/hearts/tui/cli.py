"""The command line: ``hearts [--seed N] [--ascii] [--level NAME]``, and
``hearts --serve [--host H] [--port P]`` to play in a web browser."""

from __future__ import annotations

import argparse
import codecs
import locale
import sys

from hearts.ai import Level

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "game_args", "main", "parse_args", "wants_ascii"]

_DESCRIPTION = """\
Play Hearts in the terminal: you sit South against three computer players.
Keys: left/right move, space/return play or choose, d deal, p pass, c clear,
o options, x quit, esc h help, C-l redraw; the mouse works too. Options are
kept in the user's config folder (HEARTS_CONFIG_DIR names another folder).

With --serve the game plays in a web browser instead: open the address it
prints; every tab is a game of its own, and --seed, --ascii and --level apply
to each. It listens on 127.0.0.1 (this machine only) unless --host says
otherwise; with --host 0.0.0.0 anyone who can reach the machine can play."""

DEFAULT_HOST = "127.0.0.1"
"""Where ``--serve`` listens unless ``--host`` says otherwise: this machine only."""
DEFAULT_PORT = 8000
"""The port ``--serve`` listens on unless ``--port`` says otherwise."""


def _level(text: str) -> Level:
    key = text.strip().upper()
    for level in Level:
        if key in (level.name, str(int(level))):
            return level
    names = ", ".join(str(level).lower() for level in Level)
    raise argparse.ArgumentTypeError(f"unknown level {text!r} (choose from {names})")


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port must be a number from 0 to 65535, not {text!r}")
    return port


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Read the command line."""
    parser = argparse.ArgumentParser(prog="hearts", description=_DESCRIPTION,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, metavar="N",
                        help="seed every deal and computer decision, so a game replays exactly")
    parser.add_argument("--ascii", action="store_true",
                        help="draw cards as letters (QS) without suit symbols or box lines")
    parser.add_argument("--level", type=_level, metavar="NAME",
                        help="difficulty for this run only: beginner, casual, club, "
                             "strong or expert (the saved option is kept)")
    web = parser.add_argument_group("playing in a web browser")
    web.add_argument("--serve", action="store_true",
                     help="start a web server for the game and print the address to open")
    web.add_argument("--host", metavar="H",
                     help=f"the address to listen on (default {DEFAULT_HOST}, this machine "
                          "only; 0.0.0.0 lets anyone who can reach this machine play)")
    web.add_argument("--port", type=_port, metavar="P",
                     help=f"the port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    args = parser.parse_args(argv)
    if not args.serve and (args.host is not None or args.port is not None):
        parser.error("--host and --port go with --serve")
    return args


def game_args(args: argparse.Namespace) -> list[str]:
    """The options of one game, as a command line (for each game ``--serve`` starts)."""
    line = [] if args.seed is None else ["--seed", str(args.seed)]
    if args.ascii:
        line.append("--ascii")
    if args.level is not None:
        line += ["--level", str(int(args.level))]
    return line


def wants_ascii(encoding: str | None) -> bool:
    """True when ``encoding`` cannot show suit symbols."""
    if not encoding:
        return True
    try:
        return codecs.lookup(encoding).name != "utf-8"
    except LookupError:
        return True


def main(argv: list[str] | None = None) -> None:
    """Start the game, or serve it to web browsers."""
    args = parse_args(argv)
    if args.serve:
        from hearts.tui.serve import serve

        host = DEFAULT_HOST if args.host is None else args.host
        port = DEFAULT_PORT if args.port is None else args.port
        raise SystemExit(serve(game_args(args), host, port))
    encoding = getattr(sys.stdout, "encoding", None) or locale.getpreferredencoding(False)
    from hearts.tui.app import HeartsApp

    app = HeartsApp(seed=args.seed, ascii_only=args.ascii or wants_ascii(encoding),
                    level=args.level)
    app.run()
