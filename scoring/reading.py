"""The readings of a winning hand: each way its tiles make a winning shape (3.3).

A :class:`WholeHand` holds what is true of the hand whatever the reading (its tiles, how it
was won, its declared kongs); a :class:`Reading` is one shape of it: four sets and a pair
(the declared melds and the concealed sets of one decomposition), a knitted straight with a
set and a pair, seven pairs, thirteen orphans, or honors and knitted tiles. The fans
(:mod:`scoring.fans`) are detected on these two, and the hand scores its best reading
(:mod:`scoring.combine`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from .shapes import (
    CHOW,
    KNITTED_STRAIGHTS,
    KONG,
    counts_of,
    decompose,
    honors_and_knitted,
    is_thirteen_orphans,
    knitted_straight_decompositions,
    suit_keys,
    waits_on_one_tile,
    waits_on_one_tile_of_regular,
)
from .tiles import DRAGONS, HONOR_BASE, WINDS, Hand, Meld, Tile, tiles_code

# the shapes of a reading
REGULAR = "four sets and a pair"
KNITTED = "knitted straight, a set and a pair"
SEVEN_PAIRS = "seven pairs"
THIRTEEN_ORPHANS = "thirteen orphans"
HONORS_AND_KNITTED = "honors and knitted tiles"


def is_exposed(meld: Meld) -> bool:
    """Whether a declared set is exposed: every chow and pung; a kong unless concealed."""
    return meld.kind == "chow" or not meld.concealed


class WholeHand:
    """What is true of a hand in every reading of it: its tiles, its declared sets and how it
    was won."""

    __slots__ = ("hand", "win", "standing", "tiles", "suits", "ranks", "winds", "dragons",
                 "honors", "exposed", "kongs", "concealed_kongs", "hogs", "_one_tile_wait")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.win = hand.win_tile
        # the tiles standing in the hand when it is won: the concealed ones and the winning one
        self.standing = tuple(sorted(hand.concealed + (hand.win_tile,)))
        self.tiles = frozenset(self.standing).union(*(m.tiles for m in hand.melds))
        suited = [t for t in self.tiles if t < HONOR_BASE]
        self.suits = len({t // 9 for t in suited})  # how many of the three suits it holds
        self.ranks = frozenset(t % 9 + 1 for t in suited)  # the ranks held, 1..9, any suit
        self.winds = any(t in self.tiles for t in WINDS)
        self.dragons = any(t in self.tiles for t in DRAGONS)
        self.honors = self.winds or self.dragons
        self.exposed = sum(map(is_exposed, hand.melds))  # how many sets were claimed
        self.kongs = tuple(m.tile for m in hand.melds if m.kind == "kong")
        self.concealed_kongs = tuple(m.tile for m in hand.melds
                                     if m.concealed and m.kind != "chow")
        self.hogs = _tile_hogs(self.standing, hand.melds)
        self._one_tile_wait: bool | None = None

    def waited_on_one_tile(self, regular: bool) -> bool:
        """Whether the hand before the win waited on exactly one tile (rules 77-79);
        ``regular``: the reading asking is four sets and a pair (a shorter search).
        Computed once per hand, when a reading first asks."""
        if self._one_tile_wait is None:
            hand = self.hand
            if regular:
                self._one_tile_wait = waits_on_one_tile_of_regular(
                    suit_keys(self.standing), self.win, len(hand.melds), hand.concealed)
            else:
                self._one_tile_wait = waits_on_one_tile(hand.concealed, len(hand.melds))
        return self._one_tile_wait

    @property
    def shown(self) -> int:
        """How many copies of the winning tile the exposed sets show."""
        return sum(m.tiles.count(self.win) for m in self.hand.melds if is_exposed(m))


def _tile_hogs(standing: tuple[Tile, ...], melds: tuple[Meld, ...]) -> tuple[Tile, ...]:
    """Rule 64: the tiles of which all four are used without declaring a kong, sorted."""
    used = Counter(standing)
    for meld in melds:
        if meld.kind != "kong":
            used.update(meld.tiles)
    return tuple(sorted(t for t, n in used.items() if n == 4))


@dataclass(frozen=True, slots=True)
class Reading:
    """One way of reading a winning hand.

    ``held``: the concealed sets ``(kind, tile)`` of the reading (``scoring.shapes.CHOW`` or
    ``PUNG``, a chow by its lowest tile), in the order they were read; ``pair``: the pair's
    tile (-1 when the shape has none); ``knitted``: the knitted straight's nine tiles;
    ``chows`` and ``pungs``: every chow (lowest tile) and every pung or kong of the reading,
    declared or concealed, sorted.
    """

    whole: WholeHand
    shape: str
    held: tuple[tuple[int, Tile], ...] = ()
    pair: Tile = -1
    knitted: tuple[Tile, ...] = ()
    chows: tuple[Tile, ...] = ()
    pungs: tuple[Tile, ...] = ()

    @property
    def hand(self) -> Hand:
        return self.whole.hand

    @property
    def has_sets(self) -> bool:
        """Four sets and a pair, or a knitted straight with a set and a pair."""
        return self.shape in (REGULAR, KNITTED)

    def text(self, shape_fan: str = "") -> str:
        """The reading as the result shows it, e.g. ``four sets and a pair: [123m] 456p ...``;
        a special shape is named after its fan (``shape_fan``, lower case)."""
        if not self.has_sets:
            return f"{shape_fan}: {tiles_code(self.whole.standing)}"
        parts = [_meld_code(m) for m in self.hand.melds]
        if self.knitted:
            parts.append(tiles_code(self.knitted) + " (knitted)")
        parts.extend(_set_code(kind, t) for kind, t in self.held)
        parts.append(tiles_code((self.pair, self.pair)))
        return f"{self.shape}: " + " ".join(parts)


def _set_code(kind: int, t: Tile) -> str:
    if kind == CHOW:
        return tiles_code((t, t + 1, t + 2))
    return tiles_code((t,) * (4 if kind == KONG else 3))


def _meld_code(meld: Meld) -> str:
    code = tiles_code(meld.tiles)
    return f"[{code}]" if is_exposed(meld) else f"[{code} concealed]"


def readings(whole: WholeHand) -> Iterator[Reading]:
    """Every reading of a winning hand: the special shapes, then a knitted straight with a
    set and a pair, then four sets and a pair (the order in which ties between readings of
    equal value are settled, see :func:`scoring.combine.best_score`)."""
    yield from _special_readings(whole)
    if len(whole.hand.melds) <= 1:
        for index, (held, pair) in knitted_straight_decompositions(whole.standing):
            yield _sets_reading(whole, KNITTED, held, pair, KNITTED_STRAIGHTS[index])
    for held, pair in decompose(whole.standing):
        yield _sets_reading(whole, REGULAR, held, pair)


def _sets_reading(whole: WholeHand, shape: str, held: tuple, pair: Tile,
                  knitted: tuple[Tile, ...] = ()) -> Reading:
    melds = whole.hand.melds
    chows = [m.tile for m in melds if m.kind == "chow"]
    chows += [t for kind, t in held if kind == CHOW]
    pungs = [m.tile for m in melds if m.kind != "chow"]
    pungs += [t for kind, t in held if kind != CHOW]
    return Reading(whole, shape, held, pair, knitted, tuple(sorted(chows)), tuple(sorted(pungs)))


def _special_readings(whole: WholeHand) -> list[Reading]:
    """Seven pairs (four alike count as two pairs), thirteen orphans, honors and knitted
    tiles: fourteen concealed tiles."""
    standing = whole.standing
    if len(standing) != 14:
        return []
    if standing[0::2] == standing[1::2]:  # sorted tiles that pair up two by two
        return [Reading(whole, SEVEN_PAIRS)]
    if len(set(standing)) < 13:
        return []
    counts = counts_of(standing)
    if is_thirteen_orphans(counts):
        return [Reading(whole, THIRTEEN_ORPHANS)]
    if honors_and_knitted(counts) is not None:
        return [Reading(whole, HONORS_AND_KNITTED)]
    return []

