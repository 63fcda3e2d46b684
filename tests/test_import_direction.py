"""Imports run one way (issue 26): read from the source with `ast`, no import executed.

- `tournaments` is the base: it imports none of the apps built on it (`reports`, `api`,
  `public`); they plug into its registries instead (job kinds, archive sections, admin pages).
- Selectors read: they import no service (`tournaments.services`).
- Packaged code (pyproject's packages: the live benchmark in tournaments.bench_live among
  them) never imports the unpackaged `tools/`.
"""

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILT_ON_TOURNAMENTS = (
    "reports",
    "api",
    "public",
    "desk",
    "player_entry",
    "tournament_stats",
    "federation",
    "series",
)

# Permission checks still imported from reports while they move to tournaments/policies.py
# (the print permission): (file, module, name). Remove each entry with its import.
PENDING_POLICIES_MOVE: set[tuple[str, str, str]] = set()


def imports_of(path: Path, root: Path = ROOT) -> list[tuple[str, str | None, int]]:
    """(module, name, line) of every import of a file, nested ones included: `import a.b` is
    ("a.b", None), `from a import b` is ("a", "b"); relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = list(path.relative_to(root).parts[:-1])
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, None, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            found += [(module, alias.name, node.lineno) for alias in node.names]
    return found


def _reaches(module: str, name: str | None, package: str) -> bool:
    """The import is of `package` or of something in it (`from a import b`: a, or a.b)."""
    targets = [module] if name is None else [module, f"{module}.{name}"]
    return any(t == package or t.startswith(package + ".") for t in targets)


def _sources(*directories: str) -> list[Path]:
    return sorted(p for d in directories for p in (ROOT / d).rglob("*.py"))


def _packaged() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    return sorted({pattern.rstrip("*").rstrip(".") for pattern in include})


def _where(path: Path, line: int) -> str:
    return f"{path.relative_to(ROOT)}:{line}"


def test_tournaments_imports_none_of_the_apps_built_on_it():
    wrong = []
    for path in _sources("tournaments"):
        relative = str(path.relative_to(ROOT))
        for module, name, line in imports_of(path):
            if (relative, module, name) in PENDING_POLICIES_MOVE:
                continue
            if any(_reaches(module, name, app) for app in BUILT_ON_TOURNAMENTS):
                wrong.append(f"{_where(path, line)} imports {module}")
    assert not wrong, "tournaments builds on nothing of these apps:\n" + "\n".join(wrong)


def test_the_pending_exceptions_are_still_needed():
    """An import moved to tournaments.policies leaves its entry behind: remove it."""
    present = set()
    for relative, module, name in PENDING_POLICIES_MOVE:
        path = ROOT / relative
        if path.exists() and (module, name) in {(m, n) for m, n, _l in imports_of(path)}:
            present.add((relative, module, name))
    assert present == PENDING_POLICIES_MOVE, (
        f"no longer imported, remove from PENDING_POLICIES_MOVE: "
        f"{sorted(PENDING_POLICIES_MOVE - present)}"
    )


def test_selectors_import_no_service():
    wrong = [
        f"{_where(path, line)} imports {module}"
        for path in _sources("tournaments/selectors")
        for module, name, line in imports_of(path)
        if _reaches(module, name, "tournaments.services")
    ]
    assert not wrong, "a selector reads; it needs no service:\n" + "\n".join(wrong)


def test_packaged_code_never_imports_tools():
    packages = _packaged()
    assert "tournaments" in packages and "tools" not in packages
    wrong = [
        f"{_where(path, line)} imports {module}"
        for path in _sources(*packages)
        for module, name, line in imports_of(path)
        if _reaches(module, name, "tools")
    ]
    assert not wrong, "tools/ is not packaged:\n" + "\n".join(wrong)


def test_the_live_benchmark_is_packaged():
    assert (ROOT / "tournaments" / "bench_live" / "load.py").exists()
    commands = ROOT / "tournaments" / "management" / "commands"
    assert ("tournaments.bench_live", "load") in {
        (m, n) for m, n, _l in imports_of(commands / "bench_live.py")
    }


def test_the_checks_see_what_they_look_for(tmp_path):
    """The walk finds imports anywhere in a file, relative ones resolved."""
    package = tmp_path / "tournaments" / "selectors"
    package.mkdir(parents=True)
    source = package / "thing.py"
    source.write_text(
        "def f():\n"
        "    from reports.printing import print_form\n"
        "    from ..services import hands\n"
        "    from tournaments import services\n"
        "    import tools.bench_live\n"
    )
    found = imports_of(source, root=tmp_path)
    assert any(_reaches(m, n, "reports") for m, n, _l in found)
    assert ("tournaments.services", "hands") in {(m, n) for m, n, _l in found}
    assert sum(_reaches(m, n, "tournaments.services") for m, n, _l in found) == 2
    assert any(_reaches(m, n, "tools") for m, n, _l in found)
