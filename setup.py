"""Builds the playout's modules with mypyc when the wheel is built.

Everything else about the package is in pyproject.toml. The modules compiled
are ``MODULES`` in src/hearts/speedups.py, read from that file (the package is
not imported). The build is all or nothing and never fails for want of a
compiler: when mypyc or the C compiler fails or is missing, or ``HEARTS_PURE_BUILD=1``
is set, the result is the pure-Python package, which plays the same, only slower
(tagged for any platform, unless the compiler failed midway).

A successful build writes the digest of the source it compiled beside the
modules (``hearts/speedups.digest``), so the package can tell an edit made
since the build and use its pure-Python source then.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import sys
import sysconfig
import tempfile
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "src" / "hearts"
PURE_BUILD_ENV = "HEARTS_PURE_BUILD"
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}
"""The commands that compile: setuptools also runs this file only to read the
metadata, and mypyc need not run then."""


def _speedups() -> ModuleType:
    """src/hearts/speedups.py, loaded from its file (it needs only the standard library)."""
    spec = importlib.util.spec_from_file_location("_hearts_speedups", PACKAGE / "speedups.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def _say(message: str) -> None:
    print(f"setup.py: {message}", file=sys.stderr)


def _extensions(speedups: ModuleType) -> list[Extension]:
    """mypyc's extension modules, or none when a pure build is asked for or mypyc fails."""
    if os.environ.get(PURE_BUILD_ENV, "") not in ("", "0"):
        _say(f"{PURE_BUILD_ENV} is set: a pure-Python build")
        return []
    if not BUILDING & set(sys.argv[1:]):
        return []
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not compiler or shutil.which(compiler[0]) is None:
        _say("no C compiler found, a pure-Python build")
        return []
    try:
        from mypyc.build import mypycify

        paths = [str(Path("src", *name.split(".")).with_suffix(".py"))
                 for name in speedups.MODULES]
        return list(mypycify(paths, opt_level="3", group_name=speedups.GROUP))
    except BaseException as error:  # mypyc exits on type errors
        if isinstance(error, KeyboardInterrupt):
            raise
        _say(f"mypyc failed, a pure-Python build: {type(error).__name__}: {error}")
        return []


class BuildExt(build_ext):
    """build_ext, all or nothing: on a failure no compiled module is left, and on
    success the digest of the source compiled is written beside them."""

    def run(self) -> None:
        speedups = _speedups()
        target = Path(self.get_finalized_command("build_py").get_package_dir("hearts")) \
            if self.inplace else Path(self.build_lib) / "hearts"
        try:
            super().run()
        except Exception:  # a compiler fails in many ways
            _say("compiling failed, a pure-Python build:\n" + traceback.format_exc(limit=1))
            self._remove(speedups, target)
            self._remove(speedups, Path(self.build_lib) / "hearts")
            return
        _write_atomically(target / speedups.DIGEST_FILE, speedups.source_digest(PACKAGE) + "\n")

    @staticmethod
    def _remove(speedups: ModuleType, root: Path) -> None:
        for path in speedups.extension_files(root).values():
            path.unlink(missing_ok=True)
        (root / speedups.DIGEST_FILE).unlink(missing_ok=True)


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False,
                                     prefix=f".{path.name}.") as out:
        out.write(text)
    os.replace(out.name, path)


def _options() -> dict[str, Any]:
    extensions = _extensions(_speedups())
    return {"ext_modules": extensions, "cmdclass": {"build_ext": BuildExt}} if extensions else {}


setup(**_options())
