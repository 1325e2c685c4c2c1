"""The game's files: written whole or not at all, and named in notices briefly
enough to read whole on one line, never without the file's own name."""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

__all__ = ["aside_name", "short_path", "write_atomically"]


def write_atomically(path: str | os.PathLike[str], lines: Iterable[str]) -> None:
    """Write ``lines`` to ``path`` through a temporary file renamed over it, so a
    crash never leaves half a file (raises ``OSError``, leaving any earlier file
    untouched)."""
    path = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}-", suffix=".tmp",
                                dir=path.parent if str(path.parent) else ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.writelines(lines)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def aside_name(path: str | os.PathLike[str]) -> Path:
    """A free name to move a damaged ``path`` aside to: ``NAME.DATE-TIME.broken``
    beside it (with ``-2``, ``-3``... when taken), so it is kept, never overwritten."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{stamp}.broken")
    count = 1
    while aside.exists():
        count += 1
        aside = path.with_name(f"{path.name}.{stamp}-{count}.broken")
    return aside


def short_path(path: str | os.PathLike[str], room: int = 40) -> str:
    """``path`` for a notice: the home folder as ``~``, and if that is still longer
    than ``room`` characters, the file's own folder and name after ``.../`` (or
    only its name, when even that is too long)."""
    path = Path(path)
    text = str(path)
    home = str(Path.home())
    if home not in ("", "/") and text.startswith(home + os.sep):
        text = "~" + text[len(home):]
    if len(text) <= room:
        return text
    tail = f"...{os.sep}{Path(path.parent.name) / path.name}"
    return tail if len(tail) <= room else f"...{os.sep}{path.name}"
