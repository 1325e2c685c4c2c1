"""A table driven in one thread, with no waiting: for tests, scripts and bots.

:class:`Driver` carries out a :class:`~hearts.table.Table`'s effects at once:
computer players decide on the spot, every pause runs out as soon as nothing
else is due, saves and notices are collected for inspection.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from hearts.ai import Level, Player, make_player
from hearts.ai.hint import advise
from hearts.match import Match
from hearts.table import events as ev
from hearts.table.effects import Decide, Effect, Save, Say, Wait
from hearts.table.runner import carry_out
from hearts.table.table import Table

__all__ = ["Driver", "decide"]


def decide(player: Player, request: Decide) -> tuple[Any, ...]:
    """What ``player`` answers to ``request``: three cards to pass, one to play, or
    the hint's advice (which may raise: the caller reports a failure)."""
    if request.kind == "pass":
        return tuple(player.choose_pass(request.view))
    if request.kind == "play":
        return (player.choose_play(request.view),)
    return advise(request.view, player)


class Driver:
    """Runs a table's effects in this thread, at once."""

    def __init__(self, table: Table,
                 player_factory: Callable[[Level, int], Player] = make_player) -> None:
        self.table = table
        """The table driven."""
        self.player_factory = player_factory
        """Makes a computer player from a level and a seed."""
        self.said: list[Say] = []
        """Every notice, in order."""
        self.saves: list[tuple[Match, dict[str, Any]]] = []
        """Every save asked for: the match and the table's state."""
        self.abandoned_count = 0
        """How many times the table asked for the match to be recorded as abandoned."""
        self.asked: list[Decide] = []
        """Every decision asked for, in order."""
        self.hold = False
        """When True, decisions and pauses are left in :attr:`due` instead of answered."""
        self.due: deque[Decide | Wait] = deque()
        """Requests not answered yet."""

    def start(self) -> None:
        """Carry out the table's first effects."""
        self._run(self.table.start())

    def send(self, event: ev.Event) -> list[Effect]:
        """Hand ``event`` to the table and carry out everything that follows."""
        effects = self.table.handle(event)
        self._run(effects)
        return effects

    def answer(self, request: Decide | Wait) -> ev.Event:
        """The event that answers ``request`` (a decision made now, or a pause over)."""
        if isinstance(request, Wait):
            return ev.Elapsed(request.token)
        player = self.player_factory(request.level, request.seed)
        try:
            cards = decide(player, request)
        except Exception as error:
            return ev.Failed(request.token, f"{type(error).__name__}: {error}")
        return ev.Decided(request.token, cards)

    def _run(self, effects: list[Effect]) -> None:
        self._take(effects)
        while self.due and not self.hold:
            # decisions first: a pause runs out only when nothing else is due
            request = next((r for r in self.due if isinstance(r, Decide)), self.due[0])
            self.due.remove(request)
            self._take(self.table.handle(self.answer(request)))

    def _take(self, effects: list[Effect]) -> None:
        carry_out(effects, self)

    # --- the table's ports -------------------------------------------------------

    def decide(self, request: Decide) -> None:
        """Keep the decision to answer once nothing else is due."""
        self.asked.append(request)
        self.due.append(request)

    def wait(self, request: Wait) -> None:
        """Keep the pause to run out once nothing else is due."""
        self.due.append(request)

    def save(self, save: Save) -> None:
        """Keep what was saved."""
        self.saves.append((save.match, save.state))

    def abandoned(self) -> None:
        """Count the match recorded as abandoned."""
        self.abandoned_count += 1

    def tell(self, notice: Say) -> None:
        """Keep the notice."""
        self.said.append(notice)

    def redraw(self) -> None:
        """Nothing to draw."""
