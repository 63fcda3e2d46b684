"""GET /api/jobs/{id}/ (any job's progress) and GET /api/jobs/{id}/file/ (its file)."""

import pytest

from tests.api.helpers import assert_error
from tests.tournaments.job_fixtures import lots_drawn_tournament
from tournaments.models import Job
from tournaments.roles import Role
from tournaments.services.jobs import job_start

pytestmark = pytest.mark.django_db


def url(job, tail: str = "") -> str:
    return f"/api/jobs/{job.pk}/{tail}"


@pytest.fixture
def organiser(as_role):
    return as_role(Role.ORGANISER)


@pytest.fixture
def print_job(appeal_sheet, organiser, fake_print, run_jobs, media) -> Job:
    """A print job the organiser asked for, run to the end (the stand-in makes the file)."""
    with run_jobs():
        job = job_start(
            kind=Job.Kind.PRINT,
            tournament=appeal_sheet.session.tournament,
            params={"form": "scoresheet", "session": 1},
            user=organiser.user,
        )
    job.refresh_from_db()
    assert job.status == Job.Status.DONE
    return job


# -- GET /api/jobs/{id}/ -------------------------------------------------------------------


def test_the_requester_follows_his_finished_job(print_job, organiser, fake_print):
    response = organiser.get(url(print_job))
    assert response.status_code == 200
    data = response.json()
    assert data["status"] == "done" and data["finished"] is True
    assert (data["done"], data["total"], data["percent"]) == (4, 4, 100)
    assert data["download"] == f"/api/jobs/{print_job.pk}/file/"
    assert data["download_name"] == "session-1_sheets.pdf"
    assert data["error"] == "" and data["stalled"] is False
    assert data["tournament"] == print_job.tournament.slug


def test_a_seating_job_is_followed_here(as_role, run_jobs, media):
    organiser = as_role(Role.ORGANISER)
    tournament = lots_drawn_tournament(players=8)
    job = job_start(
        kind=Job.Kind.SEATING,
        tournament=tournament,
        params={"seed": "s", "time_limit": 1},
        user=organiser.user,
    )
    response = organiser.get(url(job))
    assert response.status_code == 200
    assert (response.json()["kind"], response.json()["status"]) == ("seating", "queued")
    assert response.json()["download"] is None


def test_the_chief_umpire_follows_anyones_job(print_job, as_role):
    assert as_role(Role.CHIEF_UMPIRE).get(url(print_job)).status_code == 200


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.COMMITTEE, Role.UMPIRE, Role.PLAYER, None])
def test_another_users_job_does_not_exist_for_him(print_job, as_role, role):
    assert_error(as_role(role).get(url(print_job)), 404)
    assert_error(as_role(role).get(url(print_job, "file/")), 404)


def test_anonymous_is_401(print_job, anonymous):
    assert_error(anonymous.get(url(print_job)), 401)
    assert_error(anonymous.get(url(print_job, "file/")), 401)


def test_an_unknown_job_is_404(as_role):
    assert_error(as_role(Role.CHIEF_UMPIRE).get("/api/jobs/999999/"), 404)
    assert_error(as_role(Role.CHIEF_UMPIRE).get("/api/jobs/999999/file/"), 404)


# -- GET /api/jobs/{id}/file/ --------------------------------------------------------------


def test_the_requester_downloads_the_file(print_job, organiser, fake_print):
    response = organiser.get(url(print_job, "file/"))
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == fake_print.content
    assert "attachment" in response["Content-Disposition"]
    assert "session-1_sheets.pdf" in response["Content-Disposition"]


def test_the_chief_umpire_downloads_anyones_file(print_job, as_role, fake_print):
    response = as_role(Role.CHIEF_UMPIRE).get(url(print_job, "file/"))
    assert b"".join(response.streaming_content) == fake_print.content


def test_there_is_no_file_until_the_job_is_done(appeal_sheet, organiser, fake_print):
    job = job_start(
        kind=Job.Kind.PRINT,
        tournament=appeal_sheet.session.tournament,
        params={"form": "chart"},
        user=organiser.user,
    )
    assert_error(organiser.get(url(job, "file/")), 404)


def test_a_job_whose_file_is_gone_is_404(print_job, organiser, media):
    (media / print_job.result_file.name).unlink()
    assert_error(organiser.get(url(print_job, "file/")), 404)
