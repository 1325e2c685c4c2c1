"""The options page: ten settings, ``1``-``9`` and ``0`` (or a click) to change
them, shift with the number (or a click on the name) to go back, Save or Cancel."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from hearts.options import DIFFICULTIES, TARGETS, Options, Speed
from hearts.rules import Passing, Scoring
from hearts.tui.base import HelpKeysScreen
from hearts.tui.widgets import GameButton

__all__ = ["SETTINGS", "SHIFTED_KEYS", "OptionRow", "OptionsScreen", "Setting", "cycle",
           "describe", "setting_key"]


class Setting:
    """One line of the options page: a field of :class:`Options`, the values it
    cycles through, and how each value reads."""

    def __init__(self, field: str, title: str, values: tuple[Any, ...],
                 words: Callable[[Any], str]) -> None:
        self.field = field
        """The :class:`Options` field."""
        self.title = title
        """The name on the page."""
        self.values = values
        """The values in the order ``1``-``9`` cycles them."""
        self.words = words
        """How a value reads on the page."""


def _on_off(on: str, off: str) -> Callable[[Any], str]:
    return lambda value: on if value else off


SETTINGS: tuple[Setting, ...] = (
    Setting("difficulty", "Difficulty", (1, 2, 3, 4, 5),
            lambda level: DIFFICULTIES[level - 1]),
    Setting("passing", "Passing", (Passing.LEFT, Passing.ROTATE),
            lambda p: "left every hand" if p is Passing.LEFT else "left, right, across in turn"),
    Setting("scoring", "Scoring", (Scoring.HOUSE, Scoring.CLASSIC),
            lambda s: ("house: QS 10, AH 5 (33 a hand)" if s is Scoring.HOUSE
                       else "classic: QS 13, hearts 1 (26 a hand)")),
    Setting("jack_of_diamonds", "Jack of diamonds", (False, True),
            _on_off("-10 to whoever wins it", "not played")),
    Setting("first_lead", "First lead", (False, True),
            _on_off("must be the 2 of clubs", "any card")),
    Setting("leading_hearts", "Leading hearts", (False, True),
            _on_off("only once hearts are broken", "allowed at any time")),
    Setting("first_trick", "First trick", (False, True),
            _on_off("no points may be played", "points allowed")),
    Setting("target", "Game ends at", TARGETS, lambda t: f"{t} points"),
    Setting("speed", "Play speed", (Speed.FAST, Speed.NORMAL, Speed.SLOW), str),
    Setting("forced_cards", "Forced cards", (False, True),
            _on_off("played for me after a short pause", "I play them myself")),
    Setting("review_each_hand", "Hand review", (False, True),
            _on_off("each hand, in the background", "when I press v")),
)
"""The settings in page order: ``1``-``9``, ``0`` for the tenth, ``-`` for the eleventh."""

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus")
"""The key of each setting, in page order (Textual's names)."""

LABELS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-")
"""The key of each setting as the page writes it."""

SHIFTED_KEYS = ("exclamation_mark", "at", "number_sign", "dollar_sign", "percent_sign",
                "circumflex_accent", "ampersand", "asterisk", "left_parenthesis",
                "right_parenthesis", "underscore")
"""The keys of shift with each setting's key on a US keyboard: a setting back."""

TITLE_COLUMNS = 22
"""A click left of this column on a setting's line moves it back."""


def setting_key(number: int) -> str:
    """The key of setting ``number`` (1-11) as Textual names it."""
    return KEYS[number - 1]


def cycle(options: Options, number: int, step: int = 1) -> Options:
    """``options`` with setting ``number`` (1-11) moved on to its next value (or
    back to its previous one with ``step=-1``)."""
    setting = SETTINGS[number - 1]
    values = setting.values
    current = getattr(options, setting.field)
    index = values.index(current) if current in values else -1
    return replace(options, **{setting.field: values[(index + step) % len(values)]})


def describe(options: Options) -> list[str]:
    """The page's lines for ``options``, one a setting."""
    return [f"{LABELS[number - 1]}  {setting.title:<18} "
            f"{setting.words(getattr(options, setting.field))}"
            for number, setting in enumerate(SETTINGS, start=1)]


class OptionRow(Static):
    """One setting's line; a click on its value moves it on, on its name back."""

    class Clicked(Message):
        """A setting's line was clicked."""

        def __init__(self, number: int, step: int) -> None:
            super().__init__()
            self.number = number
            """The setting, 1-11."""
            self.step = step
            """1 to move on, -1 to go back."""

    def __init__(self, number: int) -> None:
        super().__init__("", id=f"option-{number}", classes="option-row", markup=False)
        self.number = number
        """The setting this line shows."""

    def on_click(self, event: events.Click) -> None:
        """Change the setting: back when the name is clicked, on otherwise."""
        if event.button == 1:
            event.stop()
            self.post_message(self.Clicked(self.number, -1 if event.x < TITLE_COLUMNS else 1))


class OptionsScreen(HelpKeysScreen):
    """The options page; it dismisses with the saved options, or None on cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(setting_key(number), f"change({number})", show=False)
          for number in range(1, len(SETTINGS) + 1)],
        *[Binding(key, f"change({number}, -1)", show=False)
          for number, key in enumerate(SHIFTED_KEYS[: len(SETTINGS)], start=1)],
        Binding("s", "save", "Save", show=False),
        Binding("c,x", "cancel", "Cancel", show=False),
        Binding("ctrl+l", "redraw", show=False),
    ]

    def __init__(self, options: Options) -> None:
        super().__init__(id="options-screen")
        self.original = options
        """The options as they were on entry (Cancel puts them back)."""
        self.options = options
        """The options as changed so far."""

    def compose(self) -> ComposeResult:
        """The settings and the buttons."""
        with Horizontal(id="main"):
            with Vertical(id="options-list"):
                yield Static("Options", classes="options-title")
                for number in range(1, len(SETTINGS) + 1):
                    yield OptionRow(number)
                yield Static("1-9, 0 and -, or a click on the value, change a setting; shift "
                             "with the number, or a click on its name, goes back. s saves, "
                             "c or x cancels. Saved options take effect from the next hand "
                             "dealt.", classes="options-hint", markup=False)
            with Vertical(id="buttons"):
                yield GameButton("Save", "save", "S")
                yield GameButton("Cancel", "cancel", "C")
                yield GameButton("Help", "help")
                yield GameButton("Quit", "quit")
        yield Static("Options - changes show at once; Save keeps them", classes="status",
                     markup=False)
        yield Static("", classes="too-small", markup=False)

    def on_mount(self) -> None:
        """Show the values as the page opens."""
        super().on_mount()
        self.show()

    def show(self) -> None:
        """Write the current values on the page."""
        for number, line in enumerate(describe(self.options), start=1):
            self.query_one(f"#option-{number}", Static).update(line)

    def action_change(self, number: int, step: int = 1) -> None:
        """Move setting ``number`` on to its next value (back with ``step=-1``)."""
        self.options = cycle(self.options, number, step)
        self.show()

    def on_option_row_clicked(self, message: OptionRow.Clicked) -> None:
        """A click on a setting changes it."""
        self.action_change(message.number, message.step)

    def action_save(self) -> None:
        """Keep the changes and leave the page."""
        self.leave(self.options)

    def action_cancel(self) -> None:
        """Put everything back and leave the page."""
        self.options = self.original
        self.leave(None)

