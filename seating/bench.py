"""``python -m seating bench``: the benchmark grid.

Grid: N in {16, 20, 24, 28, 32, 36, 40, 48, 64, 100, 200, 400} x R in
{5, 6, 7, 8, 9, 10, 12}, without groups and with teams of 4.  Writes
repeats, max meetings and time per cell to bench-results/seating.json and
prints a table.  Goal per cell: zero repeated pairs when
R <= floor((N-1)/3) (teams: floor((N-4)/3)), except where no such chart
exists (8, 12, 20 players); the issue's targets past the bound otherwise.
Column ``mb`` is the counting bound on the most meetings of one pair (ceil of
3R over the opponents available); the summary names any cell above it.
"""

from __future__ import annotations

import json
import os
import time

from .engine import generate_schedule
from .work import effort_for_seconds

GRID_N = (16, 20, 24, 28, 32, 36, 40, 48, 64, 100, 200, 400)
GRID_R = (5, 6, 7, 8, 9, 10, 12)
QUICK = ("16x5", "16x6", "16x4t", "20x5", "20x6", "24x7", "24x8", "28x8t", "28x9", "28x10",
         "32x10", "36x10", "40x12", "40x12t", "400x12t")
PAST_BOUND_TARGETS = {(16, 6, False): 24, (20, 6, False): 6, (24, 8, False): 18,
                      (28, 10, False): 42}
NO_ZERO = {(20, 6, False), (20, 5, True)}  # known not to exist (5-4-6 social golfer)


def goal(n: int, r: int, teams: bool) -> int | None:
    bound = (n - (4 if teams else 1)) // 3
    if r <= bound and (n, r, teams) not in NO_ZERO:
        return 0
    return PAST_BOUND_TARGETS.get((n, r, teams))


def max_bound(n: int, r: int, teams: bool) -> int:
    """Counting bound on the most meetings of one pair: each player has 3 opponents a
    session, spread over the n - 1 others (n - 4 with teams of 4)."""
    others = n - (4 if teams else 1)
    return max(1, -(-3 * r // others))


def parse_cells(text: str):
    out = []
    for item in text.split(","):
        item = item.strip().lower()
        if not item:
            continue
        teams = item.endswith("t")
        core = item[:-1] if teams else item
        try:
            n, r = (int(x) for x in core.split("x"))
        except ValueError:
            raise ValueError(f"bad cell {item!r} (use NxR or NxRt)") from None
        if n < 4 or r < 1:
            raise ValueError(f"bad cell {item!r}")
        out.append((n, r, teams))
    return out


def run_bench(*, quick: bool = False, effort: int | None = None,
              cells: str | None = None, output: str = "bench-results/seating.json") -> int:
    if cells:
        todo = parse_cells(cells)
    elif quick:
        todo = parse_cells(",".join(QUICK))
    else:
        todo = [(n, r, t) for t in (False, True) for n in GRID_N for r in GRID_R]
    if effort is None:
        effort = effort_for_seconds(10.0 if quick else 30.0)
    results = []
    header = (f"{'N':>4} {'R':>3} {'teams':>5} {'repeats':>7} {'max':>3} {'mb':>2} {'conf':>4} "
              f"{'A±':>2} {'goal':>4} {'ok':>3} {'sec':>7}  method")
    print(header, flush=True)
    for n, r, teams in todo:
        groups = [i // 4 for i in range(n)] if teams else None
        t0 = time.monotonic()
        sched = generate_schedule(players=n, sessions=r, groups=groups, seed=0, effort=effort)
        secs = time.monotonic() - t0
        m = sched.metrics
        g = goal(n, r, teams)
        ok = (m.team_conflicts == 0 and (g is None or m.repeated_pairs <= g))
        row = {
            "players": n, "sessions": r, "teams_of_4": teams,
            "repeated_pairs": m.repeated_pairs, "max_meetings": m.max_meetings,
            "max_meetings_bound": max_bound(n, r, teams),
            "team_conflicts": m.team_conflicts, "a_seat_spread": m.a_seat_spread,
            "table_revisits": m.table_revisits, "seconds": round(secs, 3),
            "goal_repeats": g, "meets_goal": ok if g is not None else None,
            "method": sched.info.get("method"), "stopped_by": sched.info.get("stopped_by"),
            "evaluations": sched.info.get("evaluations"),
            "lower_bound_repeats": sched.info.get("lower_bound_repeats"),
        }
        results.append(row)
        verdict = "-" if g is None else ("yes" if ok else "NO")
        print(f"{n:>4} {r:>3} {('yes' if teams else 'no'):>5} {m.repeated_pairs:>7} "
              f"{m.max_meetings:>3} {max_bound(n, r, teams):>2} {m.team_conflicts:>4} "
              f"{m.a_seat_spread:>2} "
              f"{('-' if g is None else g):>4} {verdict:>3} "
              f"{secs:>7.2f}  {row['method']}", flush=True)
    os.makedirs(os.path.dirname(output) or ".", exist_ok=True)
    with open(output, "w") as fh:
        json.dump({"effort_per_cell": effort, "cells": results}, fh, indent=1)
    missed = [c for c in results if c["meets_goal"] is False]
    above = [f"{c['players']}x{c['sessions']}{'t' if c['teams_of_4'] else ''}"
             for c in results if c["max_meetings"] > c["max_meetings_bound"]]
    print(f"\n{len(results)} cells, {len(missed)} missing their goal; "
          f"{len(above)} with a pair meeting more often than the counting bound "
          f"({', '.join(above) or 'none'}); written to {output}")
    return 0
