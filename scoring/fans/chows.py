"""Fans of chows: groups of two, three or four chows (each given by its lowest tile, the
group sorted), and the fans of every chow of a reading (13, 29, 63).

Which groups of a reading are scored together (a four-chow fan alone; a three-chow fan and
the fourth chow once; otherwise the most pairs) is the combination principles' choice,
:func:`scoring.combine.set_group_fans`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tiles import one_of_each_suit, rank_of, sorted_ranks, suit_of
from .ids import (
    ALL_CHOWS,
    FOUR_PURE_SHIFTED_CHOWS,
    FULL_FLUSH,
    MIXED_DOUBLE_CHOW,
    MIXED_SHIFTED_CHOWS,
    MIXED_STRAIGHT,
    MIXED_TRIPLE_CHOW,
    NO_HONORS,
    PURE_DOUBLE_CHOW,
    PURE_SHIFTED_CHOWS,
    PURE_SHIFTED_PUNGS,
    PURE_STRAIGHT,
    PURE_TERMINAL_CHOWS,
    PURE_TRIPLE_CHOW,
    QUADRUPLE_CHOW,
    SEVEN_PAIRS,
    SHORT_STRAIGHT,
    THREE_SUITED_TERMINAL_CHOWS,
    TILE_HOG,
    TWO_TERMINAL_CHOWS,
)
from .registry import CHOWS_OF, chows_fan, reading_fan

if TYPE_CHECKING:
    from ..reading import Reading


# -- four chows ------------------------------------------------------------------------

@chows_fan(QUADRUPLE_CHOW, "Quadruple Chow", 48, sets=4, excludes={
    PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS, TILE_HOG, PURE_DOUBLE_CHOW,
})
def quadruple_chow(a: int, b: int, c: int, d: int) -> bool:
    """Rule 14: four identical chows."""
    return a == d


@chows_fan(FOUR_PURE_SHIFTED_CHOWS, "Four Pure Shifted Chows", 32, sets=4, excludes={
    PURE_SHIFTED_CHOWS, SHORT_STRAIGHT,
})
def four_pure_shifted_chows(a: int, b: int, c: int, d: int) -> bool:
    """Rule 16: four chows of one suit, each one or each two ranks above the last."""
    return suit_of(a) == suit_of(d) and b - a in (1, 2) and c - b == b - a and d - c == b - a


# -- three chows -----------------------------------------------------------------------

@chows_fan(PURE_TRIPLE_CHOW, "Pure Triple Chow", 24, sets=3, excludes={
    PURE_SHIFTED_PUNGS, PURE_DOUBLE_CHOW,
})
def pure_triple_chow(a: int, b: int, c: int) -> bool:
    """Rule 23: three identical chows."""
    return a == c


@chows_fan(PURE_STRAIGHT, "Pure Straight", 16, sets=3)
def pure_straight(a: int, b: int, c: int) -> bool:
    """Rule 28: 1-2-3, 4-5-6 and 7-8-9 of one suit."""
    return suit_of(a) == suit_of(c) and rank_of(a) == 1 and b == a + 3 and c == b + 3


@chows_fan(PURE_SHIFTED_CHOWS, "Pure Shifted Chows", 16, sets=3)
def pure_shifted_chows(a: int, b: int, c: int) -> bool:
    """Rule 30: three chows of one suit, each one or each two ranks above the last."""
    return suit_of(a) == suit_of(c) and b - a in (1, 2) and c - b == b - a


@chows_fan(MIXED_STRAIGHT, "Mixed Straight", 8, sets=3)
def mixed_straight(a: int, b: int, c: int) -> bool:
    """Rule 39: 1-2-3, 4-5-6 and 7-8-9, each of another suit."""
    return one_of_each_suit(a, b, c) and sorted_ranks(a, b, c) == [1, 4, 7]


@chows_fan(MIXED_TRIPLE_CHOW, "Mixed Triple Chow", 8, sets=3)
def mixed_triple_chow(a: int, b: int, c: int) -> bool:
    """Rule 41: the same chow in each of the three suits."""
    return one_of_each_suit(a, b, c) and rank_of(a) == rank_of(b) == rank_of(c)


@chows_fan(MIXED_SHIFTED_CHOWS, "Mixed Shifted Chows", 6, sets=3)
def mixed_shifted_chows(a: int, b: int, c: int) -> bool:
    """Rule 51: three chows of the three suits, each one rank above the last."""
    low, middle, high = sorted_ranks(a, b, c)
    return one_of_each_suit(a, b, c) and middle == low + 1 and high == middle + 1


# -- two chows -------------------------------------------------------------------------

@chows_fan(PURE_DOUBLE_CHOW, "Pure Double Chow", 1, sets=2)
def pure_double_chow(a: int, b: int) -> bool:
    """Rule 69: two identical chows."""
    return a == b


@chows_fan(MIXED_DOUBLE_CHOW, "Mixed Double Chow", 1, sets=2)
def mixed_double_chow(a: int, b: int) -> bool:
    """Rule 70: the same chow in two suits."""
    return suit_of(a) != suit_of(b) and rank_of(a) == rank_of(b)


@chows_fan(SHORT_STRAIGHT, "Short Straight", 1, sets=2)
def short_straight(a: int, b: int) -> bool:
    """Rule 71: two chows of one suit that follow each other (1-2-3 and 4-5-6)."""
    return b == a + 3 and suit_of(a) == suit_of(b)


@chows_fan(TWO_TERMINAL_CHOWS, "Two Terminal Chows", 1, sets=2)
def two_terminal_chows(a: int, b: int) -> bool:
    """Rule 72: 1-2-3 and 7-8-9 of one suit."""
    return b == a + 6 and suit_of(a) == suit_of(b)


# -- every chow of a reading -----------------------------------------------------------

def _terminal_chows_and_five_pair(reading: Reading) -> bool:
    """Four chows, each 1-2-3 or 7-8-9, and a pair of 5s."""
    pair = reading.pair
    return (len(reading.chows) == 4 and 0 <= pair < 27 and rank_of(pair) == 5
            and all(rank_of(t) in (1, 7) for t in reading.chows))


@reading_fan(PURE_TERMINAL_CHOWS, "Pure Terminal Chows", 64, excludes={
    SEVEN_PAIRS, FULL_FLUSH, ALL_CHOWS, PURE_DOUBLE_CHOW, TWO_TERMINAL_CHOWS, NO_HONORS,
})
def pure_terminal_chows(reading: Reading) -> list:
    """Rule 13: two 1-2-3 and two 7-8-9 of one suit, with a pair of 5s of that suit."""
    chows, pair = reading.chows, reading.pair
    if _terminal_chows_and_five_pair(reading) and all(suit_of(t) == suit_of(pair) for t in chows) \
            and sorted_ranks(*chows) == [1, 1, 7, 7]:
        return [(CHOWS_OF, chows)]
    return []


@reading_fan(THREE_SUITED_TERMINAL_CHOWS, "Three-Suited Terminal Chows", 16, excludes={
    ALL_CHOWS, MIXED_DOUBLE_CHOW, TWO_TERMINAL_CHOWS, NO_HONORS,
})
def three_suited_terminal_chows(reading: Reading) -> list:
    """Rule 29: 1-2-3 and 7-8-9 in each of two suits, with a pair of 5s of the third."""
    chows, pair = reading.chows, reading.pair
    if not _terminal_chows_and_five_pair(reading):
        return []
    other_suits = [s for s in (0, 1, 2) if s != suit_of(pair)]
    if list(chows) == [9 * s + low for s in other_suits for low in (0, 6)]:
        return [(CHOWS_OF, chows)]
    return []


@reading_fan(ALL_CHOWS, "All Chows", 2, on="only chows and a suit pair", excludes={NO_HONORS})
def all_chows(reading: Reading) -> bool:
    """Rule 63: only chows (a knitted straight counts as chows) and a pair of a suit."""
    sets = len(reading.chows) + (3 if reading.knitted else 0)
    return sets == 4 and 0 <= reading.pair < 27
