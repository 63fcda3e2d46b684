"""POST /api/reports/ (print a form as a job) and GET /api/reports/{id}/ (its progress)."""

import pytest

from tests.api.appeal_helpers import file_appeal
from tests.api.helpers import assert_error
from tests.api.sheet_helpers import complete
from tournaments.models import Job
from tournaments.roles import Role
from tournaments.services.jobs import job_start

pytestmark = pytest.mark.django_db

URL = "/api/reports/"


def body(sheet, **kwargs) -> dict:
    return {"tournament": sheet.session.tournament.slug, "kind": "standings", **kwargs}


# -- POST /api/reports/ --------------------------------------------------------------------


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.CHIEF_UMPIRE, "superuser"])
def test_staff_start_a_print_job(appeal_sheet, as_role, fake_print, role):
    client = as_role(role)
    response = client.post(URL, body(appeal_sheet, session=1), format="json")
    assert response.status_code == 202, response.content
    job = Job.objects.get()
    assert (job.kind, job.requested_by, job.tournament) == (
        Job.Kind.PRINT,
        client.user,
        appeal_sheet.session.tournament,
    )
    assert job.params == {"form": "standings", "session": 1}
    assert response.json() == {"job": job.pk, "status": "queued", "url": f"/api/reports/{job.pk}/"}
    assert response["Location"] == f"/api/reports/{job.pk}/"


def test_a_print_job_runs_and_its_pdf_is_downloaded(appeal_sheet, as_role, run_jobs, media):
    """A real print: the standings after one complete sheet."""
    complete(appeal_sheet)
    client = as_role(Role.ORGANISER)
    with run_jobs():
        started = client.post(URL, body(appeal_sheet), format="json")
    assert started.status_code == 202, started.content
    progress = client.get(started.json()["url"])
    assert progress.status_code == 200
    data = progress.json()
    assert data["status"] == "done" and data["finished"] and data["percent"] == 100
    assert data["download"] == f"/api/jobs/{data['id']}/file/"
    assert data["download_name"].endswith(".pdf")
    pdf = client.get(data["download"])
    assert pdf.status_code == 200
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")


def test_the_committee_prints_an_appeal_record(appeal_sheet, seat_clients, as_role, fake_print):
    appeal = file_appeal(appeal_sheet, seat_clients["A"])
    response = as_role(Role.COMMITTEE).post(
        URL, body(appeal_sheet, kind="appeal", appeal=appeal.pk), format="json"
    )
    assert response.status_code == 202, response.content
    assert Job.objects.get().params == {"form": "appeal", "appeal": appeal.pk}


@pytest.mark.parametrize("role", [Role.COMMITTEE, Role.UMPIRE, Role.PLAYER, None])
def test_it_refuses_a_form_the_role_may_not_print(appeal_sheet, as_role, role):
    response = as_role(role).post(URL, body(appeal_sheet), format="json")
    assert_error(response, 403, code="forbidden")
    assert not Job.objects.exists()


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.PLAYER, Role.ORGANISER])
def test_it_refuses_an_appeal_record_to_others_than_the_committee_and_chief(
    appeal_sheet, seat_clients, as_role, role
):
    appeal = file_appeal(appeal_sheet, seat_clients["A"])
    response = as_role(role).post(
        URL, body(appeal_sheet, kind="appeal", appeal=appeal.pk), format="json"
    )
    assert_error(response, 403)
    assert not Job.objects.exists()


def test_only_the_chief_umpire_prints_everything(appeal_sheet, as_role):
    assert_error(as_role(Role.ORGANISER).post(URL, body(appeal_sheet, kind="all")), 403)
    assert not Job.objects.exists()


def test_the_chief_umpire_prints_everything(appeal_sheet, as_role, fake_print):
    response = as_role(Role.CHIEF_UMPIRE).post(URL, body(appeal_sheet, kind="all"))
    assert response.status_code == 202
    assert Job.objects.get().params == {"form": "all"}


def test_it_refuses_an_anonymous_print(appeal_sheet, anonymous):
    assert_error(anonymous.post(URL, body(appeal_sheet), format="json"), 401)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"kind": "menu"}, "kind"),
        ({"kind": None}, "kind"),
        ({"tournament": None}, "tournament"),
        ({"session": "first"}, "session"),
        ({"session": 0}, "session"),
        ({"table": -1}, "table"),
        ({"appeal": "x"}, "appeal"),
    ],
)
def test_it_names_the_field_of_a_malformed_request(appeal_sheet, as_role, changes, field):
    data = {k: v for k, v in body(appeal_sheet, **changes).items() if v is not None}
    response = as_role(Role.ORGANISER).post(URL, data, format="json")
    assert_error(response, 400, field=field)
    assert not Job.objects.exists()


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"kind": "scoresheet"}, "Say which session"),
        ({"kind": "scoresheet", "session": 7}, "has no session 7"),
        ({"kind": "scoresheet", "session": 1, "table": 9}, "has no table 9"),
        ({"kind": "appeal"}, "Say which appeal"),
        ({"kind": "appeal", "appeal": 999_999}, "has no appeal"),
    ],
)
def test_it_refuses_a_missing_or_unknown_session_table_or_appeal(
    appeal_sheet, as_role, options, words
):
    response = as_role(Role.CHIEF_UMPIRE).post(URL, body(appeal_sheet, **options), format="json")
    errors = assert_error(response, 400)
    assert words in errors[0]["message"]
    assert not Job.objects.exists()


def test_printing_for_an_unknown_tournament_is_404(as_role):
    response = as_role(Role.ORGANISER).post(URL, {"tournament": "nowhere", "kind": "chart"})
    assert_error(response, 404)


# -- GET /api/reports/{id}/ ----------------------------------------------------------------


def started(client, sheet) -> Job:
    return job_start(
        kind=Job.Kind.PRINT,
        tournament=sheet.session.tournament,
        params={"form": "standings"},
        user=client.user,
    )


def test_the_requester_follows_his_print_job(appeal_sheet, as_role, fake_print):
    client = as_role(Role.ORGANISER)
    job = started(client, appeal_sheet)
    response = client.get(f"{URL}{job.pk}/")
    assert response.status_code == 200
    data = response.json()
    assert (data["id"], data["kind"], data["status"]) == (job.pk, "print", "queued")
    assert data["download"] is None and data["finished"] is False
    assert data["params"] == {"form": "standings"}
    assert data["requested_by"] == client.user.username
    assert response["Cache-Control"] == "no-store"


def test_the_chief_umpire_follows_anyones_print_job(appeal_sheet, as_role, fake_print):
    job = started(as_role(Role.ORGANISER), appeal_sheet)
    assert as_role(Role.CHIEF_UMPIRE).get(f"{URL}{job.pk}/").status_code == 200


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.COMMITTEE, Role.UMPIRE, Role.PLAYER])
def test_another_users_print_job_is_404(appeal_sheet, as_role, fake_print, role):
    job = started(as_role(Role.ORGANISER), appeal_sheet)
    assert_error(as_role(role).get(f"{URL}{job.pk}/"), 404)


def test_a_job_of_another_kind_is_no_report(appeal_sheet, as_role):
    chief = as_role(Role.CHIEF_UMPIRE)
    job = Job.objects.create(
        kind=Job.Kind.SEATING, tournament=appeal_sheet.session.tournament, requested_by=chief.user
    )
    assert_error(chief.get(f"{URL}{job.pk}/"), 404)


def test_a_failed_print_job_says_why(appeal_sheet, as_role, fake_print, run_jobs):
    client = as_role(Role.ORGANISER)
    with run_jobs():
        job = started(client, appeal_sheet)
        fake_print.refuse = "Nothing to print yet."
    data = client.get(f"{URL}{job.pk}/").json()
    assert data["status"] == "failed" and data["error"] == "Nothing to print yet."
    assert data["download"] is None


def test_following_a_report_anonymously_is_401(appeal_sheet, as_role, anonymous, fake_print):
    job = started(as_role(Role.ORGANISER), appeal_sheet)
    assert_error(anonymous.get(f"{URL}{job.pk}/"), 401)


def test_an_unknown_report_is_404(as_role):
    assert_error(as_role(Role.CHIEF_UMPIRE).get(f"{URL}999999/"), 404)
