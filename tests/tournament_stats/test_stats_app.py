"""The statistics app builds on the others and nothing builds on it: no module of tournaments,
public or api imports it (read with `ast`, as tests/test_import_direction.py reads)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def test_no_module_of_tournaments_public_or_api_imports_the_statistics():
    wrong = [
        str(path.relative_to(ROOT))
        for app in ("tournaments", "public", "api")
        for path in sorted((ROOT / app).rglob("*.py"))
        if any(
            name == "tournament_stats" or name.startswith("tournament_stats.")
            for name in imported_modules(path)
        )
    ]
    assert wrong == []


def test_the_check_sees_an_import_of_the_statistics(tmp_path):
    source = tmp_path / "views.py"
    source.write_text("def f():\n    from tournament_stats import selectors\n")
    assert "tournament_stats.selectors" in imported_modules(source)


def test_the_app_has_no_models_and_no_migrations():
    from django.apps import apps

    assert list(apps.get_app_config("tournament_stats").get_models()) == []
    assert not (ROOT / "tournament_stats" / "migrations").exists()
