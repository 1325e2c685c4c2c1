"""Reading hand records from a file, for ``hearts verify`` and ``hearts-arena show``.

A file may hold one hand record (the JSON of :meth:`hearts.hand.Hand.to_json`,
on one line or spread over many), or JSON lines each holding a hand record or
an arena results line (whose ``hands`` are hand records; headers are skipped).
A file whose name ends in ``.gz`` is read through gzip, as the results kept in
``lab/results`` are. Each hand is read once, into a typed
:class:`~hearts.hand.HandRecord`, and handed on with where it was found (or why
it does not read). :func:`hand_key` names a hand by its record.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any, NamedTuple

from hearts.hand import read_record
from hearts.hand_record import HandRecord, HandRecordError

__all__ = ["RecordFileError", "SourcedRecord", "hand_key", "read_records", "read_text"]


def hand_key(record: HandRecord | dict[str, Any]) -> str:
    """A digest naming the hand (its record's JSON with sorted keys): the key its
    reviews are kept under. A typed record's key is its JSON's
    (:meth:`~hearts.hand.HandRecord.to_json`), the same as the data it was read
    from gives, for every record the game writes."""
    data = record.to_json() if isinstance(record, HandRecord) else record
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


class RecordFileError(ValueError):
    """A file that holds no hand records, or a line that is not JSON."""


class SourcedRecord(NamedTuple):
    """A hand record of a file, read once, and where in the file it was found."""

    where: str
    """``line 3`` or ``line 3, hand 2`` (hands of an arena results line)."""
    data: dict[str, Any]
    """The record's JSON as the file holds it."""
    parsed: HandRecord | HandRecordError
    """The typed record, or why ``data`` is not one."""

    @property
    def record(self) -> HandRecord:
        """The typed record; raises the :class:`~hearts.hand.HandRecordError` of
        an entry that does not read."""
        if isinstance(self.parsed, HandRecordError):
            raise self.parsed
        return self.parsed


def _sourced(where: str, data: dict[str, Any]) -> SourcedRecord:
    try:
        parsed: HandRecord | HandRecordError = read_record(data)
    except HandRecordError as error:
        parsed = error
    return SourcedRecord(where, data, parsed)


def _from_value(value: object, where: str) -> list[SourcedRecord]:
    if not isinstance(value, dict):
        raise RecordFileError(f"{where}: not a JSON object")
    if "hands" in value and isinstance(value["hands"], list):
        return [_sourced(f"{where}, hand {number}", hand)
                for number, hand in enumerate(value["hands"], 1) if isinstance(hand, dict)]
    if value.get("format") == "hearts-arena-results":
        return []
    return [_sourced(where, value)]


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
    """Every hand record in ``path``, in file order, each read once (an entry that
    is not a hand record is kept with the reason, for the caller to report)."""
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
