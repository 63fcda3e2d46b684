"""The desk builds on tournaments and the API, never the other way (no module of tournaments,
reports, api or public imports desk), asks tournaments.policies every role question, and its
table keeps what must always hold (database constraints)."""

import ast
from pathlib import Path

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from desk.models import DeskEntry
from tests.policy_guard import role_questions
from tests.tournaments.factories import seated_table
from tournaments.roles import Role

ROOT = Path(__file__).resolve().parent.parent.parent
BELOW_THE_DESK = ("tournaments", "reports", "api", "public")


def imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_nothing_below_the_desk_imports_it():
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for package in BELOW_THE_DESK
        for path in (ROOT / package).rglob("*.py")
        for name in imports_of(path)
        if name == "desk" or name.startswith("desk.")
    ]
    assert found == []


def test_the_guard_sees_an_import_of_the_desk(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from desk.services import desk_entry_give\nimport desk.models\n")
    assert imports_of(module) == {"desk.services", "desk.models"}


def test_the_desk_asks_the_policies_every_role_question():
    found = [
        hit
        for path in (ROOT / "desk").rglob("*.py")
        if "migrations" not in path.parts
        for hit in role_questions(path, ROOT)
    ]
    assert found == []


# -- the constraints ------------------------------------------------------------------------------


def entry(sheet, clerk, status="first", **fields) -> DeskEntry:
    if status not in ("first", "differs"):
        fields.setdefault("decided_at", timezone.now())
    return DeskEntry.objects.create(
        table_session=sheet, clerk=clerk, payload={}, status=status, **fields
    )


def refused(make) -> bool:
    try:
        with transaction.atomic():
            make()
    except IntegrityError:
        return True
    return False


@pytest.mark.django_db
def test_one_entry_awaits_a_second_at_a_time(login, sheet):
    entry(sheet, login(Role.SCORE_DESK))
    assert refused(lambda: entry(sheet, login(Role.SCORE_DESK)))


@pytest.mark.django_db
def test_a_clerk_has_one_entry_in_play_per_sheet(login, sheet):
    clerk = login(Role.SCORE_DESK)
    entry(sheet, clerk, "differs")
    assert refused(lambda: entry(sheet, clerk, "differs"))
    entry(sheet, clerk, "superseded")  # what he keyed before does not count


@pytest.mark.django_db
def test_a_sheet_is_recorded_once(login, sheet):
    first = entry(sheet, login(Role.SCORE_DESK), "recorded")
    entry(sheet, login(Role.SCORE_DESK), "recorded", matched_with=first)
    chief = login(Role.CHIEF_UMPIRE)
    assert refused(lambda: entry(sheet, chief, "accepted_alone", accepted_by=chief, reason="x"))


@pytest.mark.django_db
def test_an_entry_accepted_alone_has_its_chief_and_reason(login, sheet):
    clerk, chief = login(Role.SCORE_DESK), login(Role.CHIEF_UMPIRE)
    assert refused(lambda: entry(sheet, clerk, "accepted_alone", accepted_by=chief))
    assert refused(lambda: entry(sheet, clerk, "accepted_alone", reason="Checked"))
    assert refused(lambda: entry(sheet, clerk, "first", reason="Checked"))


@pytest.mark.django_db
def test_an_entry_in_play_is_undecided_and_only_a_recorded_one_is_matched(login, sheet):
    clerk = login(Role.SCORE_DESK)
    assert refused(lambda: entry(sheet, clerk, "first", decided_at=timezone.now()))
    assert refused(lambda: entry(sheet, clerk, "superseded", decided_at=None))
    other = entry(sheet, login(Role.SCORE_DESK), "superseded")
    assert refused(lambda: entry(sheet, clerk, "superseded", matched_with=other))


@pytest.mark.django_db
def test_deleting_a_sheet_deletes_its_desk_entries(login, sheet):
    first = entry(sheet, login(Role.SCORE_DESK), "recorded")
    entry(sheet, login(Role.SCORE_DESK), "recorded", matched_with=first)
    other = seated_table(sheet.session.tournament, table_number=2, started=True)
    entry(other, login(Role.SCORE_DESK))
    entry(other, login(Role.SCORE_DESK), "differs")
    sheet.delete()
    other.delete()
    assert not DeskEntry.objects.exists()
