"""Helpers of the configuration tests (and the deployment tests): a manage.py command run in
a fresh process, and the test database's URL for a worker process."""

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DJANGO_MODE", "SECRET_KEY"}}
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def worker_database_url() -> str:
    """DATABASE_URL of the test database, for a worker process."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user, password = quote(db.get("USER") or ""), quote(str(db.get("PASSWORD") or ""))
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host, port = db.get("HOST") or "localhost", db.get("PORT") or 5432
    return f"postgres://{credentials}{host}:{port}/{quote(db['NAME'])}"
