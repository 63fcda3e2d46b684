"""The guard of tournaments.policies (tests/test_one_policy.py): which source lines ask a
login's role or status themselves."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = (
    "api",
    "config",
    "reports",
    "tournaments",
    "desk",
    "player_entry",
    "tournament_stats",
    "federation",
    "series",
)
DECIDERS = {"roles.py", "policies.py"}
ROLE_QUESTIONS = {"has_role", "is_director", "is_organiser", "is_committee", "captain_of"}
# Attributes of a login that only a policy reads (creating a login may set them).
LOGIN_FLAGS = {"is_superuser"}


def source_files():
    for package in SOURCES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts or (
                path.parent.name == "tournaments" and path.name in DECIDERS
            ):
                continue
            yield path


def role_questions(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in ROLE_QUESTIONS:
            found.append(f"{path.relative_to(root)}:{node.lineno} .{node.attr}")
        if isinstance(node, ast.ImportFrom) and node.module == "tournaments.roles":
            names = {alias.name for alias in node.names} & ROLE_QUESTIONS
            found += [f"{path.relative_to(root)}:{node.lineno} imports {n}" for n in names]
        if (
            isinstance(node, ast.Attribute)
            and node.attr in LOGIN_FLAGS
            and isinstance(node.ctx, ast.Load)
        ):
            found.append(f"{path.relative_to(root)}:{node.lineno} .{node.attr}")
    return found
