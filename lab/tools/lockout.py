"""How long an attack on the table server's admission keeps people out.

Starts a table server on 127.0.0.1 with the host's own limits (``Limits()``),
seats Ann (keeping her seat's token), runs one attack from loopback addresses
for ``--seconds``, then measures, in real time from the attack's end, how long
until Ann (back with her token) and Bob (a newcomer, from another network) are
each welcomed, trying every quarter second up to ``--patience`` seconds.

    .venv/bin/python lab/tools/lockout.py --attack guess --addresses 200 --seconds 5
    .venv/bin/python lab/tools/lockout.py --attack patient --addresses 200 --seconds 5
    .venv/bin/python lab/tools/lockout.py --attack watch --tables 4 --watchers 16

Attacks: ``guess`` (each address opens connection after connection, each sends
a wrong code and goes without waiting for the answer), ``patient`` (each
address keeps two connections guessing, waiting for each answer, and opens a
new one when one is closed), ``watch`` (one address opens ``--watchers``
watchers at each table and keeps them). Prints one JSON line. Run from the
repository's root (it borrows the tests' raw clients).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.net.attacks import guess_patiently, guess_wrong, join, watch_many

from hearts.ai import Level
from hearts.net.server import Limits, TableServer
from hearts.net.tables.table import TableConfig
from hearts.rules import Rules


async def _hits(url: str, address: str, until: float) -> int:
    sent = 0
    while time.monotonic() < until:
        sent += await guess_wrong(url, address, 1)
    return sent


async def _in_after(url: str, address: str, name: str, token: str | None,
                    patience: float) -> float | None:
    """Seconds until ``name`` is welcomed (None: not within ``patience``)."""
    start = time.monotonic()
    while time.monotonic() - start < patience:
        try:
            answer = await asyncio.wait_for(join(url, address, name, token), patience)
        except (TimeoutError, aiohttp.ClientError, OSError):
            answer = {}
        if answer.get("type") == "welcome":
            return round(time.monotonic() - start, 2)
        await asyncio.sleep(0.25)
    return None


async def main(args: argparse.Namespace) -> dict[str, Any]:
    logging.getLogger("hearts.net").setLevel(logging.ERROR)
    config = TableConfig(people=4, level=Level.BEGINNER, rules=Rules(target=26), grace=600.0,
                         delay_scale=0.0)
    codes = [f"code-{n}" for n in range(1, args.tables + 1)]
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(2) as executor:
        limits = Limits()
        server = TableServer(Path(folder), config, args.tables, executor, codes=codes,
                             limits=replace(limits))
        runner = server.runner()
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        url = f"ws://127.0.0.1:{runner.addresses[0][1]}/ws"
        try:
            ann = await join(url, "127.0.1.1", "Ann")
            token = ann["token"]
            until = time.monotonic() + args.seconds
            held: list[aiohttp.ClientWebSocketResponse] = []
            client = None
            answers: dict[str, int] = {}
            if args.attack == "guess":
                sent = await asyncio.gather(*(_hits(url, f"127.0.0.{n % 250 + 2}", until)
                                              for n in range(args.addresses)))
                answers["guesses"] = sum(sent)
            elif args.attack == "patient":
                loop_until = asyncio.get_running_loop().time() + args.seconds
                sent = await asyncio.gather(*(guess_patiently(url, f"127.0.0.{n % 250 + 2}",
                                                              loop_until)
                                              for n in range(args.addresses) for _ in (1, 2)))
                answers["guesses"] = sum(sent)
            else:
                watch_codes = [t.watchers.code for t in server.tables.values()]
                held, client, answers = await watch_many(url, "127.0.7.1", watch_codes,
                                                         args.watchers)
            ended = time.monotonic()
            ann_in, bob_in = await asyncio.gather(
                _in_after(url, "127.0.1.1", "Ann", token, args.patience),
                _in_after(url, "127.0.2.1", "Bob", None, args.patience))
            result = {"attack": args.attack, "addresses": args.addresses,
                      "seconds": args.seconds, "tables": args.tables,
                      "attack_took": round(ended - until + args.seconds, 2),
                      "answers": answers, "token_holder_in_after": ann_in,
                      "newcomer_in_after": bob_in, "patience": args.patience}
            for ws in held:
                await ws.close()
            if client is not None:
                await client.close()
            return result
        finally:
            await runner.cleanup()


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attack", choices=("guess", "patient", "watch"), default="guess")
    parser.add_argument("--addresses", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--watchers", type=int, default=16)
    parser.add_argument("--patience", type=float, default=60.0)
    return parser.parse_args(argv)


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(parse(sys.argv[1:])))))
