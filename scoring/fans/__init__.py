"""The 81 fans of the WMO 2006 rules (section 3.8.1), grouped as the rulebook groups them.

Numbers, English names and points are the rulebook's (``docs/fans.md``). The fan checks live
in the submodules: :mod:`.chows` (chow relations), :mod:`.pungs` (pungs and kongs),
:mod:`.tiles` (suits, terminals, ranges: properties of all the tiles), :mod:`.special`
(the special shapes) and :mod:`.winning` (how the hand was won, waits).
"""

from __future__ import annotations

from typing import NamedTuple


class Fan(NamedTuple):
    """A fan of 3.8.1: its number (the rulebook's, Appendix 1's entry), English name and
    points, and the fans it removes when found (implied or not to be combined with)."""

    id: int
    name: str
    points: int
    excludes: frozenset[int] = frozenset()


BIG_FOUR_WINDS = 1
BIG_THREE_DRAGONS = 2
ALL_GREEN = 3
NINE_GATES = 4
FOUR_KONGS = 5
SEVEN_SHIFTED_PAIRS = 6
THIRTEEN_ORPHANS = 7
ALL_TERMINALS = 8
LITTLE_FOUR_WINDS = 9
LITTLE_THREE_DRAGONS = 10
ALL_HONORS = 11
FOUR_CONCEALED_PUNGS = 12
PURE_TERMINAL_CHOWS = 13
QUADRUPLE_CHOW = 14
FOUR_PURE_SHIFTED_PUNGS = 15
FOUR_PURE_SHIFTED_CHOWS = 16
THREE_KONGS = 17
ALL_TERMINALS_AND_HONORS = 18
SEVEN_PAIRS = 19
GREATER_HONORS_AND_KNITTED_TILES = 20
ALL_EVEN_PUNGS = 21
FULL_FLUSH = 22
PURE_TRIPLE_CHOW = 23
PURE_SHIFTED_PUNGS = 24
UPPER_TILES = 25
MIDDLE_TILES = 26
LOWER_TILES = 27
PURE_STRAIGHT = 28
THREE_SUITED_TERMINAL_CHOWS = 29
PURE_SHIFTED_CHOWS = 30
ALL_FIVES = 31
TRIPLE_PUNG = 32
THREE_CONCEALED_PUNGS = 33
LESSER_HONORS_AND_KNITTED_TILES = 34
KNITTED_STRAIGHT = 35
UPPER_FOUR = 36
LOWER_FOUR = 37
BIG_THREE_WINDS = 38
MIXED_STRAIGHT = 39
REVERSIBLE_TILES = 40
MIXED_TRIPLE_CHOW = 41
MIXED_SHIFTED_PUNGS = 42
CHICKEN_HAND = 43
LAST_TILE_DRAW = 44
LAST_TILE_CLAIM = 45
OUT_WITH_REPLACEMENT_TILE = 46
ROBBING_THE_KONG = 47
TWO_CONCEALED_KONGS = 48
ALL_PUNGS = 49
HALF_FLUSH = 50
MIXED_SHIFTED_CHOWS = 51
ALL_TYPES = 52
MELDED_HAND = 53
TWO_DRAGON_PUNGS = 54
OUTSIDE_HAND = 55
FULLY_CONCEALED_HAND = 56
TWO_MELDED_KONGS = 57
LAST_TILE = 58
DRAGON_PUNG = 59
PREVALENT_WIND = 60
SEAT_WIND = 61
CONCEALED_HAND = 62
ALL_CHOWS = 63
TILE_HOG = 64
DOUBLE_PUNG = 65
TWO_CONCEALED_PUNGS = 66
CONCEALED_KONG = 67
ALL_SIMPLES = 68
PURE_DOUBLE_CHOW = 69
MIXED_DOUBLE_CHOW = 70
SHORT_STRAIGHT = 71
TWO_TERMINAL_CHOWS = 72
PUNG_OF_TERMINALS_OR_HONORS = 73
MELDED_KONG = 74
ONE_VOIDED_SUIT = 75
NO_HONORS = 76
EDGE_WAIT = 77
CLOSED_WAIT = 78
SINGLE_WAIT = 79
SELF_DRAWN = 80
FLOWER_TILES = 81

# The registry of the fans: one entry per fan, with what it implies or may not be combined
# with ("No se puede combinar con", Appendix 1; the principle of not repeating, 3.9.1.5 (1)).
# A fan found in a hand removes the fans of its ``excludes``; whether two fans combine is
# decided here and nowhere else (scoring.combine applies it).
FANS: dict[int, Fan] = {f.id: f._replace(excludes=frozenset(f.excludes)) for f in (
    Fan(BIG_FOUR_WINDS, "Big Four Winds", 88, excludes={
        LITTLE_FOUR_WINDS, BIG_THREE_WINDS, ALL_PUNGS, PREVALENT_WIND, SEAT_WIND,
        PUNG_OF_TERMINALS_OR_HONORS,
    }),
    Fan(BIG_THREE_DRAGONS, "Big Three Dragons", 88, excludes={TWO_DRAGON_PUNGS, DRAGON_PUNG}),
    # All Green combines with Full Flush and Half Flush under WMO 2006 (docs/fans.md)
    Fan(ALL_GREEN, "All Green", 88),
    Fan(NINE_GATES, "Nine Gates", 88, excludes={
        FULL_FLUSH, CONCEALED_HAND, PUNG_OF_TERMINALS_OR_HONORS, NO_HONORS,
    }),
    Fan(FOUR_KONGS, "Four Kongs", 88, excludes={ALL_PUNGS, SINGLE_WAIT}),
    Fan(SEVEN_SHIFTED_PAIRS, "Seven Shifted Pairs", 88, excludes={
        SEVEN_PAIRS, FULL_FLUSH, CONCEALED_HAND, NO_HONORS, SINGLE_WAIT,
    }),
    Fan(THIRTEEN_ORPHANS, "Thirteen Orphans", 88, excludes={
        ALL_TERMINALS_AND_HONORS, ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT,
    }),
    # All Terminals keeps Double Pung and Triple Pung (WMO text, docs/fans.md)
    Fan(ALL_TERMINALS, "All Terminals", 64, excludes={
        ALL_TERMINALS_AND_HONORS, ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS, NO_HONORS,
    }),
    Fan(LITTLE_FOUR_WINDS, "Little Four Winds", 64, excludes={
        BIG_THREE_WINDS, PUNG_OF_TERMINALS_OR_HONORS,
    }),
    Fan(LITTLE_THREE_DRAGONS, "Little Three Dragons", 64, excludes={
        TWO_DRAGON_PUNGS, DRAGON_PUNG,
    }),
    Fan(ALL_HONORS, "All Honors", 64, excludes={
        ALL_TERMINALS_AND_HONORS, ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS,
    }),
    Fan(FOUR_CONCEALED_PUNGS, "Four Concealed Pungs", 64, excludes={ALL_PUNGS, CONCEALED_HAND}),
    Fan(PURE_TERMINAL_CHOWS, "Pure Terminal Chows", 64, excludes={
        SEVEN_PAIRS, FULL_FLUSH, ALL_CHOWS, PURE_DOUBLE_CHOW, TWO_TERMINAL_CHOWS, NO_HONORS,
    }),
    Fan(QUADRUPLE_CHOW, "Quadruple Chow", 48, excludes={
        PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS, TILE_HOG, PURE_DOUBLE_CHOW,
    }),
    Fan(FOUR_PURE_SHIFTED_PUNGS, "Four Pure Shifted Pungs", 48, excludes={
        PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS, ALL_PUNGS,
    }),
    Fan(FOUR_PURE_SHIFTED_CHOWS, "Four Pure Shifted Chows", 32, excludes={
        PURE_SHIFTED_CHOWS, SHORT_STRAIGHT,
    }),
    Fan(THREE_KONGS, "Three Kongs", 32),
    Fan(ALL_TERMINALS_AND_HONORS, "All Terminals and Honors", 32, excludes={
        ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS,
    }),
    Fan(SEVEN_PAIRS, "Seven Pairs", 24, excludes={CONCEALED_HAND, SINGLE_WAIT}),
    Fan(GREATER_HONORS_AND_KNITTED_TILES, "Greater Honors and Knitted Tiles", 24, excludes={
        LESSER_HONORS_AND_KNITTED_TILES, ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT,
    }),
    Fan(ALL_EVEN_PUNGS, "All Even Pungs", 24, excludes={ALL_PUNGS, ALL_SIMPLES, NO_HONORS}),
    Fan(FULL_FLUSH, "Full Flush", 24, excludes={NO_HONORS}),
    Fan(PURE_TRIPLE_CHOW, "Pure Triple Chow", 24, excludes={PURE_SHIFTED_PUNGS, PURE_DOUBLE_CHOW}),
    Fan(PURE_SHIFTED_PUNGS, "Pure Shifted Pungs", 24, excludes={PURE_TRIPLE_CHOW}),
    Fan(UPPER_TILES, "Upper Tiles", 24, excludes={NO_HONORS}),
    Fan(MIDDLE_TILES, "Middle Tiles", 24, excludes={ALL_SIMPLES, NO_HONORS}),
    Fan(LOWER_TILES, "Lower Tiles", 24, excludes={NO_HONORS}),
    Fan(PURE_STRAIGHT, "Pure Straight", 16),
    Fan(THREE_SUITED_TERMINAL_CHOWS, "Three-Suited Terminal Chows", 16, excludes={
        ALL_CHOWS, MIXED_DOUBLE_CHOW, TWO_TERMINAL_CHOWS, NO_HONORS,
    }),
    Fan(PURE_SHIFTED_CHOWS, "Pure Shifted Chows", 16),
    Fan(ALL_FIVES, "All Fives", 16, excludes={ALL_SIMPLES, NO_HONORS}),
    Fan(TRIPLE_PUNG, "Triple Pung", 16),
    Fan(THREE_CONCEALED_PUNGS, "Three Concealed Pungs", 16),
    Fan(LESSER_HONORS_AND_KNITTED_TILES, "Lesser Honors and Knitted Tiles", 12, excludes={
        ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT,
    }),
    Fan(KNITTED_STRAIGHT, "Knitted Straight", 12),
    Fan(UPPER_FOUR, "Upper Four", 12, excludes={NO_HONORS}),
    Fan(LOWER_FOUR, "Lower Four", 12, excludes={NO_HONORS}),
    Fan(BIG_THREE_WINDS, "Big Three Winds", 12),
    Fan(MIXED_STRAIGHT, "Mixed Straight", 8),
    Fan(REVERSIBLE_TILES, "Reversible Tiles", 8, excludes={ONE_VOIDED_SUIT}),
    Fan(MIXED_TRIPLE_CHOW, "Mixed Triple Chow", 8),
    Fan(MIXED_SHIFTED_PUNGS, "Mixed Shifted Pungs", 8),
    Fan(CHICKEN_HAND, "Chicken Hand", 8),
    Fan(LAST_TILE_DRAW, "Last Tile Draw", 8, excludes={SELF_DRAWN}),
    Fan(LAST_TILE_CLAIM, "Last Tile Claim", 8),
    # the replacement tile is drawn from the wall: Self-Drawn is implied (3.9.1.5 (1))
    Fan(OUT_WITH_REPLACEMENT_TILE, "Out with Replacement Tile", 8, excludes={SELF_DRAWN}),
    Fan(ROBBING_THE_KONG, "Robbing the Kong", 8, excludes={FULLY_CONCEALED_HAND, LAST_TILE}),
    Fan(TWO_CONCEALED_KONGS, "Two Concealed Kongs", 8, excludes={
        TWO_CONCEALED_PUNGS, CONCEALED_KONG,
    }),
    Fan(ALL_PUNGS, "All Pungs", 6),
    Fan(HALF_FLUSH, "Half Flush", 6),
    Fan(MIXED_SHIFTED_CHOWS, "Mixed Shifted Chows", 6),
    Fan(ALL_TYPES, "All Types", 6),
    Fan(MELDED_HAND, "Melded Hand", 6, excludes={SINGLE_WAIT}),
    Fan(TWO_DRAGON_PUNGS, "Two Dragon Pungs", 6, excludes={DRAGON_PUNG}),
    Fan(OUTSIDE_HAND, "Outside Hand", 4),
    Fan(FULLY_CONCEALED_HAND, "Fully Concealed Hand", 4, excludes={CONCEALED_HAND, SELF_DRAWN}),
    Fan(TWO_MELDED_KONGS, "Two Melded Kongs", 4),
    Fan(LAST_TILE, "Last Tile", 4),
    Fan(DRAGON_PUNG, "Dragon Pung", 2),
    Fan(PREVALENT_WIND, "Prevalent Wind", 2),
    Fan(SEAT_WIND, "Seat Wind", 2),
    Fan(CONCEALED_HAND, "Concealed Hand", 2),
    Fan(ALL_CHOWS, "All Chows", 2, excludes={NO_HONORS}),
    Fan(TILE_HOG, "Tile Hog", 2),
    Fan(DOUBLE_PUNG, "Double Pung", 2),
    Fan(TWO_CONCEALED_PUNGS, "Two Concealed Pungs", 2),
    Fan(CONCEALED_KONG, "Concealed Kong", 2),
    Fan(ALL_SIMPLES, "All Simples", 2, excludes={NO_HONORS}),
    Fan(PURE_DOUBLE_CHOW, "Pure Double Chow", 1),
    Fan(MIXED_DOUBLE_CHOW, "Mixed Double Chow", 1),
    Fan(SHORT_STRAIGHT, "Short Straight", 1),
    Fan(TWO_TERMINAL_CHOWS, "Two Terminal Chows", 1),
    Fan(PUNG_OF_TERMINALS_OR_HONORS, "Pung of Terminals or Honors", 1),
    Fan(MELDED_KONG, "Melded Kong", 1),
    Fan(ONE_VOIDED_SUIT, "One Voided Suit", 1),
    Fan(NO_HONORS, "No Honors", 1),
    Fan(EDGE_WAIT, "Edge Wait", 1),
    Fan(CLOSED_WAIT, "Closed Wait", 1),
    Fan(SINGLE_WAIT, "Single Wait", 1),
    Fan(SELF_DRAWN, "Self-Drawn", 1),
    Fan(FLOWER_TILES, "Flower Tiles", 1),
)}

# One melded kong with one concealed kong: WMO note under fan 57, scored as fan 57 worth 6
# points in all. Internally a separate key so it can carry its own value: the first number
# after the 81 fans, so that sets of fans stay small bitmasks.
MELDED_AND_CONCEALED_KONG = 82
MELDED_AND_CONCEALED_KONG_POINTS = 6


def fan_points(fan_id: int) -> int:
    if fan_id == MELDED_AND_CONCEALED_KONG:
        return MELDED_AND_CONCEALED_KONG_POINTS
    return FANS[fan_id].points


def public_id(fan_id: int) -> int:
    """The rulebook number a fan is reported under."""
    return TWO_MELDED_KONGS if fan_id == MELDED_AND_CONCEALED_KONG else fan_id
