"""Every seed derived from another, each by one named function.

A game, a match, a run of the arena and every computer player replay exactly
from their seeds; the seeds they use are derived here and nowhere else, so a
scheme is changed (or checked) in one place. Each function gives exactly the
values the game and the arena have always used: saved matches, hand records
and arena results depend on them.

The hashed seeds are 48 bits, exact in any language's JSON.
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hearts.view import PlayerView

__all__ = [
    "CHALLENGE_PREFIX", "DAILY_PREFIX", "DUPLICATE_PREFIX", "arena_deal_seed",
    "arena_game_seed", "challenge_seed_text", "computer_seed", "daily_seed",
    "daily_seed_text", "deal_player_seed", "decision_seed", "duplicate_seed",
    "duplicate_seed_text", "game_player_seed", "hand_seed", "hint_seed", "match_seed",
    "stable_seed", "table_deal_seed", "text_seed",
]


def _digest48(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=6).digest(), "big")


def stable_seed(*parts: int) -> int:
    """A 48-bit seed from whole numbers, the same on every machine (the arena's
    seeds are all of this form)."""
    return _digest48(repr(parts))


# -- a match, and the hint -----------------------------------------------------

def hand_seed(match_seed: int, number: int) -> int:
    """The seed hand ``number`` (0 = the first) of a match is dealt from."""
    return _digest48(f"hearts-match/{match_seed}/{number}")


def hint_seed(deal_seed: int) -> int:
    """The seed of the hints in the hand dealt from ``deal_seed``: stable, so a hint
    can be asked for again (or checked later) from the hand's record."""
    return _digest48(f"hearts-hint/{deal_seed}")


def decision_seed(view: PlayerView, seed: int, salt: int = 0) -> int:
    """A 64-bit seed for one decision of a computer player seeded with ``seed``:
    from what the view shows (the seat, the deal, the cards held, passed and
    played, the scores), so the same position always gets the same decision.
    ``salt`` tells apart two kinds of decision on the same view (1 for a pass
    searched, 0 for the rest)."""
    parts = [seed, salt, int(view.seat), int(view.dealer), view.pass_direction.value,
             view.played.mask, len(view.tricks)]
    parts.extend(card.index for card in view.hand)
    parts.append(-1)
    parts.extend(card.index for card in view.passed)
    parts.append(-1)
    parts.extend(card.index for _, card in view.trick)
    parts.extend(view.scores)
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


# -- the game at the table (the terminal and the browser) ----------------------

def match_seed(game_seed: int, games: int) -> int:
    """The seed of a game's match: the first (``games == 0``) and each one started
    after it (``games`` = 1, 2, ...), for the game started with ``game_seed``.

    The same number :class:`hearts.match.Match` draws from
    ``random.Random(game_seed)`` for the first and from
    ``random.Random(f"{game_seed}/{games}")`` for the later ones.
    """
    source: int | str = game_seed if games == 0 else f"{game_seed}/{games}"
    return random.Random(source).getrandbits(48)


def computer_seed(game_seed: int, deals: int, seat: int) -> int:
    """The seed of the computer player in ``seat`` for the hand dealt when the game
    (started with ``game_seed``) had dealt ``deals`` hands, this one counted."""
    return game_seed * 1009 + deals * 4 + seat


def table_deal_seed(game_seed: int, deals: int) -> int:
    """The deal seed the hint falls back on for a hand that records no seed of its
    own, by the same count of deals as :func:`computer_seed`."""
    return game_seed * 1009 + deals


# -- today's deal ----------------------------------------------------------------

DAILY_PREFIX = "hearts-daily/1"
"""The fixed text every seed of a day's deal starts from (its ``1`` is the scheme's
version: a new scheme would give every day new cards, so it has a new number)."""
CHALLENGE_PREFIX = "hearts-challenge/1"
"""The same for the deals of a challenge between friends."""


def text_seed(text: str) -> int:
    """The seed a text names: the first 6 bytes of its SHA-256 (UTF-8), read as a
    big-endian whole number (``printf TEXT | sha256sum``, first 12 hex digits)."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def daily_seed_text(day: str, rules_words: str, seat: str | None = None) -> str:
    """The text a seed of the day's deal is the SHA-256 of: ``hearts-daily/1/`` then
    the UTC date (``2026-12-06``), the rules' canonical words (``original,100``) and,
    for a computer player's seed, the seat's name (``west``), joined by ``/``."""
    parts = [DAILY_PREFIX, day, rules_words] + ([] if seat is None else [seat])
    return "/".join(parts)


def daily_seed(day: str, rules_words: str, seat: str | None = None) -> int:
    """The seed of the day's deal (``seat`` None), or of the player in ``seat``:
    :func:`text_seed` of :func:`daily_seed_text`. Anyone can check it::

        printf 'hearts-daily/1/2026-12-06/original,100' | sha256sum   # first 12 hex digits
    """
    return text_seed(daily_seed_text(day, rules_words, seat))


def challenge_seed_text(seed: int, rules_words: str, deal: int, seat: str | None = None) -> str:
    """The text a seed of deal ``deal`` (0 = the first) of a challenge is the SHA-256
    of: ``hearts-challenge/1/SEED/WORDS/DEAL``, then ``/SEAT`` for a computer player's."""
    parts = [CHALLENGE_PREFIX, str(seed), rules_words, str(deal)]
    return "/".join(parts + ([] if seat is None else [seat]))


# -- a duplicate evening at a friends' table ---------------------------------------

DUPLICATE_PREFIX = "hearts-duplicate/1"
"""The fixed text every seed of a duplicate evening's deals starts from."""


def duplicate_seed_text(evening: int, deal: int, seat: str | None = None) -> str:
    """The text a seed of deal ``deal`` (0 = the first) of the duplicate evening with
    seed ``evening`` is the SHA-256 of: ``hearts-duplicate/1/EVENING/DEAL``, then
    ``/SEAT`` for the computer player that holds the cards that seat was dealt."""
    parts = [DUPLICATE_PREFIX, str(evening), str(deal)]
    return "/".join(parts + ([] if seat is None else [seat]))


def duplicate_seed(evening: int, deal: int, seat: str | None = None) -> int:
    """The seed of a duplicate evening's deal (``seat`` None), or of the computer
    player that holds the cards ``seat`` was dealt in every round of it:
    :func:`text_seed` of :func:`duplicate_seed_text`."""
    return text_seed(duplicate_seed_text(evening, deal, seat))


# -- the arena -----------------------------------------------------------------

def arena_deal_seed(run_seed: int, deal: int) -> int:
    """The seed deal ``deal`` of an arena run (``hearts-arena match``) is dealt from."""
    return stable_seed(run_seed, deal)


def deal_player_seed(run_seed: int, deal: int, playing: int, seat: int) -> int:
    """The seed of the player in ``seat`` in playing ``playing`` (0 or 1) of deal
    ``deal`` of an arena run."""
    return stable_seed(run_seed, deal, playing, seat)


def arena_game_seed(run_seed: int, game: int) -> int:
    """The match seed of game ``game`` of an arena run (``hearts-arena games``);
    its hands are dealt from :func:`hand_seed` of it."""
    return stable_seed(run_seed, game)


def game_player_seed(run_seed: int, game: int, playing: int, hand: int, seat: int) -> int:
    """The seed of the player in ``seat`` for hand ``hand`` of playing ``playing``
    (0 or 1) of game ``game`` of an arena run."""
    return stable_seed(run_seed, game, playing, hand, seat)
