"""The options page: nine settings, ``1``-``9`` or a click to change them, Save or Cancel."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from hearts.options import DIFFICULTIES, Options, Speed
from hearts.rules import TARGETS, Passing, Scoring
from hearts.tui.base import HelpKeysScreen
from hearts.tui.widgets import GameButton

__all__ = ["SETTINGS", "OptionsScreen", "Setting", "cycle", "describe"]


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
)
"""The nine settings in page order."""


def cycle(options: Options, number: int) -> Options:
    """``options`` with setting ``number`` (1-9) moved on to its next value."""
    setting = SETTINGS[number - 1]
    values = setting.values
    current = getattr(options, setting.field)
    index = values.index(current) if current in values else -1
    return replace(options, **{setting.field: values[(index + 1) % len(values)]})


def describe(options: Options) -> list[str]:
    """The page's nine lines for ``options``."""
    return [f"{number}  {setting.title:<18} {setting.words(getattr(options, setting.field))}"
            for number, setting in enumerate(SETTINGS, start=1)]


class OptionsScreen(HelpKeysScreen):
    """The options page; it dismisses with the saved options, or None on cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(number), f"change({number})", show=False) for number in range(1, 10)],
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
        """The nine settings and the buttons."""
        with Horizontal(id="main"):
            with Vertical(id="options-list"):
                yield Static("Options", classes="options-title")
                for number in range(1, 10):
                    yield Static("", id=f"option-{number}", classes="option-row", markup=False)
                yield Static("Click a setting or press 1-9 to change it.\n"
                             "Save (s) keeps the changes; Cancel (c or x) puts them back.\n"
                             "Saved options take effect from the next hand dealt.",
                             classes="options-hint", markup=False)
            with Vertical(id="buttons"):
                yield GameButton("Save", "save")
                yield GameButton("Cancel", "cancel")
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

    def action_change(self, number: int) -> None:
        """Move setting ``number`` on to its next value."""
        self.options = cycle(self.options, number)
        self.show()

    def on_click(self, event: events.Click) -> None:
        """A left click on a setting moves it on, as its number key does."""
        row = event.widget
        if event.button == 1 and row is not None and row.has_class("option-row"):
            event.stop()
            self.action_change(int(str(row.id).removeprefix("option-")))

    def action_save(self) -> None:
        """Keep the changes and leave the page."""
        self.dismiss(self.options)

    def action_cancel(self) -> None:
        """Put everything back and leave the page."""
        self.options = self.original
        self.dismiss(None)

