"""A review printed as plain text: one line a decision, then each seat's total.

Cards are written as the table writes them: ``10♠``, or ``TS`` where plain ASCII
is chosen; cards of a pass in the table's suit order.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from hearts.cards import Card, Seat
from hearts.review.analysis import Review
from hearts.review.names import Seating
from hearts.review.verdict import (
    BLUNDER,
    ERRORS,
    INACCURACY,
    MISTAKE,
    Decision,
    Z,
    seat_total,
)
from hearts.table import display_order
from hearts.words import fill, words

__all__ = ["VERDICT_WORDS", "card_text", "cards_text", "costly_line", "decision_line", "mark",
           "review_help", "review_text", "total_line", "verdict_words", "worst"]

VERDICT_WORDS: dict[str, str] = dict(words("review.verdicts"))
"""Each verdict as the review words it (from the catalogue, :mod:`hearts.words`)."""
_PLURALS: dict[str, str] = dict(words("review.plurals"))


def card_text(card: Card, ascii_only: bool = False) -> str:
    """``card`` as the table writes it: ``10♠``, or ``TS`` in plain ASCII."""
    return str(card) if ascii_only else card.pretty


def cards_text(cards: Sequence[Card], ascii_only: bool = False) -> str:
    """Cards in the table's order, separated by spaces."""
    return " ".join(card_text(card, ascii_only) for card in sorted(cards, key=display_order))


def _pm(ascii_only: bool) -> str:
    return "+/-" if ascii_only else "±"


def _figure(value: float, se: float, ascii_only: bool) -> str:
    return f"{value:.2f} {_pm(ascii_only)} {se:.2f}"


def _when(decision: Decision) -> str:
    return f"{'Pass':8}" if decision.kind == "pass" else f"Trick {decision.trick_number:2}"


def decision_line(decision: Decision, ascii_only: bool = False) -> str:
    """One decision: when, what was chosen, the verdict, its expected points, the
    better choice and the points given away (each with its standard error), how
    many deals it was measured on, and the hindsight best."""
    chosen = cards_text(decision.chosen, ascii_only)
    picked = decision.picked
    if decision.verdict == "forced" or picked is None:
        return f"{_when(decision)}  {chosen:11} forced"
    line = (f"{_when(decision)}  {chosen:11} {VERDICT_WORDS[decision.verdict]:17} expected "
            f"{_figure(picked.expected, picked.se, ascii_only)}")
    better = decision.better
    if decision.verdict != "best" and better is not None:
        line += (f"; better {cards_text(better.cards, ascii_only)} "
                 f"({_figure(better.expected, better.se, ascii_only)}): "
                 f"{_figure(decision.loss, decision.loss_se, ascii_only)} points given away")
    line += f" [{decision.ess:.0f} deals]"
    hindsight = decision.hindsight_best
    if hindsight is not None and hindsight is not picked:
        line += f"; hindsight {cards_text(hindsight.cards, ascii_only)}"
    return line


def worst(decisions: Sequence[Decision], seats: Collection[Seat], count: int = 3
          ) -> list[Decision]:
    """The ``count`` costliest errors of ``seats`` among ``decisions``, costliest first."""
    errors = [d for d in decisions if d.seat in seats and d.verdict in ERRORS]
    return sorted(errors, key=lambda d: -d.loss)[:count]


def total_line(decisions: Sequence[Decision], seat: Seat, name: str,
               ascii_only: bool = False) -> str:
    """``seat``'s points given away among ``decisions`` with their standard error, and
    its verdicts (those it had); ``name`` begins the line."""
    mine = [d for d in decisions if d.seat == seat and d.verdict != "forced"]
    counts = ", ".join(_counted(found, v) for v in ("best", "close", *ERRORS)
                       if (found := sum(1 for d in mine if d.verdict == v)))
    total = seat_total(decisions, seat)
    line = (f"{name} {_figure(total.lost, total.se, ascii_only)} in {len(mine)} "
            f"decision{'' if len(mine) == 1 else 's'}")
    return f"{line} ({counts})" if counts else line


def _counted(count: int, verdict: str) -> str:
    """``count`` verdicts: "1 mistake", "2 mistakes", "3 best"."""
    words = _PLURALS.get(verdict, VERDICT_WORDS[verdict]) if count > 1 else VERDICT_WORDS[verdict]
    return f"{count} {words}"


def costly_line(decision: Decision, name: str, ascii_only: bool = False) -> str:
    """One of the costliest decisions: when, who, what, the verdict, the points given
    away and the better choice."""
    better = decision.better
    line = (f"{_when(decision)}  {name} {cards_text(decision.chosen, ascii_only)}: "
            f"{VERDICT_WORDS[decision.verdict]}, "
            f"{_figure(decision.loss, decision.loss_se, ascii_only)} points given away")
    return line if better is None else f"{line} (better {cards_text(better.cards, ascii_only)})"


def mark(value: float) -> str:
    """An expected figure in five characters at most, to mark a card with."""
    return f"{value:.2f}" if abs(value) < 9.995 else f"{value:.1f}"


def verdict_words(decision: Decision, name: str, ascii_only: bool = False) -> str:
    """The verdict on ``decision`` in plain words, ``name`` deciding (the words of
    the catalogue :mod:`hearts.words`, which the web table's review shares)."""
    said = words("review")
    chosen = cards_text(decision.chosen, ascii_only)
    did = fill(said["passed" if decision.kind == "pass" else "played"], name=name, cards=chosen)
    picked, better = decision.picked, decision.better

    def figure(value: float, se: float) -> str:
        text = fill(said["figure"], value=f"{value:.2f}", se=f"{se:.2f}")
        return text.replace("±", _pm(ascii_only))

    if decision.verdict == "forced" or picked is None:
        return fill(said["forced"], did=did)
    against = "" if better is None else fill(
        said["against"], cards=cards_text(better.cards, ascii_only),
        figure=figure(better.expected, better.se))
    given = figure(decision.loss, decision.loss_se)
    if decision.verdict == "best":
        words_ = fill(said["best"], did=did, ess=f"{decision.ess:.0f}",
                      expected=fill(said["expected"], figure=figure(picked.expected, picked.se)))
    elif decision.verdict == "close":
        words_ = fill(said["close"], did=did, given=given, against=against)
    else:
        article = said["article-vowel" if decision.verdict == "inaccuracy" else "article"]
        words_ = fill(said["error"], did=did, article=article,
                      verdict=VERDICT_WORDS[decision.verdict], given=given, against=against)
    hindsight = decision.hindsight_best
    if hindsight is not None and hindsight is not picked:
        words_ += fill(said["hindsight"], cards=cards_text(hindsight.cards, ascii_only))
    return words_


def review_text(review: Review, title: str, detail: Sequence[Seat],
                ascii_only: bool = False) -> str:
    """The review of the seats in ``detail`` decision by decision, their worst
    decisions, then every reviewed seat's points given away; seats are named as
    they sat (:class:`~hearts.review.names.Seating`)."""
    pm = _pm(ascii_only)
    lines = [title,
             f"Expected: the points the seat could expect to end the hand with after a "
             f"choice (moons included; lower is better), over {review.depth} sampled deals "
             f"(seed {review.seed}); {pm} is the standard error; [n deals]: as sure as n "
             f"equally likely deals.",
             f"Points given away: against the best choice, picked on half the deals and "
             f"measured on the other half (so a choice as good as the best may show a little "
             f"under 0). An error is named only {Z:g} standard errors "
             f"clear of {INACCURACY:g} points (inaccuracy from {INACCURACY:g}, mistake from "
             f"{MISTAKE:g}, blunder from {BLUNDER:g}); best is {Z:g} standard errors under it; "
             f"in between, too close to call. Hindsight: best with every card known.", ""]
    seats = Seating(review.record)
    for seat in detail:
        lines.append(seats.title(seat))
        for decision in review.of(seat):
            by = review.stood_in(decision)
            lines.append("  " + decision_line(decision, ascii_only)
                         + ("" if by is None else f" ({by} player, not counted)"))
        lines.append("")
    own = [d for d in review.decisions if review.stood_in(d) is None]
    costly = worst(own, detail)
    if costly:
        lines.append("The costliest decisions:")
        lines.extend("  " + costly_line(d, seats.title(d.seat), ascii_only) for d in costly)
        lines.append("")
    lines.append(f"Points given away against the best choices ({pm} standard error):")
    width = max(len(seats.title(seat)) for seat in review.seats)
    lines.extend("  " + total_line(own, seat, f"{seats.title(seat):{width}}", ascii_only)
                 for seat in review.seats)
    return "\n".join(lines)


def review_help(ascii_only: bool = False) -> str:
    """What the review's words and figures mean, for the review page's help."""
    pm = _pm(ascii_only)
    queen = card_text(Card.parse("QS"), ascii_only)
    return f"""\
THE HAND REVIEW

Each decision (a pass, or a card when there was a choice) is measured from what
the player could see at that moment, never from the other hands: the cards they
could not see are dealt many times over, as the Expert player deals them, and
each deal is played out to the end by the computer's judgement in every seat.

Expected    the points the player could expect to end the hand with after a
            choice (points already taken included; lower is better).
{pm:11} the standard error of a figure: the true figure is within one
            standard error two times in three, within two 19 times in 20.
n deals     how many deals a decision was measured on, as sure as that many
            equally likely deals (deals where the others' plays so far were
            unlikely count for less).
Given away  the points the choice made gave away against the best choice. The
            best is picked on half of the deals and the loss measured on the
            other half (both ways round), so luck in the deals cannot make a
            choice look worse than it is.

The verdicts
  best               surely under {INACCURACY:g} points given away ({Z:g} standard errors
                     below {INACCURACY:g}): as good as the best, as far as can be told
  too close to call  it may have given away under {INACCURACY:g} points or over: more
                     deals would tell
  inaccuracy         {INACCURACY:g} to {MISTAKE:g} points, {Z:g} standard errors clear of
                     {INACCURACY:g}: a heart or two taken that could have been avoided
  mistake            {MISTAKE:g} to {BLUNDER:g} points: a fair chance of taking the {queen}
  blunder            {BLUNDER:g} points or more: the {queen} taken one time in three, or a
                     moon let through one time in six
  forced             one legal card, or every legal card plays the same way

Hindsight   with every card known as it really was, the choice that would have
            been best in this very deal. No one could have known it: it shows
            what happened, not what should have been seen.

Points given away by each player add their decisions up, {pm} the standard
error of the sum, so a person compares with the computer players at the table.

THE REPLAY

Each step shows the table as it was, every hand face up (the hand is over),
yours at the bottom, the trick or the pass in the middle and the points each
player had taken. Under the cards of a decision stands each choice's expected
points: on gold the best choice, on white the card played, on red the card
played when it was an error (cards that play alike share a figure).

  left, right      a step back or forward (past the last card: the summary)
  home, end        the deal, the last card
  click            the deal, the pass, a trick or the summary on the strip
  s                the summary: the points each player gave away and the
                   three costliest decisions, which 1, 2 and 3 go to
  a                everyone's decisions, or yours only (at a table for
                   friends the review shows yours first)
  q, escape        close the review"""
