"""The garbage collector of a table server's process, set for a server's heap.

CPython's cyclic collector scans the container objects it tracks; a server
holding a thousand tables holds millions of them, and with the default
thresholds (a young collection every 700 allocations, the oldest generation
after ten of the middle one) the collections took about a tenth of the
server's time and a full one stopped the event loop for up to 0.6 s, every few
seconds (lab/journal.md). :func:`tune_for_server`, called once the tables are
open, freezes what is alive then (the tables as they started, the app) out of
every later collection, and collects the young generation after
:data:`YOUNG` allocations, so the older ones far less often. Objects are
still freed the moment nothing refers to them; only cycles wait longer.
"""

from __future__ import annotations

import gc

__all__ = ["MIDDLE", "OLDEST", "YOUNG", "tune_for_server"]

YOUNG = 50_000
"""Allocations (less deallocations) of tracked objects between young collections."""
MIDDLE = 20
"""Young collections between collections of the middle generation."""
OLDEST = 100
"""Middle collections before the oldest generation is considered."""


def tune_for_server() -> None:
    """Set this process's collector for a server whose tables are open now."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLDEST)
