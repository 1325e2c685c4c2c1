"""What every page of the game shares: the minimum size and the too-small notice,
the buttons, ``C-l`` and ``esc h``."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Button, Static

from hearts.tui.widgets import GameButton

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "FitScreen", "HelpKeysScreen", "too_small_text"]

MIN_WIDTH = 80
"""The narrowest terminal the table fits."""
MIN_HEIGHT = 24
"""The shortest terminal the table fits."""


def too_small_text(width: int, height: int) -> str:
    """The notice shown when the terminal is below the minimum size."""
    return (f"The terminal is too small for Hearts.\n\n"
            f"It must be at least {MIN_WIDTH} x {MIN_HEIGHT}; it is {width} x {height} now.\n\n"
            "Enlarge the window to carry on; the game is kept.")


class FitScreen(Screen[object]):
    """A page that hides itself behind a notice when the terminal is too small.

    Subclasses compose a container with id ``main`` and a ``Static`` with the
    class ``too-small``. A :class:`GameButton` runs the page's action of the
    same name (``BUTTON_ACTIONS`` renames); Quit leaves the game from any page.
    """

    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {}
    """Button names whose action has another name."""

    def on_mount(self) -> None:
        """Check the size as the page appears."""
        self.fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        """Check the size whenever the terminal changes."""
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Show the page, or the too-small notice."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notice = self.query_one(".too-small", Static)
        if small:
            notice.update(too_small_text(width, height))
        notice.display = small
        for child in self.query_children("#main"):
            child.display = not small
        for child in self.query_children(".status"):
            child.display = not small

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Run a button's action."""
        button = event.button
        if not isinstance(button, GameButton):
            return
        event.stop()
        if button.action_name == "quit":
            self.app.exit()
            return
        action = self.BUTTON_ACTIONS.get(button.action_name, button.action_name)
        method = getattr(self, f"action_{action}", None)
        if method is not None:
            method()

    def action_redraw(self) -> None:
        """``C-l``: redraw the whole screen."""
        self.app.refresh(repaint=True, layout=True)


class HelpKeysScreen(FitScreen):
    """A page from which ``esc h`` opens help: escape then ``h`` as two keys, or
    ``alt+h``, which is how a terminal delivers a fast escape h."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "escape", "Escape", show=False),
        Binding("h", "escape_h", "Help after escape", show=False),
        Binding("alt+h", "help", "Help", show=False),
    ]

    _escape_armed = False

    def on_key(self, event: events.Key) -> None:
        """Any key but escape and ``h`` disarms ``esc h``."""
        if event.key not in ("escape", "h"):
            self._escape_armed = False

    def action_escape(self) -> None:
        """The first half of ``esc h``."""
        self._escape_armed = True

    def action_escape_h(self) -> None:
        """``h``: the help page if it follows escape, otherwise nothing."""
        if self._escape_armed:
            self.action_help()

    def action_help(self) -> None:
        """Open the help page over this one."""
        self._escape_armed = False
        open_help = getattr(self.app, "open_help", None)
        if open_help is not None:
            open_help()
