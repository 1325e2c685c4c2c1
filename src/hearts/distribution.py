"""The distribution's name and version; the version is written once, in pyproject.toml.

An installed package (a wheel, or an editable install of a clone) reads it from
the distribution's metadata. Run from a source tree that is not installed (only
``PYTHONPATH=src``) there is no metadata; the version is then the one in that
tree's pyproject.toml, marked ``+source``, so it is never taken for a release.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["DISTRIBUTION", "UNKNOWN", "version"]

DISTRIBUTION = "terminal-hearts"
"""The name on the package index (the import name is ``hearts``)."""

UNKNOWN = "0+unknown"
"""The version when neither the metadata nor a pyproject.toml gives one."""

_PYPROJECT = Path(__file__).resolve().parent.parent.parent / "pyproject.toml"


def version(pyproject: Path = _PYPROJECT) -> str:
    """The installed version, else the source tree's (see the module's docstring)."""
    from importlib import metadata  # only when asked: it takes a while to import

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return _from_source(pyproject)


def _from_source(pyproject: Path) -> str:
    """``VERSION+source`` from the ``[project]`` table of ``pyproject``, if it is ours."""
    try:
        text = pyproject.read_text(encoding="utf-8")
    except OSError:
        return UNKNOWN
    # tomllib would parse it, but the import costs more than this look at two lines.
    name = re.search(r'^name\s*=\s*"([^"]+)"', text, re.MULTILINE)
    found = re.search(r'^version\s*=\s*"([^"]+)"', text, re.MULTILINE)
    if name is None or name.group(1) != DISTRIBUTION or found is None:
        return UNKNOWN
    return f"{found.group(1)}+source"
