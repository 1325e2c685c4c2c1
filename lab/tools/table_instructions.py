"""The instructions a network table spends on a card, counted, not timed.

On a shared virtual machine the CPU a card that ``table_cpu.py`` times moves by
a third from run to run, so a change of a few per cent cannot be seen in it.
This runs ``table_cpu.py`` under Valgrind's callgrind, which counts the
instructions the process (every thread) runs, at two numbers of cards, and
prints the difference a card: the set-up (imports, opening the tables) cancels
out. The count leaves out what memory costs (the garbage collector's young
collections are slow for their cache misses, not their instructions), so it
judges CPU work only; the load benchmark judges the rest. The writer threads
take turns with the loop as the machine lets them, so the saves made one (and
thus the count) vary a little with the machine's load; ``--inline`` does the
writes on the loop's thread instead, for a count that is the same at each run.

    .venv/bin/python lab/tools/table_instructions.py [--src DIR ...] [--tables 50]
        [--cards 500,2500] [--inline]

Each ``--src`` is a copy of ``src/`` (with its compiled modules) to count, in
turn; none counts this checkout's. Needs ``valgrind`` (about a minute a count).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).with_name("table_cpu.py")


def instructions(src: Path | None, tables: int, cards: int, inline: bool = False) -> int:
    """The instructions callgrind counted for one run of ``table_cpu.py``."""
    env = dict(os.environ)
    if inline:
        env["INLINE"] = "1"
    if src is not None:
        env["PYTHONPATH"] = str(src)
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         str(TOOL), "--tables", str(tables), "--cards", str(cards)],
        env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(f"callgrind said no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, action="append", default=[])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--cards", default="500,2500", help="two numbers of cards")
    parser.add_argument("--inline", action="store_true",
                        help="the writes on the loop's thread: the count no longer depends "
                             "on how the threads took turns (how many saves were made one)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    few, many = (int(n) for n in args.cards.split(","))
    for src in args.src or [None]:
        counted = (instructions(src, args.tables, many, args.inline)
                   - instructions(src, args.tables, few, args.inline))
        print(f"{src or 'this checkout'}: {counted / (many - few):,.0f} instructions a card")


if __name__ == "__main__":
    main()
