"""Drawing lots: a recorded, re-runnable permutation from a printed seed."""

import hashlib

import pytest

from seating.lots import draw_lots, new_seed, verify_lots


def test_the_draw_is_a_permutation_of_player_numbers_1_to_n():
    lots = draw_lots(list(range(1, 29)), "seed")
    assert sorted(lots.values()) == list(range(1, 29))
    assert sorted(lots) == list(range(1, 29))


def test_the_same_seed_gives_the_same_draw_whatever_the_input_order():
    ids = [5, 3, 9, 1, 7]
    assert draw_lots(ids, 42) == draw_lots(list(reversed(ids)), 42)


def test_the_draw_is_pinned_so_it_never_changes_across_versions():
    assert draw_lots([101, 102, 103, 104, 105], "abc") == {102: 1, 104: 2, 105: 3, 103: 4, 101: 5}
    assert draw_lots(["x", "y", "z"], 7) == {"y": 1, "z": 2, "x": 3}


def test_the_draw_follows_the_documented_sha256_ordering():
    ids = ["p1", "p2", "p3", "p4"]

    def key(i):
        return hashlib.sha256(f"mcr-lots-v1\x1fS\x1f{i}".encode()).hexdigest()

    expected = {i: k for k, i in enumerate(sorted(ids, key=key), 1)}
    assert draw_lots(ids, "S") == expected


def test_different_seeds_give_different_draws():
    ids = list(range(40))
    assert draw_lots(ids, "a") != draw_lots(ids, "b")


def test_anyone_can_verify_a_recorded_draw():
    lots = draw_lots([1, 2, 3, 4], "s")
    assert verify_lots([1, 2, 3, 4], "s", lots)
    forged = dict(lots)
    forged[1], forged[2] = lots[2], lots[1]
    assert not verify_lots([1, 2, 3, 4], "s", forged)


def test_duplicate_registration_ids_are_rejected():
    with pytest.raises(ValueError):
        draw_lots([1, 1, 2], "s")


def test_new_seeds_are_fresh_printable_strings():
    a, b = new_seed(), new_seed()
    assert a != b and len(a) == 32 and int(a, 16) >= 0


def test_lot_order_is_the_draws_order_and_depends_only_on_the_seed():
    from seating import draw_lots, lot_order

    order = lot_order([12, 3, 7], "gong")
    drawn = draw_lots([12, 3, 7], "gong")
    assert [drawn[n] for n in order] == [1, 2, 3]
    assert lot_order([7, 12, 3], "gong") == order  # the order given does not matter
