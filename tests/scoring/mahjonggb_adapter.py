"""Test-only adapter to the reference fan calculator ``MahjongGB`` (package ``pymahjonggb``).

Converts a hand in the JSON of ``spec/hand-format.md`` to ``MahjongGB.MahjongFanCalculator``'s
arguments and maps its answer to our fan ids 1..81 with counts, then applies the differences
between the WMO 2006 text (which governs) and the 1998 table the reference follows, as listed in
``spec/fans.md`` (see :func:`wmo_adjust`).

Call shape (checked with ``help(MahjongGB)`` and the binding's source):
``MahjongFanCalculator(pack, hand, winTile, flowerCount, isSelfDrawn, is4thTile, isAboutKong,
isWallLast, seatWind, prevalentWind, verbose=True)``, ``pack`` a tuple of
``("CHI"|"PENG"|"GANG", tile, offer)`` (chow: middle tile, offer 1..3 = which tile was claimed;
pung/kong: offer 1..3 = who discarded it, 0 = concealed kong), ``hand`` the standing tiles
without the winning tile. It raises ``TypeError("ERROR_NOT_WIN")`` for a hand that is not a win
and does not apply the 8-point minimum. It sets Last Tile by itself when the winner's fixed packs
hold the other three copies, and drops Out with Replacement Tile without a kong and Robbing the
Kong when the winner holds a copy.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from scoring.bench import mahjonggb_args
from scoring.generate import parse_run, tile_index

try:
    import MahjongGB
except ImportError:  # pragma: no cover - dev dependency
    MahjongGB = None

# Our fan ids and points (spec/fans.md).
FAN_POINTS = {
    1: 88,
    2: 88,
    3: 88,
    4: 88,
    5: 88,
    6: 88,
    7: 88,
    8: 64,
    9: 64,
    10: 64,
    11: 64,
    12: 64,
    13: 64,
    14: 48,
    15: 48,
    16: 32,
    17: 32,
    18: 32,
    19: 24,
    20: 24,
    21: 24,
    22: 24,
    23: 24,
    24: 24,
    25: 24,
    26: 24,
    27: 24,
    28: 16,
    29: 16,
    30: 16,
    31: 16,
    32: 16,
    33: 16,
    34: 12,
    35: 12,
    36: 12,
    37: 12,
    38: 12,
    39: 8,
    40: 8,
    41: 8,
    42: 8,
    43: 8,
    44: 8,
    45: 8,
    46: 8,
    47: 8,
    48: 8,
    49: 6,
    50: 6,
    51: 6,
    52: 6,
    53: 6,
    54: 6,
    55: 4,
    56: 4,
    57: 4,
    58: 4,
    59: 2,
    60: 2,
    61: 2,
    62: 2,
    63: 2,
    64: 2,
    65: 2,
    66: 2,
    67: 2,
    68: 2,
    69: 1,
    70: 1,
    71: 1,
    72: 1,
    73: 1,
    74: 1,
    75: 1,
    76: 1,
    77: 1,
    78: 1,
    79: 1,
    80: 1,
    81: 1,
    0: 5,  # the reference's own "Concealed Kong and Melded Kong" (1998 tables), see wmo_adjust
}

# The reference's English fan names (its fan_name_en table, in rulebook order 1..81).
_REF_NAMES = [
    "Big Four Winds",
    "Big Three Dragons",
    "All Green",
    "Nine Gates",
    "Four Kongs",
    "Seven Shifted Pairs",
    "Thirteen Orphans",
    "All Terminals",
    "Little Four Winds",
    "Little Three Dragons",
    "All Honors",
    "Four Concealed Pungs",
    "Pure Terminal Chows",
    "Quadruple Chow",
    "Four Pure Shifted Pungs",
    "Four Pure Shifted Chows",
    "Three Kongs",
    "All Terminals and Honors",
    "Seven Pairs",
    "Greater Honors and Knitted Tiles",
    "All Even Pungs",
    "Full Flush",
    "Pure Triple Chow",
    "Pure Shifted Pungs",
    "Upper Tiles",
    "Middle Tiles",
    "Lower Tiles",
    "Pure Straight",
    "Three-Suited Terminal Chows",
    "Pure Shifted Chows",
    "All Five",
    "Triple Pung",
    "Three Concealed Pungs",
    "Lesser Honors and Knitted Tiles",
    "Knitted Straight",
    "Upper Four",
    "Lower Four",
    "Big Three Winds",
    "Mixed Straight",
    "Reversible Tiles",
    "Mixed Triple Chow",
    "Mixed Shifted Pungs",
    "Chicken Hand",
    "Last Tile Draw",
    "Last Tile Claim",
    "Out with Replacement Tile",
    "Robbing The Kong",
    "Two Concealed Kongs",
    "All Pungs",
    "Half Flush",
    "Mixed Shifted Chows",
    "All Types",
    "Melded Hand",
    "Two Dragons Pungs",
    "Outside Hand",
    "Fully Concealed Hand",
    "Two Melded Kongs",
    "Last Tile",
    "Dragon Pung",
    "Prevalent Wind",
    "Seat Wind",
    "Concealed Hand",
    "All Chows",
    "Tile Hog",
    "Double Pung",
    "Two Concealed Pungs",
    "Concealed Kong",
    "All Simples",
    "Pure Double Chow",
    "Mixed Double Chow",
    "Short Straight",
    "Two Terminal Chows",
    "Pung of Terminals or Honors",
    "Melded Kong",
    "One Voided Suit",
    "No Honors",
    "Edge Wait",
    "Closed Wait",
    "Single Wait",
    "Self-Drawn",
    "Flower Tiles",
]
REF_NAME_TO_ID = {name.lower(): i + 1 for i, name in enumerate(_REF_NAMES)}
# The reference's extra fan for one melded + one concealed kong (5 points in its table).
CONCEALED_AND_MELDED_KONG = "concealed kong and melded kong"
REF_NAME_TO_ID[CONCEALED_AND_MELDED_KONG] = 0  # special, see wmo_adjust


def to_reference_args(hand: dict) -> tuple:
    """The positional arguments of ``MahjongFanCalculator`` (without ``verbose``)."""
    return mahjonggb_args(hand)


@dataclass
class RefResult:
    """The reference's answer in our terms."""

    winning: bool
    fans: Counter = field(default_factory=Counter)  # fan id -> count (81 included)
    raw: tuple = ()
    error: str | None = None
    mixed_kongs: bool = False  # fan 57 stands for one melded + one concealed kong (6 points)

    @property
    def points(self) -> int:
        points = sum(FAN_POINTS[f] * c for f, c in self.fans.items() if f != 81)
        return points + (2 if self.mixed_kongs else 0)

    @property
    def total(self) -> int:
        return self.points + self.fans.get(81, 0)


def reference_raw(hand: dict) -> RefResult:
    """The reference's own answer, fan names mapped to ids, no WMO corrections.

    The reference's "Concealed Kong and Melded Kong" (5 points in its table) is kept as id 0.
    """
    try:
        raw = MahjongGB.MahjongFanCalculator(*to_reference_args(hand), True)
    except TypeError as exc:
        return RefResult(winning=False, error=str(exc))
    fans: Counter = Counter()
    for _points, count, cn_name, *en in raw:
        # the binding answers English names (verbose=True); KeyError on one we do not know
        fans[REF_NAME_TO_ID[en[0].lower() if en else cn_name]] += count
    return RefResult(winning=True, fans=fans, raw=raw)


def wmo_adjust(hand: dict, ref: RefResult) -> RefResult:
    """Apply the WMO-vs-1998 differences of ``spec/fans.md`` to a reference result.

    - Two Concealed Kongs (48) is 8 points: only its value differs (:data:`FAN_POINTS`).
    - One melded + one concealed kong: the reference's 5-point "Concealed Kong and Melded
      Kong" becomes fan 57 worth 6 in all (``mixed_kongs``; fan 57 without 67/74).
    - All Green (3) combines with Half Flush (50) when the Green dragon is used (the
      reference already gives Full Flush when it is not).
    - All Terminals (8) combines with Double Pung (65) (the reference already gives Triple
      Pung): one Double Pung per rank pung-ed in exactly two suits.
    - Last Tile (58) with the other three copies in the winner's own exposed melds: the
      reference already sets it then (it counts its fixed packs), nothing to change.
    """
    if not ref.winning:
        return ref
    fans = Counter(ref.fans)
    mixed = False
    if fans.get(0):
        del fans[0]
        fans[57] += 1
        mixed = True
    tiles = _all_tiles(hand)
    if fans.get(3) and 32 in tiles and not fans.get(22):
        fans[50] = 1
        fans.pop(75, None)
    if fans.get(8) and not fans.get(19):  # pungs, not four alike tiles as two pairs
        by_rank = Counter(t % 9 for t, c in Counter(tiles).items() if c >= 3)
        doubles = sum(1 for v in by_rank.values() if v == 2)
        if doubles:
            fans[65] = doubles
    return RefResult(winning=True, fans=fans, raw=ref.raw, mixed_kongs=mixed)


def _all_tiles(hand: dict) -> list[int]:
    tiles = parse_run(hand["concealed"]) + [tile_index(hand["win_tile"])]
    for m in hand["melds"]:
        tiles += parse_run(m["tiles"])
    return tiles


def reference(hand: dict) -> RefResult:
    """The reference's answer corrected to the WMO text (:func:`wmo_adjust`)."""
    return wmo_adjust(hand, reference_raw(hand))
