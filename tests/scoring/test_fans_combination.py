"""Exclusions of Appendix 1 ("No se puede combinar con") and the WMO 2006 differences of
docs/fans.md."""

from scoring import FANS, score_hand
from tests.scoring.hand_builders import fans, make


def test_big_four_winds_excludes_the_wind_fans_and_all_pungs():
    got = fans(
        score_hand(
            make("444z1m", "1m", melds=[("pung", "111z"), ("pung", "222z"), ("pung", "333z")])
        )
    )
    assert 1 in got
    assert not {38, 49, 60, 61, 73} & set(got)


def test_four_concealed_pungs_excludes_all_pungs_and_concealed_hand():
    got = fans(score_hand(make("111m555p999s777z2z", "2z")))
    assert 12 in got and not {49, 62, 33, 66} & set(got)


def test_four_concealed_pungs_self_drawn_is_fully_concealed_as_wmo_says():
    got = fans(score_hand(make("111m555p999s777z2z", "2z", self_drawn=True)))
    assert 12 in got and 56 in got and 80 not in got


def test_seven_pairs_excludes_concealed_hand_and_single_wait():
    got = fans(score_hand(make("1133m5577p99s113z", "3z")))
    assert 19 in got and not {62, 79} & set(got)


def test_thirteen_orphans_excludes_all_types():
    got = fans(score_hand(make("19m19p19s1234567z", "7z")))
    assert got == {7: 1}


def test_all_honors_excludes_all_pungs_and_pung_of_honors():
    got = fans(score_hand(make("333z444z7z", "7z", melds=[("pung", "555z"), ("pung", "666z")])))
    assert 11 in got and not {49, 18, 73, 55} & set(got)


def test_pure_terminal_chows_excludes_its_implied_fans():
    got = fans(score_hand(make("1122337788995m", "5m")))
    assert 13 in got and not {22, 63, 69, 72, 76, 19} & set(got)


def test_all_green_combines_with_half_flush_when_green_dragons_are_used():
    got = fans(score_hand(make("234s666s88s66z", "8s", melds=[("pung", "222s")])))
    assert 3 in got and 50 in got


def test_all_terminals_combines_with_double_pung():
    got = fans(score_hand(make("111p999s1m", "1m", melds=[("pung", "999m"), ("pung", "111s")])))
    assert got[8] == 1 and got[65] == 2 and 49 not in got


def test_all_terminals_combines_with_triple_pung():
    got = fans(score_hand(make("111p111s9m", "9m", melds=[("pung", "111m"), ("pung", "999s")])))
    assert 8 in got and 32 in got


def test_every_exclusion_names_real_fans():
    for fan in FANS.values():
        assert all(1 <= f <= 81 for f in fan.excludes)
        assert fan.id not in fan.excludes
