"""The server's collector: what is alive once the tables are open is frozen out of
later collections, what the server makes later is frozen as it goes, and a
sweep frees the cycles among it once the heap has grown by a quarter and
something has ended that could have left them (each in a process of its own:
the test process keeps its own collector)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import aiohttp

from hearts.net.host.collector import MIDDLE, OLDEST, YOUNG
from hearts.net.tables.creator import close_table

from .helpers import running_server, until


def _run(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, timeout=60)


def test_a_server_process_freezes_its_tables_and_collects_less_often() -> None:
    script = ("import gc\n"
              "from hearts.net.host.collector import tune_for_server\n"
              "kept = [{'table': n} for n in range(1000)]\n"
              "assert gc.get_freeze_count() == 0\n"
              "tune_for_server()\n"
              "print(gc.get_freeze_count(), *gc.get_threshold())\n")
    frozen, *thresholds = map(int, _run(script).stdout.split())
    assert frozen >= 1000  # the tables' objects among them
    assert thresholds == [YOUNG, MIDDLE, OLDEST] and YOUNG > 700


# A cycle made while the server runs: frozen within a second, so no young
# collection ever scans it (nor frees it); freed by the next sweep.
_KEPT_FROZEN = """
import asyncio, gc, logging, weakref
from hearts.net.clock import run_virtual
from hearts.net.host.collector import keep_frozen, tune_for_server

logging.basicConfig(level=logging.DEBUG, format="%(message)s")

class Node:
    pass

async def main():
    tune_for_server()
    freezer = asyncio.create_task(keep_frozen(every=1.0, sweep_every=30.0))
    await asyncio.sleep(0.5)
    node = Node()
    node.me = node  # a cycle: only the collector can free it
    ref = weakref.ref(node)
    before = gc.get_freeze_count()
    await asyncio.sleep(1.0)  # frozen at 1 s
    frozen = gc.get_freeze_count() > before and gc.get_count()[0] < 50
    del node
    gc.collect()  # a collection leaves the frozen alone
    kept = ref() is not None
    await asyncio.sleep(30.0)  # the sweep at 30 s
    freed = ref() is None
    freezer.cancel()
    print(frozen, kept, freed, gc.get_freeze_count() > 0)

run_virtual(main)
"""


def test_what_the_server_makes_is_frozen_as_it_goes_and_swept_now_and_then() -> None:
    done = _run(_KEPT_FROZEN)
    assert done.stdout.split() == ["True", "True", "True", "True"]
    assert "Swept the heap: " in done.stderr and "objects in cycles freed in" in done.stderr


def test_a_sweep_frees_the_cycles_frozen_and_freezes_what_lives() -> None:
    script = ("import gc, weakref\n"
              "from hearts.net.host.collector import sweep\n"
              "class Node: pass\n"
              "alive = [Node() for _ in range(100)]\n"
              "dead = Node(); dead.me = dead; ref = weakref.ref(dead)\n"
              "gc.freeze(); del dead\n"
              "done = sweep()\n"
              "print(ref() is None, done.found >= 1, gc.get_freeze_count() >= 100,\n"
              "      done.seconds >= 0)\n")
    assert _run(script).stdout.split() == ["True", "True", "True", "True"]


# The frozen heap keeps its size for twenty minutes: never swept. Then it
# grows by more than a quarter, and the cycle made meanwhile is freed at the
# next freeze; grown again at once, it waits ten minutes for the next sweep.
# What the scripts of a growing heap share: objects to grow it with, and a cycle
# only a sweep can free (a weak reference to tell when it is gone).
_NODES = """
import asyncio, gc, logging, weakref
from hearts.net.clock import run_virtual
from hearts.net.host.collector import GROWTH, OUTGROWN, SWEEP_SECONDS, Sweep, heap_size
from hearts.net.host.collector import keep_frozen, tune_for_server

class Node:
    pass

def cycle():
    node = Node()
    node.me = node
    return weakref.ref(node)
"""

_SWEPT_AS_IT_GROWS = _NODES + """
logging.basicConfig(level=logging.DEBUG, format="%(message)s")

async def main():
    tune_for_server()
    freezer = asyncio.create_task(keep_frozen(every=1.0))
    churn = []
    for _ in range(1200):  # twenty minutes of a steady heap: made and freed
        churn = [Node() for _ in range(100)]
        await asyncio.sleep(1.0)
    first = cycle()
    await asyncio.sleep(2.0)
    kept = first() is not None  # frozen, not swept
    grown = [Node() for _ in range(int(heap_size() * GROWTH) + 1000)]
    await asyncio.sleep(2.0)
    swept = first() is None
    second = cycle()
    await asyncio.sleep(1.0)  # frozen before the heap grows (and a young collection comes)
    more = [Node() for _ in range(int(heap_size() * GROWTH) + 1000)]
    await asyncio.sleep(SWEEP_SECONDS - 10)
    waited = second() is not None
    await asyncio.sleep(20)
    freezer.cancel()
    print(kept, swept, waited, second() is None, len(grown) + len(more) > 0, len(churn))

run_virtual(main)
"""


def test_a_steady_heap_is_never_swept_and_a_growing_one_every_ten_minutes() -> None:
    done = _run(_SWEPT_AS_IT_GROWS)
    assert done.stdout.split() == ["True"] * 5 + ["100"]
    assert done.stderr.count("Swept the heap: ") == 2


# A heap that grows with what lives (the hands of the tables' matches) while
# nothing ends is not swept when it has grown by a quarter, however long it
# waits; once a connection ends it is swept at the next look. A heap that has
# doubled since it settled (ten minutes after the sweep) is swept whatever
# ended, but not one that doubled as it filled.
_SWEPT_WHEN_SOMETHING_ENDED = _NODES + """
async def main():
    tune_for_server()
    ended = [0]
    done: list[Sweep] = []
    freezer = asyncio.create_task(keep_frozen(every=1.0, ended=lambda: ended[0], done=done))
    await asyncio.sleep(2.0)
    first = cycle()
    await asyncio.sleep(1.0)
    grown = [Node() for _ in range(int(heap_size() * (GROWTH + 0.1)))]
    await asyncio.sleep(2 * SWEEP_SECONDS)
    waited = first() is not None and not done
    ended[0] += 1  # a connection ends
    await asyncio.sleep(2.0)
    swept = first() is None and len(done) == 1
    second = cycle()
    await asyncio.sleep(1.0)
    filled = [Node() for _ in range(int(heap_size() * (OUTGROWN + 0.1)))]
    await asyncio.sleep(SWEEP_SECONDS + 2.0)
    settled = second() is not None and len(done) == 1
    doubled = [Node() for _ in range(int(heap_size() * (OUTGROWN + 0.1)))]
    await asyncio.sleep(2.0)
    again = second() is None and len(done) == 2
    freezer.cancel()
    print(waited, swept, settled, again, len(grown) + len(filled) + len(doubled) > 0)

run_virtual(main)
"""


def test_a_heap_that_grew_is_swept_only_once_something_ended_or_it_doubled() -> None:
    assert _run(_SWEPT_WHEN_SOMETHING_ENDED).stdout.split() == ["True"] * 5


async def test_a_server_counts_the_connections_and_tables_that_ended(tmp_path: Path) -> None:
    async with running_server(tmp_path, tables=2) as (server, url):
        assert server.ended() == 0
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(url)
            await until(lambda: len(server.sessions) == 1)
            assert server.ended() == 0
            await ws.close()
        await until(lambda: server.ended() == 1)
        table = next(iter(server.tables.values()))
        close_table(server.tables, server.data_dir, table, "closed by the test")
        assert server.ended() == 2 and len(server.tables) == 1


# Counting the frozen objects walks their list: tens of milliseconds at a
# thousand tables, a third of a server's time a card when done at every
# freeze. The heap is measured only once a sweep may be due, and never by
# that walk.
_MEASURED_WHEN_A_SWEEP_MAY_BE_DUE = _NODES + """
import hearts.net.host.collector as collector

measured = []
def counted():
    measured.append(asyncio.get_running_loop().time())
    return 1000

def walked():
    raise AssertionError("the frozen objects were counted")

async def main():
    collector.heap_size = counted
    gc.get_freeze_count = walked
    freezer = asyncio.create_task(keep_frozen(every=0.25, ended=lambda: 0))
    await asyncio.sleep(SWEEP_SECONDS - 1.0)
    before = len(measured)
    await asyncio.sleep(2.0)
    freezer.cancel()
    print(before, len(measured) - before)

run_virtual(main)
"""


def test_the_heap_is_measured_cheaply_and_only_once_a_sweep_may_be_due() -> None:
    before, after = map(int, _run(_MEASURED_WHEN_A_SWEEP_MAY_BE_DUE).stdout.split())
    assert before == 1  # its size at the start, then nothing for ten minutes
    assert 3 <= after <= 5  # then at every freeze, four a second
