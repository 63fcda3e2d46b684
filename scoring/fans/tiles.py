"""Fans that depend only on which tiles the hand holds, not on how they are grouped:
suits (22, 50, 52, 75, 76), terminals and honors (8, 11, 18, 68), ranges (25-27, 36, 37)
and looks (3, 40). Computed on a 34-bit mask of the tiles present.
"""

from __future__ import annotations

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
    """Fan ids of the tile properties of the tiles present (a 34-bit mask), before
    exclusions (see :mod:`scoring.combine`)."""
    # everything these fans look at, in 16 bits, as the OR of what each suit and the honors
    # contribute (see _suit_parts)
    return _tile_fans_of_key(_CHARACTERS[present & _SUIT] | _DOTS[present >> 9 & _SUIT]
                             | _BAMBOO[present >> 18 & _SUIT] | _HONOR_PART[present >> 27])


# bits of the key of tile_fans: the ranks held in any suit (0-8), which suits (9-11), winds
# (12), dragons (13), some tile not reversible (14), some tile not green (15)
_NOT_REVERSIBLE, _NOT_GREEN = 1 << 14, 1 << 15


def _suit_parts(suit: int) -> tuple[int, ...]:
    """What one suit's 9-bit mask contributes to the key of :func:`tile_fans`."""
    parts = []
    for mask in range(512):
        tiles = mask << 9 * suit
        part = mask | (1 << 9 + suit if mask else 0)
        if tiles & ~_REVERSIBLE:
            part |= _NOT_REVERSIBLE
        if tiles & ~_GREEN:
            part |= _NOT_GREEN
        parts.append(part)
    return tuple(parts)


def _honor_part(honors: int) -> int:
    tiles = honors << 27
    return ((1 << 12 if tiles & _WINDS else 0) | (1 << 13 if tiles & _DRAGONS else 0)
            | (_NOT_REVERSIBLE if tiles & ~_REVERSIBLE else 0)
            | (_NOT_GREEN if tiles & ~_GREEN else 0))


_CHARACTERS, _DOTS, _BAMBOO = _suit_parts(0), _suit_parts(1), _suit_parts(2)
_HONOR_PART = tuple(_honor_part(honors) for honors in range(128))


def _tile_fans_of_key(key: int) -> tuple[int, ...]:
    """The fans of :func:`tile_fans` from its key: the ranks held in any suit, which suits,
    whether winds and dragons, whether all tiles are reversible, whether all are green."""
    fans: list[int] = []
    ranks = key & _SUIT
    n_suits = (key >> 9 & 1) + (key >> 10 & 1) + (key >> 11 & 1)
    winds, dragons = key >> 12 & 1, key >> 13 & 1
    honors = winds or dragons
    if n_suits == 1:
        fans.append(HALF_FLUSH if honors else FULL_FLUSH)  # rules: fans 50 and 22
    elif n_suits == 2:
        fans.append(ONE_VOIDED_SUIT)  # fan 75: tiles of only two suits
    if not honors:
        fans.append(NO_HONORS)  # fan 76
    if n_suits == 3 and winds and dragons:
        fans.append(ALL_TYPES)  # fan 52
    if not ranks & _TERMINAL_RANKS and not honors:
        fans.append(ALL_SIMPLES)  # fan 68
    if not key & _NOT_REVERSIBLE:
        fans.append(REVERSIBLE_TILES)  # fan 40
    if not key & _NOT_GREEN:
        fans.append(ALL_GREEN)  # fan 3
    if not n_suits:
        fans.append(ALL_HONORS)  # fan 11
    elif not ranks & ~_TERMINAL_RANKS:
        # fan 8 with terminals only, fan 18 with honors too
        fans.append(ALL_TERMINALS_AND_HONORS if honors else ALL_TERMINALS)
    if not honors:
        fans.extend(_range_fans(ranks))
    return tuple(fans)


def _range_fans(ranks: int) -> tuple[int, ...]:
    """The fan of the ranks held when the hand has no honor: a third (upper, middle, lower,
    fans 25-27), else a four (upper four, lower four, fans 36-37)."""
    for span, fan in ((_UPPER, UPPER_TILES), (_MIDDLE, MIDDLE_TILES), (_LOWER, LOWER_TILES),
                      (_UPPER4, UPPER_FOUR), (_LOWER4, LOWER_FOUR)):
        if not ranks & ~span:
            return (fan,)
    return ()


_TERMINAL_RANKS = _ranks(1, 9)
