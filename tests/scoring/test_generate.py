"""The hand generators of scoring.generate: deterministic, valid, covering every shape."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scoring.generate import (
    SHAPES,
    WINDS,
    generate_hand,
    generate_malformed_hands,
    generate_non_winning_hands,
    generate_winning_hands,
    hand_tiles,
    is_winning_shape,
    parse_run,
    tile_index,
)

KEYS = {
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
}


@pytest.fixture(scope="module")
def winning() -> list[dict]:
    return generate_winning_hands(5000, seed=7)


def assert_well_formed(hand: dict) -> None:
    """The contract of spec/hand-format.md, as the generator must honour it."""
    assert set(hand) == KEYS
    melds = hand["melds"]
    standing = parse_run(hand["concealed"])
    win = tile_index(hand["win_tile"])
    assert len(standing) + 1 + 3 * len(melds) == 14
    for meld in melds:
        tiles = sorted(parse_run(meld["tiles"]))
        kind = meld["type"]
        if kind == "chow":
            assert tiles[0] < 27 and tiles == [tiles[0], tiles[0] + 1, tiles[0] + 2]
            assert tiles[0] // 9 == tiles[2] // 9
            assert meld["concealed"] is False
        elif kind == "pung":
            assert len(tiles) == 3 and len(set(tiles)) == 1 and meld["concealed"] is False
        else:
            assert kind == "kong" and len(tiles) == 4 and len(set(tiles)) == 1
    counts = Counter(hand_tiles(hand))
    assert max(counts.values()) <= 4
    assert 0 <= hand["flowers"] <= 8
    assert hand["seat_wind"] in WINDS and hand["prevalent_wind"] in WINDS
    if hand["kong_replacement"]:
        assert hand["self_drawn"] and any(m["type"] == "kong" for m in melds)
    if hand["robbing_kong"]:
        assert not hand["self_drawn"] and counts[win] == 1
    if hand["last_tile"]:
        assert win not in standing


def test_the_same_seed_gives_the_same_hands():
    assert generate_winning_hands(300, seed=11) == generate_winning_hands(300, seed=11)
    assert generate_non_winning_hands(100, seed=11) == generate_non_winning_hands(100, seed=11)
    assert generate_malformed_hands(100, seed=11) == generate_malformed_hands(100, seed=11)


def test_different_seeds_give_different_hands():
    assert generate_winning_hands(50, seed=1) != generate_winning_hands(50, seed=2)


def test_every_winning_hand_is_well_formed_and_a_winning_shape(winning):
    for hand in winning:
        assert_well_formed(hand)
        assert is_winning_shape(hand), hand


def test_winning_hands_cover_every_shape_and_every_kind_of_meld(winning):
    standings = [sorted(parse_run(h["concealed"]) + [tile_index(h["win_tile"])]) for h in winning]
    seven_pairs = sum(
        1
        for h, s in zip(winning, standings, strict=True)
        if not h["melds"] and all(c in (2, 4) for c in Counter(s).values())
    )
    four_alike = sum(
        1
        for h, s in zip(winning, standings, strict=True)
        if not h["melds"] and sorted(Counter(s).values()) == [2] * 5 + [4]
    )
    orphans = sum(1 for s in standings if len(set(s)) == 13 and len(s) == 14)
    knitted = sum(1 for s in standings if len(set(s)) == 14)
    meld_kinds = Counter((m["type"], m["concealed"]) for h in winning for m in h["melds"])
    assert seven_pairs > 50 and four_alike > 0 and orphans > 10 and knitted > 50
    assert {("chow", False), ("pung", False), ("kong", False), ("kong", True)} <= set(meld_kinds)
    assert any(not h["melds"] for h in winning)
    assert any(len(h["melds"]) == 4 for h in winning)


def test_generate_hand_makes_each_named_shape_and_honours_its_fixed_fields():
    rng = random.Random(3)
    for shape in SHAPES:
        for _ in range(40):
            hand = generate_hand(
                rng, shape=shape, seat_wind="S", prevalent_wind="W", self_drawn=True
            )
            assert_well_formed(hand)
            assert is_winning_shape(hand)
            assert (hand["seat_wind"], hand["prevalent_wind"], hand["self_drawn"]) == (
                "S",
                "W",
                True,
            )


def test_generate_hand_keeps_drawing_until_the_filter_accepts():
    rng = random.Random(5)
    hand = generate_hand(rng, min_points_filter=lambda h: len(h["melds"]) == 4)
    assert len(hand["melds"]) == 4


def test_winning_hands_use_every_flag_wind_and_flower_count(winning):
    for flag in ("self_drawn", "last_tile", "last_wall_tile", "kong_replacement", "robbing_kong"):
        assert {h[flag] for h in winning} == {True, False}, flag
    assert {h["seat_wind"] for h in winning} == set(WINDS)
    assert {h["prevalent_wind"] for h in winning} == set(WINDS)
    assert {h["flowers"] for h in winning} == set(range(9))


def test_non_winning_hands_are_well_formed_but_not_a_winning_shape():
    hands = generate_non_winning_hands(2000, seed=9)
    assert len(hands) == 2000
    for hand in hands:
        assert_well_formed(hand)
        assert not is_winning_shape(hand), hand


def test_malformed_hands_each_break_a_rule_of_the_hand_format():
    hands = generate_malformed_hands(600, seed=13)
    defects = Counter(h["_defect"] for h in hands)
    assert len(defects) >= 14
    for hand in hands:
        bare = {k: v for k, v in hand.items() if k != "_defect"}
        with pytest.raises((AssertionError, ValueError, KeyError, IndexError)):
            assert_well_formed(bare)


def test_the_winning_shape_check_knows_the_special_hands():
    def hand(concealed: str, win: str, melds=()) -> dict:
        return {"melds": list(melds), "concealed": concealed, "win_tile": win}

    assert is_winning_shape(hand("19m19p19s1234567z", "1m"))  # thirteen orphans
    assert is_winning_shape(hand("1122m3344p5566s7z", "7z"))  # seven pairs
    assert is_winning_shape(hand("1111m223344p55s6z", "6z"))  # four alike as two pairs
    assert is_winning_shape(hand("147m258p369s1234z", "5z"))  # honors and knitted
    assert is_winning_shape(hand("147m258p369s123m5z", "5z"))  # knitted straight
    assert not is_winning_shape(hand("147m258p369s124m5z", "5z"))
    assert not is_winning_shape(hand("1112345678999m", "1p"))
