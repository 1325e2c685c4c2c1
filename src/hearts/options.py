"""The player's saved options: the settings of the options page, on disk.

Options live in ``options.json`` in the user's config folder (from platformdirs;
the ``HEARTS_CONFIG_DIR`` environment variable names another folder). Loading
never fails: a missing file gives the defaults, and a file that is broken or
hand-edited gives the defaults for whatever cannot be read, with a notice for
the player. Saving writes a temporary file and renames it over the old one, so
a crash never leaves half a file behind.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any, NamedTuple

import platformdirs

from hearts.levels import LEVEL_LABELS, LEVEL_NAMES
from hearts.paths import set_aside, short_path, write_atomically
from hearts.rules import Rules, RuleSet, RuleSettings

__all__ = [
    "DIFFICULTIES", "ENV_VAR", "FILE_NAME", "TARGET_MAX", "TARGET_MIN", "LoadResult", "Options",
    "Speed", "load_options", "options_from_json", "options_path", "rules_refusal",
    "save_options", "target_refusal",
]

ENV_VAR = "HEARTS_CONFIG_DIR"
"""The environment variable that names the folder holding the options file."""
FILE_NAME = "options.json"
"""The options file's name inside that folder."""
DIFFICULTIES = LEVEL_LABELS
"""The difficulty levels by name; level ``n`` is ``DIFFICULTIES[n - 1]``
(:data:`hearts.levels.LEVEL_LABELS`)."""
TARGET_MIN = 10
"""The lowest target score the game takes (the engine takes any positive one): about
a hand's play."""
TARGET_MAX = 1000
"""The highest target score the game takes: a match of a hundred hands or so."""


def target_refusal(target: object) -> str | None:
    """Why the game will not play to ``target``, or None when it will."""
    if type(target) is int and TARGET_MIN <= target <= TARGET_MAX:
        return None
    return (f"The game can end at {TARGET_MIN} to {TARGET_MAX} points"
            + (f", not {target}" if type(target) is int else ""))


def rules_refusal(rules: RuleSettings) -> str | None:
    """Why the game will not play by ``rules`` (a target out of bounds), or None."""
    return target_refusal(rules.target)


class Speed(Enum):
    """How quickly the computer players play, with the pauses it sets."""

    FAST = "fast"
    NORMAL = "normal"
    SLOW = "slow"

    @property
    def card_delay(self) -> float:
        """Seconds before each computer player's card appears."""
        return {"fast": 0.25, "normal": 0.6, "slow": 1.1}[self.value]

    @property
    def trick_delay(self) -> float:
        """Seconds a finished trick stays on show."""
        return {"fast": 0.8, "normal": 1.5, "slow": 2.5}[self.value]

    @property
    def received_delay(self) -> float:
        """Seconds the cards just received are held up out of the hand: long enough
        to read three cards (the original's 2.1 s at Normal was read as a wait for a
        key), and any key or click cuts it short."""
        return {"fast": 2.5, "normal": 3.5, "slow": 4.5}[self.value]

    def __str__(self) -> str:
        return self.value.capitalize()


_RULE_NAMES = tuple(field.name for field in fields(RuleSettings))


@dataclass(frozen=True, slots=True)
class Options(RuleSettings):
    """The settings of the options page: the rules' own (scoring, passing, target...,
    the fields of :class:`~hearts.rules.RuleSettings`, checked as
    :class:`~hearts.rules.Rules` checks them) and the game's below."""

    difficulty: int = 3
    """The computer players' level, 1 (Beginner) to 5 (Expert)."""
    speed: Speed = Speed.NORMAL
    """How quickly the computer players play."""
    forced_cards: bool = False
    """Play the user's card for them when it is the only legal one."""
    review_each_hand: bool = False
    """Review each finished hand in the background, so that ``v`` shows it at once."""

    def __post_init__(self) -> None:
        self.rules()  # a ValueError for a bad rule setting, as Rules gives
        if type(self.difficulty) is not int or not 1 <= self.difficulty <= len(LEVEL_NAMES):
            raise ValueError(f"difficulty must be 1 to {len(LEVEL_NAMES)}, "
                             f"not {self.difficulty!r}")

    def rules(self) -> Rules:
        """The engine's rules for these options."""
        return Rules(**{name: getattr(self, name) for name in _RULE_NAMES})

    @property
    def rule_set(self) -> RuleSet | None:
        """The rule set these options follow (whatever the target), or None when a
        rule was changed by hand away from every set ("Custom")."""
        return RuleSet.of(self)

    def with_rules(self, rules: RuleSettings) -> Options:
        """These options with every rule (the target too) taken from ``rules``."""
        return replace(self, **{name: getattr(rules, name) for name in _RULE_NAMES})

    def to_json(self) -> dict[str, Any]:
        """The options as plain JSON values (what the file holds), in the options
        page's order; the rules' settings as :meth:`Rules.to_json` writes them, but
        ``pass_queen`` always (a file without it, from before it was added, reads
        as off)."""
        rules = self.rules().to_json()
        rules.pop("pass_queen", None)  # written on or off here, after the passing
        return {"difficulty": LEVEL_NAMES[self.difficulty - 1],
                "passing": rules.pop("passing"), "pass_queen": self.pass_queen, **rules,
                "speed": self.speed.value, "forced_cards": self.forced_cards,
                "review_each_hand": self.review_each_hand}


class LoadResult(NamedTuple):
    """What :func:`load_options` found."""

    options: Options
    """The options read, with defaults for anything that could not be read."""
    notice: str | None
    """A message for the player when the file could not be read in full."""


def options_path(config_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where the options file lives: ``config_dir``, else ``$HEARTS_CONFIG_DIR``,
    else the user's config folder for ``hearts``."""
    if config_dir is None:
        config_dir = os.environ.get(ENV_VAR) or platformdirs.user_config_dir("hearts")
    return Path(config_dir) / FILE_NAME


def _read_difficulty(value: object) -> int:
    if isinstance(value, str) and value.strip().lower() in LEVEL_NAMES:
        return LEVEL_NAMES.index(value.strip().lower()) + 1
    raise ValueError(value)


def _read_bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise ValueError(value)


_READERS: dict[str, Any] = {
    "difficulty": _read_difficulty,
    "speed": Speed,
    "forced_cards": _read_bool,
    "review_each_hand": _read_bool,
}
"""How the game's own settings are read; the rules' are read by :meth:`Rules.from_json`."""


def _read(name: str, value: object) -> Any:
    if name in _READERS:
        return _READERS[name](value)
    read = getattr(Rules.from_json({name: value}), name)
    if name == "target" and target_refusal(read) is not None:
        raise ValueError(value)
    return read


def options_from_json(data: object) -> tuple[Options, list[str]]:
    """Options from the file's JSON, and the names of the settings that were
    present but could not be read. Unknown keys are ignored."""
    if not isinstance(data, dict):
        return Options(), ["the whole file"]
    values: dict[str, Any] = {}
    bad: list[str] = []
    for name in Options().to_json():
        if name not in data:
            continue
        try:
            values[name] = _read(name, data[name])
        except (ValueError, TypeError):
            bad.append(name.replace("_", " "))
    return replace(Options(), **values), bad


def load_options(path: str | os.PathLike[str]) -> LoadResult:
    """Read the options file at ``path``; this never raises.

    A missing file gives the defaults quietly; anything unreadable gives the
    defaults for what could not be read and a notice saying so.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return LoadResult(Options(), None)
    except UnicodeDecodeError:
        return LoadResult(Options(), f"Could not read {short_path(path, 60)}: it is not UTF-8 "
                          "text - using defaults")
    except OSError as error:
        return LoadResult(Options(), f"Could not read {short_path(path, 60)} "
                          f"({error.strerror or error}) - using defaults")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return LoadResult(Options(), f"Could not read {short_path(path, 60)}: it is damaged "
                          "- using defaults")
    if not isinstance(data, dict):
        return LoadResult(Options(), f"Could not read {short_path(path, 60)}: it holds no "
                          "options - using defaults")
    options, bad = options_from_json(data)
    if bad:
        return LoadResult(options, "Some saved options could not be read ("
                          + ", ".join(bad) + ") - defaults used for those")
    return LoadResult(options, None)


def save_options(options: Options, path: str | os.PathLike[str]) -> Path | None:
    """Write ``options`` to ``path`` atomically (raises ``OSError`` on failure,
    leaving any earlier file untouched).

    A file there that cannot be read in full (damaged, or hand-edited into values
    the game does not know) is first moved aside, never overwritten; the name it
    was kept under is returned (None when there was nothing to keep).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    aside = None
    if path.exists() and load_options(path).notice is not None:
        aside = set_aside(path)
    write_atomically(path, [json.dumps(options.to_json(), indent=2), "\n"])
    return aside
