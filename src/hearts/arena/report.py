"""Reports: a match's text and JSON, and the ladder's strength files."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hearts.ai import Level
from hearts.arena.stats import GamesSummary, Summary
from hearts.paths import write_atomically
from hearts.rules import Rules

__all__ = ["games_json", "games_text", "ladder_json", "ladder_markdown", "match_json",
           "match_text", "write_ladder"]


def _moons_json(a_shot: int, b_shot: int) -> dict[str, int]:
    return {"a_moons_shot": a_shot, "a_moons_conceded": b_shot,
            "b_moons_shot": b_shot, "b_moons_conceded": a_shot}


def _moons_text(a: str, b: str, a_shot: int, b_shot: int) -> str:
    return (f"  moons: {a} shot {a_shot} and conceded {b_shot}; "
            f"{b} shot {b_shot} and conceded {a_shot}")


def match_json(a: str, b: str, summary: Summary, seed: int, rules: Rules,
               seconds: float) -> dict[str, Any]:
    """A duplicate match's result as JSON-ready data."""
    s = summary
    return {"mode": "deals", "a": a, "b": b, "deals": s.deals, "hands": s.hands,
            "a_mean": round(s.a_mean, 4), "b_mean": round(s.b_mean, 4),
            "diff": round(s.diff, 4), "ci95": round(s.ci95, 4), "z": round(s.z, 2),
            **_moons_json(s.a_moons, s.b_moons), "seed": seed, "rules": rules.to_json(),
            "seconds": round(seconds, 1)}


def match_text(a: str, b: str, summary: Summary, seconds: float) -> str:
    """A duplicate match's result for people."""
    s = summary
    width = max(len(a), len(b), 9)
    return "\n".join([
        f"{a} (A) against {b} (B), duplicate: {s.deals} deals, {s.hands} hands",
        f"  {a:<{width}} {s.a_mean:6.3f} points a hand",
        f"  {b:<{width}} {s.b_mean:6.3f} points a hand",
        f"  A saves {s.diff:+.3f} ± {s.ci95:.3f} points a hand (95% CI), z = {s.z:.2f}",
        _moons_text(a, b, s.a_moons, s.b_moons),
        f"  time {seconds:.1f} s",
    ])


def games_json(a: str, b: str, summary: GamesSummary, seed: int, rules: Rules,
               seconds: float) -> dict[str, Any]:
    """A match-mode result as JSON-ready data (``margin`` from -1 to 1)."""
    s = summary
    return {"mode": "games", "a": a, "b": b, "games": s.games, "matches": s.matches,
            "hands": s.hands, "a_wins": s.a_wins, "b_wins": s.b_wins,
            "margin": round(s.margin, 4), "ci95": round(s.ci95, 4), "z": round(s.z, 2),
            **_moons_json(s.a_moons, s.b_moons), "seed": seed, "rules": rules.to_json(),
            "seconds": round(seconds, 1)}


def games_text(a: str, b: str, summary: GamesSummary, rules: Rules, seconds: float) -> str:
    """A match-mode result for people."""
    s = summary
    width = max(len(a), len(b), 9)
    share = 100 / s.matches if s.matches else 0.0
    return "\n".join([
        f"{a} (A) against {b} (B), matches to {rules.target}, each played twice with the "
        f"seats swapped: {s.games} games, {s.matches} matches, {s.hands} hands",
        f"  {a:<{width}} won {s.a_wins:g} matches ({s.a_wins * share:.1f}%)",
        f"  {b:<{width}} won {s.b_wins:g} matches ({s.b_wins * share:.1f}%)",
        f"  A's margin {100 * s.margin:+.1f} ± {100 * s.ci95:.1f} points of the matches won "
        f"(95% CI), z = {s.z:.2f}",
        "  (a match whose lowest total a seat of each side shares counts half to each)",
        _moons_text(a, b, s.a_moons, s.b_moons),
        f"  time {seconds:.1f} s",
    ])


def _step(upper: Level, lower: Level, s: Summary) -> dict[str, Any]:
    return {"upper": upper.label, "lower": lower.label, "deals": s.deals, "hands": s.hands,
            "upper_mean": round(s.a_mean, 4), "lower_mean": round(s.b_mean, 4),
            "diff": round(s.diff, 4), "ci95": round(s.ci95, 4), "z": round(s.z, 2),
            "upper_moons": s.a_moons, "lower_moons": s.b_moons}


def ladder_json(steps: Sequence[tuple[Level, Level, Summary]], rules: Rules, seed: int,
                command: str) -> dict[str, Any]:
    """The ladder as JSON-ready data (``diff`` is lower_mean - upper_mean; the moons
    are those each side shot, so each side conceded the other's)."""
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
        "Moons are those each side shot (so each conceded the other's).",
        "",
        "| Upper | Lower | Deals | Hands | Upper mean | Lower mean | Difference | 95% CI | z "
        "| Upper moons | Lower moons |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for upper, lower, s in steps:
        lines.append(f"| {upper.label} | {lower.label} | {s.deals} | {s.hands} | "
                     f"{s.a_mean:.3f} | {s.b_mean:.3f} | {s.diff:+.3f} | ±{s.ci95:.3f} | "
                     f"{s.z:.2f} | {s.a_moons} | {s.b_moons} |")
    named = {**rules.to_json(), "pass_queen": rules.pass_queen}  # said even when off
    rule_text = ", ".join(f"{key} {value}" for key, value in named.items())
    lines += ["", f"Rules: {rule_text}.", "", f"Seed {seed}. Command:", "",
              f"    {command}", ""]
    return "\n".join(lines)


def write_ladder(folder: Path, steps: Sequence[tuple[Level, Level, Summary]], rules: Rules,
                 seed: int, command: str) -> None:
    """Write ``strength.md`` and ``strength.json`` into ``folder`` (each atomically)."""
    folder.mkdir(parents=True, exist_ok=True)
    data = ladder_json(steps, rules, seed, command)
    for name, text in (("strength.md", ladder_markdown(steps, rules, seed, command)),
                       ("strength.json", json.dumps(data, indent=2) + "\n")):
        write_atomically(folder / name, [text])
