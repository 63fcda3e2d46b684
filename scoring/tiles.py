"""Tiles, melds and hands, and the reader of the hand JSON of ``hand-format.md``.

A tile is a small int, 0..33, so that hands become count arrays and tuples that hash fast:

* 0..8 Characters 1..9 (``m``), 9..17 Dots 1..9 (``p``), 18..26 Bamboo 1..9 (``s``),
* 27..30 East, South, West, North (``1z``..``4z``), 31..33 White, Green, Red (``5z``..``7z``).
"""

from __future__ import annotations

import re
from operator import eq
from typing import Any, NamedTuple

from .errors import (
    ContradictionError,
    FiveCopiesError,
    HandError,
    InputError,
    MeldError,
    TileCountError,
    TileError,
)

Tile = int

NUM_TILES = 34
HONOR_BASE = 27
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)

SUIT_LETTERS = "mpsz"
SUIT_NAMES = ("Characters", "Dots", "Bamboo")
HONOR_NAMES = ("East wind", "South wind", "West wind", "North wind",
               "White dragon", "Green dragon", "Red dragon")
WIND_NAMES = ("East", "South", "West", "North")

TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
TERMINALS_AND_HONORS = frozenset(TERMINALS | set(range(27, 34)))
# 1998 rulebook: Dots 1,2,3,4,5,8,9, Bamboo 2,4,5,6,8,9 and White look the same upside down.
REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE})
GREEN_TILES = frozenset({19, 20, 21, 23, 25, GREEN})  # 2,3,4,6,8 Bamboo and Green dragon

_WIND_WORDS = {
    "E": 0, "S": 1, "W": 2, "N": 3,
    "EAST": 0, "SOUTH": 1, "WEST": 2, "NORTH": 3,
    "1Z": 0, "2Z": 1, "3Z": 2, "4Z": 3,
}


def is_honor(t: Tile) -> bool:
    return t >= HONOR_BASE


def suit_of(t: Tile) -> int:
    """0 Characters, 1 Dots, 2 Bamboo, 3 honors."""
    return t // 9


def rank_of(t: Tile) -> int:
    """1..9 for suit tiles, 1..7 for honors (E S W N White Green Red)."""
    return t % 9 + 1 if t < HONOR_BASE else t - HONOR_BASE + 1


def sorted_ranks(*tiles: Tile) -> list[int]:
    return sorted(map(rank_of, tiles))


def one_of_each_suit(*tiles: Tile) -> bool:
    """Three suit tiles, one of each suit (Characters, Dots, Bamboo)."""
    return sorted(map(suit_of, tiles)) == [0, 1, 2]


def tile_code(t: Tile) -> str:
    """The compact notation of one tile, e.g. ``5p`` or ``7z``."""
    return f"{rank_of(t)}{SUIT_LETTERS[suit_of(t)]}"


def tile_name(t: Tile) -> str:
    """A readable name, e.g. ``5 Dots`` or ``Red dragon``."""
    if t >= HONOR_BASE:
        return HONOR_NAMES[t - HONOR_BASE]
    return f"{rank_of(t)} {SUIT_NAMES[suit_of(t)]}"


def tile_label(t: Tile) -> str:
    """Code and name together, for messages: ``5p (5 Dots)``."""
    return f"{tile_code(t)} ({tile_name(t)})"


def tiles_code(tiles: Any) -> str:
    """Compact notation of several tiles, sorted and grouped by suit: ``123m55z``."""
    out = []
    by_suit: dict[int, list[str]] = {}
    for t in sorted(tiles):
        by_suit.setdefault(suit_of(t), []).append(str(rank_of(t)))
    for s in sorted(by_suit):
        out.append("".join(by_suit[s]) + SUIT_LETTERS[s])
    return "".join(out)


def parse_tiles(text: Any) -> tuple[Tile, ...]:
    """Read a run like ``123m456p11z`` into tiles, in the order written.

    Digits come first and the suit letter after them; spaces are ignored. Raises
    :class:`TileError` naming the bad piece.
    """
    if not isinstance(text, str):
        raise TileError(f"tiles must be a string like '123m456p11z', got {_describe(text)}",
                        params={"reason": "tiles_not_text"})
    if len(text) > 200:
        raise TileError(f"tile text too long ({len(text)} characters) to be a hand",
                        params={"reason": "tiles_too_long", "length": len(text)})
    return _parse_tiles(text)


# A plain run: groups of digits each followed by its suit letter (honors only 1-7).
_PLAIN_RUN = re.compile(r"(?:[1-9]+[mpsMPS]|[1-7]+[zZ])*")
_GROUP = re.compile(r"([1-9]+)([mpszMPSZ])")
# suit letter -> suit (0-3), and the bytes.translate table mapping the digit characters to
# tile numbers
SUIT_OF_LETTER = {letter: suit for suit, letters in enumerate(("mM", "pP", "sS", "zZ"))
                  for letter in letters}
_TO_TILES = {letter: bytes.maketrans(b"123456789", bytes(range(9 * suit, 9 * suit + 9)))
             for letter, suit in SUIT_OF_LETTER.items()}


def _parse_tiles(text: str) -> tuple[Tile, ...]:
    """Fast path for plain runs (a regex match, then each group's digits translated to
    tiles in C); anything unusual (spaces, bad characters, 8z) goes to
    :func:`_parse_tiles_checked`, which explains the problem."""
    if _PLAIN_RUN.fullmatch(text) is None:
        return _parse_tiles_checked(text)
    return tuple(_plain_run_tiles(text))


def _plain_run_tiles(text: str) -> bytearray:
    """The tiles of a plain run (already matched by ``_PLAIN_RUN``): each group's digits
    translated to tile numbers in C."""
    out = bytearray()
    for digits, letter in _GROUP.findall(text):
        out += digits.encode().translate(_TO_TILES[letter])
    return out


def _parse_tiles_checked(text: str) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    pending: list[int] = []
    for ch in text:
        if ch.isspace():
            continue
        if "1" <= ch <= "9" and ch.isascii():
            pending.append(int(ch))
            continue
        letter = ch.lower()
        if letter not in SUIT_LETTERS or not ch.isascii():
            raise TileError(f"'{ch}' in {text!r} is not a tile digit 1-9 or a suit letter m/p/s/z",
                            params=_syntax(text))
        if not pending:
            raise TileError(f"suit letter '{ch}' in {text!r} has no digits before it",
                            params=_syntax(text))
        suit = SUIT_LETTERS.index(letter)
        for d in pending:
            if suit == 3 and d > 7:
                raise TileError(f"'{d}z' in {text!r} is not a tile: honors are 1z..7z",
                                params=_syntax(text))
            tiles.append(suit * 9 + d - 1)
        pending = []
    if pending:
        raise TileError(f"digits '{''.join(map(str, pending))}' at the end of {text!r} "
                        "have no suit letter (m, p, s or z)", params=_syntax(text))
    return tuple(tiles)


def parse_tile(text: Any) -> Tile:
    """Read exactly one tile, e.g. ``5p``."""
    if type(text) is str:
        t = _ONE_TILE.get(text)
        if t is not None:
            return t
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(f"expected exactly one tile, got {text!r}",
                        params={"reason": "not_one_tile", "text": str(text)})
    return tiles[0]


_ONE_TILE = {f"{r}{'mpsz'[s]}": s * 9 + r - 1 for s in range(4) for r in range(1, 10)
             if s < 3 or r <= 7}


def parse_wind(value: Any, field: str) -> int:
    """``E``/``S``/``W``/``N`` (or the words, or ``1z``..``4z``) into 0..3."""
    if isinstance(value, str):
        w = _WIND_WORDS.get(value)
        if w is None:
            w = _WIND_WORDS.get(value.strip().upper())
        if w is not None:
            return w
    raise InputError(f"{field} must be one of E, S, W, N (or 1z..4z), got {_describe(value)}",
                     "bad_wind", params={"reason": "bad_wind", "field": field})


def _syntax(text: str) -> dict:
    return {"reason": "tile_syntax", "text": text}


def _describe(value: Any) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"


class Meld(NamedTuple):
    """A declared set. ``tile`` is the lowest tile (the only tile of a pung or kong)."""

    kind: str  # "chow", "pung" or "kong"
    tile: Tile
    concealed: bool = False  # only a kong can be concealed (declared face down)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "kong" else 3)

    @property
    def exposed(self) -> bool:
        return not self.concealed

    def code(self) -> str:
        return tiles_code(self.tiles)


class Hand(NamedTuple):
    """A parsed hand (immutable, hashable). ``concealed`` excludes the winning tile and is
    sorted; winds are 0..3 for East, South, West, North."""

    melds: tuple[Meld, ...]
    concealed: tuple[Tile, ...]
    win_tile: Tile
    self_drawn: bool = False
    last_tile: bool = False
    last_wall_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0
    flowers: int = 0

    def all_tiles(self) -> list[Tile]:
        """Every tile of the hand: melds (kongs as 4), concealed tiles and the winning tile."""
        out: list[Tile] = []
        for m in self.melds:
            out.extend(m.tiles)
        out.extend(self.concealed)
        out.append(self.win_tile)
        return out


_new_tuple = tuple.__new__

_FIELDS = ("melds", "concealed", "win_tile", "self_drawn", "last_tile", "last_wall_tile",
           "kong_replacement", "robbing_kong", "seat_wind", "prevalent_wind", "flowers")
_FLAGS = ("self_drawn", "last_tile", "last_wall_tile", "kong_replacement", "robbing_kong")
_MELD_FIELDS = ("type", "tiles", "concealed")
_FIELD_SET = frozenset(_FIELDS)
_REQUIRED_ORDER = ("concealed", "win_tile", "seat_wind", "prevalent_wind")
_REQUIRED = frozenset(_REQUIRED_ORDER)
_FIVE_BOOLS = (bool,) * len(_FLAGS)


def _shown(tiles: list[Tile]) -> str:
    return tiles_code(tiles) if tiles else "no tiles"


def _meld_facts(index: int, reason: str, tiles) -> dict:
    return {"reason": reason, "meld": index + 1, "tiles": tiles_code(tiles)}


def _parse_meld(index: int, raw: Any) -> Meld:
    where = f"meld {index + 1}"
    _check_meld_fields(index, raw)
    kind = raw.get("type")
    if kind not in ("chow", "pung", "kong"):
        raise MeldError(f"{where}: type must be 'chow', 'pung' or 'kong', got {_describe(kind)}",
                        params={"reason": "meld_type", "meld": index + 1})
    if "tiles" not in raw:
        raise MeldError(f"{where} ({kind}) has no tiles",
                        params={"reason": "meld_no_tiles", "meld": index + 1})
    try:
        tiles = sorted(parse_tiles(raw["tiles"]))
    except TileError as exc:
        raise MeldError(f"{where} ({kind}): {exc.message}",
                        params={"reason": "meld_tile_syntax", "meld": index + 1,
                                "text": str(raw["tiles"])}) from None
    concealed = raw.get("concealed", False)
    if not isinstance(concealed, bool):
        raise MeldError(f"{where}: concealed must be true or false, got {_describe(concealed)}",
                        params={"reason": "meld_concealed_flag", "meld": index + 1})
    if kind == "chow":
        _check_chow(index, tiles)
    else:
        _check_pung_or_kong(index, kind, tiles)
    if concealed and kind != "kong":
        raise MeldError(f"{where}: a {kind} in melds is always exposed; concealed sets that were "
                        "never declared belong in 'concealed'",
                        params={"reason": "concealed_set_in_melds", "meld": index + 1})
    return Meld(kind, tiles[0], concealed)


def _check_meld_fields(index: int, raw: Any) -> None:
    where = f"meld {index + 1}"
    if not isinstance(raw, dict):
        raise MeldError(f"{where} must be an object with type and tiles, got {_describe(raw)}",
                        params={"reason": "meld_not_object", "meld": index + 1})
    for key in raw:
        if key not in _MELD_FIELDS:
            raise MeldError(f"{where} has an unknown field {key!r} (expected type, tiles, "
                            "concealed)",
                            params={"reason": "meld_unknown_field", "meld": index + 1,
                                    "field": str(key)})


def _check_chow(index: int, tiles: list[Tile]) -> None:
    where = f"meld {index + 1}"
    if len(tiles) != 3:
        raise MeldError(f"{where}: a chow has 3 tiles, {_shown(tiles)} has {len(tiles)}",
                        params=_meld_facts(index, "chow_size", tiles))
    t = tiles[0]
    if is_honor(t) or is_honor(tiles[2]):
        raise MeldError(f"{where}: {_shown(tiles)} is a chow of honors; "
                        "only suit tiles form chows",
                        params=_meld_facts(index, "honor_chow", tiles))
    if not (tiles[1] == t + 1 and tiles[2] == t + 2 and suit_of(t) == suit_of(tiles[2])):
        raise MeldError(f"{where}: {_shown(tiles)} is not a chow "
                        "(three consecutive tiles of one suit)",
                        params=_meld_facts(index, "not_chow", tiles))


def _check_pung_or_kong(index: int, kind: str, tiles: list[Tile]) -> None:
    size = 3 if kind == "pung" else 4
    if len(tiles) != size or len(set(tiles)) != 1:
        raise MeldError(f"meld {index + 1}: a {kind} is {size} identical tiles, got "
                        f"{_shown(tiles)}", params=_meld_facts(index, f"{kind}_tiles", tiles))


def parse_hand(data: Any) -> Hand:
    """Parse and validate the hand JSON object of ``hand-format.md``.

    Raises only :class:`HandError` (never KeyError, TypeError, ...), whatever the input.
    Missing flags default to false, missing ``melds`` to none and ``flowers`` to 0; the
    tiles and both winds are required. Unknown fields are refused so that a misspelt flag
    is not silently ignored.
    """
    try:
        return _parse_hand(data)
    except HandError:
        raise
    except Exception as exc:  # a last guard: the contract is HandError only
        raise InputError(f"unreadable hand: {type(exc).__name__}: {exc}",
                         params={"reason": "unreadable"}) from None


def _parse_hand(data: Any) -> Hand:
    _check_fields(data)
    melds = _melds_of(data.get("melds"))
    concealed = _sorted_tiles(data["concealed"])
    win_tile = _win_tile_of(data["win_tile"])
    flags = _flags_of(data)
    seat = _wind_of(data["seat_wind"], "seat_wind")
    prevalent = _wind_of(data["prevalent_wind"], "prevalent_wind")
    flowers = _flowers_of(data.get("flowers", 0))
    # tuple.__new__ skips the Python-level NamedTuple constructor (the fields are complete)
    hand = _new_tuple(Hand, (melds, concealed, win_tile, *flags, seat, prevalent, flowers))
    validate_hand(hand)
    return hand


def _check_fields(data: Any) -> None:
    """A JSON object with no unknown field and every required one."""
    if not isinstance(data, dict):
        raise InputError(f"a hand must be a JSON object, got {_describe(data)}", "bad_type",
                         params={"reason": "not_object"})
    if not data.keys() <= _FIELD_SET:
        key = next(k for k in data if k not in _FIELD_SET)
        raise InputError(f"unknown field {key!r}; expected {', '.join(_FIELDS)}",
                         "unknown_field", params={"reason": "unknown_field", "field": str(key)})
    if not data.keys() >= _REQUIRED:
        for key in _REQUIRED_ORDER:
            if key not in data:
                raise InputError(f"missing field {key!r}", "missing_field",
                                 params={"reason": "missing_field", "field": key})


def _melds_of(raw_melds: Any) -> tuple:
    if raw_melds is None:
        return ()
    if not isinstance(raw_melds, list):
        raise InputError(f"melds must be a list, got {_describe(raw_melds)}", "bad_type",
                         params={"reason": "melds_not_list"})
    if len(raw_melds) > 4:
        raise TileCountError(f"a hand has at most 4 melds, got {len(raw_melds)}",
                             params={"reason": "too_many_melds", "count": len(raw_melds)})
    return tuple([_parse_meld(i, m) for i, m in enumerate(raw_melds)]) if raw_melds else ()


def _win_tile_of(win: Any) -> Tile:
    win_tile = _ONE_TILE.get(win) if type(win) is str else None
    if win_tile is not None:
        return win_tile
    try:
        return parse_tile(win)
    except TileError as exc:
        raise TileError(f"win_tile: {exc.message}",
                        params={"reason": "win_tile", "text": str(win)}) from None


def _flags_of(data: dict) -> tuple[bool, bool, bool, bool, bool]:
    get = data.get
    flags = (get("self_drawn", False), get("last_tile", False), get("last_wall_tile", False),
             get("kong_replacement", False), get("robbing_kong", False))
    if tuple(map(type, flags)) != _FIVE_BOOLS:  # one C-level check of the five flags
        for key, value in zip(_FLAGS, flags, strict=True):
            if value is not True and value is not False:
                raise InputError(f"{key} must be true or false, got {_describe(value)}",
                                 "bad_type", params={"reason": "flag_not_bool", "field": key})
    return flags


def _wind_of(value: Any, field: str) -> int:
    wind = _WIND_WORDS.get(value) if type(value) is str else None
    return wind if wind is not None else parse_wind(value, field)


def _flowers_of(flowers: Any) -> int:
    if flowers is None:
        return 0
    if type(flowers) is not int:
        raise InputError(f"flowers must be a whole number 0..8, got {_describe(flowers)}",
                         "bad_flowers", params={"reason": "bad_flowers"})
    return flowers


def _sorted_tiles(text: Any) -> tuple[Tile, ...]:
    """The tiles of a run, sorted."""
    return tuple(sorted(parse_tiles(text)))



def _five_in_sorted(concealed: tuple[Tile, ...], win: Tile) -> bool:
    """Whether the sorted concealed tiles and the winning tile hold five of a tile: four
    of the winning tile concealed, or five equal concealed tiles (four apart when sorted).
    Two C-level scans, cheaper than counting every tile in Python."""
    return concealed.count(win) >= 4 or any(map(eq, concealed, concealed[4:]))


def _counts(hand: Hand) -> list[int]:
    """Copies of each tile in the whole hand: melds (kongs as 4), concealed, winning tile."""
    counts = [0] * NUM_TILES
    for kind, t, _hidden in hand.melds:
        if kind == "chow":
            counts[t] += 1
            counts[t + 1] += 1
            counts[t + 2] += 1
        else:
            counts[t] += 4 if kind == "kong" else 3
    for t in hand.concealed:
        counts[t] += 1
    counts[hand.win_tile] += 1
    return counts


def validate_hand(hand: Hand) -> None:
    """Check counts and contradictions (hand-format.md); raise the first problem found."""
    (melds, concealed, win, self_drawn, _last, _wall, kong_replacement, robbing_kong,
     _seat, _prevalent, flowers) = hand
    if not 0 <= flowers <= 8:
        raise InputError(f"flowers must be 0..8 (there are 8 flower tiles), got {flowers}",
                         "bad_flowers", params={"reason": "bad_flowers"})
    n = len(concealed) + 1 + 3 * len(melds)
    if n != 14:
        raise TileCountError(
            f"wrong tile count: {len(concealed)} concealed + 1 winning tile + "
            f"{len(melds)} meld(s) x 3 = {n}, must be 14"
            + (" (too many tiles)" if n > 14 else " (too few tiles)"),
            params={"concealed": len(concealed), "melds": len(melds), "total": n})
    if melds or _five_in_sorted(concealed, win):
        counts = _counts(hand)
        if max(counts) > 4:
            t = max(range(NUM_TILES), key=counts.__getitem__)
            raise FiveCopiesError(f"{counts[t]} copies of {tile_label(t)}: there are only 4 "
                                  "of each tile", params={"count": counts[t], "tile": tile_code(t)})
    if kong_replacement:  # (the flags are checked in this order; most hands set none)
        if not any(m[0] == "kong" for m in melds):
            raise ContradictionError("kong_replacement is set but the hand has no kong",
                                     params={"reason": "replacement_without_kong"})
        if not self_drawn:
            raise ContradictionError("kong_replacement is set but self_drawn is not: the "
                                     "replacement tile of a kong is drawn from the wall",
                                     params={"reason": "replacement_not_self_drawn"})
    if robbing_kong and self_drawn:
        raise ContradictionError("robbing_kong and self_drawn are both set: a robbed tile is "
                                 "taken from another player, not drawn",
                                 params={"reason": "robbed_and_self_drawn"})
    if robbing_kong and _counts(hand)[win] > 1:
        raise ContradictionError(
            f"robbing_kong on {tile_label(win)} but the winner holds another copy of it; the "
            "other three are in the pung being promoted to a kong",
            params={"reason": "robbed_tile_held", "tile": tile_code(win)})
    if hand.last_tile and win in hand.concealed:
        raise ContradictionError(
            f"last_tile is set but the winner holds another {tile_label(win)} concealed, so the "
            "winning tile cannot be the last of its kind",
            params={"reason": "last_tile_held", "tile": tile_code(win)})
