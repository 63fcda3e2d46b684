"""Checks on charts shared by the seating tests."""

import itertools
from collections import Counter


def pair_counts(sessions):
    c = Counter()
    for s in sessions:
        for t in s:
            for p, q in itertools.combinations(sorted(x for x in t if x > 0), 2):
                c[(p, q)] += 1
    return c


def assert_partition(sessions, players):
    for s in sessions:
        seated = sorted(p for t in s for p in t if p > 0)
        assert seated == list(players)
        assert all(len(t) == 4 for t in s)
