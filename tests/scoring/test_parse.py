"""Reading the hand JSON of hand-format.md, and refusing what is wrong with it."""

import pytest

from scoring import Hand, HandError, Meld, parse_hand
from tests.scoring.hand_builders import full_hand as make

VALID = make("456p789s1z", "1z", melds=[("chow", "123m"), ("kong", "5555s", True)])


def code_of(data):
    with pytest.raises(HandError) as info:
        parse_hand(data)
    assert info.value.message  # every refusal says what is wrong
    return info.value.code, info.value.message


def test_it_parses_the_spec_format_into_immutable_types():
    hand = parse_hand(VALID)
    assert isinstance(hand, Hand)
    assert hand.melds == (Meld("chow", 0, False), Meld("kong", 22, True))
    assert hand.concealed == (12, 13, 14, 24, 25, 26, 27)
    assert hand.win_tile == 27
    with pytest.raises(AttributeError):
        hand.win_tile = 3  # type: ignore[misc]


def test_it_sorts_the_concealed_tiles():
    assert parse_hand(make("987s654p11z321m55s", "1z")).concealed == tuple(
        sorted(parse_hand(make("123m456p789s11z55s", "1z")).concealed)
    )


@pytest.mark.parametrize(
    "word,expected",
    [
        ("E", 0),
        ("S", 1),
        ("W", 2),
        ("N", 3),
        ("1z", 0),
        ("2z", 1),
        ("3z", 2),
        ("4z", 3),
        ("north", 3),
    ],
)
def test_it_accepts_winds_as_letters_words_and_tiles(word, expected):
    hand = parse_hand({**VALID, "seat_wind": word, "prevalent_wind": word})
    assert hand.seat_wind == expected and hand.prevalent_wind == expected


@pytest.mark.parametrize("wind", ["X", "5z", 0, None, ""])
def test_it_rejects_an_unknown_wind(wind):
    assert code_of({**VALID, "seat_wind": wind})[0] == "bad_wind"


def test_missing_flags_melds_and_flowers_default_to_none():
    hand = parse_hand(
        {
            "concealed": "123m456p789s123s5z",
            "win_tile": "5z",
            "seat_wind": "E",
            "prevalent_wind": "S",
        }
    )
    assert hand.melds == () and not hand.self_drawn and hand.flowers == 0


@pytest.mark.parametrize("field", ["concealed", "win_tile", "seat_wind", "prevalent_wind"])
def test_it_rejects_a_hand_missing_a_required_field(field):
    data = dict(VALID)
    del data[field]
    code, message = code_of(data)
    assert code == "missing_field" and field in message


def test_it_rejects_an_unknown_field_so_typos_are_not_ignored():
    code, message = code_of({**VALID, "self_draw": True})
    assert code == "unknown_field" and "self_draw" in message


@pytest.mark.parametrize("value", [1, "true", None, [True]])
def test_it_rejects_a_flag_that_is_not_a_boolean(value):
    assert code_of({**VALID, "self_drawn": value})[0] == "bad_type"


@pytest.mark.parametrize("flowers", [9, -1, "2", 2.0, True])
def test_it_rejects_flowers_outside_0_to_8(flowers):
    assert code_of({**VALID, "flowers": flowers})[0] == "bad_flowers"


def test_it_rejects_five_copies_of_a_tile():
    code, message = code_of(make("11111m456p789s1z2z", "1z"))
    assert code == "five_copies" and "5 copies of 1m" in message
    code, message = code_of(make("1111m23m456p789s5s", "1m"))
    assert code == "five_copies" and "1m" in message


def test_it_counts_copies_in_melds_and_the_winning_tile_too():
    code, message = code_of(make("5p456p789s111z", "5p", melds=[("kong", "5555p", True)]))
    assert code == "five_copies" and "5p" in message


def test_it_rejects_too_many_tiles():
    code, message = code_of(make("123m456p789s11z222z", "1z"))
    assert code == "tile_count" and "too many" in message


def test_it_rejects_too_few_tiles():
    code, message = code_of(make("123m456p789s1z", "1z"))
    assert code == "tile_count" and "too few" in message


def test_it_rejects_more_than_four_melds():
    melds = [("chow", "123m")] * 5
    assert code_of(make("", "1z", melds=melds))[0] == "tile_count"


def test_it_rejects_a_chow_of_honors():
    code, message = code_of(make("456p789s123s1z", "1z", melds=[("chow", "123z")]))
    assert code == "bad_meld" and "honors" in message


@pytest.mark.parametrize(
    "kind,tiles",
    [
        ("chow", "135m"),
        ("chow", "89m1p"),
        ("pung", "123m"),
        ("pung", "55p"),
        ("kong", "555p"),
        ("kong", "5556p"),
        ("chow", "1234m"),
    ],
)
def test_it_rejects_a_meld_that_is_not_a_set(kind, tiles):
    code, message = code_of(make("456p789s123s1z", "1z", melds=[(kind, tiles)]))
    assert code == "bad_meld" and "meld 1" in message


def test_it_rejects_a_concealed_pung_declared_as_a_meld():
    code, _ = code_of(make("456p789s123s1z", "1z", melds=[("pung", "222m", True)]))
    assert code == "bad_meld"


@pytest.mark.parametrize(
    "meld",
    [
        None,
        "123m",
        {"type": "chow"},
        {"type": "set", "tiles": "1m"},
        {"type": "chow", "tiles": "123m", "extra": 1},
    ],
)
def test_it_rejects_malformed_melds(meld):
    data = {**VALID, "melds": [meld]}
    assert code_of(data)[0] == "bad_meld"


def test_it_rejects_kong_replacement_without_a_kong():
    code, message = code_of(
        make("123m456p789s11z22z", "2z", self_drawn=True, kong_replacement=True)
    )
    assert code == "contradiction" and "no kong" in message


def test_it_rejects_kong_replacement_without_self_draw():
    code, message = code_of({**VALID, "kong_replacement": True})
    assert code == "contradiction" and "self_drawn" in message


def test_it_rejects_robbing_a_kong_while_self_drawn():
    code, _ = code_of({**VALID, "robbing_kong": True, "self_drawn": True})
    assert code == "contradiction"


def test_it_rejects_robbing_a_kong_of_a_tile_the_winner_holds():
    code, message = code_of(
        make("123m456p789s1z", "1z", robbing_kong=True, melds=[("chow", "789m")])
    )
    assert code == "contradiction" and "1z" in message


def test_it_rejects_last_tile_while_the_winner_holds_a_copy_concealed():
    code, message = code_of({**VALID, "last_tile": True})
    assert code == "contradiction" and "1z" in message


@pytest.mark.parametrize(
    "junk",
    [
        None,
        [],
        "hand",
        3,
        {"concealed": ["1m"], "win_tile": "1m", "seat_wind": "E", "prevalent_wind": "E"},
    ],
)
def test_it_raises_only_hand_error_for_junk(junk):
    with pytest.raises(HandError):
        parse_hand(junk)
