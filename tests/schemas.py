"""The JSON Schemas of the table server's messages (docs/schema/), for the tests:
what the server sends and what each client sends is held to them."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

SCHEMAS = Path(__file__).resolve().parents[1] / "docs" / "schema"
"""Where the schemas are published, with docs/network.md."""


@cache
def _validators() -> dict[str, Any]:
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    loaded = {path.name: json.loads(path.read_text(encoding="utf-8"))
              for path in SCHEMAS.glob("*.json")}
    registry: Registry[Any] = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in loaded.values())
    found = {}
    for name, schema in loaded.items():
        Draft202012Validator.check_schema(schema)
        found[name] = Draft202012Validator(schema, registry=registry)
    return found


def problems(message: object, schema: str) -> list[str]:
    """What is wrong with ``message`` by ``schema`` (``client.json``, ``server.json``
    or ``seat-state.json``); empty when nothing is."""
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
            for error in _validators()[schema].iter_errors(message)]


def check(message: object, schema: str) -> None:
    """Raise ``AssertionError`` naming every problem of ``message`` by ``schema``."""
    found = problems(message, schema)
    assert not found, f"{json.dumps(message)[:400]} by {schema}: {found[:5]}"
