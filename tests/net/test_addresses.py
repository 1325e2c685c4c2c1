"""The addresses ``hearts host --host 0.0.0.0`` prints: those friends can use, the
machine's own network's first, and the notice that nobody else can join only when
that is so."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.net.admission import addresses
from hearts.net.admission.addresses import Address, host_addresses
from hearts.net.host.hostview import announce
from hearts.net.server import TableServer
from hearts.net.tables.table import TableConfig


def test_a_laptop_with_one_network_address_says_friends_can_join(tmp_path: Path) -> None:
    server = TableServer(tmp_path, TableConfig())
    wifi = [Address("192.168.1.23", "wlp2s0", route=True), Address("127.0.0.1", "lo")]
    lines = announce(server, "0.0.0.0", 4000, True, wifi)
    text = "\n".join(lines)
    assert lines[0] == "Hearts tables at 192.168.1.23:4000"
    assert "The web table, for friends with a phone" in text
    assert "only this machine can join" not in text
    assert "friends may also use" not in text  # there is no other address to give
    assert "only on this machine: 127.0.0.1:4000" in text
    # with no network at all, it says so
    alone = "\n".join(announce(server, "0.0.0.0", 4000, False, [Address("127.0.0.1", "lo")]))
    assert "(no network address found: only this machine can join)" in alone


def test_the_machines_own_network_comes_before_a_vpn_and_a_bridge(
        monkeypatch: pytest.MonkeyPatch) -> None:
    found = [Address("10.8.0.2", "tun0", point_to_point=True),
             Address("172.17.0.1", "br-1"), Address("192.168.1.23", "wlp2s0"),
             Address("127.0.0.1", "lo")]
    monkeypatch.setattr(addresses, "_linux_ipv4", lambda: found)
    monkeypatch.setattr(addresses, "_linux_ipv6", lambda: [])
    monkeypatch.setattr(addresses, "_route_address", lambda: "192.168.1.23")
    ordered = host_addresses(ipv6=False)
    assert [a.ip for a in ordered] == ["192.168.1.23", "172.17.0.1", "10.8.0.2", "127.0.0.1"]
    assert ordered[0].route and ordered[0].interface == "wlp2s0"


def test_an_interface_without_a_link_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    import fcntl
    import socket
    import struct

    # lo is up and running; docker0 is up with no link (no container); tun0 is a VPN
    interfaces = {"lo": ("127.0.0.1", 0x1 | 0x8 | 0x40), "docker0": ("172.17.0.1", 0x1 | 0x2),
                  "tun0": ("10.8.0.2", 0x1 | 0x10 | 0x40), "wlp2s0": ("192.168.1.23", 0x1 | 0x40)}

    def ioctl(fd: int, request: int, data: bytes) -> bytes:
        ip, flags = interfaces[data[:16].rstrip(b"\0").decode()]
        if request == addresses._SIOCGIFFLAGS:
            return data[:16] + struct.pack("H", flags) + data[18:]
        return data[:20] + socket.inet_aton(ip) + data[24:]

    monkeypatch.setattr(socket, "if_nameindex", lambda: list(enumerate(interfaces, 1)))
    monkeypatch.setattr(fcntl, "ioctl", ioctl)
    found = {a.interface: a for a in addresses._linux_ipv4()}
    assert set(found) == {"lo", "tun0", "wlp2s0"}
    assert found["tun0"].point_to_point and not found["wlp2s0"].point_to_point


async def test_the_hosts_view_counts_the_tables_it_has_no_room_for(tmp_path: Path) -> None:
    import io

    from rich.console import Console

    from hearts.net.host.hostview import HostView, table_row
    from tests.net.helpers import running_server

    for tables, said in ((4, "... and 1 more table"), (5, "... and 2 more tables")):
        codes = [f"code-{n}" for n in range(tables)]
        async with running_server(tmp_path / str(tables), tables=tables, codes=codes) as (
                server, _url):
            out = io.StringIO()
            view = HostView(server, "a:1", console=Console(file=out, width=100, height=11),
                            live=False, stdin=io.StringIO())  # room for 3 tables
            view._rows = {net.id: table_row(net) for net in server.tables.values()}
            view.console.print(view.render())
            assert said in out.getvalue()
            assert said + "s" not in out.getvalue()
