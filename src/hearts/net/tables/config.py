"""How a network table is set up (:class:`TableConfig`): its people's seats, the
computer players' level, the rules and its times, as its ``table.json`` keeps
them."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from hearts.levels import Level
from hearts.options import Options
from hearts.rules import Rules, RuleSettings

__all__ = ["TableConfig"]


@dataclass(frozen=True)
class TableConfig:
    """How a network table is set up."""

    people: int = 1
    level: Level = Level.CLUB
    rules: Rules = field(default_factory=Rules)
    grace: float = 60.0
    """Seconds a dropped person's seat waits before a computer player stands in."""
    delay_scale: float = 1.0
    """Multiplies every pause (0: never wait; the tests use it)."""
    turn_seconds: float | None = None
    """Seconds a connected person has to pass or play before a computer player
    decides for them, that once (None: no limit)."""
    duplicate: int = 0
    """A new table plays a duplicate evening of this many deals (0: ordinary
    matches; :mod:`hearts.duplicate`)."""

    def options(self) -> Options:
        """The table's options: the rules and the level."""
        values = {f.name: getattr(self.rules, f.name) for f in fields(RuleSettings)}
        return Options(**values, difficulty=int(self.level))

    def to_json(self) -> dict[str, Any]:
        """The set-up as the table's ``table.json`` keeps it (the duplicate evening
        is kept with the table's own)."""
        return {"people": self.people, "level": int(self.level), "rules": self.rules.to_json(),
                "grace": self.grace, "delay_scale": self.delay_scale,
                "turn_seconds": self.turn_seconds}

    @classmethod
    def from_json(cls, data: dict[str, Any], grace: float | None = None,
                  delay_scale: float | None = None) -> TableConfig:
        """The set-up :meth:`to_json` kept, ``grace`` and ``delay_scale`` given anew
        unless None (raises ``KeyError``, ``TypeError`` or ``ValueError`` if unreadable)."""
        turn = data.get("turn_seconds")
        return cls(people=int(data["people"]), level=Level(int(data["level"])),
                   rules=Rules.from_json(data["rules"]),
                   grace=float(data["grace"]) if grace is None else grace,
                   delay_scale=float(data["delay_scale"]) if delay_scale is None else delay_scale,
                   turn_seconds=None if turn is None else float(turn))
