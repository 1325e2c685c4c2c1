"""The playout's inner loop compiled with mypyc, used only while it matches the source.

The search levels spend nearly all their time in a few modules (:data:`MODULES`):
the hand-written judgement and the playout that plays a hand out with it.
Compiled to C by mypyc (part of mypy) the same source runs about twice as fast
and makes the same decisions. They are compiled when the package is built
(``setup.py``, which reads :data:`MODULES` from this file): a wheel holds the
extension modules beside their ``.py`` files, and an editable install or
``setup.py build_ext --inplace`` (``make compile``) puts them beside the source.
Python then imports them the ordinary way, extension modules first.

The build also writes :data:`DIGEST_FILE`, the :func:`source_digest` of the source
it compiled. :func:`install`, run when ``hearts`` is imported, loads the pure-Python
modules instead when that digest no longer matches the source on disk (an edit
since the build never runs stale compiled code), when the build was partial, or
when ``HEARTS_PURE_PYTHON`` is set. :func:`status` says which is in use and why.

This module imports nothing but the standard library, so that ``setup.py`` can
load it from its file without importing the package.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["DIGEST_FILE", "GROUP", "MODULES", "PURE_ENV", "Status", "compiled", "decide",
           "digest_files", "extension_files", "install", "shared_library", "source_digest",
           "status"]

MODULES = (
    "hearts.core",
    "hearts.ai.judgement",
    "hearts.ai.playout",
    "hearts.ai.sampling",
    "hearts.ai.inference",
    "hearts.ai.playfeatures",
    "hearts.ai.trial",
)
"""The modules compiled, as one mypyc group (so playout -> core calls stay native):
the lean core of the rules, the judgement every playout seat plays by, and the
playout. One line each; ``setup.py`` and the run time both read this tuple."""

GROUP = "hearts.speedups"
"""mypyc's group: the modules share one library, ``hearts/speedups__mypyc``."""

DIGEST_FILE = "speedups.digest"
"""The file, in the ``hearts`` package folder, holding the digest of the source compiled."""

PURE_ENV = "HEARTS_PURE_PYTHON"
"""An environment variable: when set (to anything but empty or 0), nothing compiled is used."""

_ROOT = Path(__file__).resolve().parent


def digest_files(files: Iterable[tuple[str, Path]]) -> str:
    """A short digest of files, each given as (name, path) in the order given: the
    name and the bytes of each. The project's one scheme for naming a source."""
    digest = hashlib.blake2b(digest_size=8)
    for name, path in files:
        digest.update(f"{name}\0".encode())
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def source_digest(root: Path = _ROOT) -> str:
    """The digest of every ``.py`` file of the library and of ``hearts.ai``: the
    compiled modules and everything they read types and constants from."""
    files = sorted([*root.glob("*.py"), *(root / "ai").glob("*.py")])
    return digest_files((file.relative_to(root).as_posix(), file) for file in files)


def shared_library() -> str:
    """The module name of the library the compiled modules share."""
    return f"{GROUP}__mypyc"


def extension_files(root: Path = _ROOT) -> dict[str, Path]:
    """The compiled module files under the package folder ``root`` for this
    interpreter, by module name (those found; the shared library included)."""
    found: dict[str, Path] = {}
    for name in (*MODULES, shared_library()):
        stem = root.joinpath(*name.split(".")[1:])
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = stem.with_name(stem.name + suffix)
            if path.is_file():
                found[name] = path
                break
    return found


@dataclass(frozen=True)
class Status:
    """Whether the compiled modules are used, and why not when they are not."""

    compiled: bool
    """True when :data:`MODULES` run compiled."""
    reason: str
    """Why, in a few words."""


_decided: Status | None = None


def decide(root: Path = _ROOT) -> Status:
    """Whether the compiled modules under the package folder ``root`` may be used
    (it imports nothing)."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return Status(False, f"{PURE_ENV} is set")
    found = extension_files(root)
    if not found:
        return Status(False, "not compiled (a pure-Python build)")
    if len(found) < len(MODULES) + 1:
        missing = sorted({*MODULES, shared_library()} - set(found))
        return Status(False, f"an incomplete build: {', '.join(missing)} missing")
    try:
        built = (root / DIGEST_FILE).read_text().strip()
    except OSError:
        return Status(False, f"no record of the source compiled ({DIGEST_FILE})")
    if built != source_digest(root):
        return Status(False, "the source changed since it was compiled (make compile "
                             "rebuilds it)")
    return Status(True, "built from this source")


def _load_pure(root: Path) -> None:
    """Load :data:`MODULES` from their ``.py`` files, so that no import finds the
    extension modules beside them.

    Each goes into ``sys.modules`` before its package is imported, run lazily (on
    first use, so the modules may import each other in any order); the package
    is then imported and given them as attributes, as an ordinary import does.
    """
    for name in MODULES:
        path = root.joinpath(*name.split(".")[1:]).with_suffix(".py")
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {name} from {path}", name=name)
        loader = importlib.util.LazyLoader(spec.loader)
        spec.loader = loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        loader.exec_module(module)
    for name in MODULES:
        package, _, leaf = name.rpartition(".")
        setattr(importlib.import_module(package), leaf, sys.modules[name])


def install(root: Path = _ROOT) -> Status:
    """Decide whether the compiled modules are used and, when they are not but
    are on disk, load the pure-Python ones in their place.

    ``hearts/__init__.py`` calls it once, before anything imports :data:`MODULES`;
    later calls return the decision made.
    """
    global _decided
    if _decided is None:
        chosen = decide(root)
        if not chosen.compiled and extension_files(root):
            _load_pure(root)
        _decided = chosen
    return _decided


def status() -> Status:
    """Whether the compiled modules are in use, and why (as :func:`install` decided)."""
    return install()


def compiled() -> bool:
    """Whether the modules in use are the compiled ones (it imports them)."""
    return all(Path(importlib.import_module(name).__file__ or "").suffix != ".py"
               for name in MODULES)
