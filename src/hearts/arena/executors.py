"""Where the arena's work runs: in this process, in a local process pool, or on a
Dask distributed cluster. Each is a ``concurrent.futures.Executor``, so one loop
submits the work to any of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from hearts.arena.players import close_programs

__all__ = ["ClusterError", "InlineExecutor", "open_executor"]

_T = TypeVar("_T")


class ClusterError(RuntimeError):
    """The cluster cannot be used: the extra is not installed or the scheduler does not
    answer."""


class InlineExecutor(Executor):
    """Runs each task at once, in this process (``--jobs 1``)."""

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> Future[_T]:
        """Run ``fn`` now; the future holds its result or its exception."""
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to whoever reads the future
            future.set_exception(error)
        return future


@contextmanager
def open_executor(jobs: int = 1, cluster: str | None = None,
                  timeout: float = 30.0) -> Iterator[tuple[Executor, int]]:
    """An executor and how many tasks to keep submitted ahead.

    ``cluster`` is a Dask scheduler's address (``tcp://host:8786``); otherwise
    ``jobs`` worker processes here (1: in this process).
    """
    if cluster:
        try:
            from distributed import Client
        except ImportError:
            raise ClusterError(
                "--cluster needs Dask's distributed scheduler: "
                "pip install 'terminal-hearts[cluster]' (on the workers too)") from None
        try:
            client = Client(cluster, timeout=timeout)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError) as error:
            raise ClusterError(f"cannot reach the Dask scheduler at {cluster}: {error}") from None
        try:
            threads = sum(client.nthreads().values()) or 1  # type: ignore[no-untyped-call]
            yield client.get_executor(pure=False), 2 * threads  # type: ignore[no-untyped-call]
        finally:
            try:
                client.run(close_programs)  # the workers' programs get their goodbye
            finally:
                client.close()  # type: ignore[no-untyped-call]
    elif jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield pool, 4 * jobs
    else:
        try:
            yield InlineExecutor(), 1
        finally:
            close_programs()
