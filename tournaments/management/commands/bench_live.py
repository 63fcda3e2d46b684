"""Benchmark: umpires entering hands through the API while spectators poll the public
standings, on gunicorn (several workers) + PostgreSQL + Redis + a Celery worker on loopback.

The work is in tournaments/bench_live/ (see docs/benchmarks.md); this command only wires it up. It
does not use the database it is started with: it starts (or takes from DATABASE_URL and
REDIS_URL) its own, and runs migrate, the preparation (`--phase prepare`, a child process) and
gunicorn against it.
"""

import json
import logging
import os
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _


class Command(BaseCommand):
    help = _(
        "Live benchmark: 125 umpires entering hands through the API while 300 spectators poll "
        "the public standings (gunicorn, PostgreSQL, Redis, Celery on loopback)."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=500)
        parser.add_argument("--played", type=int, default=2, help=_("sessions played before"))
        parser.add_argument("--spectators", type=int, default=300)
        parser.add_argument(
            "--browsers", type=int, default=20, help=_("clients opening the public HTML pages")
        )
        parser.add_argument(
            "--staff", type=int, default=5, help=_("directors on the dashboard and sheet list")
        )
        parser.add_argument("--think", default="10-20", help=_("seconds between hands, MIN-MAX"))
        parser.add_argument("--poll", type=float, default=5.0, help=_("spectators' interval"))
        parser.add_argument(
            "--page-on-change",
            action="store_true",
            help=_("spectators also fetch the whole page when the standings changed"),
        )
        parser.add_argument("--probe-tables", type=int, default=10)
        parser.add_argument("--workers", type=int, default=5)
        parser.add_argument("--threads", type=int, default=4)
        parser.add_argument("--keep-alive", type=int, default=10)
        parser.add_argument("--clients", type=int, default=3, help=_("client processes"))
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--time-limit", type=float, default=10.0)
        parser.add_argument("--output", default="bench-results/live.json")
        # internal: the preparation, run in a child process against the benchmark's database
        parser.add_argument("--phase", choices=["run", "prepare"], default="run")
        parser.add_argument("--plan", default="")

    def handle(self, *args, **options):
        if options["phase"] == "prepare":
            return self._prepare(options)
        return self._run(options)

    def _prepare(self, options):
        from tournaments.bench_live.prepare import prepare, write_plan

        plan = prepare(
            players=options["players"],
            played=options["played"],
            seed=options["seed"],
            slug=f"bench-live-{options['players']}p",
            time_limit=options["time_limit"],
        )
        write_plan(plan, Path(options["plan"]))

    def _run(self, options):
        logging.getLogger("httpx").setLevel(logging.WARNING)
        from tournaments.bench_live import load, stats
        from tournaments.bench_live.stack import Stack, StackError

        think_min, _sep, think_max = options["think"].partition("-")
        think_min, think_max = float(think_min), float(think_max or think_min)
        base_dir = Path(settings.BASE_DIR)
        stack = Stack(base_dir=base_dir, log=self.stdout.write)
        missing: list[str] = []
        try:
            try:
                stack.start_services()
            except StackError as error:
                raise CommandError(str(error)) from None
            self.stdout.write(f"postgres: {stack.notes['postgres']}; redis: {stack.notes['redis']}")
            stack.manage("migrate", "--noinput", "-v", "0")
            plan_path = stack.tmp / "plan.json"
            self.stdout.write("building the tournament (registration, lots, chart, sessions)...")
            stack.manage(
                "bench_live",
                "--phase",
                "prepare",
                "--plan",
                str(plan_path),
                "--players",
                str(options["players"]),
                "--played",
                str(options["played"]),
                "--seed",
                str(options["seed"]),
                "--time-limit",
                str(options["time_limit"]),
            )
            plan = json.loads(plan_path.read_text())
            base_url, access_log = stack.gunicorn(
                workers=options["workers"],
                threads=options["threads"],
                keep_alive=options["keep_alive"],
            )
            stack.celery()
            cfg = load.LoadConfig(
                base_url=base_url,
                slug=plan["slug"],
                think_min=think_min,
                think_max=think_max,
                spectators=options["spectators"],
                browsers=options["browsers"],
                staff=options["staff"],
                poll_interval=options["poll"],
                page_on_change=options["page_on_change"],
                probe_tables=options["probe_tables"],
                processes=options["clients"],
                # Idle connections closed by the clients a second before the server would.
                keep_alive=max(0.5, options["keep_alive"] - 1.0),
            )
            missing = self._preflight(cfg, plan)
            for item in missing:
                self.stderr.write(f"missing: {item}")
            if not missing:
                self._warm_up(cfg, plan)
            access_log.write_text("")  # the preflight's and warm-up's requests are not measured
            self.stdout.write(
                f"load: {len(plan['tables'])} umpires, {cfg.spectators} spectators, "
                f"{cfg.browsers} browsers, {cfg.staff} staff, "
                f"{cfg.processes} client processes..."
            )
            gauge = {"before": stats.speed_gauge_ms()}
            cpu_before = stack.cpu_snapshot()
            result = load.run_load(cfg, plan, seed=options["seed"])
            cpu_after = stack.cpu_snapshot()
            time.sleep(0.5)  # the last access-log lines
            gauge["after"] = stats.speed_gauge_ms()
            cpu = {name: round(cpu_after[name] - cpu_before.get(name, 0), 1) for name in cpu_after}
            cpu["load_clients"] = result["client_cpu_seconds"]
            ours = sum(value for name, value in cpu.items() if name != "machine_busy")
            cpu["other_processes"] = round(max(0.0, cpu["machine_busy"] - ours), 1)
            cpu["machine_capacity"] = round((os.cpu_count() or 1) * result["duration_s"], 1)
            report = stats.build_report(
                samples=result["samples"],
                freshness_delays_ms=result["freshness_ms"],
                freshness_timeouts=result["freshness_timeouts"],
                freshness_timeout_s=cfg.probe_timeout,
                freshness_unavailable=result["freshness_unavailable"],
                duration_s=result["duration_s"],
                settings=self._settings(cfg, options, stack),
                setup=plan["setup"],
                cpu_seconds=cpu,
                server_side=load.server_side(access_log.read_text(), plan["slug"]),
                server_cpu=load.server_cpu(access_log.read_text(), plan["slug"]),
                missing=missing,
                speed_gauge=gauge,
                resent=result["resent"],
            )
        finally:
            stack.close()
        path = Path(options["output"])
        if not path.is_absolute():
            path = base_dir / path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=2) + "\n")
        for line in stats.summary_lines(report):
            self.stdout.write(line)
        self.stdout.write(f"written to {path}")

    def _preflight(self, cfg, plan) -> list[str]:
        """Which pieces the benchmark needs answer at all (the API and the public pages are
        built by other hands): a missing one is reported, and its requests count as errors."""
        import httpx

        table = plan["tables"][0]
        checks = {
            "GET /api/score-sheets/{id}/ (the hand-entry API)": (
                f"/api/score-sheets/{table['sheet_id']}/",
                {"Authorization": f"Token {table['token']}"},
            ),
            "GET /t/{slug}/ (the public standings page)": (cfg.page, {}),
            "GET /t/{slug}/live.json (the public page's live JSON)": (cfg.live, {}),
            **{f"GET {url} (a browser's page)": (url, {}) for url in plan["public_pages"]},
        }
        missing = []
        cookies = plan["staff_cookie"]
        with httpx.Client(base_url=cfg.base_url, timeout=60, cookies=cookies) as client:
            for name, (url, headers) in checks.items():
                response = client.get(url, headers=headers)
                if response.status_code != 200:
                    missing.append(f"{name}: {response.status_code}")
            for url in plan["staff_pages"]:
                response = client.get(url)  # 302 to the login page: the session is not known
                if response.status_code != 200:
                    missing.append(f"GET {url} (a director's page): {response.status_code}")
        return missing

    @staticmethod
    def _warm_up(cfg, plan, *, rounds: int = 4, connections: int = 20) -> None:
        """Every web process answers each kind of request a few times before the clock
        starts: a process's first request loads its templates and code (a few hundred ms), a
        cost of the server's start, not of the event. Nothing is written."""
        from concurrent.futures import ThreadPoolExecutor

        import httpx

        table = plan["tables"][0]
        sheet = (f"/api/score-sheets/{table['sheet_id']}/", f"Token {table['token']}")
        requests = [
            (cfg.page, None),
            (cfg.live, None),
            (f"{cfg.live}?page=standings&v=warm-up", None),
            sheet,
            *((url, None) for url in plan["public_pages"]),
        ]

        def visit(_index):
            with httpx.Client(base_url=cfg.base_url, timeout=60) as client:
                for url, token in requests:
                    client.get(url, headers={"Authorization": token} if token else {})

        with ThreadPoolExecutor(connections) as pool:
            list(pool.map(visit, range(rounds * connections)))

    @staticmethod
    def _settings(cfg, options, stack) -> dict:
        return {
            "gunicorn": (
                f"{options['workers']} workers x {options['threads']} threads (gthread), "
                f"keep-alive {options['keep_alive']} s, access log on, DEBUG off"
            ),
            "celery": "1 worker process (concurrency 1)",
            "postgres": stack.notes.get("postgres"),
            "redis": stack.notes.get("redis"),
            "think_time_s": [cfg.think_min, cfg.think_max],
            "spectators": cfg.spectators,
            "spectator_poll_s": f"{cfg.poll_interval} ±20 %",
            "spectator_fetches_page_on_change": cfg.page_on_change,
            "browsers": (
                f"{cfg.browsers}, a public page every {cfg.browse_think_min:g}-"
                f"{cfg.browse_think_max:g} s"
            ),
            "staff": (
                f"{cfg.staff} directors, the dashboard or the sheet list every "
                f"{cfg.staff_think_min:g}-{cfg.staff_think_max:g} s"
            ),
            "freshness": (
                f"every win at tables 1..{cfg.probe_tables}: poll the live JSON every "
                f"{int(cfg.probe_interval * 1000)} ms until the winner's new contest points "
                "show in its fragments or the page"
            ),
            "client_processes": cfg.processes,
            "python": sys.version.split()[0],
        }
