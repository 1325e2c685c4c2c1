"""``hearts-arena``: measure any two Hearts players against each other.

    hearts-arena match A B [--deals N] [--json]     duplicate deals, one hand each
    hearts-arena games A B [--games N] [--json]     whole matches to the target
    hearts-arena ladder [--deals N] [--out DIR]     each level against the one below
    hearts-arena show FILE [--hand N]               a hand record, trick by trick

A player is one of our levels (1-5, beginner .. expert), a Python factory by
import path (mypkg.mybot:make, where make(seed) returns an object with
choose_pass(view) and choose_play(view)), or a program speaking the bot protocol
of docs/protocol.md ("cmd:./mybot --flag"; our own levels: "cmd:hearts-bot expert").
Short names for import paths are listed in hearts.arena.players.ALIASES. The
v0.1.0 release, after `make baseline`:
"cmd:.baseline/bin/python lab/tools/baseline_bot.py expert".

Every deal is played twice, the sides swapping seats (A in South and North,
then in West and East), so both hold the same cards. In `games` each game is a
match to the rules' target played twice on the same deals with the seats
swapped; a match whose lowest total a seat of each side shares counts half a
win to each. Reports give each side's moons, shot and conceded.

--rules takes a rule set and the options page's settings as one comma-separated
value, e.g. classic, omnibus,50 or classic,left: a set (original, the default;
classic; omnibus), then house-scoring or classic-scoring, jack-of-diamonds,
first-lead, leading-hearts, first-trick, pass-queen (no- before one of these
switches it off: classic,no-pass-queen), left, rotate or rotate-hold, and the
target score (any positive whole number); what is not named keeps the set's
rule (the target 100).

Finished deals are appended to a results file under --results (default
arena-results), with every hand's record; --resume carries on from it. The
same seed gives the same file with any --jobs or on a Dask cluster
(--cluster tcp://HOST:8786; pip install 'terminal-hearts[cluster]'). A player
that breaks the rules or the protocol, or a program over --move-time, stops the
run with a message; what finished stays in the file. Programs' stderr goes to a
.log file beside the results.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from hearts.ai import Level
from hearts.arena.duplicate import DealResult
from hearts.arena.executors import ClusterError, open_executor
from hearts.arena.games import GameResult
from hearts.arena.players import PlayerLoadError, PlayerSpec, Settings, check_player, parse_player
from hearts.arena.referee import PlayerFault
from hearts.arena.report import (
    games_json,
    games_text,
    match_json,
    match_text,
    write_ladder,
)
from hearts.arena.rulestext import RULES_HELP, rules_argument, rules_text
from hearts.arena.runner import Result, ResultsFileError, RunSpec, run, set_aside
from hearts.arena.stats import summarize, summarize_games
from hearts.rules import Rules
from hearts.speedups import status as speedups_status

__all__ = ["LADDER_FOLDER", "main"]

LADDER_FOLDER = Path("lab") / "ladder"
"""The ladder's raw report (strength.md and .json), relative to the current folder:
the lab's; docs/strength.md is the curated page made from it."""


def _player(text: str) -> PlayerSpec:
    try:
        return parse_player(text)
    except PlayerLoadError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hearts-arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    common.add_argument("--rules", type=rules_argument, default=Rules(), metavar="WORDS",
                        help=RULES_HELP + " (default original,100)")
    common.add_argument("--jobs", type=int, default=1, help="worker processes here")
    common.add_argument("--cluster", metavar="ADDRESS",
                        help="a Dask scheduler's address (tcp://HOST:8786) to run on instead")
    common.add_argument("--move-time", type=float, default=5.0, metavar="SECONDS",
                        help="time a program has for each decision (default 5)")
    common.add_argument("--resume", action="store_true",
                        help="carry on from the results file instead of starting again")
    common.add_argument("--results", type=Path, default=Path("arena-results"),
                        help="folder for results files")
    common.add_argument("--quiet", action="store_true", help="no progress bar")
    players = argparse.ArgumentParser(add_help=False)
    players.add_argument("a", type=_player, help="side A: a level, module:factory or cmd:COMMAND")
    players.add_argument("b", type=_player, help="side B")
    players.add_argument("--json", action="store_true", help="print the result as JSON")
    match = commands.add_parser("match", parents=[common, players],
                                help="A against B on duplicate deals")
    match.add_argument("--deals", type=int, default=200, help="deals (each played twice)")
    games = commands.add_parser("games", parents=[common, players],
                                help="A against B in whole matches to the target")
    games.add_argument("--games", type=int, default=50,
                       help="matches (each played twice, seats swapped)")
    ladder = commands.add_parser("ladder", parents=[common],
                                 help="every level against the one below")
    ladder.add_argument("--deals", type=int, default=200, help="deals a step")
    ladder.add_argument("--out", "--docs", dest="out", type=Path, default=LADDER_FOLDER,
                        help=f"where strength.md and strength.json go (default {LADDER_FOLDER})")
    show = commands.add_parser("show", help="print hand records trick by trick")
    show.add_argument("file", type=Path,
                      help="a hand record, or a JSON-lines file of them (arena results too)")
    show.add_argument("--hand", type=int, help="only this hand (1 = the first in the file)")
    return parser


@contextmanager
def _progress(quiet: bool, label: str) -> Iterator[Callable[[int, int], None]]:
    if quiet:
        yield lambda done, total: None
        return
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn(), console=Console(stderr=True), transient=False)
    task = bar.add_task(label, total=None)
    with bar:
        yield lambda done, total: bar.update(task, completed=done, total=total)


def _play(args: argparse.Namespace, spec: RunSpec) -> tuple[RunSpec, list[Result]]:
    """Check both players, then play the run: the spec with the players as they
    introduced themselves, and the results sorted by number."""
    path = args.results / spec.filename()
    settings = Settings(args.move_time, str(path.with_suffix("").resolve()))
    spec = RunSpec(check_player(spec.a, spec.rules, settings, "a"),
                   check_player(spec.b, spec.rules, settings, "b"),
                   spec.count, spec.seed, spec.rules, spec.mode)
    if not args.resume:
        aside = set_aside(path)
        if aside is not None:
            print(f"hearts-arena: starting afresh; the earlier results are kept in {aside}",
                  file=sys.stderr)
    with (_progress(args.quiet, f"{spec.a.label} v {spec.b.label}") as progress,
          open_executor(args.jobs, args.cluster) as (executor, window)):
        return spec, run(spec, path, executor, window, settings, args.resume, progress)


def _match(args: argparse.Namespace, mode: str) -> int:
    count = args.games if mode == "games" else args.deals
    if count < 1:
        print(f"hearts-arena: --{mode} must be at least 1", file=sys.stderr)
        return 2
    start = time.perf_counter()
    spec, results = _play(args, RunSpec(args.a, args.b, count, args.seed, args.rules, mode))
    seconds = time.perf_counter() - start
    a, b = spec.a.label, spec.b.label
    if mode == "games":
        games = summarize_games([r for r in results if isinstance(r, GameResult)])
        print(json.dumps(games_json(a, b, games, args.seed, args.rules, seconds))
              if args.json else games_text(a, b, games, args.rules, seconds))
    else:
        deals = summarize([r for r in results if isinstance(r, DealResult)])
        print(json.dumps(match_json(a, b, deals, args.seed, args.rules, seconds))
              if args.json else match_text(a, b, deals, seconds))
    return 0


def _ladder(args: argparse.Namespace) -> int:
    if args.deals < 1:
        print("hearts-arena: --deals must be at least 1", file=sys.stderr)
        return 2
    start = time.perf_counter()
    steps = []
    for upper in list(Level)[1:]:
        lower = Level(upper - 1)
        a, b = (PlayerSpec("level", level.name.lower()) for level in (upper, lower))
        _, results = _play(args, RunSpec(a, b, args.deals, args.seed, args.rules))
        summary = summarize([r for r in results if isinstance(r, DealResult)])
        steps.append((upper, lower, summary))
        print(match_text(upper.label, lower.label, summary, time.perf_counter() - start))
    rules = "" if args.rules == Rules() else f" --rules {rules_text(args.rules)}"
    command = f"hearts-arena ladder --deals {args.deals} --seed {args.seed}{rules}"
    write_ladder(args.out, steps, args.rules, args.seed, command)
    print(f"wrote {args.out / 'strength.md'} and {args.out / 'strength.json'}")
    return 0


def _warn_if_pure() -> None:
    """Say so when our players' search runs as pure Python here: a run then takes
    about twenty times as long (the workers decide as this process does)."""
    found = speedups_status()
    if not found.compiled:
        print(f"hearts-arena: our computer players run as pure Python here ({found.reason}); "
              "a run takes about twenty times as long", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.command == "show":
        from hearts.arena.show import show

        return show(args.file, args.hand)
    if args.jobs < 1:
        print("hearts-arena: --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.cluster is None:
        _warn_if_pure()
    try:
        if args.command == "ladder":
            return _ladder(args)
        return _match(args, "games" if args.command == "games" else "deals")
    except (PlayerLoadError, ClusterError) as error:
        print(f"hearts-arena: {error}", file=sys.stderr)
        return 2
    except ResultsFileError as error:
        print(f"hearts-arena: {error}", file=sys.stderr)
        return 1
    except PlayerFault as error:
        print(f"hearts-arena: the run stopped: {error}\n"
              "Deals finished before it are kept in the results file; "
              "--resume carries on from them.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
