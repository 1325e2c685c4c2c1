"""Run duplicate deals in worker processes, recording each one as it finishes.

Results go to a JSON-lines file: a header naming the sides, the seed and the
rules, then one line per finished deal. ``resume`` reads the file back and plays
only the deals still missing, so an interrupted run finishes with exactly the
results of an uninterrupted one (each deal depends only on the seed and its
number, never on the order or the process it ran in).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import hearts.ai
import hearts.core
from hearts.ai import Level
from hearts.ai.players import BUDGETS
from hearts.arena.duplicate import DealResult, play_deal
from hearts.rules import Rules

__all__ = ["ResultsFileError", "RunSpec", "load_results", "players_fingerprint", "run"]

FORMAT = "hearts-arena-results"


@cache
def players_fingerprint() -> str:
    """A digest of the players' source: every ``.py`` file of ``hearts.ai`` and
    ``hearts/core.py``, sorted by name, so results of other code are never mixed in.

    Read once per process, so a long run keeps naming the code it started with.
    """
    files = sorted(Path(hearts.ai.__file__).parent.glob("*.py"), key=lambda p: p.name)
    files.append(Path(hearts.core.__file__))
    digest = hashlib.blake2b(digest_size=8)
    for file in files:
        digest.update(f"{file.parent.name}/{file.name}\0".encode())
        digest.update(file.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


class ResultsFileError(ValueError):
    """A results file that does not belong to the run being resumed."""


@dataclass(frozen=True)
class RunSpec:
    """What a run plays: side A against side B on ``deals`` deals from ``seed``."""

    a: Level
    """Side A's level."""
    b: Level
    """Side B's level."""
    deals: int
    """How many deals (each played twice)."""
    seed: int
    """The run's seed; deal ``n`` depends only on it and ``n``."""
    rules: Rules
    """The rules of every hand."""

    def header(self) -> dict[str, Any]:
        """The results file's first line (without the deal count: a run may grow).

        It names the search budgets and fingerprints the players' source, so results
        from other players are never mixed in.
        """
        budgets = {level.label: list(BUDGETS[level]) for level in (self.a, self.b)
                   if level in BUDGETS}
        return {"format": FORMAT, "a": self.a.label, "b": self.b.label, "seed": self.seed,
                "rules": self.rules.to_json(), "budgets": budgets, "players": players_fingerprint()}

    def filename(self) -> str:
        """A results file name unique to the sides, seed and rules."""
        digest = hashlib.blake2b(json.dumps(self.rules.to_json(), sort_keys=True).encode(),
                                 digest_size=4).hexdigest()
        return f"{self.a.label.lower()}-vs-{self.b.label.lower()}-seed{self.seed}-{digest}.jsonl"


def load_results(path: Path, spec: RunSpec) -> dict[int, DealResult]:
    """The deals already recorded in ``path`` for ``spec`` (none if there is no file)."""
    if not path.exists():
        return {}
    found: dict[int, DealResult] = {}
    with path.open(encoding="utf-8") as file:
        lines = file.read().splitlines()
    if not lines:
        return {}
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        raise ResultsFileError(f"{path}: the first line is not a header") from None
    expected = spec.header()
    if header != expected:
        if {**header, "players": None} == {**expected, "players": None}:
            raise ResultsFileError(
                f"{path} was played by other players' code (fingerprint "
                f"{header.get('players')}, now {expected['players']}); delete it or run "
                "without --resume to start afresh")
        raise ResultsFileError(f"{path} holds a different run: {header}")
    for line in lines[1:]:
        try:
            record = json.loads(line)
            result = DealResult(int(record["deal"]), tuple(record["a"]), tuple(record["b"]))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            continue  # a line cut short by an interruption: that deal is played again
        found[result.deal] = result
    return found


def _play(args: tuple[RunSpec, int]) -> DealResult:
    spec, deal = args
    return play_deal(spec.rules, spec.seed, deal, spec.a, spec.b)


def run(spec: RunSpec, path: Path, jobs: int = 1, resume: bool = False,
        progress: Callable[[int, int], None] | None = None) -> list[DealResult]:
    """Play the run's deals (those not yet in ``path`` when resuming), sorted by deal.

    ``progress(done, total)`` is called as deals finish.
    """
    done = load_results(path, spec) if resume else {}
    path.parent.mkdir(parents=True, exist_ok=True)
    if not resume or not path.exists() or path.stat().st_size == 0:
        path.write_text(json.dumps(spec.header()) + "\n", encoding="utf-8")
    else:
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            path.write_text(text[: text.rfind("\n") + 1], encoding="utf-8")
    todo = [deal for deal in range(spec.deals) if deal not in done]
    results = {deal: r for deal, r in done.items() if deal < spec.deals}
    if progress:
        progress(len(results), spec.deals)
    with path.open("a", encoding="utf-8") as file:
        def record(result: DealResult) -> None:
            results[result.deal] = result
            file.write(json.dumps({"deal": result.deal, "a": list(result.a_points),
                                   "b": list(result.b_points)}) + "\n")
            file.flush()
            if progress:
                progress(len(results), spec.deals)

        if jobs <= 1:
            for deal in todo:
                record(_play((spec, deal)))
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                pending: set[Future[DealResult]] = set()
                queue = iter(todo)
                for deal in queue:
                    pending.add(pool.submit(_play, (spec, deal)))
                    if len(pending) >= jobs * 4:
                        break
                while pending:
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        record(future.result())
                        nxt = next(queue, None)
                        if nxt is not None:
                            pending.add(pool.submit(_play, (spec, nxt)))
    return [results[deal] for deal in sorted(results)]
