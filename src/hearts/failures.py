"""Where a computer player's (or the hint's) failure is written down.

A failure is never passed over: the traceback goes to ``hearts.log`` in the
data folder, and the table tells the player what failed and where to look.
"""

from __future__ import annotations

import traceback
from datetime import UTC, datetime
from pathlib import Path

__all__ = ["LOG_NAME", "log_failure"]

LOG_NAME = "hearts.log"
"""The log's name inside the data folder."""


def log_failure(folder: Path, what: str, error: BaseException) -> Path | None:
    """Append ``error``'s traceback to the log in ``folder``, headed by ``what``
    failed and when; the log's path, or None when it could not be written."""
    path = folder / LOG_NAME
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    text = "".join(traceback.format_exception(error))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {stamp} {what}\n{text}\n")
    except OSError:
        return None
    return path
