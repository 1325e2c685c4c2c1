"""The v0.1.0 players as a bot-protocol program, for measuring against the release.

Run by the Python of a virtual environment where v0.1.0 is installed
(`make baseline` makes one in .baseline/), it uses only the public API v0.1.0
already has (hearts.ai.make_player, hearts.view.PlayerView, hearts.cards,
hearts.rules), so its decisions are exactly those v0.1.0 makes in-process:

    hearts-arena match expert "cmd:.baseline/bin/python lab/tools/baseline_bot.py expert"

It plays the release installed in its own environment, and refuses to start
when PYTHONPATH supplies another `hearts` (a working tree's, say): that run
would measure the tree against itself under v0.1.0's name.

With --replay FILE it instead checks hand records it played (an arena results
file, gzipped or not): each hand is played again in-process by v0.1.0's Hand,
following the recorded cards, and every pass and play of a seat this adapter
played must be the one v0.1.0's player makes with that seat's recorded seed.
--hands N checks only the first N hands.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
from pathlib import Path
from typing import Any

from hearts.ai import Level, make_player
from hearts.cards import Card, CardSet, Seat, Suit
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules
from hearts.view import Phase, PlayerView, Trick

SEATS = ("south", "west", "north", "east")


def _seat(name: str | None) -> Seat | None:
    return None if name is None else Seat(SEATS.index(name))


def _cards(names: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(name) for name in names)


def view_from_json(data: dict[str, Any]) -> PlayerView:
    """A v0.1.0 PlayerView from the protocol's view (schema hearts-view, version 1)."""
    if data.get("schema") != "hearts-view" or data.get("version") != 1:
        raise ValueError("not a hearts-view of version 1")
    return PlayerView(
        seat=Seat(SEATS.index(data["seat"])), rules=Rules.from_json(data["rules"]),
        phase=Phase(data["phase"]), pass_direction=PassDirection[data["pass_direction"].upper()],
        dealer=Seat(SEATS.index(data["dealer"])), hand=_cards(data["hand"]),
        passed=_cards(data["passed"]), received=_cards(data["received"]),
        trick=tuple((Seat(SEATS.index(p["seat"])), Card.parse(p["card"]))
                    for p in data["trick"]),
        leader=_seat(data["leader"]), turn=_seat(data["turn"]),
        tricks=tuple(Trick(Seat(SEATS.index(t["leader"])), _cards(t["cards"]),
                           Seat(SEATS.index(t["winner"]))) for t in data["tricks"]),
        played=CardSet(_cards(data["played"])), points_taken=tuple(data["points_taken"]),
        scores=tuple(data["scores"]), cards_held=tuple(data["cards_held"]),
        voids=tuple(frozenset(Suit("CDHS".index(s)) for s in v) for v in data["voids"]),
        hearts_broken=data["hearts_broken"], legal=_cards(data["legal"]),
    )


def _from_pythonpath() -> str | None:
    """The PYTHONPATH folder ``hearts`` was imported from, if one supplied it."""
    import hearts

    where = Path(hearts.__file__).resolve()
    for entry in os.environ.get("PYTHONPATH", "").split(os.pathsep):
        if entry and (Path(entry) / "hearts" / "__init__.py").resolve() == where:
            return entry
    return None


def serve(level: Level, default_seed: int) -> int:
    """Answer the protocol on stdin and stdout until stdin closes."""
    import hearts

    supplied = _from_pythonpath()
    if supplied is not None:
        print(f"baseline_bot.py: hearts comes from PYTHONPATH ({supplied}), not from "
              f"this environment ({sys.prefix}); unset PYTHONPATH to play the release "
              "installed there", file=sys.stderr)
        return 2
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            kind = message.get("type")
            if kind == "hello":
                answer = {"type": "ready", "protocol": 1,
                          "name": f"hearts {hearts.__version__} {level.name.lower()}",
                          "version": hearts.__version__}
            elif kind in ("pass", "play"):
                seed = message.get("seed")
                player = make_player(level, default_seed if seed is None else seed)
                view = view_from_json(message["view"])
                if kind == "pass":
                    answer = {"id": message["id"],
                              "cards": [str(c) for c in player.choose_pass(view)]}
                else:
                    answer = {"id": message["id"], "card": str(player.choose_play(view))}
            else:
                answer = {"error": f"unknown message type {kind!r}"}
        except (ValueError, KeyError, TypeError) as error:
            answer = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


def _adapter_players(record: dict[str, Any]) -> dict[Seat, Any]:
    """v0.1.0's player for each seat this adapter played in ``record``."""
    players = {}
    for entry in record["players"]:
        name = entry["player"]
        if name.startswith("cmd:") and "baseline_bot.py" in name:
            players[Seat(SEATS.index(entry["seat"]))] = make_player(
                Level.parse(name.split()[-1]), entry["seed"])
    return players


def _differences(record: dict[str, Any]) -> list[str]:
    """Replay ``record`` in-process; the adapter seats' decisions v0.1.0 would not make."""
    hand = Hand(Rules.from_json(record["rules"]), [record["deal"][name] for name in SEATS],
                dealer=Seat(SEATS.index(record["dealer"])),
                pass_direction=PassDirection[record["pass_direction"].upper()],
                scores=record["scores"])
    players = _adapter_players(record)
    if not players:
        return ["no seat was played by this adapter"]
    found = []
    if hand.phase is Phase.PASSING:
        recorded = {Seat(SEATS.index(p["seat"])): p["cards"] for p in record["passes"]}
        for seat in Seat:
            if seat in players:
                chosen = sorted(str(c) for c in players[seat].choose_pass(hand.view(seat)))
                if chosen != sorted(recorded[seat]):
                    found.append(f"{SEATS[seat]}'s pass")
            hand.pass_cards(seat, recorded[seat])
    for number, card in enumerate(record["plays"], 1):
        turn = hand.turn
        if turn in players and str(players[turn].choose_play(hand.view(turn))) != card:
            found.append(f"play {number} ({SEATS[turn]})")
        hand.play(card)
    return found


def replay(path: str, limit: int | None = None) -> int:
    """Check each recorded hand's adapter decisions in-process; 0 if all are v0.1.0's."""
    opener: Any = gzip.open if path.endswith(".gz") else open
    hands = []
    with opener(path, "rt", encoding="utf-8") as file:
        for line in file:
            hands.extend(json.loads(line).get("hands", []))
    hands = hands[:limit] if limit is not None else hands
    same = 0
    for number, record in enumerate(hands, 1):
        found = _differences(record)
        if found:
            print(f"hand {number} differs from v0.1.0 played in-process: {', '.join(found)}")
        else:
            same += 1
    print(f"{same} of {len(hands)} hands played through the adapter are the hands "
          "v0.1.0 plays in-process")
    return 0 if hands and same == len(hands) else 1


def main() -> int:
    """Serve one level over the protocol, or check records with --replay."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("level", nargs="?", default="expert")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--replay", metavar="RESULTS")
    parser.add_argument("--hands", type=int, metavar="N")
    args = parser.parse_args()
    if args.replay:
        return replay(args.replay, args.hands)
    return serve(Level.parse(args.level), args.seed)


if __name__ == "__main__":
    sys.exit(main())
