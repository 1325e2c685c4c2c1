"""Reports: a match's text and JSON, and the ladder's docs/strength files."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hearts.ai import Level
from hearts.arena.stats import Summary
from hearts.rules import Rules

__all__ = ["ladder_json", "ladder_markdown", "match_json", "match_text", "write_ladder"]


def match_json(a: Level, b: Level, summary: Summary, seed: int, rules: Rules,
               seconds: float) -> dict[str, Any]:
    """A match result as JSON-ready data."""
    return {"a": a.label, "b": b.label, "deals": summary.deals, "hands": summary.hands,
            "a_mean": round(summary.a_mean, 4), "b_mean": round(summary.b_mean, 4),
            "diff": round(summary.diff, 4), "ci95": round(summary.ci95, 4),
            "z": round(summary.z, 2), "seed": seed, "rules": rules.to_json(),
            "seconds": round(seconds, 1)}


def match_text(a: Level, b: Level, summary: Summary, seconds: float) -> str:
    """A match result for people."""
    s = summary
    return "\n".join([
        f"{a.label} (A) against {b.label} (B), duplicate: {s.deals} deals, {s.hands} hands",
        f"  {a.label:<9} {s.a_mean:6.3f} points a hand",
        f"  {b.label:<9} {s.b_mean:6.3f} points a hand",
        f"  A saves {s.diff:+.3f} ± {s.ci95:.3f} points a hand (95% CI), z = {s.z:.2f}",
        f"  time {seconds:.1f} s",
    ])


def _step(upper: Level, lower: Level, s: Summary) -> dict[str, Any]:
    return {"upper": upper.label, "lower": lower.label, "deals": s.deals, "hands": s.hands,
            "upper_mean": round(s.a_mean, 4), "lower_mean": round(s.b_mean, 4),
            "diff": round(s.diff, 4), "ci95": round(s.ci95, 4), "z": round(s.z, 2)}


def ladder_json(steps: Sequence[tuple[Level, Level, Summary]], rules: Rules, seed: int,
                command: str) -> dict[str, Any]:
    """The ladder as JSON-ready data (``diff`` is lower_mean - upper_mean)."""
    return {"steps": [_step(u, lo, s) for u, lo, s in steps], "rules": rules.to_json(),
            "seed": seed, "command": command}


def ladder_markdown(steps: Sequence[tuple[Level, Level, Summary]], rules: Rules, seed: int,
                    command: str) -> str:
    """The ladder as a Markdown page."""
    lines = [
        "# Strength of the computer players",
        "",
        "Each level against the one below in duplicate play: every deal is played",
        "twice, the upper level in South and North and the lower in West and East, then",
        "the seats swapped, so both sides hold the same cards. A deal is one hand; its",
        "dealer is `Seat(deal % 4)` and its pass direction is the rules' for hand",
        "number `deal`. Points are per hand per seat (lower is better); the difference",
        "is lower minus upper, with its 95% confidence interval and z score over deals.",
        "",
        "| Upper | Lower | Deals | Hands | Upper mean | Lower mean | Difference | 95% CI | z |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for upper, lower, s in steps:
        lines.append(f"| {upper.label} | {lower.label} | {s.deals} | {s.hands} | "
                     f"{s.a_mean:.3f} | {s.b_mean:.3f} | {s.diff:+.3f} | ±{s.ci95:.3f} | "
                     f"{s.z:.2f} |")
    rule_text = ", ".join(f"{key} {value}" for key, value in rules.to_json().items())
    lines += ["", f"Rules: {rule_text}.", "", f"Seed {seed}. Command:", "",
              f"    {command}", ""]
    return "\n".join(lines)


def write_ladder(folder: Path, steps: Sequence[tuple[Level, Level, Summary]], rules: Rules,
                 seed: int, command: str) -> None:
    """Write ``strength.md`` and ``strength.json`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "strength.md").write_text(ladder_markdown(steps, rules, seed, command),
                                        encoding="utf-8")
    data = ladder_json(steps, rules, seed, command)
    (folder / "strength.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
