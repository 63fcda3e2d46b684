"""The public API: score_hand, ScoreResult and its JSON."""

import json

import pytest

from scoring import Hand, HandError, ScoreResult, parse_hand, score_hand
from tests.scoring.hand_builders import full_hand as make

SPEC_EXAMPLE = make("123m456p789s123s5z", "5z")  # Mixed Straight, Concealed Hand, ...


def test_to_dict_is_exactly_the_result_object_of_the_spec():
    d = score_hand(SPEC_EXAMPLE).to_dict()
    assert list(d) == ["winning", "fans", "points", "flowers", "total", "meets_minimum", "errors"]
    assert all(list(f) == ["id", "name", "points", "count"] for f in d["fans"])
    json.dumps(d)  # serialisable as is


def test_fans_are_ordered_by_rulebook_number():
    result = score_hand(make("123m456p789s5z", "5z", melds=[("pung", "111z")], flowers=3))
    ids = [f.id for f in result.fans]
    assert ids == sorted(ids) and ids[-1] == 81


def test_flowers_are_listed_with_their_count_and_do_not_count_toward_the_minimum():
    result = score_hand(
        make("123m456p789s5z", "5z", melds=[("pung", "111z")], seat_wind="S", flowers=5)
    )
    flower = [f for f in result.fans if f.id == 81]
    assert flower and flower[0].count == 5 and flower[0].points == 1
    assert result.flowers == 5
    assert result.total == result.points + 5
    assert result.points == sum(f.points * f.count for f in result.fans if f.id != 81)


def test_no_flower_fan_without_flowers():
    assert 81 not in {f.id for f in score_hand(SPEC_EXAMPLE).fans}


def test_meets_minimum_is_points_of_at_least_eight():
    ok = score_hand(SPEC_EXAMPLE)
    assert ok.points >= 8 and ok.meets_minimum
    low = score_hand(make("111z456m789p2s", "2s", melds=[("pung", "444z")], flowers=8))
    assert low.winning and low.points < 8 and low.total >= 8 and not low.meets_minimum


def test_a_refused_hand_has_no_fans_and_an_error_the_umpire_can_act_on():
    result = score_hand(make("123m456p789s1234z", "5z"))
    assert not result.winning and result.fans == [] and result.points == 0
    assert result.errors[0].code == "not_winning"
    assert result.to_dict()["errors"][0]["message"]


def test_score_hand_never_raises_on_bad_input():
    for junk in (None, 3, "x", [], {}, {"concealed": None}, {"melds": "x"}):
        result = score_hand(junk)
        assert isinstance(result, ScoreResult) and not result.winning and result.errors


def test_score_hand_accepts_a_parsed_hand_and_revalidates_it():
    hand = parse_hand(SPEC_EXAMPLE)
    assert score_hand(hand).to_dict() == score_hand(SPEC_EXAMPLE).to_dict()
    bad = Hand(melds=(), concealed=(0,) * 13, win_tile=0)
    assert score_hand(bad).errors[0].code == "five_copies"


def test_the_explanation_names_the_sets_each_fan_was_scored_on():
    result = score_hand(SPEC_EXAMPLE)
    texts = {fid: text for fid, _name, text in result.explanation}
    assert texts[39] == "123m 456p 789s"
    assert "5z" in result.shape and "123s" in result.shape


def test_results_do_not_share_state_between_calls():
    first = score_hand(SPEC_EXAMPLE)
    first.fans.clear()
    assert score_hand(SPEC_EXAMPLE).fans


def test_hand_error_carries_code_and_message():
    err = HandError("a message", "some_code")
    assert err.code == "some_code" and err.message == "a message" and str(err) == "a message"


def test_a_hand_built_with_lists_is_normalised_and_a_garbled_one_refused():
    hand = Hand(
        melds=[("chow", 0, False)], concealed=[12, 13, 14, 24, 25, 26, 27, 27, 3, 4], win_tile=5
    )
    result = score_hand(hand)
    assert result.winning and {f.id for f in result.fans} == {39, 70}
    garbled = score_hand(Hand(melds=(), concealed=("x",), win_tile=5))
    assert not garbled.winning and garbled.errors[0].code == "bad_input"


def test_a_concealed_flag_that_is_not_a_bool_is_refused():
    meld = {"type": "kong", "tiles": "2222p", "concealed": True}
    data = {
        "melds": [meld],
        "concealed": "123m456s789s1z",
        "win_tile": "1z",
        "seat_wind": "E",
        "prevalent_wind": "E",
    }
    assert score_hand(data).winning  # a cache that knows the meld with concealed true
    result = score_hand({**data, "melds": [{**meld, "concealed": 1}]})
    assert not result.winning
    assert "concealed must be true or false" in result.errors[0].message


def test_four_kongs_of_one_tile_are_refused_as_five_copies():
    data = {
        "melds": [{"type": "kong", "tiles": "1111m"}] * 4,
        "concealed": "5p",
        "win_tile": "5p",
        "seat_wind": "E",
        "prevalent_wind": "E",
    }
    result = score_hand(data)
    assert not result.winning and result.errors


def test_a_bug_of_the_engine_raises_instead_of_refusing_the_hand(monkeypatch):
    import scoring

    def broken(hand):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(scoring, "best_score", broken)
    hand = {
        "melds": [],
        "concealed": "123456789m234p5p",
        "win_tile": "5p",
        "seat_wind": "E",
        "prevalent_wind": "E",
    }
    with pytest.raises(ZeroDivisionError):
        score_hand(hand)


def test_the_engine_keeps_nothing_between_hands():
    """No cache: scoring hands grows no table of the engine, and no function keeps an
    lru_cache (a rule that changes can never meet a stale answer)."""
    import sys

    from scoring.generate import generate_winning_hands

    def sizes() -> dict:
        found = {}
        for name, module in list(sys.modules.items()):
            if name == "scoring" or name.startswith("scoring."):
                for attr, value in vars(module).items():
                    if isinstance(value, dict | list | set):
                        found[f"{name}.{attr}"] = len(value)
                    assert not hasattr(value, "cache_info"), f"{name}.{attr} is cached"
        return found

    before = sizes()
    for hand in generate_winning_hands(500, 3):
        score_hand(hand)
    assert sizes() == before
