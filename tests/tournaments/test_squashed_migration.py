"""The squashed migration (0001_squashed_0012) builds the same database as migrations
0001-0012 run one by one: the same tables, columns, indexes, foreign keys, check constraints
and role groups with their permissions. A new database runs the squash; one that ran part of
the old chain goes on with it, so both must end alike.

Each database is migrated by `manage.py migrate` in a process of its own, on an SQLite file;
the old chain is read from a copy of the migration files without the squash (settings'
MIGRATION_MODULES).
"""

import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS = ROOT / "tournaments" / "migrations"
SQUASH = "0001_squashed_0012_system_texts_as_codes"

pytestmark = pytest.mark.slow  # two whole migrations, about 20 s


def migrate(db: Path, *, settings_dir: Path | None = None) -> None:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}", "MCR_VAR_DIR": str(db.parent)}
    env.pop("REDIS_URL", None)
    if settings_dir is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(settings_dir), str(ROOT)])
        env["DJANGO_SETTINGS_MODULE"] = "old_chain_settings"
    result = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


def old_chain(tmp_path: Path) -> Path:
    """A settings module whose tournaments migrations are 0001-0012 alone."""
    package = tmp_path / "old_chain_migrations"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for path in MIGRATIONS.glob("0*.py"):
        if path.stem != SQUASH:
            shutil.copy(path, package / path.name)
    (tmp_path / "old_chain_settings.py").write_text(
        "from config.settings import *  # noqa: F403\n"
        "MIGRATION_MODULES = {'tournaments': 'old_chain_migrations'}\n"
    )
    return tmp_path


def checks(table_sql: str) -> list[str]:
    """The named check constraints of a CREATE TABLE statement, as written (in any order)."""
    found = []
    for match in re.finditer(r'CONSTRAINT "(\w+)" CHECK \(', table_sql):
        depth, end = 1, match.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(table_sql[end], 0)
            end += 1
        found.append(f"{match[1]}: {' '.join(table_sql[match.end() : end - 1].split())}")
    return sorted(found)


def schema(db: Path) -> dict:
    """Everything of a database's schema that does not depend on the order of its columns."""
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
        ).fetchall()
        found = {}
        for kind, name, table, sql in rows:
            if kind == "table":
                found[f"table {name}"] = {
                    "columns": sorted(connection.execute(f'PRAGMA table_info("{name}")')),
                    "foreign keys": sorted(
                        row[2:5] for row in connection.execute(f'PRAGMA foreign_key_list("{name}")')
                    ),
                    "checks": checks(sql),
                }
            elif kind == "index":
                columns = [row[2] for row in connection.execute(f'PRAGMA index_info("{name}")')]
                condition = sql.partition(" WHERE ")[2] if sql else ""
                found[f"index {name}"] = (table, columns, condition)
        found["groups"] = sorted(
            connection.execute(
                "SELECT g.name, p.codename FROM auth_group g "
                "JOIN auth_group_permissions gp ON gp.group_id = g.id "
                "JOIN auth_permission p ON p.id = gp.permission_id"
            )
        )
        found["group names"] = sorted(connection.execute("SELECT name FROM auth_group"))
    return found


def with_columns_unnumbered(found: dict) -> dict:
    """table_info numbers the columns in their order, which the two paths build differently."""
    return {
        key: {**value, "columns": sorted(row[1:] for row in value["columns"])}
        if key.startswith("table ")
        else value
        for key, value in found.items()
    }


def test_the_squash_builds_the_same_database_as_the_migrations_it_replaces(tmp_path):
    squashed, chained = tmp_path / "squashed.sqlite3", tmp_path / "chained.sqlite3"
    migrate(squashed)
    migrate(chained, settings_dir=old_chain(tmp_path / "settings"))
    with sqlite3.connect(squashed) as connection:
        applied = {
            name
            for (name,) in connection.execute(
                "SELECT name FROM django_migrations WHERE app = 'tournaments'"
            )
        }
    assert SQUASH in applied  # the new database ran the squash, not the chain
    mine, theirs = (
        with_columns_unnumbered(schema(squashed)),
        with_columns_unnumbered(schema(chained)),
    )
    assert mine.keys() == theirs.keys()
    differing = {key for key in mine if mine[key] != theirs[key]}
    assert not differing, {key: (mine[key], theirs[key]) for key in sorted(differing)}
    assert len(mine["group names"]) >= 6
