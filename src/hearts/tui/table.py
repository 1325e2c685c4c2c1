"""The table page: the trick, the hand, the buttons and the status line, and
every key and click of play."""

from __future__ import annotations

from typing import ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from hearts.table import Action, Stage
from hearts.table import events as ev
from hearts.tui.base import KEYS_ALWAYS, HelpKeysScreen
from hearts.tui.seatapp import SeatApp
from hearts.tui.widgets import LARGE, GameButton, HandRow, TrickArea

__all__ = ["TableScreen"]

_BUTTONS: tuple[tuple[str, str, str | None], ...] = (
    ("Deal", "deal", "D"), ("Options", "options", "O"), ("Stats", "stats", "t"),
    ("Pass 0", "pass", "P"), ("Clear", "clear", "C"), ("Continue", "continue", "C"),
    ("Hint", "hint", None), ("Undo", "undo", "U"), ("Last", "last", "L"),
    ("Scores", "scores", "r"), ("Abandon", "abandon", "A"), ("React", "react", "e"),
    ("Help", "help", None),
    ("Quit", "quit", None),
)
"""Label, action and the letter underlined (only where that letter is the key)."""

_QUIT_KEYS = {"x"} | KEYS_ALWAYS
# Keys that keep their meaning while the received cards are on show; any
# other key only puts the cards into the hand.
_KEYS_KEPT_WHILE_RECEIVED = _QUIT_KEYS | {"escape", "alt+h"}


_PARTS = ("TrickArea", "HandRow", "#status", "#button-pass")
"""What :meth:`TableScreen.update` draws on: all of it must be on the page."""


class TableScreen(HelpKeysScreen):
    """The game table."""

    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {"pass": "pass_cards", "last": "last_trick"}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Highlight left", show=False),
        Binding("right", "move(1)", "Highlight right", show=False),
        Binding("space,enter", "select", "Play or choose", show=False),
        Binding("d", "deal", "Deal", show=False),
        Binding("p", "pass_cards", "Pass", show=False),
        Binding("c", "clear", "Clear", show=False),
        Binding("o", "options", "Options", show=False),
        Binding("t", "stats", "Statistics", show=False),
        Binding("question_mark,f1", "hint", "Hint", show=False),
        Binding("u", "undo", "Undo", show=False),
        Binding("l", "last_trick", "Last trick", show=False),
        Binding("r", "scores", "Score sheet", show=False),
        Binding("v", "review", "Review the hand", show=False),
        Binding("a", "abandon", "Abandon", show=False),
        Binding("y", "daily", "Today's deal", show=False),
        Binding("e", "react", "React", show=False),
        Binding("w", "happened", "What happened", show=False),
        Binding("x", "quit_game", "Quit", show=False),
        Binding("ctrl+l", "redraw", "Redraw", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="table-screen")

    @property
    def hearts(self) -> SeatApp:
        """The app, with its seat at the table."""
        return cast(SeatApp, self.app)

    def compose(self) -> ComposeResult:
        """The cloth, the buttons and the status line."""
        game = self.hearts.seat_view
        ascii_only = self.hearts.ascii_only
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield TrickArea(game, ascii_only, id="trick")
                yield HandRow(game, ascii_only, id="hand")
            with Vertical(id="buttons"):
                for label, action, accent in _BUTTONS:
                    yield GameButton(label, action, accent)
        yield Static("", id="status", classes="status", markup=False)
        yield Static("", classes="too-small", markup=False)

    def on_mount(self) -> None:
        """Draw the state as the table appears."""
        super().on_mount()
        self.update()

    def on_screen_resume(self) -> None:
        """Back from another page: redraw and pick up anything that fell due."""
        self.update()
        self.hearts.resume()

    def fits_again(self) -> None:
        """The terminal is big enough again: carry on where the game stood."""
        self.update()
        self.hearts.resume()

    def fit(self, width: int, height: int) -> None:
        """Show the page or the too-small notice; on a large terminal (:data:`LARGE`
        or more) the table is drawn bigger (the class ``large``)."""
        self.set_class(width >= LARGE[0] and height >= LARGE[1], "large")
        super().fit(width, height)
        if self.is_mounted:
            for drawing in (*self.query(TrickArea), *self.query(HandRow)):
                drawing.refresh()

    def update(self) -> None:
        """Redraw everything from the game's state (nothing while the page's widgets
        are not all there: before they are mounted, or as the app closes)."""
        # As the app closes the widgets go one by one: draw only a whole page.
        if not self.is_mounted or not all(self.query(part) for part in _PARTS):
            return
        game = self.hearts.seat_view
        self.query_one(TrickArea).refresh()
        self.query_one(HandRow).refresh()
        self.query_one("#status", Static).update(game.prompt())
        for button in self.query(GameButton):
            button.display = self.hearts.reacts if button.action_name == "react" \
                else game.can(Action(button.action_name))
        count = len(game.choice)
        self.query_one("#button-pass", GameButton).label = f"[u]P[/u]ass {count}"

    # --- input ----------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Any key puts away a trick shown again, or settles received cards."""
        if self.too_small:
            return  # the page's own handler holds every key
        hearts = self.hearts
        if hearts.seat_view.review is not None and event.key not in _QUIT_KEYS:
            event.stop()
            event.prevent_default()
            hearts.close_review()
        elif (hearts.seat_view.stage is Stage.RECEIVED
                and event.key not in _KEYS_KEPT_WHILE_RECEIVED):
            event.stop()
            event.prevent_default()
            hearts.send(ev.Continue(hearts.seat_view.seat))

    def on_click(self, event: events.Click) -> None:
        """A click anywhere puts away a trick shown again, or settles received cards;
        a click on the trick shows the last trick."""
        hearts = self.hearts
        if self.too_small:
            return
        if hearts.seat_view.review is not None:
            event.stop()
            hearts.close_review()
        elif hearts.seat_view.stage is Stage.RECEIVED:
            hearts.send(ev.Continue(hearts.seat_view.seat))
        elif isinstance(event.widget, TrickArea) and event.button == 1:
            hearts.show_last_trick()

    def on_hand_row_card_clicked(self, message: HandRow.CardClicked) -> None:
        """A card clicked: choose it for passing, or play it."""
        seat_view = self.hearts.seat_view
        if seat_view.review is not None:
            self.hearts.close_review()
            return
        if seat_view.stage is Stage.RECEIVED:
            self.hearts.send(ev.Continue(seat_view.seat))
            return
        if message.chain > 1:
            return  # the second click of a double click never plays a second card
        seat_view.highlight.put(seat_view.state, message.card)
        self.hearts.use(message.card)

    # --- actions --------------------------------------------------------------

    def action_move(self, step: int) -> None:
        """Move the highlight along the hand, wrapping round (the screen's alone)."""
        seat_view = self.hearts.seat_view
        seat_view.highlight.move(seat_view.state, step)
        self.update()

    def action_select(self) -> None:
        """Play the highlighted card, or choose it to pass."""
        seat_view = self.hearts.seat_view
        card = seat_view.highlighted
        if card is None:
            self.hearts.say(self.hearts.nothing_to_play())
        else:
            self.hearts.use(card)

    def action_deal(self) -> None:
        """Deal the next hand."""
        self.hearts.send(ev.Deal(self.hearts.seat_view.seat))

    def action_pass_cards(self) -> None:
        """Pass the chosen cards."""
        self.hearts.pass_chosen()

    def action_clear(self) -> None:
        """Lower every card chosen for passing."""
        self.hearts.clear_chosen()

    def action_continue(self) -> None:
        """Put the received cards into the hand."""
        self.hearts.send(ev.Continue(self.hearts.seat_view.seat))

    def action_options(self) -> None:
        """Open the options page (between hands only)."""
        self.hearts.open_options()

    def action_stats(self) -> None:
        """Open the statistics page (between hands and at game over)."""
        self.hearts.open_stats()

    def action_hint(self) -> None:
        """Show what the Expert would do now."""
        self.hearts.send(ev.AskHint(self.hearts.seat_view.seat))

    def action_undo(self) -> None:
        """Take back the last card (or the pass)."""
        self.hearts.send(ev.Undo(self.hearts.seat_view.seat))

    def action_last_trick(self) -> None:
        """Show the previous trick again."""
        self.hearts.show_last_trick()

    def action_scores(self) -> None:
        """Show the score sheet."""
        self.hearts.open_scores()

    def action_review(self) -> None:
        """Replay the hand just finished, with the verdict on every decision."""
        self.hearts.open_review()

    def action_abandon(self) -> None:
        """Abandon the match, after a confirmation."""
        self.hearts.abandon()

    def action_react(self) -> None:
        """Send a quick reaction to the table, or mute them (``hearts join``)."""
        self.hearts.open_reactions()

    def action_happened(self) -> None:
        """What happened at the table, in words (``hearts join``)."""
        self.hearts.open_happened()

    def action_daily(self) -> None:
        """Play today's deal (the match in progress is kept to carry on after)."""
        self.hearts.open_daily()

    def action_quit_game(self) -> None:
        """Leave the game (asking first if the match would be lost)."""
        self.hearts.quit_game()

    def action_redraw(self) -> None:
        """Redraw the whole screen."""
        self.update()
        super().action_redraw()
