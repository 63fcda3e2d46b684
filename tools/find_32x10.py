"""Offline search that produced the 32-player, 10-session chart in
``seating/data/base_classes.json`` (a 4-RGDD of type 2^16: every player meets 30 of the
other 31 exactly once).

Not part of the package and not run by the tests: it needs OR-tools
(``pip install ortools``), which is not a project dependency. The package only keeps its
output as data and re-verifies it when loading (``seating.construct.known_base_classes``).

The points are the 32 vectors of GF(2)^5 (ints 0..31, XOR as addition). ``k`` lines of a
random partial spread of PG(4,2) give ``k`` parallel classes of AG(5,2) (the cosets of
each line as a 2-dimensional subspace); they cover the pairs whose difference lies on one
of the lines. Of the differences left, one (``delta``) is the pairs that never meet; the
other classes are an exact cover of the pairs with the remaining differences by 4-sets
whose six differences all lie there, split into parallel classes, found with CP-SAT.

Run: ``python tools/find_32x10.py 5 5 30 4`` (k, tries, seconds per try, seed) found the
stored chart at try 1, delta 31. Output: the 10 classes as a Python list.
"""

from __future__ import annotations

import itertools
import random
import sys

from ortools.sat.python import cp_model

POINTS = 32


def all_lines() -> list[frozenset[int]]:
    return list({frozenset((a, b, a ^ b)) for a in range(1, POINTS)
                 for b in range(a + 1, POINTS)})


def random_partial_spread(rng: random.Random, k: int) -> list[frozenset[int]] | None:
    lines = all_lines()
    for _ in range(2000):
        rng.shuffle(lines)
        used: set[int] = set()
        spread = []
        for line in lines:
            if not line & used:
                spread.append(line)
                used |= line
                if len(spread) == k:
                    return spread
    return None


def coset_class(line: frozenset[int]) -> list[tuple[int, ...]]:
    a, b, _ = sorted(line)
    seen: set[int] = set()
    out = []
    for x in range(POINTS):
        if x not in seen:
            block = (x, x ^ a, x ^ b, x ^ a ^ b)
            seen.update(block)
            out.append(tuple(sorted(block)))
    return out


def cover_classes(allowed: set[int], classes: int, seconds: float, seed: int):
    """``classes`` parallel classes covering each pair with difference in ``allowed``
    exactly once (and no other pair), or None."""
    candidates = [b for b in itertools.combinations(range(POINTS), 4)
                  if all(x ^ y in allowed for x, y in itertools.combinations(b, 2))]
    model = cp_model.CpModel()
    use = {(i, c): model.NewBoolVar("") for i in range(len(candidates)) for c in range(classes)}
    by_pair: dict[tuple[int, int], list[int]] = {}
    by_point: dict[int, list[int]] = {}
    for i, block in enumerate(candidates):
        for pair in itertools.combinations(block, 2):
            by_pair.setdefault(pair, []).append(i)
        for p in block:
            by_point.setdefault(p, []).append(i)
    for pair in itertools.combinations(range(POINTS), 2):
        want = 1 if pair[0] ^ pair[1] in allowed else 0
        holders = by_pair.get(pair, [])
        if want and not holders:
            return None
        model.Add(sum(use[i, c] for i in holders for c in range(classes)) == want)
    for c in range(classes):
        for p in range(POINTS):
            model.AddExactlyOne(use[i, c] for i in by_point.get(p, []))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[candidates[i] for i in range(len(candidates)) if solver.Value(use[i, c])]
            for c in range(classes)]


def repeats(classes) -> int:
    seen: set[tuple[int, int]] = set()
    count = 0
    for cls in classes:
        assert sorted(p for b in cls for p in b) == list(range(POINTS))
        for block in cls:
            for pair in itertools.combinations(block, 2):
                count += pair in seen
                seen.add(pair)
    return count


def main(k: int, tries: int, seconds: float, seed: int) -> int:
    rng = random.Random(seed)
    for attempt in range(tries):
        spread = random_partial_spread(rng, k)
        left = sorted(set(range(1, POINTS)) - set().union(*spread))
        for delta in left:
            found = cover_classes(set(left) - {delta}, 10 - k, seconds, attempt)
            print(attempt, delta, "found" if found else "no", flush=True)
            if found:
                classes = [coset_class(line) for line in spread] + found
                assert repeats(classes) == 0
                print(classes)
                return 0
    return 1


if __name__ == "__main__":
    sys.exit(main(*(int(a) if i != 2 else float(a) for i, a in enumerate(sys.argv[1:5]))))
