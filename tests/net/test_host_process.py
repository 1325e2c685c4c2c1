"""``hearts host`` as a process, as a host runs it: one host a data folder, the
same ports when started again, a seat's link typed at its terminal, and no
traceback flood when the process runs out of open files."""

from __future__ import annotations

import asyncio
import json
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import aiohttp
import pytest

from hearts.cards import Seat
from hearts.net.host.hostfile import STATE_FILE
from hearts.table import Stage
from hearts.table import events as ev
from tests.net.helpers import Scripted, until

pytestmark = pytest.mark.slow


class Host:
    """A ``hearts host`` process; what it prints is collected as it comes."""

    def __init__(self, args: list[str], limit_files: int | None = None) -> None:
        def limit() -> None:  # in the child, before it runs
            if limit_files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (limit_files, limit_files))

        self.process = subprocess.Popen(
            [sys.executable, "-m", "hearts", "host", "--people", "2", "--level", "beginner",
             *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, start_new_session=True, preexec_fn=limit)
        self.out: list[str] = []
        self.err: list[str] = []
        for stream, lines in ((self.process.stdout, self.out), (self.process.stderr, self.err)):
            threading.Thread(target=self._read, args=(stream, lines), daemon=True).start()

    @staticmethod
    def _read(stream: object, lines: list[str]) -> None:
        for line in stream:  # type: ignore[attr-defined]
            lines.append(line.rstrip("\n"))

    async def line(self, pattern: str, seconds: float = 30.0) -> re.Match[str]:
        """The first line of its output that matches ``pattern``, waiting for it."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in list(self.out):
                if found := re.search(pattern, line):
                    return found
            if self.process.poll() is not None:
                break
            await asyncio.sleep(0.05)
        raise AssertionError(f"no line {pattern!r}; it said:\n" + "\n".join(self.out + self.err))

    async def started(self) -> tuple[int, str]:
        """The tables' port and the first table's code, once it listens."""
        port = int((await self.line(r"Hearts tables at 127\.0\.0\.1:(\d+)")).group(1))
        code = (await self.line(r"--code (\S+)")).group(1)
        return port, code

    def type(self, line: str) -> None:
        """Type a command at its terminal."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def stop(self, sig: int = signal.SIGINT) -> int:
        """Ctrl+C (or another signal) to its process group; its exit status."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, sig)
        return self.process.wait(30)



async def test_a_second_host_on_the_same_folder_exits_at_once_naming_the_first(
        tmp_path: Path) -> None:
    first = Host(["--data-dir", str(tmp_path)])
    try:
        port, _code = await first.started()
        start = time.monotonic()
        second = subprocess.run([sys.executable, "-m", "hearts", "host", "--data-dir",
                                 str(tmp_path)], capture_output=True, text=True, timeout=60)
        assert time.monotonic() - start < 15 and second.returncode == 1
        assert f"process {first.process.pid}" in second.stderr
        assert f"tables at 127.0.0.1:{port}" in second.stderr
        assert "another hearts host serves the tables in" in second.stderr
        assert first.process.poll() is None  # the first one goes on
    finally:
        assert first.stop() == 0


async def test_started_again_the_host_listens_where_it_was(tmp_path: Path) -> None:
    command = ["--data-dir", str(tmp_path), "--serve"]  # no --port, as the README gives it
    host = Host(command)
    ann: Scripted | None = None
    try:
        port, code = await host.started()
        page = (await host.line(r"table t1: (http://127\.0\.0\.1:\d+/t/t1/\?code=\S+)")).group(1)
        assert page.startswith(f"http://127.0.0.1:{port}/")  # the tables' own port
        ann = Scripted(f"ws://127.0.0.1:{port}/ws", code, "Ann")
        ann.start()
        await until(lambda: bool(ann and ann.states))
        host.stop(signal.SIGKILL)
        kept = json.loads((tmp_path / STATE_FILE).read_text())
        assert kept["port"] == port

        host = Host(command)
        assert await host.started() == (port, code)
        assert (await host.line(r"table t1: (http://\S+)")).group(1) == page
        # Ann's client comes back by itself, and the page answers again
        await until(lambda: ann is not None and ann.connection.reconnects >= 1
                     and ann.connection.connected.is_set())
        async with aiohttp.ClientSession() as session, \
                session.get(page) as response:
            assert response.status == 200 and "/main.js" in await response.text()
        await ann.stop()
        assert host.stop() == 0

        # Another program has the port now: the host says so, and what to do.
        with socket.socket() as other:
            other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            other.bind(("127.0.0.1", port))
            other.listen()
            taken = subprocess.run([sys.executable, "-m", "hearts", "host", *command],
                                   capture_output=True, text=True, timeout=60)
        assert taken.returncode == 1
        assert f"port {port}, where the tables were last time" in taken.stderr
        assert "Address already in use" in taken.stderr and "--port 0" in taken.stderr
        assert json.loads((tmp_path / STATE_FILE).read_text())["port"] == port  # kept
    finally:
        if ann is not None:
            await ann.stop()
        host.stop(signal.SIGKILL)


async def test_the_host_types_link_and_gets_a_seat_for_a_new_device(tmp_path: Path) -> None:
    host = Host(["--data-dir", str(tmp_path), "--port", "0"])
    try:
        port, code = await host.started()
        ann = Scripted(f"ws://127.0.0.1:{port}/ws", code, "Ann")
        ann.start()
        await host.line(r"t1: Ann \(south\) sat down")
        host.type("link t1 south")
        found = await host.line(r"hearts join 127\.0\.0\.1:\d+ --code \S+ --token (\S+)")
        assert found.group(0).endswith(f"--code {code} --token {found.group(1)}")
        assert found.group(1) != ann.connection.token  # a new token, for the new device
        phone = Scripted(f"ws://127.0.0.1:{port}/ws", code, "Ann", token=found.group(1))
        phone.start()
        assert ann.task is not None
        await asyncio.wait_for(ann.task, 20)  # the old device is told, and stops
        await until(lambda: bool(phone.states) and phone.state.seat.name == "SOUTH")
        await phone.stop()
        await host.line(r"t1: Ann \(south\) dropped")
    finally:
        assert host.stop() == 0
    assert not [line for line in host.err if "Traceback" in line]


async def test_out_of_open_files_the_host_warns_once_in_a_while_and_goes_on(
        tmp_path: Path) -> None:
    host = Host(["--data-dir", str(tmp_path), "--port", "0"], limit_files=64)
    flood: list[socket.socket] = []
    start = time.monotonic()
    try:
        port, code = await host.started()
        url = f"ws://127.0.0.1:{port}/ws"
        ann = Scripted(url, code, "Ann")
        ann.playing = False
        ann.start()
        await until(lambda: bool(ann.states))
        for _ in range(100):  # connections that never send a thing
            sock = socket.create_connection(("127.0.0.1", port))
            flood.append(sock)
        await until(lambda: any("Too many open files" in line for line in host.err), 20)
        await asyncio.sleep(3)  # asyncio tries to accept again every second
        await ann.connection.send(ev.Deal(Seat.SOUTH))
        await until(lambda: ann.state.stage is Stage.PASSING, 20)  # the table goes on
        for sock in flood:
            sock.close()
        bob = Scripted(url, code, "Bob")
        bob.start()
        await until(lambda: bob.connection.connected.is_set(), 30)  # room again
        await bob.stop()
        await ann.stop()
    finally:
        for sock in flood:
            sock.close()
        host.stop()
    warnings = [line for line in host.err if "warning: Too many open files" in line]
    # one line every five seconds at most, however often accept() fails
    assert 1 <= len(warnings) <= 1 + (time.monotonic() - start) / 5, host.err
    assert "more like it not shown" in warnings[-1]
    assert not [line for line in host.err if "Traceback" in line], "\n".join(host.err)
