"""The short path of score_hand (scoring.lean) gives exactly what the general path gives.

A JSON hand goes the short way when it can; a parsed :class:`Hand` always goes the general
way, so scoring both forms of the same hand compares the two paths: fans, points, the
explanation and the shape text must be identical, and a hand the short path cannot take
must come back to the general path untouched.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import parse_hand, score_hand
from scoring.generate import (
    generate_malformed_hands,
    generate_non_winning_hands,
    generate_winning_hands,
)
from scoring.lean import lean_score


def _same_by_both_paths(data: dict) -> None:
    from_json = score_hand(data)
    try:
        hand = parse_hand(data)
    except Exception:  # refused by the parser: the JSON path must refuse it too
        assert not from_json.winning and from_json.errors
        assert score_hand(copy.deepcopy(data)).to_dict() == from_json.to_dict()
        return
    general = score_hand(hand)
    assert from_json.to_dict() == general.to_dict(), data
    assert [tuple(item) for item in from_json.explanation] == [
        tuple(item) for item in general.explanation], data
    assert from_json.shape == general.shape, data


def test_it_takes_the_short_path_for_most_generated_winning_hands():
    hands = generate_winning_hands(2000, 20060101)
    short = sum(lean_score(h)[0] is not None for h in hands)
    assert short > len(hands) // 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_both_paths_agree_on_generated_winning_hands(seed):
    for data in generate_winning_hands(3000, seed):
        _same_by_both_paths(data)


def test_both_paths_agree_on_non_winning_and_malformed_hands():
    malformed = generate_malformed_hands(1500, 4)
    for data in malformed:
        data.pop("_defect", None)
    for data in generate_non_winning_hands(1500, 5) + malformed:
        _same_by_both_paths(data)


def _mutations(data: dict, rng: random.Random) -> dict:
    data = copy.deepcopy(data)
    choice = rng.randrange(9)
    melds = data.get("melds") or []
    if choice == 0 and melds:
        melds[0]["concealed"] = rng.choice([1, 0, 1.0, "yes", None])
    elif choice == 1:  # a suit written in two groups, or a group out of order
        text = data["concealed"]
        data["concealed"] = text[:2] + text[1] + text[2:] if len(text) > 3 else text
    elif choice == 2:
        data["melds"] = melds + [{"type": "kong", "tiles": "1111m", "concealed": True}]
    elif choice == 3:
        data["win_tile"] = rng.choice(["5p", "1z", "7z", "9s", "8z", 5, None, "5 p"])
    elif choice == 4:
        data[rng.choice(["self_drawn", "last_tile", "last_wall_tile", "kong_replacement",
                         "robbing_kong"])] = rng.choice([True, False, 1, 0, None])
    elif choice == 5:
        data["seat_wind"] = rng.choice(["E", "south", "X", 2, "3z", " W "])
    elif choice == 6:
        data["flowers"] = rng.choice([0, 3, 8, 9, -1, True, "2", None, 2.0])
    elif choice == 7 and melds:
        melds[-1]["tiles"] = rng.choice(["123m", "111z", "1111z", "135m", "888z", "12"])
    else:
        data["concealed"] = data["concealed"] + rng.choice(["1m", "", " ", "9z"])
    return data


def test_both_paths_agree_on_mutated_hands():
    rng = random.Random(11)
    for data in generate_winning_hands(3000, 12):
        _same_by_both_paths(_mutations(data, rng))


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=99))
def test_both_paths_agree_on_any_generated_hand_and_mutation(seed, mutation_seed):
    data = generate_winning_hands(1, seed)[0]
    _same_by_both_paths(data)
    _same_by_both_paths(_mutations(data, random.Random(mutation_seed)))


def test_a_concealed_flag_that_is_not_a_bool_is_refused_as_before():
    meld = {"type": "kong", "tiles": "2222p", "concealed": True}
    data = {"melds": [meld], "concealed": "123m456s789s1z", "win_tile": "1z", "seat_wind": "E",
            "prevalent_wind": "E"}
    assert score_hand(data).winning  # the memo now knows this meld with concealed true
    result = score_hand({**data, "melds": [{**meld, "concealed": 1}]})
    assert not result.winning
    assert "concealed must be true or false" in result.errors[0].message


def test_four_kongs_of_one_tile_are_refused_as_before():
    data = {"melds": [{"type": "kong", "tiles": "1111m"}] * 4, "concealed": "5p",
            "win_tile": "5p", "seat_wind": "E", "prevalent_wind": "E"}
    result = score_hand(data)
    assert not result.winning and result.errors[0].code == parse_error_code(data)


def parse_error_code(data: dict) -> str:
    try:
        parse_hand(data)
    except Exception as exc:
        return exc.code
    raise AssertionError("the parser accepted the hand")


@pytest.mark.parametrize("concealed, win", [
    ("1122334455667m", "7m"),  # also four sets and a pair: the general path weighs both
    ("1133557799m113z", "3z"),  # seven pairs and nothing else
    ("1111m2244p5566s7z", "7z"),  # four alike count as two pairs
    ("2233445566778p", "8p"),  # seven shifted pairs
])
def test_seven_pairs_hands_agree_on_both_paths(concealed, win):
    data = {"concealed": concealed, "win_tile": win, "seat_wind": "S", "prevalent_wind": "E"}
    _same_by_both_paths(data)
    assert score_hand(data).winning


@pytest.mark.parametrize("suit", "mps")
@pytest.mark.parametrize("rank", range(1, 10))
@pytest.mark.parametrize("self_drawn", [False, True])
def test_nine_gates_hands_agree_on_both_paths(suit, rank, self_drawn):
    data = {"concealed": f"1112345678999{suit}", "win_tile": f"{rank}{suit}",
            "self_drawn": self_drawn, "seat_wind": "W", "prevalent_wind": "S"}
    _same_by_both_paths(data)
    result = score_hand(data)
    assert any(f.id == 4 for f in result.fans)  # Nine Gates


def test_nine_gates_and_seven_pairs_with_one_reading_are_scored_on_the_short_path():
    nine_gates = {"concealed": "1112345678999p", "win_tile": "5p", "seat_wind": "E",
                  "prevalent_wind": "E"}
    # seven pairs, or 123m 123m 456p 456p 99s: the four sets win the tie (as best_score)
    both = {"concealed": "112233m445566p9s", "win_tile": "9s", "seat_wind": "E",
            "prevalent_wind": "E"}
    for data in (nine_gates, both):
        best, _flowers, parsed = lean_score(data)
        assert best is not None and parsed is None
        _same_by_both_paths(data)


@pytest.mark.parametrize("concealed", [
    "123m456p789s1122z", "123mm456p789s112z", "|", "m", "", "12|3m456p789s1122z",
    "123m456p789s11 22z", "0123m456p789s112z", "123m456p789s112z2", "123m456p789s1122Z",
    "123m456p789s1188z", "1111123m456p78s9s",
])
def test_odd_concealed_runs_agree_on_both_paths(concealed):
    _same_by_both_paths({"concealed": concealed, "win_tile": "2z", "seat_wind": "E",
                         "prevalent_wind": "E"})
