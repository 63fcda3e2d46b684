"""A damaged or hostile archive is refused at every door that restores one (the import command,
the restore page and its job) with a message naming where, nothing written and no upload left
behind; what cannot be an archive is refused before it is parsed, and the parse is bounded."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.archive import dumps, export_tournament
from tournaments.models import Tournament
from tournaments.models.tournament import MAX_SESSIONS_PLANNED

pytestmark = pytest.mark.django_db


def nothing_written(tournaments_before: int, users_before: int) -> bool:
    return (
        Tournament.objects.count() == tournaments_before
        and get_user_model().objects.count() == users_before
        and not Tournament.objects.filter(slug__in=["small-copy", "restored-open"]).exists()
    )


# -- sessions planned ----------------------------------------------------------------------


@pytest.mark.parametrize("planned", [MAX_SESSIONS_PLANNED + 1, 10**12])
def test_the_import_refuses_more_sessions_planned_than_a_tournament_may_have(
    tmp_path, small_played, planned
):
    document = export_tournament(small_played)
    document["tournament"]["slug"] = "small-copy"
    document["tournament"]["sessions_planned"] = planned
    path = tmp_path / "archive.json"
    path.write_text(dumps(document), encoding="utf-8")
    before = Tournament.objects.count(), get_user_model().objects.count()
    with pytest.raises(CommandError) as refusal:
        call_command("import_tournament", str(path))
    assert str(refusal.value).startswith("tournament: sessions_planned: ")
    assert f"{MAX_SESSIONS_PLANNED}" in str(refusal.value)
    assert nothing_written(*before)


def test_the_import_takes_the_most_sessions_planned_a_tournament_may_have(tmp_path, small_played):
    document = export_tournament(small_played)
    document["tournament"]["slug"] = "small-copy"
    document["tournament"]["sessions_planned"] = MAX_SESSIONS_PLANNED
    path = tmp_path / "archive.json"
    path.write_text(dumps(document), encoding="utf-8")
    call_command("import_tournament", str(path))
    restored = Tournament.objects.get(slug="small-copy")
    assert restored.sessions_planned == MAX_SESSIONS_PLANNED
