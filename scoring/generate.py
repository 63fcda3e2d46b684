"""Random hands in the hand JSON of ``spec/hand-format.md``, deterministic from a seed.

Used by the differential tests (our engine against a reference calculator), the benchmark
(``python -m scoring bench``) and the demo data of the web app.

- :func:`generate_winning_hands` gives complete, legal winning hands of every shape (four sets
  and a pair with exposed chows/pungs/kongs and concealed kongs, Seven Pairs, Thirteen Orphans,
  Lesser/Greater Honors and Knitted Tiles, Knitted Straight with a set and a pair), biased so
  that every one of the 81 fans occurs in a corpus of ten thousand hands. They do not
  necessarily reach the 8-point minimum.
- :func:`generate_non_winning_hands` gives well-formed hands (right tile count, at most four
  copies of a tile, consistent flags) that are not a winning shape.
- :func:`generate_malformed_hands` gives hands that break one contradiction rule of
  ``hand-format.md`` each; the kind is in the extra key ``"_defect"``.
- :func:`generate_hand` gives one winning hand from a caller's ``random.Random``.

Tiles are handled as indices 0..33: Characters 0..8, Dots 9..17, Bamboo 18..26, winds 27..30
(E S W N), dragons 31..33 (White, Green, Red). Pure Python, no Django.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import NamedTuple

__all__ = [
    "SHAPES",
    "WINDS",
    "generate_hand",
    "generate_malformed_hands",
    "generate_non_winning_hands",
    "generate_winning_hands",
    "hand_tiles",
    "is_winning_shape",
    "parse_run",
    "tile_index",
    "tile_name",
]

WINDS = ("E", "S", "W", "N")
SUITS = "mpsz"

# --------------------------------------------------------------------------------------------
# Tiles


def tile_name(t: int) -> str:
    """``0`` -> ``"1m"``, ``27`` -> ``"1z"``."""
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def tile_index(name: str) -> int:
    """``"1m"`` -> ``0``; raises ``ValueError`` on anything else."""
    if len(name) != 2 or name[1] not in SUITS or not name[0].isdigit():
        raise ValueError(f"bad tile {name!r}")
    rank, suit = int(name[0]), SUITS.index(name[1])
    if rank < 1 or rank > (7 if suit == 3 else 9):
        raise ValueError(f"bad tile {name!r}")
    return suit * 9 + rank - 1


def _run(tiles: Iterable[int]) -> str:
    """Compact notation: digits first, then the suit letter, suits in the order m p s z."""
    parts = ["", "", "", ""]
    for t in sorted(tiles):
        parts[t // 9] += _DIGITS[t]
    return "".join(p + SUITS[i] for i, p in enumerate(parts) if p)


_DIGITS = [str(t % 9 + 1) for t in range(34)]


def parse_run(text: str) -> list[int]:
    """``"123m11z"`` -> tile indices; raises ``ValueError`` on bad notation."""
    out: list[int] = []
    digits: list[str] = []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        elif ch in SUITS:
            out.extend(tile_index(d + ch) for d in digits)
            digits = []
        else:
            raise ValueError(f"bad character {ch!r} in {text!r}")
    if digits:
        raise ValueError(f"digits without a suit in {text!r}")
    return out


def hand_tiles(hand: dict) -> list[int]:
    """All tiles of a hand (melds, concealed, winning tile), kongs with four tiles."""
    tiles = parse_run(hand["concealed"]) + [tile_index(hand["win_tile"])]
    for meld in hand["melds"]:
        tiles += parse_run(meld["tiles"])
    return tiles


ALL_TILES = range(34)
NUMBERED = range(27)
HONORS = range(27, 34)
WIND_TILES = range(27, 31)
DRAGON_TILES = range(31, 34)
TERMINALS = frozenset(t for t in NUMBERED if t % 9 in (0, 8))
TERM_HONORS = TERMINALS | frozenset(HONORS)
GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2 3 4 6 8 Bamboo, Green dragon
REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31})
SIMPLES = frozenset(t for t in NUMBERED if t % 9 not in (0, 8))
KNITTED_SEQS = [(0, 3, 6), (1, 4, 7), (2, 5, 8)]
THIRTEEN = sorted(TERM_HONORS)


def _rank(t: int) -> int:
    return t % 9 + 1


def _suit(t: int) -> int:
    return t // 9


def _ranks(ranks: Iterable[int]) -> frozenset[int]:
    return frozenset(s * 9 + r - 1 for s in range(3) for r in ranks)


def _knitted_tiles(perm: tuple[int, int, int]) -> list[int]:
    """The nine tiles of a knitted straight: suit ``perm[i]`` takes ranks 1-4-7/2-5-8/3-6-9."""
    return [perm[i] * 9 + r for i in range(3) for r in KNITTED_SEQS[i]]


# --------------------------------------------------------------------------------------------
# Sets: (kind, tile), kind in "chow" (tile = lowest), "pung", "kong"

Set = tuple[str, int]


def _set_tiles(s: Set) -> list[int]:
    kind, t = s
    if kind == "chow":
        return [t, t + 1, t + 2]
    return [t] * (4 if kind == "kong" else 3)


ALL_CHOWS = [s * 9 + r for s in range(3) for r in range(7)]


class _Pool:
    """Candidate sets and pairs allowed by a constraint (a tile pool and a per-set test)."""

    def __init__(self, tiles: Iterable[int], set_ok: Callable[[list[int]], bool] | None = None):
        allowed = frozenset(tiles)
        ok = set_ok or (lambda ts: True)
        self.chows = [
            t for t in ALL_CHOWS if {t, t + 1, t + 2} <= allowed and ok([t, t + 1, t + 2])
        ]
        self.pungs = [t for t in sorted(allowed) if ok([t, t, t])]
        self.pairs = [t for t in sorted(allowed) if ok([t, t])]


_has5 = lambda ts: any(t < 27 and t % 9 == 4 for t in ts)  # noqa: E731
_outside = lambda ts: any(t in TERM_HONORS for t in ts)  # noqa: E731

POOLS: dict[str, _Pool] = {
    "any": _Pool(ALL_TILES),
    "numbered": _Pool(NUMBERED),
    "honors": _Pool(HONORS),
    "terminals": _Pool(TERMINALS),
    "term_honors": _Pool(TERM_HONORS),
    "green": _Pool(GREEN),
    "reversible": _Pool(REVERSIBLE),
    "simples": _Pool(SIMPLES),
    "upper": _Pool(_ranks((7, 8, 9))),
    "middle": _Pool(_ranks((4, 5, 6))),
    "lower": _Pool(_ranks((1, 2, 3))),
    "upper4": _Pool(_ranks((6, 7, 8, 9))),
    "lower4": _Pool(_ranks((1, 2, 3, 4))),
    "even": _Pool(_ranks((2, 4, 6, 8))),
    "fives": _Pool(NUMBERED, _has5),
    "outside": _Pool(ALL_TILES, _outside),
    "outside_numbered": _Pool(NUMBERED, _outside),
}
for _s in range(3):
    POOLS[f"flush{_s}"] = _Pool(range(_s * 9, _s * 9 + 9))
    POOLS[f"half{_s}"] = _Pool(list(range(_s * 9, _s * 9 + 9)) + list(HONORS))
    POOLS[f"void{_s}"] = _Pool(t for t in ALL_TILES if _suit(t) != _s)


class _Retry(Exception):
    """This attempt hit a tile-count limit; draw again."""


class _Builder:
    """Collects sets and a pair for a four-sets-and-a-pair hand, enforcing <= 4 copies."""

    def __init__(self) -> None:
        self.sets: list[Set] = []
        self.pair: int | None = None
        self.counts = [0] * 34

    def _take(self, tiles: list[int]) -> None:
        counts = self.counts
        bad = False
        for t in tiles:
            counts[t] += 1
            if counts[t] > 4:
                bad = True
        if bad:
            raise _Retry

    def add(self, kind: str, t: int) -> None:
        if kind == "chow" and (t >= 27 or t % 9 > 6):
            raise _Retry
        self._take(_set_tiles((kind, t)))
        self.sets.append((kind, t))

    def add_pair(self, t: int) -> None:
        self._take([t, t])
        self.pair = t

    def fill(
        self,
        rng: random.Random,
        pool: _Pool,
        chow_w: float = 1.0,
        pung_w: float = 1.0,
        kong_w: float = 0.06,
    ) -> None:
        """Complete to four sets and a pair from ``pool``."""
        for _ in range(60):
            if len(self.sets) >= 4:
                break
            r = rng.random() * (chow_w + pung_w + kong_w)
            if r < chow_w and pool.chows:
                kind, t = "chow", rng.choice(pool.chows)
            elif pool.pungs:
                kind = "pung" if r < chow_w + pung_w else "kong"
                t = rng.choice(pool.pungs)
            else:
                continue
            c = self.counts
            if kind == "chow":
                fits = c[t] < 4 and c[t + 1] < 4 and c[t + 2] < 4
            else:
                fits = c[t] + (4 if kind == "kong" else 3) <= 4
            if fits:
                self.add(kind, t)
        if len(self.sets) < 4:
            raise _Retry
        if self.pair is None:
            choices = [t for t in pool.pairs if self.counts[t] <= 2]
            if not choices:
                raise _Retry
            self.add_pair(rng.choice(choices))


# --------------------------------------------------------------------------------------------
# Templates for four sets and a pair. Each adds some sets to the builder and returns the pool
# (and kind weights) to complete the hand with.


def _rs(rng: random.Random) -> int:
    return rng.randrange(3)


def _any_suit_pool(rng: random.Random) -> _Pool:
    r = rng.random()
    if r < 0.25:
        return POOLS[f"flush{_rs(rng)}"]
    if r < 0.45:
        return POOLS[f"half{_rs(rng)}"]
    if r < 0.55:
        return POOLS[f"void{_rs(rng)}"]
    return POOLS["any"]


def _t_random(rng, b):
    weights = rng.choice([(1, 1, 0.05), (3, 1, 0.03), (1, 0, 0), (0, 1, 0.1), (1, 2, 0.1)])
    pool = _any_suit_pool(rng) if rng.random() < 0.5 else POOLS["any"]
    return pool, weights


def _t_pool(rng, b):
    name = rng.choice(
        [
            "numbered",
            "honors",
            "terminals",
            "term_honors",
            "green",
            "reversible",
            "simples",
            "upper",
            "middle",
            "lower",
            "upper4",
            "lower4",
            "even",
            "fives",
            "outside",
            "outside_numbered",
            f"flush{_rs(rng)}",
            f"half{_rs(rng)}",
        ]
    )
    if name in ("even", "terminals", "honors", "term_honors") or rng.random() < 0.25:
        weights = (0, 1, 0.12)
    else:
        weights = rng.choice([(1, 1, 0.05), (3, 1, 0.03), (1, 0, 0)])
    return POOLS[name], weights


def _honor_pungs(rng, b, tiles, counts):
    """Pungs (now and then kongs) of some of `tiles`; one short of all of them may add a pair."""
    tiles = list(tiles)
    rng.shuffle(tiles)
    n = rng.choice(counts)
    for t in tiles[:n]:
        b.add("kong" if rng.random() < 0.1 else "pung", t)
    if n == len(tiles) - 1 and rng.random() < 0.5:
        b.add_pair(tiles[n])
    return _any_suit_pool(rng), (1, 1, 0.05)


def _t_winds(rng, b):
    return _honor_pungs(rng, b, WIND_TILES, [2, 3, 3, 4])


def _t_dragons(rng, b):
    return _honor_pungs(rng, b, DRAGON_TILES, [1, 2, 2, 3])


def _t_kongs(rng, b):
    n = rng.choice([2, 2, 3, 4])
    pool = _any_suit_pool(rng)
    for t in rng.sample(pool.pungs, n):
        b.add("kong", t)
    return pool, (1, 1, 0)


def _t_chow_pattern(rng, b):
    """Chow patterns: triple/quadruple chows, shifted chows, straights, terminal chows."""
    s = _rs(rng)
    pat = rng.randrange(12)
    if pat == 11:  # pure shifted chows with a flush
        _chows_pure_shifted_by_one(rng, b, s)
        return POOLS[f"flush{s}"], (2, 1, 0.05)
    _CHOW_PATTERNS[pat](rng, b, s)
    return (POOLS[f"flush{s}"] if rng.random() < 0.3 else _any_suit_pool(rng)), (2, 1, 0.05)


def _chows_quadruple(rng, b, s):
    t = s * 9 + rng.randrange(7)
    for _ in range(4):
        b.add("chow", t)


def _chows_pure_triple(rng, b, s):
    t = s * 9 + rng.randrange(7)
    for _ in range(3):
        b.add("chow", t)


def _chows_pure_shifted(rng, b, s):  # 3 or 4, step 1 or 2
    step, n = rng.choice([1, 2]), rng.choice([3, 3, 4])
    start = rng.randrange(7 - step * (n - 1))
    for i in range(n):
        b.add("chow", s * 9 + start + step * i)


def _chows_pure_straight(rng, b, s):
    for r in (0, 3, 6):
        b.add("chow", s * 9 + r)


def _chows_mixed_straight(rng, b, s):
    suits = rng.sample(range(3), 3)
    for i, r in enumerate((0, 3, 6)):
        b.add("chow", suits[i] * 9 + r)


def _chows_mixed_triple(rng, b, s):
    r = rng.randrange(7)
    for su in range(3):
        b.add("chow", su * 9 + r)


def _chows_mixed_shifted(rng, b, s):
    suits = rng.sample(range(3), 3)
    start = rng.randrange(5)
    for i in range(3):
        b.add("chow", suits[i] * 9 + start + i)


def _chows_pure_terminal(rng, b, s):
    for r in (0, 0, 6, 6):
        b.add("chow", s * 9 + r)
    b.add_pair(s * 9 + 4)


def _chows_three_suited_terminal(rng, b, s):
    a, c, d = rng.sample(range(3), 3)
    for su in (a, c):
        b.add("chow", su * 9)
        b.add("chow", su * 9 + 6)
    b.add_pair(d * 9 + 4)


def _chows_two_pairs(rng, b, s):  # two chow pairs / short straight / terminal chows
    for _ in range(2):
        su = s if rng.random() < 0.6 else _rs(rng)
        r = rng.randrange(7)
        b.add("chow", su * 9 + r)
        b.add("chow", su * 9 + rng.choice([r, min(r + 3, 6), 6 - r if r in (0, 6) else r]))


def _chows_pure_shifted_by_one(rng, b, s):
    start = rng.randrange(5)
    for i in range(3):
        b.add("chow", s * 9 + start + i)


_CHOW_PATTERNS = (
    _chows_quadruple, _chows_pure_triple, _chows_pure_shifted, _chows_pure_shifted,
    _chows_pure_straight, _chows_mixed_straight, _chows_mixed_triple, _chows_mixed_shifted,
    _chows_pure_terminal, _chows_three_suited_terminal, _chows_two_pairs,
)


def _t_pung_pattern(rng, b):
    """Pung patterns: shifted pungs, triple/double pungs, all even, all pungs."""
    s = _rs(rng)
    pat = rng.randrange(6)
    k = lambda: "kong" if rng.random() < 0.12 else "pung"  # noqa: E731
    if pat == 0:  # four pure shifted pungs
        start = rng.randrange(6)
        for i in range(4):
            b.add(k(), s * 9 + start + i)
    elif pat == 1:  # pure shifted pungs
        start = rng.randrange(7)
        for i in range(3):
            b.add(k(), s * 9 + start + i)
    elif pat == 2:  # mixed shifted pungs
        suits = rng.sample(range(3), 3)
        start = rng.randrange(7)
        for i in range(3):
            b.add(k(), suits[i] * 9 + start + i)
    elif pat == 3:  # triple pung
        r = rng.randrange(9)
        for su in range(3):
            b.add(k(), su * 9 + r)
    elif pat == 4:  # double pung
        r = rng.randrange(9)
        for su in rng.sample(range(3), 2):
            b.add(k(), su * 9 + r)
    else:  # all terminals with a double/triple pung
        r = rng.choice([0, 8])
        for su in rng.sample(range(3), rng.choice([2, 3])):
            b.add(k(), su * 9 + r)
        return POOLS["terminals"], (0, 1, 0.1)
    return (_any_suit_pool(rng) if rng.random() < 0.6 else POOLS["any"]), (1, 2, 0.08)


def _t_many_pungs(rng, b):
    """Many pungs, often in one suit: four/three concealed pungs, all pungs and the like."""
    s = _rs(rng)
    return POOLS[f"flush{s}"] if rng.random() < 0.5 else POOLS["any"], (0.3, 1, 0.05)


def _t_plain(rng, b):
    """Few fans: chows of unrelated ranks in the three suits, a pung of simples and an honor
    pair; with exposed sets and a discard these are often Chicken Hands."""
    suits = rng.sample(range(3), 3)
    starts = rng.sample(range(7), 3)
    for su, r in zip(suits, starts, strict=True):
        b.add("chow", su * 9 + r)
    b.add("pung", rng.choice(suits) * 9 + rng.randrange(1, 8))
    b.add_pair(rng.randrange(27, 34))
    return POOLS["any"], (1, 1, 0)


_TEMPLATES = [
    (_t_random, 30),
    (_t_pool, 22),
    (_t_winds, 5),
    (_t_dragons, 6),
    (_t_kongs, 5),
    (_t_chow_pattern, 20),
    (_t_pung_pattern, 10),
    (_t_many_pungs, 3),
    (_t_plain, 4),
]
_TEMPLATE_FUNCS = [t for t, _ in _TEMPLATES]
_TEMPLATE_CUM = list(itertools.accumulate(w for _, w in _TEMPLATES))


# --------------------------------------------------------------------------------------------
# Hands

SHAPES = (
    "regular",
    "seven_pairs",
    "thirteen_orphans",
    "honors_knitted",
    "knitted_straight",
    "nine_gates",
)


def _finish(
    rng: random.Random,
    melds: list[dict],
    standing14: list[int],
    win_choices: list[int],
    *,
    seat_wind: str | None,
    prevalent_wind: str | None,
    self_drawn: bool | None,
) -> dict:
    """Pick the winning tile among ``win_choices`` (indices into ``standing14``) and the flags."""
    win_pos = rng.choice(win_choices)
    win = standing14[win_pos]
    concealed = standing14[:win_pos] + standing14[win_pos + 1 :]
    has_kong = any(m["type"] == "kong" for m in melds)
    name = tile_name(win)
    # melds are single-suit runs such as "123m": count the winning tile's digit
    copies = standing14.count(win) + sum(
        m["tiles"].count(name[0]) for m in melds if m["tiles"][-1] == name[1]
    )

    if self_drawn is None:
        self_drawn = rng.random() < 0.4
    kong_replacement = bool(self_drawn and has_kong and rng.random() < 0.35)
    robbing_kong = bool(not self_drawn and copies == 1 and rng.random() < 0.15)
    last_tile = bool(win not in concealed and rng.random() < 0.2)
    last_wall_tile = bool(not kong_replacement and not robbing_kong and rng.random() < 0.08)
    r = rng.random()
    flowers = 0 if r < 0.45 else rng.randint(1, 3) if r < 0.9 else rng.randint(4, 8)
    return {
        "melds": melds,
        "concealed": _run(concealed),
        "win_tile": tile_name(win),
        "self_drawn": self_drawn,
        "last_tile": last_tile,
        "last_wall_tile": last_wall_tile,
        "kong_replacement": kong_replacement,
        "robbing_kong": robbing_kong,
        "seat_wind": seat_wind or rng.choice(WINDS),
        "prevalent_wind": prevalent_wind or rng.choice(WINDS),
        "flowers": flowers,
    }


def _meld(kind: str, t: int, concealed: bool = False) -> dict:
    return {"type": kind, "tiles": _run(_set_tiles((kind, t))), "concealed": concealed}


def _regular(rng: random.Random, **kw) -> dict:
    while True:
        b = _Builder()
        template = rng.choices(_TEMPLATE_FUNCS, cum_weights=_TEMPLATE_CUM)[0]
        try:
            pool, weights = template(rng, b)
            b.fill(rng, pool, *weights)
        except _Retry:
            continue
        break
    style = rng.random()
    p_exposed = 0.0 if style < 0.4 else 1.0 if style < 0.5 else rng.random()
    p_concealed_kong = rng.choice([0.0, 0.5, 1.0])
    melds: list[dict] = []
    standing: list[int] = [b.pair, b.pair]
    for kind, t in b.sets:
        if kind == "kong":
            melds.append(_meld(kind, t, rng.random() < p_concealed_kong))
        elif rng.random() < p_exposed:
            melds.append(_meld(kind, t))
        else:
            standing += _set_tiles((kind, t))
    rng.shuffle(melds)
    return _finish(rng, melds, standing, list(range(len(standing))), **kw)


def _seven_pairs(rng: random.Random, **kw) -> dict:
    r = rng.random()
    if r < 0.15:  # seven shifted pairs
        start = rng.randrange(3) * 9 + rng.randrange(3)
        pairs = list(range(start, start + 7))
    else:
        pool = rng.choice(
            [
                "any",
                "any",
                "honors",
                "term_honors",
                "green",
                "reversible",
                "simples",
                "upper",
                "middle",
                "lower",
                "upper4",
                "lower4",
                "even",
                "terminals",
                f"flush{_rs(rng)}",
                f"half{_rs(rng)}",
                f"void{_rs(rng)}",
            ]
        )
        tiles = POOLS[pool].pairs
        while True:
            pairs = [rng.choice(tiles) for _ in range(7)]
            if max(Counter(pairs).values()) <= 2:
                break
    standing = sorted(t for p in pairs for t in (p, p))
    return _finish(rng, [], standing, list(range(14)), **kw)


def _thirteen_orphans(rng: random.Random, **kw) -> dict:
    standing = THIRTEEN + [rng.choice(THIRTEEN)]
    return _finish(rng, [], standing, list(range(14)), **kw)


def _honors_knitted(rng: random.Random, **kw) -> dict:
    perm = tuple(rng.sample(range(3), 3))
    tiles = _knitted_tiles(perm) + list(HONORS)  # 16 distinct tiles, keep 14
    r = rng.random()
    if r < 0.3:  # greater: all seven honors
        drop = rng.sample(range(9), 2)
    elif r < 0.55:  # with a complete knitted straight
        drop = rng.sample(range(9, 16), 2)
    else:
        drop = [rng.randrange(9), rng.randrange(9, 16)]
    standing = sorted(t for i, t in enumerate(tiles) if i not in drop)
    return _finish(rng, [], standing, list(range(14)), **kw)


def _knitted_straight(rng: random.Random, **kw) -> dict:
    perm = tuple(rng.sample(range(3), 3))
    while True:
        b = _Builder()
        try:
            b._take(_knitted_tiles(perm))
            b.sets = [("chow", -1)] * 3  # placeholders for the knitted straight
            b.fill(rng, _any_suit_pool(rng), 1, 1, 0.1)
        except _Retry:
            continue
        break
    kind, t = b.sets[3]
    standing = _knitted_tiles(perm) + [b.pair, b.pair]
    melds = []
    if kind == "kong" or rng.random() < 0.3:
        melds.append(_meld(kind, t, kind == "kong" and rng.random() < 0.5))
    else:
        standing += _set_tiles((kind, t))
    return _finish(rng, melds, standing, list(range(len(standing))), **kw)


def _nine_gates(rng: random.Random, **kw) -> dict:
    s = _rs(rng)
    base = [s * 9 + r - 1 for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
    extra = s * 9 + rng.randrange(9)
    return _finish(rng, [], base + [extra], [13], **kw)


_SHAPE_FUNCS = {
    "regular": (_regular, 80),
    "seven_pairs": (_seven_pairs, 7),
    "thirteen_orphans": (_thirteen_orphans, 2),
    "honors_knitted": (_honors_knitted, 4),
    "knitted_straight": (_knitted_straight, 5),
    "nine_gates": (_nine_gates, 2),
}
_SHAPE_LIST = [f for f, _ in _SHAPE_FUNCS.values()]
_SHAPE_CUM = list(itertools.accumulate(w for _, w in _SHAPE_FUNCS.values()))


def generate_hand(
    rng: random.Random,
    *,
    seat_wind: str | None = None,
    prevalent_wind: str | None = None,
    self_drawn: bool | None = None,
    shape: str | None = None,
    min_points_filter: Callable[[dict], bool] | None = None,
) -> dict:
    """One random winning hand (any shape unless ``shape`` names one of :data:`SHAPES`).

    ``seat_wind``/``prevalent_wind`` (``"E"``..``"N"``) and ``self_drawn`` fix those fields.
    ``min_points_filter``, if given, is called on each candidate and the first hand it accepts
    is returned (e.g. ``lambda h: score_hand(h).points >= 8``); give one that accepts often.
    """
    while True:
        if shape is None:
            func = rng.choices(_SHAPE_LIST, cum_weights=_SHAPE_CUM)[0]
        else:
            func = _SHAPE_FUNCS[shape][0]
        hand = func(rng, seat_wind=seat_wind, prevalent_wind=prevalent_wind, self_drawn=self_drawn)
        if min_points_filter is None or min_points_filter(hand):
            return hand


def generate_winning_hands(n: int, seed: int) -> list[dict]:
    """``n`` winning hands, the same list for the same ``seed``."""
    rng = random.Random(seed)
    return [generate_hand(rng) for _ in range(n)]


# --------------------------------------------------------------------------------------------
# Winning-shape test (used to make sure non-winning hands really are not winning)


def _regular_ok(counts: list[int], sets_needed: int) -> bool:
    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            ok = _sets_ok(counts, sets_needed)
            counts[p] += 2
            if ok:
                return True
    return False


def _sets_ok(counts: list[int], n: int) -> bool:
    i = next((i for i in range(34) if counts[i]), -1)
    if i < 0:
        return n == 0
    if n == 0:
        return False
    if counts[i] >= 3:
        counts[i] -= 3
        ok = _sets_ok(counts, n - 1)
        counts[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for j in (i, i + 1, i + 2):
            counts[j] -= 1
        ok = _sets_ok(counts, n - 1)
        for j in (i, i + 1, i + 2):
            counts[j] += 1
        if ok:
            return True
    return False


def is_winning_shape(hand: dict) -> bool:
    """Whether the standing tiles plus the winning tile complete the declared melds."""
    standing = parse_run(hand["concealed"]) + [tile_index(hand["win_tile"])]
    n_melds = len(hand["melds"])
    counts = [0] * 34
    for t in standing:
        counts[t] += 1
    if _regular_ok(counts, 4 - n_melds):
        return True
    if n_melds <= 1 and _knitted_straight_ok(counts, n_melds):
        return True
    return n_melds == 0 and _special_shape_ok(counts, standing)


def _knitted_straight_ok(counts: list[int], n_melds: int) -> bool:
    """A knitted straight with a set and a pair (the set may be the one meld)."""
    for perm in _PERMS:
        kt = _knitted_tiles(perm)
        if all(counts[t] for t in kt):
            for t in kt:
                counts[t] -= 1
            ok = _regular_ok(counts, 1 - n_melds)
            for t in kt:
                counts[t] += 1
            if ok:
                return True
    return False


def _special_shape_ok(counts: list[int], standing: list[int]) -> bool:
    """Seven pairs, thirteen orphans, or honors and knitted tiles."""
    if all(c in (0, 2, 4) for c in counts):
        return True
    if all(counts[t] for t in THIRTEEN) and sum(counts[t] for t in THIRTEEN) == 14:
        return True
    if max(counts) == 1:
        for perm in _PERMS:
            allowed = set(_knitted_tiles(perm)) | set(HONORS)
            if all(t in allowed for t in standing):
                return True
    return False


_PERMS = [(a, b, c) for a in range(3) for b in range(3) for c in range(3) if len({a, b, c}) == 3]


# --------------------------------------------------------------------------------------------
# Non-winning and malformed hands


def generate_non_winning_hands(n: int, seed: int) -> list[dict]:
    """``n`` well-formed hands (14 tiles, <= 4 copies, consistent flags) that are not a win.

    Made by changing one or two standing tiles (or the winning tile) of a winning hand.
    """
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < n:
        hand = generate_hand(rng)
        standing = parse_run(hand["concealed"]) + [tile_index(hand["win_tile"])]
        melded = [t for m in hand["melds"] for t in parse_run(m["tiles"])]
        for _ in range(rng.choice([1, 1, 2])):
            i = rng.randrange(len(standing))
            standing[i] = rng.randrange(34)
        if max(Counter(standing + melded).values()) > 4:
            continue
        win_pos = rng.randrange(len(standing))
        win = standing.pop(win_pos)
        hand["concealed"] = _run(standing)
        hand["win_tile"] = tile_name(win)
        if is_winning_shape(hand):
            continue
        copies = (standing + melded).count(win)
        if hand["robbing_kong"] and copies:
            hand["robbing_kong"] = False
        if hand["last_tile"] and win in standing:
            hand["last_tile"] = False
        out.append(hand)
    return out


_DEFECTS = (
    "five_copies",
    "replacement_without_kong",
    "replacement_not_self_drawn",
    "robbing_self_drawn",
    "robbing_held_copy",
    "last_tile_held_copy",
    "too_few_tiles",
    "too_many_tiles",
    "honor_chow",
    "meld_not_a_set",
    "too_many_flowers",
    "negative_flowers",
    "bad_tile",
    "bad_wind",
    "bad_meld_type",
)


def generate_malformed_hands(n: int, seed: int) -> list[dict]:
    """``n`` hands that each break one rule of ``hand-format.md`` (named in ``"_defect"``)."""
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < n:
        defect = rng.choice(_DEFECTS)
        hand = _make_defect(rng, defect)
        if hand is not None:
            hand["_defect"] = defect
            out.append(hand)
    return out


class _Case(NamedTuple):
    """A generated winning hand to spoil, with its standing tiles, winning tile and tiles."""

    rng: random.Random
    hand: dict
    standing: list[int]
    win: int
    all_tiles: list[int]


def _make_defect(rng: random.Random, defect: str) -> dict | None:
    hand = generate_hand(rng)
    case = _Case(rng, hand, parse_run(hand["concealed"]), tile_index(hand["win_tile"]),
                 hand_tiles(hand))
    make = _DEFECT_MAKERS.get(defect)
    return make(case) if make is not None else hand


def _five_copies(case: _Case) -> dict | None:
    hand = generate_hand(case.rng, shape="regular")
    pungs = [m for m in hand["melds"] if m["type"] in ("pung", "kong")]
    if not pungs:
        return None
    t = parse_run(pungs[0]["tiles"])[0]
    need = 5 - hand_tiles(hand).count(t)
    standing = parse_run(hand["concealed"])
    others = [i for i, x in enumerate(standing) if x != t]
    if len(others) < need:
        return None
    for i in others[:need]:
        standing[i] = t
    hand["concealed"] = _run(standing)
    return hand


def _flags(**flags):
    def make(case: _Case) -> dict:
        case.hand.update(flags)
        return case.hand

    return make


def _replacement_without_kong(case: _Case) -> dict | None:
    if any(m["type"] == "kong" for m in case.hand["melds"]):
        return None
    case.hand.update(self_drawn=True, kong_replacement=True, robbing_kong=False)
    return case.hand


def _robbing_held_copy(case: _Case) -> dict | None:
    if case.all_tiles.count(case.win) < 2:
        return None
    case.hand.update(self_drawn=False, robbing_kong=True, kong_replacement=False)
    return case.hand


def _last_tile_held_copy(case: _Case) -> dict | None:
    if case.win not in case.standing:
        return None
    case.hand["last_tile"] = True
    return case.hand


def _too_few_tiles(case: _Case) -> dict:
    case.standing.pop(case.rng.randrange(len(case.standing)))
    case.hand["concealed"] = _run(case.standing)
    return case.hand


def _too_many_tiles(case: _Case) -> dict:
    for _ in range(50):
        t = case.rng.randrange(34)
        if case.all_tiles.count(t) < 4:
            case.standing.append(t)
            break
    case.hand["concealed"] = _run(case.standing)
    return case.hand


def _honor_chow(case: _Case) -> dict:
    hand = case.hand
    hand["melds"] = hand["melds"] + [{"type": "chow", "tiles": "123z", "concealed": False}]
    hand["concealed"] = _run(case.standing[3:])
    return hand


def _meld_not_a_set(case: _Case) -> dict | None:
    hand, rng = case.hand, case.rng
    if not hand["melds"]:
        return None
    bad = rng.choice(["135m", "1234m", "12m", "112p", "1m1p1s", "5556s"])
    kind = rng.choice(["chow", "pung", "kong"])
    hand["melds"] = [dict(hand["melds"][0], tiles=bad, type=kind)] + hand["melds"][1:]
    return hand


def _random_value(field: str, draw: Callable[[random.Random], object]):
    def make(case: _Case) -> dict:
        case.hand[field] = draw(case.rng)
        return case.hand

    return make


def _bad_meld_type(case: _Case) -> dict | None:
    hand = case.hand
    if not hand["melds"]:
        return None
    hand["melds"] = [dict(hand["melds"][0], type="pair")] + hand["melds"][1:]
    return hand


_DEFECT_MAKERS: dict[str, Callable[[_Case], dict | None]] = {
    "five_copies": _five_copies,
    "replacement_without_kong": _replacement_without_kong,
    "replacement_not_self_drawn": _flags(self_drawn=False, kong_replacement=True,
                                         robbing_kong=False),
    "robbing_self_drawn": _flags(self_drawn=True, robbing_kong=True, kong_replacement=False),
    "robbing_held_copy": _robbing_held_copy,
    "last_tile_held_copy": _last_tile_held_copy,
    "too_few_tiles": _too_few_tiles,
    "too_many_tiles": _too_many_tiles,
    "honor_chow": _honor_chow,
    "meld_not_a_set": _meld_not_a_set,
    "too_many_flowers": _random_value("flowers", lambda rng: rng.randint(9, 20)),
    "negative_flowers": _random_value("flowers", lambda rng: -rng.randint(1, 3)),
    "bad_tile": _random_value("win_tile", lambda rng: rng.choice(["8z", "0m", "10p", "x", "",
                                                                   "1q"])),
    "bad_wind": _random_value("seat_wind", lambda rng: rng.choice(["X", "", "east?", "5"])),
    "bad_meld_type": _bad_meld_type,
}
