"""Winning shapes: every decomposition of the concealed tiles, the special hands, the waits.

Decomposition works suit by suit (sets never cross suits): each suit of a hand of up to 14
tiles is read from tables built once at import (every shape a suit can take), so a hand
costs a few dictionary look-ups; nothing is cached between hands.

A set is ``(kind, tile)`` with kind :data:`CHOW` (``tile`` is the lowest tile) or
:data:`PUNG`; a decomposition is ``(sets, pair_tile)`` with ``sets`` sorted.
"""

from __future__ import annotations

from itertools import permutations, product

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
# which of 147, 258, 369 a suit's 9-bit mask holds (bits 1, 2, 4); and, for the three
# suits' answers side by side (9 bits), the knitted straights they cover (indices into
# KNITTED_STRAIGHTS: suits[0] holds 147, suits[1] 258, suits[2] 369)
KNIT_RUNS = tuple(sum(bit for bit, run in ((1, 0o111), (2, 0o222), (4, 0o444))
                      if mask & run == run) for mask in range(512))
KNITS_HELD = tuple(
    tuple(i for i, suits in enumerate(permutations((0, 1, 2)))
          if runs >> 3 * suits[0] & 1 and runs >> 3 * suits[1] + 1 & 1
          and runs >> 3 * suits[2] + 2 & 1)
    for runs in range(512))


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


def _shape_readings(honors: bool) -> dict[int, tuple[tuple[tuple, int], ...]]:
    """Every suit of at most four sets and a pair (14 tiles never make more), by base-5 key
    (see :func:`decompose`): its readings, as :func:`_suit_decompositions` gives them.

    Built once, by adding sets to an empty suit in order (a few thousand sets of sets, about
    40 ms), so that "does this suit split into sets (and a pair), and how?" is a look-up,
    not a search. Equal to the search on every key (tests/scoring/test_perf_equivalence.py).
    """
    n = 7 if honors else 9
    sets = sorted([(PUNG, r) for r in range(n)]
                  + ([] if honors else [(CHOW, r) for r in range(n - 2)]))
    # each set as (base-5 key, copies with one byte per rank: a byte past 4 is too many)
    adds = []
    for kind, r in sets:
        ranks = (r,) * 3 if kind == PUNG else (r, r + 1, r + 2)
        adds.append((sum(5 ** x for x in ranks), sum(1 << 8 * x for x in ranks)))
    past_four = sum(123 << 8 * r for r in range(n))
    high_bits = sum(128 << 8 * r for r in range(n))
    pair_keys = [2 * 5 ** r for r in range(n)]
    readings: dict[int, list[tuple[tuple, int]]] = {}

    def grow(start: int, key: int, copies: int, chosen: tuple, depth: int) -> None:
        readings.setdefault(key, []).append((chosen, -1))
        for r in range(n):
            if copies >> 8 * r & 255 <= 2:
                readings.setdefault(key + pair_keys[r], []).append((chosen, r))
        if depth < 4:
            for i in range(start, len(sets)):
                added = copies + adds[i][1]
                if not (added + past_four) & high_bits:
                    grow(i, key + adds[i][0], added, chosen + (sets[i],), depth + 1)

    grow(0, 0, 0, (), 0)
    return {key: tuple(sorted(found)) for key, found in readings.items()}


def _shape_keys(readings: dict[int, tuple]) -> tuple[frozenset[int], frozenset[int]]:
    """The keys of the suits that split into sets only, and into sets and a pair."""
    sets_only = frozenset(key for key, found in readings.items() if found[0][1] < 0)
    return sets_only, frozenset(readings.keys() - sets_only)


_SUIT_READINGS = _shape_readings(False)
_HONOR_READINGS = _shape_readings(True)
_SUIT_SHAPES = _shape_keys(_SUIT_READINGS)
_HONOR_SHAPES = _shape_keys(_HONOR_READINGS)
_MAX_SHAPE_TILES = 14


def _vec_key(vec: tuple[int, ...]) -> int:
    """The base-5 key of a suit's count vector (rank r is the digit of 5**r)."""
    key = 0
    for c in reversed(vec):
        key = key * 5 + c
    return key


def _sets_only(vec: tuple[int, ...], honors: bool) -> bool:
    """Whether one suit's counts split into sets only (a look-up in the table of
    :func:`_shape_keys`; a search for more tiles than a hand holds)."""
    if sum(vec) <= _MAX_SHAPE_TILES - 2:
        return _vec_key(vec) in (_HONOR_SHAPES if honors else _SUIT_SHAPES)[0]
    return _sets_only_search(vec, honors)


def _sets_only_search(vec: tuple[int, ...], honors: bool) -> bool:
    """Whether one suit's counts split into sets only (a yes/no search)."""
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
    return ok


def _suit_mask(vec: tuple[int, ...], honors: bool) -> int:
    """Bit 1: the suit splits into sets only; bit 2: into sets and one pair."""
    total = sum(vec)
    if total <= _MAX_SHAPE_TILES:
        return _key_shape(_vec_key(vec), honors)
    return _suit_mask_search(vec, honors, total)


def _key_shape(key: int, honors: bool) -> int:
    """:func:`_suit_mask` of a base-5 key of at most 14 tiles (two set look-ups)."""
    sets_only, with_pair = _HONOR_SHAPES if honors else _SUIT_SHAPES
    if key in sets_only:
        return 1
    return 2 if key in with_pair else 0


def _suit_mask_search(vec: tuple[int, ...], honors: bool, total: int) -> int:
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


SUIT_OF = tuple(t // 9 for t in range(NUM_TILES))
POW_OF = tuple(5 ** (t % 9) for t in range(NUM_TILES))  # base-5 digit of the tile's rank

def _options_of_key(key: int, suit: int, n_tiles: int) -> tuple:
    """One suit's decompositions with absolute tiles (pair -1 when none), or () when the
    suit splits neither into sets nor into sets and a pair. The readings come from the shape
    tables of :func:`_shape_readings`, which also rule out most suits that do not split
    (special hands); only a suit of a hand larger than 14 tiles is searched."""
    honors = suit == 3
    if n_tiles <= _MAX_SHAPE_TILES:
        if not _key_shape(key, honors):
            return ()
        relative = (_HONOR_READINGS if honors else _SUIT_READINGS).get(key)
    else:
        relative = _suit_decompositions(_key_vec(key, suit), honors)
    base = suit * 9
    return tuple(
        (tuple([(k, base + r) for k, r in sets]), base + pair if pair >= 0 else -1)
        for sets, pair in relative)


def decompose(tiles: tuple[Tile, ...]) -> tuple[Decomposition, ...]:
    """Every split of ``tiles`` (3k+2 of them) into k sets and a pair."""
    if len(tiles) % 3 != 2:
        return ()
    return decompose_keys(suit_keys(tiles), len(tiles))


def suit_keys(tiles) -> list[int]:
    """The base-5 key of each suit of ``tiles``, in any order."""
    keys = [0, 0, 0, 0]
    suit_of, pow_of = SUIT_OF, POW_OF
    for t in tiles:
        keys[suit_of[t]] += pow_of[t]
    return keys


# the suit keys of each knitted straight's tiles (suits 0-2)
_KNITTED_KEYS = tuple(tuple(sum(POW_OF[t] for t in k if t // 9 == s) for s in range(3))
                      for k in KNITTED_STRAIGHTS)


def decompose_keys(keys: list[int], n_tiles: int) -> tuple[Decomposition, ...]:
    """:func:`decompose` of ``n_tiles`` tiles (3k+2) given as their four suit keys
    (:func:`suit_keys`)."""
    per_suit = []
    single = True
    pairs = 0
    for s in (0, 1, 2, 3):
        key = keys[s]
        if key:
            options = _options_of_key(key, s, n_tiles)
            if not options:
                return ()
            per_suit.append(options)
            if len(options) == 1:
                pairs += options[0][1] >= 0
            else:
                single = False
    if single:  # the common case: one reading
        return _single_reading(per_suit) if pairs == 1 else ()
    return _readings_of_choices(per_suit)


def _single_reading(per_suit: list) -> tuple[Decomposition, ...]:
    """The one reading when each suit reads one way, with one pair in all."""
    one: tuple = ()
    pair = -1
    for options in per_suit:
        s_sets, s_pair = options[0]
        one += s_sets
        if s_pair >= 0:
            pair = s_pair
    return ((tuple(sorted(one)), pair),)


def _readings_of_choices(per_suit: list) -> tuple[Decomposition, ...]:
    """Every choice of one reading per suit, with exactly one pair in all (a loop rather
    than a recursive closure, which would leave a reference cycle per call)."""
    results: list[Decomposition] = []
    for choice in product(*per_suit):
        sets: list = []
        pair = -1
        pairs = 0
        for s_sets, s_pair in choice:
            sets += s_sets
            if s_pair >= 0:
                pair = s_pair
                pairs += 1
        if pairs == 1:
            results.append((tuple(sorted(sets)), pair))
    # Order as the reference calculator finds them (lowest tile first, pung before chow),
    # so that ties between readings of equal value resolve the same way.
    order = _SET_ORDER.__getitem__
    results.sort(key=lambda d: sorted(map(order, d[0])))
    return tuple(results)


# a set's place in that order: by its lowest tile, a pung before a chow
_SET_ORDER = {(kind, t): 2 * t + (kind != PUNG) for kind in (CHOW, PUNG, KONG)
              for t in range(NUM_TILES)}


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
        tiles: tuple[Tile, ...], held: int = -1) -> tuple[tuple[int, Decomposition], ...]:
    """Knitted Straight with the rest (2 or 5 tiles) as a pair or a set and a pair;
    ``held``: the bitmask of the tiles present, when the caller has it.

    Returns ``((knitted index, (sets, pair)), ...)``.
    """
    if len(tiles) not in (14, 11):
        return ()
    if held < 0:
        held = 0
        for t in tiles:
            held |= 1 << t
    return knitted_decompositions_of_keys(suit_keys(tiles), len(tiles), held)


def knitted_decompositions_of_keys(keys: list[int], n_tiles: int,
                                   held: int) -> tuple[tuple[int, Decomposition], ...]:
    """:func:`knitted_straight_decompositions` of ``n_tiles`` concealed tiles given as their
    suit keys and the bitmask of the tiles: the rest is the keys less the straight's."""
    if n_tiles not in (14, 11):
        return ()
    runs = KNIT_RUNS
    out = []
    for i in KNITS_HELD[runs[held & 511] | runs[held >> 9 & 511] << 3
                        | runs[held >> 18 & 511] << 6]:
        k0, k1, k2 = _KNITTED_KEYS[i]
        rest = [keys[0] - k0, keys[1] - k1, keys[2] - k2, keys[3]]
        out.extend((i, d) for d in decompose_keys(rest, n_tiles - 9))
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


def _candidate_ranks(vec: tuple[int, ...], honors: bool) -> list[int]:
    """The ranks of a suit whose tile could complete something: held (honors), or within
    two of a held tile (suits); a fifth copy is never considered."""
    n = len(vec)
    if honors:
        return [r for r in range(n) if 0 < vec[r] < 4]
    return [r for r in range(n) if vec[r] < 4 and any(vec[max(0, r - 2):r + 3])]


def _suit_candidates(vec: tuple[int, ...], honors: bool) -> tuple[tuple[int, int], ...]:
    """For each tile of a suit that could complete something (:func:`_candidate_ranks`),
    the suit mask after adding it."""
    out = []
    for r in _candidate_ranks(vec, honors):
        v = list(vec)
        v[r] += 1
        out.append((r, _suit_mask(tuple(v), honors)))
    return tuple(out)


def waiting_tiles(tiles: tuple[Tile, ...], melds: int) -> frozenset[Tile]:
    """The tiles that complete the concealed ``tiles`` (the hand before the win).

    A tile the hand already holds four of is not awaited (no fifth copy exists; rule 77-79:
    wait fans need a single tile). Otherwise structural: discards are not known.
    """
    mask = wait_mask(tiles, melds)
    return frozenset(t for t in range(NUM_TILES) if mask >> t & 1)


def wait_mask(tiles: tuple[Tile, ...], melds: int) -> int:
    """:func:`waiting_tiles` as a bitmask (bit ``t`` for tile ``t``).

    The regular shapes are read suit by suit from base-5 suit keys (see :func:`decompose`);
    only the rare special shapes count tiles.
    """
    waits = _regular_waits(suit_keys(tiles), len(tiles) < _MAX_SHAPE_TILES)
    if melds <= 1:
        waits |= _special_waits(tiles, melds, waits)
    return waits


def waits_on_one_tile(tiles: tuple[Tile, ...], melds: int) -> bool:
    """Whether the concealed ``tiles`` wait on exactly one tile (rules 77-79)."""
    k0, k1, k2, k3 = suit_keys(tiles)
    return waits_on_one_tile_keys(k0, k1, k2, k3, melds, tiles)


def waits_on_one_tile_keys(k0: int, k1: int, k2: int, k3: int, melds: int,
                           tiles: tuple[Tile, ...]) -> bool:
    """:func:`waits_on_one_tile` of ``tiles`` given also as their suit keys.

    Cheaper than :func:`wait_mask` when the regular shapes already give two waits: the
    special shapes can only add waits, so they are not looked at then.
    """
    return _one_wait(_regular_waits([k0, k1, k2, k3], len(tiles) < _MAX_SHAPE_TILES), tiles,
                     melds)


def waits_on_one_tile_of_regular(keys: list[int], win: Tile, melds: int,
                                 tiles: tuple[Tile, ...]) -> bool:
    """:func:`waits_on_one_tile` of the concealed ``tiles`` (fewer than 14, given also as
    the suit ``keys`` of the whole hand, winning tile included) when the hand with
    ``win`` splits into sets and a pair (some decomposition exists)."""
    return _one_wait(regular_waits_of_win(keys, win), tiles, melds)


def regular_waits_of_win(keys: list[int], win: Tile, pair_suit: int | None = None) -> int:
    """The regular waits (a bitmask) of a hand of fewer than 14 concealed tiles before the
    win, given as the suit ``keys`` of the hand with ``win``, when that hand splits into
    sets and a pair.

    Then the suit holding the pair is fixed by the counts, and the other suits are sets
    only: a regular wait lies in the winning tile's suit, or, when the pair is elsewhere,
    in the pair's suit. Two or three look-ups instead of :func:`_regular_waits`.
    ``pair_suit``: the suit of the pair, when the caller knows it.
    """
    win_suit = SUIT_OF[win]
    before = keys[win_suit] - POW_OF[win]
    sets_only, with_pair = _key_wait_bits(before, win_suit) if before else (0, 0)
    if pair_suit is None:
        pair_suit = -1
        for s in (0, 1, 2, 3):
            if s != win_suit and keys[s] and _key_shape(keys[s], s == 3) == 2:
                pair_suit = s
    if pair_suit < 0 or pair_suit == win_suit:  # the pair is in the winning tile's suit
        return with_pair << (9 * win_suit)
    waits = sets_only << (9 * win_suit)
    if _key_shape(before, win_suit == 3) == 2:
        waits |= _key_wait_bits(keys[pair_suit], pair_suit)[0] << (9 * pair_suit)
    return waits


def _one_wait(waits: int, tiles: tuple[Tile, ...], melds: int) -> bool:
    """Whether the regular ``waits`` (a bitmask) with those of the special shapes make
    exactly one tile; the special shapes can only add waits, so they are not looked at
    once two regular ones are found."""
    if not waits & (waits - 1) and melds <= 1:
        waits |= _special_waits(tiles, melds, waits)
    return waits != 0 and waits & (waits - 1) == 0


def _regular_waits(keys: list[int], small: bool) -> int:
    """Waits on four sets and a pair (with the declared melds) of concealed tiles given as
    their suit keys, as a bitmask; ``small``: fewer than 14 tiles, so that each suit's
    mask is read straight from the shape tables."""
    if small:
        shape = _key_shape
        masks = [shape(keys[0], False) if keys[0] else 1,
                 shape(keys[1], False) if keys[1] else 1,
                 shape(keys[2], False) if keys[2] else 1,
                 shape(keys[3], True) if keys[3] else 1]
    else:
        masks = [_key_mask(k, s) if k else 1 for s, k in enumerate(keys)]
    # suits that cannot be sets only (so must hold the pair), and held suits that can
    # hold the pair: computed once rather than for each suit
    need_pair = [s for s in range(4) if not masks[s] & 1]
    if len(need_pair) > 2:
        return 0  # one added tile can fix at most one of them
    can_pair = [s for s in range(4) if keys[s] and masks[s] & 2]
    waits = 0
    for s in range(4):
        key = keys[s]
        if not key:
            continue  # an empty suit: no tile of it is next to a held tile
        others = len(need_pair) - (s in need_pair)
        if others > 1:
            continue  # two other suits need the pair: no tile of this suit can help
        sets_only, with_pair = _key_wait_bits(key, s)
        if others:
            other = need_pair[0] if need_pair[0] != s else need_pair[1]
            if masks[other] & 2:
                waits |= sets_only << (s * 9)  # this suit must become sets only
        elif len(can_pair) - (s in can_pair):
            # sets only (another suit takes the pair) or sets and the pair
            waits |= (sets_only | with_pair) << (s * 9)
        else:
            waits |= with_pair << (s * 9)
    return waits


def _key_vec(key: int, suit: int) -> tuple[int, ...]:
    """The count vector of a base-5 suit key."""
    vec = []
    for _ in range(7 if suit == 3 else 9):
        key, c = divmod(key, 5)
        vec.append(c)
    return tuple(vec)


def _key_mask(key: int, suit: int) -> int:
    """:func:`_suit_mask` of a suit given as its base-5 key (straight from the shape
    tables when the suit is small enough for them)."""
    vec = _key_vec(key, suit)
    if sum(vec) <= _MAX_SHAPE_TILES:
        return _key_shape(key, suit == 3)
    return _suit_mask(vec, suit == 3)


def _key_wait_bits(key: int, suit: int) -> tuple[int, int]:
    """The ranks (as bits) whose tile, added to the suit, leaves it as sets only, and as
    sets and a pair: :func:`_suit_candidates` folded into two ints.

    Read from the shape tables by key, one rank at a time: a tile that is not next to a
    held one can complete nothing, so it is never in the tables, and neither is a fifth
    copy; only a suit too large for the tables is searched."""
    sets_only_keys, with_pair_keys = _HONOR_SHAPES if suit == 3 else _SUIT_SHAPES
    sets_only = with_pair = total = 0
    rest = key
    power = 1
    for r in range(7 if suit == 3 else 9):
        rest, count = divmod(rest, 5)
        total += count
        if count < 4:
            added = key + power
            if added in sets_only_keys:
                sets_only |= 1 << r
            elif added in with_pair_keys:
                with_pair |= 1 << r
        power *= 5
    if total < _MAX_SHAPE_TILES:
        return sets_only, with_pair
    sets_only = with_pair = 0
    for r, mask in _suit_candidates(_key_vec(key, suit), suit == 3):
        if mask & 1:
            sets_only |= 1 << r
        if mask & 2:
            with_pair |= 1 << r
    return sets_only, with_pair


# (base-5 suit key << 2 | suit) -> _key_wait_bits(key, suit): one int hashes faster than a


def _special_waits(tiles: tuple[Tile, ...], melds: int, waits: int) -> int:
    """Waits on Seven Pairs, Thirteen Orphans, Honors and Knitted Tiles and Knitted
    Straight (``waits``: the bitmask of those already found), as a bitmask.

    Each needs few (seven pairs) or many (the others) different tiles: the count of
    distinct tiles rules most hands out before anything is counted."""
    held = set(tiles)
    distinct = len(held)
    if melds == 1 and distinct < 8:
        return 0  # with a meld only a knitted straight is possible, and it needs 8+
    out = 0
    counts = counts_of(tiles)
    if melds == 0:
        out |= _concealed_special_waits(tiles, held, counts)
    if distinct >= 8:
        out |= _knitted_straight_waits(tiles, held, counts, waits | out)
    return out


def _concealed_special_waits(tiles, held: set[Tile], counts: list[int]) -> int:
    """Waits on Seven Pairs, Thirteen Orphans and Honors and Knitted Tiles (no meld)."""
    out = 0
    distinct = len(held)
    if distinct <= 7:
        odd = [t for t in range(NUM_TILES) if counts[t] % 2]
        if len(odd) == 1 and counts[odd[0]] < 4:
            out |= 1 << odd[0]  # seven pairs
    if distinct >= 12 and all(t in TERMINALS_AND_HONORS for t in tiles):
        missing = [t for t in THIRTEEN_ORPHANS if not counts[t]]
        if not missing:
            for t in THIRTEEN_ORPHANS:
                out |= 1 << t
        elif len(missing) == 1:
            out |= 1 << missing[0]
    if distinct == 13:
        out |= _honors_and_knitted_waits(held)
    return out


def _knitted_straight_waits(tiles, held: set[Tile], counts: list[int], found: int) -> int:
    """Waits on a Knitted Straight with a set and a pair, but the tiles in ``found``."""
    out = 0
    keys = suit_keys(tiles)
    bits = sum(1 << t for t in held)
    n_tiles = len(tiles) + 1
    for t in _knitted_candidates(tiles, held):
        if not found >> t & 1 and counts[t] < 4:
            with_t = keys.copy()
            with_t[SUIT_OF[t]] += POW_OF[t]
            if knitted_decompositions_of_keys(with_t, n_tiles, bits | 1 << t):
                out |= 1 << t
    return out


_HONOR_MASK = sum(1 << t for t in range(HONOR_BASE, NUM_TILES))


def _honors_and_knitted_waits(held: set[Tile]) -> int:
    """Waits of 13 different tiles on Honors and Knitted Tiles: the tile added must be
    new, leave at least 5 honors and keep the suit tiles inside one knitted straight
    (the conditions of :func:`honors_and_knitted`), as a bitmask."""
    mask = 0
    for t in held:
        mask |= 1 << t
    honors = bin(mask & _HONOR_MASK).count("1")
    suited = mask & ~_HONOR_MASK
    out = 0
    for knitted in _KNITTED_MASKS:
        if suited & knitted == suited:
            if honors + 1 >= 5:
                out |= _HONOR_MASK & ~mask  # a new honor
            if honors >= 5:
                out |= knitted & ~mask  # a new suit tile of the same knitted straight
    return out


def _knitted_candidates(tiles: tuple[Tile, ...], held: set[Tile]) -> set[Tile]:
    """The only tiles that can complete a Knitted Straight reading of ``tiles``: the one
    missing tile of a knitted straight, or, with a whole knitted straight held, a tile
    that joins what is left over (equal, or within two in the same suit)."""
    out: set[Tile] = set()
    for i, k in enumerate(_KNITTED_SETS):
        missing = k - held
        if len(missing) == 1:
            out |= missing
        elif not missing:
            rest = list(tiles)
            for t in KNITTED_STRAIGHTS[i]:
                rest.remove(t)
            for t in rest:
                if t >= HONOR_BASE:
                    out.add(t)
                else:
                    low = t - t % 9
                    out.update(range(max(low, t - 2), min(low + 8, t + 2) + 1))
    return out
