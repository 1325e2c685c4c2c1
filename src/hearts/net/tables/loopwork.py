"""A network table's work on the event loop: each computer player's decision run
in an executor (never on the loop), each pause a timer, and the answer or the
pause's end handed back to the table as its event. When the server's
computer players fall behind (:mod:`hearts.net.tables.thinking`), a decision
may be made at a lighter level, and the table is told so."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor

from hearts.ai import Player, make_player
from hearts.cards import Card
from hearts.levels import Level
from hearts.net.tables.thinking import Thinkers
from hearts.table import Decide, Wait
from hearts.table import events as ev
from hearts.table.driver import decide

__all__ = ["LoopWork", "think"]


def think(request: Decide, factory: Callable[[Level, int], Player] = make_player
          ) -> tuple[Card, ...]:
    """Make the decision ``request`` asks for (run in an executor; picklable)."""
    return tuple(decide(factory(request.level, request.seed), request))


class LoopWork:
    """One table's decisions and pauses: computer players made by ``factory`` think
    in ``executor`` (None: the loop's default); ``answer`` takes each answer and
    each pause's end; a pause that is not a person's time lasts ``delay_scale``
    times its length."""

    def __init__(self, executor: Executor | None, factory: Callable[[Level, int], Player],
                 answer: Callable[[ev.Event], None], delay_scale: float) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        """The event loop, once the table has started."""
        self.failures = 0
        """How many decisions raised (the table asks again or stands in)."""
        self.deadlines: dict[int, float] = {}
        """When each pause that a person may be shown ends (by token, seconds since
        1970): the grace times and the turn timer."""
        self._executor = executor
        self._factory = factory
        self._answer = answer
        self._scale = delay_scale
        self._timers: dict[int, asyncio.TimerHandle] = {}
        """The waits under way, by a number of their own."""
        self._timer_key = 0
        self._thinking: set[asyncio.Future[tuple[Card, ...]]] = set()

    def decide(self, request: Decide, thinkers: Thinkers | None) -> None:
        """Run a decision in the executor (at the level ``thinkers``, the server's
        count, allows: None, always at its own); its answer comes back as an event."""
        assert self.loop is not None
        made = request.level if thinkers is None else thinkers.start(request.level)
        lighter = made if made != request.level else None
        asked = request if lighter is None else dataclasses.replace(request, level=made)
        future = self.loop.run_in_executor(self._executor, think, asked, self._factory)
        self._thinking.add(future)

        def done(finished: asyncio.Future[tuple[Card, ...]]) -> None:
            self._thinking.discard(finished)
            if thinkers is not None:
                thinkers.finish()
            if finished.cancelled():
                return
            error = finished.exception()
            if error is None:
                self._answer(ev.Decided(request.token, finished.result(), lighter))
            else:
                self.failures += 1
                self._answer(ev.Failed(request.token, f"{type(error).__name__}: {error}"))

        future.add_done_callback(done)

    def wait(self, request: Wait, live: Callable[[], Iterable[int]]) -> None:
        """A pause on the event loop; its end comes back as an event. ``live`` gives
        the tokens the table still waits for (the deadlines of the others are
        forgotten once there are many)."""
        assert self.loop is not None
        scale = self._scale if request.scaled else 1.0
        delay = max(0.0, request.seconds * scale)
        if not request.scaled:  # a person's time: shown to them as it runs
            self.deadlines[request.token] = time.time() + delay
        # The timer's callback does not refer to the timer: a closure that did made
        # a cycle at every wait, for the collector to find.
        self._timer_key += 1
        self._timers[self._timer_key] = self.loop.call_later(
            delay, self._due, self._timer_key, request.token)
        if len(self.deadlines) > 64:  # ended and forgotten by the table: drop them
            waited = set(live())
            self.deadlines = {k: v for k, v in self.deadlines.items() if k in waited}

    def _due(self, key: int, token: int) -> None:
        self._timers.pop(key, None)
        self.deadlines.pop(token, None)
        self._answer(ev.Elapsed(token))

    @property
    def timers(self) -> list[asyncio.TimerHandle]:
        """The pauses under way."""
        return list(self._timers.values())

    def close(self) -> None:
        """Stop every pause, and forget the decisions under way."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for future in self._thinking:
            future.cancel()
