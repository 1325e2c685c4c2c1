"""``hearts-bot LEVEL [--seed N]``: one of our levels as a bot-protocol program.

Reads the arena's lines on stdin and answers on stdout (``docs/protocol.md``),
so any arena, or an older or newer release of this one, can play against it.
Each decision comes from ``make_player(level, seed)`` with the seed the request
carries (``--seed`` when it carries none), so it is exactly the decision the
same level makes in-process.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from hearts import __version__
from hearts.ai import Level, make_player
from hearts.cards import Card
from hearts.levels import level_choices
from hearts.protocol import (
    ProtocolError,
    Request,
    answer_message,
    encode,
    error_message,
    read_hello,
    read_request,
    ready_message,
)

__all__ = ["main", "serve"]


def _decide(level: Level, default_seed: int, request: Request) -> list[Card]:
    player = make_player(level, default_seed if request.seed is None else request.seed)
    if request.kind == "pass":
        return list(player.choose_pass(request.view))
    return [player.choose_play(request.view)]


def serve(level: Level, seed: int, stdin: TextIO, stdout: TextIO, version: str) -> int:
    """Answer requests until stdin closes; returns the exit status.

    A line that cannot be used gets an ``error`` answer (the arena reports it).
    """
    greeted = False
    for line in stdin:
        if not line.strip():
            continue
        try:
            if not greeted:
                read_hello(line)
                stdout.write(encode(ready_message(f"hearts-bot {level.name.lower()}", version)))
                greeted = True
            else:
                request = read_request(line)
                stdout.write(encode(answer_message(request, _decide(level, seed, request))))
        except (ProtocolError, ValueError) as error:
            stdout.write(encode(error_message(str(error))))
        stdout.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run one level as a protocol program on stdin and stdout."""
    parser = argparse.ArgumentParser(prog="hearts-bot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("level", help=level_choices())
    parser.add_argument("--seed", type=int, default=0,
                        help="the seed for requests that carry none (default 0)")
    args = parser.parse_args(argv)
    try:
        level = Level.parse(args.level)
    except ValueError as error:
        parser.error(str(error))
    from hearts.arena.players import players_fingerprint

    return serve(level, args.seed, sys.stdin, sys.stdout,
                 f"{__version__}+{players_fingerprint()}")


if __name__ == "__main__":
    sys.exit(main())
