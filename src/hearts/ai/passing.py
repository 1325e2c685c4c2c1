"""Which three cards to pass, from the hand as a mask."""

from __future__ import annotations

from hearts.ai.kit import RuleKit
from hearts.core import JACK_OF_DIAMONDS_INDEX, QUEEN_OF_SPADES, QUEEN_OF_SPADES_INDEX, SUIT_MASKS

__all__ = ["choose_pass_mask", "pass_danger"]

_SHOOT_POINTS = (0,) * 9 + (1, 2, 3, 4)
"""Shooting strength by rank index: jack 1, queen 2, king 3, ace 4."""


def _shooting_hand(hand: int) -> bool:
    """A hand worth passing to shoot: lots of high cards, high hearts, an entry everywhere."""
    strength = 0
    for index in range(52):
        if hand >> index & 1:
            strength += _SHOOT_POINTS[index % 13]
    if strength < 19:
        return False
    hearts = (hand >> 26) & 0x1FFF
    if hearts >> 11 != 0b11 or hearts.bit_count() < 5:
        return False
    return all(hand & mask and (hand & mask).bit_length() - 1 >= 13 * suit + 10
               for suit, mask in enumerate(SUIT_MASKS))


def pass_danger(hand: int, kit: RuleKit) -> list[tuple[int, int]]:
    """Each passable card of ``hand`` with how badly we want rid of it, worst first."""
    spades = hand & SUIT_MASKS[3]
    low_spades = (spades & (QUEEN_OF_SPADES - 1)).bit_count()
    has_queen = bool(hand & QUEEN_OF_SPADES)
    hearts = hand & SUIT_MASKS[2]
    top_heart = hearts.bit_length() - 1
    scored = []
    if has_queen and kit.pass_queen:
        # where the rules let it go: away when too few low spades guard it, else kept
        scored.append((22 if low_spades < 3 else -5, QUEEN_OF_SPADES_INDEX))
    for index in range(52):
        if not hand >> index & 1 or index == QUEEN_OF_SPADES_INDEX:
            continue
        suit, rank = divmod(index, 13)
        length = (hand & SUIT_MASKS[suit]).bit_count()
        if suit == 3:
            if rank >= 11:
                if has_queen:
                    danger = 20 if low_spades < 4 else 4
                else:
                    danger = 21 if low_spades < 3 else (9 if low_spades < 4 else 3)
            else:
                danger = rank - 10
        elif suit == 2:
            danger = rank + 2
            if index == top_heart and rank >= 9 and hearts.bit_count() <= 4:
                danger -= 9
            if rank <= 4:
                danger -= 4
        else:
            danger = rank
            low_in_suit = ((hand & SUIT_MASKS[suit]) >> (13 * suit) & 0x3F) != 0
            if length <= 2 and not low_in_suit:
                danger += 6
            elif length <= 3:
                danger += 2
            if kit.jack and suit == 1:
                if index == JACK_OF_DIAMONDS_INDEX:
                    danger = -20
                elif rank >= 11:
                    danger -= 6
        scored.append((danger, index))
    scored.sort(reverse=True)
    return scored


def choose_pass_mask(hand: int, kit: RuleKit) -> int:
    """The three cards to pass, as a mask (the queen of spades only where the rules
    let it be passed, and never in a hand passed to shoot)."""
    if _shooting_hand(hand):
        lows = [index for index in range(52)
                if hand >> index & 1 and index != QUEEN_OF_SPADES_INDEX]
        lows.sort(key=lambda i: (i % 13, i // 13 == 2))
        chosen = lows[:3]
    else:
        chosen = [index for _, index in pass_danger(hand, kit)[:3]]
    mask = 0
    for index in chosen:
        mask |= 1 << index
    return mask
