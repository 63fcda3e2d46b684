"""Benchmark of the players' phones (issue 28): 500 players entering and confirming their
tables' hands and polling their tables, on gunicorn + PostgreSQL + Redis + Celery on loopback,
with the server killed for 60 s in the middle. The work is in player_entry/bench.py and
player_entry/bench_load.py.

As `bench_live`, it does not use the database it is started with: it starts (or takes from
DATABASE_URL and REDIS_URL) its own, migrates it, prepares the tournament in a child process
(`--phase prepare`) and serves it with gunicorn.
"""

import json
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from player_entry import bench
from player_entry.bench_load import PhoneConfig, start_load


class Command(BaseCommand):
    help = _(
        "Players' phones benchmark: 500 players entering, confirming and polling their tables, "
        "with the server gone for 60 s in the middle."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=500)
        parser.add_argument(
            "--steady", type=float, default=360.0, help=_("seconds before the drill")
        )
        parser.add_argument("--outage", type=float, default=60.0, help=_("seconds without server"))
        parser.add_argument("--recovery", type=float, default=150.0, help=_("seconds after it"))
        parser.add_argument("--cycle", type=float, default=180.0, help=_("seconds between hands"))
        parser.add_argument("--poll", type=float, default=5.0)
        parser.add_argument("--workers", type=int, default=5)
        parser.add_argument("--threads", type=int, default=4)
        parser.add_argument("--clients", type=int, default=2, help=_("client processes"))
        parser.add_argument("--seed", type=int, default=28)
        parser.add_argument("--output", default="bench-results/phones.json")
        # internal: the child processes' phases, against the benchmark's database
        parser.add_argument("--phase", choices=["run", "prepare", "verify"], default="run")
        parser.add_argument("--plan", default="")
        parser.add_argument("--slug", default="bench-phones")

    def handle(self, *args, **options):
        if options["players"] < 8 or options["players"] % 4:
            raise CommandError(_("The benchmark needs a multiple of 4 players, at least 8."))
        if options["phase"] == "prepare":
            plan = bench.prepare(
                players=options["players"], seed=options["seed"], slug=options["slug"], time_limit=5
            )
            Path(options["plan"]).write_text(json.dumps(plan))
            return
        if options["phase"] == "verify":
            hands = json.loads(Path(options["plan"]).read_text())
            left = bench.verify(slug=options["slug"], hands=hands)
            Path(options["plan"]).write_text(json.dumps(left))
            return
        self._run(options)

    def _run(self, options):
        from tournaments.bench_live.stack import Stack, StackError

        stack = Stack(base_dir=Path(settings.BASE_DIR), log=self.stdout.write)
        server = {
            "workers": options["workers"],
            "threads": options["threads"],
            "keep_alive": 10,
        }
        try:
            try:
                stack.start_services()
            except StackError as error:
                raise CommandError(str(error)) from None
            stack.manage("migrate", "--noinput", "-v", "0")
            plan_path, left_path = stack.tmp / "plan.json", stack.tmp / "left.json"
            self.stdout.write(f"preparing {options['players']} players and their links...")
            stack.manage(
                "bench_phones",
                *("--phase", "prepare", "--plan", str(plan_path), "--slug", options["slug"]),
                *("--players", str(options["players"]), "--seed", str(options["seed"])),
            )
            plan = json.loads(plan_path.read_text())
            base_url, _log = stack.gunicorn(**server)
            stack.celery()
            port = int(base_url.rsplit(":", 1)[1])
            outage_at = options["steady"]
            cfg = PhoneConfig(
                base_url=base_url,
                poll=options["poll"],
                cycle=options["cycle"],
                outage_at=outage_at,
                end_at=outage_at + options["outage"] + options["recovery"],
            )
            start_at = time.time() + 30.0  # the phones sign in first (not measured)
            self.stdout.write(
                f"{options['players']} phones: steady {outage_at:g} s, then the server gone "
                f"for {options['outage']:g} s, then {options['recovery']:g} s..."
            )
            pool, pending = start_load(
                cfg, plan, processes=options["clients"], seed=options["seed"], start_at=start_at
            )
            back_at = self._drill(stack, server, port, start_at, outage_at, options["outage"])
            results = pending.get()
            pool.close()
            load = _merge(results)
            hands = bench.queued_hands(load["log"], outage_at=outage_at, back_at=back_at)
            left_path.write_text(json.dumps(hands))
            stack.manage(
                "bench_phones",
                *("--phase", "verify", "--plan", str(left_path), "--slug", options["slug"]),
            )
            left = json.loads(left_path.read_text())
        finally:
            stack.close()
        setup = {
            "players": options["players"],
            "tables": len(plan["tables"]),
            "gunicorn": f"{options['workers']} workers x {options['threads']} threads (gthread)",
            "poll_s": f"{options['poll']:g} ±20 %",
            "one_entry_and_confirmation_per_table_every_s": f"{options['cycle']:g} ±10 %",
            "client_processes": options["clients"],
            "client_cpu_seconds": load["cpu_seconds"],
            "signed_in_late_s": load["signed_in_late_s"],
            "requests_resent_on_a_connection_closed_by_the_server": load["resends"],
        }
        report = bench.report_of(
            load=load, left=left, outage_at=outage_at, back_at=back_at, setup=setup
        )
        path = Path(options["output"])
        path = path if path.is_absolute() else Path(settings.BASE_DIR) / path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=1))
        self._summary(report, path)

    def _drill(self, stack, server, port, start_at, outage_at, outage) -> float:
        """Kill the server at `outage_at` (every web process at once: answers in flight are
        lost), start it again `outage` seconds later on the same port; returns when it
        answered again, in the load's seconds."""
        from tournaments.bench_live.stack import wait_for_port

        time.sleep(max(0.0, start_at + outage_at - time.time()))
        stack.kill("gunicorn")
        self.stdout.write(f"the server is gone ({time.time() - start_at:.1f} s)")
        time.sleep(max(0.0, start_at + outage_at + outage - time.time()))
        stack.gunicorn(**server, port=port)
        wait_for_port(port, timeout=60)
        back_at = time.time() - start_at
        self.stdout.write(f"the server is back ({back_at:.1f} s)")
        return back_at

    def _summary(self, report: dict, path: Path) -> None:
        for phase, kinds in report["phases"].items():
            for kind, figures in kinds.items():
                self.stdout.write(
                    f"{phase:9} {kind:8} n={figures['count']:6} p50={figures['p50_ms']} "
                    f"p95={figures['p95_ms']} max={figures['max_ms']} ms "
                    f"statuses={figures['statuses']}"
                )
        self.stdout.write(f"drill: {report['drill']}")
        self.stdout.write(f"left: {report['left']}")
        self.stdout.write(f"load average {report['load_average_1_5_15']}")
        for name, check in report["targets"].items():
            self.stdout.write(f"{'OK  ' if check['ok'] else 'FAIL'} {name}: {check}")
        met = all(check["ok"] for check in report["targets"].values())
        self.stdout.write(f"{'goals met' if met else 'GOALS NOT MET'}; written to {path}")


def _merge(results: list[dict]) -> dict:
    return {
        "samples": [sample for result in results for sample in result["samples"]],
        "log": {
            "entries": [e for result in results for e in result["log"]["entries"]],
            "confirms": [c for result in results for c in result["log"]["confirms"]],
        },
        "replays": [r for result in results for r in result["replays"]],
        "cpu_seconds": round(sum(result["cpu_seconds"] for result in results), 1),
        "signed_in_late_s": max(result["signed_in_late_s"] for result in results),
        "resends": sum(result["resends"] for result in results),
    }
