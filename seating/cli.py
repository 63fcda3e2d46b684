"""Command line: ``python -m seating generate|chart|bench|rotation``."""

from __future__ import annotations

import argparse
import json
import sys

from .engine import SeatingError, generate_schedule
from .work import DEFAULT_EFFORT


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # clear message, exit 2, never a traceback
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _positive_int(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text}")
    return v


def _positive_float(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not v > 0 or v != v or v == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number: {text}")
    return v


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m seating", description="MCR table/seat rotation charts")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, help_ in (("generate", "print the chart and metrics as JSON"),
                        ("chart", "print the chart as the Appendix 3 table")):
        g = sub.add_parser(name, help=help_)
        g.add_argument("--players", type=_positive_int, required=True)
        g.add_argument("--sessions", type=_positive_int, required=True)
        g.add_argument("--team-size", type=_positive_int, default=None,
                       help="players 1..K are team 1, K+1..2K team 2, ...")
        g.add_argument("--seed", type=_int, default=0)
        g.add_argument("--effort", type=_positive_int, default=DEFAULT_EFFORT,
                       help="the search's budget of evaluations: with the seed, it fixes the "
                            f"chart (default {DEFAULT_EFFORT}, about 30 s on one core)")
        g.add_argument("--time-limit", type=_positive_float, default=None,
                       help="seconds after which the search stops early (the chart then "
                            "says it is not reproducible)")
    b = sub.add_parser("bench", help="benchmark grid -> bench-results/seating.json")
    b.add_argument("--quick", action="store_true", help="a small subset of the grid")
    b.add_argument("--effort", type=_positive_int, default=None,
                   help="per-cell budget of evaluations (default 30 s worth, quick: 10 s)")
    b.add_argument("--cells", default=None,
                   help="comma list like 16x5,28x8t (t = teams of 4)")
    b.add_argument("--output", default="bench-results/seating.json")
    sub.add_parser("rotation", help="print the Appendix 4 seat rotation and hand winds")
    lot = sub.add_parser("lot", help="re-run a lot: the numbers in the order the seed draws them")
    lot.add_argument("--seed", required=True, help="the seed printed with the lot")
    lot.add_argument("numbers", nargs="+", type=_positive_int,
                     help="the players' numbers (a tie at the cut-off: the tied players)")
    return p


def _print_lot(numbers, seed) -> int:
    """Each number with its place in the lot, the first drawn first."""
    from .lots import lot_order
    for place, number in enumerate(lot_order(numbers, seed), 1):
        print(f"{place:>4}  {number}")
    return 0


def _print_schedule(args) -> int:
    """`generate` (JSON) and `chart` (the Appendix 3 table)."""
    if args.team_size is not None and args.team_size > args.players:
        raise SeatingError("--team-size cannot exceed --players")
    if args.players < 4:
        raise SeatingError("--players must be at least 4")
    groups = None
    if args.team_size:
        groups = [i // args.team_size + 1 for i in range(args.players)]
    sched = generate_schedule(players=args.players, sessions=args.sessions,
                              groups=groups, seed=args.seed,
                              effort=args.effort, time_limit=args.time_limit)
    if args.command == "generate":
        out = sched.to_dict()
        out["metrics"]["generation"] = out.pop("info")
        print(json.dumps(out))
    else:
        from .chart import render_chart
        m = sched.metrics
        print(render_chart(sched.sessions))
        print(f"players {m.players}, repeated pairs {m.repeated_pairs}, "
              f"max meetings {m.max_meetings}, team conflicts {m.team_conflicts}, "
              f"A-seat spread {m.a_seat_spread}, table revisits {m.table_revisits}")
    return 0


def _print_rotation() -> int:
    from .rotation import hand_table, seat_rotation
    print("Round  East South West North")
    for r, row in enumerate(seat_rotation(), 1):
        print(f"{r:>5}  " + " ".join(f"{row[w]:>4}" for w in ("E", "S", "W", "N")))
    print()
    print("Hand  Prevalent  Dealer  A  B  C  D")
    for h in hand_table():
        sw = h["seat_winds"]
        print(f"{h['hand']:>4}  {h['prevalent_wind']:>9}  {h['dealer']:>6}  "
              + "  ".join(sw[p] for p in "ABCD"))
    return 0


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command in ("generate", "chart"):
            return _print_schedule(args)
        if args.command == "bench":
            from .bench import run_bench
            return run_bench(quick=args.quick, effort=args.effort,
                             cells=args.cells, output=args.output)
        if args.command == "lot":
            return _print_lot(args.numbers, args.seed)
        if args.command == "rotation":
            return _print_rotation()
    except (SeatingError, ValueError) as exc:
        print(f"python -m seating: error: {exc}", file=sys.stderr)
        return 2
    return 1
