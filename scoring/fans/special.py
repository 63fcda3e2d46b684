"""Fans of the special shapes (6, 7, 19, 20, 34, 35) and Nine Gates (4).

The shapes themselves are read in :mod:`scoring.reading`; a knitted straight is scored
both as a shape of its own with a set and a pair, and inside Lesser Honors and Knitted
Tiles when all nine of its tiles are there (rule 34 combines with it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..reading import HONORS_AND_KNITTED, SEVEN_PAIRS, THIRTEEN_ORPHANS
from ..tiles import HONOR_BASE
from .ids import (
    ALL_TERMINALS_AND_HONORS,
    ALL_TYPES,
    CONCEALED_HAND,
    FULL_FLUSH,
    GREATER_HONORS_AND_KNITTED_TILES,
    KNITTED_STRAIGHT,
    LESSER_HONORS_AND_KNITTED_TILES,
    NINE_GATES,
    NO_HONORS,
    PUNG_OF_TERMINALS_OR_HONORS,
    SINGLE_WAIT,
)
from .ids import SEVEN_PAIRS as SEVEN_PAIRS_FAN
from .ids import SEVEN_SHIFTED_PAIRS as SEVEN_SHIFTED_PAIRS_FAN
from .ids import THIRTEEN_ORPHANS as THIRTEEN_ORPHANS_FAN
from .registry import TILES_OF, WHOLE_HAND, hand_fan, reading_fan

if TYPE_CHECKING:
    from ..reading import Reading, WholeHand

_NINE_GATES_RANKS = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@hand_fan(NINE_GATES, "Nine Gates", 88, excludes={
    FULL_FLUSH, CONCEALED_HAND, PUNG_OF_TERMINALS_OR_HONORS, NO_HONORS,
})
def nine_gates(hand: WholeHand) -> bool:
    """Rule 4: 1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit held concealed before the win (it
    waits on the nine tiles of the suit), completed with any tile of that suit."""
    concealed, win = hand.hand.concealed, hand.win
    if hand.hand.melds or win >= HONOR_BASE:
        return False
    counts = [0] * 9
    for t in concealed:
        if t // 9 != win // 9:
            return False
        counts[t % 9] += 1
    return tuple(counts) == _NINE_GATES_RANKS


@reading_fan(SEVEN_SHIFTED_PAIRS_FAN, "Seven Shifted Pairs", 88, excludes={
    SEVEN_PAIRS_FAN, FULL_FLUSH, CONCEALED_HAND, NO_HONORS, SINGLE_WAIT,
})
def seven_shifted_pairs(reading: Reading) -> bool:
    """Rule 6: seven pairs of one suit, each one rank above the last."""
    if reading.shape != SEVEN_PAIRS:
        return False
    pairs = reading.whole.standing[0::2]
    low, high = pairs[0], pairs[-1]
    return high < HONOR_BASE and high // 9 == low // 9 and list(pairs) == list(range(low, high + 1))


@reading_fan(THIRTEEN_ORPHANS_FAN, "Thirteen Orphans", 88, excludes={
    ALL_TERMINALS_AND_HONORS, ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT,
})
def thirteen_orphans(reading: Reading) -> bool:
    """Rule 7: one of each terminal and honor, and a fourteenth of them."""
    return reading.shape == THIRTEEN_ORPHANS


@reading_fan(SEVEN_PAIRS_FAN, "Seven Pairs", 24, excludes={CONCEALED_HAND, SINGLE_WAIT})
def seven_pairs(reading: Reading) -> bool:
    """Rule 19: seven pairs (four alike count as two pairs, WMO Appendix 1)."""
    return reading.shape == SEVEN_PAIRS


@reading_fan(GREATER_HONORS_AND_KNITTED_TILES, "Greater Honors and Knitted Tiles", 24,
             excludes={LESSER_HONORS_AND_KNITTED_TILES, ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT})
def greater_honors_and_knitted_tiles(reading: Reading) -> bool:
    """Rule 20: the seven honors and seven tiles of one knitted straight, all different."""
    return reading.shape == HONORS_AND_KNITTED and _honors(reading) == 7


@reading_fan(LESSER_HONORS_AND_KNITTED_TILES, "Lesser Honors and Knitted Tiles", 12,
             excludes={ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT})
def lesser_honors_and_knitted_tiles(reading: Reading) -> bool:
    """Rule 34: fourteen different honors and tiles of one knitted straight."""
    return reading.shape == HONORS_AND_KNITTED


@reading_fan(KNITTED_STRAIGHT, "Knitted Straight", 12)
def knitted_straight(reading: Reading) -> list:
    """Rule 35: 1-4-7, 2-5-8 and 3-6-9, each of another suit: with a set and a pair, or as
    the nine suit tiles of Lesser Honors and Knitted Tiles."""
    if reading.knitted:
        return [(TILES_OF, reading.knitted)]
    if reading.shape == HONORS_AND_KNITTED and _honors(reading) == 5:
        return [WHOLE_HAND]
    return []


def _honors(reading: Reading) -> int:
    return sum(1 for t in reading.whole.standing if t >= HONOR_BASE)
