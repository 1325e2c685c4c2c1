"""The limits on tables started from the front page: counted in one file that
every process of a server shares, set by ``hearts host``'s options, and the
network layer's command line with no import of the web pages above it."""

from __future__ import annotations

import ast
import contextlib
import io
from pathlib import Path

import pytest

from hearts.net.host.cli import parse_host
from hearts.net.host.workers import _passed_on
from hearts.net.server import TableServer
from hearts.net.tables.table import TableConfig
from hearts.web.host import serve_pages, start_limits
from hearts.web.starts import HOUR, StartLimits, Starts

SRC = Path(__file__).resolve().parents[2] / "src" / "hearts"


def test_two_processes_sharing_the_file_count_each_table_once(tmp_path: Path) -> None:
    now = [1000.0]
    path = tmp_path / "starts.sqlite"
    limits = StartLimits(per_browser=100, per_address=3, per_network=100, per_hour=100)
    one, other = Starts(limits, lambda: now[0], path), Starts(limits, lambda: now[0], path)
    # the proxy sends a person's starts to one worker, then the other
    assert [s.take(None, "127.0.0.2") for s in (one, other, one)] == [None, None, None]
    assert other.take(None, "127.0.0.2") == "refused-address"
    assert one.take(None, "127.0.0.2") == "refused-address"
    assert one.take(None, "127.0.0.3") is None  # another address is not held up
    # an hour refills an hour's number, for both
    now[0] += HOUR
    assert other.take(None, "127.0.0.2") is None
    # and a server started again goes on counting (the file is kept)
    one.close()
    again = Starts(limits, lambda: now[0], path)
    assert [again.take(None, "127.0.0.2") for _ in range(3)] == [None, None, "refused-address"]


def test_the_narrowest_limit_is_asked_first_and_the_others_kept(tmp_path: Path) -> None:
    now = [0.0]
    starts = Starts(StartLimits(per_browser=1, per_address=2, per_network=3, per_hour=4),
                    lambda: now[0], tmp_path / "s.sqlite")
    assert starts.take("browser-a", "10.0.0.1") is None
    assert starts.take("browser-a", "10.0.0.1") == "refused-browser"  # uses up nothing else
    assert starts.take("browser-b", "10.0.0.1") is None
    assert starts.take("browser-c", "10.0.0.1") == "refused-address"
    assert starts.take(None, "10.0.0.2") is None  # the network's 3rd
    assert starts.take(None, "10.0.0.3") == "refused-network"
    assert starts.take(None, "10.0.1.2") is None
    assert starts.take(None, "10.0.2.2") == "refused-total"


def test_a_clock_set_back_forgives_nothing_and_full_buckets_are_forgotten(
        tmp_path: Path) -> None:
    now = [10_000.0]
    starts = Starts(StartLimits(per_address=1), lambda: now[0], tmp_path / "s.sqlite", most=10)
    assert starts.take(None, "10.0.0.1") is None
    now[0] -= 5000.0
    assert starts.take(None, "10.0.0.1") == "refused-address"
    for n in range(200):  # many addresses: the file keeps at most `most` of them
        now[0] += 1.0
        starts.take(None, f"10.{n}.0.1")
    assert len(starts) <= 10 + 1 + 64  # (trimmed every 64 takes; the count in all kept)


def test_a_damaged_file_is_moved_aside_and_counting_begins_again(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "web" / "starts.sqlite"
    path.parent.mkdir()
    path.write_bytes(b"this is no database, " * 100)
    starts = Starts(StartLimits(per_address=1), lambda: 0.0, path)
    assert starts.take(None, "10.0.0.1") is None
    kept = [p for p in path.parent.iterdir() if p.name.startswith("starts.sqlite.")
            and p.name.endswith(".broken")]
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is no database")
    assert "damaged" in caplog.text


def test_the_hosts_options_set_the_limits_and_the_idle_time(tmp_path: Path) -> None:
    args = parse_host(["--serve", "--starts-per-browser", "2", "--starts-per-address", "3",
                       "--starts-per-network", "30", "--starts-per-hour", "1000",
                       "--held-tables", "9", "--idle-hours", "0.5"])
    assert start_limits(args) == StartLimits(per_browser=2, per_address=3, per_network=30,
                                             per_hour=1000, held=9)
    server = TableServer(tmp_path, TableConfig(), 0)
    front = serve_pages(server, args)
    assert front.limits == start_limits(args) and front.held.limit == 9
    assert front.idle_close == 1800.0
    assert front.starts.path == tmp_path / "web" / "starts.sqlite"
    # none given: the defaults
    plain = serve_pages(TableServer(tmp_path / "b", TableConfig(), 0), parse_host(["--serve"]))
    assert plain.limits == StartLimits() and plain.idle_close == 6 * HOUR


@pytest.mark.parametrize(("line", "said"), [
    (["--serve", "--starts-per-address", "0"], "--starts-per-address: must be a whole number "
                                               "from 1 to 10000"),
    (["--serve", "--starts-per-hour", "lots"], "--starts-per-hour: must be a whole number"),
    (["--serve", "--held-tables", "20000"], "--held-tables: must be a whole number from 1 to"),
    (["--serve", "--idle-hours", "0"], "--idle-hours: must be a number of hours from 0.1 to 720"),
    (["--serve", "--idle-hours", "nan"], "--idle-hours: must be a number of hours"),
    (["--starts-per-browser", "3"], "--starts-per-browser goes with --serve"),
    (["--idle-hours", "2"], "--idle-hours goes with --serve"),
])
def test_bad_limits_are_refused_with_a_clear_error(line: list[str], said: str) -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        parse_host(line)
    assert said in err.getvalue(), err.getvalue()


def test_the_help_gives_the_defaults_the_server_uses() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        parse_host(["--help"])
    text = " ".join(out.getvalue().split())
    defaults = StartLimits()
    for option, value in (("--starts-per-browser", defaults.per_browser),
                          ("--starts-per-address", defaults.per_address),
                          ("--starts-per-network", defaults.per_network),
                          ("--starts-per-hour", defaults.per_hour),
                          ("--held-tables", defaults.held), ("--idle-hours", 6)):
        at = text.rindex(option + (" H" if option == "--idle-hours" else " N"))
        assert f"(default {value};" in text[at:at + 400], option
    assert "--starts-file" not in text  # the workers' own


def test_every_worker_gets_the_limits_as_given() -> None:
    line = ["--serve", "--starts-per-address", "3", "--idle-hours=2", "--held-tables", "5",
            "--port", "8000", "--starts-per-hour", "50"]
    assert _passed_on(line) == ["--serve", "--starts-per-address", "3", "--idle-hours=2",
                                "--held-tables", "5", "--starts-per-hour", "50"]


def test_the_network_layer_imports_no_web_page() -> None:
    """hearts.web sits above hearts.net: no module of the server imports it, even
    inside a function."""
    upward = []
    for path in sorted((SRC / "net").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            upward += [f"{path.name}: {n}" for n in names
                       if n == "hearts.web" or n.startswith("hearts.web.")]
    assert upward == []
