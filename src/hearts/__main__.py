"""``hearts``: start the terminal game, or run one of its commands.

``hearts [options]`` plays; ``hearts COMMAND ...`` runs a command named in
:data:`COMMANDS` (each lives in its own module, so the game's commands load
neither Textual nor each other).
"""

from __future__ import annotations

import importlib
import sys

__all__ = ["COMMANDS", "main"]

COMMANDS: dict[str, str] = {
    "stats": "hearts.store.commands:stats_main",
    "history": "hearts.store.commands:history_main",
    "verify": "hearts.verify:main",
    "review": "hearts.tui.review_command:main",
    "daily": "hearts.tui.daily_command:main",
    "challenge": "hearts.tui.challenge_command:main",
    "host": "hearts.web.host:host_main",
    "join": "hearts.tui.join:main",
}
"""Command name to ``module:function``; the function takes the remaining
arguments and returns an exit status."""


def main(argv: list[str] | None = None) -> None:
    """Start the game, or run the command named first on the command line."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in COMMANDS:
        module, function = COMMANDS[args[0]].split(":")
        sys.exit(getattr(importlib.import_module(module), function)(args[1:]))
    from hearts.tui.cli import main as tui_main

    tui_main(args)


if __name__ == "__main__":
    main()
