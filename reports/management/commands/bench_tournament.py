"""Benchmark: build a large demo through the services, then time the standings query and the
printing of score sheets and standings. In reports (it prints), which builds on tournaments.
"""

import json
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection, reset_queries
from django.test.utils import CaptureQueriesContext
from django.utils.translation import gettext as _

from reports.printing import PrintRequest, print_form
from tournaments.demo.builder import build_demo
from tournaments.demo.removal import demo_delete
from tournaments.models import Tournament
from tournaments.selectors.standings import standings_compute


class Command(BaseCommand):
    help = _("Build an N-player demo tournament and time hand entry and the standings query.")

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=500)
        parser.add_argument("--sessions", type=int, default=10)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--output", default="bench-results/tournament.json")
        parser.add_argument("--keep", action="store_true", help=_("keep the tournament"))
        parser.add_argument("--time-limit", type=float, default=10.0)

    def handle(self, *args, players, sessions, seed, output, keep, time_limit, **options):
        slug = f"bench-{players}p-{sessions}s"
        for old in Tournament.objects.filter(slug=slug):
            demo_delete(old)
        started = time.perf_counter()
        summary = build_demo(
            players=players, sessions=sessions, seed=seed, slug=slug, time_limit=time_limit
        )
        build_seconds = time.perf_counter() - started
        tournament = Tournament.objects.get(slug=slug)
        timings = []
        for _run in range(5):
            reset_queries()  # a full query log would make the capture count nothing
            with CaptureQueriesContext(connection) as queries:
                begin = time.perf_counter()
                standings_compute(tournament=tournament)
                timings.append(time.perf_counter() - begin)
        figures = {
            **self._print_figures(tournament),
            "database": connection.vendor,
            "players": summary.players,
            "sessions": sessions,
            "hands": summary.hands,
            "build_seconds": round(build_seconds, 2),
            "ms_per_hand_entered": round(1000 * build_seconds / max(summary.hands, 1), 3),
            "standings_seconds_best": round(min(timings), 4),
            "standings_seconds_worst": round(max(timings), 4),
            "standings_queries": len(queries.captured_queries),
        }
        path = Path(output)
        if not path.is_absolute():
            path = Path(settings.BASE_DIR) / path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(figures, indent=2) + "\n")
        self.stdout.write(json.dumps(figures, indent=2))
        if not keep:
            demo_delete(tournament)

    @staticmethod
    def _print_figures(tournament) -> dict:
        """Session 1's score sheets in one PDF, and the standings, each best of three runs in
        this one process (one worker): data, fingerprints and layout included. The first run
        of all is also given: it loads the fonts, as a fresh worker does once."""
        sheets = tournament.sessions.get(number=1).table_sessions.count()
        request = PrintRequest(tournament=tournament, session=1)
        timings = {}
        for kind, options in (("scoresheet", request), ("standings", PrintRequest(tournament))):
            runs = []
            for _run in range(3):
                begin = time.perf_counter()
                _name, pdf = print_form(kind=kind, request=options)
                runs.append(time.perf_counter() - begin)
            timings[kind] = (min(runs), len(pdf), runs[0])
        return {
            # The first run pays for loading the fonts, as a fresh worker does.
            "print_first_run_seconds": round(timings["scoresheet"][2], 3),
            "print_sheets_count": sheets,
            "print_sheets_seconds_best": round(timings["scoresheet"][0], 3),
            "print_sheets_pdf_bytes": timings["scoresheet"][1],
            "print_standings_seconds_best": round(timings["standings"][0], 3),
        }
