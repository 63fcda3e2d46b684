"""Offline search that produced the developed charts of ``seating/data/past_bound.json``
(20 x 12, and 20 x 10 with teams of 4): every pair meets once or twice.

The package's difference search (``seating.construct.DifferenceSearch``) with another
``DifferencePenalty``: each difference used once or twice and every one used, ``copies``
base classes sharing the counts, and (with ``teams``) mixed difference 0 forbidden so that
the points with the same x never meet. Not run by the tests; the package re-verifies the
stored output when loading.

Run: ``python tools/find_past_bound.py n m levels fixed copies effort [seed] [teams]``,
e.g. ``20 4 5 0 3 30000000 1`` (20 x 12) and ``20 5 4 0 2 30000000 0 teams`` (20 x 10 with
teams); ``effort`` is the budget of evaluations.
"""

import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from seating.construct import BaseClass, DifferencePenalty, DifferenceSearch  # noqa: E402
from seating.work import Work  # noqa: E402


def teammate_keys(search: DifferenceSearch) -> frozenset[int]:
    """Mixed difference 0 between every two levels: the points with one x are a team."""
    levels, m = search.levels, search.m
    return frozenset(
        search.mixed_off + (i * levels + j) * m for i in range(levels) for j in range(i + 1, levels)
    )


def report(bc: BaseClass, teams: bool) -> None:
    meetings = Counter()
    for session in bc.develop():
        assert sorted(p for b in session for p in b) == list(range(bc.n))
        for b in session:
            for i in range(4):
                for j in range(i + 1, 4):
                    meetings[frozenset((b[i], b[j]))] += 1
    print(len(bc.develop()), sorted(Counter(meetings.values()).items()), len(meetings))
    if teams:
        same = sum(v for k, v in meetings.items() if len({p % bc.m for p in k}) == 1)
        print("teammate meetings", same)
    print(json.dumps([list(b) for b in bc.blocks]))


def main(argv: list[str]) -> int:
    n, m, levels, fixed, copies, effort = map(int, argv[:6])
    seed = int(argv[6]) if len(argv) > 6 else 0
    teams = len(argv) > 7
    started = time.time()
    probe = DifferenceSearch(n, m, levels, fixed, random.Random(seed), copies=copies)
    penalty = DifferencePenalty(
        most=2, each_needed=True, forbidden=teammate_keys(probe) if teams else frozenset()
    )
    search = DifferenceSearch(
        n, m, levels, fixed, random.Random(seed), copies=copies, penalty=penalty
    )
    cost, blocks = search.run(Work(budget=effort), effort)
    print("cost", cost, round(time.time() - started, 1))
    if cost == 0:
        blocks = [[p % n for p in b] for b in blocks]
        report(BaseClass(n, m, levels, fixed, tuple(tuple(sorted(b)) for b in blocks),
                         copies=copies), teams)
    return 0 if cost == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
