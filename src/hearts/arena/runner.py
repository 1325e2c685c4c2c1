"""Run a match's deals (or games) on an executor, recording each as it finishes.

Results go to a JSON-lines file: a header naming the mode, both players, the
seed and the rules, then one line per finished deal or game, with its hand
records. ``resume`` reads the file back and plays only what is missing. Each
deal depends only on the seed and its number, never on the order or the
process it ran in, and once every deal is in, the file is rewritten in deal
order: the same seed gives the same file with any ``--jobs`` or on a cluster.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, CancelledError, Executor, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts import paths
from hearts.arena.duplicate import DealResult, play_deal
from hearts.arena.games import GameResult, play_game
from hearts.arena.players import PlayerSpec, Settings
from hearts.arena.referee import PlayerFault
from hearts.rules import Rules

__all__ = ["Result", "ResultsFileError", "RunSpec", "load_results", "run", "set_aside"]

FORMAT = "hearts-arena-results"
Result = DealResult | GameResult
"""One results line: a duplicate deal or a game."""


class ResultsFileError(ValueError):
    """A results file that does not belong to the run being resumed."""


@dataclass(frozen=True)
class RunSpec:
    """What a run plays: side A against side B on ``count`` deals (or games)."""

    a: PlayerSpec
    """Side A's player."""
    b: PlayerSpec
    """Side B's player."""
    count: int
    """How many deals or games (each played twice)."""
    seed: int
    """The run's seed; deal ``n`` depends only on it and ``n``."""
    rules: Rules
    """The rules of every hand."""
    mode: str = "deals"
    """``"deals"`` (duplicate single hands) or ``"games"`` (whole matches)."""

    def header(self) -> dict[str, Any]:
        """The results file's first line (without the count: a run may grow).

        It names both players (our levels by their search budgets and source
        fingerprint, others by import path or command and version), so results
        of other players are never mixed in.
        """
        return {"format": FORMAT, "mode": self.mode, "a": self.a.identity(),
                "b": self.b.identity(), "seed": self.seed, "rules": self.rules.to_json()}

    def filename(self) -> str:
        """A results file name unique to the mode, players, seed and rules."""
        identity = {key: value for key, value in self.header().items() if key != "seed"}
        for side in ("a", "b"):
            identity[side] = {k: v for k, v in identity[side].items()
                              if k not in ("code", "version")}
        digest = hashlib.blake2b(json.dumps(identity, sort_keys=True).encode(),
                                 digest_size=4).hexdigest()
        prefix = "games-" if self.mode == "games" else ""
        return f"{prefix}{self.a.slug}-vs-{self.b.slug}-seed{self.seed}-{digest}.jsonl"

    def read(self, data: dict[str, Any]) -> Result:
        """One results line."""
        if self.mode == "games":
            return GameResult.from_json(data)
        return DealResult.from_json(data)


def _number(result: Result) -> int:
    return result.game if isinstance(result, GameResult) else result.deal


def _mismatch(header: dict[str, Any], expected: dict[str, Any]) -> str:
    for side in ("a", "b"):
        found, wanted = header.get(side), expected[side]
        if isinstance(found, dict) and {**found, "code": None} == {**wanted, "code": None}:
            return (f"was played by other players' code (fingerprint {found.get('code')}, "
                    f"now {wanted.get('code')})")
        if isinstance(found, dict) and {**found, "version": None} == {**wanted, "version": None}:
            return (f"was played by another version of side {side.upper()} "
                    f"({found.get('version')!r}, now {wanted.get('version')!r})")
    return f"holds a different run: {json.dumps(header)}"


def load_results(path: Path, spec: RunSpec) -> dict[int, Result]:
    """The deals (or games) already recorded in ``path`` for ``spec``."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        return {}
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        raise ResultsFileError(f"{path}: the first line is not a header") from None
    expected = spec.header()
    if header != expected:
        raise ResultsFileError(
            f"{path} {_mismatch(header, expected)}; run without --resume to start afresh "
            "(the file is then moved aside, not lost)")
    found: dict[int, Result] = {}
    for line in lines[1:]:
        try:
            result = spec.read(json.loads(line))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            continue  # a line cut short by an interruption: that deal is played again
        found[_number(result)] = result
    return found


def set_aside(path: Path) -> Path | None:
    """Move an existing results file out of the way, to ``NAME.DATE-TIME.old``
    (:func:`hearts.paths.set_aside`); the new name, or None if there was nothing
    to keep."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    return paths.set_aside(path, "old")


def _lines(spec: RunSpec, results: Sequence[Result]) -> list[str]:
    return [json.dumps(spec.header()) + "\n",
            *(json.dumps(result.to_json()) + "\n" for result in results)]


def _play(spec: RunSpec, settings: Settings, number: int) -> Result:
    if spec.mode == "games":
        return play_game(spec.rules, spec.seed, number, spec.a, spec.b, settings)
    return play_deal(spec.rules, spec.seed, number, spec.a, spec.b, settings)


def run(spec: RunSpec, path: Path, executor: Executor, window: int = 1,
        settings: Settings | None = None, resume: bool = False,
        progress: Callable[[int, int], None] | None = None) -> list[Result]:
    """Play the run's deals (those not yet in ``path`` when resuming), sorted by number.

    Work goes to ``executor``, ``window`` tasks at a time; ``progress(done, total)``
    is called as they finish. A :class:`PlayerFault` stops the run: what finished
    stays in the file and is raised after the running tasks end.
    """
    settings = settings or Settings()
    done = load_results(path, spec) if resume else {}
    path.parent.mkdir(parents=True, exist_ok=True)
    if not done:
        if not resume:
            set_aside(path)
        paths.write_atomically(path, [json.dumps(spec.header()) + "\n"])
    else:
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            paths.write_atomically(path, [text[: text.rfind("\n") + 1]])
    results = dict(done)
    todo = iter(n for n in range(spec.count) if n not in done)

    def finished_count() -> int:
        return sum(1 for n in results if n < spec.count)

    if progress:
        progress(finished_count(), spec.count)
    fault: PlayerFault | None = None
    with path.open("a", encoding="utf-8") as file:
        pending: set[Future[Result]] = set()

        def fill() -> None:
            while fault is None and len(pending) < window:
                number = next(todo, None)
                if number is None:
                    return
                pending.add(executor.submit(_play, spec, settings, number))

        fill()
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                try:
                    result = future.result()
                except CancelledError:
                    continue
                except PlayerFault as error:
                    fault = fault or error
                    continue
                results[_number(result)] = result
                file.write(json.dumps(result.to_json()) + "\n")
                file.flush()
                if progress:
                    progress(finished_count(), spec.count)
            if fault is not None:
                for future in pending:
                    future.cancel()
            fill()
    if fault is not None:
        raise fault
    ordered = [results[n] for n in sorted(results)]
    paths.write_atomically(path, _lines(spec, ordered))
    return [r for r in ordered if _number(r) < spec.count]
