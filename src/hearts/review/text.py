"""A review printed as plain text: one line a decision, then each seat's total."""

from __future__ import annotations

from collections.abc import Sequence

from hearts.cards import Card, Seat
from hearts.review.analysis import Review
from hearts.review.verdict import BLUNDER, INACCURACY, MISTAKE, Decision

__all__ = ["decision_line", "review_text"]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def decision_line(decision: Decision) -> str:
    """One decision: when, what was chosen, the verdict, the better choice and the
    expected points with their standard errors, and the hindsight best."""
    when = "Pass" if decision.kind == "pass" else f"Trick {decision.trick_number:2}"
    chosen = _cards(decision.chosen)
    if decision.verdict == "forced":
        return f"{when}  {chosen:9} forced"
    picked = next(c for c in decision.choices
                  if c.cards == decision.chosen or decision.chosen[0] in c.alike)
    best = decision.choices[0]
    line = (f"{when}  {chosen:9} {decision.verdict:10} expected {picked.expected:5.2f} "
            f"+/- {picked.se:.2f}")
    if decision.verdict != "best":
        line += (f"; better {_cards(best.cards)} ({best.expected:.2f} +/- {best.se:.2f}): "
                 f"{decision.loss:.2f} +/- {decision.loss_se:.2f} points given away")
    hindsight = decision.hindsight_best
    if hindsight is not None and hindsight.cards != picked.cards:
        line += f"; hindsight {_cards(hindsight.cards)}"
    return line


def review_text(review: Review, title: str, detail: Sequence[Seat]) -> str:
    """The review of the seats in ``detail`` decision by decision, then every
    reviewed seat's points given away."""
    lines = [title,
             f"Expected points: the seat's own points in the hand (moons included), lower "
             f"is better, over {review.depth} sampled deals a choice (seed {review.seed}).",
             f"Verdicts by points given away against the best: inaccuracy from "
             f"{INACCURACY}, mistake from {MISTAKE}, blunder from {BLUNDER}. "
             f"Hindsight: best with every card known.", ""]
    players = review.record.get("players")
    for seat in detail:
        name = players[seat]["player"] if isinstance(players, list) else ""
        lines.append(f"{seat} ({name})" if name else str(seat))
        lines.extend("  " + decision_line(d) for d in review.of(seat))
        lines.append("")
    lines.append("Points given away against the best choices:")
    for seat in review.seats:
        mine = [d for d in review.of(seat) if d.verdict != "forced"]
        counts = ", ".join(f"{sum(1 for d in mine if d.verdict == v)} {v}"
                           for v in ("inaccuracy", "mistake", "blunder"))
        lines.append(f"  {seat!s:6} {review.lost(seat):6.2f} in {len(mine)} decisions "
                     f"({counts})")
    return "\n".join(lines)
