"""Chow-based fans: relations between the chows of a decomposition.

Rule 3.9.1.5 applied to chows:

* a fan of four chows (Quadruple Chow, Four Pure Shifted Chows) uses every chow; no
  other chow fan is scored with it (non-separation);
* a fan of three chows leaves one chow, which may combine once with one of the three
  (account once);
* otherwise pairs of chows score Pure Double Chow, Mixed Double Chow, Short Straight and
  Two Terminal Chows, choosing pairs so that the chosen pairs form no cycle (each new
  chow combines once with a chow already used) and no chow takes part twice in the same
  fan (non-identical).

Results depend on the sorted chow tiles only.
"""

from __future__ import annotations

from itertools import combinations

from . import (
    FANS,
    FOUR_PURE_SHIFTED_CHOWS,
    MIXED_DOUBLE_CHOW,
    MIXED_SHIFTED_CHOWS,
    MIXED_STRAIGHT,
    MIXED_TRIPLE_CHOW,
    PURE_DOUBLE_CHOW,
    PURE_SHIFTED_CHOWS,
    PURE_STRAIGHT,
    PURE_TERMINAL_CHOWS,
    PURE_TRIPLE_CHOW,
    QUADRUPLE_CHOW,
    SHORT_STRAIGHT,
    THREE_SUITED_TERMINAL_CHOWS,
    TWO_TERMINAL_CHOWS,
)

# (fan id, chow tiles it was scored on)
ChowItem = tuple[int, tuple[int, ...]]


def two_chow_fan(a: int, b: int) -> int:
    """Fan 69-72 between two chows given by their lowest tiles (0 when none)."""
    if a // 9 != b // 9:
        return MIXED_DOUBLE_CHOW if a % 9 == b % 9 else 0
    d = abs(a - b)
    if d == 0:
        return PURE_DOUBLE_CHOW
    if d == 3:
        return SHORT_STRAIGHT
    if d == 6:  # only 1-2-3 with 7-8-9
        return TWO_TERMINAL_CHOWS
    return 0


def three_chow_fan(a: int, b: int, c: int) -> int:
    """Fan of three chows (sorted lowest tiles): 23, 28, 30 in one suit; 39, 41, 51 mixed."""
    sa, sb, sc = a // 9, b // 9, c // 9
    if sa == sb == sc:
        if a == b == c:
            return PURE_TRIPLE_CHOW  # rule: fan 23
        if b == a + 3 and c == b + 3:
            return PURE_STRAIGHT  # fan 28 (a is then a 1)
        if b - a == c - b and b - a in (1, 2):
            return PURE_SHIFTED_CHOWS  # fan 30: steps all one or all two
        return 0
    if sa != sb and sb != sc and sa != sc:
        ra, rb, rc = sorted((a % 9, b % 9, c % 9))
        if ra == rb == rc:
            return MIXED_TRIPLE_CHOW  # fan 41
        if (ra, rb, rc) == (0, 3, 6):
            return MIXED_STRAIGHT  # fan 39
        if rb == ra + 1 and rc == rb + 1:
            return MIXED_SHIFTED_CHOWS  # fan 51
    return 0


def four_chow_fan(a: int, b: int, c: int, d: int) -> int:
    """Fan 14 or 16 of four sorted chows of one suit."""
    if a // 9 != d // 9:
        return 0
    if a == d:
        return QUADRUPLE_CHOW
    step = b - a
    if step in (1, 2) and c - b == step and d - c == step:
        return FOUR_PURE_SHIFTED_CHOWS
    return 0


def terminal_chows_fan(chows: tuple[int, ...], pair: int) -> int:
    """Fan 13 (Pure Terminal Chows) or 29 (Three-Suited Terminal Chows), else 0.

    Both need four chows, 1-2-3 and 7-8-9, and a pair of 5s.
    """
    if len(chows) != 4 or pair >= 27 or pair % 9 != 4:
        return 0
    if any(c % 9 not in (0, 6) for c in chows):
        return 0
    ps = pair // 9
    if all(c // 9 == ps for c in chows):
        if sorted(c % 9 for c in chows) == [0, 0, 6, 6]:
            return PURE_TERMINAL_CHOWS
        return 0
    # 1-2-3 and 7-8-9 in each of the two suits other than the pair's
    expected = sorted(s * 9 + r for s in (0, 1, 2) if s != ps for r in (0, 6))
    if sorted(chows) == expected:
        return THREE_SUITED_TERMINAL_CHOWS
    return 0


# two_chow_fan of every two chows, by their lowest tiles (index a * 34 + b)
_TWO_CHOW = tuple(two_chow_fan(a, b) if a < 27 and b < 27 else 0
                  for a in range(34) for b in range(34))
_INDEX_PAIRS = {n: tuple(combinations(range(n), 2)) for n in range(5)}
_INDEX_TRIPLES = {n: tuple(combinations(range(n), 3)) for n in range(5)}


def _best_pairs(chows: tuple[int, ...]) -> tuple[ChowItem, ...]:
    """Most pair fans under the forest + non-identical constraints (all are worth 1)."""
    two = _TWO_CHOW
    edges = tuple((i, j, fan) for i, j in _INDEX_PAIRS[len(chows)]
                  if (fan := two[chows[i] * 34 + chows[j]]))
    if not edges:
        return ()
    best = _best_edges(edges, len(chows))
    return tuple((fan, (chows[i], chows[j])) for i, j, fan in best)


def _best_edges(edges: tuple, n: int) -> tuple:
    """The largest allowed subset of ``edges`` (see :func:`_allowed`), lower fans first."""
    best: tuple = ()
    best_key = (0, 0)
    for size in range(len(edges), 0, -1):
        if size < best_key[0]:
            break
        for subset in combinations(edges, size):
            if not _allowed(subset, n):
                continue
            # tie: prefer the lower fan numbers, as the reference calculator drops the
            # higher ones first
            key = (size, -sum(e[2] for e in subset))
            if key > best_key:
                best_key, best = key, subset
        if best:
            break
    return best


def _allowed(edges: tuple, n: int) -> bool:
    """No cycle (account once) and no chow in the same fan twice (non-identical)."""
    comp = list(range(n))
    seen = 0
    for i, j, fan in edges:
        bit_i = 1 << (i * 8 + fan - PURE_DOUBLE_CHOW)
        bit_j = 1 << (j * 8 + fan - PURE_DOUBLE_CHOW)
        if seen & (bit_i | bit_j):
            return False  # non-identical: a chow forms each fan at most once
        seen |= bit_i | bit_j
        ci, cj = comp[i], comp[j]
        if ci == cj:
            return False  # account once: no combining two chows already linked
        for k in range(n):
            if comp[k] == cj:
                comp[k] = ci
    return True


def chow_relations(chows: tuple[int, ...]) -> tuple[ChowItem, ...]:
    """The chow fans (13, 29 aside) for sorted chow tiles, as ``(fan, chows used)`` items."""
    n = len(chows)
    if n < 2:
        return ()
    if n == 4:
        fan = four_chow_fan(*chows)
        if fan:
            return ((fan, chows),)
    if n >= 3:
        best: tuple[ChowItem, ...] = ()
        best_points = 0
        for triple in _INDEX_TRIPLES[n]:
            tiles = (chows[triple[0]], chows[triple[1]], chows[triple[2]])
            fan = three_chow_fan(*tiles)
            if not fan:
                continue
            items: list[ChowItem] = [(fan, tiles)]
            points = FANS[fan].points
            rest = [chows[i] for i in range(n) if i not in triple]
            if rest:
                extra = _best_extra(rest[0], tiles)
                if extra:
                    items.append(extra)
                    points += 1
            if points > best_points:
                best_points, best = points, tuple(items)
        if best:
            return best
    return _best_pairs(chows)




def _best_extra(extra: int, used: tuple[int, ...]) -> ChowItem | None:
    """The one pair fan the chow left out of a three-chow fan may add (account once)."""
    options = [(two_chow_fan(c, extra), c) for c in used]
    options = [(f, c) for f, c in options if f]
    if not options:
        return None
    fan, c = min(options)
    return (fan, (c, extra))
