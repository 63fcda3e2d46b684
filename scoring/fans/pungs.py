"""Pung- and kong-based fans.

Relations between pungs (kongs count as pungs) follow the same account-once logic as
chows: a four-pung fan (Big Four Winds, Four Pure Shifted Pungs) takes every pung; after a
three-pung fan the fourth pung combines once; otherwise every pair is scored (at most two
pairs can relate without forming a three-pung fan).
"""

from __future__ import annotations

from itertools import combinations

from . import (
    BIG_FOUR_WINDS,
    BIG_THREE_DRAGONS,
    BIG_THREE_WINDS,
    CONCEALED_KONG,
    DOUBLE_PUNG,
    FANS,
    FOUR_CONCEALED_PUNGS,
    FOUR_KONGS,
    FOUR_PURE_SHIFTED_PUNGS,
    MELDED_AND_CONCEALED_KONG,
    MELDED_KONG,
    MIXED_SHIFTED_PUNGS,
    PURE_SHIFTED_PUNGS,
    THREE_CONCEALED_PUNGS,
    THREE_KONGS,
    TRIPLE_PUNG,
    TWO_CONCEALED_KONGS,
    TWO_CONCEALED_PUNGS,
    TWO_DRAGON_PUNGS,
    TWO_MELDED_KONGS,
)

PungItem = tuple[int, tuple[int, ...]]

_WINDS = frozenset({27, 28, 29, 30})
_DRAGONS = frozenset({31, 32, 33})


def two_pung_fan(a: int, b: int) -> int:
    """Double Pung (65) or Two Dragon Pungs (54) between two pungs, else 0."""
    if a < 27 and b < 27:
        return DOUBLE_PUNG if a % 9 == b % 9 and a != b else 0
    if a in _DRAGONS and b in _DRAGONS:
        return TWO_DRAGON_PUNGS
    return 0


def three_pung_fan(a: int, b: int, c: int) -> int:
    """Fan of three sorted pungs: 24, 32, 42 (suits) or 38, 2 (honors), else 0."""
    if c < 27:
        sa, sb, sc = a // 9, b // 9, c // 9
        if sa == sb == sc:
            return PURE_SHIFTED_PUNGS if b == a + 1 and c == b + 1 else 0
        if sa != sb and sb != sc and sa != sc:
            ra, rb, rc = sorted((a % 9, b % 9, c % 9))
            if ra == rb == rc:
                return TRIPLE_PUNG
            if rb == ra + 1 and rc == rb + 1:
                return MIXED_SHIFTED_PUNGS
        return 0
    if a in _WINDS and b in _WINDS and c in _WINDS:
        return BIG_THREE_WINDS
    if a in _DRAGONS and b in _DRAGONS and c in _DRAGONS:
        return BIG_THREE_DRAGONS
    return 0


def four_pung_fan(a: int, b: int, c: int, d: int) -> int:
    if d < 27 and a // 9 == d // 9 and (b, c, d) == (a + 1, a + 2, a + 3):
        return FOUR_PURE_SHIFTED_PUNGS
    if (a, b, c, d) == (27, 28, 29, 30):
        return BIG_FOUR_WINDS
    return 0


def pung_relations(pungs: tuple[int, ...]) -> tuple[PungItem, ...]:
    """Fans between pungs (sorted tiles), as ``(fan, pungs used)`` items.

    A pung that can relate to none of the others (:data:`_RELATED`) takes part in no fan:
    the fans are those of the others alone."""
    if len(pungs) < 2:
        return ()
    bits = 0
    for p in pungs:
        bits |= 1 << p
    related = _RELATED
    pungs = tuple([p for p in pungs if related[p] & bits])
    return _pung_relations(pungs) if len(pungs) >= 2 else ()


def _pung_relations(pungs: tuple[int, ...]) -> tuple[PungItem, ...]:
    n = len(pungs)
    if n == 4:
        fan = four_pung_fan(*pungs)
        if fan:
            return ((fan, pungs),)
    if n >= 3:
        best: tuple[PungItem, ...] = ()
        best_points = 0
        two = _TWO_PUNG
        for triple in _INDEX_TRIPLES[n]:
            tiles = (pungs[triple[0]], pungs[triple[1]], pungs[triple[2]])
            fan = three_pung_fan(*tiles)
            if not fan:
                continue
            items: list[PungItem] = [(fan, tiles)]
            points = FANS[fan].points
            for i in range(n):
                if i in triple:
                    continue
                # the remaining pung combines once, with the best partner
                other = pungs[i]
                extras = sorted(((FANS[f].points, f, c) for c in tiles
                                 if (f := two[c * 34 + other])), reverse=True)
                if extras:
                    p, f, c = extras[0]
                    items.append((f, (c, pungs[i])))
                    points += p
            if points > best_points:
                best_points, best = points, tuple(items)
        if best:
            return best
    two = _TWO_PUNG
    return tuple((fan, (a, b)) for a, b in combinations(pungs, 2) if (fan := two[a * 34 + b]))


# two_pung_fan of every two pungs (index a * 34 + b)
_TWO_PUNG = tuple(two_pung_fan(a, b) for a in range(34) for b in range(34))
_INDEX_TRIPLES = {n: tuple(combinations(range(n), 3)) for n in range(5)}


def _can_relate(p: int, q: int) -> bool:
    """Whether two pungs can take part in one fan together: suit tiles of different suits
    with ranks at most 2 apart, or of one suit 1 or 2 apart; two winds; two dragons."""
    if p == q:
        return False
    if p < 27 and q < 27:
        return abs(p % 9 - q % 9) <= 2
    return (27 <= p <= 30 and 27 <= q <= 30) or (p >= 31 and q >= 31)


# tile -> bitmask of the tiles whose pung can take part in a fan with its pung
_RELATED = tuple(sum(1 << q for q in range(34) if _can_relate(p, q)) for p in range(34))


def kong_fans(melded_kongs: int, concealed_kongs: int) -> tuple[int, ...]:
    """Kong fans (5, 17, 48, 57, 67, 74). One melded + one concealed kong is fan 57 worth 6
    in all (WMO note under fan 57), without 67 or 74."""
    total = melded_kongs + concealed_kongs
    if total == 4:
        return (FOUR_KONGS,)
    if total == 3:
        return (THREE_KONGS,)
    if total == 2:
        if concealed_kongs == 2:
            return (TWO_CONCEALED_KONGS,)
        if concealed_kongs == 1:
            return (MELDED_AND_CONCEALED_KONG,)
        return (TWO_MELDED_KONGS,)
    if total == 1:
        return (CONCEALED_KONG,) if concealed_kongs else (MELDED_KONG,)
    return ()


def concealed_pungs_fan(concealed: int) -> int:
    """Fan 66/33/12 for the number of concealed pungs (concealed kongs included)."""
    if concealed >= 4:
        return FOUR_CONCEALED_PUNGS
    if concealed == 3:
        return THREE_CONCEALED_PUNGS
    if concealed == 2:
        return TWO_CONCEALED_PUNGS
    return 0
