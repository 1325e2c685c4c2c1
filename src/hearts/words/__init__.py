"""The words a person reads, one catalogue a language, shared by every front end.

Each language is a JSON file beside this module (``en.json``): the table's
prompts, notices, refusals and error codes, the review's verdicts and the web
table's own labels, each a template whose ``{name}`` fields the program fills
in (:func:`fill`). The terminal (:mod:`hearts.tui.words`) and the web table
(``hearts/web/static/js/``, which is served the same file) read the same
entries, so a code the table sends never reaches a person raw, and a new
language is one more file with the same keys.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["DEFAULT_LANGUAGE", "catalogue", "catalogue_text", "fill", "languages", "words"]

DEFAULT_LANGUAGE = "en"
"""The language of the words unless another is asked for."""

_FIELD = re.compile(r"\{([a-z_]+)\}")


def languages() -> list[str]:
    """The languages that have a catalogue."""
    return sorted(entry.name[:-5] for entry in resources.files(__name__).iterdir()
                  if entry.name.endswith(".json"))


@cache
def catalogue_text(language: str = DEFAULT_LANGUAGE) -> str:
    """The catalogue of ``language`` as the JSON text kept (the web table is served it)."""
    if language not in languages():
        raise ValueError(f"no words for language {language!r} (there are {languages()})")
    return resources.files(__name__).joinpath(f"{language}.json").read_text(encoding="utf-8")


@cache
def catalogue(language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """Every entry of ``language``'s catalogue."""
    data = json.loads(catalogue_text(language))
    if not isinstance(data, dict):
        raise ValueError(f"the words of {language!r} are not a JSON object")
    return data


def words(path: str, language: str = DEFAULT_LANGUAGE) -> Any:
    """The entry at ``path`` (keys joined by dots: ``"notices.back"``)."""
    entry: Any = catalogue(language)
    for key in path.split("."):
        entry = entry[key]
    return entry


def fill(template: str, fields: Mapping[str, object] | None = None, **more: object) -> str:
    """``template`` with each ``{name}`` replaced by its field (a field not given
    stays as written, so a missing one shows rather than breaks)."""
    values = {**(fields or {}), **more}

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        return str(values[name]) if name in values else match.group(0)

    return _FIELD.sub(one, template)
