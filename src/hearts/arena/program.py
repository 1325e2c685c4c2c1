"""A player program, started once and spoken to over the bot protocol.

The program's stdin and stdout carry the protocol's JSON lines; its stderr is
appended to a log file. Every answer must come within the move time; silence,
a crash or a malformed line raises :class:`ProgramFault`, and the program is
stopped (the next hand starts it afresh).
"""

from __future__ import annotations

import contextlib
import os
import select
import shlex
import subprocess
import time
from pathlib import Path

from hearts.cards import Card
from hearts.protocol import (
    Kind,
    ProtocolError,
    encode,
    hello_message,
    read_answer,
    read_ready,
    request_message,
)
from hearts.rules import Rules
from hearts.view import PlayerView

__all__ = ["GREETING_TIME", "Program", "ProgramFault"]

GREETING_TIME = 30.0
"""Seconds a program has to start and answer the greeting (or its move time, if longer)."""


class ProgramFault(RuntimeError):
    """The program did not answer as the protocol asks.

    ``request`` is the line sent (or None for the start), ``answer`` what came
    back (None if nothing did), ``reason`` what was wrong.
    """

    def __init__(self, reason: str, request: str | None = None,
                 answer: str | None = None) -> None:
        super().__init__(reason, request, answer)
        self.reason = reason
        """What went wrong."""
        self.request = request
        """The line the program was answering, if any."""
        self.answer = answer
        """What it sent back, if anything."""

    def __str__(self) -> str:
        return self.reason


class Program:
    """A running player program; :meth:`ask` sends one request and reads its answer."""

    def __init__(self, command: str, rules: Rules, move_time: float, log: Path) -> None:
        self.command = command
        """The command line that started it."""
        self.move_time = move_time
        """Seconds allowed for each answer (and for the greeting)."""
        self.requests = 0
        """Requests sent so far."""
        self.last_request: str | None = None
        """The last request line sent."""
        log.parent.mkdir(parents=True, exist_ok=True)
        try:
            with log.open("ab") as stderr:
                self._process = subprocess.Popen(
                    shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=stderr, bufsize=0)
        except OSError as error:
            raise ProgramFault(f"cannot start {command!r}: {error}") from None
        self._buffer = b""
        hello = encode(hello_message(rules))
        line = self._exchange(hello, max(move_time, GREETING_TIME))
        try:
            self.name, self.version = read_ready(line)
        except ProtocolError as error:
            self.close()
            raise ProgramFault(f"bad greeting: {error}", hello, line) from None

    def ask(self, kind: Kind, seed: int | None, view: PlayerView) -> list[Card]:
        """The program's cards for one decision (the form checked, not the legality)."""
        self.requests += 1
        request = encode(request_message(kind, self.requests, seed, view))
        self.last_request = request
        line = self._exchange(request)
        try:
            return read_answer(kind, self.requests, line)
        except ProtocolError as error:
            raise ProgramFault(str(error), request, line) from None

    def _exchange(self, line: str, seconds: float | None = None) -> str:
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(line.encode())
            stdin.flush()
        except (BrokenPipeError, OSError):
            self.close()
            raise ProgramFault(f"the program has exited ({self._status()})", line) from None
        seconds = self.move_time if seconds is None else seconds
        answer = self._read_line(time.monotonic() + seconds)
        if answer is None:
            status = self._status()
            self.close()
            if status == "still running":
                raise ProgramFault(f"no answer within {seconds:g} s (if it is slow rather "
                                   "than stuck, give it longer with --move-time)", line)
            raise ProgramFault(f"the program has exited ({status}) without answering", line)
        return answer

    def _read_line(self, deadline: float) -> str | None:
        stdout = self._process.stdout
        assert stdout is not None
        descriptor = stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([descriptor], [], [], left)[0]:
                return None
            chunk = os.read(descriptor, 65536)
            if not chunk:
                return None
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace")

    def _status(self) -> str:
        code = self._process.poll()
        if code is None:
            try:
                code = self._process.wait(0.2)
            except subprocess.TimeoutExpired:
                return "still running"
        return f"exit status {code}"

    @property
    def running(self) -> bool:
        """True while the program has not exited."""
        return self._process.poll() is None

    def close(self) -> None:
        """Close its stdin (the protocol's goodbye); stop it if it does not exit."""
        process = self._process
        if process.stdin and not process.stdin.closed:
            with contextlib.suppress(OSError):
                process.stdin.close()
        try:
            process.wait(2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout:
            process.stdout.close()
