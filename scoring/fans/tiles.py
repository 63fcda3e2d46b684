"""Fans that depend only on which tiles the hand holds, not on how they are grouped:
suits (22, 50, 52, 75, 76), terminals and honors (8, 11, 18, 68), ranges (25-27, 36, 37)
and looks (3, 40). Computed on a 34-bit mask of the tiles present, memoized.
"""

from __future__ import annotations

from ..memo import Memo
from ..tiles import GREEN_TILES, REVERSIBLE, TERMINALS
from . import (
    ALL_GREEN,
    ALL_HONORS,
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
    REVERSIBLE_TILES,
    UPPER_FOUR,
    UPPER_TILES,
)


def _mask(tiles) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


_SUIT = 0x1FF
_WINDS = 0xF << 27
_DRAGONS = 0x7 << 31
_HONORS = _WINDS | _DRAGONS
_TERMINALS = _mask(TERMINALS)
_REVERSIBLE = _mask(REVERSIBLE)
_GREEN = _mask(GREEN_TILES)


def _ranks(*allowed: int) -> int:
    return sum(1 << (r - 1) for r in allowed)


_UPPER, _MIDDLE, _LOWER = _ranks(7, 8, 9), _ranks(4, 5, 6), _ranks(1, 2, 3)
_UPPER4, _LOWER4 = _ranks(6, 7, 8, 9), _ranks(1, 2, 3, 4)


def tile_fans(present: int) -> tuple[int, ...]:
    """Fan ids of the tile properties, before exclusions (see :mod:`scoring.combine`);
    memoized as :data:`TILE_FANS`."""
    fans: list[int] = []
    m, p, s = present & _SUIT, (present >> 9) & _SUIT, (present >> 18) & _SUIT
    n_suits = (m != 0) + (p != 0) + (s != 0)
    winds, dragons = present & _WINDS, present & _DRAGONS
    honors = winds or dragons
    if n_suits == 1:
        fans.append(HALF_FLUSH if honors else FULL_FLUSH)  # rules: fans 50 and 22
    elif n_suits == 2:
        fans.append(ONE_VOIDED_SUIT)  # fan 75: tiles of only two suits
    if not honors:
        fans.append(NO_HONORS)  # fan 76
    if n_suits == 3 and winds and dragons:
        fans.append(ALL_TYPES)  # fan 52
    if not present & (_TERMINALS | _HONORS):
        fans.append(ALL_SIMPLES)  # fan 68
    if not present & ~_REVERSIBLE:
        fans.append(REVERSIBLE_TILES)  # fan 40
    if not present & ~_GREEN:
        fans.append(ALL_GREEN)  # fan 3
    if not n_suits:
        fans.append(ALL_HONORS)  # fan 11
    elif not present & ~_TERMINALS:
        fans.append(ALL_TERMINALS)  # fan 8
    elif not present & ~(_TERMINALS | _HONORS):
        fans.append(ALL_TERMINALS_AND_HONORS)  # fan 18
    if not honors:
        ranks = m | p | s
        if not ranks & ~_UPPER:
            fans.append(UPPER_TILES)  # fan 25
        elif not ranks & ~_MIDDLE:
            fans.append(MIDDLE_TILES)  # fan 26
        elif not ranks & ~_LOWER:
            fans.append(LOWER_TILES)  # fan 27
        elif not ranks & ~_UPPER4:
            fans.append(UPPER_FOUR)  # fan 36
        elif not ranks & ~_LOWER4:
            fans.append(LOWER_FOUR)  # fan 37
    return tuple(fans)


# present mask -> tile_fans(mask)
TILE_FANS: dict[int, tuple[int, ...]] = Memo(tile_fans)
