"""Benchmark: the CPU and the queries of one request of each kind, in this process, on a
100-player tournament (and the standings of a 500-player one). See docs/benchmarks.md.

It builds its tournaments in the database it is started with (as bench_tournament does) and
deletes them afterwards unless --keep.
"""

import json
import os
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import connection
from django.test.utils import override_settings
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.bench_live.prepare import prepare
from tournaments.bench_live.requests import RequestBench
from tournaments.demo.removal import demo_delete
from tournaments.models import Tournament
from tournaments.roles import ROLE_GROUPS, Role


class Command(BaseCommand):
    help = _("Time one request of each kind in this process: CPU and queries per request.")

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=100)
        parser.add_argument("--standings-players", type=int, default=500)
        parser.add_argument("--played", type=int, default=2, help=_("sessions played before"))
        parser.add_argument("--repeat", type=int, default=100)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument(
            "--time-limit", type=float, default=5.0, help=_("seconds for the seating search")
        )
        parser.add_argument("--output", default="bench-results/requests.json")
        parser.add_argument("--keep", action="store_true", help=_("keep the tournaments"))
        parser.add_argument(
            "--profile",
            default="",
            metavar="DIR",
            help=_(
                "write a cProfile file per kind of request into DIR (the figures then include "
                "the profiler's cost)"
            ),
        )

    def handle(self, *args, **options):
        results = {
            "database": connection.vendor,
            "cache": settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1],
            "load_average_before": [round(value, 2) for value in os.getloadavg()],
        }
        plans = []
        # As served (DEBUG off: no query log, no debug pages); the queries are still counted.
        with override_settings(DEBUG=False):
            self._measure(results, plans, options)
        results["load_average_after"] = [round(value, 2) for value in os.getloadavg()]
        path = Path(options["output"])
        if not path.is_absolute():
            path = Path(settings.BASE_DIR) / path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(results, indent=2) + "\n")
        self.stdout.write(json.dumps(results, indent=2))

    def _measure(self, results: dict, plans: list, options) -> None:
        try:
            plan = self._prepared(options["players"], options)
            plans.append(plan)
            bench = RequestBench(
                plan,
                staff_user=self._chief(),
                repeat=options["repeat"],
                profile=bool(options["profile"]),
            )
            tournament_id = plan["tournament_id"]
            results[f"{options['players']} players"] = {
                "sheet_get": bench.sheet_get(),
                "hand_post": bench.hand_post(),
                "live_poll_unchanged": bench.live_poll_unchanged(),
                "live_poll_after_a_change_standings": bench.live_poll_after_a_change("standings"),
                "live_poll_after_a_change_chart": bench.live_poll_after_a_change("chart"),
                "live_poll_after_a_change_session": bench.live_poll_after_a_change(
                    f"session-{plan['session']}"
                ),
                "dashboard": bench.staff_page(
                    "dashboard",
                    reverse("admin:tournaments_tournament_dashboard", args=[tournament_id]),
                ),
                "sheet_list": bench.staff_page(
                    "sheet_list",
                    reverse("admin:tournaments_tablesession_changelist")
                    + f"?session__tournament__id__exact={tournament_id}",
                ),
            }
            if bench.profiles is not None:
                self._write_profiles(bench.profiles, Path(options["profile"]))
            if options["standings_players"]:
                big = self._prepared(options["standings_players"], options)
                plans.append(big)
                bench = RequestBench(big, staff_user=self._chief(), repeat=options["repeat"])
                results[f"{options['standings_players']} players"] = {
                    "live_poll_after_a_change_standings": bench.live_poll_after_a_change(
                        "standings"
                    ),
                }
        finally:
            if not options["keep"]:
                for plan in plans:
                    demo_delete(Tournament.objects.get(pk=plan["tournament_id"]))

    def _write_profiles(self, profiles: dict, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        for kind, profiler in profiles.items():
            path = directory / f"{kind}.prof"
            profiler.dump_stats(path)
            self.stdout.write(f"profile of {kind}: {path}")

    def _prepared(self, players: int, options) -> dict:
        self.stdout.write(f"building a {players}-player tournament...")
        plan = prepare(
            players=players,
            played=options["played"],
            seed=options["seed"],
            slug=f"bench-requests-{players}p",
            time_limit=options["time_limit"],
        )
        plan["tournament_id"] = Tournament.objects.get(slug=plan["slug"]).pk
        return plan

    @staticmethod
    def _chief():
        user, _created = get_user_model().objects.get_or_create(
            username="bench-requests-chief", defaults={"is_staff": True}
        )
        user.groups.add(Group.objects.get(name=ROLE_GROUPS[Role.CHIEF_UMPIRE]))
        return user
