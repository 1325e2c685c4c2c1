"""The table's state as the store keeps it, and the table rebuilt from it.

The store keeps the match itself (every hand's record). Beside it the table
saves what only the table knows: the stage on show (a finished trick, the
cards just received), the cards chosen to pass, the highlight, and the
counters that seed the next deals and computer players. Nothing here imports
Textual.
"""

from __future__ import annotations

from typing import Any

from hearts.cards import Card
from hearts.store import SavedMatch
from hearts.tui.game import USER, Game, Stage
from hearts.view import Phase

__all__ = ["restore_game", "table_state"]


def table_state(game: Game) -> dict[str, Any]:
    """What the table must remember beside the match, as JSON values."""
    return {
        "stage": game.stage.value,
        "chosen": [str(card) for card in game.chosen],
        "cursor": game.cursor,
        "seed": game.seed,
        "games": game.games,
        "deals": game.deals,
    }


def _whole(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _stage(saved: object, game: Game) -> Stage:
    """The saved stage if it fits the hand, else the stage the hand itself implies."""
    hand = game.hand
    if hand is None or hand.phase is Phase.OVER:
        natural = Stage.IDLE
    elif hand.phase is Phase.PASSING:
        natural = Stage.PASSING
    else:
        natural = Stage.PLAYING
    try:
        stage = Stage(saved)
    except ValueError:
        return natural
    if hand is None:
        return Stage.IDLE
    fits = {
        Stage.RECEIVED: hand.phase is Phase.PLAYING and not hand.plays,
        Stage.TRICK_SHOW: bool(hand.tricks) and not hand.trick,
        Stage.IDLE: hand.phase is Phase.OVER,
        Stage.PASSING: hand.phase is Phase.PASSING,
        Stage.PLAYING: hand.phase is Phase.PLAYING,
    }
    return stage if fits[stage] else natural


def restore_game(game: Game, saved: SavedMatch) -> None:
    """Put ``game`` where the saved table stood: the same match, stage, chosen
    cards and highlight, and the counters the next deals are seeded from."""
    table = saved.table
    game.match = saved.match
    game.seed = _whole(table.get("seed"), game.seed)
    game.games = _whole(table.get("games"), game.games)
    game.deals = _whole(table.get("deals"), len(saved.match.hands))
    game.stage = _stage(table.get("stage"), game)
    hand = game.hand
    game.shown_trick = (hand.tricks[-1] if hand is not None and game.stage is Stage.TRICK_SHOW
                        else None)
    game.chosen = []
    if game.stage is Stage.PASSING and hand is not None and not hand.passed(USER):
        held = set(hand.holding(USER))
        for text in table.get("chosen") or []:
            try:
                card = Card.parse(text)
            except (ValueError, TypeError):
                continue
            if card in held and card not in game.chosen and len(game.chosen) < 3:
                game.chosen.append(card)
    cards = game.user_cards()
    game.cursor = min(max(0, _whole(table.get("cursor"), 0)), max(0, len(cards) - 1))
    game.message = None
    game.moves += 1
