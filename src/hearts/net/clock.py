"""The table server's clock and executors, made for tests that must not sleep.

Everything in the table server that waits reads the event loop's clock
(``loop.time()``): the grace before a computer player stands in, the turn
timer, the pauses, the join deadline, the heartbeats (aiohttp's too), the
send watchdog, and the rate limits (:func:`loop_clock`). So a test swaps the
clock by running the server on a :class:`VirtualLoop`: a real event loop with
real sockets whose clock jumps ahead whenever the loop would sit idle, waiting
only for a timer. A minute's grace passes in a moment, and what a test
measures depends on the order of events, never on the machine's speed.

Work that leaves the loop (the computer players' decisions, the tables'
writes) would run on threads while the clock jumps; :class:`InlineExecutor`
runs it at once on the loop's own thread instead, so nothing is in flight when
the clock moves.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import selectors
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

__all__ = ["InlineExecutor", "VirtualLoop", "loop_clock", "run_virtual"]

_P = ParamSpec("_P")
_T = TypeVar("_T")


def loop_clock() -> float:
    """The running event loop's clock (seconds); outside a loop, the monotonic clock.
    The rate limits read this, so a virtual loop moves them too."""
    try:
        return asyncio.get_running_loop().time()
    except RuntimeError:
        return time.monotonic()


class InlineExecutor(Executor):
    """Runs each function at once, in the caller's thread (a test's executor: on a
    :class:`VirtualLoop` nothing runs elsewhere while the clock jumps)."""

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args,
               **kwargs: _P.kwargs) -> Future[_T]:
        """Run ``fn`` now; the future is done when this returns."""
        future: Future[_T] = concurrent.futures.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed over, as a real executor does
            future.set_exception(error)
        return future


class _JumpingSelector(selectors.DefaultSelector):
    """A selector that, when nothing is ready within ``real`` seconds and the loop
    only waits for a timer, moves the loop's clock on to that timer."""

    def __init__(self) -> None:
        super().__init__()
        self.loop: VirtualLoop | None = None

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        """Wait for the sockets as ever; when the loop waits only for a timer and
        nothing comes within the loop's ``real`` seconds, jump to the timer."""
        loop = self.loop
        if loop is None or timeout is None or timeout <= 0:
            return super().select(timeout)
        events = super().select(min(timeout, loop.real))
        if not events:
            loop.advance(timeout)
        return events


class VirtualLoop(asyncio.SelectorEventLoop):
    """An event loop whose clock jumps over idle time (see the module's words).

    ``real`` is how long, in real seconds, the loop waits for a socket before it
    decides it is idle and jumps: long enough for a loopback message to arrive
    (the client and the server run in the same loop)."""

    def __init__(self, start: float = 1000.0, real: float = 0.002) -> None:
        selector = _JumpingSelector()
        super().__init__(selector)
        self._now = start
        self.real = real
        """Real seconds without a ready socket before the clock jumps."""
        self.jumped = 0.0
        """Seconds the clock jumped in all."""
        selector.loop = self

    def time(self) -> float:
        """The virtual clock."""
        return self._now

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` on (the timers due by then run next)."""
        if seconds > 0:
            self._now += seconds
            self.jumped += seconds


def run_virtual(main: Callable[[], Any], real: float = 0.002) -> Any:
    """Run the coroutine function ``main`` to its end on a :class:`VirtualLoop`."""
    with asyncio.Runner(loop_factory=lambda: VirtualLoop(real=real)) as runner:
        return runner.run(main())
