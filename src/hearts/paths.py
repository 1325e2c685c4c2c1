"""The game's files: written whole or not at all, and named in notices briefly
enough to read whole on one line, never without the file's own name."""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from collections.abc import Iterable
from pathlib import Path

__all__ = ["aside_name", "set_aside", "short_path", "write_atomically"]


def write_atomically(path: str | os.PathLike[str], lines: Iterable[str]) -> None:
    """Write ``lines`` to ``path`` through a temporary file beside it, flushed to disk
    and renamed over it, so a crash never leaves half a file (raises ``OSError``,
    leaving any earlier file untouched).

    The file keeps the permissions of the one it replaces; a new file gets what
    ``open`` would give it (the umask applies).
    """
    path = Path(path)
    while True:
        temp = path.with_name(f".{path.name}-{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        break
    try:
        with contextlib.suppress(FileNotFoundError):
            os.fchmod(fd, os.stat(path).st_mode & 0o7777)
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.writelines(lines)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def aside_name(path: str | os.PathLike[str], why: str = "broken") -> Path:
    """A free name to move ``path`` aside to: ``NAME.DATE-TIME.broken`` beside it
    (``why`` names the last part; ``-2``, ``-3``... are added to the time when the
    name is taken), so what was there is kept, never overwritten."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{stamp}.{why}")
    count = 1
    while aside.exists():
        count += 1
        aside = path.with_name(f"{path.name}.{stamp}-{count}.{why}")
    return aside


def set_aside(path: str | os.PathLike[str], why: str = "broken",
              companions: Iterable[str] = ()) -> Path:
    """Move ``path`` to :func:`aside_name` (a damaged file, or one a fresh start
    replaces) and return the new name; each companion file ``path + suffix`` (for
    ``suffix`` in ``companions``, such as a database's ``-wal``) that exists goes
    with it, as the new name plus the same suffix. Raises ``OSError`` on failure."""
    path = Path(path)
    aside = aside_name(path, why)
    os.replace(path, aside)
    for suffix in companions:
        extra = Path(f"{path}{suffix}")
        if extra.exists():
            os.replace(extra, Path(f"{aside}{suffix}"))
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
