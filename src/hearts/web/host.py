"""``hearts host``: the table server of :mod:`hearts.net.host.cli`, with the web pages.

The server's command line and its run are the network layer's; the pages
(each table's page, the front page that starts tables, the seating and the
invite) are this layer's, handed down to it as :func:`serve_pages`, so that
imports point down only.
"""

from __future__ import annotations

import argparse

from hearts.net.host import cli
from hearts.net.server import TableServer
from hearts.web.front import IDLE_CLOSE, FrontPage
from hearts.web.pages import WebPages
from hearts.web.starts import HOUR, StartLimits

__all__ = ["host_main", "serve_pages", "start_limits"]


def start_limits(args: argparse.Namespace) -> StartLimits:
    """The limits on tables started from browsers that ``hearts host``'s options
    set, the others as :class:`StartLimits` has them."""
    given = {"per_browser": args.starts_per_browser, "per_address": args.starts_per_address,
             "per_network": args.starts_per_network, "per_hour": args.starts_per_hour,
             "held": args.held_tables}
    return StartLimits(**{name: value for name, value in given.items() if value is not None})


def serve_pages(server: TableServer, args: argparse.Namespace | None = None) -> FrontPage:
    """Serve the web table's pages from ``server`` (before its app is made), and
    the front page that starts tables from a browser (returned), with the limits
    and idle time of ``hearts host``'s command line ``args`` (None: the defaults)."""
    limits = start_limits(args) if args is not None else None
    idle = args.idle_hours * HOUR if args is not None and args.idle_hours else IDLE_CLOSE
    front = FrontPage(server, server.config, limits, idle_close=idle,
                      starts_file=args.starts_file if args is not None else None)
    server.extensions.append(front.add_to)
    pages = WebPages(front.find, lambda: server.local_only)
    pages.wrong_code = server.wrong_code
    server.extensions.append(pages.add_to)
    return front


def host_main(argv: list[str]) -> int:
    """Run ``hearts host`` (see :mod:`hearts.net.host.cli`); returns the exit status."""
    return cli.host_main(argv, serve_pages)
