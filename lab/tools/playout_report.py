"""The tables of :mod:`playout_measure`'s rows (``report-calibration``, ``report-rank``).

Every interval is a 95% one from the normal approximation with the positions
clustered by hand (positions of one hand are not independent).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hearts.records import read_text

MOON_POINTS = 13.0
"""The calibration's choice weighs an error in the moon rate by this many points (a
moon costs each other seat about 13 points against an ordinary hand)."""


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in read_text(path).splitlines() if line.strip()]


def clustered(values: Sequence[float], hands: Sequence[int]) -> tuple[float, float]:
    """The mean of ``values`` and its 95% half-interval, clustered by ``hands``."""
    n = len(values)
    if not n:
        return math.nan, math.nan
    mean = sum(values) / n
    sums: dict[int, float] = {}
    for value, hand in zip(values, hands, strict=True):
        sums[hand] = sums.get(hand, 0.0) + value - mean
    variance = sum(x * x for x in sums.values()) / (n * n)
    if len(sums) > 1:
        variance *= len(sums) / (len(sums) - 1)
    return mean, 1.96 * math.sqrt(variance)


def _fmt(pair: tuple[float, float], digits: int = 3) -> str:
    return f"{pair[0]:+.{digits}f} ± {pair[1]:.{digits}f}"


def report_calibration(path: Path) -> int:
    """Print how well each policy's playouts predict the real outcomes."""
    rows = _rows(path)
    hands = [r["hand"] for r in rows]
    names = list(rows[0]["policies"])
    real_mean = [sum(r["real"][s] for r in rows) / len(rows) for s in range(4)]
    real_moon = [float(r["real_moon"] >= 0) for r in rows]
    real_moon_rate = sum(real_moon) / len(rows)
    print(f"{len(rows)} positions from {len(set(hands))} hands; the real hands: mean final "
          f"points by seat (ours, left, across, right) "
          + ", ".join(f"{x:.2f}" for x in real_mean)
          + f"; a moon in {real_moon_rate:.3f} of positions' hands "
          f"({sum(real_moon):.0f}); ESS of the deals, median share "
          f"{sorted(r['ess'] for r in rows)[len(rows) // 2]:.2f}")
    print()
    print("| policy | bias by seat: ours, left, across, right (predicted - real, points) "
          "| MAE of the seats' means | moon rate predicted (real "
          f"{real_moon_rate:.3f}) | choice score | RMSE a seat and position "
          "| RMSE - judgement's | RPS of the bins | moon Brier |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    judged_se: list[float] = []
    for name in names:
        biases = []
        for s in range(4):
            biases.append(clustered([r["policies"][name]["mean"][s] - r["real"][s]
                                     for r in rows], hands))
        mae = sum(abs(b[0]) for b in biases) / 4
        moon = [sum(r["policies"][name]["moon"]) for r in rows]
        moon_rate = sum(moon) / len(rows)
        choice = mae + MOON_POINTS * abs(moon_rate - real_moon_rate)
        se = [sum((r["policies"][name]["mean"][s] - r["real"][s]) ** 2 for s in range(4)) / 4
              for r in rows]
        if name == "judgement":
            judged_se = se
        rmse = math.sqrt(sum(se) / len(se))
        diff = clustered([a - b for a, b in zip(se, judged_se, strict=True)], hands)
        rps = []
        for r in rows:
            total = 0.0
            for s in range(4):
                bins = r["policies"][name]["bins"][s]
                real = _bin_of(r["real"][s])
                cumulative = 0.0
                for b in range(len(bins) - 1):
                    cumulative += bins[b]
                    total += (cumulative - (1.0 if real <= b else 0.0)) ** 2
            rps.append(total / 4)
        brier = [(m - y) ** 2 for m, y in zip(moon, real_moon, strict=True)]
        print(f"| {name} | " + ", ".join(_fmt(b, 2) for b in biases)
              + f" | {mae:.3f} | {moon_rate:.4f} | {choice:.3f} | {rmse:.3f} "
              f"| {_fmt(diff, 2)} (squared) | {sum(rps) / len(rps):.4f} "
              f"| {sum(brier) / len(brier):.4f} |")
    print()
    print("Bins of a seat's final points (0, 1-4, 5-12, 13 and more), all four seats: "
          "the policies' mean predicted share against the real share")
    print()
    print("| policy | 0 | 1-4 | 5-12 | 13+ | total variation |")
    print("|---|---:|---:|---:|---:|---:|")
    real_bins = [0.0] * 4
    for r in rows:
        for s in range(4):
            real_bins[_bin_of(r["real"][s])] += 1 / (4 * len(rows))
    print("| real | " + " | ".join(f"{x:.3f}" for x in real_bins) + " | |")
    for name in names:
        shares = [sum(r["policies"][name]["bins"][s][b] for r in rows for s in range(4))
                  / (4 * len(rows)) for b in range(4)]
        tv = sum(abs(a - b) for a, b in zip(shares, real_bins, strict=True)) / 2
        print(f"| {name} | " + " | ".join(f"{x:.3f}" for x in shares) + f" | {tv:.3f} |")
    return 0


def _bin_of(points: int) -> int:
    return 0 if points <= 0 else 1 if points < 5 else 2 if points < 13 else 3


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation (0 when either side is all ties)."""
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    den = math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))
    return num / den if den else 0.0


def _top(scores: Sequence[float]) -> int:
    return min(range(len(scores)), key=lambda i: (scores[i], i))


def _agreement(rows: list[dict[str, Any]], base: str, ref: str, alpha: str = "1"
               ) -> tuple[list[float], list[float]]:
    tops, rhos = [], []
    for r in rows:
        a, b = r[base][alpha], r[ref]["1"]
        tops.append(float(_top(a) == _top(b)))
        rhos.append(spearman(a, b))
    return tops, rhos


def report_rank(path: Path) -> int:
    """Print how often each policy's ranking agrees with the deep references."""
    rows = _rows(path)
    hands = [r["hand"] for r in rows]
    model = next((k[5:] for k in rows[0] if k.startswith("base_") and k not in
                  ("base_ess", "base_shots", "base_judgement")), None)
    policies = ["judgement"] if model is None else ["judgement", model]
    sizes = [len(r["options"]) for r in rows]
    print(f"{len(rows)} positions from {len(set(hands))} hands; candidates a position: mean "
          f"{sum(sizes) / len(sizes):.2f} (2: {sizes.count(2)}); model policy {model}; "
          f"deals weighed as {rows[0].get('weighing', 'expert')}; "
          f"deals {min(r['deals'] for r in rows)}-{max(r['deals'] for r in rows)}, "
          f"references {rows[0].get('scale', 10)}x")
    print()
    print("| ranking | reference | top card agrees | Spearman |")
    print("|---|---|---:|---:|")
    for ref in policies:
        per: dict[str, tuple[list[float], list[float]]] = {}
        for base in policies:
            per[base] = _agreement(rows, f"base_{base}", f"ref_{ref}")
            tops, rhos = per[base]
            print(f"| {base} playouts, Expert's deals | deep, {ref} playouts | "
                  f"{_fmt(clustered(tops, hands))} | {_fmt(clustered(rhos, hands))} |")
        if model is None:
            continue
        dt = [a - b for a, b in zip(per[model][0], per["judgement"][0], strict=True)]
        dr = [a - b for a, b in zip(per[model][1], per["judgement"][1], strict=True)]
        print(f"| {model} minus judgement | deep, {ref} playouts | "
              f"{_fmt(clustered(dt, hands))} | {_fmt(clustered(dr, hands))} |")
    tops, rhos = _agreement(rows, "ref2_judgement", "ref_judgement")
    print(f"| deep, judgement playouts, other deals | deep, judgement playouts | "
          f"{_fmt(clustered(tops, hands))} | {_fmt(clustered(rhos, hands))} |")
    if model is not None:
        tops, rhos = _agreement(rows, "ref_judgement", f"ref_{model}")
        print(f"| deep, judgement playouts | deep, {model} playouts | "
              f"{_fmt(clustered(tops, hands))} | {_fmt(clustered(rhos, hands))} |")
    if model is not None:
        split = [r for r in rows
                 if _top(r["ref_judgement"]["1"]) != _top(r[f"ref_{model}"]["1"])]
        if split:
            print()
            print(f"Where the two deep references disagree on the top card ({len(split)} "
                  "positions), how often each ranking's top card is each reference's:")
            print()
            print("| ranking | deep, judgement's top | deep, model's top | neither |")
            print("|---|---:|---:|---:|")
            for base in policies:
                tops = [_top(r[f"base_{base}"]["1"]) for r in split]
                with_j = sum(t == _top(r["ref_judgement"]["1"])
                             for t, r in zip(tops, split, strict=True))
                with_m = sum(t == _top(r[f"ref_{model}"]["1"])
                             for t, r in zip(tops, split, strict=True))
                print(f"| {base} playouts, Expert's deals | {with_j} | {with_m} | "
                      f"{len(split) - with_j - with_m} |")
            print()
    for base in policies:
        played = [float(r["options"][_top(r[f"base_{base}"]["1"])] == r["played"]) for r in rows]
        print(f"| {base} playouts, Expert's deals | the card the Expert played | "
              f"{_fmt(clustered(played, hands))} | |")
    print()
    shares = sorted(r["base_ess"]["1"] for r in rows)

    def q(p: float) -> float:
        return shares[min(len(shares) - 1, int(p * len(shares)))]

    collapsed = [r for r in rows if r["base_ess"]["1"] < 0.1]
    print(f"ESS of the Expert's deals as a share of the deals: min {shares[0]:.3f}, "
          f"10% {q(0.1):.3f}, 25% {q(0.25):.3f}, median {q(0.5):.3f}, 75% {q(0.75):.3f}, "
          f"max {shares[-1]:.3f}; below 0.1: {len(collapsed)} of {len(rows)}; below 0.25: "
          f"{sum(1 for s in shares if s < 0.25)}. Softened (alpha 0.5, 0.25): median "
          + ", ".join(f"{sorted(r['base_ess'][a] for r in rows)[len(rows) // 2]:.3f}"
                      for a in ("0.5", "0.25")))
    for label, subset in (("ESS below 0.1", collapsed),
                          ("ESS below 0.25", [r for r in rows if r["base_ess"]["1"] < 0.25])):
        if not subset:
            continue
        sub_hands = [r["hand"] for r in subset]
        print()
        print(f"{label} ({len(subset)} positions): softened weights, each policy against its "
              "own deep reference (weights unsoftened)")
        print()
        print("| ranking | alpha | top card agrees | Spearman |")
        print("|---|---:|---:|---:|")
        for base in policies:
            plain = _agreement(subset, f"base_{base}", f"ref_{base}", "1")
            for alpha in ("1", "0.5", "0.25"):
                tops, rhos = _agreement(subset, f"base_{base}", f"ref_{base}", alpha)
                print(f"| {base} | {alpha} | {_fmt(clustered(tops, sub_hands))} | "
                      f"{_fmt(clustered(rhos, sub_hands))} |")
                if alpha != "1":
                    dt = [a - b for a, b in zip(tops, plain[0], strict=True)]
                    dr = [a - b for a, b in zip(rhos, plain[1], strict=True)]
                    print(f"| {base} | {alpha} minus 1 | {_fmt(clustered(dt, sub_hands))} | "
                          f"{_fmt(clustered(dr, sub_hands))} |")
    return 0


def report_weights(path: Path) -> int:
    """Print the distribution of the effective number of deals by weighing."""
    rows = _rows(path)
    print(f"{len(rows)} positions; the effective number of deals as a share of the deals")
    print()
    print("| weighing | alpha | min | 10% | 25% | median | 75% | below 0.1 | below 0.25 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for key in rows[0]["ess"]:
        values = sorted(r["ess"][key] for r in rows)

        def q(p: float, values: list[float] = values) -> float:
            return values[min(len(values) - 1, int(p * len(values)))]

        name, alpha = key.rsplit("_", 1)
        print(f"| {name} | {alpha} | {values[0]:.3f} | {q(0.1):.3f} | {q(0.25):.3f} | "
              f"{q(0.5):.3f} | {q(0.75):.3f} | {sum(v < 0.1 for v in values)} | "
              f"{sum(v < 0.25 for v in values)} |")
    return 0
