"""Weights files of the learned models (:mod:`hearts.ai.moonmodel`,
:mod:`hearts.ai.playmodel`): their fingerprint and how they are read.

A weights file is a JSON object whose ``fingerprint`` is a digest of the rest of
it (the ``trained`` notes left out), so that a file edited by hand or cut short
is refused when loaded.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["fingerprint", "read_file", "read_shipped"]


def fingerprint(body: dict[str, Any]) -> str:
    """A 16-hex-digit digest of a weights file's contents (its own ``fingerprint``
    and the ``trained`` notes left out)."""
    kept = {key: value for key, value in body.items() if key not in ("fingerprint", "trained")}
    text = json.dumps(kept, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def read_file(path: Path) -> dict[str, Any]:
    """The JSON object of the weights file at ``path`` (``ValueError`` if it cannot
    be read as one)."""
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: cannot read the weights: {error}") from None
    if not isinstance(body, dict):
        raise ValueError(f"{path}: a weights file is a JSON object")
    return body


def read_shipped(name: str) -> dict[str, Any]:
    """The JSON object of the weights file ``name`` shipped in ``hearts.ai``."""
    body = json.loads(resources.files("hearts.ai").joinpath(name).read_text(encoding="utf-8"))
    assert isinstance(body, dict)
    return body
