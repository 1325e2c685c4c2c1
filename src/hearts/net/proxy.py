"""Tables spread over several ``hearts host`` processes behind HAProxy.

Each table lives in exactly one process (its owner), which keeps it in its
own data folder; the proxy sends every connection of a table, its WebSocket
``/t/TABLE/ws`` and its pages ``/t/TABLE/...``, to that owner. The owner is
named in the table's id: the tables of worker ``w2`` are ``w2-t1``, ``w2-t2``
and so on (``hearts host --table-prefix w2-``), so the route is a pure
function of the path. Unlike a consistent hash of the id (which moves a few
tables when a process is added), no table ever moves when workers are added
or one is down: its folder, and so its owner, stay where they are. A path
with no table (``/ws``) goes to the first worker.

The proxy holds no secret: it sees the path (the table's id, which is not
secret) and nothing else; codes and tokens travel inside the WebSocket and
are checked by the owner. TLS ends at the proxy (``docs/deploy.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Worker", "haproxy_config", "worker_name"]


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


def haproxy_config(workers: Sequence[Worker], bind: str, port: int,
                   certificate: str | None = None, maxconn: int = 4000) -> str:
    """An HAProxy configuration that routes each table's connections to the worker
    that owns it: ``/t/wK-...`` to worker ``wK`` (see the module's words). With
    ``certificate`` (a PEM file holding the certificate and its key) the proxy
    speaks TLS (``wss://``, ``https://``). ``maxconn``: the most connections it
    holds (each takes two open files: the client's and the worker's)."""
    if not workers:
        raise ValueError("no worker to route to")
    tls = f" ssl crt {certificate}" if certificate else ""
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
        f"    bind {bind}:{port}{tls}",
        # a table's path names its owner: /t/w2-t7/ws -> w2
        "    http-request set-var(txn.owner) path,field(3,/),field(1,-)",
    ]
    for worker in workers:
        lines.append(f"    use_backend {worker.name} if {{ var(txn.owner) -m str "
                     f"{worker.name} }}")
    lines.append(f"    default_backend {workers[0].name}")
    for worker in workers:
        address = f"[{worker.host}]" if ":" in worker.host else worker.host
        lines += [f"backend {worker.name}",
                  f"    server {worker.name} {address}:{worker.port}"]
    return "\n".join(lines) + "\n"
