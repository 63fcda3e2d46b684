"""Benchmark: the blank score sheets printed before play. Builds a seated tournament of 32
tables (128 players, names in several scripts, no hand played) inside a transaction that is
rolled back, then times printing one session's 32 blank sheets twice, as the admin's Print
forms page does (data, fingerprints and layout). The goal is under 3 s a run.
"""

import json
import os
import random
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.utils import translation
from django.utils.translation import gettext as _

from reports.printing import PrintRequest, print_form
from tournaments.demo.builder import _register
from tournaments.models import Tournament
from tournaments.services.lots import lots_draw
from tournaments.services.seating import seating_generate

GOAL_SECONDS = 3.0


class _Rollback(Exception):
    """Raised at the end of the run so that nothing it built stays in the database."""


class Command(BaseCommand):
    help = _(
        "Time printing one session's blank score sheets for a tournament of 32 tables "
        "(built in a transaction that is rolled back)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--tables", type=int, default=32)
        parser.add_argument("--sessions", type=int, default=2, help=_("sessions seated"))
        parser.add_argument("--runs", type=int, default=2)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--lang", default=settings.LANGUAGE_CODE)
        parser.add_argument("--output", default="bench-results/print-blank.json")
        parser.add_argument(
            "--keep", action="store_true", help=_("keep the tournament (commit, do not roll back)")
        )

    def handle(self, *args, tables, sessions, runs, seed, lang, output, keep, **options):
        figures = {}
        try:
            with transaction.atomic():
                tournament = self._build(tables=tables, sessions=sessions, seed=seed)
                with translation.override(lang):
                    figures = self._time(tournament, runs)
                if not keep:
                    raise _Rollback
        except _Rollback:
            pass
        figures.update(database=connection.vendor, language=lang, kept=keep)
        path = Path(output)
        if not path.is_absolute():
            path = Path(settings.BASE_DIR) / path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(figures, indent=2) + "\n")
        self.stdout.write(json.dumps(figures, indent=2))

    @staticmethod
    def _build(*, tables: int, sessions: int, seed: int) -> Tournament:
        slug = f"bench-blank-{tables}t"
        Tournament.objects.filter(slug=slug).delete()  # a kept one of an earlier run: no play
        tournament = Tournament.objects.create(
            name=f"Blank sheets bench ({tables} tables)",
            slug=slug,
            sessions_planned=sessions,
            oath_required=False,
        )
        _register(tournament, random.Random(seed), tables * 4)
        lots_draw(tournament=tournament, seed=f"lots-{seed}")
        seating_generate(tournament=tournament, seed=f"chart-{seed}", time_limit=5.0)
        return tournament

    def _time(self, tournament: Tournament, runs: int) -> dict:
        request = PrintRequest(tournament=tournament, session=1)
        sheets = tournament.sessions.get(number=1).table_sessions.count()
        results = []
        for _run in range(runs):
            begin = time.perf_counter()
            _name, pdf = print_form(kind="scoresheet", request=request)
            seconds = time.perf_counter() - begin
            load = os.getloadavg()
            results.append(
                {
                    "seconds": round(seconds, 3),
                    "load_average": [round(value, 2) for value in load],
                    "pdf_bytes": len(pdf),
                }
            )
            self.stderr.write(
                _("%(sheets)s blank sheets in %(seconds).2f s (load average %(load)s)")
                % {
                    "sheets": sheets,
                    "seconds": seconds,
                    "load": " ".join(f"{value:.2f}" for value in load),
                }
            )
        return {
            "sheets": sheets,
            "runs": results,
            "goal_seconds": GOAL_SECONDS,
            "under_goal": all(run["seconds"] < GOAL_SECONDS for run in results),
        }
