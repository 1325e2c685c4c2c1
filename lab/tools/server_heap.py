"""Where a table server's memory goes while its tables play, measured in the
benchmark's own server process.

Runs :func:`hearts.net.bench.run` with its server process recorded: at the
measurement's start (when the benchmark first asks the server for its redraw
time), a few seconds before its end (while the people still play) and
``--steps`` times between, the server writes down:

- the process's resident memory, the C allocator's arenas and what is free in
  them (glibc's ``malloc_info``), Python's small-object arenas and what is free
  in them, SQLite's own allocations (``sqlite3_memory_used``), the hands the
  tables' matches hold;
- at the start and the end, a census of the collector's objects by type (the
  frozen heap too), taken in a child process forked for it so that the
  server's heap is left as it was.

Between the two it traces Python's allocations (:mod:`tracemalloc`, started at
the start: what it holds at the end was allocated since and is still alive,
which is the growth and what is on its way). It prints the growth, a table and
a hand a table: by kind of memory, by the line that allocated what is still
alive (``--group lineno``) or its whole traceback (``--group traceback``), and
by type of object. Tracing costs the server about ten times its CPU: keep the
cards a second well under a hundred, or take ``--frames 0`` for the figures
and the census alone (the resident memory then as the benchmark sees it).

    nice -n 19 .venv/bin/python lab/tools/server_heap.py [--tables 200]
        [--seconds 120] [--frames 8] [--top 25] [--group lineno]
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import ctypes.util
import gc
import json
import math
import os
import re
import signal
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from hearts.net import bench

_FOLDER_ENV = "SERVER_HEAP_FOLDER"
_FRAMES_ENV = "SERVER_HEAP_FRAMES"
_SECONDS_ENV = "SERVER_HEAP_SECONDS"
_STEPS_ENV = "SERVER_HEAP_STEPS"


def _malloc_kib(keep: Path | None = None) -> dict[str, float]:
    """The C heap (glibc's ``malloc_info``), KiB: what its main arena and the
    threads' arenas hold from the system and what of it is free, and what is
    mapped apart (the largest blocks)."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.fopen.restype = ctypes.c_void_p
    libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    with tempfile.NamedTemporaryFile(suffix=".xml") as file:
        stream = libc.fopen(file.name.encode(), b"w")
        libc.malloc_info(0, stream)
        libc.fclose(stream)
        root = ElementTree.parse(file.name).getroot()
        if keep is not None:
            keep.write_bytes(Path(file.name).read_bytes())
    figures = dict.fromkeys(("main_kib", "main_free_kib", "threads_kib", "threads_free_kib"),
                            0.0)
    for heap in root.iter("heap"):
        where = "main" if heap.get("nr") == "0" else "threads"
        for total in heap.iter("total"):
            if total.get("type") in ("fast", "rest"):
                figures[f"{where}_free_kib"] += int(total.get("size", 0)) / 1024
        for system in heap.iter("system"):
            if system.get("type") == "current":
                figures[f"{where}_kib"] += int(system.get("size", 0)) / 1024
    for total in root.findall("total"):
        if total.get("type") == "mmap":
            figures["mapped_kib"] = int(total.get("size", 0)) / 1024
    return {f"malloc_{key}": value for key, value in figures.items()}


def _pymalloc_kib() -> dict[str, float]:
    """Python's small-object allocator (``sys._debugmallocstats``), KiB: its
    arenas, the blocks in use, and what is free in them (blocks and pools)."""
    saved = os.dup(2)
    with tempfile.TemporaryFile() as file:
        sys.stderr.flush()
        os.dup2(file.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        file.seek(0)
        text = file.read().decode()

    def number(pattern: str) -> float:
        found = re.search(pattern + r"\s*=\s*([\d,]+)", text)
        return int(found.group(1).replace(",", "")) / 1024 if found else float("nan")
    free = number(r"# bytes in available blocks") + number(r"unused pools \* \d+ bytes")
    return {"pymalloc_arenas_kib": number(r"arenas \* \d+ bytes/arena"),
            "pymalloc_used_kib": number(r"# bytes in allocated blocks"),
            "pymalloc_free_kib": free}


def _sqlite_kib() -> float:
    """What SQLite's own allocator holds (KiB), from the library Python loaded."""
    import sqlite3  # noqa: F401  (loads the library)
    for line in Path("/proc/self/maps").read_text().splitlines():
        if "libsqlite3" in line:
            lib = ctypes.CDLL(line.split()[-1])
            lib.sqlite3_memory_used.restype = ctypes.c_int64
            return float(lib.sqlite3_memory_used()) / 1024
    return float("nan")


def _rss_kib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return float(line.split()[1])
    return float("nan")


_servers: list[Any] = []
"""The benchmark's table server in this process (kept when it is made)."""


def _hands() -> tuple[int, int]:
    """The tables of this process's server, and the hands their matches hold."""
    tables = [net.table for server in _servers for net in server.tables.values()]
    return len(tables), sum(len(table.match.hands) for table in tables)


def _record(folder: Path, name: str, census: bool, snapshot: bool) -> None:
    """This process's memory now, written to ``folder`` under ``name``. The
    figures are read here (cheap); the census and the snapshot are taken in a
    child forked for them, which has a copy of the heap and leaves this one as
    it was (a census's list of every object, made here, would stay in the C
    heap as a hole the size of the list)."""
    figures = {"rss_kib": _rss_kib(), **_malloc_kib(folder / f"{name}.malloc.xml"),
               **_pymalloc_kib(), "sqlite_kib": _sqlite_kib(),
               "traced_kib": tracemalloc.get_traced_memory()[0] / 1024,
               "tracing_kib": tracemalloc.get_tracemalloc_memory() / 1024}
    figures["tables"], figures["hands"] = _hands()
    (folder / f"{name}.json").write_text(json.dumps({"figures": figures}))
    if not (census or snapshot):
        return
    child = os.fork()
    if child:
        deadline = time.monotonic() + 300
        while os.waitpid(child, os.WNOHANG) == (0, 0):
            if time.monotonic() > deadline:  # (a lock held at the fork: given up)
                os.kill(child, signal.SIGKILL)
            time.sleep(0.05)
        return
    try:  # the child: this thread alone, the heap as it was at the fork
        if census:
            gc.unfreeze()
            counts = collections.Counter(
                f"{type(thing).__module__}.{type(thing).__qualname__}"
                for thing in gc.get_objects())
            figures["tracked"] = sum(counts.values())
            (folder / f"{name}.json").write_text(json.dumps({"figures": figures,
                                                             "census": counts}))
        if snapshot:
            tracemalloc.take_snapshot().dump(str(folder / f"{name}.snapshot"))
    finally:
        os._exit(0)


class _Recording:
    """The server's end of its pipe to the benchmark: at the measurement's
    start (the first time it is asked for its redraw time) it records the
    memory and starts tracing; ``SERVER_HEAP_SECONDS`` later (a little before
    the people stop) it records again, with a snapshot of what was allocated
    since the start and is still alive, and the figures alone on the way."""

    def __init__(self, pipe: Any, folder: Path, frames: int, seconds: float,
                 steps: int) -> None:
        self._pipe = pipe
        self._folder = folder
        self._frames = frames
        self._seconds = seconds
        self._steps = steps
        self._asked = 0

    def send(self, thing: Any) -> None:
        self._pipe.send(thing)

    def recv(self) -> Any:
        thing = self._pipe.recv()
        if thing == "redraw":
            self._asked += 1
            if self._asked == 1:
                threading.Thread(target=self._records, daemon=True).start()
        return thing

    def _records(self) -> None:
        """On a thread of its own: every record, at its time."""
        began = time.monotonic()
        _record(self._folder, "start", census=True, snapshot=False)
        if self._frames:
            tracemalloc.start(self._frames)
        for step in range(1, self._steps + 1):  # the growth's course on the way
            time.sleep(max(0.0, began + self._seconds * step / self._steps - time.monotonic()))
            last = step == self._steps
            _record(self._folder, "end" if last else f"step{step}", census=last,
                    snapshot=last and bool(self._frames))

    def poll(self, *args: Any) -> bool:
        return bool(self._pipe.poll(*args))


_serve = bench._serve


def traced_serve(data_dir: str, tables: int, codes: list[str], parent: Any,
                 *rest: Any) -> None:
    """The benchmark's server process, recorded (see the module's words)."""
    cpu, source, *others = rest
    if source is not None:  # another copy of the source (as bench._serve does it)
        sys.path.insert(0, source)
        for name in [n for n in sys.modules if n == "hearts" or n.startswith("hearts.")]:
            del sys.modules[name]
    from hearts.net import server

    made = server.TableServer.__init__

    def kept(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        _servers.append(self)
    server.TableServer.__init__ = kept  # type: ignore[method-assign]
    recording = _Recording(parent, Path(os.environ[_FOLDER_ENV]),
                           int(os.environ[_FRAMES_ENV]), float(os.environ[_SECONDS_ENV]),
                           int(os.environ[_STEPS_ENV]))
    _serve(data_dir, tables, codes, recording, cpu, None, *others)


def _report(folder: Path, tables: int, group: str, top: int) -> None:
    start = json.loads((folder / "start.json").read_text())
    end = json.loads((folder / "end.json").read_text())
    hands = (end["figures"]["hands"] - start["figures"]["hands"]) / tables

    def both(kib: float) -> str:
        a_table = kib / tables
        a_hand = a_table / hands if hands else float("nan")
        return f"{a_table:9.1f} a table {a_hand:8.2f} a hand a table"

    print(f"{tables} tables, {start['figures']['hands'] / tables:.2f} to "
          f"{end['figures']['hands'] / tables:.2f} hands a table "
          f"({hands:.2f} in the measurement)")
    print("\nstart -> end, growth (KiB, or objects):")
    for key, before in start["figures"].items():
        after = end["figures"][key]
        print(f"  {key:18} {before:12.0f} -> {after:12.0f}  {both(after - before)}")
    print("\nthe course (KiB a table, tracked objects a table, from the start):")
    for step in [*sorted(folder.glob("step*.json")), folder / "end.json"]:
        now = json.loads(step.read_text())["figures"]
        print(f"  {step.stem:6} hands {now['hands'] / tables:5.2f}  " + "  ".join(
            f"{key.removesuffix('_kib')} "
            f"{(now.get(key, math.nan) - start['figures'][key]) / tables:+7.1f}"
            for key in ("rss_kib", "malloc_main_kib", "malloc_threads_kib",
                        "pymalloc_arenas_kib", "sqlite_kib", "tracked")))
    print("  (tracing: Python's traced memory and tracemalloc's own are in the resident size)")
    if (folder / "end.snapshot").exists():
        new = tracemalloc.Snapshot.load(str(folder / "end.snapshot")).filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__),
             tracemalloc.Filter(False, "<frozen importlib._bootstrap*>")])
        print(f"\nAllocated since the start and alive at the end, by {group} (KiB):")
        for stat in new.statistics(group)[:top]:
            print(f"  {both(stat.size / 1024)}  {stat.count:8d} blocks")
            lines = stat.traceback.format(most_recent_first=True)
            for line in (lines[:1] if group == "lineno" else lines):
                print(f"      {line.strip()}")
    if "census" not in end:
        return
    print("\nTracked objects by type, growth:")
    grown = collections.Counter(end["census"])
    grown.subtract(start["census"])
    for name, count in grown.most_common(top):
        a_hand = count / tables / hands if hands else math.nan
        print(f"  {count / tables:9.2f} a table {a_hand:7.2f} a hand a table  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--pace", type=float, default=2.0)
    parser.add_argument("--frames", type=int, default=8,
                        help="frames of each allocation's traceback kept (default 8; "
                        "0: no tracing, the figures and the census alone)")
    parser.add_argument("--group", choices=("lineno", "traceback", "filename"),
                        default="lineno")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--steps", type=int, default=4,
                        help="records of the figures along the way (default 4)")
    parser.add_argument("--server-cpu", type=int, default=1,
                        help="the processor the server is pinned to (default 1; -1: none)")
    parser.add_argument("--server-src", metavar="DIR",
                        help="run the server from this copy of the source (a folder "
                        "holding the package 'hearts'), to compare two versions")
    parser.add_argument("--keep", type=Path, help="keep the records in this folder")
    args = parser.parse_args()
    if (args.tables > 200 or args.seconds > 120) and os.getloadavg()[0] > 1.5:
        print("server_heap: the machine is busy (load average "
              f"{os.getloadavg()[0]:.1f}); a long or large run measures it as much as "
              "the server", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="server-heap-") as temporary:
        folder = args.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        os.environ[_FOLDER_ENV] = str(folder)
        os.environ[_FRAMES_ENV] = str(args.frames)
        os.environ[_SECONDS_ENV] = str(max(1.0, args.seconds - 3.0))
        os.environ[_STEPS_ENV] = str(args.steps)
        bench._serve = traced_serve  # the spawned server finds it here, in __main__
        figures = bench.run(args.tables, pace=args.pace, seconds=args.seconds,
                            server_cpu=None if args.server_cpu < 0 else args.server_cpu,
                            server_src=args.server_src)
        print("\n".join(figures.lines()))
        _report(folder, args.tables, args.group, args.top)


if __name__ == "__main__":
    main()
