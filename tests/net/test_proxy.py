"""Tables spread over two ``hearts host`` workers behind a real HAProxy (the
distribution's, as .ci/run installs it): each table's people reach its owner,
a worker killed with kill -9 comes back with its tables behind the proxy, and
the proxy holds no secret."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from hearts.net.host.proxy import ClientLimits, Worker, haproxy_config
from hearts.net.host.workers import _passed_on
from hearts.net.wire.client import table_url
from hearts.net.wire.errors import ErrorCode
from tests.net.helpers import Scripted, until
from tests.net.proxied import self_signed

_HAPROXY = shutil.which("haproxy") or ("/usr/sbin/haproxy"
                                       if os.path.exists("/usr/sbin/haproxy") else None)


def test_the_configuration_routes_each_tables_path_to_its_owner() -> None:
    config = haproxy_config([Worker("w1", "127.0.0.1", 4001), Worker("w2", "::1", 4002)],
                            "0.0.0.0", 443, certificate="/etc/hearts/site.pem")
    assert "bind 0.0.0.0:443 ssl crt /etc/hearts/site.pem" in config
    assert "http-request set-var(txn.owner) path,field(3,/),field(1,-) " \
           "if { path_beg /t/ }" in config
    assert "use_backend w2 if { var(txn.owner) -m str w2 }" in config
    assert "server w1 127.0.0.1:4001" in config and "server w2 [::1]:4002" in config
    # what names no table (the front page, a new table) goes to any worker that is up
    assert "default_backend any\nbackend any\n    balance roundrobin\n" \
           "    server w1 127.0.0.1:4001 check inter 2s\n" in config
    assert table_url("127.0.0.1:8000/t/w2-t1") == "ws://127.0.0.1:8000/t/w2-t1/ws"


def test_the_configuration_tells_the_worker_who_the_client_is_and_limits_each() -> None:
    config = haproxy_config([Worker("w1", "127.0.0.1", 4001)], "0.0.0.0", 443,
                            certificate="/etc/hearts/site.pem", http_port=80,
                            limits=ClientLimits(connections=7, new_per_second=3,
                                                requests_per_10s=99))
    lines = config.splitlines()
    # the client's own word on either header is dropped before the proxy's is added
    assert lines.index("    http-request del-header X-Forwarded-For") < \
        lines.index("    option forwardfor")
    assert "    http-request set-header X-Forwarded-Proto https if { ssl_fc }" in lines
    assert "    bind 0.0.0.0:80" in lines
    assert "    http-request redirect location https://%[req.hdr(host),regsub(:[0-9]+$,)]" \
           "%[url] code 301 unless { ssl_fc }" in lines
    assert "    tcp-request connection reject if { sc0_conn_cur gt 7 }" in lines
    assert "    tcp-request connection reject if { sc0_conn_rate gt 3 }" in lines
    assert "    http-request deny deny_status 429 if { sc0_http_req_rate gt 99 }" in lines
    plain = haproxy_config([Worker("w1", "127.0.0.1", 4001)], "127.0.0.1", 8000)
    assert "    http-request set-header X-Forwarded-Proto http" in plain.splitlines()
    assert " ssl " not in plain and "redirect" not in plain and "Strict-Transport" not in plain
    with pytest.raises(ValueError, match="certificate"):
        haproxy_config([Worker("w1", "127.0.0.1", 4001)], "0.0.0.0", 443, http_port=80)


@pytest.mark.skipif(_HAPROXY is None, reason="needs HAProxy (Debian: apt-get install haproxy)")
def test_haproxy_takes_the_configuration_without_a_warning(tmp_path: Path) -> None:
    pem = self_signed(tmp_path)
    workers = [Worker("w1", "127.0.0.1", 4001), Worker("w2", "::1", 4002)]
    for config in (haproxy_config(workers, "127.0.0.1", 8443, certificate=str(pem),
                                  http_port=8080),
                   haproxy_config(workers, "::", 8000)):
        path = tmp_path / "haproxy.cfg"
        path.write_text(config)
        checked = subprocess.run([str(_HAPROXY), "-c", "-f", str(path)],
                                 capture_output=True, text=True, timeout=60)
        said = checked.stdout + checked.stderr
        assert checked.returncode == 0 and "Configuration file is valid" in said, said
        assert "WARNING" not in said and "ALERT" not in said, said


def test_every_worker_gets_the_tables_options_and_the_web_table() -> None:
    argv = ["--workers", "2", "--serve", "--people=3", "--level", "expert", "--port", "443",
            "--certificate", "/etc/site.pem", "--tables", "5", "--data-dir", "/srv/h"]
    assert _passed_on(argv) == ["--serve", "--people=3", "--level", "expert", "--tables",
                                "5"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.mark.slow
@pytest.mark.skipif(_HAPROXY is None, reason="needs HAProxy (Debian: apt-get install haproxy)")
async def test_two_workers_behind_haproxy(tmp_path: Path) -> None:
    port = _free_port()
    data = tmp_path / "server"
    host = subprocess.Popen(
        [sys.executable, "-m", "hearts", "host", "--workers", "2", "--tables", "2",
         "--people", "2", "--level", "beginner", "--port", str(port), "--data-dir", str(data)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    lines: list[str] = []
    stdout = host.stdout
    assert stdout is not None
    threading.Thread(target=lambda: lines.extend(line.rstrip() for line in stdout),
                     daemon=True).start()
    people: list[Scripted] = []
    try:
        await until(lambda: any("Press Ctrl+C" in line for line in lines), 90)
        tables = dict(re.findall(r"table (\S+): hearts join \S+ --code=(\S+)", "\n".join(lines)))
        # the tables are spread over both workers, each named for its owner
        assert sorted(tables) == ["w1-t1", "w1-t2", "w2-t1", "w2-t2"]

        def url(table: str) -> str:
            return table_url(f"127.0.0.1:{port}/t/{table}")
        for table, names in (("w1-t1", ("Ann", "Bob")), ("w2-t1", ("Cat", "Dan"))):
            for number, name in enumerate(names):
                person = Scripted(url(table), tables[table], name, deals=number == 0,
                                  hands=1)
                person.start()
                people.append(person)
        ann, bob, cat, _dan = people
        await until(lambda: all(p.states and p.state.view is not None
                                and len(p.state.view.played) >= 4 for p in people), 60)
        # every person reached the table's owner: its folder keeps them
        for worker, table, name in (("w1", "w1-t1", "Ann"), ("w2", "w2-t1", "Cat")):
            seats = json.loads((data / worker / "tables" / table / "table.json").read_text())
            assert name in [seat["name"] for seat in seats["seats"].values()]
        # a code sent by the path of another worker's table reaches that worker,
        # which does not know it
        wrong = Scripted(url("w1-t2"), tables["w2-t2"], "Eve", tries=1)
        wrong.start()
        await until(lambda: wrong.connection.ended is not None, 60)
        assert wrong.connection.refusal is ErrorCode.BAD_CODE
        await wrong.stop()

        # the first worker is killed with kill -9; it is started again at once and
        # its people come back through the proxy to the same hand
        ann.playing = bob.playing = False
        await asyncio.sleep(0.5)
        assert ann.state.view is not None
        before = set(ann.state.view.played)
        number = ann.state.hand_number
        first = json.loads((data / "w1" / "host.json").read_text())["pid"]
        cats = cat.connection.reconnects
        os.kill(first, signal.SIGKILL)
        await until(lambda: any("worker w1 ended" in line for line in lines), 60)
        await until(lambda: ann.connection.reconnects >= 1
                    and ann.connection.connected.is_set(), 90)
        await until(lambda: ann.state.view is not None
                    and before <= set(ann.state.view.played), 60)
        assert ann.state.hand_number == number
        assert json.loads((data / "w1" / "host.json").read_text())["pid"] != first
        assert cat.connection.reconnects == cats  # the other worker's table never noticed
        ann.wake()
        bob.wake()
        await until(lambda: ann.state.view is not None
                    and len(ann.state.view.played) > len(before), 60)

        # the proxy holds no secret: its configuration names ports and paths only
        config = (data / "haproxy.cfg").read_text()
        secrets = list(tables.values()) + [p.connection.token or "" for p in people]
        assert not [secret for secret in secrets if secret and secret in config]
    finally:
        for person in people:
            await person.stop()
        if host.poll() is None:
            os.killpg(host.pid, signal.SIGINT)
        try:
            assert host.wait(60) == 0
        finally:
            if host.poll() is None:
                os.killpg(host.pid, signal.SIGKILL)
    assert host.stderr is not None
    errors = host.stderr.read()
    assert "Traceback" not in errors, errors
