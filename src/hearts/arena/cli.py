"""``hearts-arena``: duplicate matches between levels, and the ladder of all five.

    hearts-arena match A B --deals N --seed S --jobs J [rule options] [--json]
    hearts-arena ladder --deals N --seed S --jobs J [rule options]

Finished deals are appended to a results file under ``--results`` (default
``arena-results``) as they finish; ``--resume`` carries on from it. Results do
not depend on ``--jobs``.
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
from hearts.arena.report import match_json, match_text, write_ladder
from hearts.arena.runner import ResultsFileError, RunSpec, run
from hearts.arena.stats import Summary, summarize
from hearts.rules import Passing, Rules, Scoring

__all__ = ["main"]


def _level(text: str) -> Level:
    try:
        return Level.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hearts-arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--deals", type=int, default=200, help="deals (each played twice)")
    common.add_argument("--seed", type=int, default=1)
    common.add_argument("--jobs", type=int, default=1, help="worker processes")
    common.add_argument("--resume", action="store_true",
                        help="carry on from the results file instead of starting again")
    common.add_argument("--results", type=Path, default=Path("arena-results"),
                        help="folder for results files")
    common.add_argument("--quiet", action="store_true", help="no progress bar")
    rules = common.add_argument_group("rules")
    rules.add_argument("--scoring", choices=[s.value for s in Scoring], default="house")
    rules.add_argument("--jack-of-diamonds", action="store_true")
    rules.add_argument("--first-lead", action="store_true")
    rules.add_argument("--leading-hearts", action="store_true")
    rules.add_argument("--first-trick", action="store_true")
    rules.add_argument("--passing", choices=[p.value for p in Passing], default="left")
    match = commands.add_parser("match", parents=[common], help="level A against level B")
    match.add_argument("a", type=_level, help="level A (1-5 or a name)")
    match.add_argument("b", type=_level, help="level B")
    match.add_argument("--json", action="store_true", help="print the result as JSON")
    ladder = commands.add_parser("ladder", parents=[common],
                                 help="every level against the one below")
    ladder.add_argument("--docs", type=Path, default=Path("docs"),
                        help="where strength.md and strength.json go")
    return parser


def _rules(args: argparse.Namespace) -> Rules:
    return Rules(scoring=Scoring(args.scoring), jack_of_diamonds=args.jack_of_diamonds,
                 first_lead=args.first_lead, leading_hearts=args.leading_hearts,
                 first_trick=args.first_trick, passing=Passing(args.passing))


def _rule_flags(rules: Rules) -> str:
    flags = []
    if rules.scoring is not Scoring.HOUSE:
        flags.append(f"--scoring {rules.scoring.value}")
    for name in ("jack_of_diamonds", "first_lead", "leading_hearts", "first_trick"):
        if getattr(rules, name):
            flags.append("--" + name.replace("_", "-"))
    if rules.passing is not Passing.LEFT:
        flags.append(f"--passing {rules.passing.value}")
    return "".join(" " + flag for flag in flags)


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


def _play(args: argparse.Namespace, a: Level, b: Level, rules: Rules) -> Summary:
    spec = RunSpec(a, b, args.deals, args.seed, rules)
    with _progress(args.quiet, f"{a.label} v {b.label}") as progress:
        results = run(spec, args.results / spec.filename(), args.jobs, args.resume, progress)
    return summarize(results)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        print("hearts-arena: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    rules = _rules(args)
    start = time.perf_counter()
    try:
        if args.command == "match":
            summary = _play(args, args.a, args.b, rules)
            seconds = time.perf_counter() - start
            if args.json:
                print(json.dumps(match_json(args.a, args.b, summary, args.seed, rules, seconds)))
            else:
                print(match_text(args.a, args.b, summary, seconds))
            return 0
        steps = []
        for upper in list(Level)[1:]:
            lower = Level(upper - 1)
            summary = _play(args, upper, lower, rules)
            steps.append((upper, lower, summary))
            print(match_text(upper, lower, summary, time.perf_counter() - start))
        command = f"hearts-arena ladder --deals {args.deals} --seed {args.seed}{_rule_flags(rules)}"
        write_ladder(args.docs, steps, rules, args.seed, command)
        print(f"wrote {args.docs / 'strength.md'} and {args.docs / 'strength.json'}")
        return 0
    except ResultsFileError as error:
        print(f"hearts-arena: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
