"""On the embedded default (Celery eager, no broker), `POST /api/reports/` answers at once with
the queued job, and the job runs after the response is sent, not inside the request
(config/wsgi.py, `jobs_after_response`; issue #26).

The WSGI application is called as a server calls it: the response is read whole first, then
closed, and only closing it runs the job. The transaction commits for real here, as in
production (a test's transaction never commits, so no job would be queued at all).
"""

import json

import pytest
from rest_framework.authtoken.models import Token
from werkzeug.test import EnvironBuilder, run_wsgi_app

from config.wsgi import application
from tests.tournaments.factories import TournamentFactory
from tournaments.models import Job
from tournaments.roles import Role

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def request(path: str, token: str, body: dict | None = None):
    """(status, body, response to close), the response not closed yet."""
    environ = EnvironBuilder(
        path=path,
        method="POST" if body is not None else "GET",
        json=body,
        headers={"Authorization": f"Token {token}"},
    ).get_environ()
    response, status, _headers = run_wsgi_app(application, environ)
    return int(status.split()[0]), b"".join(response), response


def test_the_whole_tournament_zip_is_answered_at_once_and_made_after_the_response(
    eager_jobs, fake_print, make_staff
):
    tournament = TournamentFactory()
    token = Token.objects.create(user=make_staff("chief", Role.CHIEF_UMPIRE)).key
    body = {"tournament": tournament.slug, "kind": "all"}

    status, content, response = request("/api/reports/", token, body)

    answer = json.loads(content)
    assert status == 202 and answer["status"] == "queued"
    job = Job.objects.get(pk=answer["job"])
    assert job.status == Job.Status.QUEUED and fake_print.calls == []  # not run yet
    assert json.loads(request(answer["url"], token)[1])["status"] == "queued"

    response.close()  # the server is done sending the response: the job runs now

    job.refresh_from_db()
    assert fake_print.calls == [{"form": "all"}]
    assert job.status == Job.Status.DONE and job.result_file.read() == fake_print.content


def test_a_job_that_crashes_after_the_response_is_marked_failed_not_raised(
    eager_jobs, fake_print, make_staff
):
    fake_print.fail_with = RuntimeError("bug")
    tournament = TournamentFactory()
    token = Token.objects.create(user=make_staff("chief", Role.CHIEF_UMPIRE)).key

    status, content, response = request(
        "/api/reports/", token, {"tournament": tournament.slug, "kind": "all"}
    )
    response.close()

    assert status == 202
    job = Job.objects.get(pk=json.loads(content)["job"])
    assert job.status == Job.Status.FAILED and "RuntimeError" in job.error


def test_a_request_that_queues_no_job_is_answered_unwrapped(make_staff):
    token = Token.objects.create(user=make_staff("chief", Role.CHIEF_UMPIRE)).key
    environ = EnvironBuilder(
        path="/api/tournaments/", headers={"Authorization": f"Token {token}"}
    ).get_environ()
    captured = []
    response = application(environ, lambda status, headers, exc_info=None: captured.append(status))
    assert captured == ["200 OK"]
    assert type(response).__name__ != "_JobsAfterResponse"
    response.close()
