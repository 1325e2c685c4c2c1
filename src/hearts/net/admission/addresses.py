"""This machine's addresses, as friends' computers can reach it.

A host listening on every address (``--host 0.0.0.0`` or ``::``) prints the
address of each network interface, because the machine's name may mean
nothing to a friend's computer. The addresses come from the standard library:
on Linux, each interface (:func:`socket.if_nameindex`) that is up and running
is asked for its IPv4 address (the ``SIOCGIFADDR`` ioctl; an interface with no
link, such as an idle container bridge, is left out) and ``/proc/net/if_inet6``
lists the IPv6 ones; elsewhere, the addresses the machine's name resolves to.
The address the machine would send from to reach the internet (no packet is
sent) is its own network's, the one friends beside it use: it comes first,
then the other interfaces' (a VPN's point-to-point link last).
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys
from dataclasses import dataclass, replace
from pathlib import Path

__all__ = ["WILDCARDS", "Address", "host_addresses", "is_loopback", "shown_host"]

WILDCARDS = ("", "0.0.0.0", "::")
"""Listening on these is listening on every address of the machine."""

_SIOCGIFADDR = 0x8915
"""Linux's ioctl that reads an interface's IPv4 address."""
_SIOCGIFFLAGS = 0x8913
"""Linux's ioctl that reads an interface's flags."""
_IFF_UP, _IFF_POINTOPOINT, _IFF_RUNNING = 0x1, 0x10, 0x40
"""The flags read: the interface is up, a point-to-point link (a VPN's), has a link."""


@dataclass(frozen=True)
class Address:
    """One address of this machine."""

    ip: str
    interface: str = ""
    """The network interface's name, where known (``eth0``, ``lo``)."""
    route: bool = False
    """The address this machine reaches the internet from (its own network's)."""
    point_to_point: bool = False
    """On a point-to-point link, such as a VPN's (friends beside the machine
    cannot use it)."""

    @property
    def local(self) -> bool:
        """True when only this machine can use the address (127.0.0.1, ::1)."""
        return ipaddress.ip_address(self.ip).is_loopback

    @property
    def link_local(self) -> bool:
        """True for an address that works only on the interface's own network
        segment and needs the interface named (fe80::...)."""
        return ipaddress.ip_address(self.ip).is_link_local

    @property
    def version(self) -> int:
        """4 or 6."""
        return ipaddress.ip_address(self.ip).version


def is_loopback(host: str) -> bool:
    """True when ``host`` names this machine only (``localhost``, 127.x, ``::1``)."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def shown_host(host: str) -> str:
    """``host`` as it goes before ``:PORT`` (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def host_addresses(ipv6: bool = True) -> list[Address]:
    """This machine's addresses, the ones friends can use first (the one it reaches
    the internet from before the others, a VPN's last among them) and those that
    only work on this machine last; link-local IPv6 addresses are left out."""
    found: dict[str, Address] = {}
    if sys.platform.startswith("linux"):
        for address in [*_linux_ipv4(), *(_linux_ipv6() if ipv6 else [])]:
            found.setdefault(address.ip, address)
    if not any(not a.local for a in found.values()):
        for address in _resolved(ipv6):
            found.setdefault(address.ip, address)
    route = _route_address()
    if route is not None and route in found:
        found[route] = replace(found[route], route=True)
    addresses = [a for a in found.values() if not (a.version == 6 and a.link_local)]
    return sorted(addresses, key=_order)


def _order(address: Address) -> tuple[bool, int, bool, bool, str, str]:
    """Friends' addresses first, the route's first of them and a VPN's last; IPv4
    before IPv6; then by interface and address."""
    return (address.local, address.version, address.point_to_point, not address.route,
            address.interface, address.ip)


def _linux_ipv4() -> list[Address]:
    import fcntl  # Unix only, as this function

    found = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                flags = struct.unpack_from(
                    "H", fcntl.ioctl(sock.fileno(), _SIOCGIFFLAGS, request), 16)[0]
                answer = fcntl.ioctl(sock.fileno(), _SIOCGIFADDR, request)
            except OSError:
                continue  # no IPv4 address on that interface (or it is down)
            if flags & (_IFF_UP | _IFF_RUNNING) != _IFF_UP | _IFF_RUNNING:
                continue  # down, or no link: nobody can reach it
            found.append(Address(socket.inet_ntoa(answer[20:24]), name,
                                 point_to_point=bool(flags & _IFF_POINTOPOINT)))
    return found


def _linux_ipv6() -> list[Address]:
    found = []
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/net/if_inet6").read_text().splitlines():
            fields = line.split()
            if len(fields) >= 6:
                ip = ipaddress.IPv6Address(bytes.fromhex(fields[0]))
                found.append(Address(str(ip), fields[5]))
    return found


def _resolved(ipv6: bool) -> list[Address]:
    found = []
    families = (socket.AF_INET, socket.AF_INET6) if ipv6 else (socket.AF_INET,)
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM):
            if info[0] in families:
                found.append(Address(str(info[4][0]).split("%")[0]))
    route = _route_address()
    if route is not None:
        found.append(Address(route))
    return found


def _route_address() -> str | None:
    """The IPv4 address this machine would send from to reach the internet, if it
    has a route there: connect() on a UDP socket only picks a route."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
        return str(sock.getsockname()[0])
    return None
