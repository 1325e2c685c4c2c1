"""The playout's own helpers: its random draws and its packing of the position."""

from __future__ import annotations

import random

from hearts.ai.judgement import CLUBS_MASK, ONE, of_seat, pack_voids
from hearts.ai.playout import below
from hearts.core import CLUBS


def test_below_draws_as_randrange() -> None:
    for n in (1, 2, 3, 7, 8, 13, 52):
        ours, theirs = random.Random(n), random.Random(n)
        assert [below(ours.getrandbits, n) for _ in range(500)] == \
            [theirs.randrange(n) for _ in range(500)]


def test_the_shift_constants_are_wide() -> None:
    # Compiled, a shift of a literal would be cut to 32 bits (see judgement.ONE).
    for n in (0, 30, 31, 32, 51):
        assert ONE << n == 1 << n
    assert [CLUBS_MASK << 13 * suit for suit in range(4)] == \
        [CLUBS << 13 * suit for suit in range(4)]


def test_voids_and_seats_pack_by_seat() -> None:
    assert pack_voids((1, 2, 4, 8)) == 1 | 2 << 4 | 4 << 8 | 8 << 12
    assert [of_seat(seat, 10, 11, 12, 13) for seat in range(4)] == [10, 11, 12, 13]
