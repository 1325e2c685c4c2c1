"""The options page: the rule set (``r``), then twelve settings, ``1``-``9``, ``0``,
``-`` and ``=`` (or a click) to change them, shift with the key (or a click on the
name) to go back; the target is typed in a field. Save or Cancel."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Static

from hearts.options import DIFFICULTIES, TARGET_MAX, TARGET_MIN, Options, Speed, target_refusal
from hearts.rules import Passing, RuleSet, Scoring
from hearts.tui.base import HelpKeysScreen
from hearts.tui.widgets import GameButton

__all__ = ["PAGE_ORDER", "RULE_SET", "SETTINGS", "SHIFTED_KEYS", "OptionRow", "OptionsScreen",
           "Setting", "TargetField", "cycle", "cycle_rule_set", "describe", "describe_rule_set",
           "setting_key"]


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
    Setting("passing", "Passing", (Passing.LEFT, Passing.ROTATE, Passing.ROTATE_HOLD),
            lambda p: {Passing.LEFT: "left every hand",
                       Passing.ROTATE: "left, right, across in turn",
                       Passing.ROTATE_HOLD: "left, right, across, hold (no pass)"}[p]),
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
    Setting("target", "Game ends at", (), lambda t: f"{t} points"),
    Setting("speed", "Play speed", (Speed.FAST, Speed.NORMAL, Speed.SLOW), str),
    Setting("forced_cards", "Forced cards", (False, True),
            _on_off("played for me after a short pause", "I play them myself")),
    Setting("review_each_hand", "Hand review", (False, True),
            _on_off("each hand, in the background", "when I press v")),
    Setting("pass_queen", "Queen of spades", (False, True),
            _on_off("may be passed", "may not be passed")),
)
"""The settings by number: ``1``-``9``, ``0`` for the tenth, ``-`` for the eleventh,
``=`` for the twelfth (:data:`PAGE_ORDER` places them on the page). The target has
no values to cycle: its key opens a field to type it in, and a click steps it
through :data:`TARGET_STEPS`."""

TARGET_STEPS = (50, 100, 150, 200, 300, 500)
"""The targets a click on the target steps through (the mouse alone can set it)."""

RULE_SET = 0
"""The number the rule set's line goes by (its key is ``r``, back with ``R``)."""

RULE_SET_WORDS = {
    RuleSet.ORIGINAL: "Original: this game's own defaults",
    RuleSet.CLASSIC: "Classic: as in Windows Hearts",
    RuleSet.OMNIBUS: "Omnibus: Classic, jack of diamonds -10",
    None: "Custom: as set below",
}
"""How each rule set reads on the page (None: the rules follow no set)."""

PAGE_ORDER = (1, RULE_SET, 2, 12, 3, 4, 5, 6, 7, 8, 9, 10, 11)
"""The lines of the page from the top, by setting number: the rule set's after
Difficulty, above the rules it sets, and the queen of spades (added last, so its
key is the last) beside the passing."""

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus", "equals_sign")
"""The key of each setting, by number (Textual's names)."""

LABELS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=")
"""The key of each setting as the page writes it."""

SHIFTED_KEYS = ("exclamation_mark", "at", "number_sign", "dollar_sign", "percent_sign",
                "circumflex_accent", "ampersand", "asterisk", "left_parenthesis",
                "right_parenthesis", "underscore", "plus")
"""The keys of shift with each setting's key on a US keyboard: a setting back."""

TITLE_COLUMNS = 22
"""A click left of this column on a setting's line moves it back."""

STATUS = "Options - changes show at once; Save keeps them"
"""The options page's status line."""


def setting_key(number: int) -> str:
    """The key of setting ``number`` (1-12) as Textual names it."""
    return KEYS[number - 1]


def _next(values: tuple[Any, ...], current: Any, step: int) -> Any:
    """The value ``step`` (1 or -1) along ``values`` from ``current``; from a value
    not among them, the first (or, going back, the last)."""
    if current in values:
        return values[(values.index(current) + step) % len(values)]
    return values[0] if step > 0 else values[-1]


def cycle(options: Options, number: int, step: int = 1) -> Options:
    """``options`` with setting ``number`` (1-12) moved on to its next value (or
    back to its previous one with ``step=-1``)."""
    setting = SETTINGS[number - 1]
    if not setting.values:
        return options
    current = getattr(options, setting.field)
    return replace(options, **{setting.field: _next(setting.values, current, step)})


def cycle_rule_set(options: Options, step: int = 1) -> Options:
    """``options`` with the next rule set's rules (the previous with ``step=-1``);
    from Custom, the first set (going back, the last). The target is kept."""
    rule_set: RuleSet = _next(tuple(RuleSet), options.rule_set, step)
    return rule_set.apply(options)


def describe(options: Options) -> list[str]:
    """The page's lines for ``options``, one a setting by number (the rule set's
    apart)."""
    return [f"{LABELS[number - 1]}  {setting.title:<18} "
            f"{setting.words(getattr(options, setting.field))}"
            for number, setting in enumerate(SETTINGS, start=1)]


def describe_rule_set(options: Options) -> str:
    """The rule set's line for ``options``."""
    return f"r  {'Rules':<18} {RULE_SET_WORDS[options.rule_set]}"


TARGET_NUMBER = next(n for n, s in enumerate(SETTINGS, start=1) if s.field == "target")
"""The target's setting number."""

TARGET_PROMPT = (f"Type the score the game ends at ({TARGET_MIN} to {TARGET_MAX}), then "
                 "return - escape keeps the old one")
"""The status line while the target is typed."""


class TargetField(Input):
    """The field the target is typed in: digits only; return keeps the number,
    escape puts the old one back (so does leaving the field with a number the game
    does not take, saying why)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "put_back", "Keep the old target", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(restrict=r"[0-9]*", max_length=4, id="target-field", compact=True)

    @property
    def page(self) -> OptionsScreen:
        """The options page the field is on."""
        screen = self.screen
        assert isinstance(screen, OptionsScreen)
        return screen

    @property
    def line(self) -> Widget:
        """The line holding the field, shown in place of the target's line."""
        assert isinstance(self.parent, Widget)
        return self.parent

    def open(self, target: int) -> None:
        """Show the field with ``target`` in it (all selected: typing replaces it)."""
        self.value = str(target)
        self.line.display = True
        self.focus()
        self.select_all()

    def close(self, target: int | None, refusal: str | None = None) -> None:
        """Hide the field; the page takes ``target`` (None keeps the old one)."""
        if self.line.display:
            self.line.display = False
            self.page.target_typed(target, refusal)

    def typed(self) -> tuple[int | None, str | None]:
        """The number typed (None if nothing is) and why the game will not take it
        (None if it will)."""
        target = int(self.value) if self.value else None
        return target, None if target is None else target_refusal(target)

    async def _on_key(self, event: events.Key) -> None:
        """A key that types no digit takes the number typed and then does what it
        does on the page (``s`` saves it); with a number the game does not take,
        the field stays open and says why."""
        if event.is_printable and not (event.character or "").isdigit():
            event.prevent_default()  # not typed; the page's keys still see it
            if not self.refused():
                self.close(self.typed()[0])
            else:
                event.stop()

    def refused(self) -> bool:
        """Say so and stay open if the number typed is one the game does not take."""
        refusal = self.typed()[1]
        if refusal is not None:
            self.page.say(refusal + " - type another, or escape")
            self.select_all()
        return refusal is not None

    def restricted(self) -> None:
        """A fifth digit: say what the field wants (no bell)."""
        self.page.say(TARGET_PROMPT)

    def action_put_back(self) -> None:
        """Escape: keep the old target."""
        self.close(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Return: take the number, unless the game refuses it (then stay open)."""
        event.stop()
        if not self.refused():
            self.close(self.typed()[0])

    def on_blur(self) -> None:
        """Leaving the field (a click elsewhere) takes what was typed, if the game
        takes it; otherwise the old target stays, and the page says why."""
        target, refusal = self.typed()
        self.close(None if refusal else target, refusal)


class OptionRow(Static):
    """One setting's line; a click on its value moves it on, on its name back."""

    class Clicked(Message):
        """A setting's line was clicked."""

        def __init__(self, number: int, step: int) -> None:
            super().__init__()
            self.number = number
            """The setting, 1-12, or :data:`RULE_SET`."""
            self.step = step
            """1 to move on, -1 to go back."""

    def __init__(self, number: int) -> None:
        name = "rules" if number == RULE_SET else str(number)
        super().__init__("", id=f"option-{name}", classes="option-row", markup=False)
        self.number = number
        """The setting this line shows (:data:`RULE_SET` for the rule set)."""

    def on_click(self, event: events.Click) -> None:
        """Change the setting: back when the name is clicked, on otherwise."""
        if event.button == 1:
            event.stop()
            self.post_message(self.Clicked(self.number, -1 if event.x < TITLE_COLUMNS else 1))


class OptionsScreen(HelpKeysScreen):
    """The options page; it dismisses with the saved options, or None on cancel."""

    AUTO_FOCUS = ""  # the keys belong to the page until the target field is opened

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(setting_key(number), f"change({number})", show=False)
          for number in range(1, len(SETTINGS) + 1)],
        *[Binding(key, f"change({number}, -1)", show=False)
          for number, key in enumerate(SHIFTED_KEYS[: len(SETTINGS)], start=1)],
        Binding("r", "change_rule_set", show=False),
        Binding("R", "change_rule_set(-1)", show=False),
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
                for number in PAGE_ORDER:
                    yield OptionRow(number)
                    if number == TARGET_NUMBER:
                        with Horizontal(id="target-edit", classes="option-row"):
                            setting = SETTINGS[number - 1]
                            yield Static(f"{LABELS[number - 1]}  {setting.title:<18} ",
                                         markup=False)
                            yield TargetField()
                            yield Static(f" points ({TARGET_MIN} to {TARGET_MAX})",
                                         markup=False)
                yield Static("r picks the rules by name; 1-9, 0, - and =, or a click on "
                             "the value, change a setting; shift with the key, or a click on "
                             "its name, goes back. s saves, c or x cancels. Saved options "
                             "take effect from the next hand dealt.", classes="options-hint",
                             markup=False)
            with Vertical(id="buttons"):
                yield GameButton("Save", "save", "S")
                yield GameButton("Cancel", "cancel", "C")
                yield GameButton("Help", "help")
                yield GameButton("Quit", "quit")
        yield Static(STATUS, classes="status", id="options-status", markup=False)
        yield Static("", classes="too-small", markup=False)

    def on_mount(self) -> None:
        """Show the values as the page opens."""
        super().on_mount()
        self.show()

    def show(self) -> None:
        """Write the current values on the page."""
        for number, line in enumerate(describe(self.options), start=1):
            self.query_one(f"#option-{number}", Static).update(line)
        self.query_one("#option-rules", Static).update(describe_rule_set(self.options))

    def say(self, text: str) -> None:
        """Put ``text`` on the status line (until the next change)."""
        self.query_one("#options-status", Static).update(text)

    @property
    def typing(self) -> bool:
        """True while the target is being typed."""
        return bool(self.query_one("#target-edit").display)

    def action_change(self, number: int, step: int = 1) -> None:
        """Move setting ``number`` on to its next value (back with ``step=-1``); the
        target's opens its field instead."""
        if number == TARGET_NUMBER:
            self.query_one(f"#option-{number}").display = False
            self.query_one(TargetField).open(self.options.target)
            self.say(TARGET_PROMPT)
            return
        self.options = cycle(self.options, number, step)
        self.say(STATUS)
        self.show()

    def action_change_rule_set(self, step: int = 1) -> None:
        """``r``: the next rule set (back with ``R``)."""
        self.options = cycle_rule_set(self.options, step)
        self.say(STATUS)
        self.show()

    def take_typed(self) -> bool:
        """Close the target field, if open, with the number typed; False (the field
        staying open, saying why) when the game does not take that number."""
        if not self.typing:
            return True
        field = self.query_one(TargetField)
        if field.refused():
            return False
        field.close(field.typed()[0])
        return True

    def on_option_row_clicked(self, message: OptionRow.Clicked) -> None:
        """A click on a setting changes it (a number being typed is taken first); a
        click on the target steps it through :data:`TARGET_STEPS`."""
        if not self.take_typed():
            return
        if message.number == RULE_SET:
            self.action_change_rule_set(message.step)
        elif message.number == TARGET_NUMBER:
            target = self.options.target
            if message.step > 0:
                target = next((t for t in TARGET_STEPS if t > target), TARGET_STEPS[0])
            else:
                target = next((t for t in reversed(TARGET_STEPS) if t < target),
                              TARGET_STEPS[-1])
            self.options = replace(self.options, target=target)
            self.say(STATUS)
            self.show()
        else:
            self.action_change(message.number, message.step)

    def target_typed(self, target: int | None, refusal: str | None = None) -> None:
        """The target field closed: show the target (``target``, if one was taken)."""
        if target is not None:
            self.options = replace(self.options, target=target)
        self.query_one(f"#option-{TARGET_NUMBER}").display = True
        self.say(refusal + " - the target stays" if refusal else STATUS)
        self.show()

    def action_save(self) -> None:
        """Keep the changes and leave the page (a target being typed first, if the
        game takes it)."""
        if self.take_typed():  # the Save button, with a number being typed
            self.leave(self.options)

    def action_cancel(self) -> None:
        """Put everything back and leave the page."""
        self.options = self.original
        self.leave(None)

