"""Special hands: Thirteen Orphans, Seven Pairs, Seven Shifted Pairs, Honors and Knitted
Tiles, Knitted Straight, Nine Gates."""

from scoring import score_hand
from tests.scoring.hand_builders import fans, make


def test_thirteen_orphans_on_a_discard_is_88_alone():
    result = score_hand(make("19m19p19s1234567z", "1m"))
    assert fans(result) == {7: 1}
    assert result.points == 88


def test_a_self_drawn_thirteen_orphans_counts_fully_concealed_hand_as_wmo_says():
    result = score_hand(make("19m19p19s1234567z", "1m", self_drawn=True))
    assert fans(result) == {7: 1, 56: 1}


def test_seven_pairs_with_four_alike_is_a_tile_hog_and_no_single_wait():
    result = score_hand(make("1111m2233p4455s6z", "6z"))
    assert fans(result) == {19: 1, 64: 1}
    assert result.points == 26


def test_seven_shifted_pairs_keeps_all_simples_only():
    result = score_hand(make("2233445566778s", "8s"))
    assert fans(result) == {6: 1, 68: 1}


def test_greater_honors_and_knitted_tiles():
    assert fans(score_hand(make("147m25p3s1234567z", "9s"))) == {20: 1}


def test_lesser_honors_and_knitted_tiles_with_a_whole_knitted_straight():
    assert fans(score_hand(make("147m258p369s1234z", "5z"))) == {34: 1, 35: 1}


def test_knitted_straight_with_a_chow_and_a_pair_is_all_chows():
    result = score_hand(make("147m258p369s123s5m", "5m"))
    assert fans(result) == {35: 1, 62: 1, 63: 1, 79: 1}
    assert result.points == 17


def test_nine_gates_takes_no_full_flush_nor_pung_of_terminals():
    result = score_hand(make("1112345678999m", "5m", self_drawn=True))
    assert fans(result) == {4: 1, 56: 1, 66: 1}
    assert result.points == 94


def test_nine_gates_needs_the_pure_nine_sided_wait_before_the_win():
    got = fans(score_hand(make("1112345678899m", "9m", self_drawn=True)))
    assert 4 not in got and 22 in got
