"""The fast paths added for speed agree with straightforward answers written here.

No timings here (performance is checked by ``python -m scoring bench``). Each test calls the
engine's public functions, whose tables and shortcuts are inside, and compares them with a
brute-force answer of the test's own (never with the engine's private slow paths).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from scoring import HandError, parse_hand, parse_tiles, score_hand
from scoring.errors import TileError
from scoring.fans import FLOWER_TILES  # noqa: E402
from scoring.shapes import (
    CHOW,
    PUNG,
    counts_of,
    decompose,
    is_complete,
    is_regular,
    waiting_tiles,
    waits_on_one_tile,
)

WINDS = {"seat_wind": "E", "prevalent_wind": "E"}


def _vectors(n: int, max_tiles: int):
    for vec in itertools.product(range(5), repeat=n):
        if sum(vec) <= max_tiles:
            yield vec


def _readings(vec: list[int], honors: bool, pair_needed: bool) -> set:
    """Every reading of one suit's counts into sets (and one pair when needed), by brute
    force: (sorted sets, pair rank or -1), ranks 0-based."""
    first = next((r for r, c in enumerate(vec) if c), None)
    if first is None:
        return set() if pair_needed else {((), -1)}
    found = set()
    if vec[first] >= 3:
        vec[first] -= 3
        found |= {
            (tuple(sorted(((PUNG, first),) + sets)), pair)
            for sets, pair in _readings(vec, honors, pair_needed)
        }
        vec[first] += 3
    if not honors and first + 2 < len(vec) and vec[first + 1] and vec[first + 2]:
        for r in (first, first + 1, first + 2):
            vec[r] -= 1
        found |= {
            (tuple(sorted(((CHOW, first),) + sets)), pair)
            for sets, pair in _readings(vec, honors, pair_needed)
        }
        for r in (first, first + 1, first + 2):
            vec[r] += 1
    if pair_needed and vec[first] >= 2:
        vec[first] -= 2
        found |= {(sets, first) for sets, pair in _readings(vec, honors, False)}
        vec[first] += 2
    return found


def _suit_tiles(vec, honors: bool) -> tuple[int, ...]:
    base = 27 if honors else 0
    return tuple(base + r for r, c in enumerate(vec) for _ in range(c))


@pytest.mark.slow  # brute-force searches over generated hands
@pytest.mark.parametrize("honors", [False, True])
def test_the_shape_tables_agree_with_a_brute_force_search(honors):
    """Suits of 2 to 14 tiles: whether they read as sets and a pair, and how, as the
    engine's tables say (is_regular, decompose) and by brute force."""
    n = 7 if honors else 9
    rng = random.Random(3)
    vectors = [v for v in _vectors(n, 14) if sum(v) % 3 == 2]
    for vec in rng.sample(vectors, 20_000) if len(vectors) > 20_000 else vectors:
        tiles = _suit_tiles(vec, honors)
        expected = _readings(list(vec), honors, pair_needed=True)
        assert is_regular(counts_of(tiles)) == bool(expected), vec
        base = 27 if honors else 0
        got = {
            (tuple(sorted((kind, t - base) for kind, t in sets)), pair - base)
            for sets, pair in decompose(tiles)
        }
        assert got == expected, vec


def _parse_by_hand(text: str) -> tuple[int, ...] | None:
    """Tiles written as digits then a suit letter, spaces allowed; None when unreadable."""
    tiles, pending = [], []
    for ch in text:
        if ch.isspace():
            continue
        if ch in "123456789":
            pending.append(int(ch))
        elif ch.lower() in "mpsz" and pending:
            suit = "mpsz".index(ch.lower())
            if suit == 3 and max(pending) > 7:
                return None
            tiles += [9 * suit + d - 1 for d in pending]
            pending = []
        else:
            return None
    return None if pending else tuple(tiles)


@pytest.mark.slow  # generated hands checked against a slow reference
def test_the_tile_parser_agrees_with_reading_by_hand():
    rng = random.Random(1)
    alphabet = "123456789mpszMPSZ 8x\u00b2\u0661"
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 14)))
        expected = _parse_by_hand(text)
        if expected is None:
            with pytest.raises(TileError):
                parse_tiles(text)
        else:
            assert parse_tiles(text) == expected, text


def _brute_waits(tiles: tuple[int, ...], melds: int) -> frozenset[int]:
    counts = counts_of(tiles)
    return frozenset(
        t for t in range(34) if counts[t] < 4 and is_complete(tuple(sorted(tiles + (t,))), melds)
    )


@pytest.mark.slow  # generated hands checked against a slow reference
def test_waiting_tiles_agree_with_trying_every_tile():
    rng = random.Random(7)
    checked = 0
    for _ in range(3_000):
        melds = rng.choice((0, 0, 1, 2, 3))
        n = 13 - 3 * melds
        suits = rng.sample(range(4), rng.choice((1, 2, 3, 4)))
        pool = [s * 9 + r for s in suits for r in range(7 if s == 3 else 9)] * 4
        tiles = tuple(sorted(rng.sample(pool, n)))
        assert waiting_tiles(tiles, melds) == _brute_waits(tiles, melds), (tiles, melds)
        checked += 1
    assert checked == 3_000


@pytest.mark.slow  # generated hands checked against a slow reference
def test_the_one_tile_wait_shortcut_agrees_with_trying_every_tile():
    from scoring.generate import generate_winning_hands

    single = 0
    for raw in generate_winning_hands(3_000, 11):
        hand = parse_hand(raw)
        tiles, melds = hand.concealed, len(hand.melds)
        expected = len(_brute_waits(tiles, melds)) == 1
        assert waits_on_one_tile(tiles, melds) == expected, (tiles, melds)
        single += expected
    assert 100 < single < 2_900  # both answers occur


@pytest.mark.slow  # generated hands checked against a slow reference
def test_the_one_tile_wait_of_a_regular_hand_agrees_with_trying_every_tile():
    from scoring.generate import generate_winning_hands
    from scoring.shapes import suit_keys, waits_on_one_tile_of_regular

    regular = single = 0
    for raw in generate_winning_hands(4_000, 13):
        hand = parse_hand(raw)
        standing = tuple(sorted(hand.concealed + (hand.win_tile,)))
        if not decompose(standing):
            continue  # only for hands that split into sets and a pair
        tiles, melds = hand.concealed, len(hand.melds)
        expected = len(_brute_waits(tiles, melds)) == 1
        got = waits_on_one_tile_of_regular(suit_keys(standing), hand.win_tile, melds, tiles)
        assert got == expected, (tiles, hand.win_tile, melds)
        regular += 1
        single += expected
    assert regular > 2_000 and 100 < single < regular  # both answers occur


@pytest.mark.slow  # generated hands checked against a slow reference
def test_decompose_finds_no_reading_exactly_when_the_hand_is_not_regular():
    rng = random.Random(9)
    for _ in range(5_000):
        n = rng.choice((2, 5, 8, 11, 14))
        suits = rng.sample(range(4), rng.choice((1, 2)))
        pool = [s * 9 + r for s in suits for r in range(7 if s == 3 else 9)] * 4
        tiles = tuple(sorted(rng.sample(pool, n)))
        readings = decompose(tiles)
        assert bool(readings) == is_complete(tiles, 4), tiles
        for sets, pair in readings:
            rebuilt = [pair, pair]
            for kind, t in sets:
                rebuilt += [t, t + 1, t + 2] if kind == 0 else [t] * 3
            assert sorted(rebuilt) == list(tiles)


@pytest.mark.slow  # generated hands checked against a slow reference
def test_scoring_twice_gives_the_same_result():
    """The engine keeps nothing between hands: a second scoring recomputes and agrees."""
    hand = {
        "concealed": "123m456p789s1122z",
        "win_tile": "2z",
        "seat_wind": "E",
        "prevalent_wind": "E",
        "melds": [],
    }
    first, second = score_hand(hand), score_hand(hand)
    assert first.to_dict() == second.to_dict()
    assert first.shape == second.shape
    assert [tuple(e) for e in first.explanation] == [tuple(e) for e in second.explanation]


@pytest.mark.slow  # generated hands checked against a slow reference
def test_the_five_copies_shortcut_agrees_with_counting():
    rng = random.Random(13)
    hits = 0
    for _ in range(20_000):
        concealed = tuple(sorted(rng.choice(range(5)) for _ in range(13)))
        win = rng.randrange(5)
        expected = max(counts_of(concealed + (win,))) > 4
        hand = {
            "concealed": "".join(str(t + 1) for t in concealed) + "m",
            "win_tile": f"{win + 1}m",
            **WINDS,
        }
        try:
            parse_hand(hand)
            refused = False
        except HandError as error:
            refused = error.code == "five_copies"
        assert refused == expected, (concealed, win)
        hits += expected
    assert 0 < hits < 20_000


@pytest.mark.slow  # generated hands checked against a slow reference
def test_the_knitted_straight_tables_agree_with_the_masks():
    from scoring.shapes import KNIT_RUNS, KNITS_HELD, KNITTED_MASKS

    rng = random.Random(9)
    for _ in range(100_000):
        present = rng.getrandbits(34) & rng.getrandbits(34)
        if rng.random() < 0.3:
            present |= rng.choice(KNITTED_MASKS) & ~(1 << rng.randrange(40))
        held = [i for i, m in enumerate(KNITTED_MASKS) if present & m == m]
        runs = (
            KNIT_RUNS[present & 511]
            | KNIT_RUNS[present >> 9 & 511] << 3
            | KNIT_RUNS[present >> 18 & 511] << 6
        )
        assert list(KNITS_HELD[runs]) == held, bin(present)


@pytest.mark.slow  # generated hands checked against a slow reference
def test_the_fans_counted_are_the_fans_explained():
    """The fans counted and the items of the explanation name the same fans, as many times
    each, and the points are the sum of the fans'."""
    from scoring.generate import generate_winning_hands

    checked = 0
    for hand in generate_winning_hands(3000, 11):
        result = score_hand(hand)
        if not result.winning:
            continue
        explained = Counter(item.fan_id for item in result.explanation)
        counted = {fan.id: fan.count for fan in result.fans if fan.id != FLOWER_TILES}
        assert dict(explained) == counted, hand
        points = sum(fan.points * fan.count for fan in result.fans if fan.id != FLOWER_TILES)
        assert points == result.points, hand
        checked += 1
    assert checked > 2_500
