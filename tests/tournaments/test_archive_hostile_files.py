"""A damaged or hostile archive is refused at every door that restores one (the import command,
the restore page and its job) with a message naming where, nothing written and no upload left
behind; what cannot be an archive is refused before it is parsed, and the parse is bounded."""

import json
import tracemalloc

import pytest
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tournaments.archive import ArchiveError, dumps, export_tournament
from tournaments.archive.reading import BYTES_PER_VALUE
from tournaments.models import Job, Tournament
from tournaments.models.tournament import MAX_SESSIONS_PLANNED
from tournaments.roles import Role
from tournaments.services import archive_restore
from tournaments.services.jobs import job_start

pytestmark = pytest.mark.django_db
PLACE = "\u2063placeholder\u2063"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def chief(make_staff):
    return make_staff("chief", Role.CHIEF_UMPIRE)


def uploads(media) -> list:
    folder = media / archive_restore.UPLOAD_DIR
    return sorted(folder.iterdir()) if folder.exists() else []


def restore_job(chief, tournament, data: bytes, run_jobs) -> Job:
    """The restore job of an upload already on the server."""
    upload = default_storage.save(
        f"{archive_restore.UPLOAD_DIR}/{'b' * 32}.json", ContentFile(data)
    )
    with run_jobs():
        job = job_start(
            kind=Job.Kind.RESTORE,
            tournament=tournament,
            params={"upload": upload, "slug": "restored-open", "name": "", "unlink_logins": False},
            user=chief,
        )
    job.refresh_from_db()
    return job


def with_raw(document: dict, put, raw: str) -> str:
    """The archive's text with `raw` (JSON text the export would never write) where `put`
    places it in the document."""
    put(document, PLACE)
    text = dumps(document)
    assert text.count(f'"{PLACE}"') == 1
    return text.replace(f'"{PLACE}"', raw)


def set_player_number(document, value):
    document["players"][3]["registration_number"] = value


def set_player_name(document, value):
    document["players"][3]["name"] = value


def set_hand_time(document, value):
    document["score_sheets"][0]["hands"][0]["entered_at"] = value


# What a probe of the restore sent, where it put it, and where the refusal must say it is.
HOSTILE = {
    "a 5,000-digit integer": (set_player_number, "9" * 5000, "players[3], registration_number"),
    "a lone surrogate": (set_player_name, '"Wang \\ud800 Wei"', "players[3], name"),
    "a NUL in a text": (set_player_name, '"Wang \\u0000 Wei"', "players[3], name"),
    "a year-1 time with an offset": (
        set_hand_time,
        '"0001-01-01T00:00:00+05:00"',
        "session 1, table 1, hands[0], entered_at",
    ),
    "a year-9999 time with a negative offset": (
        set_hand_time,
        '"9999-12-31T23:59:59-05:00"',
        "session 1, table 1, hands[0], entered_at",
    ),
}


def hostile_text(small_played, case: str) -> tuple[str, str]:
    put, raw, where = HOSTILE[case]
    document = export_tournament(small_played)
    document["tournament"]["slug"] = "small-copy"
    return with_raw(document, put, raw), where


def nothing_written(tournaments_before: int, users_before: int) -> bool:
    return (
        Tournament.objects.count() == tournaments_before
        and get_user_model().objects.count() == users_before
        and not Tournament.objects.filter(slug__in=["small-copy", "restored-open"]).exists()
    )


@pytest.mark.parametrize("case", HOSTILE)
def test_the_import_command_refuses_a_hostile_value_naming_where(tmp_path, small_played, case):
    text, where = hostile_text(small_played, case)
    path = tmp_path / "archive.json"
    path.write_text(text, encoding="utf-8")
    before = Tournament.objects.count(), get_user_model().objects.count()
    with pytest.raises(CommandError) as refusal:
        call_command("import_tournament", str(path))
    assert str(refusal.value).startswith(where + ": ")
    assert str(refusal.value).endswith("Nothing was imported.")
    assert nothing_written(*before)


@pytest.mark.parametrize("case", HOSTILE)
def test_the_restore_page_refuses_a_hostile_value_naming_where_and_keeps_no_upload(
    client, chief, small_played, run_jobs, media, case
):
    text, where = hostile_text(small_played, case)
    client.force_login(chief)
    before = Tournament.objects.count(), get_user_model().objects.count()
    with run_jobs():
        response = client.post(
            reverse("admin:tournaments_tournament_archive_restore", args=[small_played.pk]),
            {
                "archive": SimpleUploadedFile("a.json", text.encode("utf-8")),
                "slug": "restored-open",
            },
        )
    job = Job.objects.filter(kind=Job.Kind.RESTORE).first()
    if job is None:  # refused on the form, at once
        assert response.status_code == 200
        (message,) = response.context["form"].errors["archive"]
    else:  # refused by the job
        job.refresh_from_db()
        assert job.status == Job.Status.FAILED
        message = job.error
        assert message.endswith("Nothing was imported.")
    assert message.startswith(where + ": ")
    assert nothing_written(*before)
    assert uploads(media) == []


@pytest.mark.parametrize("case", HOSTILE)
def test_the_restore_job_refuses_a_hostile_upload_naming_where_and_deletes_it(
    chief, small_played, run_jobs, media, case
):
    """An upload already on the server (accepted before these checks existed, or put there by
    hand) is refused by the job with the same message, and deleted."""
    text, where = hostile_text(small_played, case)
    before = Tournament.objects.count(), get_user_model().objects.count()
    job = restore_job(chief, small_played, text.encode("utf-8"), run_jobs)
    assert job.status == Job.Status.FAILED
    assert job.error.startswith(where + ": ") and job.error.endswith("Nothing was imported.")
    assert nothing_written(*before)
    assert uploads(media) == []


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


# -- references that name nothing ----------------------------------------------------------


def set_score_player(document, value):
    document["score_sheets"][0]["hands"][0]["scores"][0]["player"] = value


def set_sheet_session(document, value):
    document["score_sheets"][0]["session"] = value


def set_umpire(document, value):
    document["score_sheets"][0]["umpire"] = value


def set_penalty_delta(document, value):
    document["score_sheets"][0]["penalties"][0]["deltas"]["D"] = value


def set_penalty_number(document, value):
    document["score_sheets"][0]["penalties"][0]["number"] = value


def set_sanction_session(document, value):
    document["sanctions"] = [
        {
            **{"kind": "warning", "reason": "Slow play", "decided_by": None, "voided_by": None},
            **{"decided_at": "2026-05-01T10:00:00+00:00", "voided_at": None, "void_reason": ""},
            **{"player": 1, "session": value, "void_appeal": None, "status_before": ""},
        }
    ]


def set_appeal_session(document, value):
    document["appeals"] = [{"session": value}]


def set_printed_sheet(document, value):
    document["print_records"] = [{"score_sheet": value, "printed_by": None}]


@pytest.mark.parametrize(
    "put, value, message",
    [
        (set_sanction_session, [1], "sanctions[0]: no session [1] in the file."),
        (set_appeal_session, {"n": 1}, "appeals[0]: no session {'n': 1} in the file."),
        (
            set_printed_sheet,
            {"session": [1], "table": 1},
            "print_records[0]: no score sheet {'session': [1], 'table': 1} in the file.",
        ),
        (set_player_number, [], "players[3], registration_number: [] is not a valid"),
        (set_player_number, {"n": 1}, "players[3], registration_number: {'n': 1} is not a valid"),
        (
            set_score_player,
            {"n": 1},
            "session 1, table 1, hands[0], scores[0]: no player with registration number",
        ),
        (set_sheet_session, [1], "score_sheets[0]: no session [1] or no table 1 in the file."),
        (set_umpire, ["chief"], "score_sheets[0]: user ['chief'] is not in the file's list"),
        (set_penalty_number, [1], "session 1, table 1, penalties[0]: [1] is not a valid number."),
        (set_penalty_delta, "10", "session 1, table 1, penalties[0]: deltas must give whole"),
        (set_penalty_delta, 2.5, "session 1, table 1, penalties[0]: deltas must give whole"),
    ],
)
def test_an_array_or_object_where_the_file_names_a_row_is_refused_naming_where(
    tmp_path, small_played, put, value, message
):
    document = export_tournament(small_played)
    document["tournament"]["slug"] = "small-copy"
    put(document, value)
    path = tmp_path / "archive.json"
    path.write_text(dumps(document), encoding="utf-8")
    before = Tournament.objects.count(), get_user_model().objects.count()
    with pytest.raises(CommandError) as refusal:
        call_command("import_tournament", str(path))
    assert str(refusal.value).startswith(message)
    assert nothing_written(*before)


def test_a_refusal_quoting_a_long_value_of_the_file_is_cut_in_its_middle(
    chief, small_played, run_jobs, media
):
    """Neither the job's error nor the form shows a value of megabytes."""
    document = export_tournament(small_played)
    set_hand_time(document, "x" * 100_000)
    job = restore_job(chief, small_played, dumps(document).encode(), run_jobs)
    assert job.status == Job.Status.FAILED and len(job.error) < 1000
    assert job.error.startswith("session 1, table 1, hands[0], entered_at: 'xxx")
    assert job.error.endswith("xxx' is not a valid entered_at. Nothing was imported.")
    assert uploads(media) == []


# -- what cannot be an archive -------------------------------------------------------------


def empty_objects(count: int) -> bytes:
    """A file that starts as an archive and goes on with `count` empty objects (3 bytes each,
    about 72 bytes each once parsed)."""
    items = ",".join(["{}"] * count)
    return f'{{"format": "mcr-tournament", "version": 3, "players": [{items}]}}'.encode()


@pytest.fixture
def one_megabyte(settings):
    """The largest archive accepted is 1 MB: at most 43,690 values."""
    settings.ARCHIVE_MAX_BYTES = 1024 * 1024
    return settings


VALUES_REFUSED = "The file holds more than 43690 values, more than any tournament archive of at"


def test_a_file_of_more_values_than_an_archive_holds_is_refused_before_it_is_parsed(one_megabyte):
    data = empty_objects(300_000)  # 900 KB, 300,000 objects: 21 MB once parsed
    assert len(data) < one_megabyte.ARCHIVE_MAX_BYTES
    tracemalloc.start()
    try:
        with pytest.raises(ArchiveError) as refusal:
            archive_restore.archive_read(data=data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert refusal.value.message.startswith(VALUES_REFUSED)
    assert peak < len(data) // 10  # not even a copy of the file


def test_the_restore_page_refuses_a_file_of_too_many_values_and_keeps_nothing(
    client, chief, small_played, one_megabyte, media
):
    client.force_login(chief)
    before = Tournament.objects.count(), get_user_model().objects.count()
    response = client.post(
        reverse("admin:tournaments_tournament_archive_restore", args=[small_played.pk]),
        {"archive": SimpleUploadedFile("a.json", empty_objects(50_000)), "slug": "restored-open"},
    )
    (message,) = response.context["form"].errors["archive"]
    assert message.startswith(VALUES_REFUSED)
    assert nothing_written(*before) and not Job.objects.exists() and uploads(media) == []


def test_the_restore_job_refuses_a_file_of_too_many_values_and_deletes_it(
    chief, small_played, one_megabyte, run_jobs, media
):
    before = Tournament.objects.count(), get_user_model().objects.count()
    job = restore_job(chief, small_played, empty_objects(50_000), run_jobs)
    assert job.status == Job.Status.FAILED and job.error.startswith(VALUES_REFUSED)
    assert nothing_written(*before) and uploads(media) == []


def test_the_restore_job_refuses_an_upload_over_the_limit_and_deletes_it(
    chief, small_played, settings, run_jobs, media
):
    """The limit lowered after the upload was accepted: the job checks it again."""
    data = dumps(export_tournament(small_played)).encode()
    settings.ARCHIVE_MAX_BYTES = len(data) - 1
    before = Tournament.objects.count(), get_user_model().objects.count()
    job = restore_job(chief, small_played, data, run_jobs)
    assert job.status == Job.Status.FAILED
    assert job.error.startswith("The file is larger than 0.")
    assert job.error.endswith("MB, the most a restore accepts. Nothing was imported.")
    assert nothing_written(*before) and uploads(media) == []


def test_the_import_command_refuses_a_file_over_the_limit_or_of_too_many_values(
    tmp_path, small_played, one_megabyte
):
    path = tmp_path / "archive.json"
    path.write_bytes(b" " * (one_megabyte.ARCHIVE_MAX_BYTES + 1))
    with pytest.raises(CommandError, match="^The file is larger than 1 MB, the most a restore"):
        call_command("import_tournament", str(path))
    path.write_bytes(empty_objects(50_000))
    with pytest.raises(CommandError, match=f"^{VALUES_REFUSED}"):
        call_command("import_tournament", str(path))


def test_an_archive_as_the_export_writes_it_holds_fewer_values_than_the_limit_allows(
    played_demo,
):
    """The limit on values (one per BYTES_PER_VALUE bytes of the largest file) refuses no
    archive the export writes within the size limit: it spends more bytes per value."""
    text = dumps(export_tournament(played_demo))

    def values(node) -> int:
        children = node.values() if isinstance(node, dict) else node
        if isinstance(node, dict | list):
            return 1 + sum(values(child) for child in children)
        return 1

    assert len(text.encode()) / values(json.loads(text)) > BYTES_PER_VALUE
