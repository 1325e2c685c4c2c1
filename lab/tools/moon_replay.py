"""A run of the Expert with the moon-aware mode, made from a run without it by
playing again only the hands where the mode comes on.

    python lab/tools/moon_replay.py BEFORE PLAYER OUT [--jobs 2] [--b NAME] [--deals N]

BEFORE is a ``hearts-arena match`` results file whose side A is the Expert
without the mode; PLAYER is the arena's name of the Expert with it (such as
``lab.tools.moon_expert:gate30_weight2``). Every decision of a computer player
is a function of its view and its seed, and outside the mode the two Experts
decide alike; so a hand in which the mode never comes on at a decision of side
A is played as it was, and the others are played again from the deal, every
seat with its recorded seed, side A by PLAYER. OUT is then the results file
``hearts-arena match PLAYER B`` would write for the same seed and rules (its
header names PLAYER), for :mod:`compare_runs` and the arena's own reading, at
a fraction of the cost. Used for tuning the mode; the reported figures are
real arena runs (``lab/README.md``).

The same works the other way for the gated moon search (issue 66): with BEFORE
a real run of ``lab.tools.moon_search_expert:gate3_deals160`` and PLAYER
``lab.tools.moon_search_expert:off --search-gate 0.03``, only the hands where
the search's gate opened at a decision of side A are played again, by the
Expert without it, which gives the run without the search on the same deals,
to pair with the real one deal by deal.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from replay import choices

from hearts.ai.moongate import moon_gate
from hearts.ai.moonmodel import moon_suspect
from hearts.arena.duplicate import DealResult, read_deals
from hearts.arena.players import (
    PlayerSpec,
    Settings,
    check_player,
    parse_player,
    seat_player,
    seat_record,
)
from hearts.arena.referee import referee_hand
from hearts.arena.runner import RunSpec
from hearts.arena.seating import SIDES_SWAPPED, SIDES_UPRIGHT, side_moons
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.records import read_text
from hearts.rules import Rules

SIDES = (SIDES_UPRIGHT, SIDES_SWAPPED)


def _budget_of(spec: PlayerSpec) -> tuple[float, float]:
    player = seat_player(spec, 0, Rules(), Settings(), "a")
    budget = player.budget  # type: ignore[attr-defined]
    return budget.moon_gate, budget.moon_weight


def _search_gate_of(spec: PlayerSpec) -> float:
    player = seat_player(spec, 0, Rules(), Settings(), "a")
    return float(player.budget.moon_search)  # type: ignore[attr-defined]


def mode_comes_on(record: dict[str, Any], seats: set[Seat], gate: float,
                  search_gate: float = 0.0) -> bool:
    """Whether the mode comes on (at ``gate``, when above 0) or the moon search's
    gate opens (at ``search_gate``, when above 0) at a play decision of ``seats``
    along the hand."""
    for view in choices(record, seats):
        if gate > 0 and moon_suspect(view, gate, 1.0) is not None:
            return True
        if search_gate > 0 and moon_gate(view, search_gate) is not None:
            return True
    return False


class _Reusing:
    """A seat's player that gives the recorded card while the hand has followed
    its record and the decision is one the new side A makes alike (any seat's
    outside a mode-on decision of side A); otherwise the player decides."""

    def __init__(self, player: Any, hand: Hand, plays: list[str], new: bool, gate: float,
                 search_gate: float) -> None:
        self.player = player
        self.hand = hand
        self.plays = plays
        self.new = new
        self.gate = gate
        self.search_gate = search_gate

    def __getattr__(self, name: str) -> Any:
        return getattr(self.player, name)

    def _alike(self, view: Any) -> bool:
        done = [str(card) for card in self.hand.plays]
        if len(done) >= len(self.plays) or done != self.plays[:len(done)]:
            return False
        if not self.new or len(view.legal) < 2:
            return True
        if self.gate > 0 and moon_suspect(view, self.gate, 1.0) is not None:
            return False
        return not (self.search_gate > 0 and moon_gate(view, self.search_gate) is not None)

    def choose_play(self, view: Any) -> Card:
        """The recorded card where it is sure to be played again, else the player's."""
        if self._alike(view):
            return Card.parse(self.plays[len(self.hand.plays)])
        card: Card = self.player.choose_play(view)
        return card


def replay_deal(line: dict[str, Any], specs: dict[str, PlayerSpec], gate: float,
                settings: Settings | None = None, search_gate: float = 0.0,
                reuse: bool = True) -> DealResult:
    """One deal of the run with side A played by ``specs["a"]``.

    With ``reuse``, a hand played again takes each recorded card while the hand
    still follows its record and the decision is not one where the mode comes on
    (or the search's gate opens) for side A: every decision is a function of the
    view and the seat's seed, so it would be the same card, at no cost."""
    old = DealResult.from_json(line)
    hands: list[Hand] = []
    records: list[dict[str, Any]] = []
    for playing, record in enumerate(old.hands):
        sides = SIDES[playing]
        seats = {seat for seat in Seat if sides[seat] == "a"}
        seeds = [int(p["seed"]) for p in record["players"]]
        if not mode_comes_on(record, seats, gate, search_gate):
            hand = Hand.from_record(record)
        else:
            hand = Hand.from_record({**record, "plays": []})
            rules = hand.rules
            players: list[Any] = [
                seat_player(specs[side], seed, rules, settings or Settings(), side)
                for side, seed in zip(sides, seeds, strict=True)]
            if reuse:
                players = [_Reusing(player, hand, list(record["plays"]), side == "a", gate,
                                    search_gate)
                           for player, side in zip(players, sides, strict=True)]
            referee_hand(hand, players, [specs[s].label for s in sides],
                         f"deal {old.deal}, playing {playing + 1} of 2")
        hand.players = tuple(seat_record(specs[side], seed)
                             for side, seed in zip(sides, seeds, strict=True))
        hands.append(hand)
        records.append(hand.record())
    first, second = hands
    p, q = first.points, second.points
    moons = [side_moons(first, SIDES_UPRIGHT), side_moons(second, SIDES_SWAPPED)]
    return DealResult(old.deal, (p[0], p[2], q[1], q[3]), (p[1], p[3], q[0], q[2]),
                      moons[0][0] + moons[1][0], moons[0][1] + moons[1][1], tuple(records))


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path)
    parser.add_argument("player")
    parser.add_argument("out", type=Path)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--b", help="side B's arena name, if not the one BEFORE's header gives")
    parser.add_argument("--search-gate", type=float, default=None,
                        help="also play again the hands where the moon search's gate opens "
                             "at this chance (default: PLAYER's moon_search); with PLAYER "
                             "lab.tools.moon_search_expert:off and BEFORE a run of the moon "
                             "search, it makes the run without it")
    parser.add_argument("--deals", type=int, default=None,
                        help="only BEFORE's first DEALS deals (default: all)")
    parser.add_argument("--no-reuse", action="store_true",
                        help="play every card of a hand played again, not only those "
                             "from its first mode-on decision of side A (for checking)")
    parser.add_argument("--move-time", type=float, default=30.0,
                        help="seconds a program has for each decision (default 30)")
    args = parser.parse_args(argv)
    lines = read_text(args.before).splitlines()
    header = json.loads(lines[0])
    rules = Rules.from_json(header["rules"])
    b = header["b"]
    b_name = args.b or b.get("level") or b.get("import") or "cmd:" + b["command"]
    settings = Settings(args.move_time, str(args.out.with_suffix("")))
    specs = {"a": check_player(parse_player(args.player), rules, settings, "a"),
             "b": check_player(parse_player(b_name), rules, settings, "b")}
    gate, _weight = _budget_of(specs["a"])
    search_gate = _search_gate_of(specs["a"]) if args.search_gate is None else args.search_gate
    deals = [json.loads(line) for line in lines[1:] if line.strip()][:args.deals]
    spec = RunSpec(specs["a"], specs["b"], len(deals), int(header["seed"]), rules)
    done = read_deals(args.out) if args.out.exists() else {}
    if not done:
        args.out.write_text(json.dumps(spec.header()) + "\n", encoding="utf-8")
    todo = [deal for deal in deals if deal["deal"] not in done]
    with args.out.open("a", encoding="utf-8") as out:
        if args.jobs == 1:
            found = (replay_deal(deal, specs, gate, settings, search_gate, not args.no_reuse)
                     for deal in todo)
            for result in found:
                out.write(json.dumps(result.to_json()) + "\n")
                out.flush()
        else:
            with ProcessPoolExecutor(args.jobs) as executor:
                for result in executor.map(replay_deal, todo, [specs] * len(todo),
                                           [gate] * len(todo), [settings] * len(todo),
                                           [search_gate] * len(todo),
                                           [not args.no_reuse] * len(todo)):
                    out.write(json.dumps(result.to_json()) + "\n")
                    out.flush()
    results = list(read_deals(args.out).values())
    old = read_deals(args.before)
    changed = sum(1 for r in results for a, o in zip(r.hands, old[r.deal].hands, strict=True)
                  if a["plays"] != o["plays"])
    print(f"{len(results)} deals; {changed} of {2 * len(results)} hands played differently",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
