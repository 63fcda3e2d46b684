"""Benchmark of a tournament's statistics (issue 30): the 500-player, 10-session demo built
through the services as `bench_tournament` builds it (tournaments.demo.builder), then the
statistics computed with their kept copies removed (cold, `--repeat` times) and read again
from the cache (warm). The goal: a cold computation under 2 s. See docs/benchmarks.md.

It builds its tournament in the database it is started with and deletes it afterwards unless
--keep (as bench_tournament and bench_requests do). Only the statistics' own copies are
removed before a cold run (`stats_forget`: the cache's and the process's); the tournament's
version stays in the cache, as after a write the public pages show.
"""

import cProfile
import json
import os
import statistics
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection, reset_queries
from django.test.utils import CaptureQueriesContext
from django.utils.translation import gettext as _

from tournament_stats.selectors import places_compute, stats_forget, tournament_stats
from tournaments.demo.builder import build_demo
from tournaments.demo.removal import demo_delete
from tournaments.models import Hand, Tournament

GOAL_COLD_SECONDS = 2.0


def _timed(tournament_id: int) -> tuple[float, int, dict]:
    """Seconds and queries of one call of the selector a request makes, and its result."""
    reset_queries()  # a full query log would make the capture count nothing
    with CaptureQueriesContext(connection) as queries:
        begin = time.perf_counter()
        stats = tournament_stats(tournament_id)
        seconds = time.perf_counter() - begin
    return seconds, len(queries.captured_queries), stats


def _cold_runs(tournament_id: int, repeat: int) -> tuple[list[float], int, dict]:
    seconds, queries, stats = [], 0, {}
    for _run in range(repeat):
        stats_forget(tournament_id)
        elapsed, queries, stats = _timed(tournament_id)
        seconds.append(elapsed)
    return seconds, queries, stats


def _warm_runs(tournament_id: int, repeat: int) -> tuple[list[float], int]:
    seconds, most_queries = [], 0
    for _run in range(repeat):
        elapsed, queries, _stats = _timed(tournament_id)
        seconds.append(elapsed)
        most_queries = max(most_queries, queries)
    return seconds, most_queries


def _profile_cold(tournament_id: int, path: Path) -> None:
    """One more cold computation under cProfile (not in the figures: the profiler slows it)."""
    stats_forget(tournament_id)
    profiler = cProfile.Profile()
    profiler.runcall(tournament_stats, tournament_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    profiler.dump_stats(path)


def _places_runs(tournament_id: int, repeat: int) -> tuple[list[float], int]:
    """The places of the stats page's bump chart and of the players' charts (the standings
    after each session), computed without their cache: kept apart from the statistics, but
    a cold stats page needs both."""
    seconds, queries = [], 0
    for _run in range(repeat):
        reset_queries()
        with CaptureQueriesContext(connection) as captured:
            begin = time.perf_counter()
            places_compute(tournament_id)
            seconds.append(time.perf_counter() - begin)
        queries = len(captured.captured_queries)
    return seconds, queries


def _ms(seconds: float) -> float:
    return round(1000 * seconds, 1)


class Command(BaseCommand):
    help = _(
        "Build an N-player demo tournament and time the computation of its statistics, "
        "with an empty cache and from the cache."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=500)
        parser.add_argument("--sessions", type=int, default=10)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument(
            "--repeat", type=int, default=5, help=_("computations timed, cold and warm each")
        )
        parser.add_argument(
            "--time-limit", type=float, default=10.0, help=_("seconds for the seating search")
        )
        parser.add_argument("--output", default="bench-results/stats.json")
        parser.add_argument("--keep", action="store_true", help=_("keep the tournament"))
        parser.add_argument(
            "--profile",
            default="",
            metavar="FILE",
            help=_("write the cProfile of one more cold computation into FILE"),
        )

    def handle(self, *args, **options):
        tournament, build_seconds = self._built(options)
        figures = {
            "database": connection.vendor,
            "cache": settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1],
            "build_seconds": round(build_seconds, 1),
            # after the build: the load the timed computations met, not the build's own
            "load_average_before": [round(value, 2) for value in os.getloadavg()],
        }
        try:
            figures |= self._measured(tournament.pk, options["repeat"])
            if options["profile"]:
                _profile_cold(tournament.pk, Path(options["profile"]))
        finally:
            if not options["keep"]:
                demo_delete(tournament)
        figures["load_average_after"] = [round(value, 2) for value in os.getloadavg()]
        figures["targets"] = self._targets(figures)
        path = Path(options["output"])
        path = path if path.is_absolute() else Path(settings.BASE_DIR) / path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(figures, indent=2) + "\n")
        self._summary(figures, path)

    def _built(self, options) -> tuple[Tournament, float]:
        players, sessions = options["players"], options["sessions"]
        slug = f"bench-stats-{players}p-{sessions}s"
        for old in Tournament.objects.filter(slug=slug):
            demo_delete(old)
        self.stdout.write(f"building a {players}-player, {sessions}-session tournament...")
        started = time.perf_counter()
        build_demo(
            players=players,
            sessions=sessions,
            seed=options["seed"],
            slug=slug,
            time_limit=options["time_limit"],
        )
        return Tournament.objects.get(slug=slug), time.perf_counter() - started

    def _measured(self, tournament_id: int, repeat: int) -> dict:
        cold, cold_queries, stats = _cold_runs(tournament_id, repeat)
        warm, warm_queries = _warm_runs(tournament_id, repeat)
        places, places_queries = _places_runs(tournament_id, repeat)
        return {
            "players_with_hands": len(stats["players"]),
            "hands": stats["hands"],
            "hands_recorded": Hand.objects.filter(
                table_session__session__tournament_id=tournament_id
            ).count(),
            "runs": repeat,
            "cold_ms_median": _ms(statistics.median(cold)),
            "cold_ms_max": _ms(max(cold)),
            "cold_ms_runs": [_ms(seconds) for seconds in cold],
            "cold_queries": cold_queries,
            "warm_ms_median": _ms(statistics.median(warm)),
            "warm_ms_max": _ms(max(warm)),
            "warm_queries": warm_queries,
            "places_ms_median": _ms(statistics.median(places)),
            "places_ms_max": _ms(max(places)),
            "places_queries": places_queries,
        }

    @staticmethod
    def _targets(figures: dict) -> dict:
        return {
            "cold computation under 2 s (slowest run)": {
                "goal_ms": _ms(GOAL_COLD_SECONDS),
                "measured_ms": figures["cold_ms_max"],
                "ok": figures["cold_ms_max"] < _ms(GOAL_COLD_SECONDS),
            },
            "statistics and places together under 2 s (slowest runs)": {
                "goal_ms": _ms(GOAL_COLD_SECONDS),
                "measured_ms": round(figures["cold_ms_max"] + figures["places_ms_max"], 1),
                "ok": figures["cold_ms_max"] + figures["places_ms_max"] < _ms(GOAL_COLD_SECONDS),
            },
            "cached read without a query": {
                "measured_queries": figures["warm_queries"],
                "ok": figures["warm_queries"] == 0,
            },
        }

    def _summary(self, figures: dict, path: Path) -> None:
        self.stdout.write(
            f"{figures['hands']} hands ({figures['hands_recorded']} recorded), "
            f"{figures['players_with_hands']} players, {figures['database']}, built in "
            f"{figures['build_seconds']} s"
        )
        self.stdout.write(f"{'':6} {'median ms':>10} {'max ms':>10} {'queries':>8}")
        for kind in ("cold", "warm", "places"):
            self.stdout.write(
                f"{kind:6} {figures[f'{kind}_ms_median']:>10} {figures[f'{kind}_ms_max']:>10} "
                f"{figures[f'{kind}_queries']:>8}"
            )
        self.stdout.write(
            f"load average {figures['load_average_before']} -> {figures['load_average_after']}"
        )
        for name, check in figures["targets"].items():
            self.stdout.write(f"{'OK  ' if check['ok'] else 'FAIL'} {name}: {check}")
        met = all(check["ok"] for check in figures["targets"].values())
        self.stdout.write(f"{'goals met' if met else 'GOALS NOT MET'}; written to {path}")
