"""What every page of the game shares: the minimum size and the too-small notice
(the page holds still behind it), the buttons, ASCII drawing, ``C-l`` and ``esc h``."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.scrollbar import ScrollBarRender
from textual.widgets import Button, Static

from hearts.tui.widgets import GameButton

__all__ = ["KEYS_ALWAYS", "MIN_HEIGHT", "MIN_WIDTH", "AsciiScrollBarRender", "FitScreen",
           "HelpKeysScreen", "too_small_text"]

MIN_WIDTH = 80
"""The narrowest terminal the table fits."""
MIN_HEIGHT = 24
"""The shortest terminal the table fits."""
KEYS_ALWAYS = frozenset({"ctrl+q", "ctrl+c", "ctrl+l"})
"""Keys that work even behind the too-small notice: quitting and redrawing."""


def too_small_text(width: int, height: int) -> str:
    """The notice shown when the terminal is below the minimum size."""
    return (f"The terminal is too small for Hearts.\n\n"
            f"It must be at least {MIN_WIDTH} x {MIN_HEIGHT}; it is {width} x {height} now.\n\n"
            "Enlarge the window to carry on; the game is kept.\n\n"
            "Press x to quit.")


class AsciiScrollBarRender(ScrollBarRender):
    """A scrollbar drawn with spaces and colour only (no block characters)."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "]
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "]


class FitScreen(Screen[object]):
    """A page that hides itself behind a notice when the terminal is too small.

    Subclasses compose a container with id ``main`` and a ``Static`` with the
    class ``too-small``. A :class:`GameButton` runs the page's action of the
    same name (``BUTTON_ACTIONS`` renames); Quit leaves the game from any page.
    """

    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {}
    """Button names whose action has another name."""

    too_small = False
    """True while the terminal is below the minimum size and the notice is up."""

    def on_mount(self) -> None:
        """Check the size as the page appears; draw in ASCII if the app does."""
        if getattr(self.app, "ascii_only", False):
            self.add_class("ascii")
            for scroller in self.query(ScrollableContainer):
                scroller.vertical_scrollbar.renderer = AsciiScrollBarRender  # type: ignore[misc]
                scroller.horizontal_scrollbar.renderer = AsciiScrollBarRender  # type: ignore[misc]
        self.fit(self.app.size.width, self.app.size.height)

    def on_key(self, event: events.Key) -> None:
        """Behind the too-small notice no key acts, but quitting and redrawing;
        ``x`` quits there from any page (asking first if the match would be lost)."""
        if self.too_small and event.key not in KEYS_ALWAYS:
            event.stop()
            event.prevent_default()
            if event.key == "x":
                self.leave_game()

    def on_resize(self, event: events.Resize) -> None:
        """Check the size whenever the terminal changes."""
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Show the page, or the too-small notice."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        grown = self.too_small and not small
        self.too_small = small
        notice = self.query_one(".too-small", Static)
        if small:
            notice.update(too_small_text(width, height))
        notice.display = small
        for child in self.query_children("#main"):
            child.display = not small
        for child in self.query_children(".status"):
            child.display = not small
        if grown:
            self.fits_again()

    def fits_again(self) -> None:
        """The terminal is big enough again (pages that wait override this)."""

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Run a button's action."""
        button = event.button
        if not isinstance(button, GameButton):
            return
        event.stop()
        if button.action_name == "quit":
            self.leave_game()
            return
        action = self.BUTTON_ACTIONS.get(button.action_name, button.action_name)
        method = getattr(self, f"action_{action}", None)
        if method is not None:
            method()

    def leave_game(self) -> None:
        """Quit through the app, which asks first if the match would be lost."""
        getattr(self.app, "quit_game", self.app.exit)()

    def leave(self, result: object = None) -> None:
        """Close this page with ``result``, once, and only while it is on top: a
        second quick click on Close must not close the page beneath as well, nor
        a click that arrives after another page opened over this one close that
        page in its place (``is_current`` counts a page under another too)."""
        if self.is_active:
            self.dismiss(result)

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
