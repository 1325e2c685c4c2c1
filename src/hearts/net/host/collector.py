"""The garbage collector of a table server's process, set for a server's heap.

CPython's cyclic collector scans the container objects it tracks; a server
holding a thousand tables holds millions of them. With the default thresholds
the collections took about a tenth of the server's time and a full one stopped
the event loop for up to 0.6 s every few seconds; with young collections after
50,000 allocations instead of 700, each one still stopped it for 60 to 200 ms,
every second or two at 1,000 tables: a young collection follows every
reference of every young object, and each one it follows into a heap of half
a gigabyte is a miss of the processor's caches (lab/journal.md). Yet those
collections found nearly nothing: what a table makes as it plays is freed the
moment nothing refers to it, and only cycles wait for the collector.

So a server's collector does two things:

- :func:`tune_for_server`, called once the tables are open, freezes what is
  alive then (the tables as they started, the app) out of every later
  collection, and leaves the young generation for 50,000 allocations, in case
  :func:`keep_frozen` is not running.
- :func:`keep_frozen`, run for the server's life, freezes four times a second
  what was made since and is still alive, without scanning it
  (:func:`gc.freeze` moves the collector's lists whole and starts its count
  again), so a young collection is seldom due; and it sweeps (everything
  unfrozen and collected in one full collection) only when the heap
  (:func:`heap_size`) may hold garbage worth a pause: when it has grown by
  :data:`GROWTH` since the last sweep and something has ended since (a
  connection, a table: the cycles their ends leave, an error's traceback, are
  freed then), or when it
  has grown by :data:`OUTGROWN` since it settled (:data:`SWEEP_SECONDS` after
  the last sweep or the start: a heap fills as the tables open and their
  people come) whatever ended (a cycle nothing announced), at most once in
  :data:`SWEEP_SECONDS`. A sweep stops the process for one to
  two seconds at a thousand tables, and in a server at play the sweeps found
  nothing to free (lab/journal.md): tables that only play, their matches'
  hands growing the heap, are not stopped for it; a server whose people come
  and go is swept as before.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["FREEZE_SECONDS", "GROWTH", "MIDDLE", "NOTABLE_SWEEP", "OLDEST", "OUTGROWN",
           "SWEEP_SECONDS",
           "YOUNG",
           "Sweep", "heap_size", "keep_frozen", "sweep", "tune_for_server"]

log = logging.getLogger(__name__)

YOUNG = 50_000
"""Allocations (less deallocations) of tracked objects between young collections."""
MIDDLE = 20
"""Young collections between collections of the middle generation."""
OLDEST = 100
"""Middle collections before the oldest generation is considered."""

FREEZE_SECONDS = 0.25
"""How often :func:`keep_frozen` freezes what is alive."""
GROWTH = 0.25
"""How much the heap grows (a share of its size after the last sweep)
before :func:`keep_frozen` collects everything, cycles and all, if something
ended meanwhile."""
OUTGROWN = 1.0
"""How much it grows from its size :data:`SWEEP_SECONDS` after the last sweep
before :func:`keep_frozen` collects everything whether anything ended or not."""
SWEEP_SECONDS = 600.0
"""The least time between two sweeps of :func:`keep_frozen`."""
NOTABLE_SWEEP = 0.25
"""A sweep that stopped the process this long (seconds) is logged for the host
to see; a shorter one only for debugging."""


def tune_for_server() -> None:
    """Set this process's collector for a server whose tables are open now."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLDEST)


@dataclass(frozen=True, slots=True)
class Sweep:
    """What one full collection did."""

    found: int
    """Objects found unreachable (cycles) and freed."""
    seconds: float
    """How long it stopped the process."""


def heap_size() -> int:
    """The size of Python's heap, in the blocks of memory its objects hold.

    Summed over Python's pools in about a millisecond for a heap of half a
    gigabyte, where counting the frozen objects (:func:`gc.get_freeze_count`,
    which walks their list) stops the process for tens of milliseconds: done
    four times a second, that walk cost a server at a thousand tables a third
    of its time a card (lab/journal.md)."""
    return sys.getallocatedblocks()


def sweep() -> Sweep:
    """Collect everything now, frozen or not, then freeze what is left alive."""
    began = time.perf_counter()
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    return Sweep(found, time.perf_counter() - began)


async def keep_frozen(every: float = FREEZE_SECONDS, growth: float = GROWTH,
                      least: float = SWEEP_SECONDS, sweep_every: float | None = None,
                      ended: Callable[[], int] | None = None,
                      done: list[Sweep] | None = None) -> None:
    """Freeze what is alive every ``every`` seconds and sweep when the frozen
    heap may hold garbage (see the module's words), until cancelled.

    ``ended`` counts what has ended so far (connections, tables); without it
    anything may have, and the heap is swept once it has grown by ``growth``.
    Given ``sweep_every``, it is also swept that often whatever it did. Each
    sweep is appended to ``done``, if given."""
    loop = asyncio.get_running_loop()
    swept = heap_size()
    ended_then = ended() if ended is not None else 0
    settled: int | None = None  # the heap's size once it has settled
    last = loop.time()
    while True:
        await asyncio.sleep(every)
        gc.freeze()
        since = loop.time() - last
        grown = False
        if since >= least:  # (the heap is not measured before a sweep may be due)
            size = heap_size()
            if settled is None:
                settled = size
            may_hold_garbage = ended is None or ended() != ended_then or \
                size > settled * (1 + OUTGROWN)
            grown = size > swept * (1 + growth) and may_hold_garbage
        if grown or (sweep_every is not None and since >= sweep_every):
            this = sweep()
            swept = heap_size()
            ended_then = ended() if ended is not None else 0
            settled = None
            last = loop.time()
            if done is not None:
                done.append(this)
            log.log(logging.INFO if this.seconds >= NOTABLE_SWEEP else logging.DEBUG,
                    "Swept the heap: %d objects in cycles freed in %.0f ms; %d blocks kept",
                    this.found, this.seconds * 1000, swept)
