"""Stopping a server the way a person does: Ctrl+C, ``kill``, or closing the
terminal it runs in."""

from __future__ import annotations

import asyncio
import contextlib
import signal

__all__ = ["stop_on_signals"]


def stop_on_signals() -> asyncio.Event:
    """An event of the running loop, set on SIGINT, SIGTERM or SIGHUP (the
    terminal was closed), where the platform lets the loop handle signals."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(NotImplementedError, ValueError, RuntimeError):
                loop.add_signal_handler(number, stop.set)
    return stop
