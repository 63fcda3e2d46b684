"""``python -m scoring bench``: how fast the engine scores hands, against the reference.

Generates N winning hands (default 20,000, fixed seed) with :mod:`scoring.generate`, times
:func:`scoring.score_hand` over all of them and, when the test-only reference calculator
``MahjongGB`` (package ``pymahjonggb``, a dev dependency) is importable, times it over the same
hands in the same run. Prints hands per second of each and their ratio, and the time to rescore
20,000 hands, and writes the figures as JSON to ``bench-results/scoring.json``.
Single process, ``time.perf_counter``; each engine runs ``--repeats`` times, interleaved, and
the best run of each is compared (noise on a shared machine only ever adds time). The engine
keeps no cache between hands, so every run costs what a fresh process pays.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import sys
import time
from pathlib import Path

from scoring.generate import generate_winning_hands, parse_run, tile_index

DEFAULT_HANDS = 20_000
DEFAULT_SEED = 20_060_101
RESCORE_HANDS = 20_000

_SUIT_CODE = "WBT"  # Characters, Dots, Bamboo in MahjongGB's tile codes
_WIND = {"E": 0, "S": 1, "W": 2, "N": 3}


def mahjonggb_tile(t: int) -> str:
    """Tile index (see :mod:`scoring.generate`) -> MahjongGB code: W/B/T 1..9, F1..F4, J1..J3.

    MahjongGB's honors are E S W N then Red, Green, White (its ``J1`` is the Red dragon).
    """
    if t < 27:
        return f"{_SUIT_CODE[t // 9]}{t % 9 + 1}"
    # winds F1..F4 = E S W N; dragons J1 = Red, J2 = Green, J3 = White (ours: 5z White,
    # 6z Green, 7z Red)
    return f"F{t - 26}" if t < 31 else f"J{34 - t}"


def mahjonggb_args(hand: dict) -> tuple:
    """Positional arguments of ``MahjongGB.MahjongFanCalculator`` for a hand dict.

    ``(pack, hand, winTile, flowerCount, isSelfDrawn, is4thTile, isAboutKong, isWallLast,
    seatWind, prevalentWind)``; a pack is ``("CHI"|"PENG"|"GANG", tile, offer)`` with the
    middle tile of a chow, offer 1..3 for a claimed set and 0 for a concealed kong.
    ``isAboutKong`` is Out with Replacement Tile when self-drawn, Robbing the Kong otherwise.
    """
    packs = []
    for meld in hand["melds"]:
        tiles = sorted(parse_run(meld["tiles"]))
        kind = meld["type"]
        if kind == "chow":
            packs.append(("CHI", mahjonggb_tile(tiles[1]), 1))
        elif kind == "pung":
            packs.append(("PENG", mahjonggb_tile(tiles[0]), 1))
        elif kind == "kong":
            packs.append(("GANG", mahjonggb_tile(tiles[0]), 0 if meld.get("concealed") else 1))
        else:
            raise ValueError(f"unknown meld type {kind!r}")
    standing = tuple(mahjonggb_tile(t) for t in sorted(parse_run(hand["concealed"])))
    self_drawn = bool(hand.get("self_drawn"))
    about_kong = bool(hand.get("kong_replacement") if self_drawn else hand.get("robbing_kong"))
    return (
        tuple(packs),
        standing,
        mahjonggb_tile(tile_index(hand["win_tile"])),
        int(hand.get("flowers", 0)),
        self_drawn,
        bool(hand.get("last_tile")),
        about_kong,
        bool(hand.get("last_wall_tile")),
        _WIND[str(hand["seat_wind"]).upper()[:1]],
        _WIND[str(hand["prevalent_wind"]).upper()[:1]],
    )


def time_engine(hands: list[dict]) -> tuple[float, float]:
    """(wall seconds by ``perf_counter``, CPU seconds of this process) to score ``hands``."""
    from scoring import score_hand

    cpu = time.process_time()
    start = time.perf_counter()
    for hand in hands:
        score_hand(hand)
    return time.perf_counter() - start, time.process_time() - cpu


def _time_reference(hands: list[dict]) -> tuple[float, float, float] | None:
    """(wall seconds including the argument conversion, wall seconds of the calculator calls
    alone, CPU seconds of the whole), or None when MahjongGB is not installed."""
    try:
        import MahjongGB
    except ImportError:
        return None
    calc = MahjongGB.MahjongFanCalculator
    cpu = time.process_time()
    start = time.perf_counter()
    args = [mahjonggb_args(h) for h in hands]
    converted = time.perf_counter()
    for a in args:
        with contextlib.suppress(TypeError):  # ERROR_NOT_WIN and the like: still an attempt
            calc(*a)
    end = time.perf_counter()
    return end - start, end - converted, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scoring bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "-n",
        "--hands",
        type=int,
        default=DEFAULT_HANDS,
        help=f"number of generated hands (default {DEFAULT_HANDS})",
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="generator seed")
    parser.add_argument(
        "--output", default="bench-results/scoring.json", help="where to write the JSON figures"
    )
    parser.add_argument(
        "--repeats",
        type=int,
        default=3,
        help="timed runs of each engine, interleaved; the best of each is reported "
        "(default 3: a shared or virtual machine's noise only ever adds time)",
    )
    parser.add_argument(
        "--no-reference",
        action="store_true",
        help="do not time the MahjongGB reference even if installed",
    )
    opts = parser.parse_args(argv)
    if opts.hands < 1:
        parser.error("--hands must be at least 1")
    if opts.repeats < 1:
        parser.error("--repeats must be at least 1")

    start = time.perf_counter()
    hands = generate_winning_hands(opts.hands, opts.seed)
    gen_s = time.perf_counter() - start

    engine_runs = []
    ref_runs = []
    for _ in range(opts.repeats):
        engine_runs.append(time_engine(hands))
        if not opts.no_reference:
            ref_runs.append(_time_reference(hands))
    engine_s, engine_cpu = min(engine_runs)
    ref = None if not ref_runs or ref_runs[0] is None else (
        min(r[0] for r in ref_runs), min(r[1] for r in ref_runs), min(r[2] for r in ref_runs))

    n = len(hands)
    result: dict = {
        "hands": n,
        "seed": opts.seed,
        "repeats": opts.repeats,
        "python": platform.python_version(),
        "generate_seconds": round(gen_s, 4),
        "engine": {
            "seconds": round(engine_s, 4),
            "hands_per_second": round(n / engine_s, 1),
            "rescore_20000_seconds": round(engine_s / n * RESCORE_HANDS, 3),
            "cpu_seconds": round(engine_cpu, 4),
            "runs_seconds": [round(r[0], 4) for r in engine_runs],
        },
        "reference": None,
    }
    lines = [
        f"hands: {n} (seed {opts.seed}), generated in {gen_s:.2f} s; best of {opts.repeats} "
        "interleaved runs of each engine",
        f"engine (scoring.score_hand): {engine_s:.3f} s, {n / engine_s:,.0f} hands/s, "
        f"rescoring {RESCORE_HANDS:,} hands takes {engine_s / n * RESCORE_HANDS:.2f} s "
        f"(CPU {engine_cpu:.3f} s)",
    ]
    if ref is not None:
        ref_s, ref_call_s, ref_cpu = ref
        result["reference"] = {
            "name": "MahjongGB (pymahjonggb)",
            "seconds": round(ref_s, 4),
            "hands_per_second": round(n / ref_s, 1),
            "calls_only_seconds": round(ref_call_s, 4),
            "calls_only_hands_per_second": round(n / ref_call_s, 1),
            "cpu_seconds": round(ref_cpu, 4),
            "runs_seconds": [round(r[0], 4) for r in ref_runs],
            "calls_only_runs_seconds": [round(r[1], 4) for r in ref_runs],
        }
        result["engine_time_over_reference_time"] = round(engine_s / ref_s, 2)
        result["engine_time_over_reference_calls_only"] = round(engine_s / ref_call_s, 2)
        lines += [
            f"reference (MahjongGB, C++): {ref_s:.3f} s with argument conversion, "
            f"{n / ref_s:,.0f} hands/s; calls alone {ref_call_s:.3f} s, "
            f"{n / ref_call_s:,.0f} hands/s",
            f"ratio engine/reference time: {engine_s / ref_s:.2f}x "
            f"({engine_s / ref_call_s:.2f}x against the calls alone)",
        ]
    else:
        lines.append("reference (MahjongGB): not installed or disabled, not timed")
    print("\n".join(lines))
    out = Path(opts.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"written {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
