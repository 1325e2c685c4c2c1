"""Tables spread over several ``hearts host`` processes behind HAProxy.

Each table lives in exactly one process (its owner), which keeps it in its
own data folder; the proxy sends every connection of a table, its WebSocket
``/t/TABLE/ws`` and its pages ``/t/TABLE/...``, to that owner. The owner is
named in the table's id: the tables of worker ``w2`` are ``w2-t1``, ``w2-t2``
and so on (``hearts host --table-prefix w2-``), so the route is a pure
function of the path. Unlike a consistent hash of the id (which moves a few
tables when a process is added), no table ever moves when workers are added
or one is down: its folder, and so its owner, stay where they are. Every other
path (the front page ``/``, a new table's ``POST /new``, ``/ws``) goes to any
worker that is up, in turn: a table made there is named for that worker.

In front of the workers the proxy terminates TLS (given a certificate), sends
plain http to https, keeps limits of its own on each client address
(:class:`ClientLimits`, in HAProxy stick tables) and tells the worker who the
client is and which scheme they used (``X-Forwarded-For``,
``X-Forwarded-Proto``: the workers believe them from the proxy's address
alone, :mod:`hearts.net.admission.forwarded`). Headers rather than the PROXY protocol:
aiohttp reads headers and not the PROXY protocol, and the same headers come
from any other proxy (nginx, Caddy, a cloud's load balancer).

The proxy holds no secret: it sees the path (the table's id, which is not
secret) and nothing else; codes and tokens travel inside the WebSocket and
are checked by the owner (``docs/deploy.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["ClientLimits", "Worker", "haproxy_config", "worker_name"]


def worker_name(number: int) -> str:
    """The name of worker ``number`` (from 1): ``w1``; its tables are ``w1-t1``..."""
    return f"w{number}"


@dataclass(frozen=True)
class Worker:
    """One ``hearts host`` process behind the proxy."""

    name: str
    """Its name, the prefix of its tables' ids (``w1``)."""
    host: str
    """Where it listens (an address the proxy reaches; never open to the world)."""
    port: int


@dataclass(frozen=True)
class ClientLimits:
    """What the proxy lets one client address (IPv4, or IPv6) do, before any worker
    sees it. A person's browser holds a few connections (a table's socket, a page
    and its files); a household or an office behind one address, a few people's."""

    connections: int = 50
    """Connections open at once; one more is closed at once."""
    new_per_second: int = 20
    """New connections in a second; past it, closed at once."""
    requests_per_10s: int = 200
    """HTTP requests in ten seconds (a page is about five); past it, ``429``."""
    remembered: str = "100k"
    """How many addresses the stick table holds (the least recent go first)."""


def _address(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def haproxy_config(workers: Sequence[Worker], bind: str, port: int,
                   certificate: str | None = None, maxconn: int = 4000,
                   http_port: int | None = None,
                   limits: ClientLimits = ClientLimits()) -> str:
    """An HAProxy configuration that routes each table's connections to the worker
    that owns it: ``/t/wK-...`` to worker ``wK``, anything else to any worker (see
    the module's words). With ``certificate`` (a PEM file holding the
    certificate and its key) the proxy speaks TLS (``wss://``, ``https://``) on
    ``port``, and with ``http_port`` it also answers plain http there by
    sending the request on to https. ``maxconn``: the most connections it holds
    (each takes two open files: the client's and the worker's). ``limits``:
    each client address's."""
    if not workers:
        raise ValueError("no worker to route to")
    if http_port is not None and certificate is None:
        raise ValueError("a redirect to https needs a certificate")
    # HTTP/2 over TLS: the page's modules come over one connection, not a burst of
    # new ones that the limit on new connections a second would cut off
    tls = f" ssl crt {certificate} alpn h2,http/1.1" if certificate else ""
    lines = [
        "# Made by hearts host --workers: the tables' connections to their owners.",
        "# It holds no secret: codes and tokens are checked by the owner.",
        "global",
        f"    maxconn {maxconn}",
        "defaults",
        "    mode http",
        "    timeout connect 5s",
        "    timeout client 60s",
        "    timeout server 60s",
        "    timeout tunnel 1h",
        "    timeout http-request 10s",
        "    option http-server-close",
        "frontend tables",
        f"    bind {_address(bind)}:{port}{tls}",
    ]
    if http_port is not None:
        lines.append(f"    bind {_address(bind)}:{http_port}")
    lines += [
        # each client address's own limits, kept here
        f"    stick-table type ipv6 size {limits.remembered} expire 10m "
        "store conn_cur,conn_rate(1s),http_req_rate(10s)",
        "    tcp-request connection track-sc0 src",
        f"    tcp-request connection reject if {{ sc0_conn_cur gt {limits.connections} }}",
        f"    tcp-request connection reject if {{ sc0_conn_rate gt {limits.new_per_second} }}",
        "    http-request deny deny_status 429 if "
        f"{{ sc0_http_req_rate gt {limits.requests_per_10s} }}",
    ]
    if http_port is not None:
        shown = "" if port == 443 else f":{port}"
        lines += [
            # the same host on the https port, the same path and query
            "    http-request redirect location "
            f"https://%[req.hdr(host),regsub(:[0-9]+$,)]{shown}%[url] code 301 "
            "unless { ssl_fc }",
        ]
    if certificate:
        lines.append('    http-response set-header Strict-Transport-Security '
                     '"max-age=31536000" if { ssl_fc }')
    lines += [
        # who the client is, and the scheme they used: whatever the client said
        # of either is dropped first
        "    http-request del-header X-Forwarded-For",
        "    http-request del-header X-Forwarded-Proto",
        "    option forwardfor",
        *(["    http-request set-header X-Forwarded-Proto https if { ssl_fc }",
           "    http-request set-header X-Forwarded-Proto http unless { ssl_fc }"]
          if certificate else ["    http-request set-header X-Forwarded-Proto http"]),
        # a table's path names its owner: /t/w2-t7/ws -> w2
        "    http-request set-var(txn.owner) path,field(3,/),field(1,-) "
        "if { path_beg /t/ }",
    ]
    for worker in workers:
        lines.append(f"    use_backend {worker.name} if {{ var(txn.owner) -m str "
                     f"{worker.name} }}")
    lines += ["    default_backend any", "backend any", "    balance roundrobin"]
    lines += [f"    server {worker.name} {_address(worker.host)}:{worker.port} check inter 2s"
              for worker in workers]
    for worker in workers:
        lines += [f"backend {worker.name}",
                  f"    server {worker.name} {_address(worker.host)}:{worker.port}"]
    return "\n".join(lines) + "\n"
