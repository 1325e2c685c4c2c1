"""Watchers: people who follow a table as the public sees it, and cannot act.

A table has a watch code of its own (kept in ``watch.json`` in the table's
folder, beside ``table.json``, so it outlives a restart); whoever has it may
watch, up to :data:`MAX_WATCHERS` at once (one more is refused with
``watchers-full``). A watcher is sent the table's public state
(:func:`public_state`): the form of a seat's state with no seat, and nothing of
any hand that is not on the table: no seat's cards, no pass, no legal cards;
every hand as dealt only once the hand is over. It gets the notices said to
everyone, never one said to a seat (a hint, a refusal), and the players see
the watchers' names in their state.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from hearts.cards import SEAT_KEYS, Seat
from hearts.net import messages as msg
from hearts.net.codes import fresh_secret
from hearts.net.errors import ErrorCode
from hearts.net.names import name_key
from hearts.paths import write_atomically
from hearts.table import SeatState, Table
from hearts.table.table import Stage
from hearts.view import Phase

__all__ = ["MAX_WATCHERS", "WATCH_FILE", "WatchRefused", "Watchers", "public_state"]

MAX_WATCHERS = 16
"""The most people watching one table at once."""

WATCH_FILE = "watch.json"
"""The file in a table's folder that keeps its watch code."""


class WatchRefused(ValueError):
    """A ``watch`` the table refuses: the code, and why in words."""

    def __init__(self, code: ErrorCode, text: str) -> None:
        super().__init__(text)
        self.code = code
        """What the client acts on."""


class Watchers:
    """One table's watchers: its watch code and who watches now."""

    def __init__(self, folder: Path, limit: int = MAX_WATCHERS) -> None:
        self.limit = limit
        """The most watchers at once."""
        self.code = self._code(folder)
        """The watch code (a secret, as the join code is: it shows the table)."""
        self.outboxes: dict[Any, str] = {}
        """Each watcher's outbox, with the name they gave."""
        self.last: str | None = None
        """The public state last sent (the same one is not sent twice)."""

    @staticmethod
    def _code(folder: Path) -> str:
        path = folder / WATCH_FILE
        try:
            code = json.loads(path.read_text(encoding="utf-8"))["code"]
            if isinstance(code, str) and code:
                return code
        except (OSError, ValueError, KeyError, TypeError):
            pass
        code = fresh_secret(12)
        folder.mkdir(parents=True, exist_ok=True)
        write_atomically(path, [json.dumps({"code": code})])
        path.chmod(0o600)
        return code

    def matches(self, code: str) -> bool:
        """Whether ``code`` is this table's watch code (compared in constant time)."""
        return secrets.compare_digest(self.code.encode(), code.encode(errors="surrogatepass"))

    def add(self, name: str, outbox: Any) -> None:
        """Let ``name`` watch through ``outbox``; :class:`WatchRefused` says why not."""
        if len(self.outboxes) >= self.limit:
            raise WatchRefused(ErrorCode.WATCHERS_FULL, f"this table has {self.limit} "
                               "watchers, as many as it takes - try again later")
        self.outboxes[outbox] = name
        self.last = None

    def remove(self, outbox: Any) -> None:
        """A watcher went."""
        self.outboxes.pop(outbox, None)

    def names(self) -> list[str]:
        """The watchers' names, each once, in the order they came."""
        seen: dict[str, str] = {}
        for name in self.outboxes.values():
            seen.setdefault(name_key(name), name)
        return list(seen.values())

    def say(self, text: str) -> None:
        """A notice said to everyone at the table (its text) goes to the watchers too."""
        for outbox in self.outboxes:
            outbox.put_text(text)

    def redraw(self, table: Table, south: SeatState, seq: int, now: float,
               events: tuple[msg.Told, ...] = ()) -> bool:
        """Send the public state, built from the table and South's state, with
        ``events`` (the public happenings of the hand so far), if it changed; True
        when it did (its number is then the table's ``seq``)."""
        if not self.outboxes:
            return False
        state = public_state(table, south, self.names())
        text = json.dumps(state, sort_keys=True)
        if text == self.last:
            return False
        self.last = text
        message = msg.server_text(msg.StateMessage(seq, now, state, events))
        for outbox in self.outboxes:
            outbox.put_state(message)
        return True


def public_state(table: Table, south: SeatState, watchers: list[str]) -> dict[str, Any]:
    """What the public may see of ``table``: the state's form with no seat, built
    from South's state with everything of South's own hand taken out (the
    trick, the tricks, the points and the scores are on the table for all)."""
    data = south.to_json()
    data["schema"] = 3
    data["seat"] = None
    data.pop("chosen", None)
    view = data.get("view")
    if view is not None:
        view.update(seat=None, hand=[], passed=[], received=[], legal=[])
    for key in ("passable", "passed", "raised", "legal"):
        data[key] = []
    data["actions"] = []
    data["assisted"] = False
    data["watchers"] = watchers
    hand = table.hand
    prompt = data["prompt"]
    if table.stage in (Stage.PASSING, Stage.RECEIVED) and hand is not None:
        data["prompt"] = {"kind": "wait-pass", "direction": str(hand.pass_direction)}
    elif prompt.get("kind") == "trick-taken":
        prompt.pop("next_lead", None)
    result = data.get("result")
    if result is not None and hand is not None and hand.phase is Phase.OVER:
        result["deal"] = {SEAT_KEYS[seat]: [str(card) for card in hand.dealt(seat)]
                          for seat in Seat}
    return data
