"""Attacks on a table server's admission, by raw clients from many loopback
addresses (Linux routes all of 127.0.0.0/8 to this machine), and the people
they must not lock out. The tests use them, and so does ``lab/tools/lockout.py``
to measure an attack's effect."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
from typing import Any

import aiohttp

from hearts.net.wire import messages as msg

__all__ = ["frame", "guess_patiently", "guess_wrong", "join", "raw_socket", "seated_within",
           "session_from", "watch_many"]


def frame(text: str) -> bytes:
    """A client's text frame (masked, as a client must)."""
    data = text.encode()
    mask = os.urandom(4)
    size = bytes([0x80 | len(data)]) if len(data) < 126 else \
        bytes([0x80 | 126]) + len(data).to_bytes(2, "big")
    return b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


async def raw_socket(url: str, address: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A WebSocket to ``url`` (``ws://127.0.0.1:PORT/ws``) opened by hand from ``address``."""
    port = int(url.split(":")[2].split("/")[0])
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    await reader.readuntil(b"\r\n\r\n")
    return reader, writer


async def guess_wrong(url: str, address: str, count: int) -> int:
    """``count`` wrong codes from ``address``, each on a connection of its own that
    sends its guess and goes at once without waiting for the answer; returns
    how many were sent."""
    guess = json.dumps(msg.client_json(msg.Join("not-the-code", "Eve")))
    sent = 0
    for _ in range(count):
        try:
            _reader, writer = await raw_socket(url, address)
        except (OSError, asyncio.IncompleteReadError):
            continue
        writer.write(frame(guess))
        with contextlib.suppress(OSError):
            await writer.drain()
        writer.close()
        sent += 1
    return sent


async def guess_patiently(url: str, address: str, until: float, most: int = 10_000) -> int:
    """Guess wrong codes from ``address`` until ``until`` (the loop's clock), at most
    ``most`` times: each answer awaited before the next guess, a new connection
    whenever the server closes one. Returns the guesses answered."""
    loop = asyncio.get_running_loop()
    guess = json.dumps(msg.client_json(msg.Join("not-the-code", "Eve")))
    tries = 0
    async with session_from(address) as session:
        while loop.time() < until and tries < most:
            try:
                async with session.ws_connect(url) as ws:
                    while loop.time() < until and not ws.closed and tries < most:
                        await ws.send_str(guess)
                        reply = await ws.receive(timeout=max(0.1, until - loop.time()))
                        if reply.type is not aiohttp.WSMsgType.TEXT:
                            break
                        tries += 1
            except (aiohttp.ClientError, TimeoutError, OSError):
                await asyncio.sleep(0.05)
    return tries


def session_from(address: str) -> aiohttp.ClientSession:
    """An aiohttp client whose connections come from ``address``."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))


async def join(url: str, address: str, name: str, token: str | None = None,
               code: str = "code-1") -> dict[str, Any]:
    """Join from ``address``: the server's first answer (a welcome or an error)."""
    async with session_from(address) as session, session.ws_connect(url) as ws:
        await ws.send_str(json.dumps(msg.client_json(msg.Join(code, name, token))))
        reply = await ws.receive(timeout=30)
        if reply.type is not aiohttp.WSMsgType.TEXT:
            return {"type": "closed"}
        answer: dict[str, Any] = json.loads(reply.data)
        return answer


async def seated_within(url: str, address: str, name: str, token: str | None,
                        seconds: float) -> tuple[dict[str, Any], float]:
    """Try to join from ``address`` until welcomed or ``seconds`` have passed
    (on the loop's clock); the last answer, and the seconds it took."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while True:
        try:
            answer = await asyncio.wait_for(join(url, address, name, token), seconds)
        except (TimeoutError, aiohttp.ClientError) as error:
            answer = {"type": "failed", "error": repr(error)}
        took = loop.time() - start
        if answer.get("type") == "welcome" or took >= seconds:
            return answer, took
        await asyncio.sleep(0.25)


async def watch_many(url: str, address: str, codes: list[str], each: int
                     ) -> tuple[list[aiohttp.ClientWebSocketResponse], aiohttp.ClientSession,
                                dict[str, int]]:
    """Open ``each`` watchers from ``address`` at every table of ``codes`` (watch
    codes) and keep them open: the connections, their client (close it when
    done), and the answers by type or error code."""
    session = session_from(address)
    held: list[aiohttp.ClientWebSocketResponse] = []
    answers: dict[str, int] = {}
    for code in codes:
        for number in range(each):
            try:
                ws = await session.ws_connect(url)
            except aiohttp.ClientError:
                answers["refused"] = answers.get("refused", 0) + 1
                continue
            held.append(ws)
            await ws.send_str(json.dumps(msg.client_json(msg.Watch(code, f"W{number}"))))
            reply = await ws.receive(timeout=30)
            kind = "closed"
            if reply.type is aiohttp.WSMsgType.TEXT:
                data = json.loads(reply.data)
                kind = data.get("code") or data["type"]
            answers[kind] = answers.get(kind, 0) + 1
    return held, session, answers
