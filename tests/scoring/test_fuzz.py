"""Fuzzing: parse_hand raises only HandError and score_hand never raises, whatever the input."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import HandError, ScoreResult, parse_hand, score_hand

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)

tile_text = st.text(alphabet="0123456789mpszx ", max_size=20)
FIELDS = [
    "melds",
    "concealed",
    "win_tile",
    "self_drawn",
    "last_tile",
    "last_wall_tile",
    "kong_replacement",
    "robbing_kong",
    "seat_wind",
    "prevalent_wind",
    "flowers",
]
meld = st.fixed_dictionaries(
    {"type": st.sampled_from(["chow", "pung", "kong", "x"]), "tiles": tile_text},
    optional={"concealed": json_values},
)
hand_like = st.fixed_dictionaries(
    {},
    optional={
        "melds": st.lists(meld, max_size=5) | json_values,
        "concealed": tile_text | json_values,
        "win_tile": tile_text | json_values,
        "self_drawn": st.booleans() | json_values,
        "last_tile": st.booleans(),
        "last_wall_tile": st.booleans(),
        "kong_replacement": st.booleans(),
        "robbing_kong": st.booleans(),
        "seat_wind": st.sampled_from(["E", "S", "W", "N", "1z", "X"]) | json_values,
        "prevalent_wind": st.sampled_from(["E", "S", "W", "N"]),
        "flowers": st.integers(-2, 10) | json_values,
    },
)

# hands made of real tiles, often winning-shaped, to reach the scoring code
suit_tile = st.builds(lambda r, s: f"{r}{s}", st.integers(1, 9), st.sampled_from("mps"))
any_tile = suit_tile | st.builds(lambda r: f"{r}z", st.integers(1, 7))
realistic = st.builds(
    lambda tiles, win, flags, winds, flowers: {
        "melds": [],
        "concealed": "".join(tiles),
        "win_tile": win,
        "self_drawn": flags[0],
        "last_tile": flags[1],
        "last_wall_tile": flags[2],
        "kong_replacement": flags[3],
        "robbing_kong": flags[4],
        "seat_wind": winds[0],
        "prevalent_wind": winds[1],
        "flowers": flowers,
    },
    st.lists(any_tile, min_size=13, max_size=13),
    any_tile,
    st.tuples(*[st.booleans()] * 5),
    st.tuples(*[st.sampled_from("ESWN")] * 2),
    st.integers(0, 8),
)


def check(data):
    try:
        parse_hand(data)
    except HandError as exc:
        assert isinstance(exc.code, str) and exc.code and isinstance(exc.message, str)
    result = score_hand(data)
    assert isinstance(result, ScoreResult)
    d = result.to_dict()
    json.dumps(d)
    if result.winning:
        assert not result.errors and result.total == result.points + result.flowers
    else:
        assert result.errors and result.fans == []


@pytest.mark.slow  # generated inputs (hypothesis)
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_arbitrary_json_never_crashes_the_engine(data):
    check(data)


@pytest.mark.slow  # generated inputs (hypothesis)
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(hand_like)
def test_hand_shaped_junk_never_crashes_the_engine(data):
    check(data)


@pytest.mark.slow  # generated inputs (hypothesis)
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(realistic)
def test_real_tiles_in_any_combination_score_or_are_refused_cleanly(data):
    check(data)
    # the explanation of any result can be produced too
    result = score_hand(data)
    for fan_id, name, text in result.explanation:
        assert 1 <= fan_id <= 81 and name and isinstance(text, str)
