"""Command line: ``python -m scoring score [--jsonl]``, ``explain``, ``bench``.

The only module (with ``__main__``) that does I/O. Bad input never produces a traceback:
it becomes an error result (``winning: false`` with ``errors``) or a message on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from . import score_hand
from .explain import render
from .result import ScoreResult

USAGE = """usage: python -m scoring score [--jsonl]      one JSON hand on stdin -> JSON result
       python -m scoring explain ['<hand JSON>']  readable breakdown (stdin if omitted)
       python -m scoring bench [...]           benchmark (scoring.bench)"""

EXIT_OK = 0
EXIT_REFUSED = 1  # the hand was read but is not a valid winning hand
EXIT_USAGE = 2  # bad command line or unreadable JSON


def _load(text: str) -> tuple[Any, ScoreResult | None]:
    """Parse JSON text; on failure return an error result instead."""
    try:
        return json.loads(text), None
    except (ValueError, RecursionError) as exc:
        return None, ScoreResult.refused("bad_json", f"not valid JSON: {exc}")


def _dump(result: ScoreResult, out: TextIO) -> None:
    out.write(json.dumps(result.to_dict()) + "\n")


def _score_text(text: str) -> tuple[ScoreResult, bool]:
    """Score one JSON text; the flag says whether the JSON itself was unreadable."""
    data, error = _load(text)
    if error is not None:
        return error, True
    return score_hand(data), False


def cmd_score(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    if args.jsonl:
        for line in stdin:
            line = line.rstrip("\r\n")
            if not line.strip():
                result = ScoreResult.refused("bad_json", "empty line: expected one JSON hand")
            else:
                result, _ = _score_text(line)
            _dump(result, stdout)
            stdout.flush()
        return EXIT_OK
    text = stdin.read()
    if not text.strip():
        _dump(ScoreResult.refused("bad_json", "no input: expected one JSON hand on stdin"),
              stdout)
        return EXIT_USAGE
    result, bad_json = _score_text(text)
    _dump(result, stdout)
    if bad_json:
        return EXIT_USAGE
    return EXIT_OK if result.winning else EXIT_REFUSED


def cmd_explain(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    text = args.hand if args.hand not in (None, "-") else stdin.read()
    result, bad_json = _score_text(text)
    stdout.write(render(result) + "\n")
    if bad_json:
        return EXIT_USAGE
    return EXIT_OK if result.winning else EXIT_REFUSED


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m scoring", add_help=True,
                                     description="MCR (WMO 2006) hand scoring")
    sub = parser.add_subparsers(dest="command")
    score = sub.add_parser("score", help="score JSON hands from stdin")
    score.add_argument("--jsonl", action="store_true", help="one hand per line")
    explain = sub.add_parser("explain", help="readable breakdown of one hand")
    explain.add_argument("hand", nargs="?", help="the hand JSON (default: stdin)")
    return parser


def main(argv: list[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if argv and argv[0] == "bench":
        try:
            from . import bench  # written separately; imported only when asked for
        except ImportError as exc:
            sys.stderr.write(f"scoring bench is not available: {exc}\n")
            return EXIT_USAGE
        return bench.main(argv[1:])
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # argparse already printed the message
        return EXIT_OK if exc.code == 0 else EXIT_USAGE
    try:
        if args.command == "score":
            return cmd_score(args, stdin, stdout)
        if args.command == "explain":
            return cmd_explain(args, stdin, stdout)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    sys.stderr.write(USAGE + "\n")
    return EXIT_USAGE
