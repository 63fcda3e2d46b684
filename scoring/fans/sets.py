"""Fans of every set and the pair of a reading of four sets and a pair (31, 55)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..reading import REGULAR
from ..tiles import TERMINALS_AND_HONORS
from .ids import ALL_FIVES, ALL_SIMPLES, NO_HONORS, OUTSIDE_HAND
from .registry import reading_fan

if TYPE_CHECKING:
    from ..reading import Reading


def _every_set_and_the_pair(reading: Reading, chow_ok, tile_ok) -> bool:
    """Whether each chow (by its lowest tile), each pung or kong and the pair (by their
    tile) pass; only four sets and a pair count (not a knitted straight)."""
    return (reading.shape == REGULAR and all(map(chow_ok, reading.chows))
            and all(map(tile_ok, reading.pungs)) and tile_ok(reading.pair))


@reading_fan(OUTSIDE_HAND, "Outside Hand", 4,
             on="a terminal or honor in every set and the pair")
def outside_hand(reading: Reading) -> bool:
    """Rule 55: a terminal or an honor in every set and in the pair."""
    return _every_set_and_the_pair(
        reading, lambda low: low % 9 in (0, 6), lambda t: t in TERMINALS_AND_HONORS)


@reading_fan(ALL_FIVES, "All Fives", 16, on="a 5 in every set and the pair",
             excludes={ALL_SIMPLES, NO_HONORS})
def all_fives(reading: Reading) -> bool:
    """Rule 31: a 5 in every set and in the pair."""
    return _every_set_and_the_pair(
        reading, lambda low: 2 <= low % 9 <= 4, lambda t: t < 27 and t % 9 == 4)
