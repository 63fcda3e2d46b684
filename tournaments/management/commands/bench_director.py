"""Benchmark of the director's day (issue 29): a 32-table session countersigned at once through
the API while 300 spectators poll the public standings and players find their seats, on
gunicorn + PostgreSQL + Redis + Celery on loopback. The work is in
tournaments/bench_live/director.py.

As `bench_live`, it does not use the database it is started with: it starts (or takes from
DATABASE_URL and REDIS_URL) its own, migrates it, prepares the tournament in a child process
(`--phase prepare`) and serves it with gunicorn.
"""

import asyncio
import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.bench_live import director


class Command(BaseCommand):
    help = _(
        "Director's day benchmark: a 32-table session countersigned at once while 300 "
        "spectators poll the standings and players find their seats."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=128)
        parser.add_argument("--spectators", type=int, default=300)
        parser.add_argument("--poll", type=float, default=5.0)
        parser.add_argument(
            "--seekers", type=float, default=4.0, help=_("seat searches per second")
        )
        parser.add_argument("--duration", type=float, default=90.0, help=_("seconds of load"))
        parser.add_argument(
            "--countersign-at", type=float, default=45.0, help=_("seconds into the load")
        )
        parser.add_argument("--workers", type=int, default=5)
        parser.add_argument("--threads", type=int, default=4)
        parser.add_argument("--seed", type=int, default=29)
        parser.add_argument("--output", default="bench-results/director.json")
        # internal: the preparation, a child process against the benchmark's database
        parser.add_argument("--phase", choices=["run", "prepare"], default="run")
        parser.add_argument("--plan", default="")
        parser.add_argument("--slug", default="bench-director")

    def handle(self, *args, **options):
        if options["players"] < 8 or options["players"] % 4:
            raise CommandError(_("The benchmark needs a multiple of 4 players, at least 8."))
        if not 0 < options["countersign_at"] < options["duration"]:
            raise CommandError(_("The countersignature must come during the load."))
        if options["phase"] == "prepare":
            plan = director.prepare(
                players=options["players"], seed=options["seed"], slug=options["slug"],
                time_limit=5,
            )  # fmt: skip
            Path(options["plan"]).write_text(json.dumps(plan))
            return
        self._run(options)

    def _run(self, options):
        from tournaments.bench_live.stack import Stack, StackError

        stack = Stack(base_dir=Path(settings.BASE_DIR), log=self.stdout.write)
        try:
            try:
                stack.start_services()
            except StackError as error:
                raise CommandError(str(error)) from None
            stack.manage("migrate", "--noinput", "-v", "0")
            plan_path = stack.tmp / "plan.json"
            self.stdout.write(f"preparing {options['players']} players, session 1 signed...")
            stack.manage(
                "bench_director",
                *("--phase", "prepare", "--plan", str(plan_path), "--slug", options["slug"]),
                *("--players", str(options["players"]), "--seed", str(options["seed"])),
            )
            plan = json.loads(plan_path.read_text())
            base_url, _log = stack.gunicorn(
                workers=options["workers"], threads=options["threads"], keep_alive=10
            )
            stack.celery()
            self.stdout.write(
                f"{options['spectators']} spectators and {options['seekers']:g} seat searches "
                f"a second for {options['duration']:g} s; the countersignature at "
                f"{options['countersign_at']:g} s..."
            )
            load = asyncio.run(
                director.run_load(
                    base_url=base_url,
                    plan=plan,
                    spectators=options["spectators"],
                    poll=options["poll"],
                    seekers_per_second=options["seekers"],
                    duration=options["duration"],
                    countersign_at=options["countersign_at"],
                    seed=options["seed"],
                )
            )
        finally:
            stack.close()
        setup = {
            "players": options["players"],
            "tables": plan["tables"],
            "sheets_signed_before": plan["signed"],
            "gunicorn": f"{options['workers']} workers x {options['threads']} threads (gthread)",
            "spectators": options["spectators"],
            "poll_s": f"{options['poll']:g} ±20 %",
            "seat_searches_per_s": options["seekers"],
            "duration_s": options["duration"],
        }
        report = director.report_of(load=load, plan=plan, setup=setup)
        path = Path(options["output"])
        path = path if path.is_absolute() else Path(settings.BASE_DIR) / path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=1))
        self._summary(report, path)

    def _summary(self, report: dict, path: Path) -> None:
        for kind, figures in report["requests"].items():
            self.stdout.write(
                f"{kind:12} n={figures['count']:6} p50={figures['p50_ms']} "
                f"p95={figures['p95_ms']} max={figures['max_ms']} ms "
                f"statuses={figures['statuses']}"
            )
        self.stdout.write(f"countersign: {report['countersign']}")
        self.stdout.write(f"load average {report['load_average_1_5_15']}")
        for name, check in report["targets"].items():
            self.stdout.write(f"{'OK  ' if check['ok'] else 'FAIL'} {name}: {check}")
        met = all(check["ok"] for check in report["targets"].values())
        self.stdout.write(f"{'goals met' if met else 'GOALS NOT MET'}; written to {path}")
