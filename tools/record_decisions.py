"""Record what the judgement and the playout decide, to prove a rewrite changes nothing.

    python tools/record_decisions.py record FILE [--positions N]
    python tools/record_decisions.py check FILE

``record`` writes, for ``N`` random positions in each of the 32 rule sets (scoring
x jack of diamonds x first lead x leading hearts x first trick), judgement's card
under every skill and moon threat, the shooter's and the careless player's card,
and each seat's points after playouts from there (with and without noise, shooters,
a queen charge and a guard): see tests/speedups_probe.py. ``check`` recomputes it
all with the code in use now (compiled unless ``HEARTS_PURE_PYTHON=1``) and
reports any difference.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hearts import speedups
from speedups_probe import every_rule_set

SEED = 39


def main() -> int:
    """Record to a file or check against one."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["record", "check"])
    parser.add_argument("file", type=Path)
    parser.add_argument("--positions", type=int, default=300,
                        help="positions per rule set (record only)")
    args = parser.parse_args()
    mode = "compiled" if speedups.compiled() else "pure Python"
    if args.action == "record":
        found = every_rule_set(args.positions, SEED)
        temp = args.file.with_suffix(".tmp")
        temp.write_text(json.dumps({"positions": args.positions, "found": found}))
        temp.replace(args.file)
        print(f"recorded {len(found)} positions ({mode}) in {args.file}")
        return 0
    saved = json.loads(args.file.read_text())
    found = json.loads(json.dumps(every_rule_set(saved["positions"], SEED)))
    bad = [i for i, (a, b) in enumerate(zip(saved["found"], found, strict=True)) if a != b]
    print(f"{mode}: {len(found) - len(bad)} of {len(found)} positions decide the same")
    for i in bad[:5]:
        print(f"  position {i}: recorded {saved['found'][i]}\n  now {found[i]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
