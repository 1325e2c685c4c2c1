"""How notices name the game's files: short enough to read whole on one line,
never without the file's own name."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["short_path"]


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
