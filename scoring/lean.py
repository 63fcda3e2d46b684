"""The short path of :func:`scoring.score_hand` for the hands umpires enter most: a JSON
object that is a valid hand with at most one reading of four sets and a pair (Nine Gates
included), weighed against Seven Pairs, Thirteen Orphans or Honors and Knitted Tiles as
:func:`scoring.combine.best_score` weighs them.

It reads the JSON straight into the numbers that scoring needs, packed in ints that add up
(tile counts as hexadecimal digits, the base-5 suit keys of :mod:`scoring.shapes`, the
bitmask of the tiles present), from memos of the pieces that recur: tile groups such as
``"123m"``, the declared melds, the one reading of each suit. It scores that reading with
the parts and tables of :mod:`scoring.combine`.

Anything else goes the general way (:func:`scoring.tiles.parse_hand` and
:func:`scoring.combine.best_score`), which names what is wrong with a bad hand and weighs
every reading: bad or contradictory input, several readings, Knitted Straight.
A valid hand is handed over already parsed. Both ways give the same result on every hand
(``tests/scoring/test_lean_path.py``).
"""
from __future__ import annotations

from functools import reduce
from itertools import product
from operator import itemgetter, methodcaller, or_

from .combine import (
    HEX_OF,
    KEYS_LABEL,
    PUNGS_OF,
    TILES_OF,
    Best,
    Item,
    add_parts,
    base_facts,
    may_knit,
    meld_share,
    prefer,
    score_special,
    set_parts,
)
from .errors import HandError
from .fans import NINE_GATES
from .fans.pungs import concealed_pungs_fan
from .fans.special import special_shapes
from .fans.tiles import tile_fans
from .fans.winning import CHOW_ROLE, IN_CHOW, SINGLE_WAIT, WAIT_OF_ROLE, WIN_FANS, win_code
from .memo import Memo
from .shapes import (
    _HONOR_READINGS,
    _SUIT_READINGS,
    CHOW,
    POW_OF,
    SUIT_OF,
    _special_waits,
    regular_waits_of_win,
)
from .tiles import (
    _FIELD_SET,
    _FIVE_BOOLS,
    _ONE_TILE,
    _REQUIRED,
    _TO_TILES,
    _WHOLE_GROUP,
    _WIND_WORDS,
    SUIT_OF_LETTER,
    Hand,
    _new_tuple,
    _parse_meld_slow,
)

# --- tile groups: "123m" -> (small, keys, copies, tiles); the ints add up to the hand's ---
# small: tiles in the group (8 bits) | groups of each suit (4 x 8 bits) | tiles present (34)
# keys: the base-5 key of each suit (4 x 24 bits, see scoring.shapes)
# copies: copies of each tile, one hexadecimal digit per tile (combine.HEX_OF)
_N_TILES_MASK = 0xFF
_SUIT_USE = 8
_PRESENT = 40
_M24 = (1 << 24) - 1
# a suit written in two groups ("12m3m") may hold a tile twice: left to the general path
_SUIT_REPEATED = sum(0xFE << (_SUIT_USE + 8 * s) for s in range(4))
_DIGITS = sum(HEX_OF)  # a 1 in every tile's digit
# with at most 12 copies of a tile in a digit, adding 3 sets its bit 3 exactly when it
# holds 5 or more, and adding 4 when it holds 4 or more (bit 3 of each digit: _EIGHTS)
_THREES, _FOURS, _EIGHTS = 3 * _DIGITS, 4 * _DIGITS, 8 * _DIGITS
_BIT_OF = tuple(1 << t for t in range(34))
_GROUP_SMALL, _GROUP_KEYS, _GROUP_COPIES, _GROUP_TILES = map(itemgetter, range(4))


def _chunk_info(digits: str) -> tuple[int, int, int, int]:
    """Up to three digits read as ranks of the first suit: ``(tiles, base-5 key, copies,
    bits of the ranks present)``."""
    ranks = digits.encode().translate(_TO_TILES["m"])  # (the first suit's tiles are ranks)
    return (len(ranks), sum(map(POW_OF.__getitem__, ranks)), sum(map(HEX_OF.__getitem__, ranks)),
            reduce(or_, map(_BIT_OF.__getitem__, ranks)))


# every string of one to three digits 1-9 (819 of them), read ahead: a new group is read
# three digits at a time from this table
_CHUNK_INFO = {"".join(chunk): _chunk_info("".join(chunk)) for n in (1, 2, 3)
               for chunk in product("123456789", repeat=n)}
# bits of the copies' digits: 8, 4, 1 in each of a suit's nine digits
_DIGIT_8, _DIGIT_4, _DIGIT_1 = (sum(bit << 4 * r for r in range(9)) for bit in (8, 4, 1))


def _group_info(group: str) -> tuple[int, int, int, bytes] | None:
    """One group of a tile run (``[1-9]+[mpszMPSZ]``) as three ints that add up over the
    groups and its tiles as bytes, or None if it is no plain run (``8z``) or holds more
    than 14 tiles or more than 4 of a tile (the general path explains)."""
    digits = group[:-1]
    if not 0 < len(digits) <= 14:
        return None
    n = key = copies = present = 0
    chunks = _CHUNK_INFO
    for i in range(0, len(digits), 3):
        chunk_n, chunk_key, chunk_copies, chunk_present = chunks[digits[i:i + 3]]
        n += chunk_n
        key += chunk_key
        copies += chunk_copies
        present |= chunk_present
    letter = group[-1]
    suit = SUIT_OF_LETTER[letter]
    # a digit of 5 or more (at most 14): its 8, or its 4 with its 2 or its 1
    if copies & _DIGIT_8 or copies & _DIGIT_4 and (copies >> 2 & (copies | copies >> 1)
                                                   & _DIGIT_1) or (suit == 3 and present >> 7):
        return None
    return (n | 1 << (_SUIT_USE + 8 * suit) | present << (_PRESENT + 9 * suit),
            key << 24 * suit, copies << 36 * suit, digits.encode().translate(_TO_TILES[letter]))


_GROUP_INFO: dict[str, tuple | None] = Memo(_group_info)
# the base-5 key of 1112345678999 in a suit: with any tile of that suit it is Nine Gates
_NINE_GATES_KEY = sum(count * 5 ** r for r, count in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)))
_NINE_GATES_ITEM = (NINE_GATES, "the whole hand")


# --- declared melds: the items of one JSON meld -> its entry, or None --------------------
# An entry is (Meld, chow tiles, pung tiles, tiles present, copies (hexadecimal digits, as
# for the groups), counters) where the counters add up over the melds: exposed melds |
# concealed kongs << 3 | kongs << 6 | melds with a concealed flag << 9 | the pung or kong
# tile's bit << 12
_CONCEALED_KONGS = 3
_KONGS = 6
_FLAGGED = 9
_PUNG_BITS = 12


def _meld_entry(items: tuple) -> tuple | None:
    try:
        meld = _parse_meld_slow(0, dict(items))
    except HandError:
        return None
    kind, t, concealed = meld
    _set, chows, pungs, present, copies, _exposed_copies, _kong_copies = meld_share(meld)
    if kind == "chow":
        counters = 1
    else:
        counters = (0 if concealed else 1) | 1 << (_PUNG_BITS + t)
        if kind == "kong":
            counters |= concealed << _CONCEALED_KONGS | 1 << _KONGS
    if any(field == "concealed" for field, _value in items):  # (True == 1 as a key)
        counters |= 1 << _FLAGGED
    return meld, chows, pungs, present, copies, counters


_MELD_ENTRY: dict[tuple, tuple | None] = Memo(_meld_entry)
_MELD_OF, _CHOWS_OF, _PUNGS_OF, _PRESENT_OF, _COPIES_OF, _COUNTERS_OF = map(itemgetter,
                                                                            range(6))
_CONCEALED_FLAG = methodcaller("get", "concealed", False)
_BOOL = frozenset({bool})


# --- the one reading of a suit: (base-5 key << 2 | suit) -> its parts --------------------
# (chow tiles, pung tiles, pair tile + 1 or 0, pairs, or 8 for several readings and 64 for
# none, pung bits): over the four suits the pairs add up to 1 when the hand has one
# reading, and the pair tiles to the pair's tile + 1
_EMPTY_SUIT = ((), (), 0, 0, 0)
_SEVERAL = ((), (), 0, 8, 0)
_NONE = ((), (), 0, 64, 0)  # (a suit that splits into no sets: no reading at all)


def _single_reading(code: int) -> tuple:
    """The parts of a suit's one reading, read from the shape tables (without filling the
    general path's memo of suit readings)."""
    key, suit = code >> 2, code & 3
    if not key:
        return _EMPTY_SUIT
    readings = (_HONOR_READINGS if suit == 3 else _SUIT_READINGS).get(key)
    if readings is None:
        return _NONE
    if len(readings) != 1:
        return _SEVERAL
    (sets, pair), = readings
    base = 9 * suit
    chows = tuple([base + r for kind, r in sets if kind == CHOW])
    pungs = tuple([base + r for kind, r in sets if kind != CHOW])
    pair = base + pair if pair >= 0 else -1
    return chows, pungs, pair + 1, pair >= 0, sum(1 << t for t in pungs)


_SINGLE: dict[int, tuple] = Memo(_single_reading)


def _tiles_of_bits(bits: int, width: int = 1) -> tuple[int, ...]:
    """The tiles whose bit is set in ``bits``, a bitmask with ``width`` bits per tile
    (lowest first: one step per tile found)."""
    tiles = []
    while bits:
        low = bits & -bits
        tiles.append((low.bit_length() - 1) // width)
        bits ^= low
    return tuple(tiles)


def _concealed(infos: list[tuple]) -> tuple[int, ...]:
    """The concealed tiles of a hand's groups (:func:`_group_info`), sorted."""
    return tuple(sorted(b"".join(map(_GROUP_TILES, infos))))


def _standing(infos: list[tuple], win: int) -> tuple[int, ...]:
    """The hand's concealed tiles with the winning tile, sorted."""
    return tuple(sorted(b"".join(map(_GROUP_TILES, infos)) + _TILE_BYTE[win]))


_TILE_BYTE = tuple(bytes((t,)) for t in range(34))


def _exposed(melds: tuple, tile: int) -> int:
    """Copies of ``tile`` in the exposed melds."""
    return sum(m.tiles.count(tile) for m in melds if not m.concealed)


# --- the hand -------------------------------------------------------------------------

def lean_score(data: dict) -> tuple[Best | None, int, Hand | None]:
    """``(best reading, flowers, None)`` of a hand JSON object on the short path;
    ``(None, 0, hand)`` for a valid hand that the general scorer must weigh, already
    parsed; ``(None, 0, None)`` for a hand the general parser must read (see the module's
    docstring). Never raises."""
    try:
        return _lean_score(data)
    except (KeyError, TypeError, ValueError, AttributeError):  # unusual input: see the general path
        return _GENERAL


_GENERAL = (None, 0, None)


def _lean_score(data: dict) -> tuple[Best | None, int, Hand | None]:
    fields = data.keys()
    if not (fields <= _FIELD_SET and fields >= _REQUIRED):
        return _GENERAL
    get = data.get
    raw_melds = get("melds")
    if raw_melds:
        if type(raw_melds) is not list or len(raw_melds) > 4:
            return _GENERAL
        entries = list(map(_MELD_ENTRY.__getitem__, map(tuple, map(dict.items, raw_melds))))
        counters = sum(map(_COUNTERS_OF, entries))  # TypeError on a bad meld (None)
        # (True == 1 as a memo key: a concealed flag must really be a bool)
        if counters >> _FLAGGED & 7 and not set(map(type, map(_CONCEALED_FLAG,
                                                              raw_melds))) <= _BOOL:
            return _GENERAL
        if counters >> _PUNG_BITS != reduce(or_, map(_COUNTERS_OF, entries)) >> _PUNG_BITS:
            return _GENERAL  # two pungs or kongs of one tile (their bits carried)
        melds = tuple(map(_MELD_OF, entries))
        meld_chows = sum(map(_CHOWS_OF, entries), ())
        meld_pungs = sum(map(_PUNGS_OF, entries), ())
        meld_present = reduce(or_, map(_PRESENT_OF, entries))
        meld_copies = sum(map(_COPIES_OF, entries))
    elif raw_melds is None or type(raw_melds) is list:
        melds = meld_chows = meld_pungs = ()
        counters = meld_present = meld_copies = 0
    else:
        return _GENERAL
    n_melds = len(melds)

    text = data["concealed"]
    if type(text) is not str or len(text) > 40:
        return _GENERAL
    groups = _WHOLE_GROUP.findall(text)
    if sum(map(len, groups)) != len(text):
        return _GENERAL
    infos = list(map(_GROUP_INFO.__getitem__, groups))
    small = sum(map(_GROUP_SMALL, infos))  # TypeError on a bad group (None)
    if small & _SUIT_REPEATED or (small & _N_TILES_MASK) + 3 * n_melds != 13:
        return _GENERAL
    win = _ONE_TILE[data["win_tile"]]
    flags = (get("self_drawn", False), get("last_tile", False), get("last_wall_tile", False),
             get("kong_replacement", False), get("robbing_kong", False))
    if tuple(map(type, flags)) != _FIVE_BOOLS:
        return _GENERAL
    self_drawn, last_tile, last_wall_tile, kong_replacement, robbing_kong = flags
    seat, prevalent = _WIND_WORDS[data["seat_wind"]], _WIND_WORDS[data["prevalent_wind"]]
    flowers = get("flowers", 0)
    if flowers is None:
        flowers = 0
    if type(flowers) is not int or not 0 <= flowers <= 8:
        return _GENERAL

    # counts: no fifth copy; the contradictions of validate_hand
    concealed_copies = sum(map(_GROUP_COPIES, infos))
    copies = concealed_copies + HEX_OF[win] + meld_copies
    if (copies + _THREES) & _EIGHTS:  # a digit of 5 or more
        return _GENERAL
    held = concealed_copies >> 4 * win & 15  # copies of the winning tile concealed
    kongs = counters >> _KONGS & 7
    if (kong_replacement and not (kongs and self_drawn)) or (robbing_kong and (
            self_drawn or copies >> 4 * win & 15 > 1)) or (last_tile and held):
        return _GENERAL

    # Knitted Straight and a hand with several readings are weighed by the general path
    present = (small >> _PRESENT) | meld_present | 1 << win
    seven_pairs = not n_melds and not copies & _DIGITS  # (every count even)
    # 13 or 14 different tiles: Thirteen Orphans or Honors and Knitted Tiles, if anything
    # special; with such a shape no set (a pung, or a chow of suit tiles) can be read
    shape = special_shapes(_standing(infos, win)) \
        if not n_melds and present.bit_count() >= 13 else None
    win_suit = SUIT_OF[win]
    keys = sum(map(_GROUP_KEYS, infos))  # of the concealed tiles, before the win
    if not shape and n_melds <= 1 and may_knit(present):
        return None, 0, _new_tuple(Hand, (melds, _concealed(infos), win, *flags, seat,
                                          prevalent, flowers))

    # the one reading: the suits' readings add up
    keys += POW_OF[win] << 24 * win_suit
    k0, k1, k2, k3 = keys & _M24, keys >> 24 & _M24, keys >> 48 & _M24, keys >> 72 & _M24
    single = _SINGLE
    c0, p0, pair0, n0, h0 = single[k0 << 2]
    c1, p1, pair1, n1, h1 = single[k1 << 2 | 1]
    c2, p2, pair2, n2, h2 = single[k2 << 2 | 2]
    _c3, p3, pair3, n3, h3 = single[k3 << 2 | 3]
    readings = n0 + n1 + n2 + n3  # 1: one reading; 8 to 63: maybe several; else none
    # (Seven Pairs is weighed here against one reading of four sets and a pair, or none)
    if not shape and readings != 1 and not (seven_pairs and readings >= 64):
        return None, 0, _new_tuple(Hand, (melds, _concealed(infos), win, *flags, seat,
                                          prevalent, flowers))

    # base fans: tiles, tile hogs, kongs, the winning move
    kong_tiles = tuple(t for kind, t, _ in melds if kind == "kong") if kongs else ()
    fours = (copies + _FOURS) & _EIGHTS  # digits of 4: tile hogs, and the kongs
    hogs = _tiles_of_bits(fours, 4) if fours else ()
    if kong_tiles:
        hogs = tuple(t for t in hogs if t not in kong_tiles)
    # rule 58: the winner's exposed melds may show the other three copies
    last = not held and (last_tile or meld_present >> win & 1 and _exposed(melds, win) == 3)
    win_fans = WIN_FANS[win_code(self_drawn, counters & 7, last_wall_tile, kong_replacement,
                                 robbing_kong, last)]
    n_concealed_kongs = counters >> _CONCEALED_KONGS & 7
    key = (tile_fans(present), win_fans, hogs, kong_tiles, n_concealed_kongs)
    base = base_facts(key)
    special = None
    if seven_pairs or shape:
        ((fans, with_tiles, label),) = shape or special_shapes(_standing(infos, win))
        special = (*score_special(key, base, fans, with_tiles), label)
        if readings != 1:  # (no reading of four sets and a pair to weigh)
            return special, flowers, None
    pair = pair0 + pair1 + pair2 + pair3 - 1
    hidden = h0 | h1 | h2 | h3  # concealed pungs, as bits

    # set parts (the suits' sets come in order; declared ones are sorted in)
    chows = c0 + c1 + c2
    pungs = p0 + p1 + p2 + p3
    if melds:
        if meld_chows:
            chows = tuple(sorted(chows + meld_chows))
        if meld_pungs:
            pungs = tuple(sorted(pungs + meld_pungs))
    set_facts = set_parts(chows, pungs, pair, seat, prevalent, False)

    # Nine Gates (1112345678999 concealed and any tile of that suit), concealed pungs and
    # the wait
    more: list[Item] = [_NINE_GATES_ITEM] if not n_melds and win_suit < 3 and (
        keys - (POW_OF[win] << 24 * win_suit)) >> 24 * win_suit & _M24 == _NINE_GATES_KEY \
        else []
    role = 0  # of the winning tile in the concealed chows (see CHOW_ROLE)
    if win_suit < 3:
        for t in (c0, c1, c2)[win_suit]:
            role |= CHOW_ROLE[34 * t + win]
    wait = WAIT_OF_ROLE[role] or (SINGLE_WAIT if pair == win else 0)
    if hidden or n_concealed_kongs:
        if not self_drawn and hidden >> win & 1 and not role & IN_CHOW:
            hidden ^= 1 << win
        if (fan := concealed_pungs_fan(hidden.bit_count() + n_concealed_kongs)):
            concealed_kongs = tuple(t for kind, t, hide in melds if hide)
            more.append((fan, (PUNGS_OF, _tiles_of_bits(hidden) + concealed_kongs)))
    if wait:
        waits = regular_waits_of_win([k0, k1, k2, k3], win, SUIT_OF[pair])
        if not waits & (waits - 1) and n_melds <= 1:
            waits |= _special_waits(_concealed(infos), n_melds, waits)
        if waits and not waits & (waits - 1):
            more.append((wait, (TILES_OF, (win,))))
    scored = add_parts(key, base, set_facts, more)
    if special and (special[0] > scored[0] or (
            special[0] == scored[0] and not prefer(scored[1], special[1]))):
        return special, flowers, None  # (as best_score weighs them)
    return (*scored, (KEYS_LABEL, melds, k0, k1, k2, k3)), flowers, None
