"""POST /api/tournaments/{slug}/seating/ (a job)."""

import pytest

from tests.api.event_helpers import NOT_ORGANISERS, ORGANISERS, tournament_with_players
from tests.api.helpers import assert_error
from tests.tournaments.job_fixtures import lots_drawn_tournament
from tournaments.models import Job, Session
from tournaments.roles import Role
from tournaments.services.seating import seating_generate


def url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/seating/"


@pytest.mark.parametrize("role", ORGANISERS)
def test_it_starts_the_seating_job_and_answers_202(
    as_role, role, django_capture_on_commit_callbacks
):
    tournament = lots_drawn_tournament(8)
    client = as_role(role)
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(url(tournament), {"seed": "chart", "time_limit": 1}, format="json")
    assert response.status_code == 202, response.content
    job = Job.objects.get(tournament=tournament)
    assert (job.kind, job.params, job.requested_by) == (
        "seating",
        {"seed": "chart", "time_limit": 1.0},
        client.user,
    )
    assert response.json() == {"job": job.pk, "status": "queued", "url": f"/api/jobs/{job.pk}/"}
    assert response["Location"] == f"/api/jobs/{job.pk}/"


def test_the_job_draws_the_chart(as_role, run_jobs):
    tournament = lots_drawn_tournament(8)
    with run_jobs():
        response = as_role(Role.ORGANISER).post(
            url(tournament), {"seed": "chart", "time_limit": 0.5}, format="json"
        )
    assert response.status_code == 202
    job = Job.objects.get(pk=response.json()["job"])
    assert job.status == Job.Status.DONE, job.error
    assert Session.objects.filter(tournament=tournament).count() == tournament.sessions_planned


def test_it_starts_a_re_seating_from_a_session(as_role, django_capture_on_commit_callbacks):
    tournament = lots_drawn_tournament(8)
    seating_generate(tournament=tournament, seed="chart", time_limit=0.5)
    client = as_role(Role.ORGANISER)
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(url(tournament), {"from_session": 2}, format="json")
    assert response.status_code == 202, response.content
    assert Job.objects.get().params == {"seed": "", "time_limit": 20.0, "from_session": 2}


def test_it_refuses_a_re_seating_without_a_chart(as_role):
    response = as_role(Role.ORGANISER).post(
        url(lots_drawn_tournament(8)), {"from_session": 2}, format="json"
    )
    assert_error(response, 400)
    assert not Job.objects.exists()


@pytest.mark.parametrize("role", NOT_ORGANISERS)
def test_it_refuses_the_job_to_other_roles(as_role, role):
    tournament = lots_drawn_tournament(8)
    assert_error(as_role(role).post(url(tournament), {}, format="json"), 403, code="forbidden")
    assert not Job.objects.exists()


def test_it_refuses_anonymous_users(anonymous):
    assert_error(anonymous.post(url(lots_drawn_tournament(8)), {}, format="json"), 401)


def test_it_refuses_a_search_time_that_is_not_a_number(as_role):
    response = as_role(Role.ORGANISER).post(
        url(lots_drawn_tournament(8)), {"time_limit": "long"}, format="json"
    )
    assert_error(response, 400, field="time_limit")


def test_it_refuses_a_search_time_out_of_range(as_role):
    response = as_role(Role.ORGANISER).post(
        url(lots_drawn_tournament(8)), {"time_limit": 9999}, format="json"
    )
    assert_error(response, 400)
    assert not Job.objects.exists()


def test_it_refuses_a_chart_before_lots_are_drawn(as_role):
    response = as_role(Role.ORGANISER).post(url(tournament_with_players(8)), {}, format="json")
    assert_error(response, 400)
    assert not Job.objects.exists()


def test_an_unknown_tournament_is_a_404(as_role):
    response = as_role(Role.ORGANISER).post("/api/tournaments/nope/seating/", {}, format="json")
    assert_error(response, 404)
