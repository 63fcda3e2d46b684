"""Winning shapes: every decomposition of the concealed tiles, the special hands, the waits.

Decomposition works suit by suit (sets never cross suits) and memoizes each suit's
count vector, so a hand costs a few dictionary look-ups once the caches are warm.

A set is ``(kind, tile)`` with kind :data:`CHOW` (``tile`` is the lowest tile) or
:data:`PUNG`; a decomposition is ``(sets, pair_tile)`` with ``sets`` sorted.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from .tiles import HONOR_BASE, NUM_TILES, TERMINALS_AND_HONORS, Tile

CHOW = 0
PUNG = 1
KONG = 2

Set = tuple[int, Tile]
Decomposition = tuple[tuple[Set, ...], Tile]

THIRTEEN_ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))

# The six knitted straights: 1-4-7, 2-5-8 and 3-6-9 each in a different suit.
KNITTED_STRAIGHTS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(sorted(s * 9 + r for s, start in zip(suits, (0, 1, 2), strict=True)
                 for r in (start, start + 3, start + 6)))
    for suits in permutations((0, 1, 2))
)
_KNITTED_SETS = tuple(frozenset(k) for k in KNITTED_STRAIGHTS)
KNITTED_MASKS = tuple(sum(1 << t for t in k) for k in KNITTED_STRAIGHTS)
_KNITTED_MASKS = KNITTED_MASKS


@lru_cache(maxsize=1 << 17)  # bounded: a long-running server stays small
def _suit_decompositions(vec: tuple[int, ...], honors: bool) -> tuple[tuple[tuple, int], ...]:
    """All ways to split one suit's counts into sets and at most one pair (ranks 0-based).

    Returns ``((sets, pair_rank_or_-1), ...)``; sets are ``(kind, rank)`` sorted.
    """
    found: set[tuple[tuple, int]] = set()
    counts = list(vec)
    n = len(counts)

    def walk(start: int, sets: list, pair: int) -> None:
        i = start
        while i < n and counts[i] == 0:
            i += 1
        if i == n:
            found.add((tuple(sorted(sets)), pair))
            return
        c = counts[i]
        if pair < 0 and c >= 2:
            counts[i] -= 2
            walk(i, sets, i)
            counts[i] += 2
        if c >= 3:
            counts[i] -= 3
            sets.append((PUNG, i))
            walk(i, sets, pair)
            sets.pop()
            counts[i] += 3
        if not honors and i <= n - 3 and counts[i + 1] and counts[i + 2]:
            counts[i] -= 1
            counts[i + 1] -= 1
            counts[i + 2] -= 1
            sets.append((CHOW, i))
            walk(i, sets, pair)
            sets.pop()
            counts[i] += 1
            counts[i + 1] += 1
            counts[i + 2] += 1

    walk(0, [], -1)
    return tuple(sorted(found))


_SETS_ONLY: dict[tuple[int, ...], bool] = {}


def _sets_only(vec: tuple[int, ...], honors: bool) -> bool:
    """Whether one suit's counts split into sets only (memoized; a fast yes/no search)."""
    known = _SETS_ONLY.get(vec) if not honors else None
    if known is not None:
        return known
    if honors:
        return all(c in (0, 3) for c in vec)
    i = 0
    n = len(vec)
    while i < n and not vec[i]:
        i += 1
    if i == n:
        ok = True
    else:
        ok = False
        c = vec[i]
        if c >= 3:
            v = list(vec)
            v[i] -= 3
            ok = _sets_only(tuple(v), False)
        if not ok and i + 2 < n and vec[i + 1] and vec[i + 2]:
            v = list(vec)
            v[i] -= 1
            v[i + 1] -= 1
            v[i + 2] -= 1
            ok = _sets_only(tuple(v), False)
    if len(_SETS_ONLY) > 1 << 18:
        _SETS_ONLY.clear()  # keep the memo bounded in a long-running process
    _SETS_ONLY[vec] = ok
    return ok


@lru_cache(maxsize=1 << 17)  # bounded: a long-running server stays small
def _suit_mask(vec: tuple[int, ...], honors: bool) -> int:
    """Bit 1: the suit splits into sets only; bit 2: into sets and one pair."""
    total = sum(vec)
    if total % 3 == 0:
        return 1 if _sets_only(vec, honors) else 0
    if total % 3 == 2:
        for r, c in enumerate(vec):
            if c >= 2:
                v = list(vec)
                v[r] -= 2
                if _sets_only(tuple(v), honors):
                    return 2
    return 0


def _split_suits(counts: list[int] | tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]),
            tuple(counts[27:34]))


def counts_of(tiles) -> list[int]:
    counts = [0] * NUM_TILES
    for t in tiles:
        counts[t] += 1
    return counts


@lru_cache(maxsize=1 << 17)  # bounded: a long-running server stays small
def _suit_options(vec: tuple[int, ...], suit: int) -> tuple[tuple[tuple, int], ...]:
    """One suit's decompositions with absolute tiles (pair -1 when none)."""
    base = suit * 9
    return tuple(
        (tuple((k, base + r) for k, r in sets), base + pair if pair >= 0 else -1)
        for sets, pair in _suit_decompositions(vec, suit == 3))


_SUIT_OF = tuple(t // 9 for t in range(NUM_TILES))
_POW_OF = tuple(5 ** (t % 9) for t in range(NUM_TILES))  # base-5 digit of the tile's rank


@lru_cache(maxsize=1 << 17)  # bounded: a long-running server stays small
def _suit_options_by_key(key: int, suit: int) -> tuple[tuple[tuple, int], ...]:
    """:func:`_suit_options` for a suit given as base-5 counts (cheap to build and hash)."""
    vec = []
    for _ in range(7 if suit == 3 else 9):
        key, c = divmod(key, 5)
        vec.append(c)
    return _suit_options(tuple(vec), suit)


@lru_cache(maxsize=1 << 16)
def decompose(tiles: tuple[Tile, ...]) -> tuple[Decomposition, ...]:
    """Every split of ``tiles`` (3k+2 of them) into k sets and a pair."""
    if len(tiles) % 3 != 2:
        return ()
    keys = [0, 0, 0, 0]
    suit_of, pow_of = _SUIT_OF, _POW_OF
    for t in tiles:
        keys[suit_of[t]] += pow_of[t]
    per_suit = []
    for s in range(4):
        if keys[s]:
            options = _suit_options_by_key(keys[s], s)
            if not options:
                return ()
            per_suit.append(options)
    if all(len(options) == 1 for options in per_suit):
        sets = tuple(sorted(st for options in per_suit for st in options[0][0]))
        pairs = [options[0][1] for options in per_suit if options[0][1] >= 0]
        return ((sets, pairs[0]),) if len(pairs) == 1 else ()
    results: list[Decomposition] = []

    def combine(i: int, sets: tuple, pair: int) -> None:
        if i == len(per_suit):
            if pair >= 0:
                results.append((tuple(sorted(sets)), pair))
            return
        for s_sets, s_pair in per_suit[i]:
            if s_pair >= 0 and pair >= 0:
                continue
            combine(i + 1, sets + s_sets, s_pair if s_pair >= 0 else pair)

    combine(0, (), -1)
    # Order as the reference calculator finds them (lowest tile first, pung before chow),
    # so that ties between readings of equal value resolve the same way.
    results.sort(key=lambda d: sorted((t, k != PUNG) for k, t in d[0]))
    return tuple(results)


def is_regular(counts: list[int] | tuple[int, ...]) -> bool:
    """Whether the counts split into sets and exactly one pair."""
    pair_suits = 0
    for s, vec in enumerate(_split_suits(counts)):
        if not any(vec):
            continue
        mask = _suit_mask(vec, s == 3)
        if mask == 0:
            return False
        if not mask & 1:
            pair_suits += 1  # this suit must hold the pair
            if pair_suits > 1:
                return False
    if pair_suits == 1:
        return True
    # no suit is forced to hold the pair: one that can must take it
    return any(any(vec) and _suit_mask(vec, s == 3) & 2
               for s, vec in enumerate(_split_suits(counts)))


def is_seven_pairs(counts: list[int] | tuple[int, ...]) -> bool:
    """Seven pairs; four identical tiles count as two pairs (WMO Appendix 1, fan 19)."""
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def is_thirteen_orphans(counts: list[int] | tuple[int, ...]) -> bool:
    return sum(counts) == 14 and all(counts[t] for t in THIRTEEN_ORPHANS) and \
        sum(counts[t] for t in THIRTEEN_ORPHANS) == 14


def honors_and_knitted(counts: list[int] | tuple[int, ...]) -> tuple[int, int] | None:
    """For Honors and Knitted Tiles: ``(honors, suit tiles)`` of 14 single tiles whose suit
    tiles all belong to one knitted straight; ``None`` otherwise."""
    if sum(counts) != 14 or any(c > 1 for c in counts):
        return None
    suited = frozenset(t for t in range(HONOR_BASE) if counts[t])
    honors = 14 - len(suited)
    if honors < 5 or not any(suited <= k for k in _KNITTED_SETS):
        return None
    return honors, len(suited)


def knitted_straight_decompositions(
        tiles: tuple[Tile, ...]) -> tuple[tuple[int, Decomposition], ...]:
    """Knitted Straight with the rest (2 or 5 tiles) as a pair or a set and a pair.

    Returns ``((knitted index, (sets, pair)), ...)``.
    """
    if len(tiles) not in (14, 11) or len(set(tiles)) < 9:
        return ()
    held = 0
    for t in tiles:
        held |= 1 << t
    out = []
    for i, knitted in enumerate(_KNITTED_MASKS):
        if held & knitted == knitted:
            rest = list(tiles)
            for t in KNITTED_STRAIGHTS[i]:
                rest.remove(t)
            for d in decompose(tuple(rest)):
                out.append((i, d))
    return tuple(out)


def is_complete(tiles: tuple[Tile, ...], melds: int) -> bool:
    """Whether the concealed ``tiles`` with ``melds`` declared sets form any winning shape."""
    counts = counts_of(tiles)
    if is_regular(counts):
        return True
    if melds == 0 and (is_seven_pairs(counts) or is_thirteen_orphans(counts)
                       or honors_and_knitted(counts)):
        return True
    return melds <= 1 and bool(knitted_straight_decompositions(tiles))


@lru_cache(maxsize=1 << 17)  # bounded: a long-running server stays small
def _suit_candidates(vec: tuple[int, ...], honors: bool) -> tuple[tuple[int, int], ...]:
    """For each tile of a suit that could complete something (held, or within two of a held
    tile), the suit mask after adding it; a fifth copy is never considered."""
    out = []
    n = len(vec)
    for r in range(n):
        if vec[r] >= 4:
            continue
        if honors:
            if not vec[r]:
                continue
        elif not any(vec[max(0, r - 2):r + 3]):
            continue
        v = list(vec)
        v[r] += 1
        out.append((r, _suit_mask(tuple(v), honors)))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def waiting_tiles(tiles: tuple[Tile, ...], melds: int) -> frozenset[Tile]:
    """The tiles that complete the concealed ``tiles`` (the hand before the win).

    A tile the hand already holds four of is not awaited (no fifth copy exists; rule 77-79:
    wait fans need a single tile). Otherwise structural: discards are not known.
    """
    counts = counts_of(tiles)
    vecs = _split_suits(counts)
    masks = [_suit_mask(v, s == 3) if any(v) else 1 for s, v in enumerate(vecs)]
    waits: set[Tile] = set()
    for s in range(4):
        others_need_pair = [i for i in range(4) if i != s and not masks[i] & 1]
        if len(others_need_pair) > 1:
            continue  # two other suits need the pair: no tile of this suit can help
        if others_need_pair:
            if not masks[others_need_pair[0]] & 2:
                continue
            need = 1  # this suit must become sets only
        elif any(masks[i] & 2 for i in range(4) if i != s and any(vecs[i])):
            need = 3  # sets only (another suit takes the pair) or sets and the pair
        else:
            need = 2
        base = s * 9
        for r, m in _suit_candidates(vecs[s], s == 3):
            if m & need:
                waits.add(base + r)
    if melds <= 1:
        distinct = len(set(tiles))
        if melds == 0:
            if distinct <= 7:
                odd = [t for t in range(NUM_TILES) if counts[t] % 2]
                if len(odd) == 1 and counts[odd[0]] < 4:
                    waits.add(odd[0])  # seven pairs
            if distinct >= 12 and all(t in TERMINALS_AND_HONORS for t in tiles):
                missing = [t for t in THIRTEEN_ORPHANS if not counts[t]]
                if not missing:
                    waits.update(THIRTEEN_ORPHANS)
                elif len(missing) == 1:
                    waits.add(missing[0])
            if distinct == 13:
                for t in range(NUM_TILES):
                    if not counts[t]:
                        counts[t] = 1
                        if honors_and_knitted(counts):
                            waits.add(t)
                        counts[t] = 0
        if distinct >= 8:
            held = set(tiles)
            if any(len(k - held) <= 1 for k in _KNITTED_SETS):
                for t in range(NUM_TILES):
                    if t not in waits and counts[t] < 4 and knitted_straight_decompositions(
                            tuple(sorted(tiles + (t,)))):
                        waits.add(t)
    return frozenset(waits)
