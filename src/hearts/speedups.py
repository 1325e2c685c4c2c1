"""The playout's inner loop compiled with mypyc, used only while it matches the source.

The search levels spend nearly all their time in two modules, the hand-written
judgement and the playout that plays a hand out with it. Compiled to C by mypyc
(part of mypy) the same source runs about twice as fast and makes the same
decisions. Compiling is optional: ``python -m hearts.compile`` (run by
``make``) puts the extension modules in a folder of the environment named by
a digest of the library's source, and :func:`install`, called when ``hearts`` is
imported, serves them only from the folder of the source on disk. So an edit
to the source falls back to pure Python until the next build, never to stale
code. Set ``HEARTS_PURE_PYTHON=1`` to ignore the compiled modules.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

__all__ = ["GROUP", "MODULES", "PURE_ENV", "compiled", "extensions", "folder", "install",
           "source_digest"]

MODULES = ("hearts.core", "hearts.ai.judgement", "hearts.ai.playout")
"""The modules compiled: the lean core of the rules, the judgement every playout seat
plays by, and the playout."""

GROUP = "hearts_speedups"
"""The name of the shared library mypyc builds for the modules (``GROUP__mypyc``)."""

PURE_ENV = "HEARTS_PURE_PYTHON"
"""An environment variable: when set (to anything but empty or 0), nothing compiled is used."""

_ROOT = Path(__file__).resolve().parent


def source_digest(root: Path = _ROOT) -> str:
    """A digest of every ``.py`` file of the library and of ``hearts.ai``: the compiled
    modules and everything they read types and constants from."""
    digest = hashlib.blake2b(digest_size=8)
    for file in sorted([*root.glob("*.py"), *(root / "ai").glob("*.py")]):
        digest.update(f"{file.relative_to(root)}\0".encode())
        digest.update(file.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def folder(digest: str | None = None) -> Path:
    """Where the modules compiled from the source with ``digest`` live (this source's
    by default): a folder of the running environment."""
    return Path(sys.prefix) / "hearts-speedups" / (digest or source_digest())


def extensions(where: Path) -> dict[str, Path]:
    """The compiled module files in ``where`` for this interpreter, by module name
    (empty unless every module of :data:`MODULES` is there)."""
    found: dict[str, Path] = {}
    for name in (*MODULES, f"{GROUP}__mypyc"):
        stem = where.joinpath(*name.split("."))
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = stem.with_name(stem.name + suffix)
            if path.is_file():
                found[name] = path
                break
        else:
            return {}
    return found


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules before the source ones."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        """The compiled module's spec, for the modules this finder serves."""
        file = self.files.get(fullname)
        return importlib.util.spec_from_file_location(fullname, file) if file else None


def install() -> bool:
    """Serve the compiled modules if they were built from the source on disk.

    Returns whether they will be used. Call it before ``hearts.ai`` is imported
    (``hearts/__init__.py`` does).
    """
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return False
    if any(isinstance(finder, _Finder) for finder in sys.meta_path):
        return True
    try:
        files = extensions(folder())
    except OSError:
        return False
    if not files:
        return False
    sys.meta_path.insert(0, _Finder(files))
    return True


def compiled() -> bool:
    """Whether the modules in use are the compiled ones (it imports them)."""
    return all(Path(importlib.import_module(name).__file__ or "").suffix != ".py"
               for name in MODULES)
