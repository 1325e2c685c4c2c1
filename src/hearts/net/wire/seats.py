"""The seats a person holds at network tables, kept between runs of ``hearts join``.

A seat's token is what gives a person their seat back. Kept only in memory, it
would be lost when ``hearts join`` quits (or a browser page is reloaded), and
running the same command again would find the seat held for someone who can
never return. So the client keeps each token in ``seats.json`` in the person's
data folder, by table address and code, readable by its owner alone.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from hearts.paths import set_aside, short_path, write_atomically

__all__ = ["MAX_FILE_BYTES", "SeatTokens"]

MAX_FILE_BYTES = 1 << 20
"""A seats file larger than this is not read (it is set aside)."""

_KEEP = 200
"""How many seats the file remembers (the oldest go first)."""


class SeatTokens:
    """Seat tokens by table, in a JSON file; a broken file is set aside with a notice."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        """The file."""
        self.notice: str | None = None
        """What happened to a file that could not be read, if one could not."""
        self._seats: dict[str, str] = self._read()

    @staticmethod
    def _key(url: str, code: str) -> str:
        return f"{url} {code}"

    def _read(self) -> dict[str, str]:
        try:
            if self.path.stat().st_size > MAX_FILE_BYTES:
                raise ValueError("too large")
            data = json.loads(self.path.read_text(encoding="utf-8"))
            seats = data["seats"]
            if not isinstance(seats, dict) or not all(
                    isinstance(k, str) and isinstance(v, str) for k, v in seats.items()):
                raise ValueError("not a map of tokens")
            return dict(seats)
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, KeyError, TypeError) as error:
            try:
                aside = set_aside(self.path)
                self.notice = (f"The seats file could not be read ({error}); it was kept "
                               f"as {short_path(aside)}")
            except OSError:
                self.notice = f"The seats file {short_path(self.path)} could not be read"
            return {}

    def get(self, url: str, code: str) -> str | None:
        """The token of the seat held at that table, if one is kept."""
        return self._seats.get(self._key(url, code))

    def keep(self, url: str, code: str, token: str) -> None:
        """Remember the seat's token (the file is written whole or not at all)."""
        key = self._key(url, code)
        if self._seats.get(key) == token:
            return
        self._seats.pop(key, None)
        self._seats[key] = token
        while len(self._seats) > _KEEP:
            del self._seats[next(iter(self._seats))]
        self._write()

    def forget(self, url: str, code: str) -> None:
        """The seat is no longer held (left for good, or refused)."""
        if self._seats.pop(self._key(url, code), None) is not None:
            self._write()

    def _write(self) -> None:
        text = json.dumps({"version": 1, "seats": self._seats}, indent=1) + "\n"
        with contextlib.suppress(OSError):  # a seat not remembered is no loss of play
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, [text])
            self.path.chmod(0o600)  # the tokens are the owner's alone
