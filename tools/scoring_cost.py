"""Offline cost counters for ``scoring.score_hand``, steadier than wall time on a shared machine.

Two measures over the bench's generated hands (same generator and seed as ``python -m
scoring bench``), as the bench does:

* ``opcodes``: bytecodes executed per hand, in total and by function (or by line with
  ``--lines``), counted with ``sys.settrace``; ``--warm N`` scores N hands untraced first.
* ``callgrind``: machine instructions per hand under valgrind's callgrind (``valgrind`` must be
  installed), as the difference between a run of N hands and a run of none, so that start-up
  and generation cancel out. Deterministic: compare two trees by running it in each.

Instruction counts fell about twice as fast as wall time in session 3 (memory traffic is not
counted), so confirm a gain with interleaved bench runs. Not run by the tests.

Run: ``python tools/scoring_cost.py opcodes [-n 2000] [--warm 18000] [--lines]`` or
``python tools/scoring_cost.py callgrind [-n 20000]``.
"""

from __future__ import annotations

import argparse
import collections
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring.bench import DEFAULT_SEED  # noqa: E402
from scoring.generate import generate_winning_hands  # noqa: E402


def _hands(n: int) -> list[dict]:
    return generate_winning_hands(n, DEFAULT_SEED)


def count_opcodes(n: int, warm: int, by_line: bool, top: int) -> None:
    from scoring import score_hand

    hands = _hands(warm + n)
    for hand in hands[:warm]:
        score_hand(hand)
    counts: collections.Counter = collections.Counter()

    def tracer(frame, event, _arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            where = (Path(code.co_filename).name, code.co_name)
            counts[(*where, frame.f_lineno) if by_line else where] += 1
        return tracer

    sys.settrace(tracer)
    try:
        for hand in hands[warm:]:
            score_hand(hand)
    finally:
        sys.settrace(None)
    print(f"opcodes per hand: {sum(counts.values()) / n:,.0f} ({n} hands after {warm} warm)")
    for where, c in counts.most_common(top):
        print(f"{c / n:9.1f}  {where}")


def _score_only(n: int, generated: int) -> None:
    """The body run under callgrind: generate ``generated`` hands (the same in both runs, so
    that generation cancels out), score the first ``n``."""
    from scoring import score_hand

    hands = _hands(generated)
    for hand in hands[:n]:
        score_hand(hand)


def count_instructions(n: int) -> None:
    def collected(hands: int) -> int:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
             __file__, "_score-only", "-n", str(hands), "--generate", str(n)],
            capture_output=True, text=True, check=True)
        found = re.search(r"Collected : (\d+)", out.stderr)
        if found is None:
            raise SystemExit(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
        return int(found.group(1))

    base, loaded = collected(0), collected(n)
    print(f"instructions per hand: {(loaded - base) / n:,.0f} ({n} cold hands, callgrind)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("measure", choices=("opcodes", "callgrind", "_score-only"))
    parser.add_argument("-n", type=int, default=None, help="hands measured")
    parser.add_argument("--warm", type=int, default=0, help="hands scored before counting")
    parser.add_argument("--lines", action="store_true", help="opcodes by line")
    parser.add_argument("--top", type=int, default=30, help="rows of the opcode table")
    parser.add_argument("--generate", type=int, default=1, help=argparse.SUPPRESS)
    opts = parser.parse_args()
    if opts.measure == "opcodes":
        count_opcodes(opts.n or 2000, opts.warm, opts.lines, opts.top)
    elif opts.measure == "callgrind":
        count_instructions(opts.n or 20000)
    else:
        _score_only(opts.n or 0, opts.generate)


if __name__ == "__main__":
    main()
