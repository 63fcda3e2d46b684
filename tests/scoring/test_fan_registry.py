"""The registry of the fans: one entry per fan, holding its detection and what it excludes,
so that changing a fan is one edit in one place (issue #17)."""

from __future__ import annotations

import dataclasses
import inspect
import re

import pytest

from scoring import FANS, score_hand
from scoring.fans import ids
from scoring.fans.registry import AWARDED, CHOWS, ENTRIES, PUNGS
from tests.scoring.hand_builders import fans, make


def test_the_registry_holds_the_81_fans_of_the_rulebook_once_each():
    assert sorted(FANS) == list(range(1, 82))
    assert all(FANS[n].id == n for n in FANS)
    assert len({fan.name for fan in FANS.values()}) == 81


def test_only_chicken_hand_and_flower_tiles_have_no_detection():
    awarded = {fan.id for fan in ENTRIES.values() if fan.scope == AWARDED}
    assert awarded == {ids.CHICKEN_HAND, ids.FLOWER_TILES}
    assert all(fan.detect is not None for fan in ENTRIES.values() if fan.scope != AWARDED)


@pytest.mark.parametrize("fan", [f for f in ENTRIES.values() if f.detect], ids=lambda f: f.name)
def test_each_detection_cites_the_rule_of_its_fan(fan):
    rule = ids.TWO_MELDED_KONGS if fan.id == ids.MELDED_AND_CONCEALED_KONG else fan.id
    assert re.match(rf"Rule {rule}\b", inspect.getdoc(fan.detect) or ""), fan.name


def test_a_group_fan_takes_as_many_sets_as_it_says():
    for fan in ENTRIES.values():
        if fan.scope in (CHOWS, PUNGS):
            assert fan.sets in (2, 3, 4)
            assert len(inspect.signature(fan.detect).parameters) == fan.sets, fan.name


SELF_DRAWN_ON_THE_LAST_TILE = make("123m456p789s234s5z", "5z", self_drawn=True, last_wall_tile=True)


def test_one_edit_of_an_entry_changes_how_two_fans_combine(monkeypatch):
    """The newcomer's question: may Fully Concealed Hand combine with Last Tile Draw? One
    entry says so; changing it changes the hands that hold both, and only those."""
    before = score_hand(SELF_DRAWN_ON_THE_LAST_TILE)
    assert {ids.FULLY_CONCEALED_HAND, ids.LAST_TILE_DRAW} <= set(fans(before))
    on_a_discard = make("123m456p789s234s5z", "5z", last_wall_tile=True)
    discard_before = score_hand(on_a_discard).to_dict()

    entry = ENTRIES[ids.FULLY_CONCEALED_HAND]
    monkeypatch.setitem(
        ENTRIES,
        entry.id,
        dataclasses.replace(entry, excludes=entry.excludes | {ids.LAST_TILE_DRAW}),
    )

    after = score_hand(SELF_DRAWN_ON_THE_LAST_TILE)
    assert ids.LAST_TILE_DRAW not in fans(after)
    assert after.points == before.points - FANS[ids.LAST_TILE_DRAW].points
    assert score_hand(on_a_discard).to_dict() == discard_before


def test_a_fan_found_removes_what_its_entry_excludes_even_when_itself_removed():
    """Nine Gates removes Full Flush, and No Honors, which Full Flush excludes, stays out."""
    got = fans(score_hand(make("1112345678999m", "5m")))
    assert ids.NINE_GATES in got
    assert not {ids.FULL_FLUSH, ids.NO_HONORS} & set(got)


def test_the_set_left_over_by_a_fan_of_three_chows_combines_once_with_the_lowest_fan():
    """Pure Straight 123m 456m 789m and a second 123m: the 123m left over could make Pure
    Double Chow with 123m or Short Straight with 456m; it makes one, the lower-numbered."""
    result = score_hand(make("123123456789m5p", "5p"))
    got = fans(result)
    assert got[ids.PURE_STRAIGHT] == 1
    assert got[ids.PURE_DOUBLE_CHOW] == 1 and ids.SHORT_STRAIGHT not in got
    chows = [e.text for e in result.explanation if e.fan_id == ids.PURE_DOUBLE_CHOW]
    assert chows == ["123m 123m"]
