"""``hearts host --workers N``: N table servers behind HAProxy, kept running.

Each worker is a ``hearts host`` process of its own, with its own data folder
``DIR/wK`` (its lock, its tables, its ``host.json``), listening on this
machine's own address only; its tables' ids begin with its name (``w2-t1``),
so the proxy routes each table's connections to it by path
(:mod:`hearts.net.host.proxy`). Each worker gets the tables' options and
``--serve`` as given (with the limits on tables started from the front page,
counted in one file for all of them, ``DIR/starts.sqlite``), and believes the
client's address and scheme that the proxy forwards (``--trust-proxy
127.0.0.1``). This process writes ``DIR/haproxy.cfg`` (TLS with
``--certificate``, plain http sent on to https with ``--http-port``), checks
it with ``haproxy -c``, runs HAProxy (the distribution's ``haproxy``) on
``--host`` and ``--port``, prints each table's command through the proxy, and
starts again at once any worker that ends (killed with ``kill -9`` say): it
comes back on the same port with the same tables, and the people's clients
reconnect through the proxy by themselves. Ctrl+C stops the proxy and every
worker (each saves its tables).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time

from hearts.net.host.hostfile import HostLock
from hearts.net.host.proxy import Worker, haproxy_config, worker_name

__all__ = ["CONFIG_FILE", "STARTS_FILE", "run_workers"]

CONFIG_FILE = "haproxy.cfg"
"""The proxy's configuration, written in the data folder."""

_PASSED = ("--people", "--level", "--rules", "--tables", "--grace", "--turn-seconds",
           "--duplicate", "--starts-per-browser", "--starts-per-address",
           "--starts-per-network", "--starts-per-hour", "--held-tables", "--idle-hours")
"""The options every worker is started with, as given, with their values."""

_PASSED_FLAGS = ("--serve",)
"""The options without a value every worker is started with, as given."""

STARTS_FILE = "starts.sqlite"
"""The counts of tables started from the front page, in the data folder: every
worker takes from the same file, so the limits hold for the server as a whole."""

PROXY_ADDRESS = "127.0.0.1"
"""Where the workers listen, and where HAProxy reaches them from: the one address
whose forwarded headers they believe."""


def _passed_on(argv: list[str]) -> list[str]:
    """The options of ``argv`` that every worker takes as they are."""
    out: list[str] = []
    index = 0
    while index < len(argv):
        word = argv[index]
        name = word.split("=", 1)[0]
        if word in _PASSED_FLAGS:
            out.append(word)
        elif name in _PASSED:
            if "=" in word:
                out.append(word)
            elif index + 1 < len(argv):
                out += [word, argv[index + 1]]
                index += 1
        index += 1
    return out


class _Process:
    """A worker's process, and the lines it printed."""

    def __init__(self, command: list[str]) -> None:
        self.command = command
        self.lines: list[str] = []
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=None,
                                        stdin=subprocess.DEVNULL, text=True,
                                        start_new_session=True)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def started(self, seconds: float = 60.0) -> int:
        """The port it listens on, once it has said so and announced its tables."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            lines = list(self.lines)
            if any(line.startswith("Press Ctrl+C") for line in lines):
                for line in lines:
                    found = re.match(r"Hearts tables at \S+:(\d+)", line)
                    if found:
                        return int(found.group(1))
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"worker {' '.join(self.command)} did not start")

    def tables(self) -> list[tuple[str, str]]:
        """The tables it announced: (id, code)."""
        return [(m.group(1), m.group(2)) for line in self.lines
                if (m := re.match(r"\s+table (\S+): hearts join \S+ --code[ =](\S+)", line))]

    def pages(self) -> list[tuple[str, str, str]]:
        """The web pages it announced (with ``--serve``): (``table`` or ``watch``,
        the table's id, the page's path and query)."""
        return [(m.group(1), m.group(2), m.group(3)) for line in self.lines
                if (m := re.match(r"\s+(table|watch) (\S+): https?://[^/\s]+(/t/\S+)$",
                                  line))]

    def stop(self, sig: int = signal.SIGINT) -> None:
        """Stop it as Ctrl+C would (it saves its tables and stops its own computer
        players' processes: the signal goes to it alone, so none of those is cut off
        while it starts)."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, sig)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


def _refused(haproxy: str, path: os.PathLike[str]) -> str | None:
    """Why HAProxy refuses the configuration at ``path`` (its own words: a
    certificate it cannot read, say), or None."""
    checked = subprocess.run([haproxy, "-c", "-f", os.fspath(path)], capture_output=True,
                             text=True, stdin=subprocess.DEVNULL, timeout=60)
    if checked.returncode == 0:
        return None
    said = [re.sub(r"^\[ALERT\]\s*\(\d+\) : (config : )?", "", line.strip())
            for line in (checked.stdout + checked.stderr).splitlines() if "[ALERT]" in line]
    return "; ".join(said) or f"haproxy -c ended with {checked.returncode}"


def run_workers(args: argparse.Namespace, argv: list[str], lock: HostLock) -> int:
    """Run ``args.workers`` workers and the proxy until Ctrl+C, in the data folder
    whose ``lock`` the caller holds (released at the end); the exit status."""
    data_dir = lock.data_dir
    haproxy = shutil.which("haproxy") or ("/usr/sbin/haproxy"
                                          if os.path.exists("/usr/sbin/haproxy") else None)
    last = lock.last
    port = args.port if args.port is not None else (last.port if last and last.port else 0)
    if port == 0:
        import socket

        with socket.socket() as probe:
            probe.bind((args.host, 0))
            port = int(probe.getsockname()[1])
    common = _passed_on(argv)
    workers: list[_Process] = []
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda *_: stop.set())

    def command(number: int) -> list[str]:
        """The command line of worker ``number``."""
        name = worker_name(number)
        return [sys.executable, "-m", "hearts", "host", *common, "--host", PROXY_ADDRESS,
                "--trust-proxy", PROXY_ADDRESS, "--data-dir", str(data_dir / name),
                "--table-prefix", f"{name}-", "--starts-file", str(data_dir / STARTS_FILE)]
    proxy: subprocess.Popen[bytes] | None = None
    proxy_again = 0.0
    try:
        for number in range(1, args.workers + 1):
            workers.append(_Process(command(number)))
        ports = [worker.started() for worker in workers]
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        files = hard if hard != resource.RLIM_INFINITY else 1 << 20
        certificate = str(args.certificate.resolve()) if args.certificate else None
        config = haproxy_config([Worker(worker_name(n + 1), PROXY_ADDRESS, p)
                                 for n, p in enumerate(ports)], args.host, port,
                                certificate=certificate, http_port=args.http_port,
                                maxconn=max(100, min(100_000, files // 2 - 100)))
        path = data_dir / CONFIG_FILE
        path.write_text(config)
        refusal = None if haproxy is None else _refused(haproxy, path)
        if refusal is not None:
            print(f"hearts host: HAProxy refuses its configuration ({path}): {refusal}",
                  file=sys.stderr, flush=True)
            return 1
        lock.listening(args.host, port)
        shown = f"[{args.host}]" if ":" in args.host else args.host
        print(f"Hearts tables at {shown}:{port} (HAProxy, {args.workers} workers; "
              f"configuration in {path})", flush=True)
        scheme = "https" if certificate else "http"
        joined = f"https://{shown}:{port}" if certificate else f"{shown}:{port}"
        for worker in workers:
            for table, code in worker.tables():
                print(f"  table {table}: hearts join {joined}/t/{table} --code={code}",
                      flush=True)
        if args.serve:
            print("The web table, for friends with a phone, a tablet or only a browser:",
                  flush=True)
            for worker in workers:
                for kind, table, page in worker.pages():
                    print(f"  {kind} {table}: {scheme}://{shown}:{port}{page}", flush=True)
        if haproxy is None:
            print("HAProxy is not installed (Debian: apt-get install haproxy): start it "
                  f"yourself with haproxy -f {path}", flush=True)
        else:
            proxy = subprocess.Popen([haproxy, "-f", str(path), "-db"],
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        print("Press Ctrl+C to stop (every table is saved).", flush=True)
        while not stop.wait(0.5):
            for index, worker in enumerate(workers):
                if worker.process.poll() is not None:  # ended: start it again at once
                    print(f"worker {worker_name(index + 1)} ended "
                          f"({worker.process.returncode}): starting it again", flush=True)
                    workers[index] = _Process(worker.command)
            if proxy is not None and proxy.poll() is not None \
                    and time.monotonic() > proxy_again:
                print(f"HAProxy ended ({proxy.returncode}): starting it again", flush=True)
                proxy_again = time.monotonic() + 5.0  # not in a loop if it cannot start
                proxy = subprocess.Popen([haproxy or "haproxy", "-f", str(path), "-db"],
                                         stdin=subprocess.DEVNULL, start_new_session=True)
    finally:
        if proxy is not None and proxy.poll() is None:
            proxy.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proxy.wait(10)
        for worker in workers:
            worker.stop()
        lock.release()
        print("Stopped; every table is saved", flush=True)
    return 0

