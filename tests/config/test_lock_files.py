"""The lock files pin every dependency at one version (issue #26): each direct pin of
pyproject.toml stands in them at the same version, and every line of them is pinned."""

import re
import tomllib
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?==([^\s;]+)")


def _name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(lines) -> dict[str, str]:
    found = {}
    for line in lines:
        match = PIN.match(line.strip())
        if match:
            found[_name(match.group(1))] = match.group(2)
    return found


def _project():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _lock(name: str) -> tuple[dict[str, str], list[str]]:
    lines = (ROOT / name).read_text().splitlines()
    requirements = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    return _pins(requirements), requirements


@pytest.mark.parametrize(
    ("lock", "groups"), [("requirements.lock", []), ("requirements-dev.lock", ["dev"])]
)
def test_every_direct_pin_stands_in_the_lock_at_the_same_version(lock, groups):
    project = _project()
    direct = _pins(project["dependencies"])
    for group in groups:
        direct |= _pins(project["optional-dependencies"][group])
    locked, _lines = _lock(lock)
    assert direct, "pyproject.toml pins its dependencies"
    differing = {name: (v, locked.get(name)) for name, v in direct.items() if locked.get(name) != v}
    assert differing == {}, "run `make lock` after changing pyproject.toml"


@pytest.mark.parametrize("lock", ["requirements.lock", "requirements-dev.lock"])
def test_every_line_of_the_lock_is_pinned_to_one_version(lock):
    locked, lines = _lock(lock)
    assert len(locked) == len(lines) > 20  # dependencies of dependencies too
