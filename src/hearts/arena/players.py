"""Who plays in the arena: our levels, Python players by import path, and programs.

A player is named on the command line as

- a level: ``expert`` or ``5``;
- a Python factory by import path: ``mypkg.mybot:make`` (``make(seed)`` returns
  an object with ``choose_pass(view)`` and ``choose_play(view)``), or a short
  name from :data:`ALIASES`;
- a program speaking the bot protocol: ``cmd:./mybot --flag``.

A :class:`PlayerSpec` is plain data, sent to every worker; each worker builds
the seat players from it (:func:`seat_player`) and starts a program once per
worker thread, keeping it for the following deals.
"""

from __future__ import annotations

import atexit
import importlib
import os
import re
import sys
import threading
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import hearts.ai
import hearts.core
from hearts.ai import Level, Player, make_player
from hearts.ai.players import BUDGETS, PASS_BUDGETS
from hearts.arena.program import Program, ProgramFault
from hearts.cards import Card
from hearts.hand import SeatPlayer
from hearts.levels import level_choices
from hearts.rules import Rules
from hearts.speedups import digest_files
from hearts.view import PlayerView

__all__ = ["ALIASES", "PlayerLoadError", "PlayerSpec", "Settings",
           "check_player", "close_programs", "parse_player", "players_fingerprint",
           "seat_player", "seat_record"]

ALIASES: dict[str, str] = {
    "shooter": "hearts.ai.shooter:make",  # the moon-hungry measuring player
}
"""Short names for Python players by import path (``name -> "module:factory"``)."""


class PlayerLoadError(ValueError):
    """A player that cannot be used: the message says why."""


@cache
def players_fingerprint() -> str:
    """A digest of our players' source: every ``.py`` file of ``hearts.ai`` and
    ``hearts/core.py``, sorted by name, so results of other code are never mixed in.

    Read once per process, so a long run keeps naming the code it started with.
    """
    files = sorted(Path(hearts.ai.__file__).parent.glob("*.py"), key=lambda p: p.name)
    files.append(Path(hearts.core.__file__))
    return digest_files((f"{file.parent.name}/{file.name}", file) for file in files)


@dataclass(frozen=True)
class PlayerSpec:
    """One side's player, as plain data."""

    kind: str
    """``"level"``, ``"python"`` (a factory by import path) or ``"program"``."""
    target: str
    """The level's name, the import path, or the command line."""
    version: str | None = None
    """The version the player gives (a program's greeting, a module's ``__version__``)."""
    name: str | None = None
    """The name a program gives in its greeting."""

    @property
    def label(self) -> str:
        """A short name for reports."""
        if self.kind == "level":
            return Level.parse(self.target).label
        if self.kind == "python":
            return self.target
        return self.name or self.target

    @property
    def record_name(self) -> str:
        """The ``player`` of a hand record's seat: the level's name, the import path,
        or ``cmd:`` and the command."""
        return "cmd:" + self.target if self.kind == "program" else self.target

    def identity(self) -> dict[str, Any]:
        """What names this player in a results file's header: for a level its search
        budgets and our players' source fingerprint, otherwise the import path or
        command and the version it gives."""
        if self.kind == "level":
            level = Level.parse(self.target)
            budgets = {name: list(table[level]) for name, table in
                       (("play", BUDGETS), ("pass", PASS_BUDGETS)) if level in table}
            return {"level": self.target, "budgets": budgets, "code": players_fingerprint()}
        key = "import" if self.kind == "python" else "command"
        return {key: self.target, "version": self.version}

    @property
    def slug(self) -> str:
        """A file-name-safe short name."""
        text = self.target
        if self.kind == "program":
            text = " ".join(Path(word).name for word in self.target.split())
        return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:32].strip("-") or "player"


def parse_player(text: str) -> PlayerSpec:
    """A player from its command-line name (no import, no program started)."""
    text = text.strip()
    if text.startswith("cmd:"):
        command = text[4:].strip()
        if not command:
            raise PlayerLoadError("cmd: needs a command, e.g. cmd:./mybot")
        return PlayerSpec("program", command)
    try:
        return PlayerSpec("level", Level.parse(text).name.lower())
    except ValueError:
        pass
    path = ALIASES.get(text.lower(), text)
    if re.fullmatch(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*", path):
        return PlayerSpec("python", path)
    raise PlayerLoadError(
        f"not a player: {text!r} (use a level, {level_choices()}; an import path "
        "module:factory, or cmd:COMMAND for a program speaking the bot protocol)")


def _factory(path: str) -> Any:
    module_name, _, attribute = path.partition(":")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # like python -m: modules here can be named
    try:
        module = importlib.import_module(module_name)
    except Exception as error:
        raise PlayerLoadError(f"{path}: cannot import {module_name}: "
                              f"{type(error).__name__}: {error}") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise PlayerLoadError(f"{path}: {module_name} has no callable {attribute!r}")
    return factory


def _check_factory(path: str) -> str | None:
    """Import and try the factory once; the module's ``__version__`` if it has one."""
    factory = _factory(path)
    try:
        player = factory(0)
    except Exception as error:
        raise PlayerLoadError(f"{path}: make(seed) failed: {type(error).__name__}: "
                              f"{error}") from None
    for method in ("choose_pass", "choose_play"):
        if not callable(getattr(player, method, None)):
            raise PlayerLoadError(f"{path}: {_attribute(path)}(seed) returned "
                                  f"{type(player).__name__}, which has no {method}(view); "
                                  "it must return a player, not be one")
    version = getattr(importlib.import_module(path.partition(":")[0]), "__version__", None)
    return version if isinstance(version, str) else None


def _attribute(path: str) -> str:
    """The factory's name in an import path ``module:factory``."""
    return path.partition(":")[2]


@dataclass(frozen=True)
class Settings:
    """How a run treats programs: the time for each answer and where their stderr goes."""

    move_time: float = 5.0
    """Seconds a program has for each decision."""
    logs: str = "arena-results/bots"
    """The path (without ``.log``) each program's stderr is appended to, per side."""

    def log(self, side: str) -> Path:
        """The log file of side ``"a"`` or ``"b"``."""
        return Path(f"{self.logs}.{side}.log")


def check_player(spec: PlayerSpec, rules: Rules, settings: Settings, side: str) -> PlayerSpec:
    """Load the player once here, before the run: a clear error now rather than in
    every worker; the spec with the version (and a program's name) filled in."""
    if spec.kind == "python":
        return replace(spec, version=_check_factory(spec.target))
    if spec.kind == "program":
        try:
            program = Program(spec.target, rules, settings.move_time, settings.log(side))
        except ProgramFault as error:
            answer = f"; it sent {error.answer!r}" if error.answer is not None else ""
            raise PlayerLoadError(f"cmd:{spec.target}: {error}{answer} "
                                  f"(its stderr is in {settings.log(side)})") from None
        program.close()
        return replace(spec, version=program.version, name=program.name)
    return spec


class _ProgramSeat:
    """A seat played by a program: the seat's seed goes with every request."""

    def __init__(self, program: Program, seed: int) -> None:
        self.program = program
        self.seed = seed

    @property
    def last_request(self) -> str | None:
        return self.program.last_request

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return self.program.ask("pass", self.seed, view)

    def choose_play(self, view: PlayerView) -> Card:
        return self.program.ask("play", self.seed, view)[0]


_local = threading.local()
_all_programs: list[Program] = []
_lock = threading.Lock()


def _program(spec: PlayerSpec, rules: Rules, settings: Settings, side: str) -> Program:
    """This thread's running program for ``spec`` (started on first use, or again
    after it was stopped)."""
    programs: dict[tuple[object, ...], Program] = _local.__dict__.setdefault("programs", {})
    key = (spec.target, rules, settings, side)
    program = programs.get(key)
    if program is None or not program.running:
        program = Program(spec.target, rules, settings.move_time, settings.log(side))
        programs[key] = program
        with _lock:
            _all_programs.append(program)
    return program


def close_programs() -> None:
    """Close every program this process started (they are closed at exit anyway)."""
    with _lock:
        programs, _all_programs[:] = list(_all_programs), []
    for program in programs:
        program.close()
    _local.__dict__.pop("programs", None)


atexit.register(close_programs)


def seat_player(spec: PlayerSpec, seed: int, rules: Rules, settings: Settings,
                side: str) -> Player:
    """The player for one seat of one hand, deciding from ``seed``."""
    if spec.kind == "level":
        return make_player(Level.parse(spec.target), seed)
    if spec.kind == "python":
        player: Player = _factory(spec.target)(seed)
        return player
    return _ProgramSeat(_program(spec, rules, settings, side), seed)


def seat_record(spec: PlayerSpec, seed: int) -> SeatPlayer:
    """How a hand record names the player in a seat."""
    return SeatPlayer(spec.record_name, seed, spec.version)
