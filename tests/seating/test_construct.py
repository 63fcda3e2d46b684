"""Constructions: developed base classes and the known-schedule library."""

import json
from importlib import resources

from seating.construct import (
    BaseClass,
    check_development,
    find_base_class,
    find_orbit_base_class,
    known_base_classes,
)
from seating.work import Work


def test_every_base_class_kept_as_data_develops_into_sessions_without_repeats():
    raw = json.loads(resources.files("seating").joinpath("data/base_classes.json").read_text())
    assert raw["base_classes"]
    for item in raw["base_classes"]:
        assert item["source"]
        bc = BaseClass(
            item["n"],
            item["m"],
            item["levels"],
            item["fixed"],
            tuple(tuple(b) for b in item["blocks"]),
            copies=item.get("copies", 1),
        )
        sessions = bc.develop()
        assert len(sessions) == bc.m * bc.copies
        assert check_development(sessions, bc.n) == 0, item["n"]
    assert {16, 24, 28, 32, 36, 40} <= set(known_base_classes())
    assert max(bc.sessions for bc in known_base_classes()[32]) == 10


def test_a_corrupted_data_entry_would_be_detected():
    bc = known_base_classes()[16][0]
    broken = list(bc.blocks)
    a, b = broken[0], broken[1]
    broken[0] = (a[0], a[1], b[2], b[3])
    broken[1] = (b[0], b[1], a[2], a[3])
    bad = BaseClass(bc.n, bc.m, bc.levels, bc.fixed, tuple(broken))
    assert check_development(bad.develop(), bad.n) > 0


def test_the_difference_search_finds_the_affine_plane_of_order_4():
    bc = find_base_class(16, 5, 3, 1, seed=5, work=Work(budget=10**6), max_evals=10**6)
    assert bc is not None and check_development(bc.develop(), 16) == 0


def test_the_multiplier_orbit_search_finds_a_resolvable_design_on_40_points():
    bc = find_orbit_base_class(13, 3, seed=1)
    assert bc is not None
    sessions = bc.develop()
    assert len(sessions) == 13 and check_development(sessions, 40) == 0
