"""Who the client is behind a proxy: ``X-Forwarded-For`` and ``X-Forwarded-Proto``,
believed only from the proxy's own address.

Behind HAProxy (``hearts host --workers``, :mod:`hearts.net.host.proxy`) every
connection a table server sees comes from the proxy, over plain HTTP. The proxy
says who the client was and which scheme they used in two headers; the
middleware made by :func:`forwarded_middleware` rewrites the request with them
(``request.clone``), so that everything downstream, the per-address limits
reading ``request.remote``, ``request.secure`` for the cookies' ``Secure``
flag, and the Origin check comparing the page's Origin with ``request.url``,
sees the person and the scheme they used. The headers are believed only when
the connection comes from a trusted address (:func:`trusted_networks`); from
anyone else they are ignored, or a client could name any address it likes and
dodge every limit kept by address.

``X-Forwarded-For`` may hold a list (each proxy appends the address it saw): it
is read from the right, past the trusted proxies, to the first address no
trusted proxy holds, the one the nearest trusted proxy saw (or the leftmost,
when every one is a proxy's: a browser on the proxy's own machine). Whatever a
client wrote itself stands to the left of that and is never read.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

__all__ = ["Network", "client_of", "forwarded_middleware", "trusted_networks"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

_SCHEMES = frozenset({"http", "https"})


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as a header or a socket gives it (an IPv4 address mapped into
    IPv6 as IPv4); None for anything else."""
    try:
        ip = ipaddress.ip_address(text.strip().split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def trusted_networks(words: Iterable[str]) -> tuple[Network, ...]:
    """The proxies' addresses or networks (``127.0.0.1``, ``10.0.0.0/8``, ``::1``);
    ValueError names the one that is neither."""
    networks: list[Network] = []
    for word in words:
        try:
            networks.append(ipaddress.ip_network(word.strip(), strict=False))
        except ValueError:
            raise ValueError(f"{word!r} is no address or network (say 127.0.0.1, "
                             "10.0.0.0/8 or ::1)") from None
    return tuple(networks)


def _is_trusted(address: str | None, trusted: Sequence[Network]) -> bool:
    ip = _address(address) if address else None
    return ip is not None and any(ip in network for network in trusted)


def client_of(peer: str | None, forwarded_for: Sequence[str], trusted: Sequence[Network]
              ) -> str | None:
    """The client's address, from the connection's ``peer`` and the request's
    ``X-Forwarded-For`` headers (in order); None when the headers are not to be
    believed (the peer is no trusted proxy) or name no address."""
    if not _is_trusted(peer, trusted):
        return None
    hops = [hop.strip() for header in forwarded_for for hop in header.split(",")]
    client = None
    for hop in reversed(hops):
        ip = _address(hop)
        if ip is None:
            break  # garbled: nothing left of it is worth more
        client = str(ip)
        if not any(ip in network for network in trusted):
            break
    return client


def forwarded_middleware(trusted: Sequence[Network]) -> Middleware:
    """An aiohttp middleware that believes ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` from the ``trusted`` networks only (see the module's
    words); any other request goes on as it came."""
    @web.middleware
    async def forwarded(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not _is_trusted(request.remote, trusted):
            return await handler(request)
        client = client_of(request.remote, request.headers.getall("X-Forwarded-For", []),
                           trusted)
        schemes = request.headers.getall("X-Forwarded-Proto", [])
        scheme = schemes[-1].split(",")[-1].strip().lower() if schemes else ""
        if client is None and scheme not in _SCHEMES:
            return await handler(request)  # a program on the proxy's machine, directly
        return await handler(request.clone(remote=client or request.remote or "?",
                                           scheme=scheme if scheme in _SCHEMES
                                           else request.scheme))
    return forwarded
