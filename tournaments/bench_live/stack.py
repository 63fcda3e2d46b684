"""The processes the live benchmark runs against, all on loopback: PostgreSQL (DATABASE_URL, or
a throwaway cluster), Redis (REDIS_URL, or a throwaway server), gunicorn and a Celery worker.

Nothing here imports Django: the settings read DATABASE_URL and REDIS_URL when they are
imported, so every Django process (migrate, prepare, gunicorn, celery) is a child started with
the environment built here.
"""

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path


class StackError(RuntimeError):
    """A piece of the stack cannot be started; the message says what to install."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, *, timeout: float, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise StackError(f"{process.args[0]} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise StackError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


def _pg_binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for candidate in ("/usr/local/bin", *sorted(glob.glob("/usr/lib/postgresql/*/bin"))):
        path = Path(candidate) / name
        if path.exists():
            return str(path)
    return None


def _as_postgres(argv: list[str]) -> list[str]:
    """initdb refuses root: run the server's commands as the `postgres` user then."""
    if os.geteuid() != 0:
        return argv
    if shutil.which("runuser"):
        return ["runuser", "-u", "postgres", "--", *argv]
    return ["su", "postgres", "-s", "/bin/sh", "-c", " ".join(argv)]


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), 0 when it is gone, with that of its
    children that have ended (cutime, cstime): PostgreSQL's backends of closed connections
    and gunicorn's recycled workers count for the postmaster and the arbiter."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def tree_cpu_seconds(pid: int) -> float:
    """CPU of a process and its living children (gunicorn's workers, PostgreSQL's backends)."""
    return proc_cpu_seconds(pid) + sum(tree_cpu_seconds(child) for child in children(pid))


def machine_busy_seconds() -> float:
    """CPU time the whole machine spent busy (every core, every process: /proc/stat), to see
    how much went to processes that are not the benchmark's."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


class Stack:
    """Start what is needed, remember it, stop it all (in reverse) on close()."""

    def __init__(self, *, base_dir: Path, log=print):
        self.base_dir = base_dir
        self.log = log
        self.tmp = Path(tempfile.mkdtemp(prefix="mcr-bench-live-"))
        os.chmod(self.tmp, 0o755)
        self.processes: list[tuple[str, subprocess.Popen]] = []
        self.cleanups: list = []
        self.database_url = os.environ.get("DATABASE_URL", "")
        self.redis_url = os.environ.get("REDIS_URL", "")
        self.pids: dict[str, int] = {}
        self.notes: dict[str, str] = {}

    # -- PostgreSQL ---------------------------------------------------------------------------

    def postgres(self) -> str:
        if self.database_url:
            if not self.database_url.startswith(("postgres://", "postgresql://")):
                raise StackError("DATABASE_URL must be a PostgreSQL URL for this benchmark")
            self.notes["postgres"] = "DATABASE_URL (given)"
            return self.database_url
        initdb, pg_ctl = _pg_binary("initdb"), _pg_binary("pg_ctl")
        postgres = _pg_binary("postgres")
        if not (initdb and pg_ctl and postgres):
            raise StackError(
                "PostgreSQL is needed: set DATABASE_URL=postgres://... or install the server "
                "(initdb, pg_ctl, postgres: e.g. `apt-get install postgresql`)"
            )
        data = self.tmp / "pgdata"
        data.mkdir()
        if os.geteuid() == 0:
            shutil.chown(data, "postgres", "postgres")
        port = free_port()
        subprocess.run(
            _as_postgres([initdb, "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8"]),
            check=True,
            stdout=subprocess.DEVNULL,
        )
        # Settings of a small dedicated server; durability stays on (fsync, synchronous
        # commit): a hand's 201 means it is on disk, as in production.
        options = (
            f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c max_connections=200 "
            "-c shared_buffers=256MB"
        )
        subprocess.run(
            _as_postgres(
                [pg_ctl, "-D", str(data), "-o", options, "-l", str(data / "log"), "-w", "start"]
            ),
            check=True,
            stdout=subprocess.DEVNULL,
        )
        self.cleanups.append(
            lambda: subprocess.run(
                _as_postgres([pg_ctl, "-D", str(data), "-m", "fast", "stop"]),
                stdout=subprocess.DEVNULL,
                check=False,
            )
        )
        pid_file = data / "postmaster.pid"
        self.pids["postgres"] = int(pid_file.read_text().split()[0])
        import psycopg

        with psycopg.connect(
            f"host=127.0.0.1 port={port} user=postgres dbname=postgres", autocommit=True
        ) as conn:
            conn.execute("CREATE DATABASE bench")
        self.database_url = f"postgres://postgres@127.0.0.1:{port}/bench"
        self.notes["postgres"] = f"throwaway cluster ({postgres}) on port {port}"
        return self.database_url

    # -- Redis --------------------------------------------------------------------------------

    def redis(self) -> str:
        if self.redis_url:
            self.notes["redis"] = "REDIS_URL (given)"
            return self.redis_url
        server = shutil.which("redis-server")
        if not server:
            raise StackError(
                "Redis is needed: set REDIS_URL=redis://... or install redis-server "
                "(e.g. `apt-get install redis-server`)"
            )
        port = free_port()
        process = self.start(
            "redis",
            [
                server,
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            env=os.environ.copy(),
        )
        wait_for_port(port, timeout=10, process=process)
        self.redis_url = f"redis://127.0.0.1:{port}/0"
        self.notes["redis"] = f"throwaway redis-server on port {port}"
        return self.redis_url

    # -- Django processes ---------------------------------------------------------------------

    def django_env(self) -> dict:
        env = os.environ.copy()
        env.update(
            DATABASE_URL=self.database_url,
            REDIS_URL=self.redis_url,
            DEBUG="0",  # DEBUG keeps every query in memory: never in a measurement
            LOG_LEVEL="WARNING",
            MCR_VAR_DIR=str(self.tmp / "var"),
            MEDIA_ROOT=str(self.tmp / "media"),
            MCR_REQUEST_CPU_HEADER="1",  # each request's CPU time in the access log
        )
        # Same secret key as the command that prepares the data (tokens do not depend on it).
        env.setdefault("SECRET_KEY", "bench-live-" + os.urandom(16).hex())
        return env

    def manage(self, *args: str) -> None:
        subprocess.run(
            [sys.executable, str(self.base_dir / "manage.py"), *args],
            cwd=self.base_dir,
            env=self.env,
            check=True,
        )

    def gunicorn(
        self, *, workers: int, threads: int, keep_alive: int, port: int | None = None
    ) -> tuple[str, Path]:
        """Start gunicorn (on `port`, or a free one); its access log is appended to."""
        port = port or free_port()
        access_log = self.tmp / "access.log"
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        process = self.start(
            "gunicorn",
            [
                gunicorn,
                "config.wsgi",
                # The shipped settings (max_requests with jitter, timeouts); the options below
                # override what the benchmark sets itself.
                "--config",
                str(self.base_dir / "deploy" / "gunicorn.conf.py"),
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                "--threads",
                str(threads),
                "--worker-class",
                "gthread",
                "--keep-alive",
                str(keep_alive),
                "--backlog",
                "2048",
                "--access-logfile",
                str(access_log),
                # request line, status, time taken and CPU time in microseconds (server side)
                "--access-logformat",
                '%(m)s "%(U)s" %(s)s %(D)s %({x-request-cpu}o)s',
                "--log-level",
                "warning",
            ],
            env=self.env,
        )
        wait_for_port(port, timeout=60, process=process)
        return f"http://127.0.0.1:{port}", access_log

    def celery(self) -> None:
        self.start(
            "celery",
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--concurrency",
                "1",
                "--loglevel",
                "WARNING",
            ],
            env=self.env,
        )

    # -- bookkeeping --------------------------------------------------------------------------

    def start(self, name: str, argv: list[str], *, env: dict) -> subprocess.Popen:
        log = open(self.tmp / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(
            argv,
            cwd=self.base_dir,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.processes.append((name, process))
        self.cleanups.append(log.close)
        self.pids[name] = process.pid
        return process

    def kill(self, name: str) -> None:
        """Kill the process `name` and its children at once (SIGKILL to its process group):
        the server gone as when the hall's network drops, answers in flight lost."""
        for process_name, process in self.processes:
            if process_name == name and process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=20)

    def cpu_snapshot(self) -> dict:
        snapshot = {name: tree_cpu_seconds(pid) for name, pid in self.pids.items()}
        snapshot["machine_busy"] = machine_busy_seconds()
        return snapshot

    def close(self) -> None:
        for _name, process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for _name, process in reversed(self.processes):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        for cleanup in reversed(self.cleanups):
            cleanup()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def start_services(self) -> None:
        self.postgres()
        self.redis()
        self.env = self.django_env()
