"""GET|PATCH /api/tournaments/{slug}/."""

import pytest

from tests.api.event_helpers import NOT_ORGANISERS, ORGANISERS, mark_signed, played_table
from tests.api.helpers import assert_error
from tests.tournaments.factories import TournamentFactory
from tournaments.models import Tournament
from tournaments.roles import Role


def url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/"


def test_every_logged_in_user_reads_the_settings_and_status(as_role):
    tournament = TournamentFactory(venue="Casino", session_minutes=150)
    body = as_role(Role.PLAYER).get(url(tournament)).json()
    assert body["slug"] == tournament.slug and body["venue"] == "Casino"
    assert body["status"] == "registration" and body["session_minutes"] == 150


def test_an_unknown_tournament_is_a_404(as_role):
    assert_error(as_role(Role.ORGANISER).get("/api/tournaments/nope/"), 404)
    response = as_role(Role.ORGANISER).patch("/api/tournaments/nope/", {}, format="json")
    assert_error(response, 404)


@pytest.mark.parametrize("role", ORGANISERS)
def test_it_changes_only_the_settings_given(as_role, role):
    tournament = TournamentFactory(venue="Casino")
    response = as_role(role).patch(
        url(tournament), {"venue": "Hall 2", "status": "seated"}, format="json"
    )
    assert response.status_code == 200, response.content
    tournament.refresh_from_db()
    assert (tournament.venue, tournament.status) == ("Hall 2", "seated")
    assert tournament.sessions_planned == 6
    assert response.json()["venue"] == "Hall 2"


@pytest.mark.parametrize("role", NOT_ORGANISERS)
def test_it_refuses_a_change_to_other_roles(as_role, role):
    tournament = TournamentFactory(venue="Casino")
    response = as_role(role).patch(url(tournament), {"venue": "Hall 2"}, format="json")
    assert_error(response, 403, code="forbidden")
    tournament.refresh_from_db()
    assert tournament.venue == "Casino"


def test_it_refuses_anonymous_users(anonymous):
    tournament = TournamentFactory()
    assert_error(anonymous.get(url(tournament)), 401)
    assert_error(anonymous.patch(url(tournament), {"venue": "x"}, format="json"), 401)


def test_it_refuses_a_bad_value_naming_the_field(as_role):
    tournament = TournamentFactory()
    response = as_role(Role.ORGANISER).patch(url(tournament), {"tie_rule": "coin"}, format="json")
    assert_error(response, 400, field="tie_rule")


def test_the_ranking_settings_are_fixed_once_a_sheet_is_signed(as_role):
    sheet = played_table()
    mark_signed(sheet)
    tournament = sheet.session.tournament
    response = as_role(Role.ORGANISER).patch(
        url(tournament), {"tie_rule": "highest"}, format="json"
    )
    assert_error(response, 400, code="invalid")
    tournament.refresh_from_db()
    assert tournament.tie_rule == Tournament.TieRule.SHARE


def test_only_the_chief_umpire_reopens_a_finished_tournament(as_role):
    tournament = TournamentFactory(status=Tournament.Status.FINISHED)
    refused = as_role(Role.ORGANISER).patch(url(tournament), {"status": "running"}, format="json")
    assert_error(refused, 403, code="forbidden")
    done = as_role(Role.CHIEF_UMPIRE).patch(url(tournament), {"status": "running"}, format="json")
    assert done.status_code == 200
    tournament.refresh_from_db()
    assert tournament.status == "running"


def test_it_refuses_an_end_before_the_start_as_the_admin_does(as_role):
    tournament = TournamentFactory(start_date="2026-05-02")
    response = as_role(Role.ORGANISER).patch(
        url(tournament), {"end_date": "2026-05-01"}, format="json"
    )
    assert_error(response, 400, field="end_date")
    tournament.refresh_from_db()
    assert tournament.end_date is None


def test_it_refuses_finalists_who_do_not_fill_tables_of_four(as_role):
    tournament = TournamentFactory(format=Tournament.Format.MIXED, qualifying_sessions=4)
    response = as_role(Role.ORGANISER).patch(url(tournament), {"finalists": 10}, format="json")
    assert_error(response, 400, field="finalists")
    tournament.refresh_from_db()
    assert tournament.finalists is None
