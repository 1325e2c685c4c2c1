"""``hearts``: start the terminal game."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> None:
    """Start the game (the terminal table is built in ``hearts.tui``)."""
    from hearts.tui.cli import main as tui_main

    tui_main(argv)


if __name__ == "__main__":
    main()
