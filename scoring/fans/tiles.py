"""Fans of the tiles the hand holds, however they are grouped: suits (22, 50, 52, 75, 76),
terminals and honors (8, 11, 18, 68), ranges (25-27, 36, 37), looks (3, 40), and all four
of a tile (64). The tiles are every tile of the hand, declared sets included."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tiles import GREEN_TILES, REVERSIBLE, TERMINALS_AND_HONORS
from .ids import (
    ALL_GREEN,
    ALL_HONORS,
    ALL_PUNGS,
    ALL_SIMPLES,
    ALL_TERMINALS,
    ALL_TERMINALS_AND_HONORS,
    ALL_TYPES,
    FULL_FLUSH,
    HALF_FLUSH,
    LOWER_FOUR,
    LOWER_TILES,
    MIDDLE_TILES,
    NO_HONORS,
    ONE_VOIDED_SUIT,
    OUTSIDE_HAND,
    PUNG_OF_TERMINALS_OR_HONORS,
    REVERSIBLE_TILES,
    TILE_HOG,
    UPPER_FOUR,
    UPPER_TILES,
)
from .registry import ALL_TILES, TILES_OF, hand_fan

if TYPE_CHECKING:
    from ..reading import WholeHand

TERMINAL_RANKS = frozenset({1, 9})


@hand_fan(ALL_GREEN, "All Green", 88, on=ALL_TILES)
def all_green(hand: WholeHand) -> bool:
    """Rule 3: only 2, 3, 4, 6 and 8 of Bamboo and the Green dragon. It combines with Full
    Flush and Half Flush under WMO 2006 (docs/fans.md)."""
    return hand.tiles <= GREEN_TILES


@hand_fan(ALL_TERMINALS, "All Terminals", 64, on=ALL_TILES, excludes={
    ALL_TERMINALS_AND_HONORS, ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS, NO_HONORS,
})
def all_terminals(hand: WholeHand) -> bool:
    """Rule 8: only 1s and 9s. It keeps Double Pung and Triple Pung (WMO text,
    docs/fans.md)."""
    return hand.suits > 0 and not hand.honors and hand.ranks <= TERMINAL_RANKS


@hand_fan(ALL_HONORS, "All Honors", 64, on=ALL_TILES, excludes={
    ALL_TERMINALS_AND_HONORS, ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS,
})
def all_honors(hand: WholeHand) -> bool:
    """Rule 11: only winds and dragons."""
    return hand.suits == 0


@hand_fan(ALL_TERMINALS_AND_HONORS, "All Terminals and Honors", 32, on=ALL_TILES, excludes={
    ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS,
})
def all_terminals_and_honors(hand: WholeHand) -> bool:
    """Rule 18: only 1s, 9s and honors (All Terminals and All Honors imply it)."""
    return hand.tiles <= TERMINALS_AND_HONORS


@hand_fan(FULL_FLUSH, "Full Flush", 24, on=ALL_TILES, excludes={NO_HONORS})
def full_flush(hand: WholeHand) -> bool:
    """Rule 22: tiles of one suit only, no honor."""
    return hand.suits == 1 and not hand.honors


@hand_fan(UPPER_TILES, "Upper Tiles", 24, on=ALL_TILES, excludes={UPPER_FOUR, NO_HONORS})
def upper_tiles(hand: WholeHand) -> bool:
    """Rule 25: only 7s, 8s and 9s."""
    return _only_ranks(hand, 7, 8, 9)


@hand_fan(MIDDLE_TILES, "Middle Tiles", 24, on=ALL_TILES, excludes={ALL_SIMPLES, NO_HONORS})
def middle_tiles(hand: WholeHand) -> bool:
    """Rule 26: only 4s, 5s and 6s."""
    return _only_ranks(hand, 4, 5, 6)


@hand_fan(LOWER_TILES, "Lower Tiles", 24, on=ALL_TILES, excludes={LOWER_FOUR, NO_HONORS})
def lower_tiles(hand: WholeHand) -> bool:
    """Rule 27: only 1s, 2s and 3s."""
    return _only_ranks(hand, 1, 2, 3)


@hand_fan(UPPER_FOUR, "Upper Four", 12, on=ALL_TILES, excludes={NO_HONORS})
def upper_four(hand: WholeHand) -> bool:
    """Rule 36: only 6s, 7s, 8s and 9s."""
    return _only_ranks(hand, 6, 7, 8, 9)


@hand_fan(LOWER_FOUR, "Lower Four", 12, on=ALL_TILES, excludes={NO_HONORS})
def lower_four(hand: WholeHand) -> bool:
    """Rule 37: only 1s, 2s, 3s and 4s."""
    return _only_ranks(hand, 1, 2, 3, 4)


def _only_ranks(hand: WholeHand, *ranks: int) -> bool:
    return hand.suits > 0 and not hand.honors and hand.ranks <= frozenset(ranks)


@hand_fan(REVERSIBLE_TILES, "Reversible Tiles", 8, on=ALL_TILES, excludes={ONE_VOIDED_SUIT})
def reversible_tiles(hand: WholeHand) -> bool:
    """Rule 40: only tiles that look the same upside down: 1, 2, 3, 4, 5, 8, 9 of Dots,
    2, 4, 5, 6, 8, 9 of Bamboo and the White dragon."""
    return hand.tiles <= REVERSIBLE


@hand_fan(HALF_FLUSH, "Half Flush", 6, on=ALL_TILES)
def half_flush(hand: WholeHand) -> bool:
    """Rule 50: tiles of one suit and honors."""
    return hand.suits == 1 and hand.honors


@hand_fan(ALL_TYPES, "All Types", 6, on=ALL_TILES)
def all_types(hand: WholeHand) -> bool:
    """Rule 52: tiles of the three suits, a wind and a dragon."""
    return hand.suits == 3 and hand.winds and hand.dragons


@hand_fan(TILE_HOG, "Tile Hog", 2)
def tile_hog(hand: WholeHand) -> list:
    """Rule 64: all four of a tile used without declaring a kong; once for each such tile."""
    return [(TILES_OF, (t,) * 4) for t in hand.hogs]


@hand_fan(ALL_SIMPLES, "All Simples", 2, on=ALL_TILES, excludes={NO_HONORS})
def all_simples(hand: WholeHand) -> bool:
    """Rule 68: no 1, no 9, no honor."""
    return not hand.honors and not hand.ranks & TERMINAL_RANKS


@hand_fan(ONE_VOIDED_SUIT, "One Voided Suit", 1, on=ALL_TILES)
def one_voided_suit(hand: WholeHand) -> bool:
    """Rule 75: tiles of only two of the three suits (honors do not matter)."""
    return hand.suits == 2


@hand_fan(NO_HONORS, "No Honors", 1, on=ALL_TILES)
def no_honors(hand: WholeHand) -> bool:
    """Rule 76: no wind, no dragon."""
    return not hand.honors
