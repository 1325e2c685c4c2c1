"""A yes-or-no question over the current page (quitting, abandoning a match)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from hearts.tui.widgets import GameButton

__all__ = ["ConfirmScreen"]


class ConfirmScreen(ModalScreen[bool]):
    """Asks ``question``; ``y`` or the yes button answers True, ``n``, escape or
    the No button False. Nothing else acts while it is up."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", show=False),
        Binding("n,escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str, yes: str) -> None:
        super().__init__(id="confirm-screen")
        self.question = question
        """What is asked."""
        self.yes = yes
        """The label of the button that says yes (Quit, Abandon)."""

    def compose(self) -> ComposeResult:
        """The question and two buttons."""
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question", markup=False)
            yield Static("y: yes, n or escape: no", id="confirm-keys", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield GameButton(f"{self.yes} (y)", "yes")
                yield GameButton("No (n)", "no")

    def on_mount(self) -> None:
        """Draw in ASCII if the app does."""
        if getattr(self.app, "ascii_only", False):
            self.add_class("ascii")

    _answered = False

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Yes or No clicked."""
        event.stop()
        if isinstance(event.button, GameButton):
            self.action_answer(event.button.action_name == "yes")

    def action_answer(self, answer: bool) -> None:
        """Close with ``answer`` (only the first answer counts: two quick clicks
        must not close the page beneath too)."""
        if not self._answered:
            self._answered = True
            self.dismiss(answer)
