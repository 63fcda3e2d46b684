"""Winning shapes: decompositions, special hands, waits."""

from scoring import parse_tiles, score_hand
from scoring.shapes import (
    decompose,
    honors_and_knitted,
    is_seven_pairs,
    is_thirteen_orphans,
    knitted_straight_decompositions,
    waiting_tiles,
)
from tests.scoring.hand_builders import make


def tiles(text):
    return tuple(sorted(parse_tiles(text)))


def counts(text):
    c = [0] * 34
    for t in parse_tiles(text):
        c[t] += 1
    return c


def test_it_finds_every_decomposition_of_the_concealed_tiles():
    readings = decompose(tiles("11122233399m"))
    assert len(readings) == 2
    kinds = sorted(tuple(k for k, _ in sets) for sets, _pair in readings)
    assert kinds == [(0, 0, 0), (1, 1, 1)]  # three chows, or three pungs
    assert all(pair == 8 for _sets, pair in readings)  # the 9m pair


def test_a_hand_of_four_sets_and_a_pair_with_melds_and_concealed_kongs_wins():
    result = score_hand(
        make("123p5s", "5s", melds=[("kong", "1111m", True), ("pung", "999m"), ("chow", "789s")])
    )
    assert result.winning, result.errors


def test_tiles_that_form_no_shape_are_not_a_win():
    result = score_hand(make("1357m2468p13579s", "9s"))
    assert not result.winning
    assert result.errors[0].code == "not_winning"
    assert "1357m" in result.errors[0].message


def test_seven_pairs_may_use_four_identical_tiles_as_two_pairs():
    assert is_seven_pairs(counts("1111m2233p4455s66z"))
    result = score_hand(make("1111m2233p4455s6z", "6z"))
    assert {f.id for f in result.fans} >= {19, 64}


def test_thirteen_orphans_is_recognised_with_any_pair():
    assert is_thirteen_orphans(counts("19m19p19s12345677z"))
    assert not is_thirteen_orphans(counts("19m19p19s1234566z8m"[:-2] + "9m"))


def test_greater_and_lesser_honors_and_knitted_tiles_are_recognised():
    assert honors_and_knitted(counts("147m258p3s1234567z")) == (7, 7)
    assert honors_and_knitted(counts("147m258p369s12345z")) == (5, 9)
    assert honors_and_knitted(counts("147m258p369s11234z")) is None  # a pair: not knitted
    assert honors_and_knitted(counts("147m258m369s12345z")) is None  # 1-4-7 and 2-5-8 same suit


def test_a_knitted_straight_takes_a_set_and_a_pair():
    found = knitted_straight_decompositions(tiles("147m258p369s123s55m"))
    assert len(found) == 1
    _k, (sets, pair) = found[0]
    assert sets == ((0, 18),) and pair == 4


def test_a_knitted_straight_may_have_one_declared_meld():
    result = score_hand(make("147m258p369s5m", "5m", melds=[("pung", "777z")]))
    assert result.winning
    assert {f.id for f in result.fans} >= {35, 59}


def test_the_highest_scoring_reading_wins():
    # 111222333m read as three pungs (Pure Shifted Pungs, Three Concealed Pungs) beats three
    # identical chows (Pure Triple Chow)
    result = score_hand(make("111222333m456p5s", "5s"))
    ids = {f.id for f in result.fans}
    assert {24, 33} <= ids and 23 not in ids


def test_nine_gates_waits_on_all_nine_tiles_of_its_suit():
    assert waiting_tiles(tiles("1112345678999m"), 0) == frozenset(range(9))


def test_an_edge_shape_waits_on_one_tile():
    assert waiting_tiles(tiles("12m456p789s11z123s"), 0) == frozenset({2})


def test_a_tile_the_hand_holds_four_of_is_not_awaited():
    # 7777p + 999p: structurally 7p (a fifth copy) or 8p; only 8p exists
    assert waiting_tiles(tiles("456m7777999p456s"), 0) == frozenset({16})


def test_seven_pairs_and_thirteen_orphans_waits_are_found():
    assert waiting_tiles(tiles("1133m5577p99s113z"), 0) >= {29}
    assert waiting_tiles(tiles("19m19p19s1234567z"), 0) == frozenset(
        parse_tiles("19m19p19s1234567z")
    )
