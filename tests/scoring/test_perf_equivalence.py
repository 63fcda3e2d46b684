"""The fast paths added for speed agree with the straightforward code they replace.

No timings here (performance is checked by ``python -m scoring bench``): each test
compares a table look-up or shortcut with a brute-force or slow-path answer.
"""

from __future__ import annotations

import itertools
import random

import pytest

from scoring import score_hand
from scoring.shapes import (
    _HONOR_SHAPES,
    _SUIT_SHAPES,
    _sets_only_search,
    _suit_mask,
    _suit_mask_search,
    _vec_key,
    counts_of,
    decompose,
    is_complete,
    waiting_tiles,
    waits_on_one_tile,
)
from scoring.tiles import TileError, _parse_tiles, _parse_tiles_checked


def _vectors(n: int, max_tiles: int):
    for vec in itertools.product(range(5), repeat=n):
        if sum(vec) <= max_tiles:
            yield vec


@pytest.mark.parametrize("honors", [False, True])
def test_the_shape_tables_agree_with_the_search(honors):
    """Every suit of up to 14 tiles: table look-up == recursive search."""
    n = 7 if honors else 9
    sets_only, with_pair = _HONOR_SHAPES if honors else _SUIT_SHAPES
    rng = random.Random(3)
    vectors = list(_vectors(n, 14))
    for vec in rng.sample(vectors, 60_000) if len(vectors) > 60_000 else vectors:
        total = sum(vec)
        expected = _suit_mask_search(vec, honors, total)
        assert _suit_mask(vec, honors) == expected, vec
        key = _vec_key(vec)
        assert (key in sets_only) == (expected == 1) == (
            total % 3 == 0 and _sets_only_search(vec, honors)), vec
        assert (key in with_pair) == (expected == 2), vec


def test_the_plain_run_parser_agrees_with_the_checked_one():
    rng = random.Random(1)
    alphabet = "123456789mpszMPSZ 8x\u00b2\u0661"
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 14)))
        try:
            expected = _parse_tiles_checked(text)
        except TileError as exc:
            with pytest.raises(TileError) as got:
                _parse_tiles.__wrapped__(text)
            assert got.value.message == exc.message
        else:
            assert _parse_tiles.__wrapped__(text) == expected


def _brute_waits(tiles: tuple[int, ...], melds: int) -> frozenset[int]:
    counts = counts_of(tiles)
    return frozenset(t for t in range(34) if counts[t] < 4
                     and is_complete(tuple(sorted(tiles + (t,))), melds))


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


def test_the_one_tile_wait_shortcut_agrees_with_trying_every_tile():
    from scoring import parse_hand, shapes
    from scoring.generate import generate_winning_hands

    shapes._ONE_WAIT.clear()
    single = 0
    for raw in generate_winning_hands(3_000, 11):
        hand = parse_hand(raw)
        tiles, melds = hand.concealed, len(hand.melds)
        expected = len(_brute_waits(tiles, melds)) == 1
        assert waits_on_one_tile(tiles, melds) == expected, (tiles, melds)
        single += expected
    assert 100 < single < 2_900  # both answers occur


def test_the_one_tile_wait_of_a_regular_hand_agrees_with_trying_every_tile():
    from scoring import parse_hand
    from scoring.generate import generate_winning_hands
    from scoring.memo import clear_memos
    from scoring.shapes import decompose, suit_keys, waits_on_one_tile_of_regular

    clear_memos()
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


def test_decompose_finds_no_reading_exactly_when_the_hand_is_not_regular():
    rng = random.Random(9)
    for _ in range(5_000):
        n = rng.choice((2, 5, 8, 11, 14))
        suits = rng.sample(range(4), rng.choice((1, 2)))
        pool = [s * 9 + r for s in suits for r in range(7 if s == 3 else 9)] * 4
        tiles = tuple(sorted(rng.sample(pool, n)))
        readings = decompose.__wrapped__(tiles)
        assert bool(readings) == is_complete(tiles, 4), tiles
        for sets, pair in readings:
            rebuilt = [pair, pair]
            for kind, t in sets:
                rebuilt += [t, t + 1, t + 2] if kind == 0 else [t] * 3
            assert sorted(rebuilt) == list(tiles)


def test_scoring_twice_gives_the_same_result():
    """No whole-hand memo any more: a second scoring recomputes and must agree."""
    hand = {"concealed": "123m456p789s1122z", "win_tile": "2z", "seat_wind": "E",
            "prevalent_wind": "E", "melds": []}
    first, second = score_hand(hand), score_hand(hand)
    assert first.to_dict() == second.to_dict()
    assert first.shape == second.shape
    assert [tuple(e) for e in first.explanation] == [tuple(e) for e in second.explanation]


def test_the_five_copies_shortcut_agrees_with_counting():
    from scoring.tiles import _five_in_sorted

    rng = random.Random(13)
    hits = 0
    for _ in range(20_000):
        concealed = tuple(sorted(rng.choice(range(5)) for _ in range(13)))
        win = rng.randrange(5)
        expected = max(counts_of(concealed + (win,))) > 4
        assert _five_in_sorted(concealed, win) == expected, (concealed, win)
        hits += expected
    assert 0 < hits < 20_000


@pytest.mark.parametrize("honors", [False, True])
def test_the_readings_table_agrees_with_the_search_on_every_suit(honors):
    """Every suit of at most four sets and a pair: the readings built by adding sets ==
    the recursive search; and no other suit of up to 14 tiles has a reading."""
    from scoring.shapes import (
        _HONOR_READINGS,
        _SUIT_READINGS,
        _key_vec,
        _suit_decompositions,
    )

    readings = _HONOR_READINGS if honors else _SUIT_READINGS
    suit = 3 if honors else 0
    for key, found in readings.items():
        assert found == _suit_decompositions(_key_vec(key, suit), honors), key
    rng = random.Random(8)
    n = 7 if honors else 9
    for vec in rng.sample(list(_vectors(n, 14)), 20_000):
        if _vec_key(vec) not in readings:
            assert not _suit_decompositions(vec, honors), vec


def test_the_knitted_straight_tables_agree_with_the_masks():
    from scoring.combine import may_knit
    from scoring.shapes import KNIT_RUNS, KNITS_HELD, KNITTED_MASKS

    rng = random.Random(9)
    for _ in range(100_000):
        present = rng.getrandbits(34) & rng.getrandbits(34)
        if rng.random() < 0.3:
            present |= rng.choice(KNITTED_MASKS) & ~(1 << rng.randrange(40))
        held = [i for i, m in enumerate(KNITTED_MASKS) if present & m == m]
        assert may_knit(present) == bool(held), bin(present)
        runs = (KNIT_RUNS[present & 511] | KNIT_RUNS[present >> 9 & 511] << 3
                | KNIT_RUNS[present >> 18 & 511] << 6)
        assert list(KNITS_HELD[runs]) == held, bin(present)


def _facts_of_items(items) -> tuple[int, int, int, int]:
    from scoring import combine

    counts = {}
    for fan, _detail in items:
        counts[fan] = counts.get(fan, 0) + 1
    excluded = 0
    for fan in counts:
        excluded |= combine._EXCLUDE_BITS[fan]
    return (sum(1 << fan for fan in counts), excluded,
            sum(combine._POINTS[fan] * n for fan, n in counts.items()),
            sum(n << 4 * fan for fan, n in counts.items()))


def test_the_memoized_fan_facts_agree_with_their_items_and_hold_only_ints():
    """The set-part memos keep ints (nothing for the garbage collector to follow), and the
    base fans' facts are summed from groups: the items an explanation recomputes from their
    keys give the same fans, exclusions, points and counts."""
    from scoring import combine
    from scoring import fans as F
    from scoring.generate import generate_winning_hands

    base_keys = set()
    for hand in generate_winning_hands(3000, 11):
        for chunk in score_hand(hand).raw_items:
            if chunk[0] in (combine.BASE_CHUNK, combine.BARE_BASE_CHUNK):
                base_keys.add(chunk[1])
    assert len(base_keys) > 50
    # what a special shape other than Seven Pairs leaves out of the base fans
    tiles_and_hog = {F.ALL_GREEN, F.ALL_HONORS, F.ALL_SIMPLES, F.ALL_TERMINALS,
                     F.ALL_TERMINALS_AND_HONORS, F.ALL_TYPES, F.FULL_FLUSH, F.HALF_FLUSH,
                     F.LOWER_FOUR, F.LOWER_TILES, F.MIDDLE_TILES, F.NO_HONORS,
                     F.ONE_VOIDED_SUIT, F.REVERSIBLE_TILES, F.UPPER_FOUR, F.UPPER_TILES,
                     F.TILE_HOG}
    for key in base_keys:
        assert combine.base_facts(key) == _facts_of_items(combine.base_items(key))
        bare = [it for it in combine.base_items(key) if it[0] not in tiles_and_hog]
        assert combine.bare_base_facts(key) == _facts_of_items(bare)
        assert combine.chunk_items((combine.BARE_BASE_CHUNK, key)) == bare
    memos = [
        (combine._CHOW_PARTS, lambda key: combine._chow_items(key)[0]),
        (combine._PUNG_PARTS, lambda key: combine._pung_items(key)[0]),
    ]
    for memo, items_of in memos:
        assert len(memo) > 50
        for key, value in memo.items():
            assert all(type(v) is int for v in value)
            assert value[:4] == _facts_of_items(items_of(key))


def test_the_winning_tile_table_of_the_short_path_agrees_with_wait_fan():
    from scoring.fans.winning import CHOW_ROLE, IN_CHOW, SINGLE_WAIT, WAIT_OF_ROLE, wait_fan
    from scoring.shapes import CHOW, PUNG

    chows = [r + 9 * s for s in range(3) for r in range(7)]
    rng = random.Random(4)
    for _ in range(20_000):
        sets = tuple((CHOW, rng.choice(chows)) if rng.random() < 0.7
                     else (PUNG, rng.randrange(34)) for _ in range(rng.randint(1, 4)))
        win, pair = rng.randrange(34), rng.randrange(34)
        role = 0
        for kind, t in sets:
            if kind == CHOW:
                role |= CHOW_ROLE[34 * t + win]
        assert bool(role & IN_CHOW) == any(
            kind == CHOW and t <= win <= t + 2 for kind, t in sets)
        expected = wait_fan(sets, pair, win)
        assert (WAIT_OF_ROLE[role] or (SINGLE_WAIT if pair == win else 0)) == expected, (sets, win)


def test_pungs_that_cannot_relate_change_no_pung_relation():
    """pung_relations leaves out the pungs that can relate to no other (_RELATED): on every
    set of 2 to 4 different pungs, that gives what the search over all of them gives."""
    from scoring.fans.pungs import _pung_relations, pung_relations

    for n in (2, 3, 4):
        for pungs in itertools.combinations(range(34), n):
            assert pung_relations(pungs) == _pung_relations.__wrapped__(pungs), pungs


def test_which_suit_is_which_changes_no_chow_relation():
    """_chow_part reads the chows' relations with their suits renamed in order
    (suits_in_order): on every set of 2 to 4 chows that gives the same fans and counts."""
    from scoring.combine import _facts, suits_in_order
    from scoring.fans.chows import chow_relations

    starts = [9 * suit + rank for suit in range(3) for rank in range(7)]
    for n in (2, 3, 4):
        for chows in itertools.combinations_with_replacement(starts, n):
            renamed = suits_in_order(chows)
            assert renamed == tuple(sorted(renamed))
            assert _facts(chow_relations(chows)) == _facts(chow_relations(renamed)), chows
