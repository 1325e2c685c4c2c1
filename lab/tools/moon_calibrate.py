"""Calibrate the gated moon search's chance of a shot on logged hands.

    python lab/tools/moon_calibrate.py rows FILE[@A:B] --kind KIND --out ROWS.jsonl
    python lab/tools/moon_calibrate.py fit ROWS.jsonl ... --test ROWS.jsonl ... [--out COEF.json]
    python lab/tools/moon_calibrate.py report ROWS.jsonl ... --coef COEF.json

``rows`` reads a ``hearts-arena match`` results file whose side A is the
Expert without the moon search (deals A to B-1 when ``@A:B`` is given), plays
every hand again from its record and, at each of side A's play decisions with
a choice where the search's gate opens (:func:`hearts.ai.moongate.moon_gate`
at ``--gate``, 0.03 by default), writes a row: the kind of opponent, the
deal, the model's chance, the signs the calibration reads and whether that
suspect made the moon in the hand. Only the view is read at a decision.

``fit`` fits :func:`hearts.ai.moongate.calibrated_chance`'s logistic form
(the logit of the model's chance and the signs in
:data:`hearts.ai.moongate.CALIBRATION_SIGNS`) to the rows, each kind weighing
the same in total, by Newton's method with a small ridge; it prints the
coefficients (as the Python tuple the module holds) and the reliability tables
of the model's chance and of the calibrated one on the ``--test`` rows: bins of
the predicted chance, each with its decisions, hands, mean predicted and the
observed share of decisions whose suspect made the moon; by kind and over all.
``report`` prints the tables for coefficients already fitted (the shipped ones,
``src/hearts/ai/moon_calibration.json``, when ``--coef`` is left out); ``fit
--out`` writes that file's form.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from moon_gate import SIDE_A_SEATS
from replay import choices

from hearts.ai.moongate import (
    CALIBRATION_SIGNS,
    calibrated_chance,
    calibration,
    calibration_body,
    calibration_inputs,
    coefficients_of,
    moon_gate,
)
from hearts.ai.moonsigns import moon_signs
from hearts.arena.duplicate import read_deals
from hearts.core import JACK_OF_DIAMONDS_POINTS
from hearts.hand import Hand

BINS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 1.0001)
"""The edges of the reliability table's bins of predicted chance."""
RIDGE = 1.0
"""The ridge on every coefficient but the intercept, in the fit's weighted rows."""


def shot_by(points: list[int], seat: int, value: int = 26) -> bool:
    """Whether ``seat`` shot the moon, from the hand's final points."""
    least = value + JACK_OF_DIAMONDS_POINTS
    return points[seat] <= 0 and all(points[o] >= least for o in range(4) if o != seat)


def log_rows(path: Path, kind: str, first: int, last: int, gate: float) -> list[dict[str, Any]]:
    """The rows of one results file's deals ``first`` to ``last - 1``."""
    rows = []
    deals = read_deals(path)
    for number, deal in sorted(deals.items()):
        if not first <= number < last:
            continue
        for playing, record in enumerate(deal.hands):
            seats = SIDE_A_SEATS[playing]
            found = []
            for view in choices(record, seats):
                opened = moon_gate(view, gate)
                if opened is None:
                    continue
                suspect, chance = opened
                signs = moon_signs(view)[suspect]
                found.append((suspect, chance, calibration_inputs(signs, chance)))
            points = list(Hand.from_record(record).points)
            for suspect, chance, inputs in found:
                rows.append({"kind": kind, "file": path.name, "deal": number,
                             "playing": playing, "chance": chance, "inputs": inputs,
                             "made": shot_by(points, suspect)})
    return rows


def read_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """Every row of these files."""
    rows = []
    for path in paths:
        rows.extend(json.loads(line) for line in path.read_text().splitlines() if line)
    return rows


def fit(rows: list[dict[str, Any]]) -> tuple[float, ...]:
    """Logistic coefficients (intercept first) of ``made`` on the rows' inputs, each
    kind weighing the same in total."""
    import numpy as np

    x = np.array([[1.0, *row["inputs"]] for row in rows])
    y = np.array([float(row["made"]) for row in rows])
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[row["kind"]] += 1
    share = len(rows) / len(counts)
    w = np.array([share / counts[row["kind"]] for row in rows])
    ridge = np.eye(x.shape[1]) * RIDGE
    ridge[0, 0] = 0.0
    beta = np.zeros(x.shape[1])
    for _step in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        gradient = x.T @ (w * (y - p)) - ridge @ beta
        hessian = (x.T * (w * p * (1 - p))) @ x + ridge
        step = np.linalg.solve(hessian, gradient)
        beta = beta + step
        if float(np.abs(step).max()) < 1e-9:
            break
    return tuple(round(float(b), 4) for b in beta)


def table(rows: list[dict[str, Any]], predict: Any) -> list[str]:
    """The reliability table's lines for these rows and this predictor."""
    lines = ["| predicted | decisions | hands | mean predicted | observed share |",
             "|---|---:|---:|---:|---:|"]
    cells: list[list[tuple[float, bool, tuple[str, int, int]]]] = [[] for _ in BINS[:-1]]
    for row in rows:
        chance = predict(row)
        index = next(i for i in range(len(BINS) - 1) if chance < BINS[i + 1])
        cells[index].append((chance, row["made"], (row["file"], row["deal"], row["playing"])))
    for index, cell in enumerate(cells):
        if not cell:
            continue
        mean = sum(c for c, _, _ in cell) / len(cell)
        observed = sum(m for _, m, _ in cell) / len(cell)
        hands = len({h for _, _, h in cell})
        top = min(1.0, BINS[index + 1])
        lines.append(f"| {BINS[index]:.2f}-{top:.2f} | {len(cell)} | {hands} | "
                     f"{mean:.3f} | {observed:.3f} |")
    total = [predict(row) for row in rows]
    made = [row["made"] for row in rows]
    brier = sum((p - m) ** 2 for p, m in zip(total, made, strict=True)) / max(1, len(rows))
    hands = len({(r["file"], r["deal"], r["playing"]) for r in rows})
    lines.append(f"| all | {len(rows)} | {hands} | {sum(total) / max(1, len(rows)):.3f} | "
                 f"{sum(made) / max(1, len(rows)):.3f} |")
    lines.append(f"\nBrier score {brier:.4f}")
    return lines


def report(rows: list[dict[str, Any]], coef: tuple[float, ...]) -> None:
    """Print the reliability tables of the model's chance and the calibrated one."""
    kinds = sorted({row["kind"] for row in rows})
    for name, predict in (("the model's chance", lambda row: row["chance"]),
                          ("the calibrated chance",
                           lambda row: calibrated_chance(row["inputs"], coef))):
        for kind in [*kinds, "all"]:
            chosen = [row for row in rows if kind in ("all", row["kind"])]
            print(f"\n### {name}, {kind}\n")
            print("\n".join(table(chosen, predict)))


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    rows = commands.add_parser("rows", help="log the gated decisions of a results file")
    rows.add_argument("file")
    rows.add_argument("--kind", required=True)
    rows.add_argument("--out", type=Path, required=True)
    rows.add_argument("--gate", type=float, default=0.03)
    fitting = commands.add_parser("fit", help="fit the calibration and report on --test")
    fitting.add_argument("rows", type=Path, nargs="+")
    fitting.add_argument("--test", type=Path, nargs="+", required=True)
    fitting.add_argument("--out", type=Path)
    reporting = commands.add_parser("report", help="the tables for given coefficients")
    reporting.add_argument("rows", type=Path, nargs="+")
    reporting.add_argument("--coef", type=Path)
    args = parser.parse_args(argv)
    if args.command == "rows":
        name, _, span = args.file.partition("@")
        first, _, last = span.partition(":")
        try:
            found = log_rows(Path(name), args.kind, int(first or 0), int(last or 10**9),
                             args.gate)
        except (OSError, ValueError, KeyError, TypeError) as error:
            print(f"moon_calibrate.py: {error}", file=sys.stderr)
            return 2
        text = "".join(json.dumps(row) + "\n" for row in found)
        temporary = args.out.with_suffix(".part")
        temporary.write_text(text)
        temporary.replace(args.out)
        hands = len({(row["deal"], row["playing"]) for row in found})
        print(f"{args.out}: {len(found)} gated decisions in {hands} hands, "
              f"{sum(row['made'] for row in found)} before a moon by the suspect")
        return 0
    if args.command == "fit":
        coef = fit(read_rows(args.rows))
        print(f"inputs: logit, {', '.join(CALIBRATION_SIGNS)}\ncoefficients: {coef}")
        if args.out:
            notes = f"moon_calibrate.py fit {' '.join(path.name for path in args.rows)}"
            temporary = args.out.with_suffix(".part")
            temporary.write_text(json.dumps(calibration_body(coef, notes), indent=1) + "\n")
            temporary.replace(args.out)
        print("\n## Fitted on (in-sample)")
        report(read_rows(args.rows), coef)
        print("\n## Held out")
        report(read_rows(args.test), coef)
        return 0
    try:
        coef = coefficients_of(json.loads(args.coef.read_text())) if args.coef else calibration()
    except (OSError, ValueError) as error:
        print(f"moon_calibrate.py: {error}", file=sys.stderr)
        return 2
    report(read_rows(args.rows), coef)
    return 0


if __name__ == "__main__":
    sys.exit(main())
