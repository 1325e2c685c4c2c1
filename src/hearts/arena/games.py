"""Match mode: whole matches to the rules' target, each played twice.

Game ``n`` is a match dealt from a seed made of the run's seed and ``n`` (hand
``k`` of it from :func:`hearts.seeds.hand_seed`), played once with side A in
South and North and once more on the same deals with the sides swapped. Players
see the match totals in every view (``scores``), so they can play the match.
Each seat's player decides from a seed made of the run's seed, the game, the
playing, the hand number and the seat.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from hearts.arena.players import PlayerSpec, Settings
from hearts.arena.seating import (
    SIDES_SWAPPED,
    SIDES_UPRIGHT,
    play_seated,
    read_moons_and_hands,
    side_moons,
)
from hearts.match import Match
from hearts.rules import Rules
from hearts.seeds import arena_game_seed, game_player_seed

__all__ = ["GameResult", "match_wins", "play_game"]


class GameResult(NamedTuple):
    """Both playings of one match."""

    game: int
    """The game number (0-based)."""
    scores: tuple[tuple[int, ...], ...]
    """Final totals of each seat: the upright playing, then the swapped one."""
    a_moons: int
    """Moons side A shot over both playings (side B conceded them)."""
    b_moons: int
    """Moons side B shot."""
    hands: tuple[dict[str, Any], ...]
    """Every hand's record, the upright playing's first."""

    def to_json(self) -> dict[str, Any]:
        """The game's line in a results file."""
        return {"game": self.game, "scores": [list(s) for s in self.scores],
                "moons": [self.a_moons, self.b_moons], "hands": list(self.hands)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        """A game read back from its line (``KeyError``/``TypeError``/``ValueError`` if
        the line is broken)."""
        scores = tuple(tuple(int(x) for x in s) for s in data["scores"])
        if len(scores) != 2 or any(len(s) != 4 for s in scores):
            raise ValueError("scores must be two sets of 4 totals")
        return cls(int(data["game"]), scores, *read_moons_and_hands(data))


def match_wins(scores: tuple[int, ...], sides: tuple[str, ...]) -> float:
    """Side A's share of one match's win: 1 if only A seats hold the lowest total,
    0 if only B seats do, and a half when a seat of each side ties for it."""
    low = min(scores)
    winners = {sides[seat] for seat, total in enumerate(scores) if total == low}
    if winners == {"a", "b"}:
        return 0.5
    return 1.0 if winners == {"a"} else 0.0


def play_game(rules: Rules, seed: int, game: int, a: PlayerSpec, b: PlayerSpec,
              settings: Settings) -> GameResult:
    """Play match ``game`` twice, A in South/North then in West/East."""
    specs = {"a": a, "b": b}
    scores = []
    records = []
    moons = [0, 0]
    for playing, sides in enumerate((SIDES_UPRIGHT, SIDES_SWAPPED)):
        match = Match(rules, arena_game_seed(seed, game))
        while not match.over:
            hand = match.deal()
            number = len(match.hands) - 1
            seeds = [game_player_seed(seed, game, playing, number, seat) for seat in range(4)]
            play_seated(hand, sides, specs, seeds, rules, settings,
                        f"game {game}, playing {playing + 1} of 2, hand {number + 1}")
            records.append(hand.record())
            shot = side_moons(hand, sides)
            moons[0] += shot[0]
            moons[1] += shot[1]
        scores.append(match.scores)
    return GameResult(game, tuple(scores), moons[0], moons[1], tuple(records))
