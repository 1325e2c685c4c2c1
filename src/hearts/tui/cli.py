"""The command line: ``hearts [--new] [--seed N] [--ascii | --unicode] [--level NAME]
[--rules WORDS]``, and ``hearts --serve [--host H] [--port P] [--trust-proxy ADDRESS]``
to play in a web browser."""

from __future__ import annotations

import argparse
import codecs
import os
import sys
from collections.abc import Mapping

from hearts.ai import Level
from hearts.arena.rulestext import RULES_HELP, checked_rules_argument
from hearts.levels import level_choices
from hearts.options import rules_refusal

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "game_args", "locale_is_ascii", "main",
           "parse_args", "use_ascii", "wants_ascii"]

_DESCRIPTION = """\
Play Hearts in the terminal: you sit South against three computer players.
Keys: left/right move, space/return play or choose, d deal, p pass, c clear,
? hint, u undo, l last trick, r score sheet, v review the hand (between
hands), a abandon the match, o options, t statistics, y today's deal, x quit,
esc h help, C-l redraw; the mouse works too.
Options are kept in the user's config folder (HEARTS_CONFIG_DIR names another
folder). The match in progress, every hand and every match are kept in
hearts.db in the user's data folder (HEARTS_DATA_DIR names another): quit at
any moment and the next start carries on where you stopped. A second window
on the same folder plays a new match of its own, kept in the history; it is
recorded as abandoned if that window closes before the match ends.

The table is drawn with plain ASCII when the terminal's encoding or locale
cannot show box lines and suit symbols (LANG=C, for example); --ascii and
--unicode force either.
See also: hearts daily (today's deal against the Expert's par), hearts stats,
hearts history --export FILE, hearts verify RECORD, hearts review RECORD.

Play with friends: hearts host starts a table server and prints a join code
for each table; each friend runs hearts join ADDRESS --code CODE in a terminal
(hearts host --serve gives friends with only a browser a page too). Both have
their own --help.

With --serve the game plays in a web browser instead: open the address it
prints, choose the computer players' level, the rules and the target, and play
at the web table (phone, tablet, screen reader or desktop). Each browser keeps
a game of its own and can carry it on; --level and --rules choose what the page
offers first, --seed the deals. --serve --terminal draws the terminal game in
the browser instead. It listens on 127.0.0.1 (this machine only) unless --host
says otherwise; with --host 0.0.0.0 anyone who can reach the machine can play."""

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


def _rule_words(text: str) -> str:
    """``--rules``: checked here (a bad word or a target the game does not take is
    the option's error), applied by the app to the saved options' rules."""
    checked_rules_argument(rules_refusal)(text)
    return text


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
    parser.add_argument("--new", action="store_true",
                        help="start a new match; an unfinished one is kept as abandoned")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="start a new match with every deal and computer decision "
                             "seeded, so it replays exactly (as --new, with a seed)")
    drawing = parser.add_mutually_exclusive_group()
    drawing.add_argument("--ascii", action="store_true",
                         help="draw everything in plain ASCII: cards as letters (QS), "
                              "boxes of + - |")
    drawing.add_argument("--unicode", action="store_true",
                         help="draw suit symbols and box lines even if the locale "
                              "seems unable to")
    parser.add_argument("--level", type=_level, metavar="NAME",
                        help=f"difficulty for this run only: {level_choices()} "
                             "(the saved option is kept)")
    parser.add_argument("--rules", type=_rule_words, metavar="WORDS",
                        help="the rules for this run, from the next hand dealt, changing "
                             "the saved ones (kept unless you save the options page): "
                             + RULES_HELP)
    web = parser.add_argument_group("playing in a web browser")
    web.add_argument("--serve", action="store_true",
                     help="start a web server for the game and print the address to open: "
                          "the web table, for a phone, a tablet, a screen reader or a desktop")
    web.add_argument("--terminal", action="store_true",
                     help="with --serve: the terminal game drawn in the browser instead "
                          "(a desktop's; each tab runs a game process of its own)")
    web.add_argument("--host", metavar="H",
                     help=f"the address to listen on (default {DEFAULT_HOST}, this machine "
                          "only; 0.0.0.0 lets anyone who can reach this machine play)")
    web.add_argument("--port", type=_port, metavar="P",
                     help=f"the port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    web.add_argument("--trust-proxy", action="append", default=[], metavar="ADDRESS",
                     help="with --serve: a proxy in front of this server (127.0.0.1, or a "
                          "network such as 10.0.0.0/8; may be given again), as for hearts "
                          "host: from its address alone the player's address and scheme are "
                          "read from X-Forwarded-For and X-Forwarded-Proto")
    args = parser.parse_args(argv)
    if not args.serve and (args.host is not None or args.port is not None or args.terminal):
        parser.error("--host, --port and --terminal go with --serve")
    if not args.serve and args.trust_proxy:
        parser.error("--trust-proxy goes with --serve (a proxy in front of the web table)")
    if args.terminal and args.trust_proxy:
        parser.error("--trust-proxy goes with the web table, not --terminal (the terminal "
                     "in a browser is for this machine or a network of your own)")
    if args.trust_proxy:  # (aiohttp is loaded for a server alone)
        from hearts.net.admission.forwarded import trusted_networks

        try:
            args.trust_proxy = trusted_networks(args.trust_proxy)
        except ValueError as error:
            parser.error(f"--trust-proxy: {error}")
    args.trust_proxy = tuple(args.trust_proxy)
    if args.serve and args.new:
        parser.error("--new goes without --serve: each browser tab offers the saved match "
                     "or a new one of its own")
    return args


def game_args(args: argparse.Namespace) -> list[str]:
    """The options of one game, as a command line (for each game ``--serve`` starts)."""
    line = [] if args.seed is None else ["--seed", str(args.seed)]
    # the browser's terminal always shows suit symbols and box lines, whatever
    # the server's own locale, so a game draws in ASCII only when asked
    line.append("--ascii" if args.ascii else "--unicode")
    if args.level is not None:
        line += ["--level", str(int(args.level))]
    if args.rules is not None:
        line += ["--rules", args.rules]
    return line


def wants_ascii(encoding: str | None) -> bool:
    """True when ``encoding`` cannot show suit symbols."""
    if not encoding:
        return True
    try:
        return codecs.lookup(encoding).name != "utf-8"
    except LookupError:
        return True


def locale_is_ascii(environ: Mapping[str, str], utf8_mode: bool) -> bool:
    """True when the locale names no UTF-8 character set.

    Under the C or POSIX locale Python switches itself to UTF-8 (and may set
    ``LC_CTYPE=C.UTF-8`` for itself), so the stream encodings say UTF-8 although
    the terminal may not: UTF-8 mode that nobody asked for (no ``PYTHONUTF8``) is
    taken as a sign of the C locale.
    """
    if utf8_mode and "PYTHONUTF8" not in environ:
        return True
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = environ.get(name)
        if value:
            charset = value.partition(".")[2].partition("@")[0]
            return wants_ascii(charset or None)
    return True  # no locale at all is the C locale


def use_ascii(args: argparse.Namespace, encodings: list[str | None],
              environ: Mapping[str, str], utf8_mode: bool) -> bool:
    """Whether to draw in ASCII: forced by ``--ascii``/``--unicode``, else when any
    output stream's encoding or the locale cannot show Unicode."""
    if args.ascii or args.unicode:
        return bool(args.ascii)
    return any(wants_ascii(e) for e in encodings) or locale_is_ascii(environ, utf8_mode)


def _serve_web(args: argparse.Namespace, host: str, port: int) -> int:
    """``hearts --serve``: the web table, with the saved options' level and rules
    (or ``--level`` and ``--rules``) offered first."""
    from hearts.arena.rulestext import parse_rules
    from hearts.net.tables.table import TableConfig
    from hearts.options import load_options, options_path
    from hearts.store.store import database_path
    from hearts.web.solo import serve_solo

    options = load_options(options_path()).options
    rules = options.rules()
    if args.rules is not None:
        rules = parse_rules(args.rules, rules)
    level = args.level if args.level is not None else Level(options.difficulty)
    config = TableConfig(people=1, level=level, rules=rules)
    return serve_solo(host, port, database_path(None).parent, config, args.seed,
                      args.trust_proxy)


def main(argv: list[str] | None = None) -> None:
    """Start the game, or serve it to web browsers."""
    args = parse_args(argv)
    if args.serve:
        host = DEFAULT_HOST if args.host is None else args.host
        port = DEFAULT_PORT if args.port is None else args.port
        if args.terminal:
            from hearts.tui.serve import serve

            raise SystemExit(serve(game_args(args), host, port))
        raise SystemExit(_serve_web(args, host, port))
    # Textual draws on stderr; messages and --help go to stdout.
    encodings = [getattr(stream, "encoding", None) for stream in (sys.stdout, sys.stderr)]
    ascii_only = use_ascii(args, encodings, os.environ, bool(sys.flags.utf8_mode))
    from hearts.tui.app import HeartsApp

    app = HeartsApp(seed=args.seed, ascii_only=ascii_only, level=args.level,
                    new_match=args.new or args.seed is not None, rules=args.rules)
    app.run()
    while app.wants_daily:  # y: today's deal, then the match carries on
        from hearts.tui.daily_app import daily_of, play_daily

        play_daily(daily_of(rule_words=args.rules), ascii_only)
        app = HeartsApp(ascii_only=ascii_only, level=args.level, rules=args.rules)
        app.run()
