"""`hearts host` killed with kill -9 and started again with the same command
carries the table on: the people reconnect by themselves to the same hand."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from hearts.cards import Seat
from hearts.view import PlayerView
from tests.net.helpers import Scripted


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def _start(command: list[str]) -> tuple[subprocess.Popen[str], str]:
    # A session of its own: Ctrl+C reaches the server's whole process group, as
    # a terminal sends it.
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    assert process.stdout is not None
    code = ""
    loop = asyncio.get_running_loop()
    while not code:
        line = await asyncio.wait_for(loop.run_in_executor(None, process.stdout.readline), 30)
        assert line, "the server ended before printing a code"
        if "--code" in line:
            code = line.split("--code")[1].split()[0]
    return process, code


async def _until(condition, seconds: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.05)
    await asyncio.wait_for(wait(), seconds)


def _workers_of(pid: int) -> set[int]:
    """The worker processes (spawned by multiprocessing) whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            line = (entry / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if parent == pid and b"spawn_main" in line:
            found.add(int(entry.name))
    return found


def _alive(pids: set[int]) -> set[int]:
    return {pid for pid in pids if Path(f"/proc/{pid}").exists()
            and "Z" not in (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:1])}


def _view(person: Scripted) -> PlayerView:
    view = person.state.view
    assert view is not None
    return view


async def test_killed_and_started_again_the_server_resumes_the_same_hand(tmp_path: Path) -> None:
    port = _free_port()
    command = [sys.executable, "-m", "hearts", "host", "--port", str(port), "--people", "2",
               "--level", "beginner", "--data-dir", str(tmp_path / "server")]
    env_port = f"ws://127.0.0.1:{port}/ws"
    process, code = await _start(command)
    ann = Scripted(env_port, code, "Ann", deals=True)
    bob = Scripted(env_port, code, "Bob")
    try:
        ann.start()
        bob.start()
        await _until(lambda: ann.states and ann.state.view is not None
                     and len(_view(ann).played) >= 6)
        ann.playing = bob.playing = False
        workers = _workers_of(process.pid)
        assert workers  # the computer players think in processes of their own
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        before = _view(ann)
        number = ann.state.hand_number
        token = ann.connection.token
        seen = len(ann.states)
        process, again = await _start(command)
        assert again == code  # the same table, the same code
        await _until(lambda: ann.connection.reconnects >= 1 and len(ann.states) > seen
                     and ann.connection.connected.is_set())
        after = _view(ann)
        assert ann.connection.token == token and ann.state.seat is Seat.SOUTH
        assert ann.state.hand_number == number
        assert after.tricks[:len(before.tricks)] == before.tricks
        assert set(after.hand) <= set(before.hand)
        assert set(before.played) <= set(after.played)
        ann.wake()
        bob.wake()
        await _until(lambda: len(_view(ann).played) > len(after.played) + 4)
        assert _workers_of(process.pid)  # the new server's workers are thinking too
        os.killpg(process.pid, signal.SIGINT)  # Ctrl+C at its terminal: a clean stop
        assert process.wait(20) == 0
        assert process.stderr is not None
        assert "Traceback" not in process.stderr.read()  # nor from its workers
        # the killed server's computer players' processes saw it go, and ended
        await _until(lambda: not _alive(workers), 10)
    finally:
        await ann.stop()
        await bob.stop()
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(10)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
