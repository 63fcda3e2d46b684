"""The test suite's own layout (issue 26, "House"): fixtures come from conftest.py, never from an
import.

- No module of tests/ imports a test module (`test_*.py`): what several test modules share is a
  fixture of a conftest.py (or of a fixture module registered in tests/conftest.py), or a
  plain helper of a module of its own.
- No module imports a pytest fixture by name (nor `*` from a module of tests/): pytest finds a
  fixture by its name as an argument; an imported one is a second copy that silently wins over
  the conftest's.
- No module imports a conftest.py: pytest loads those itself.
- `pytest_plugins` is only in tests/conftest.py (pytest reads it nowhere else), names existing
  fixture modules, and no two of them define a fixture of the same name.

Read with `ast`: nothing here imports the modules it checks.
"""

import ast
from functools import cache
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def modules() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*.py") if "__pycache__" not in path.parts)


def name_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def path_of(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


@cache
def tree_of(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def is_fixture(node: ast.AST) -> bool:
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if (isinstance(target, ast.Attribute) and target.attr == "fixture") or (
            isinstance(target, ast.Name) and target.id == "fixture"
        ):
            return True
    return False


def fixtures_of(path: Path) -> set[str]:
    return {node.name for node in tree_of(path).body if is_fixture(node)}


def imports_of(path: Path, tree: ast.Module | None = None):
    """(line, module imported from, names) for every import of a module of tests/ in `path`,
    relative imports resolved; a plain `import tests.x` gives no names."""
    package = name_of(path).split(".")[:-1]
    for node in ast.walk(tree or tree_of(path)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            if module == "tests" or module.startswith("tests."):
                yield node.lineno, module, [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "tests" or alias.name.startswith("tests."):
                    yield node.lineno, alias.name, []


def import_problems(path: Path, tree: ast.Module | None = None) -> list[tuple[str, str]]:
    """("test module" | "fixture", what is wrong) for each import `path` must not make."""
    problems = []
    for line, module, names in imports_of(path, tree):
        at = f"{path.relative_to(ROOT)}:{line}"
        for target in [module] + [f"{module}.{name}" for name in names]:
            if target.split(".")[-1].startswith("test_") and path_of(target):
                problems.append(("test module", f"{at} imports {target}"))
        source = path_of(module)
        if source is None:
            continue
        if source.name == "conftest.py":
            problems.append(("fixture", f"{at} imports from {module}, a conftest.py"))
        elif "*" in names:
            problems.append(("fixture", f"{at} imports * from {module}"))
        else:
            for name in sorted(set(names) & fixtures_of(source)):
                problems.append(("fixture", f"{at} imports the fixture {name} from {module}"))
    return problems


def all_problems(kind: str) -> list[str]:
    return [text for path in modules() for k, text in import_problems(path) if k == kind]


def test_no_module_imports_a_test_module():
    found = all_problems("test module")
    assert not found, (
        "a test module is imported (move what it shares to a conftest.py or a helper):\n"
        + "\n".join(found)
    )


def test_no_module_imports_a_fixture_or_a_conftest():
    found = all_problems("fixture")
    assert not found, "fixtures are named as arguments, never imported:\n" + "\n".join(found)


def plugins_named_in(path: Path) -> list[str] | None:
    for node in tree_of(path).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "pytest_plugins"
            for target in node.targets
        ):
            return list(ast.literal_eval(node.value))
    return None


def test_fixture_modules_are_registered_only_in_the_root_conftest_each_name_once():
    elsewhere = [
        str(path.relative_to(ROOT))
        for path in modules()
        if path != TESTS / "conftest.py" and plugins_named_in(path) is not None
    ]
    assert not elsewhere, f"pytest reads pytest_plugins only in tests/conftest.py: {elsewhere}"
    plugins = plugins_named_in(TESTS / "conftest.py") or []
    defined: dict[str, str] = {}
    clashes = []
    for plugin in plugins:
        source = path_of(plugin)
        assert source is not None, f"{plugin} does not exist"
        assert not source.name.startswith(("test_", "conftest")), plugin
        assert fixtures_of(source), f"{plugin} defines no fixture"
        for name in sorted(fixtures_of(source)):
            if name in defined:
                clashes.append(f"{name}: {defined[name]} and {plugin}")
            defined[name] = plugin
    assert not clashes, "two registered fixture modules define the same fixture:\n" + "\n".join(
        clashes
    )


def test_the_checks_see_each_kind_of_import_they_forbid():
    """The checks on a made-up module (parsed from text, never written): they see what they
    look for, relative imports too, and let a plain helper through."""
    probe = TESTS / "reports" / "test_probe.py"
    tree = ast.parse(
        "from tests.tournaments.test_signoff import something\n"
        "from tests.tournaments import test_appeals\n"
        "import tests.tournaments.test_corrections\n"
        "from tests.tournaments.sheet_fixtures import people, sheet\n"
        "from .conftest import played\n"
        "from tests.api.helpers import *\n"
        "from tests.tournaments.factories import TournamentFactory, seated_table\n"
        "from tests.tournaments.signoff_helpers import fresh\n"
    )
    found = import_problems(probe, tree)
    assert [kind for kind, _text in found] == ["test module"] * 3 + ["fixture"] * 4, found
    assert "imports the fixture people from tests.tournaments.sheet_fixtures" in found[3][1]
    assert "imports from tests.reports.conftest, a conftest.py" in found[5][1]
