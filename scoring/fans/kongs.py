"""Fans of the declared kongs (5, 17, 48, 57, 67, 74), by how many there are and how many
of them are concealed. One melded and one concealed kong is fan 57 worth 6 points in all
(WMO note under fan 57), without 67 or 74."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ids import (
    ALL_PUNGS,
    CONCEALED_KONG,
    FOUR_KONGS,
    MELDED_AND_CONCEALED_KONG,
    MELDED_KONG,
    SINGLE_WAIT,
    THREE_KONGS,
    TWO_CONCEALED_KONGS,
    TWO_CONCEALED_PUNGS,
    TWO_MELDED_KONGS,
)
from .registry import KONGS_OF, hand_fan

if TYPE_CHECKING:
    from ..reading import WholeHand


def _kongs(hand: WholeHand, total: int, concealed: int | None = None) -> list:
    """The kongs, when the hand declared ``total`` of them, ``concealed`` of them concealed
    (any number when None)."""
    if len(hand.kongs) != total:
        return []
    if concealed is not None and len(hand.concealed_kongs) != concealed:
        return []
    return [(KONGS_OF, hand.kongs)]


@hand_fan(FOUR_KONGS, "Four Kongs", 88, excludes={ALL_PUNGS, SINGLE_WAIT})
def four_kongs(hand: WholeHand) -> list:
    """Rule 5: four kongs."""
    return _kongs(hand, 4)


@hand_fan(THREE_KONGS, "Three Kongs", 32)
def three_kongs(hand: WholeHand) -> list:
    """Rule 17: three kongs."""
    return _kongs(hand, 3)


@hand_fan(TWO_CONCEALED_KONGS, "Two Concealed Kongs", 8, excludes={
    TWO_CONCEALED_PUNGS, CONCEALED_KONG,
})
def two_concealed_kongs(hand: WholeHand) -> list:
    """Rule 48: two kongs, both concealed."""
    return _kongs(hand, 2, concealed=2)


@hand_fan(TWO_MELDED_KONGS, "Two Melded Kongs", 4)
def two_melded_kongs(hand: WholeHand) -> list:
    """Rule 57: two kongs, both melded."""
    return _kongs(hand, 2, concealed=0)


@hand_fan(MELDED_AND_CONCEALED_KONG, "Two Melded Kongs", 6)
def melded_and_concealed_kong(hand: WholeHand) -> list:
    """Rule 57, its note: one melded and one concealed kong score 6 points in all (reported
    as fan 57)."""
    return _kongs(hand, 2, concealed=1)


@hand_fan(CONCEALED_KONG, "Concealed Kong", 2)
def concealed_kong(hand: WholeHand) -> list:
    """Rule 67: one kong, concealed."""
    return _kongs(hand, 1, concealed=1)


@hand_fan(MELDED_KONG, "Melded Kong", 1)
def melded_kong(hand: WholeHand) -> list:
    """Rule 74: one kong, melded."""
    return _kongs(hand, 1, concealed=0)
