"""Reading hand records from a file, for ``hearts verify`` and ``hearts-arena show``.

A file may hold one hand record (the JSON of :meth:`hearts.hand.Hand.to_json`,
on one line or spread over many), or JSON lines each holding a hand record or
an arena results line (whose ``hands`` are hand records; headers are skipped).
A file whose name ends in ``.gz`` is read through gzip, as the results kept in
``lab/results`` are. :func:`hand_key` names a hand by its record.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["RecordFileError", "SourcedRecord", "hand_key", "read_records", "read_text"]


def hand_key(record: dict[str, Any]) -> str:
    """A digest naming the hand (its record's JSON with sorted keys): the key its
    reviews are kept under."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


class RecordFileError(ValueError):
    """A file that holds no hand records, or a line that is not JSON."""


class SourcedRecord(NamedTuple):
    """A hand record and where in the file it was found."""

    where: str
    """``line 3`` or ``line 3, hand 2`` (hands of an arena results line)."""
    record: dict[str, Any]
    """The hand record."""


def _from_value(value: object, where: str) -> list[SourcedRecord]:
    if not isinstance(value, dict):
        raise RecordFileError(f"{where}: not a JSON object")
    if "hands" in value and isinstance(value["hands"], list):
        return [SourcedRecord(f"{where}, hand {number}", hand)
                for number, hand in enumerate(value["hands"], 1) if isinstance(hand, dict)]
    if value.get("format") == "hearts-arena-results":
        return []
    return [SourcedRecord(where, value)]


def read_text(path: Path) -> str:
    """The text of ``path`` (UTF-8), through gzip when its name ends in ``.gz``.

    Raises :class:`RecordFileError` when it cannot be read or decoded.
    """
    try:
        if path.suffix == ".gz":
            with gzip.open(path, "rt", encoding="utf-8") as file:
                return file.read()
        return path.read_text(encoding="utf-8")
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise RecordFileError(f"cannot read {path}: {error}") from None


def read_records(path: Path) -> list[SourcedRecord]:
    """Every hand record in ``path``, in file order."""
    text = read_text(path)
    try:
        out = _from_value(json.loads(text), "the file")
    except json.JSONDecodeError:
        out = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as error:
                raise RecordFileError(f"{path}, line {number}: not JSON ({error})") from None
            out.extend(_from_value(value, f"line {number}"))
    if not out:
        raise RecordFileError(f"{path} holds no hand records")
    return out
