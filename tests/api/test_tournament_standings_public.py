"""GET|PATCH /api/tournaments/{slug}/: `standings_public`, the director's release of the
standings (issue 29). Organisers and the chief umpire change it, as every other setting;
while it is off, the API's standings are the staff's."""

import pytest

from tests.api.event_helpers import NOT_ORGANISERS, ORGANISERS, played_table
from tests.api.helpers import assert_error
from tests.tournaments.factories import TournamentFactory
from tournaments.models import Tournament
from tournaments.roles import Role


def url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/"


def test_a_tournament_publishes_its_standings_unless_told_otherwise(as_role):
    tournament = TournamentFactory()
    assert as_role(Role.PLAYER).get(url(tournament)).json()["standings_public"] is True


def test_a_new_tournament_may_keep_them_unpublished(as_role):
    response = as_role(Role.ORGANISER).post(
        "/api/tournaments/",
        {"name": "Quiet Open", "slug": "quiet", "standings_public": False},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["standings_public"] is False
    assert Tournament.objects.get(slug="quiet").standings_public is False


@pytest.mark.parametrize("role", ORGANISERS)
def test_an_organiser_withdraws_and_publishes_the_standings(as_role, role):
    tournament = TournamentFactory(venue="Casino")
    client = as_role(role)
    response = client.patch(url(tournament), {"standings_public": False}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["standings_public"] is False
    tournament.refresh_from_db()
    assert tournament.standings_public is False and tournament.venue == "Casino"
    response = client.patch(url(tournament), {"standings_public": True}, format="json")
    assert response.status_code == 200 and response.json()["standings_public"] is True
    assert Tournament.objects.get(pk=tournament.pk).standings_public is True


@pytest.mark.parametrize("role", NOT_ORGANISERS)
def test_other_roles_are_refused_and_nothing_changes(as_role, role):
    tournament = TournamentFactory()
    response = as_role(role).patch(url(tournament), {"standings_public": False}, format="json")
    assert_error(response, 403, code="forbidden")
    assert Tournament.objects.get(pk=tournament.pk).standings_public is True


def test_anonymous_users_are_refused(anonymous):
    tournament = TournamentFactory()
    response = anonymous.patch(url(tournament), {"standings_public": False}, format="json")
    assert_error(response, 401)
    assert Tournament.objects.get(pk=tournament.pk).standings_public is True


def test_a_value_that_is_not_a_boolean_is_a_400_naming_the_field(as_role):
    tournament = TournamentFactory()
    response = as_role(Role.ORGANISER).patch(
        url(tournament), {"standings_public": "perhaps"}, format="json"
    )
    assert_error(response, 400, field="standings_public")
    assert Tournament.objects.get(pk=tournament.pk).standings_public is True


def test_it_may_change_once_sheets_are_signed(as_role):
    """It decides what the public pages show, not the results: no lock once play started."""
    from tests.api.event_helpers import mark_signed

    sheet = played_table()
    mark_signed(sheet)
    tournament = sheet.session.tournament
    response = as_role(Role.CHIEF_UMPIRE).patch(
        url(tournament), {"standings_public": False}, format="json"
    )
    assert response.status_code == 200, response.content
    assert Tournament.objects.get(pk=tournament.pk).standings_public is False


def test_the_api_gives_the_unpublished_standings_to_staff_only(as_role):
    """tournaments.policies.may_read_standings (tests/api/test_standings_held.py has every
    door and role)."""
    sheet = played_table()  # A self-draws 10: A +54, the others -18
    Tournament.objects.filter(pk=sheet.session.tournament_id).update(standings_public=False)
    slug = sheet.session.tournament.slug
    body = as_role(Role.UMPIRE).get(f"/api/tournaments/{slug}/standings/?live=true").json()
    assert [row["contest_points"] for row in body["players"]][:1] == [54]
    response = as_role(Role.PLAYER).get(f"/api/tournaments/{slug}/standings/?live=true")
    assert_error(response, 403, code="forbidden")


def test_the_schema_documents_the_setting():
    from tests.api.openapi_schema import generated_schema

    schema, _problems = generated_schema()
    components = schema["components"]["schemas"]
    for name in ("TournamentOutput", "TournamentInputRequest", "PatchedTournamentInputRequest"):
        field = components[name]["properties"]["standings_public"]
        assert field["type"] == "boolean" and "public pages" in field["description"], name
