"""Fans of pungs (kongs count as pungs): groups of two, three or four pungs (given by their
tiles, sorted), the fans of one pung alone (59-61, 73), of every pung of a reading (21, 49,
the little winds and dragons) and of the concealed pungs (12, 33, 66).

Which groups of a reading are scored together is the combination principles' choice,
:func:`scoring.combine.set_group_fans`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..reading import REGULAR
from ..shapes import CHOW
from ..tiles import (
    DRAGONS,
    TERMINALS,
    WINDS,
    is_honor,
    one_of_each_suit,
    rank_of,
    sorted_ranks,
    suit_of,
)
from .ids import (
    ALL_EVEN_PUNGS,
    ALL_PUNGS,
    ALL_SIMPLES,
    BIG_FOUR_WINDS,
    BIG_THREE_DRAGONS,
    BIG_THREE_WINDS,
    CONCEALED_HAND,
    DOUBLE_PUNG,
    DRAGON_PUNG,
    FOUR_CONCEALED_PUNGS,
    FOUR_PURE_SHIFTED_PUNGS,
    LITTLE_FOUR_WINDS,
    LITTLE_THREE_DRAGONS,
    MIXED_SHIFTED_PUNGS,
    NO_HONORS,
    PREVALENT_WIND,
    PUNG_OF_TERMINALS_OR_HONORS,
    PURE_SHIFTED_PUNGS,
    PURE_TRIPLE_CHOW,
    SEAT_WIND,
    THREE_CONCEALED_PUNGS,
    TRIPLE_PUNG,
    TWO_CONCEALED_PUNGS,
    TWO_DRAGON_PUNGS,
)
from .registry import PUNGS_OF, pungs_fan, reading_fan

if TYPE_CHECKING:
    from ..reading import Reading


def follow(*tiles: int) -> bool:
    """Suit tiles of one suit, each one rank above the last (sorted)."""
    return all(not is_honor(t) and suit_of(t) == suit_of(tiles[0]) and t == tiles[0] + i
               for i, t in enumerate(tiles))


def wind_pungs(reading: Reading) -> tuple[int, ...]:
    return tuple(p for p in reading.pungs if p in WINDS)


def dragon_pungs(reading: Reading) -> tuple[int, ...]:
    return tuple(p for p in reading.pungs if p in DRAGONS)


# -- four pungs ------------------------------------------------------------------------

@pungs_fan(BIG_FOUR_WINDS, "Big Four Winds", 88, sets=4, excludes={
    LITTLE_FOUR_WINDS, BIG_THREE_WINDS, ALL_PUNGS, PREVALENT_WIND, SEAT_WIND,
    PUNG_OF_TERMINALS_OR_HONORS,
})
def big_four_winds(a: int, b: int, c: int, d: int) -> bool:
    """Rule 1: a pung of each wind."""
    return (a, b, c, d) == WINDS


@pungs_fan(FOUR_PURE_SHIFTED_PUNGS, "Four Pure Shifted Pungs", 48, sets=4, excludes={
    PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS, ALL_PUNGS,
})
def four_pure_shifted_pungs(a: int, b: int, c: int, d: int) -> bool:
    """Rule 15: four pungs of one suit, each one rank above the last."""
    return follow(a, b, c, d)


# -- three pungs -----------------------------------------------------------------------

@pungs_fan(BIG_THREE_DRAGONS, "Big Three Dragons", 88, sets=3, excludes={
    TWO_DRAGON_PUNGS, DRAGON_PUNG,
})
def big_three_dragons(a: int, b: int, c: int) -> bool:
    """Rule 2: a pung of each dragon."""
    return (a, b, c) == DRAGONS


@pungs_fan(PURE_SHIFTED_PUNGS, "Pure Shifted Pungs", 24, sets=3, excludes={PURE_TRIPLE_CHOW})
def pure_shifted_pungs(a: int, b: int, c: int) -> bool:
    """Rule 24: three pungs of one suit, each one rank above the last."""
    return follow(a, b, c)


@pungs_fan(TRIPLE_PUNG, "Triple Pung", 16, sets=3)
def triple_pung(a: int, b: int, c: int) -> bool:
    """Rule 32: a pung of the same rank in each of the three suits."""
    return one_of_each_suit(a, b, c) and rank_of(a) == rank_of(b) == rank_of(c)


@pungs_fan(BIG_THREE_WINDS, "Big Three Winds", 12, sets=3)
def big_three_winds(a: int, b: int, c: int) -> bool:
    """Rule 38: pungs of three winds."""
    return a in WINDS and b in WINDS and c in WINDS


@pungs_fan(MIXED_SHIFTED_PUNGS, "Mixed Shifted Pungs", 8, sets=3)
def mixed_shifted_pungs(a: int, b: int, c: int) -> bool:
    """Rule 42: pungs of the three suits, each one rank above the last."""
    low, middle, high = sorted_ranks(a, b, c)
    return one_of_each_suit(a, b, c) and middle == low + 1 and high == middle + 1


# -- two pungs -------------------------------------------------------------------------

@pungs_fan(TWO_DRAGON_PUNGS, "Two Dragon Pungs", 6, sets=2, excludes={DRAGON_PUNG})
def two_dragon_pungs(a: int, b: int) -> bool:
    """Rule 54: pungs of two dragons."""
    return a in DRAGONS and b in DRAGONS


@pungs_fan(DOUBLE_PUNG, "Double Pung", 2, sets=2)
def double_pung(a: int, b: int) -> bool:
    """Rule 65: pungs of the same rank in two suits."""
    return not is_honor(b) and a != b and rank_of(a) == rank_of(b)


# -- every pung of a reading -----------------------------------------------------------

@reading_fan(LITTLE_FOUR_WINDS, "Little Four Winds", 64, excludes={
    BIG_THREE_WINDS, PUNG_OF_TERMINALS_OR_HONORS,
})
def little_four_winds(reading: Reading) -> list:
    """Rule 9: pungs of three winds and a pair of the fourth."""
    winds = wind_pungs(reading)
    return [(PUNGS_OF, winds)] if len(winds) == 3 and reading.pair in WINDS else []


@reading_fan(LITTLE_THREE_DRAGONS, "Little Three Dragons", 64, excludes={
    TWO_DRAGON_PUNGS, DRAGON_PUNG,
})
def little_three_dragons(reading: Reading) -> list:
    """Rule 10: pungs of two dragons and a pair of the third."""
    dragons = dragon_pungs(reading)
    return [(PUNGS_OF, dragons)] if len(dragons) == 2 and reading.pair in DRAGONS else []


@reading_fan(ALL_EVEN_PUNGS, "All Even Pungs", 24, on="pungs and pair of 2, 4, 6, 8",
             excludes={ALL_PUNGS, ALL_SIMPLES, NO_HONORS})
def all_even_pungs(reading: Reading) -> bool:
    """Rule 21: four pungs and the pair, all of 2s, 4s, 6s or 8s."""
    tiles = (*reading.pungs, reading.pair)
    return (reading.shape == REGULAR and len(reading.pungs) == 4
            and all(not is_honor(t) and rank_of(t) % 2 == 0 for t in tiles))


@reading_fan(ALL_PUNGS, "All Pungs", 6, on="four pungs or kongs")
def all_pungs(reading: Reading) -> bool:
    """Rule 49: four pungs or kongs."""
    return len(reading.pungs) == 4


# -- one pung alone --------------------------------------------------------------------

@reading_fan(DRAGON_PUNG, "Dragon Pung", 2)
def dragon_pung(reading: Reading) -> list:
    """Rule 59: a pung of a dragon; once for each."""
    return [(PUNGS_OF, (p,)) for p in dragon_pungs(reading)]


@reading_fan(PREVALENT_WIND, "Prevalent Wind", 2)
def prevalent_wind(reading: Reading) -> list:
    """Rule 60: a pung of the prevalent wind."""
    wind = WINDS[reading.hand.prevalent_wind]
    return [(PUNGS_OF, (wind,))] if wind in reading.pungs else []


@reading_fan(SEAT_WIND, "Seat Wind", 2)
def seat_wind(reading: Reading) -> list:
    """Rule 61: a pung of the player's own wind."""
    wind = WINDS[reading.hand.seat_wind]
    return [(PUNGS_OF, (wind,))] if wind in reading.pungs else []


@reading_fan(PUNG_OF_TERMINALS_OR_HONORS, "Pung of Terminals or Honors", 1)
def pung_of_terminals_or_honors(reading: Reading) -> list:
    """Rule 73: a pung of 1s or 9s, or of a wind that is neither the player's nor the
    prevalent one and not one of three or four wind pungs (Big Three Winds, Little and Big
    Four Winds score those); once for each."""
    hand = reading.hand
    own_winds = (WINDS[hand.seat_wind], WINDS[hand.prevalent_wind])
    winds_scored = len(wind_pungs(reading)) >= 3
    return [(PUNGS_OF, (p,)) for p in reading.pungs
            if p in TERMINALS or (p in WINDS and p not in own_winds and not winds_scored)]


# -- concealed pungs -------------------------------------------------------------------

def concealed_pungs(reading: Reading) -> tuple[int, ...]:
    """The concealed pungs of a reading, concealed kongs last. A pung completed with another
    player's discard counts as exposed, unless a concealed chow could have taken that
    tile instead."""
    hand = reading.hand
    win = hand.win_tile
    hidden = [t for kind, t in reading.held if kind != CHOW]
    in_a_chow = any(kind == CHOW and t <= win <= t + 2 for kind, t in reading.held)
    if not hand.self_drawn and win in hidden and not in_a_chow:
        hidden.remove(win)
    return (*hidden, *reading.whole.concealed_kongs)


@reading_fan(FOUR_CONCEALED_PUNGS, "Four Concealed Pungs", 64, excludes={
    ALL_PUNGS, CONCEALED_HAND,
})
def four_concealed_pungs(reading: Reading) -> list:
    """Rule 12: four concealed pungs or kongs."""
    hidden = concealed_pungs(reading)
    return [(PUNGS_OF, hidden)] if len(hidden) == 4 else []


@reading_fan(THREE_CONCEALED_PUNGS, "Three Concealed Pungs", 16)
def three_concealed_pungs(reading: Reading) -> list:
    """Rule 33: three concealed pungs or kongs (exactly three)."""
    hidden = concealed_pungs(reading)
    return [(PUNGS_OF, hidden)] if len(hidden) == 3 else []


@reading_fan(TWO_CONCEALED_PUNGS, "Two Concealed Pungs", 2)
def two_concealed_pungs(reading: Reading) -> list:
    """Rule 66: two concealed pungs or kongs (exactly two)."""
    hidden = concealed_pungs(reading)
    return [(PUNGS_OF, hidden)] if len(hidden) == 2 else []
