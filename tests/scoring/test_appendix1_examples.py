"""Every worked example of Appendix 1 (WMO 2006 rules) scored by the engine.

The examples are data in ``appendix1_examples.py``; see its docstring for how the keyboard
notation was decoded and which arrangement was chosen where the text leaves it open.
Failures the decoding cannot explain are listed for the engine author in
``APPENDIX1_FINDINGS.md``.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

import scoring
from tests.scoring.appendix1_examples import (
    ALL_EXAMPLES,
    CONSTRUCTED,
    EXAMPLES,
    NAMES,
    Example,
    kb,
)

IDS = [example.key for example in ALL_EXAMPLES]


def _score(example: Example):
    return scoring.score_hand(example.hand)


def _counts(result) -> dict[int, int]:
    return {fan.id: fan.count for fan in result.fans}


def _describe(result) -> str:
    fans = ", ".join(f"{f.id} {f.name} {f.points}x{f.count}" for f in result.fans)
    return f"engine gave [{fans}] = {result.points} points; errors {result.errors}"


def _names(fans) -> str:
    return ", ".join(f"{fan} {NAMES[fan]}" for fan in fans)


# --------------------------------------------------------------------------- the data


def _tiles(compact: str) -> list[str]:
    tiles = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", compact):
        tiles += [digit + suit for digit in digits]
    return tiles


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=IDS)
def test_the_example_hand_has_fourteen_tiles_and_no_tile_more_than_four_times(example):
    hand = example.hand
    tiles = _tiles(hand["concealed"]) + _tiles(hand["win_tile"])
    for meld in hand["melds"]:
        tiles += _tiles(meld["tiles"])[:3] if meld["type"] == "kong" else _tiles(meld["tiles"])
    assert len(tiles) == 14, tiles
    everything = tiles + [_tiles(m["tiles"])[3] for m in hand["melds"] if m["type"] == "kong"]
    assert max(Counter(everything).values()) <= 4, Counter(everything)


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=IDS)
def test_no_fan_is_both_expected_and_forbidden_in_an_example(example):
    options = {fan for option in example.one_of for fan in option}
    assert not (set(example.expected) | options) & set(example.forbidden)


def test_the_keyboard_font_decodes_to_the_hand_format_tiles():
    assert kb("qwe asd zxc") == "123m123p123s"
    assert kb("uio jkl m,.") == "789m789p789s"
    assert kb("1234 567") == "1234567z"
    assert kb("al z. qo") == "19p19s19m"


def test_every_fan_with_an_example_in_appendix_1_is_covered():
    with_examples = {
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
        24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 48,
        49, 50, 51, 52, 53, 54, 55, 56, 57, 62, 63, 64, 65, 66, 68, 80,
    }  # fmt: skip
    assert {example.fan for example in EXAMPLES} == with_examples


def test_every_fan_is_expected_somewhere_in_the_examples():
    expected = {fan for example in ALL_EXAMPLES for fan in example.expected}
    expected |= {fan for example in ALL_EXAMPLES for option in example.one_of for fan in option}
    assert {fan for example in CONSTRUCTED for fan in [example.fan]} <= expected
    assert set(range(1, 82)) - expected == set()


# --------------------------------------------------------------------------- the engine


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=IDS)
def test_the_example_is_a_winning_hand(example):
    result = _score(example)
    assert result.winning, _describe(result)
    assert not result.errors, _describe(result)


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=IDS)
def test_the_example_scores_its_own_fan(example):
    result = _score(example)
    counts = _counts(result)
    assert example.fan in counts, f"fan {example.fan} {NAMES[example.fan]} missing; " + (
        _describe(result)
    )
    if example.fan_points is not None:
        points = {fan.id: fan.points for fan in result.fans}[example.fan]
        assert points == example.fan_points, _describe(result)


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=IDS)
def test_the_example_scores_the_fans_it_combines_with(example):
    result = _score(example)
    counts = _counts(result)
    missing = {fan: count for fan, count in example.expected.items() if counts.get(fan, 0) < count}
    assert not missing, f"missing {[(f, NAMES[f], c) for f, c in missing.items()]}; " + _describe(
        result
    )
    if example.exact:
        assert set(counts) == set(example.expected), _describe(result)


@pytest.mark.parametrize(
    "example", [e for e in ALL_EXAMPLES if e.one_of], ids=[e.key for e in ALL_EXAMPLES if e.one_of]
)
def test_the_example_scores_exactly_one_of_its_alternatives(example):
    result = _score(example)
    counts = _counts(result)
    universe = {fan for option in example.one_of for fan in option}
    got = {fan: counts[fan] for fan in universe if fan in counts}
    assert got in list(example.one_of), (
        f"expected one of {example.one_of} for {_names(sorted(universe))}; " + _describe(result)
    )


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=IDS)
def test_the_example_scores_no_fan_its_definitions_exclude(example):
    result = _score(example)
    wrong = sorted(set(_counts(result)) & set(example.forbidden))
    assert not wrong, f"scored excluded fans {_names(wrong)}; " + _describe(result)


def test_flowers_are_listed_as_fan_81_and_added_to_the_total_but_not_the_points():
    (example,) = [e for e in CONSTRUCTED if e.fan == 81]
    result = _score(example)
    assert result.total == result.points + 3, _describe(result)
    assert result.meets_minimum == (result.points >= 8), _describe(result)


def test_a_complete_hand_below_eight_points_is_winning_but_misses_the_minimum():
    (example,) = [e for e in CONSTRUCTED if e.key == "fan66_constructed1"]
    result = _score(example)
    assert result.winning, _describe(result)
    assert result.points < 8
    assert not result.meets_minimum, _describe(result)
