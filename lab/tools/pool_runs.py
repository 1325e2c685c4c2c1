"""Pool arena runs of the same two sides on different seeds into one summary.

    python lab/tools/pool_runs.py RUN [RUN ...]

Each RUN is a `hearts-arena match` results file (JSON lines, gzipped or not).
The runs must be the same match (the same two players, the same rules) played on
different seeds, so that their deals are different cards and every deal is an
independent sample. Each run's summary is printed, then the pooled one: the
points A saves a hand with its 95% confidence interval and z over all the deals,
and the moons each side shot. Files that hold another match, or the same seed
twice, are refused with a message (exit 2), since pooling them would count
deals twice or mix players.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from results_files import READ_ERRORS

from hearts.arena.duplicate import DealResult, read_deals
from hearts.arena.stats import Summary, summarize
from hearts.records import read_text


def header(path: Path) -> dict[str, Any]:
    """The results file's first line: the run it holds."""
    first = read_text(path).split("\n", 1)[0]
    data = json.loads(first)
    if not isinstance(data, dict) or "seed" not in data:
        raise ValueError(f"{path}: the first line is not a results header")
    return data


def mismatch(headers: list[dict[str, Any]]) -> str | None:
    """Why these runs cannot be pooled (None if they can)."""
    match = [{k: v for k, v in h.items() if k != "seed"} for h in headers]
    if any(m != match[0] for m in match[1:]):
        return "the runs are not the same match (players or rules differ)"
    seeds = [h["seed"] for h in headers]
    if len(set(seeds)) != len(seeds):
        return f"a seed appears twice ({seeds}): those deals would be counted twice"
    return None


def line(name: str, s: Summary) -> str:
    """One summary as a line of the report."""
    return (f"{name}: {s.deals} deals ({s.hands} hands): A {s.a_mean:.3f}, B {s.b_mean:.3f} "
            f"points a hand; A saves {s.diff:+.3f} ± {s.ci95:.3f}, z = {s.z:.2f}; "
            f"moons A shot {s.a_moons}, conceded {s.b_moons}")


def main(argv: list[str] | None = None) -> int:
    """Print each run's summary and the pooled one; 2 when they cannot be pooled."""
    parser = argparse.ArgumentParser(description="Pool runs of one match on different seeds.")
    parser.add_argument("runs", nargs="+", type=Path, help="results files")
    args = parser.parse_args(argv)
    pooled: list[DealResult] = []
    try:
        headers = [header(path) for path in args.runs]
        problem = mismatch(headers)
        if problem:
            print(f"pool_runs: {problem}", file=sys.stderr)
            return 2
        for path, head in zip(args.runs, headers, strict=True):
            deals = list(read_deals(path).values())
            print(line(f"{path} (seed {head['seed']})", summarize(deals)))
            pooled.extend(deals)
    except READ_ERRORS as error:
        print(f"pool_runs: {error}", file=sys.stderr)
        return 2
    print(line("pooled", summarize(pooled)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
