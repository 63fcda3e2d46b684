"""The tournament's archive in the browser (issue 29): the chief umpire downloads the archive
the export command writes and restores one as a new tournament through a background job,
with the import command's checks; every other role is refused on the server."""

import json
import re

import pytest
from django.contrib.admin.models import LogEntry
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from tournaments.admin import archive_pages
from tournaments.archive import ArchiveError, dumps, export_tournament
from tournaments.errors import TournamentError
from tournaments.models import Hand, Job, Player, TableSession, Tournament
from tournaments.roles import Role
from tournaments.services import archive_restore

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def chief(make_staff):
    return make_staff("chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def chief_client(client, chief):
    client.force_login(chief)
    return client


def url(name: str, tournament: Tournament, *args) -> str:
    return reverse(f"admin:tournaments_tournament_{name}", args=[tournament.pk, *args])


def archive_file(text: str | bytes, name: str = "archive.json") -> SimpleUploadedFile:
    content = text.encode("utf-8") if isinstance(text, str) else text
    return SimpleUploadedFile(name, content, content_type="application/json")


def restore(client, tournament, text, slug="restored-open", **fields):
    return client.post(
        url("archive_restore", tournament),
        {"archive": archive_file(text), "slug": slug, **fields},
    )


def counts(slug: str) -> tuple[int, int, int]:
    """Players, score sheets and hands of the tournament with this slug."""
    return (
        Player.objects.filter(tournament__slug=slug).count(),
        TableSession.objects.filter(session__tournament__slug=slug).count(),
        Hand.objects.filter(table_session__session__tournament__slug=slug).count(),
    )


def uploads(media) -> list:
    folder = media / archive_restore.UPLOAD_DIR
    return sorted(folder.iterdir()) if folder.exists() else []


def nothing_written(media, tournaments_before: int) -> bool:
    return (
        Tournament.objects.count() == tournaments_before
        and not Job.objects.exists()
        and uploads(media) == []
    )


# -- download ------------------------------------------------------------------------------


def download(client, tournament, run_jobs):
    """Make the archive (a job) and download the job's file: the response and the job."""
    with run_jobs():
        started = client.post(url("archive_backup", tournament))
    job = Job.objects.filter(kind=Job.Kind.BACKUP).latest("pk")
    assert started.status_code == 302 and started["Location"] == archive_pages.job_url(job)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE, job.error
    response = client.get(reverse("admin:tournaments_job_download", args=[job.pk]))
    return response, job


def body(response) -> bytes:
    return b"".join(response.streaming_content)


def test_the_chief_umpire_is_offered_the_archive_and_the_restore(chief_client, small_played):
    page = chief_client.get(url("archive", small_played)).content.decode()
    assert url("archive_backup", small_played) in page
    assert url("archive_restore", small_played) in page
    change_page = chief_client.get(
        reverse("admin:tournaments_tournament_change", args=[small_played.pk])
    ).content.decode()
    assert url("archive", small_played) in change_page


def test_the_chief_umpire_downloads_the_archive_the_export_command_writes(
    chief_client, small_played, run_jobs
):
    response, job = download(chief_client, small_played, run_jobs)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert re.fullmatch(r"small-open-\d{8}-\d{6}\.json", job.result_name)
    assert response["Content-Disposition"] == f'attachment; filename="{job.result_name}"'
    assert body(response).decode("utf-8") == dumps(export_tournament(small_played)) + "\n"
    page = chief_client.get(url("archive", small_played)).content.decode()
    assert archive_pages.job_url(job) in page and job.result_name in page


def test_the_archive_is_made_by_a_job_not_by_a_get(chief_client, small_played):
    assert chief_client.get(url("archive_backup", small_played)).status_code == 405
    assert not Job.objects.exists()


def test_the_download_is_written_to_the_action_log(chief_client, chief, small_played, run_jobs):
    assert not LogEntry.objects.exists()  # making it is not downloading it
    _response, job = download(chief_client, small_played, run_jobs)
    entry = LogEntry.objects.get(object_id=str(small_played.pk))
    assert entry.user == chief and job.result_name in entry.get_change_message()


def test_the_downloaded_archive_is_one_the_import_command_restores(
    chief_client, small_played, run_jobs, tmp_path
):
    response, _job = download(chief_client, small_played, run_jobs)
    document = json.loads(body(response))
    document["tournament"]["slug"] = "small-copy"
    path = tmp_path / "archive.json"
    path.write_text(dumps(document), encoding="utf-8")
    call_command("import_tournament", str(path))
    assert counts("small-copy") == counts("small-open") == (4, 1, 3)


# -- restore -------------------------------------------------------------------------------


def test_the_downloaded_archive_restores_under_a_new_slug_through_a_job(
    chief_client, small_played, run_jobs, media
):
    response, _backup = download(chief_client, small_played, run_jobs)
    text = body(response).decode("utf-8")
    Job.objects.all().delete()
    with run_jobs():
        response = restore(chief_client, small_played, text, name="Small Open (copy)")
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"] == archive_pages.job_url(job)
    job.refresh_from_db()
    assert (job.kind, job.status, job.tournament) == (Job.Kind.RESTORE, "done", small_played)
    restored = Tournament.objects.get(slug="restored-open")
    assert restored.name == "Small Open (copy)"
    assert counts("restored-open") == counts("small-open") == (4, 1, 3)
    assert uploads(media) == []  # the upload is gone once imported


def test_the_job_reports_its_progress_and_then_links_to_the_restored_tournament(
    chief_client, small_played, run_jobs
):
    text = dumps(export_tournament(small_played))
    with run_jobs():
        restore(chief_client, small_played, text)
    job = Job.objects.get()
    status = chief_client.get(reverse("admin:tournaments_job_status", args=[job.pk])).json()
    assert (status["status"], status["percent"], status["done"], status["total"]) == (
        "done",
        100,
        archive_restore.STEPS,
        archive_restore.STEPS,
    )
    assert status["message"].startswith("Imported restored-open: ")
    assert "4 players" in status["message"]
    page = chief_client.get(archive_pages.job_url(job)).content.decode()
    link = archive_pages.archive_restored_url(job)
    assert f'id="job-result-link" href="{link}"' in page
    restored = Tournament.objects.get(slug="restored-open")
    response = chief_client.get(link)
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "admin:tournaments_tournament_change", args=[restored.pk]
    )


def test_the_job_reports_each_step_as_it_goes(chief_client, small_played, run_jobs, monkeypatch):
    seen = []
    original = archive_restore.import_tournament

    def watched(document):
        seen.append(Job.objects.values_list("done", "total", "message").get())
        return original(document)

    monkeypatch.setattr(archive_restore, "import_tournament", watched)
    with run_jobs():
        restore(chief_client, small_played, dumps(export_tournament(small_played)))
    # While the import runs, the job's page already reads the step before it.
    assert seen == [(1, archive_restore.STEPS, "Importing the tournament (all or nothing)")]


def test_the_restore_refuses_a_taken_slug_and_writes_nothing(chief_client, small_played, media):
    before = Tournament.objects.count()
    response = restore(
        chief_client, small_played, dumps(export_tournament(small_played)), "small-open"
    )
    assert response.status_code == 200
    assert response.context["form"].errors["slug"] == [
        "A tournament with the slug 'small-open' exists already."
    ]
    assert nothing_written(media, before)


@pytest.mark.parametrize(
    "content, message",
    [
        (b"\xff\xfe not text", "The file is not UTF-8 text: it is not a tournament archive."),
        ('{"format": "mcr-tournament", ', "The file is not valid JSON"),
        ("[1, 2, 3]", "The file is not a tournament archive (not a JSON object)."),
        ('{"players": []}', 'The file is not a tournament archive ("format" is not'),
    ],
)
def test_the_restore_refuses_a_file_that_is_not_an_archive_and_writes_nothing(
    chief_client, small_played, media, content, message
):
    before = Tournament.objects.count()
    response = chief_client.post(
        url("archive_restore", small_played),
        {"archive": archive_file(content), "slug": "restored-open"},
    )
    assert response.status_code == 200
    (error,) = response.context["form"].errors["archive"]
    assert error.startswith(message)
    assert nothing_written(media, before)


def test_the_restore_refuses_an_archive_of_another_version_and_writes_nothing(
    chief_client, small_played, media
):
    document = export_tournament(small_played)
    document["version"] = 99
    before = Tournament.objects.count()
    response = restore(chief_client, small_played, dumps(document))
    assert response.context["form"].errors["archive"] == [
        "The archive is of version 99; this site reads versions 1, 2, 3."
    ]
    assert nothing_written(media, before)


def test_the_restore_refuses_a_file_over_the_limit_and_writes_nothing(
    chief_client, small_played, media, settings
):
    text = dumps(export_tournament(small_played))
    settings.ARCHIVE_MAX_BYTES = len(text) - 1
    before = Tournament.objects.count()
    response = restore(chief_client, small_played, text)
    (error,) = response.context["form"].errors["archive"]
    assert error.startswith("The file is larger than")
    assert nothing_written(media, before)


def test_the_service_refuses_a_file_over_the_limit_whatever_the_page_checked(
    chief, small_played, media, settings
):
    text = dumps(export_tournament(small_played))
    settings.ARCHIVE_MAX_BYTES = len(text) - 1
    with pytest.raises(ArchiveError, match="larger than"):
        archive_restore.archive_restore_start(
            tournament=small_played, data=text.encode(), slug="restored-open", user=chief
        )
    assert nothing_written(media, Tournament.objects.count())


def test_a_file_the_import_refuses_fails_the_job_with_its_message_and_writes_nothing(
    chief_client, chief, small_played, run_jobs, media
):
    player = small_played.players.get(registration_number=1)
    player.user = chief  # a login this site has: the import never binds a player to it
    player.save(update_fields=["user"])
    before = Tournament.objects.count()
    with run_jobs():
        restore(chief_client, small_played, dumps(export_tournament(small_played)))
    job = Job.objects.get()
    assert job.status == Job.Status.FAILED
    assert "is a login that exists already" in job.error
    assert job.error.endswith("Nothing was imported.")
    assert Tournament.objects.count() == before and uploads(media) == []


def test_the_players_may_be_restored_without_their_logins(
    chief_client, chief, small_played, run_jobs
):
    player = small_played.players.get(registration_number=1)
    player.user = chief
    player.save(update_fields=["user"])
    with run_jobs():
        restore(
            chief_client,
            small_played,
            dumps(export_tournament(small_played)),
            unlink_logins="on",
        )
    assert Job.objects.get().status == Job.Status.DONE
    restored = Tournament.objects.get(slug="restored-open")
    assert not restored.players.filter(user__isnull=False).exists()
    assert small_played.players.get(registration_number=1).user == chief  # untouched


# -- who may ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "role", [Role.ORGANISER, Role.UMPIRE, Role.COMMITTEE, Role.SCORE_DESK, None]
)
def test_every_other_role_is_refused_every_archive_page_and_nothing_is_written(
    client, make_staff, small_played, run_jobs, media, role
):
    client.force_login(make_staff("someone", role))
    text = dumps(export_tournament(small_played))
    before = Tournament.objects.count()
    assert client.get(url("archive", small_played)).status_code == 403
    assert client.get(url("archive_restore", small_played)).status_code == 403
    with run_jobs():
        assert client.post(url("archive_backup", small_played)).status_code == 403
        assert restore(client, small_played, text).status_code == 403
    assert nothing_written(media, before)
    assert not LogEntry.objects.exists()


def test_the_archive_job_refuses_another_role_and_is_not_created(make_staff, small_played):
    with pytest.raises(TournamentError, match="Only the chief umpire"):
        archive_restore.archive_backup_start(
            tournament=small_played, user=make_staff("organiser", Role.ORGANISER)
        )
    assert not Job.objects.exists()


def test_the_restore_service_refuses_another_role(make_staff, small_played, media):
    organiser = make_staff("organiser", Role.ORGANISER)
    with pytest.raises(TournamentError, match="Only the chief umpire"):
        archive_restore.archive_restore_start(
            tournament=small_played,
            data=dumps(export_tournament(small_played)).encode(),
            slug="restored-open",
            user=organiser,
        )
    assert nothing_written(media, Tournament.objects.count())


def test_a_visitor_is_sent_to_log_in(client, small_played):
    for name in ("archive", "archive_backup", "archive_restore"):
        response = client.get(url(name, small_played))
        assert response.status_code == 302 and "login" in response["Location"], name


def test_another_role_may_not_follow_a_restore_jobs_link(
    client, chief_client, make_staff, small_played, run_jobs
):
    with run_jobs():
        restore(chief_client, small_played, dumps(export_tournament(small_played)))
    link = archive_pages.archive_restored_url(Job.objects.get())
    client.force_login(make_staff("organiser", Role.ORGANISER))
    assert client.get(link).status_code == 403
