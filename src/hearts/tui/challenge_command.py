"""``hearts challenge``: the same deals for friends, compared deal by deal.

``hearts challenge new`` makes a code naming a set of deals and the rules; send
it to your friends. ``hearts challenge play CODE`` plays its deals in the
terminal, one after another (you South against three Experts, as today's deal),
carrying on where you stopped; ``hearts challenge export CODE FILE --name NAME``
writes your results as a challenge record; ``hearts challenge show CODE
[FILE...]`` checks the records your friends sent (as ``hearts verify`` does) and
sets everyone's points side by side, deal by deal, with the par.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from hearts.challenge import (
    MAX_DEALS,
    MAX_NAME,
    Challenge,
    ChallengeError,
    challenge_record,
    read_challenge_record,
)

__all__ = ["main"]

_MAX_FILE = 4_000_000
"""The most bytes of a challenge record read (each deal's record is a few kB)."""


def _code(text: str) -> Challenge:
    try:
        return Challenge.parse(text)
    except ChallengeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _deals(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_DEALS:
        raise argparse.ArgumentTypeError(f"the deals are 1 to {MAX_DEALS}, not {text!r}")
    return int(text)


def _parser() -> argparse.ArgumentParser:
    from hearts.arena.rulestext import RULES_HELP

    parser = argparse.ArgumentParser(prog="hearts challenge", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    new = commands.add_parser("new", help="make a challenge's code")
    new.add_argument("--deals", type=_deals, default=4, metavar="N",
                     help=f"how many deals (1 to {MAX_DEALS}, 4 by default)")
    new.add_argument("--rules", metavar="WORDS",
                     help="the rules, changing your saved ones (played to 100): " + RULES_HELP)
    play = commands.add_parser("play", help="play a challenge's deals in the terminal")
    play.add_argument("code", type=_code, metavar="CODE")
    drawing = play.add_mutually_exclusive_group()
    drawing.add_argument("--ascii", action="store_true", help="draw in plain ASCII")
    drawing.add_argument("--unicode", action="store_true",
                         help="draw suit symbols and box lines whatever the locale")
    export = commands.add_parser("export", help="write your results as a challenge record")
    export.add_argument("code", type=_code, metavar="CODE")
    export.add_argument("file", metavar="FILE", help="where to write it (- for standard output)")
    export.add_argument("--name", required=True,
                        help=f"your name as your friends will see it (at most {MAX_NAME})")
    show = commands.add_parser("show", help="the deals, the par, and everyone's points")
    show.add_argument("code", type=_code, metavar="CODE")
    show.add_argument("records", nargs="*", type=Path, metavar="FILE",
                      help="challenge records from friends (hearts challenge export)")
    return parser


def _kept(challenge: Challenge) -> dict[int, Any]:
    """Your deals of ``challenge`` kept in the store, by number (read only)."""
    from hearts.store.commands import Unreadable, open_for_reading
    from hearts.store.dailies import challenge_rows

    try:
        db = open_for_reading()
    except Unreadable as error:
        print(f"hearts challenge: {error}", file=sys.stderr)
        return {}
    if db is None:
        return {}
    with contextlib.closing(db):
        return {int(row.rules): row for row in challenge_rows(db, challenge.code)}


def _new(args: argparse.Namespace) -> int:
    from hearts.daily import daily_rules
    from hearts.options import load_options, options_path

    saved = load_options(options_path()).options.rules()
    try:
        rules = daily_rules(saved, args.rules)
    except ValueError as error:
        print(f"hearts challenge: --rules: {error}", file=sys.stderr)
        return 2
    challenge = Challenge.new(rules, args.deals)
    from hearts.arena.rulestext import rules_text

    print(challenge.code)
    print(f"{challenge.deals} deals under {rules_text(challenge.rules)}: send the code to "
          "your friends; each plays them with")
    print(f"  hearts challenge play {challenge.code}")
    return 0


def _play(args: argparse.Namespace) -> int:
    from hearts.store.dailies import CHALLENGES
    from hearts.tui.cli import use_ascii
    from hearts.tui.daily_app import DailyApp

    challenge: Challenge = args.code
    encodings = [getattr(stream, "encoding", None) for stream in (sys.stdout, sys.stderr)]
    ascii_only = use_ascii(args, encodings, os.environ, bool(sys.flags.utf8_mode))
    kept = _kept(challenge)
    number = next((n for n in range(1, challenge.deals + 1)
                   if n not in kept or kept[n].finished is None), challenge.deals)
    while True:
        deal = challenge.deal(number)
        last = number == challenge.deals
        title = (f"Challenge {challenge.code}, deal {number} of {challenge.deals} "
                 f"({deal.words}): you South against three Experts")
        then = None if last else f"d deal {number + 1} of {challenge.deals}"
        app = DailyApp(deal, shelf=CHALLENGES, key=(challenge.code, str(number)), opening=title,
                       then=then, ascii_only=ascii_only)
        app.run()
        if not app.wants_next or last:
            break
        number += 1
    print(f"Your results: hearts challenge export {challenge.code} FILE --name NAME")
    return 0


def _export(args: argparse.Namespace) -> int:
    from hearts.daily import day_record_of
    from hearts.paths import write_atomically

    challenge: Challenge = args.code
    name = args.name.strip()
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        print(f"hearts challenge: --name must be 1 to {MAX_NAME} printable characters",
              file=sys.stderr)
        return 2
    deals = []
    for number, row in sorted(_kept(challenge).items()):
        if row.finished is None or row.par is None:
            continue
        entry = day_record_of("", "", int(row.points or 0), row.par, row.assisted,
                              json.loads(row.record))
        deals.append({"deal": number, "points": entry["points"], "par": entry["par"],
                      "assisted": entry["assisted"], "hand": entry["hand"]})
    text = json.dumps(challenge_record(challenge, name, deals)) + "\n"
    if args.file == "-":
        sys.stdout.write(text)
        return 0
    try:
        write_atomically(args.file, [text])
    except OSError as error:
        print(f"hearts challenge: cannot write {args.file} ({error.strerror})", file=sys.stderr)
        return 1
    print(f"{len(deals)} of {challenge.deals} deals written to {args.file}")
    return 0


def _read(path: Path) -> object:
    """A friend's record as JSON data, or the reason it cannot be read."""
    try:
        with path.open("rb") as file:
            data = file.read(_MAX_FILE + 1)
    except OSError as error:
        return f"cannot be read ({error.strerror})"
    if len(data) > _MAX_FILE:
        return f"is larger than {_MAX_FILE:,} bytes"
    try:
        return json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return "is not JSON"


def _show(args: argparse.Namespace) -> int:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from hearts.verify import verify_deal

    challenge: Challenge = args.code
    console = Console()
    first = challenge.deal(1)
    console.print(f"Challenge {challenge.code}: {challenge.deals} deals under {first.words}")
    pars = [challenge.deal(n).par() for n in range(1, challenge.deals + 1)]
    people: list[tuple[str, dict[int, str]]] = []
    mine = _kept(challenge)
    if mine:
        people.append(("You", {n: _cell(row.points, pars[n - 1], row.assisted)
                               for n, row in mine.items() if row.finished is not None}))
    refused = 0
    for path in args.records:
        data = _read(path)
        if isinstance(data, str):
            console.print(f"{path}: {data}", soft_wrap=True)
            refused += 1
            continue
        try:
            other, name, entries = read_challenge_record(data)
        except ChallengeError as error:
            console.print(f"{path}: not a challenge record: {error}", soft_wrap=True)
            refused += 1
            continue
        if other != challenge:
            console.print(f"{path}: {name}'s record is of another challenge ({other.code})")
            refused += 1
            continue
        cells = {}
        for entry in entries:
            number = entry["deal"]
            verdict = verify_deal(challenge.deal(number), entry.get("hand"), entry.get("points"),
                                  entry.get("par"), entry.get("assisted"), pars[number - 1])
            if verdict.verified:
                cells[number] = _cell(entry["points"], pars[number - 1], entry["assisted"])
            else:
                cells[number] = "refused"
                console.print(f"{path}: {name}, deal {number}: NOT VERIFIED: {verdict.message}",
                              soft_wrap=True)
                refused += 1
        people.append((name, cells))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    table.add_column("Deal", justify="right")
    table.add_column("Par", justify="right")
    for name, _ in people:
        table.add_column(name, justify="right", no_wrap=True)
    for number in range(1, challenge.deals + 1):
        table.add_row(str(number), str(pars[number - 1]),
                      *(cells.get(number, "-") for _, cells in people))
    table.add_row("Total", str(sum(pars)), *(_total(cells, pars) for _, cells in people))
    console.print(table)
    console.print("Each cell: the points taken (against par: - under, + over; * assisted)")
    return 1 if refused else 0


def _cell(points: int | None, par: int, assisted: bool) -> str:
    if points is None:
        return "-"
    difference = points - par
    return f"{points} ({difference:+d}){'*' if assisted else ''}"


def _total(cells: dict[int, str], pars: list[int]) -> str:
    played = {n: c for n, c in cells.items() if c not in ("-", "refused")}
    if not played:
        return "-"
    points = sum(int(c.split()[0]) for c in played.values())
    return f"{points} ({points - sum(pars[n - 1] for n in played):+d}) in {len(played)}"


def main(argv: list[str] | None = None) -> int:
    """Make, play, export or show a challenge."""
    args = _parser().parse_args(argv)
    commands = {"new": _new, "play": _play, "export": _export, "show": _show}
    return commands[args.command](args)
