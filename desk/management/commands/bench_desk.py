"""Benchmark of the score desk (issue 27): ten clerks saving whole paper sheets on `/desk/`
at the same moment, on gunicorn + PostgreSQL on loopback. The work is in desk/bench.py.

As `bench_live`, it does not use the database it is started with: it starts (or takes from
DATABASE_URL and REDIS_URL) its own, migrates it, prepares the tournament in a child process
(`--phase prepare`) and serves it with gunicorn.
"""

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from desk import bench


class Command(BaseCommand):
    help = _("Score desk benchmark: ten clerks saving whole paper sheets at the same moment.")
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--tables", type=int, default=sum(bench.PHASES.values()))
        parser.add_argument(
            "--keying", type=float, default=10.0, help=_("seconds a clerk keys a sheet, about")
        )
        parser.add_argument("--workers", type=int, default=4)
        parser.add_argument("--threads", type=int, default=2)
        parser.add_argument("--seed", type=int, default=11)
        parser.add_argument("--output", default="bench-results/desk.json")
        # internal: the child processes' phases, against the benchmark's database
        parser.add_argument("--phase", choices=["run", "prepare", "verify"], default="run")
        parser.add_argument("--plan", default="")
        parser.add_argument("--slug", default="bench-desk")

    def handle(self, *args, **options):
        if options["tables"] < sum(bench.PHASES.values()):
            raise CommandError(
                _("The benchmark needs at least %(n)s tables.") % {"n": sum(bench.PHASES.values())}
            )
        if options["phase"] == "prepare":
            plan = bench.prepare(
                tables=options["tables"], seed=options["seed"], slug=options["slug"], time_limit=5
            )
            Path(options["plan"]).write_text(json.dumps(plan))
            return
        if options["phase"] == "verify":
            Path(options["plan"]).write_text(json.dumps(bench.verify(slug=options["slug"])))
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
            plan_path, left_path = stack.tmp / "plan.json", stack.tmp / "left.json"
            self.stdout.write(f"preparing {options['tables']} sheets and {bench.CLERKS} clerks...")
            stack.manage(
                "bench_desk",
                *("--phase", "prepare", "--plan", str(plan_path), "--slug", options["slug"]),
                *("--tables", str(options["tables"]), "--seed", str(options["seed"])),
            )
            plan = json.loads(plan_path.read_text())
            base_url, _log = stack.gunicorn(
                workers=options["workers"], threads=options["threads"], keep_alive=10
            )
            self.stdout.write("keying: warm-up, alone, ten clerks at work, bursts...")
            load = bench.run_load(base_url, plan, keying=options["keying"])
            stack.manage(
                "bench_desk",
                *("--phase", "verify", "--plan", str(left_path), "--slug", options["slug"]),
                *("--tables", str(options["tables"])),
            )
            left = json.loads(left_path.read_text())
        finally:
            stack.close()
        report = bench.report(
            load,
            left,
            tables=options["tables"],
            workers=options["workers"],
            threads=options["threads"],
        )
        path = Path(options["output"])
        bench.write(report, path if path.is_absolute() else Path(settings.BASE_DIR) / path)
        self._summary(report, path)

    def _summary(self, report: dict, path: Path) -> None:
        for phase, figures in report["phases"].items():
            self.stdout.write(
                f"{phase}: {figures['count']} saves, p50 {figures['p50_ms']} ms, "
                f"p95 {figures['p95_ms']} ms, max {figures['max_ms']} ms"
            )
        self.stdout.write(
            f"load average {report['load_average_1_5_15']}; left {report['left']}; "
            f"failures {len(report['failures'])}"
        )
        verdict = "goal met" if report["met"] else "GOAL NOT MET"
        self.stdout.write(f"{verdict} (paced p95 < 300 ms); written to {path}")
        if report["failures"]:
            raise CommandError("; ".join(report["failures"][:5]))
