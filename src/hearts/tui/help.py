"""The help page: the rules, the scoring, the keys, the mouse and the options."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from hearts.rules import Rules
from hearts.tui.base import FitScreen
from hearts.tui.options_page import OptionsScreen
from hearts.tui.widgets import GameButton
from hearts.words import words

__all__ = ["HELP_TEXT", "HelpScreen", "rules_text", "unwrap"]

HELP_TEXT = """\
[b]HEARTS - HOW TO PLAY[/b]

[b]The game[/b]
You sit South and play against three computer players: West, North and East.
Low scores are good. Each hand everyone gets 13 cards. Before play, each
player gives away 3 cards and receives 3 from someone else; the queen of
spades may not be given away (under the Classic rules it may). The cards you
receive are lifted out of your hand for a moment so you can see them. Under the
Classic rules the cards go left, right, across, and every fourth hand nobody
passes (the hold hand).

The player after the dealer leads the first trick with any card. Everyone
else follows the suit that was led if they can; if they cannot, they may play
anything. The highest card of the led suit takes the trick, and whoever takes
it leads next.

These are this game's own rules (Original): any card may start the first
trick, hearts may be led at any time, and points may fall on the first trick.
The Classic rules, as in Windows Hearts and on most Hearts sites, are r on the
options page: the 2 of clubs leads, no points on the first trick, hearts not
led until broken, the hold hand, the queen of spades may be passed, and classic
scoring. Omnibus is Classic with the jack of diamonds. Each rule can also be
set on its own.

[b]Scoring[/b]
House scoring (the default) makes each hand worth 33 points: the queen of
spades 10, the ace of hearts 5, king 4, queen 3, jack 2, and every other heart
1. Classic scoring makes every heart 1 and the queen of spades 13, 26 in all.
Take every point in a hand and you shoot the moon: you score nothing and each
other player gets the whole value of the hand. The game ends when someone
reaches the target (100 unless changed); the lowest total wins.

[b]On the table[/b]
Each player's label shows name, cards still held, points this hand and total,
e.g. "West  12    0 /  5"; the bottom corners repeat this and name the computer
players' level. Below each trick card are the suits that player has shown out
of ("out: C H"); the top corner says whether hearts are broken. When a trick is
complete its winning card is marked ("took it") while it stays on show.
Between hands the table shows the hand's number and the seed it was dealt from
(to check it later), and the score sheet.

[b]Keys[/b]
  left, right     move the highlight along your hand (it wraps round)
  space, return   play the highlighted card, or choose it to pass
  d               deal the next hand (or start a new game when one is over)
  p               pass the 3 chosen cards
  c               clear the cards chosen to pass
  any key         while received cards are on show: settle them and play on
  ?, F1           hint: the card the Expert would play, or the 3 it would pass
  l               show the last trick again (any key goes back); a click on
                  the trick does the same
  u               undo: take back your last card and the cards played after
                  it, or your pass until the cards are exchanged
  r               the score sheet of this match
  v               between hands: review the hand just played, trick by
                  trick, with the Expert's verdict on every decision
  a               abandon this match and start a new one (asks first)
  e               at a table of friends (hearts join): a quick reaction to
                  everyone there (1 to 8 picks one: Hello!, Nice play!...),
                  shown by your seat for a few seconds; m there mutes all
                  reactions (kept for the next time), or shows them again
  w               at a table of friends: what happened, in words (each card
                  played, each trick taken, your pass), the newest last
  y               today's deal: the same hand for everyone today, you
                  against three Experts, your points beside the Expert's
                  par at its end (hearts daily starts it too); the match
                  carries on afterwards
  o               the options page (between hands)
  t               your statistics (between hands and at game over)
  s               on the options page: save and go back
  x               quit; on the options page it cancels instead. If the match
                  in progress would be lost, you are asked first
  ctrl+q, ctrl+c  quit, as x does (from any page)
  esc h           this page (escape then h, or alt+h)
  C-l             redraw the screen
  r               on the options page: the rules by name (R goes back)
  1 - 9, 0, -, =  on the options page: change a setting (shift goes back)
  t, q, c         on the statistics page: back to the game
A match in which you used a hint or undo is marked as assisted, and counted
on its own in the statistics.

[b]Mouse[/b]
Click a card with the left button to play it or to choose it for passing
(click a chosen card again to put it back); press and release on the same
card. Click a button to use it; buttons appear only when they can be used:
Deal and Options between hands, Pass and Clear while passing, Continue while
received cards are on show, Hint when you have a decision, Undo when there is
something to take back, Last once a trick is done, Scores and Abandon during a
match, Stats between hands, React at a table of friends, Help and Quit always.
A click anywhere puts received cards into the hand. A double click plays only
one card. On the options page, click a value to change it, or its name to go
back; a click on the target opens its field.

[b]Options[/b]
Between hands, o opens the options page; r, 1 to 9, 0, - and = change the
settings and Save keeps them for later sessions.
  1 Difficulty      Beginner, Casual, Club, Strong or Expert. The top two
                    levels think ahead by playing the hand out many times.
  r Rules           Original, Classic or Omnibus: sets the seven rules below
                    it (not the target); one changed by hand makes it Custom
  2 Passing         left every hand; left, right and across in turn; or
                    left, right, across and a hold hand with no passing
  = Queen of spades  may not be passed (Original), or may be (Classic)
  3 Scoring         house (33 a hand) or classic (26 a hand)
  4 Jack of diamonds  off, or -10 points to whoever takes it (not needed to
                    shoot the moon)
  5 First lead      any card, or the 2 of clubs must lead
  6 Leading hearts  any time, or not until a heart has been played
  7 First trick     points allowed, or no points on the first trick
  8 Game ends at    any score from 10 to 1000: type it, then return
                    (escape keeps the old one), or click it to step through
                    50, 100, 150, 200, 300 and 500; lowered below a total
                    between hands, it ends the game at once
  9 Play speed      Fast, Normal or Slow computer play
  0 Forced cards    when you have only one card you may play, play it for
                    you after a short pause (off unless you choose it)
  - Hand review     review each hand in the background as it ends: v then
                    shows the verdicts made so far and the rest as they come
                    (off: v reviews when pressed)
Saved options take effect from the next hand dealt. When no card carrying
points is left to take, the rest of the hand is played out at once.

[b]Your games are kept[/b]
The match is saved after every pass and every card, so you can quit at any
moment (or lose the terminal) and carry on where you stopped: the next start
says "Match resumed". Every hand and every match is kept too, for the
statistics page (t) and for "hearts stats" and "hearts history" on the
command line. Matches you leave for a new one count as abandoned, never as
losses; matches in which you used a hint or an undo are counted on their own.
Everything is in hearts.db in your data folder (HEARTS_DATA_DIR names
another). A second game window on the same folder plays a new match of its
own; it is kept in the history, and recorded as abandoned if that window
closes before the match ends.

[b]Starting the game[/b]
  hearts [--new] [--seed N] [--ascii | --unicode] [--level NAME]
         [--rules WORDS]
--new starts a new match (the unfinished one is kept as abandoned), --seed
starts a new match whose deals replay exactly, --ascii draws everything in
plain ASCII (as happens by itself when the terminal's encoding or locale,
LANG=C for example, cannot show suit symbols), --unicode draws symbols and
box lines anyway, --level sets the difficulty for this run only, and --rules
the rules from the next hand dealt (--rules classic; see hearts --help).
  hearts stats                  your statistics as a table
  hearts history                the matches you played
  hearts history --export FILE  every finished hand as JSON lines
  hearts verify FILE            check that the hands in FILE were played fairly

[b]Fair play[/b]
The computer players never see a card you cannot see: each decides from what
its own seat may know and its seed, nothing else, and the deal comes from a
seed too (the end of each hand shows the seed and the hand number). Anyone can
check a hand: hearts history --export hands.jsonl writes every hand you
played, and hearts verify hands.jsonl deals the cards again from each seed and
replays every computer decision from that player's view alone. A hand that
verifies was played without a peek at a hidden card.
"""
"""The help page's text (Rich markup), hard-wrapped here for reading the source."""


def unwrap(text: str) -> str:
    """Join the lines of each paragraph so the page wraps them to its width;
    indented lines (tables) keep their own lines."""
    out: list[str] = []
    for line in text.splitlines():
        joinable = (out and out[-1] and line and not line.startswith(" ")
                    and not out[-1].startswith((" ", "[b]")) and not line.startswith("[b]"))
        if joinable:
            out[-1] += " " + line
        else:
            out.append(line)
    return "\n".join(out)


def rules_text(rules: Rules) -> str:
    """The rules in force as the help page's first section (Rich markup), in the
    catalogue's words, which the web table's Help reads too."""
    from rich.markup import escape

    from hearts.words.rules import rule_set_text, rules_lines

    title = escape(str(words("rules.title")))
    lines = [escape(line) for line in [rule_set_text(rules) + ".", *rules_lines(rules)]]
    return f"[b]{title}[/b]\n" + "\n".join(lines) + "\n\n"


class HelpScreen(FitScreen):
    """The help page; escape, ``q`` or Close goes back exactly where the game was,
    and ``x`` quits as it does on the table (over the options page it goes back)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", show=False),
        Binding("x", "quit_game", "Quit", show=False),
        Binding("ctrl+l", "redraw", show=False),
    ]

    def __init__(self, rules: Rules | None = None) -> None:
        super().__init__(id="help-screen")
        self.rules = rules
        """The rules in force, told first (None: the general text alone)."""

    def compose(self) -> ComposeResult:
        """The text and a Close button."""
        with Horizontal(id="main"):
            with VerticalScroll(id="help-scroll"):
                title, rest = unwrap(HELP_TEXT).split("\n\n", 1)
                told = "" if self.rules is None else rules_text(self.rules)
                yield Static(f"{title}\n\n{told}{rest}", id="help-text")
            with Vertical(id="buttons"):
                yield GameButton("Close", "close")
                yield GameButton("Quit", "quit")
        yield Static("Help - up and down scroll; escape, q or Close returns to the game",
                     classes="status", markup=False)
        yield Static("", classes="too-small", markup=False)

    def on_mount(self) -> None:
        """Let the arrow keys scroll the text."""
        super().on_mount()
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        """Back to where the game was."""
        self.leave(None)

    def action_quit_game(self) -> None:
        """``x``: leave the game as the Quit button does (asking first if the match
        would be lost); over the options page, back to it instead, since ``x`` there
        cancels so that the game cannot be left from it by accident."""
        stack = self.app.screen_stack
        if len(stack) > 1 and isinstance(stack[-2], OptionsScreen):
            self.leave(None)
            return
        self.leave_game()

