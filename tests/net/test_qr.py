"""A table's page as a QR code: an SVG image for the web page, and half blocks in
the host's terminal (as ``hearts host --serve`` starts, and ``qr TABLE``),
left out where the terminal is too narrow for it."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from urllib.parse import unquote

import segno
from rich.console import Console

from hearts.net.host.hostview import HostView, announce, qr_block, table_page
from hearts.net.host.qr import qr_rows, qr_svg_uri
from hearts.net.server import TableServer
from hearts.net.tables.table import TableConfig
from tests.net.qrdecode import decode
from tests.net.qrpictures import modules_from_half_blocks, modules_from_svg_uri

LINK = "http://192.168.1.5:4000/t/t1/?code=zSPz0QxANRadbYiQ"

LINKS = ["http://h:1/t/t1/?code=ab", LINK,
         "https://[2001:db8:85a3::8a2e:370:7334]:4000/t/w12-tb8Kx0_ZqQ1x/?code=zSPz0QxANRadbYiQ",
         "https://hearts.the-thursday-evening-card-club-of-upper-wharfedale.example.org:8443"
         "/t/w12-tb8Kx0_ZqQ1x/?code=zSPz0QxANRadbYiQ",
         "https://" + "cards." * 30 + "example/t/t1/?code=zSPz0QxANRadbYiQ"]
"""Links to tables, short to long (a long host name behind a proxy gives a code of
version 7 or more, with its version information)."""

_HALF = {" ": (False, False), "\u2580": (True, False), "\u2584": (False, True),
         "\u2588": (True, True)}


def test_the_rows_hold_the_qr_codes_modules_two_a_line() -> None:
    rows = qr_rows(LINK)
    matrix = [[bool(m) for m in row] for row in
              segno.make(LINK, error="m", micro=False).matrix_iter(border=2)]
    assert len({len(row) for row in rows}) == 1 and len(rows[0]) == len(matrix[0])
    assert len(rows) == (len(matrix) + 1) // 2 and len(rows[0]) <= 41  # fits 80 columns
    drawn = []
    for row in rows:
        pairs = [_HALF[char] for char in row]
        drawn.append([upper for upper, _ in pairs])
        drawn.append([lower for _, lower in pairs])
    assert drawn[:len(matrix)] == matrix
    assert not any(module for row in drawn[len(matrix):] for module in row)  # light below


def test_the_rows_read_back_as_the_link() -> None:
    versions = set()
    for link in LINKS:
        read = decode(modules_from_half_blocks(qr_rows(link)))
        assert read.text == link
        assert read.quiet == 2 and read.level in "MQH"
        versions.add(read.version)
    assert min(versions) <= 2 and len(versions) == len(LINKS) and max(versions) >= 10


def test_the_svg_reads_back_as_the_link_dark_on_light() -> None:
    for link in LINKS:
        for scale in (5, 1, 8):
            read = decode(modules_from_svg_uri(qr_svg_uri(link, scale=scale), scale))
            assert read.text == link and read.quiet == 2


def test_the_svg_is_a_data_address_of_an_image() -> None:
    uri = qr_svg_uri(LINK)
    assert uri.startswith("data:image/svg+xml")
    assert "<svg" in unquote(uri) and "#000" in unquote(uri)


async def test_the_host_sees_the_pages_qr_codes_where_they_fit(tmp_path: Path) -> None:
    server = TableServer(tmp_path, TableConfig(), tables=3, codes=["a-code", "b-code", "c-code"])
    server.open_tables(asyncio.get_running_loop())
    try:
        wide = announce(server, "127.0.0.1", 4000, True, qr_columns=100)
        page = table_page("http://127.0.0.1:4000", server.tables["t1"])
        block = qr_block(page, 100)
        text = "\n".join(wide)
        assert "may start a table from a browser: http://127.0.0.1:4000/" in text
        assert "table t1's page for a phone's camera:" in text
        assert "table t2's page for a phone's camera:" in text
        assert "t3's page" not in text and "type 'qr TABLE'" in text
        start = wide.index("  table t1's page for a phone's camera:") + 1
        assert wide[start:start + len(block)] == block
        assert decode(modules_from_half_blocks([line[2:] for line in block])).text == page
        assert all(len(line) <= 100 for line in wide if "\u2588" in line)
        narrow = announce(server, "127.0.0.1", 4000, True, qr_columns=30)
        assert not any("\u2588" in line for line in narrow)
        assert announce(server, "127.0.0.1", 4000, True) == \
            [line for line in wide if "camera" not in line and "\u2588" not in line
             and "\u2580" not in line and "\u2584" not in line and "qr TABLE" not in line
             and line.strip()]
        coloured = qr_block(page, 100, colour=True)
        assert coloured[0].startswith("  \x1b[30;107m") and coloured[0].endswith("\x1b[0m")
        inked = [line.removeprefix("  \x1b[30;107m").removesuffix("\x1b[0m") for line in coloured]
        assert decode(modules_from_half_blocks(inked)).text == page  # black ink on white
        # the host's command, at any time
        out = io.StringIO()
        view = HostView(server, "127.0.0.1:4000", "http://127.0.0.1:4000",
                        console=Console(file=out, width=100), live=False)
        view.command("qr t2")
        shown = out.getvalue()
        assert "t2's page for a phone's camera" in shown
        assert qr_block(table_page("http://127.0.0.1:4000", server.tables["t2"]), 100)[3] \
            in shown
        view.command("qr nowhere")
        assert "qr TABLE (tables: t1, t2, t3)" in out.getvalue()
        tight = HostView(server, "a:1", "http://a:1", console=Console(file=out, width=20),
                         live=False)
        tight.command("qr t1")
        assert "too narrow" in out.getvalue()
        # on a terminal of any colours: black ink on bright white, read as t3's page
        painted = io.StringIO()
        HostView(server, "127.0.0.1:4000", "http://127.0.0.1:4000", live=False,
                 console=Console(file=painted, width=100, force_terminal=True,
                                 color_system="standard")).command("qr t3")
        ink = "  \x1b[30;107m"
        inked = [line.removeprefix(ink).removesuffix("\x1b[0m")
                 for line in painted.getvalue().splitlines() if line.startswith(ink)]
        assert len(inked) == len(qr_rows(table_page("http://127.0.0.1:4000",
                                                    server.tables["t3"])))
        assert decode(modules_from_half_blocks(inked)).text == \
            table_page("http://127.0.0.1:4000", server.tables["t3"])
    finally:
        server.close()
