"""Scoring a hand: every shape and decomposition is scored and the highest total wins
(rule 3.9.1.5 (4), freedom to choose the highest); within one decomposition the
combination principles of 3.9.1.5 and the "may not be combined with" lists of Appendix 1
are applied.

Exclusions come from the registry of the fans (``scoring.fans.FANS``, each fan's
``excludes``): a fan found in the hand removes the fans it implies or may not be combined
with. Removal is computed from everything found, so a fan
implied by a removed fan stays removed (e.g. Nine Gates removes Full Flush, and No Honors,
implied by Full Flush, goes too).
"""

from __future__ import annotations

from bisect import bisect_left
from operator import eq

from . import fans as F
from .fans import fan_points
from .fans.chows import chow_relations, terminal_chows_fan
from .fans.pungs import concealed_pungs_fan, kong_fans, pung_relations
from .fans.special import format_label, is_nine_gates, special_shapes
from .fans.tiles import tile_fans
from .fans.winning import CHOW_ROLE, IN_CHOW, SINGLE_WAIT, WAIT_OF_ROLE, win_fans
from .shapes import (
    CHOW,
    KNIT_RUNS,
    KNITS_HELD,
    KNITTED_STRAIGHTS,
    KONG,
    POW_OF,
    PUNG,
    SUIT_OF,
    decompose_keys,
    knitted_decompositions_of_keys,
    waits_on_one_tile_keys,
    waits_on_one_tile_of_regular,
)
from .tiles import TERMINALS, Hand

# fan id -> the fans it removes, from the registry (scoring.fans.FANS)
EXCLUDES: dict[int, frozenset[int]] = {f.id: f.excludes for f in F.FANS.values() if f.excludes}
_EMPTY: frozenset[int] = frozenset()

# (fan id, detail): detail is ``(kind, tiles)`` naming sets (see explain.detail_text), or text.
Item = tuple[int, object]
CHOWS_OF = "chows"  # detail kinds, formatted by explain.detail_text
PUNGS_OF = "pungs"
KONGS_OF = "kongs"
TILES_OF = "tiles"
PAIR_OF = "pair"


def _suit_keys_and_present(standing: tuple[int, ...]) -> tuple[list[int], int]:
    """The base-5 key of each suit (see shapes.decompose) and the bitmask of the tiles
    present, of sorted tiles: each suit is a run of the sorted tuple, found by bisection."""
    b1 = bisect_left(standing, 9)
    b2 = bisect_left(standing, 18, b1)
    b3 = bisect_left(standing, 27, b2)
    k0, p0 = _suit_run(standing[:b1])
    k1, p1 = _suit_run(standing[b1:b2])
    k2, p2 = _suit_run(standing[b2:b3])
    k3, p3 = _suit_run(standing[b3:])
    return [k0, k1, k2, k3], p0 | p1 | p2 | p3


def _suit_run(run: tuple[int, ...]) -> tuple[int, int]:
    key = bits = 0
    for t in run:
        key += POW_OF[t]
        bits |= 1 << t
    return key, bits



def base_items(key: tuple) -> list[Item]:
    """The base fans of a hand (the key of :func:`base_facts`) as items: the tiles' fans, tile hogs,
    kongs and the way of winning."""
    tile, win, hogs, kong_tiles, concealed_kongs = key
    items: list[Item] = [(fan, "all tiles") for fan in tile]
    items.extend((F.TILE_HOG, (TILES_OF, (t,) * 4)) for t in hogs)
    if kong_tiles:
        items.extend((fan, (KONGS_OF, kong_tiles))
                     for fan in kong_fans(len(kong_tiles) - concealed_kongs, concealed_kongs))
    items.extend((fan, "how the hand was won") for fan in win)
    return items


def base_facts(key: tuple) -> Facts:
    """The :data:`Facts` of the base fans of a hand, by their key ``(tile fans, win fans,
    tile hogs, kong tiles, concealed kongs)``: the sum of the facts of each group of fans."""
    tile, win, hogs, kong_tiles, concealed_kongs = key
    tile_mask, tile_excluded, tile_points, tile_counts = _fans_facts(tile)
    mask, excluded, points, counts = _fans_facts(win)
    mask |= tile_mask
    excluded |= tile_excluded
    points += tile_points
    counts += tile_counts
    if hogs:
        points += _POINTS[F.TILE_HOG] * len(hogs)
        counts += _UNIT[F.TILE_HOG] * len(hogs)
        mask |= 1 << F.TILE_HOG
        excluded |= _EXCLUDE_BITS[F.TILE_HOG]
    if kong_tiles:
        kong_mask, kong_excluded, kong_points, kong_counts = _fans_facts(
            kong_fans(len(kong_tiles) - concealed_kongs, concealed_kongs))
        mask |= kong_mask
        excluded |= kong_excluded
        points += kong_points
        counts += kong_counts
    return mask, excluded, points, counts


def bare_base_facts(key: tuple) -> Facts:
    """:func:`base_facts` without the tiles' fans and tile hogs (which count on a special
    shape only for Seven Pairs)."""
    return base_facts(_bare_key(key))


def _bare_key(key: tuple) -> tuple:
    """A base key without the tiles' fans and tile hogs."""
    _tile, win, _hogs, kong_tiles, concealed_kongs = key
    return (), win, (), kong_tiles, concealed_kongs


def _fans_facts(fans: tuple[int, ...]) -> Facts:
    """The Facts of a group of different fans (the tiles', the winning move's, the kongs')."""
    return _facts((f, None) for f in fans)


_CHOW_TILES = tuple((t, t + 1, t + 2) for t in range(34))


class Context:
    """Facts of the hand that every decomposition shares, computed once: the declared
    sets, the fans of the tiles, of the kongs and of the way of winning."""

    __slots__ = ("hand", "meld_sets", "meld_chows", "meld_pungs", "concealed_kongs",
                 "standing", "keys", "held", "present", "base_key", "base", "_unique")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        win = hand.win_tile
        standing = self.standing = tuple(sorted(hand.concealed + (win,)))
        keys, present = _suit_keys_and_present(standing)
        self.keys = keys
        self.held = present  # (the concealed tiles' bits; present adds the melds')
        if hand.melds:
            present, melded, shown, kong_tiles, hogs = self._melds(hand, present)
        else:  # the common case: nothing declared
            self.meld_sets = self.meld_chows = self.meld_pungs = self.concealed_kongs = ()
            melded = shown = 0
            kong_tiles = ()
            # rule 64: all four of a tile used without declaring a kong (sorted, so four
            # alike are three apart; the C-level scan rules most hands out)
            hogs = [standing[i] for i in range(len(standing) - 3)
                    if standing[i] == standing[i + 3]] \
                if any(map(eq, standing, standing[3:])) else ()
        self.present = present
        # the fans of the tiles, the kongs and the way of winning (base_facts; the key
        # explains them when an explanation is read)
        key = self.base_key = (tile_fans(present), win_fans(hand, melded, shown), tuple(hogs),
                               kong_tiles, len(self.concealed_kongs))
        self.base = base_facts(key)
        self._unique: bool | None = None

    def _melds(self, hand: Hand, present: int) -> tuple:
        """The declared sets: fills the meld fields and returns ``(present with the meld
        tiles, exposed melds, copies of the winning tile they show, kong tiles, tile
        hogs)``."""
        (self.meld_sets, self.meld_chows, self.meld_pungs, self.concealed_kongs, meld_present,
         melded, kong_tiles, exposed, not_kongs, hog_candidates) = meld_facts(hand.melds)
        shown = exposed >> 4 * hand.win_tile & 15
        # rule 64: all four of a tile used without declaring a kong: four concealed, or
        # four of a declared pung's or chow's tile with the concealed ones
        standing = self.standing
        hogs = [standing[i] for i in range(len(standing) - 3)
                if standing[i] == standing[i + 3]] \
            if any(map(eq, standing, standing[3:])) else []
        count = standing.count
        for t in hog_candidates:
            if (not_kongs >> 4 * t & 15) + count(t) == 4:
                hogs.append(t)
        hogs.sort()
        return present | meld_present, melded, shown, kong_tiles, hogs

    def unique_wait(self, regular: bool = False) -> bool:
        """Whether the hand before the win waited on exactly one tile (rules 77-79);
        ``regular``: the hand is known to split into four sets and a pair."""
        if self._unique is None:
            hand = self.hand
            win, melds, concealed = hand.win_tile, len(hand.melds), hand.concealed
            if regular and len(self.standing) <= 14:
                self._unique = waits_on_one_tile_of_regular(self.keys, win, melds, concealed)
            else:
                # the keys of the tiles before the win: the hand's keys less the winning tile
                k = self.keys.copy()
                k[SUIT_OF[win]] -= POW_OF[win]
                self._unique = waits_on_one_tile_keys(k[0], k[1], k[2], k[3], melds, concealed)
        return self._unique


# The declared melds' facts:
# (meld sets (kind, tile, exposed), chow tiles, pung and kong tiles, concealed kong tiles,
# bitmask of the tiles, exposed melds, kong tiles, copies of each tile in the exposed melds
# and in the melds other than kongs, the tiles that can be tile hogs).
# Copies are hexadecimal digits, 4 bits per tile (HEX_OF), so that hands add them up.
MeldFacts = tuple[tuple, tuple, tuple, tuple, int, int, tuple, int, int, tuple]
HEX_OF = tuple(1 << 4 * t for t in range(34))


def meld_share(meld: tuple) -> tuple:
    """One declared meld's share of :data:`MeldFacts`: ``(meld set, chow tiles, pung
    tiles, bitmask of its tiles, copies, exposed copies, kong copies)``."""
    kind, t, hidden = meld
    if kind == "chow":
        copies = HEX_OF[t] * 0x111  # one each of t, t + 1, t + 2
        return (CHOW, t, True), (t,), (), 7 << t, copies, copies, 0
    kong = kind == "kong"
    copies = HEX_OF[t] * (4 if kong else 3)
    return ((KONG if kong else PUNG, t, not hidden), (), (t,), 1 << t, copies,
            0 if hidden else copies, copies if kong else 0)


def meld_facts(melds: tuple) -> MeldFacts:
    meld_sets, chows, pungs = [], [], []
    present = copies = exposed = kong_copies = 0
    for meld in melds:
        meld_set, chow, pung, bits, added, shown, kong = meld_share(meld)
        meld_sets.append(meld_set)
        chows += chow
        pungs += pung
        present |= bits
        copies += added
        exposed += shown
        kong_copies += kong
    kong_tiles = tuple(t for kind, t, _ in melds if kind == "kong")
    concealed_kongs = tuple(t for kind, t, hidden in melds if hidden and kind != "chow")
    melded = sum(exposed for _, _, exposed in meld_sets)
    hog_candidates = set(pungs).union(*map(_CHOW_TILES.__getitem__, chows)) - set(kong_tiles)
    return (tuple(meld_sets), tuple(chows), tuple(pungs), concealed_kongs, present, melded,
            kong_tiles, exposed, copies - kong_copies, tuple(sorted(hog_candidates)))




# Bits of what a set or the pair may hold for Outside Hand, All Fives, All Even Pungs:
# a pung (or the pair) of a tile, and a chow by its lowest tile.
_OUTSIDE, _FIVES, _EVEN = 1, 2, 4
_PUNG_FLAGS = tuple(
    (_OUTSIDE if t in TERMINALS or t >= 27 else 0)
    | (_FIVES if t < 27 and t % 9 == 4 else 0)
    | (_EVEN if t < 27 and t % 9 % 2 == 1 else 0)  # index odd = rank even
    for t in range(34))
_CHOW_FLAGS = tuple(
    (_OUTSIDE if t % 9 in (0, 6) else 0) | (_FIVES if 2 <= t % 9 <= 4 else 0)
    for t in range(34))


# Facts of a group of fans: ``(mask, excluded, points, counts)`` of ints: the bitmask of
# the fans (bit f for fan f), the bitmask of the fans they exclude (:data:`EXCLUDES`),
# their points, and how many times each counts, one hexadecimal digit per fan
# (``count << 4 * f``). Groups of different fans add up with ``|`` and ``+``, exclusions
# need no loop per fan. The items that explain the fans are computed again from the part's
# key when an explanation is read (:func:`chunk_items`).
Facts = tuple[int, int, int, int]
# A part of the set fans: Facts and the flags of set_parts (the AND of the part's
# _PUNG_FLAGS or _CHOW_FLAGS)
Part = tuple[int, int, int, int, int]
# what set_parts gives: the Facts of the three parts together and the chunk naming them
SetFacts = tuple[int, int, int, int, tuple]

BASE_CHUNK = "base"  # (tag, base key): the base fans
BARE_BASE_CHUNK = "bare base"  # (tag, base key): the same without the tiles' fans
SETS_CHUNK = "sets"  # (tag, chow key, pung key, flags): the set parts
ITEMS_CHUNK = "items"  # (tag, items): items as they are


def set_parts(chows: tuple[int, ...], pungs: tuple[int, ...], pair: int, seat_wind: int,
              prevalent_wind: int, knitted: bool) -> SetFacts:
    """Fans of the sets and the pair, whatever is concealed: chow and pung relations, wind
    and dragon pungs, All Chows / All Pungs, Outside Hand, All Fives, All Even Pungs.

    ``chows`` and ``pungs`` (kongs included) are sorted tiles; the winds are 0..3. Scored in
    three parts, the chows', the pungs' and the flags of every set; returns their Facts
    together and the chunk that explains them (the parts' keys)."""
    n_chows = len(chows)
    # the pair only matters to the chows as a suit 5 (fans 13, 29) or an honor (fan 63)
    five = pair if n_chows == 4 and pair < 27 and pair % 9 == 4 else -1
    chow_key = (chows, five, pair < 27, knitted)
    c_mask, c_excluded, c_points, c_counts, c_flags = _chow_part(chow_key)
    # ... and to the pungs as a wind or a dragon with two or more honor pungs (fans 9, 10)
    pair_kind = 0
    if pair >= 27 and len(pungs) >= 2 and pungs[-2] >= 27:  # (sorted: honors come last)
        pair_kind = 1 if pair <= 30 else 2
    pung_key = (pungs, pair_kind, 27 + seat_wind, 27 + prevalent_wind)
    p_mask, p_excluded, p_points, p_counts, p_flags = _part_of(_pung_items(pung_key))
    flags = c_flags & p_flags & _PUNG_FLAGS[pair] if not knitted else 0
    if flags:
        f_mask, f_excluded, f_points, f_counts = _FLAG_FACTS[flags]
        return (c_mask | p_mask | f_mask, c_excluded | p_excluded | f_excluded,
                c_points + p_points + f_points, c_counts + p_counts + f_counts,
                (SETS_CHUNK, chow_key, pung_key, flags))
    return (c_mask | p_mask, c_excluded | p_excluded, c_points + p_points,
            c_counts + p_counts, (SETS_CHUNK, chow_key, pung_key, 0))


def _chow_items(key: tuple) -> tuple[list[Item], int]:
    """The chows' fans of a chow key of set_parts, as items, and their flags."""
    chows, five, suit_pair, knitted = key
    items: list[Item] = []
    n_chows = len(chows)
    if n_chows == 4 and five >= 0 and (tc := terminal_chows_fan(chows, five)):
        items.append((tc, (CHOWS_OF, chows)))
    elif n_chows >= 2:
        items.extend((fan, (CHOWS_OF, used)) for fan, used in chow_relations(chows))
    if suit_pair and (n_chows == 4 or (knitted and n_chows == 1)):
        items.append((F.ALL_CHOWS, "only chows and a suit pair"))  # fan 63
    return items, _chow_flags(chows)


def _chow_flags(chows: tuple[int, ...]) -> int:
    flags = _OUTSIDE | _FIVES | _EVEN
    if chows:
        flags &= ~_EVEN
        for t in chows:
            flags &= _CHOW_FLAGS[t]
    return flags


def _chow_part(key: tuple) -> Part:
    """The Part of a chow key of set_parts, as :func:`_chow_items` gives it, but with the
    chows' relations read on the chows with their suits in a canonical order
    (:func:`suits_in_order`): which suit is which changes no fan."""
    chows, five, suit_pair, knitted = key
    n_chows = len(chows)
    if n_chows == 4 and five >= 0 and (tc := terminal_chows_fan(chows, five)):
        mask, excluded, points, counts = _fans_facts((tc,))
    elif n_chows >= 2:
        mask, excluded, points, counts = _facts(chow_relations(suits_in_order(chows)))
    else:
        mask = excluded = points = counts = 0
    if suit_pair and (n_chows == 4 or (knitted and n_chows == 1)):
        mask |= 1 << F.ALL_CHOWS
        excluded |= _EXCLUDE_BITS[F.ALL_CHOWS]
        points += _POINTS[F.ALL_CHOWS]
        counts += _UNIT[F.ALL_CHOWS]
    return mask, excluded, points, counts, _chow_flags(chows)


def suits_in_order(chows: tuple[int, ...]) -> tuple[int, ...]:
    """Sorted chow tiles with the suits renamed in a canonical order (by the sorted ranks
    of each suit's chows), so that chows alike but for their suits give one tuple."""
    ranks: tuple[list[int], list[int], list[int]] = ([], [], [])
    for t in chows:
        ranks[t // 9].append(t % 9)
    return tuple([9 * suit + r for suit, in_suit in enumerate(sorted(ranks)) for r in in_suit])


def _pung_items(key: tuple) -> tuple[list[Item], int]:
    """The pungs' fans of a pung key of set_parts, as items, and their flags."""
    pungs, pair_kind, seat, prevalent = key
    items: list[Item] = []
    wind_fan = 0
    if len(pungs) >= 2:
        for fan, used in pung_relations(pungs):
            if fan == F.BIG_THREE_WINDS and pair_kind == 1:
                fan = F.LITTLE_FOUR_WINDS  # three wind pungs and a wind pair
            elif fan == F.TWO_DRAGON_PUNGS and pair_kind == 2:
                fan = F.LITTLE_THREE_DRAGONS  # two dragon pungs and a dragon pair
            if fan in (F.BIG_THREE_WINDS, F.LITTLE_FOUR_WINDS, F.BIG_FOUR_WINDS):
                wind_fan = fan
            items.append((fan, (PUNGS_OF, used)))
    if len(pungs) == 4:
        items.append((F.ALL_PUNGS, "four pungs or kongs"))  # fan 49
    flags = _OUTSIDE | _FIVES | _EVEN
    for p in pungs:
        flags &= _PUNG_FLAGS[p]
        items.extend(_single_pung_items(p, seat, prevalent, wind_fan))
    return items, flags


def _single_pung_items(p: int, seat: int, prevalent: int, wind_fan: int) -> list[Item]:
    """The fans of one pung alone: dragon pung (59), prevalent and seat wind (60, 61), and
    the pung of terminals or honors (73) for winds other than those, and not those already in
    Big Three Winds / Little or Big Four Winds."""
    g = (PUNGS_OF, (p,))
    if p >= 31:
        return [(F.DRAGON_PUNG, g)]
    if p >= 27:
        items: list[Item] = []
        if p == prevalent:
            items.append((F.PREVALENT_WIND, g))
        if p == seat:
            items.append((F.SEAT_WIND, g))
        if not items and not wind_fan:
            items.append((F.PUNG_OF_TERMINALS_OR_HONORS, g))
        return items
    if p in TERMINALS:
        return [(F.PUNG_OF_TERMINALS_OR_HONORS, g)]
    return []


def _flag_items(flags: int) -> list[Item]:
    """The fans of the flags of every set and the pair (set_parts)."""
    items: list[Item] = []
    if flags & _OUTSIDE:
        items.append((F.OUTSIDE_HAND, "a terminal or honor in every set and the pair"))
    if flags & _FIVES:
        items.append((F.ALL_FIVES, "a 5 in every set and the pair"))
    if flags & _EVEN:
        items.append((F.ALL_EVEN_PUNGS, "pungs and pair of 2, 4, 6, 8"))
    return items


def _part_of(items_and_flags: tuple[list[Item], int]) -> Part:
    items, flags = items_and_flags
    return (*_facts(items), flags)


# chows with their suits in order (suits_in_order) -> the Facts of their relations


def _facts(items) -> Facts:
    """The :data:`Facts` of items ``(fan, detail)``, each one unit of its fan."""
    fans = excluded = points = counts = 0
    for fan, _detail in items:
        fans |= 1 << fan
        excluded |= _EXCLUDE_BITS[fan]
        points += _POINTS[fan]
        counts += _UNIT[fan]
    return fans, excluded, points, counts


# (points, bitmask of the fans kept, counts of the fans kept (see Facts), chunks, bitmask
# of the fans removed)
Scored = tuple[int, int, int, tuple, int]


def score_decomposition(ctx: Context, sets: tuple, pair: int, knitted: int = -1,
                        extra: tuple[int, ...] = ()) -> Scored:
    """Score one decomposition: the concealed ``sets`` (kind, tile) and ``pair`` with the
    declared melds; ``knitted`` is the index of a Knitted Straight taking the place of three
    sets, ``extra`` fans found on the whole hand (Nine Gates).

    Returns its :data:`Scored`: the chunks still hold the removed fans, left out only when
    the explanation of the reading finally chosen is read.
    """
    hand = ctx.hand
    win = hand.win_tile
    chows = list(ctx.meld_chows)
    pungs = list(ctx.meld_pungs)
    hidden = []
    role = 0  # of the winning tile in the concealed chows (see CHOW_ROLE)
    for k, t in sets:
        if k == CHOW:
            chows.append(t)
            if t <= win <= t + 2:
                role |= CHOW_ROLE[34 * t + win]
        else:
            pungs.append(t)
            hidden.append(t)
    chows.sort()
    pungs.sort()
    set_facts = set_parts(tuple(chows), tuple(pungs), pair, hand.seat_wind,
                          hand.prevalent_wind, knitted >= 0)
    # fans of this reading beyond the base and the sets, each counted once
    more: list[Item] = [(fan, "the whole hand") for fan in extra]
    if knitted >= 0:
        more.append((F.KNITTED_STRAIGHT, (TILES_OF, KNITTED_STRAIGHTS[knitted])))

    # concealed pungs: a pung completed with another player's tile counts as exposed,
    # unless a concealed chow could have taken that tile instead
    if hidden or ctx.concealed_kongs:
        if not hand.self_drawn and win in hidden and not role & IN_CHOW:
            hidden.remove(win)
        hidden.extend(ctx.concealed_kongs)
        if (fan := concealed_pungs_fan(len(hidden))):
            more.append((fan, (PUNGS_OF, tuple(hidden))))

    # waits: only when the hand waited on that one tile (rules 77-79)
    fan = WAIT_OF_ROLE[role] or (SINGLE_WAIT if pair == win else 0)
    if fan and ctx.unique_wait(knitted < 0):
        more.append((fan, (TILES_OF, (win,))))
    return add_parts(ctx.base_key, ctx.base, set_facts, more)


def add_parts(base_key: tuple, base: tuple[int, ...], sets: SetFacts,
              more: list[Item]) -> Scored:
    """A reading's score from its parts: the base fans (tiles, kongs, winning move, by
    their key and :func:`base_facts`), the sets' fans of :func:`set_parts` and ``more``
    fans counted once (concealed pungs, wait, ...), with the exclusions applied
    (:func:`_finish_facts`)."""
    s_mask, s_excluded, s_points, s_counts, sets_chunk = sets
    mask = base[0] | s_mask
    excluded = base[1] | s_excluded
    points = base[2] + s_points
    counts = base[3] + s_counts
    if more:
        exclude_bits, points_of, unit = _EXCLUDE_BITS, _POINTS, _UNIT
        for fan, _detail in more:
            mask |= 1 << fan
            excluded |= exclude_bits[fan]
            points += points_of[fan]
            counts += unit[fan]
        return _finish_facts(mask, excluded, points, counts,
                             ((BASE_CHUNK, base_key), sets_chunk, (ITEMS_CHUNK, tuple(more))))
    return _finish_facts(mask, excluded, points, counts, ((BASE_CHUNK, base_key), sets_chunk))


# fan id -> bitmask (bit f for fan f) of the fans it removes: a list, indexed by fan id
_EXCLUDE_BITS = [0] * (max(*F.FANS, F.MELDED_AND_CONCEALED_KONG) + 1)
for _fan, _excluded in EXCLUDES.items():
    _EXCLUDE_BITS[_fan] = sum(1 << f for f in _excluded)

# fan id -> points, a list indexed by fan id
_POINTS = [0] * len(_EXCLUDE_BITS)
for _fan in (*F.FANS, F.MELDED_AND_CONCEALED_KONG):
    _POINTS[_fan] = fan_points(_fan)
# fan id -> one count of it in Facts' counts
_UNIT = [1 << 4 * f for f in range(len(_EXCLUDE_BITS))]

# the Facts of the flags of set_parts, for each combination of the three flags
_FLAG_FACTS = tuple(_facts(_flag_items(flags)) for flags in range(8))


def _finish_facts(mask: int, excluded: int, points: int, counts: int,
                  chunks: tuple) -> Scored:
    """Apply the exclusions to a reading's facts, add Chicken Hand if nothing is left."""
    removed = rest = mask & excluded
    while rest:  # each removed fan, lowest bit first
        low = rest & -rest
        fan = low.bit_length() - 1
        n = counts >> 4 * fan & 15
        points -= _POINTS[fan] * n
        counts -= n << 4 * fan
        rest ^= low
    if mask == removed:
        return _CHICKEN_POINTS, _CHICKEN_BIT, _CHICKEN_COUNTS, _CHICKEN_CHUNKS, removed
    return points, mask ^ removed, counts, chunks, removed


_CHICKEN_POINTS = fan_points(F.CHICKEN_HAND)
_CHICKEN_BIT = 1 << F.CHICKEN_HAND
_CHICKEN_COUNTS = _UNIT[F.CHICKEN_HAND]
_CHICKEN_CHUNKS = ((ITEMS_CHUNK, ((F.CHICKEN_HAND, "no other fan scores"),)),)


def score_special(base_key: tuple, base: tuple[int, ...], fans: tuple[int, ...],
                  with_tiles: bool) -> Scored:
    """Score a special shape (``fans``, from special_shapes) with the base fans of the hand
    (by their key and :func:`base_facts`); the fans of the tiles only count when
    ``with_tiles``."""
    mask, excluded, points, counts = base if with_tiles else bare_base_facts(base_key)
    for fan in fans:
        mask |= 1 << fan
        excluded |= _EXCLUDE_BITS[fan]
        points += _POINTS[fan]
        counts += _UNIT[fan]
    chunk = (ITEMS_CHUNK, tuple((fan, "the whole hand") for fan in fans))
    return _finish_facts(mask, excluded, points, counts,
                         (chunk, (BASE_CHUNK if with_tiles else BARE_BASE_CHUNK, base_key)))


def chunk_items(chunk: tuple) -> list[Item]:
    """The items ``(fan, detail)`` of one chunk of a reading (see :data:`Scored`)."""
    tag = chunk[0]
    if tag == ITEMS_CHUNK:
        return list(chunk[1])
    if tag == BASE_CHUNK:
        return base_items(chunk[1])
    if tag == BARE_BASE_CHUNK:
        return base_items(_bare_key(chunk[1]))
    _tag, chow_key, pung_key, flags = chunk
    return _chow_items(chow_key)[0] + _pung_items(pung_key)[0] + _flag_items(flags)


# (points, bitmask of the fans, counts, chunks, removed, shape) (see Scored): the shape is
# ``(tag, *args)`` formatted by shape_text, so the text is only built when somebody reads it
Best = tuple[int, int, int, tuple, int, object]


# for the three suits' runs side by side (9 bits, see shapes.KNIT_RUNS), whether they cover
# a knitted straight
_KNITS = tuple(map(bool, KNITS_HELD))


def may_knit(present: int) -> bool:
    """Whether the tiles present hold a whole knitted straight (two table look-ups)."""
    runs = KNIT_RUNS
    return _KNITS[runs[present & 511] | runs[present >> 9 & 511] << 3
                  | runs[present >> 18 & 511] << 6]


def best_score(hand: Hand) -> Best | None:
    """The highest-scoring reading of a validated hand, or None if it is not a win."""
    ctx = Context(hand)
    best: Best | None = None
    n_melds = len(hand.melds)
    standing = ctx.standing

    if n_melds == 0:
        for fans, with_tiles, label in special_shapes(standing):
            scored = score_special(ctx.base_key, ctx.base, fans, with_tiles)
            if best is None or scored[0] > best[0]:
                best = (*scored, label)
    if n_melds <= 1 and may_knit(ctx.present):
        for k, (sets, pair) in knitted_decompositions_of_keys(ctx.keys, len(standing),
                                                              ctx.held):
            scored = score_decomposition(ctx, sets, pair, knitted=k)
            if best is None or scored[0] > best[0]:
                best = (*scored, (SETS_LABEL, ctx.meld_sets, sets, pair, k))
    extra = (F.NINE_GATES,) if n_melds == 0 and is_nine_gates(hand) else ()
    # every reading into sets and a pair, from the suit keys Context computed
    for sets, pair in decompose_keys(ctx.keys, len(standing)):
        scored = score_decomposition(ctx, sets, pair, extra=extra)
        if best is None or scored[0] > best[0] or (
                scored[0] == best[0] and prefer(scored[1], best[1])):
            best = (*scored, (SETS_LABEL, ctx.meld_sets, sets, pair, -1))
    return best


def prefer(found: int, incumbent: int) -> bool:
    """Tie-break between readings of equal total (the bitmasks of their fans), as the
    reference calculator does: four sets over Seven Pairs, and Pure Triple Chow / Triple
    Pung readings."""
    return bool(incumbent & _SEVEN_PAIRS_BIT or found & _PREFERRED_BITS)


_SEVEN_PAIRS_BIT = 1 << F.SEVEN_PAIRS
_PREFERRED_BITS = 1 << F.PURE_TRIPLE_CHOW | 1 << F.TRIPLE_PUNG


SETS_LABEL = "sets"


def shape_text(raw: tuple) -> str:
    """Format a shape label of :func:`best_score`: ``(tag, *args)``, the tag naming the
    formatter (a string, not the function, so that the label is plain data)."""
    tag, *args = raw
    if tag == SETS_LABEL:
        return _describe(*args)
    return format_label(*args)


def _describe(meld_sets: tuple, sets: tuple, pair: int, knitted: int) -> str:
    """The reading chosen, e.g. ``four sets and a pair: [123m] 456p 789s 11z``."""
    from .tiles import tiles_code

    def code(kind: int, t: int) -> str:
        if kind == CHOW:
            return tiles_code((t, t + 1, t + 2))
        return tiles_code((t,) * (4 if kind == KONG else 3))

    parts = []
    for k, t, exposed in meld_sets:
        parts.append(f"[{code(k, t)}]" if exposed else f"[{code(k, t)} concealed]")
    if knitted >= 0:
        parts.append(tiles_code(KNITTED_STRAIGHTS[knitted]) + " (knitted)")
    parts.extend(code(k, t) for k, t in sets)
    parts.append(tiles_code((pair, pair)))
    return ("knitted straight, a set and a pair: " if knitted >= 0
            else "four sets and a pair: ") + " ".join(parts)
