"""The pieces of the server's limits, alone: the send queue, the token bucket,
the wrong codes' delays, the throttled warnings and the quiet loop errors."""

from __future__ import annotations

import asyncio
import errno
import json
import logging

import pytest
from yarl import URL

from hearts.net.admission.limits import (
    Guesses,
    QuietRepeats,
    Throttle,
    TokenBucket,
    cross_origin,
    quiet_exception_handler,
)
from hearts.net.tables.table import Outbox
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def _drain(outbox: Outbox) -> list[str | None]:
    """Everything a closed outbox sends, to its end (None)."""
    got: list[str | None] = []
    while not got or got[-1] is not None:
        got.append(await asyncio.wait_for(outbox.get(), 1))
    return got


async def test_only_the_latest_state_waits_and_the_order_is_kept() -> None:
    outbox = Outbox()
    outbox.put_state("s1")
    outbox.put(msg.ErrorMessage(None, "a"))
    outbox.put_state("s2")
    outbox.put_text("n2")
    outbox.put_state("s3")
    assert outbox.waiting == 3 and outbox.posted == 5
    outbox.close()
    assert await _drain(outbox) == [msg.server_text(msg.ErrorMessage(None, "a")), "n2", "s3",
                                    None]
    assert await outbox.get() is None  # the end stays the end
    outbox.put_text("late")
    outbox.put_state("late")
    assert outbox.waiting == 0


async def test_a_state_being_sent_is_not_taken_back() -> None:
    outbox = Outbox()
    outbox.put_state("s1")
    assert await outbox.get() == "s1"
    outbox.put_state("s2")  # s1 is gone already: s2 waits on its own
    assert outbox.waiting == 1 and await outbox.get() == "s2"


async def test_a_client_that_does_not_read_is_dropped_with_a_reason() -> None:
    outbox = Outbox(max_messages=3, max_bytes=1000)
    for n in range(3):
        outbox.put_text(f"notice {n}")
    outbox.put_state("state")  # states never overflow
    assert not outbox.too_slow
    outbox.put_text("one too many")
    assert outbox.too_slow and outbox.closed
    rest = await _drain(outbox)
    assert len(rest) == 2 and rest[1] is None
    error = json.loads(rest[0] or "")
    assert error["type"] == "error" and error["code"] == ErrorCode.TOO_SLOW.value
    assert outbox.waiting == 0
    assert ErrorCode.TOO_SLOW.closes


async def test_the_bytes_waiting_are_bounded_too() -> None:
    outbox = Outbox(max_messages=100, max_bytes=50)
    outbox.put_text("x" * 40)
    outbox.put_text("y" * 40)
    assert outbox.too_slow


async def test_a_stalled_send_drops_what_waits() -> None:
    outbox = Outbox()
    outbox.put_text("a")
    outbox.stalled()
    assert outbox.too_slow and json.loads(await outbox.get() or "")["code"] == "too-slow"
    assert await outbox.get() is None


class Sink:
    """A connection that takes messages at once while ``room`` says so."""

    def __init__(self) -> None:
        self.written: list[str] = []
        self.room = True

    def __call__(self, text: str) -> bool:
        if self.room:
            self.written.append(text)
        return self.room


async def _sender(outbox: Outbox, sent: list[str | None]) -> None:
    """A connection's sender task: what it takes from the outbox, to the end."""
    while True:
        text = await outbox.get()
        sent.append(text)
        if text is None:
            return


async def test_a_waiting_sender_is_not_woken_while_the_sink_takes_each_message() -> None:
    outbox, sink = Outbox(), Sink()
    sent: list[str | None] = []
    outbox.sink = sink
    outbox.put_text("before the sender waits")  # the sender's: it has not started
    sender = asyncio.create_task(_sender(outbox, sent))
    await asyncio.sleep(0)
    assert sent == ["before the sender waits"]
    outbox.put_state("s1")
    outbox.put_change("c1", lambda: "whole")
    outbox.put_text("n1")
    assert sink.written == ["s1", "c1", "n1"] and outbox.waiting == 0
    outbox.gate(1)  # a write under way: what comes after it waits
    outbox.put_change("c2", lambda: "whole")
    outbox.put_text("n2")
    assert sink.written == ["s1", "c1", "n1"] and outbox.waiting == 2
    outbox.release(1)
    assert sink.written == ["s1", "c1", "n1", "c2", "n2"] and outbox.waiting == 0
    await asyncio.sleep(0)
    assert sent == ["before the sender waits"]  # the sender slept through it all
    outbox.close()
    await asyncio.wait_for(sender, 1)
    assert sent[-1] is None


async def test_what_the_sink_cannot_take_goes_to_the_sender_in_order() -> None:
    outbox, sink = Outbox(), Sink()
    sent: list[str | None] = []
    outbox.sink = sink
    sender = asyncio.create_task(_sender(outbox, sent))
    await asyncio.sleep(0)
    outbox.put_text("a")
    sink.room = False  # the socket's buffer is full
    outbox.put_text("b")
    sink.room = True
    outbox.put_text("c")  # after b, which waits for the sender: not written before it
    await asyncio.sleep(0)
    assert sink.written in (["a"], ["a", "b", "c"])
    assert sink.written + [text for text in sent if text] == ["a", "b", "c"]
    outbox.close()
    await asyncio.wait_for(sender, 1)
    assert sink.written + [text for text in sent if text] == ["a", "b", "c"]


def test_the_bucket_takes_a_burst_then_a_steady_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2.0, burst=3.0, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 0.25
    assert not bucket.take()
    clock.now += 0.25  # half a second: one token
    assert bucket.take() and not bucket.take()
    clock.now += 100  # never more than the burst
    assert sum(bucket.take() for _ in range(10)) == 3


def test_wrong_codes_wait_longer_each_time_and_one_at_a_time() -> None:
    clock = Clock()
    guesses = Guesses(first=0.5, longest=4.0, forget=60.0, clock=clock)
    assert guesses.wrong("10.0.0.1") == (1, 0.5)
    # a second guess at once, on another connection: it waits for the first, then its own
    assert guesses.wrong("10.0.0.1") == (2, 1.5)
    clock.now += 1.5
    assert guesses.wrong("10.0.0.1") == (3, 2.0)
    clock.now += 2.0
    assert guesses.wrong("10.0.0.1") == (4, 4.0)
    clock.now += 4.0
    assert guesses.wrong("10.0.0.1") == (5, 4.0)  # never longer than the longest
    assert guesses.wrong("10.0.0.2") == (1, 0.5)  # another address is not slowed
    clock.now += 61 + 4
    assert guesses.wrong("10.0.0.1") == (1, 0.5)  # forgiven after a quiet while
    assert guesses.count("10.0.0.1") == 1 and guesses.count("10.9.9.9") == 0


def test_a_warning_is_said_once_every_few_seconds_with_the_count_held_back() -> None:
    clock = Clock()
    throttle = Throttle(every=5.0, clock=clock)
    assert throttle.allow("a") == 0
    assert throttle.allow("a") is None and throttle.allow("a") is None
    assert throttle.allow("b") == 0
    clock.now += 5
    assert throttle.allow("a") == 2


def test_a_web_page_of_another_site_is_told_apart() -> None:
    own = URL("http://127.0.0.1:4000/ws")
    assert not cross_origin({}, own)  # a terminal's client sends no Origin
    assert not cross_origin({"Origin": "http://127.0.0.1:4000"}, own)
    assert cross_origin({"Origin": "http://evil.example"}, own)
    assert cross_origin({"Origin": "http://127.0.0.1:4001"}, own)
    assert cross_origin({"Origin": "null"}, own)
    assert cross_origin({"Origin": "http://[bad"}, own)


def test_running_out_of_files_is_one_line_every_few_seconds(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    logger = logging.getLogger("hearts.net.test")
    handler = quiet_exception_handler(logger, Throttle(every=5.0, clock=clock))
    loop = asyncio.new_event_loop()
    try:
        full = {"message": "socket.accept() out of system resource",
                "exception": OSError(errno.EMFILE, "Too many open files")}
        with caplog.at_level(logging.WARNING):
            for _ in range(100):
                handler(loop, full)
            clock.now += 6
            handler(loop, full)
        lines = [r.getMessage() for r in caplog.records]
        assert len(lines) == 2 and all("\n" not in line for line in lines)
        assert lines[0].startswith("Too many open files") and "tables go on" in lines[0]
        assert "99 more like it" in lines[1]
        caplog.clear()
        # another error: in full the first time, then one line at most every few seconds
        other = {"message": "Task exception was never retrieved",
                 "exception": RuntimeError("boom")}
        with caplog.at_level(logging.WARNING):
            for _ in range(50):
                handler(loop, other)
        assert len(caplog.records) == 1 and caplog.records[0].exc_info is not None
    finally:
        loop.close()


def test_a_librarys_repeated_error_is_in_full_once_then_one_line_at_times(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    logger = logging.getLogger("hearts.net.test.library")
    quiet = QuietRepeats(Throttle(every=5.0, clock=clock))
    logger.addFilter(quiet)
    try:
        with caplog.at_level(logging.ERROR):
            for _ in range(3):
                for _ in range(40):
                    try:
                        raise ConnectionResetError("gone")
                    except ConnectionResetError:
                        logger.exception("Error handling request")
                clock.now += 6
        records = caplog.records
        assert len(records) == 3
        assert records[0].exc_info is not None  # the first in full
        assert records[1].exc_info is None and "\n" not in records[1].getMessage()
        assert records[1].getMessage() == ("Error handling request: ConnectionResetError('gone') "
                                           "(39 more like it not shown)")
    finally:
        logger.removeFilter(quiet)


def test_accepting_again_on_a_closed_server_is_no_error(caplog: pytest.LogCaptureFixture) -> None:
    def _start_serving() -> None:
        """Named as asyncio's own, which retries accept() after running out of files."""

    loop = asyncio.new_event_loop()
    try:
        handle = loop.call_later(60, _start_serving)
        handler = quiet_exception_handler(logging.getLogger("hearts.net.test"))
        with caplog.at_level(logging.WARNING):
            handler(loop, {"message": "Exception in callback", "handle": handle,
                           "exception": ValueError("Invalid file descriptor: -1")})
        assert not caplog.records
        handle.cancel()
    finally:
        loop.close()
