"""The page of quick reactions over the table (``hearts join``): ``e`` opens it,
a digit (or a click) sends one to everyone at the table, ``m`` mutes every
reaction (or shows them again)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from hearts.net.wire.messages import REACTIONS
from hearts.tui.reactions import reaction_words
from hearts.tui.widgets import GameButton
from hearts.words import words

__all__ = ["MUTE", "ReactionsScreen"]

MUTE = "mute"
"""What :class:`ReactionsScreen` answers when the person mutes (or shows) reactions."""


class ReactionsScreen(ModalScreen[str | None]):
    """The reactions to choose from, over the table: a digit (or a click) sends one,
    ``m`` mutes reactions or shows them again, escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(number), f"choose({number})", show=False)
          for number in range(1, len(REACTIONS) + 1)),
        Binding("m", "mute", "Mute", show=False),
        Binding("escape,e,x", "back", "Back", show=False),
    ]

    def __init__(self, muted: bool) -> None:
        super().__init__(id="reactions-screen")
        self.muted = muted
        """Reactions are muted now (the mute button says so)."""

    def compose(self) -> ComposeResult:
        """The title, a button a reaction, the mute button and the keys."""
        with Vertical(id="reactions-box"):
            yield Static(str(words("reactions.choose")), id="reactions-title", markup=False)
            for number, name in enumerate(REACTIONS, 1):
                yield GameButton(f"{number} {reaction_words(name)}", f"react-{name}")
            mute = words("reactions.unmute" if self.muted else "reactions.mute")
            yield GameButton(f"m {mute}", MUTE)
            yield Static(str(words("reactions.keys")), id="reactions-keys", markup=False)

    def on_mount(self) -> None:
        """Draw in ASCII if the app does."""
        if getattr(self.app, "ascii_only", False):
            self.add_class("ascii")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A reaction (or the mute) clicked."""
        event.stop()
        if isinstance(event.button, GameButton):
            name = event.button.action_name
            self._answer(MUTE if name == MUTE else name.removeprefix("react-"))

    def action_choose(self, number: int) -> None:
        """A digit: that reaction."""
        self._answer(REACTIONS[number - 1])

    def action_mute(self) -> None:
        """``m``: mute the reactions, or show them again."""
        self._answer(MUTE)

    def action_back(self) -> None:
        """Back to the table, nothing sent."""
        self._answer(None)

    _answered = False

    def _answer(self, answer: str | None) -> None:
        if not self._answered and self.is_active:
            self._answered = True
            self.dismiss(answer)
