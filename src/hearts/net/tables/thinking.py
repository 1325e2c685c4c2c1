"""The computer players' share of a server: how hard they may think right now.

Every table of a server sends its computer players' decisions to one pool of
processes. A decision that waits for a process holds up the person at its
table, and the pool is shared: at a busy server one table's Expert would make
the people at every other table wait. So the server counts the decisions
asked for and not yet answered (the backlog), and a decision asked for while
the backlog is long is made by a lighter level, whose decisions take a small
fraction of the time (docs/network.md gives the rule and its figures):

- backlog under ``full`` decisions a process: the level the table was set up
  with;
- under ``light`` a process: the searching levels think as Strong does;
- beyond: as Club (judgement, no search).

The levels that do not search are never changed; neither is a decision asked
for by a test's executor (no pool). A lighter decision is recorded in the
hand's record as that level's (a stand-in for that decision, as a failed
player's is), so ``hearts verify`` replays it as it was made.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from hearts.ai import Level

__all__ = ["FULL", "LIGHT", "Thinkers"]

FULL = 2.0
"""Decisions a process may have waiting before the searching levels think less."""

LIGHT = 6.0
"""Decisions a process may have waiting before the searching levels stop searching."""


@dataclass
class Thinkers:
    """One server's computer-player decisions: the backlog and the level each new
    decision is made at."""

    processes: int
    """How many processes make the decisions."""
    full: float = FULL
    """See :data:`FULL`."""
    light: float = LIGHT
    """See :data:`LIGHT`."""
    backlog: int = 0
    """Decisions asked for and not answered yet, at every table."""
    made: Counter[tuple[Level, Level]] = field(default_factory=Counter)
    """Decisions made, by the level asked for and the level that made them."""

    def level_for(self, asked: Level) -> Level:
        """The level a decision asked at ``asked`` is made at, with the backlog now."""
        if not asked.searches:
            return asked
        processes = max(1, self.processes)
        if self.backlog < self.full * processes:
            return asked
        if self.backlog < self.light * processes:
            return Level.STRONG
        return Level.CLUB

    def start(self, asked: Level) -> Level:
        """Count a decision in and say the level it is made at."""
        made = self.level_for(asked)
        self.backlog += 1
        self.made[asked, made] += 1
        return made

    def finish(self) -> None:
        """Count a decision out (answered, failed or cancelled)."""
        self.backlog = max(0, self.backlog - 1)

    @property
    def lighter(self) -> int:
        """How many decisions were made by a lighter level than asked."""
        return sum(count for (asked, made), count in self.made.items() if made != asked)
