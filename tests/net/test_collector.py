"""The server's collector: what is alive once the tables are open is frozen out of
later collections, and the young generation is collected far less often (in a
process of its own: the test process keeps its own collector)."""

from __future__ import annotations

import subprocess
import sys

from hearts.net.collector import MIDDLE, OLDEST, YOUNG


def test_a_server_process_freezes_its_tables_and_collects_less_often() -> None:
    script = ("import gc\n"
              "from hearts.net.collector import tune_for_server\n"
              "kept = [{'table': n} for n in range(1000)]\n"
              "assert gc.get_freeze_count() == 0\n"
              "tune_for_server()\n"
              "print(gc.get_freeze_count(), *gc.get_threshold())\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, timeout=60).stdout.split()
    frozen, *thresholds = map(int, out)
    assert frozen >= 1000  # the tables' objects among them
    assert thresholds == [YOUNG, MIDDLE, OLDEST] and YOUNG > 700
