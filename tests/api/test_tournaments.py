"""GET|POST /api/tournaments/."""

import pytest

from tests.api.event_helpers import NOT_ORGANISERS, ORGANISERS
from tests.api.helpers import assert_error
from tests.tournaments.factories import TournamentFactory
from tournaments.models import Tournament
from tournaments.roles import Role

URL = "/api/tournaments/"


@pytest.mark.parametrize("role", ORGANISERS)
def test_it_creates_a_tournament_from_a_name_and_a_slug(as_role, role):
    response = as_role(role).post(URL, {"name": "Madrid Open", "slug": "madrid"}, format="json")
    assert response.status_code == 201, response.content
    tournament = Tournament.objects.get(slug="madrid")
    assert tournament.name == "Madrid Open"
    assert tournament.sessions_planned == 8 and tournament.status == "registration"
    body = response.json()
    assert body["id"] == tournament.pk
    assert body["tie_breaks"] == []  # table points, then contest points (rule 3.10.1)
    assert body["status"] == "registration"


def test_it_takes_the_other_settings_too(as_role):
    response = as_role(Role.ORGANISER).post(
        URL,
        {
            "name": "Final",
            "slug": "final",
            "format": "mixed",
            "qualifying_sessions": 6,
            "finalists": 8,
            "tie_breaks": ["most_firsts"],
            "entry_mode": "points",
            "start_date": "2026-05-02",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    tournament = Tournament.objects.get(slug="final")
    assert (tournament.format, tournament.finalists, tournament.tie_breaks) == (
        "mixed",
        8,
        ["most_firsts"],
    )
    assert str(tournament.start_date) == "2026-05-02"


@pytest.mark.parametrize("role", NOT_ORGANISERS)
def test_it_refuses_a_tournament_to_other_roles(as_role, role):
    response = as_role(role).post(URL, {"name": "X", "slug": "x"}, format="json")
    assert_error(response, 403, code="forbidden")
    assert not Tournament.objects.filter(slug="x").exists()


def test_it_refuses_anonymous_users(anonymous):
    assert_error(anonymous.post(URL, {"name": "X", "slug": "x"}, format="json"), 401)
    assert_error(anonymous.get(URL), 401)


def test_it_refuses_a_missing_slug_naming_the_field(as_role):
    response = as_role(Role.ORGANISER).post(URL, {"name": "X"}, format="json")
    assert_error(response, 400, field="slug")


def test_it_refuses_a_slug_already_taken(as_role):
    TournamentFactory(slug="taken")
    response = as_role(Role.ORGANISER).post(URL, {"name": "X", "slug": "taken"}, format="json")
    assert_error(response, 400, field="slug")


def test_it_refuses_fewer_than_six_sessions(as_role):
    response = as_role(Role.ORGANISER).post(
        URL, {"name": "X", "slug": "x", "sessions_planned": 4}, format="json"
    )
    assert_error(response, 400, field="sessions_planned")


def test_it_refuses_an_unknown_tie_break(as_role):
    response = as_role(Role.ORGANISER).post(
        URL, {"name": "X", "slug": "x", "tie_breaks": ["coin"]}, format="json"
    )
    assert_error(response, 400, field="tie_breaks.0")


def test_every_logged_in_user_lists_the_tournaments_paginated(as_role):
    TournamentFactory(name="A", slug="a")
    TournamentFactory(name="B", slug="b", status=Tournament.Status.FINISHED)
    response = as_role(Role.PLAYER).get(URL, {"page_size": 1})
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 2 and len(body["results"]) == 1 and body["next"]


def test_the_list_is_filtered_by_status(as_role):
    TournamentFactory(slug="a")
    TournamentFactory(slug="b", status=Tournament.Status.FINISHED)
    response = as_role(None).get(URL, {"status": "finished"})
    assert [t["slug"] for t in response.json()["results"]] == ["b"]


def test_an_unknown_status_filter_is_a_400_naming_it(as_role):
    assert_error(as_role(None).get(URL, {"status": "lost"}), 400, field="status")
