"""What a tournament's settings refuse through the API, as the admin's form does
(tests/tournaments/test_admin_tournament_guards.py): a name or a venue that shows nothing, a
number of sessions outside 6-99 (rule 3.5.4), and a finished tournament's number of sessions
or who enters hands (409)."""

import pytest

from tests.api.helpers import assert_error
from tests.api.openapi_schema import generated_schema
from tests.tournaments.factories import TournamentFactory
from tournaments.models import Tournament
from tournaments.models.tournament import MAX_SESSIONS_PLANNED
from tournaments.roles import Role

pytestmark = pytest.mark.django_db

URL = "/api/tournaments/"
INVISIBLE = ["\u200b", "\u200b\u200c\u200d", "\u2800", "\u202e\u200b\u202c", "\x01\x1b"]


def url(tournament) -> str:
    return f"{URL}{tournament.slug}/"


def patch(client, tournament, body: dict):
    return client.patch(url(tournament), body, format="json")


# -- names -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", INVISIBLE)
def test_a_new_tournament_whose_name_shows_nothing_is_refused(as_role, text):
    response = as_role(Role.ORGANISER).post(URL, {"name": text, "slug": "blank"}, format="json")
    assert_error(response, 400, field="name")
    assert not Tournament.objects.filter(slug="blank").exists()


@pytest.mark.parametrize("text", INVISIBLE)
@pytest.mark.parametrize("field", ["name", "venue"])
def test_a_name_or_venue_changed_to_one_that_shows_nothing_is_refused(as_role, field, text):
    tournament = TournamentFactory(name="Copenhagen Open", venue="Casino")
    response = patch(as_role(Role.ORGANISER), tournament, {field: text})
    assert_error(response, 400, field=field)
    tournament.refresh_from_db()
    assert (tournament.name, tournament.venue) == ("Copenhagen Open", "Casino")


def test_a_name_is_kept_without_the_invisible_characters_around_it(as_role):
    body = {"name": "\u200bCopenhagen Open\u200b", "slug": "cph", "venue": "\u2800Casino"}
    response = as_role(Role.ORGANISER).post(URL, body, format="json")
    assert response.status_code == 201, response.content
    tournament = Tournament.objects.get(slug="cph")
    assert (tournament.name, tournament.venue) == ("Copenhagen Open", "Casino")


def test_no_venue_at_all_is_still_accepted(as_role):
    tournament = TournamentFactory(venue="Casino")
    response = patch(as_role(Role.ORGANISER), tournament, {"venue": ""})
    assert response.status_code == 200, response.content
    tournament.refresh_from_db()
    assert tournament.venue == ""


# -- the number of sessions ----------------------------------------------------------------------


@pytest.mark.parametrize("sessions", [MAX_SESSIONS_PLANNED + 1, 10**6])
def test_more_sessions_than_the_maximum_are_refused(as_role, sessions):
    body = {"name": "Huge", "slug": "huge", "sessions_planned": sessions}
    response = as_role(Role.ORGANISER).post(URL, body, format="json")
    assert_error(response, 400, field="sessions_planned")
    assert not Tournament.objects.filter(slug="huge").exists()


def test_a_change_to_more_sessions_than_the_maximum_is_refused(as_role):
    tournament = TournamentFactory(sessions_planned=7)
    response = patch(as_role(Role.ORGANISER), tournament, {"sessions_planned": 10**6})
    assert_error(response, 400, field="sessions_planned")
    tournament.refresh_from_db()
    assert tournament.sessions_planned == 7


def test_the_maximum_itself_is_accepted(as_role):
    tournament = TournamentFactory(sessions_planned=7)
    response = patch(as_role(Role.ORGANISER), tournament, {"sessions_planned": 99})
    assert response.status_code == 200, response.content
    tournament.refresh_from_db()
    assert tournament.sessions_planned == MAX_SESSIONS_PLANNED == 99


def test_the_schema_says_the_range_of_the_number_of_sessions():
    schema, _problems = generated_schema()
    for component in ("TournamentInputRequest", "PatchedTournamentInputRequest"):
        field = schema["components"]["schemas"][component]["properties"]["sessions_planned"]
        assert (field["minimum"], field["maximum"]) == (6, MAX_SESSIONS_PLANNED), component


# -- a finished tournament -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "body", [{"sessions_planned": 10**6}, {"sessions_planned": 9}, {"hand_entry": "players"}]
)
@pytest.mark.parametrize("role", [Role.ORGANISER, Role.CHIEF_UMPIRE])
def test_a_finished_tournament_keeps_its_sessions_and_who_enters_hands(as_role, role, body):
    tournament = TournamentFactory(status=Tournament.Status.FINISHED, sessions_planned=8)
    response = patch(as_role(role), tournament, body)
    assert_error(response, 409 if body.get("sessions_planned") != 10**6 else 400)
    tournament.refresh_from_db()
    assert (tournament.sessions_planned, tournament.hand_entry) == (8, "umpires")


def test_a_finished_tournament_still_takes_a_new_venue(as_role):
    tournament = TournamentFactory(status=Tournament.Status.FINISHED, venue="Casino")
    response = patch(as_role(Role.ORGANISER), tournament, {"venue": "Town hall"})
    assert response.status_code == 200, response.content


def test_the_chief_umpire_reopening_it_changes_them_in_the_same_request(as_role):
    tournament = TournamentFactory(status=Tournament.Status.FINISHED, sessions_planned=8)
    body = {"status": "running", "sessions_planned": 9, "hand_entry": "both"}
    response = patch(as_role(Role.CHIEF_UMPIRE), tournament, body)
    assert response.status_code == 200, response.content
    tournament.refresh_from_db()
    assert (tournament.status, tournament.sessions_planned, tournament.hand_entry) == (
        "running",
        9,
        "both",
    )


def test_the_schema_documents_the_409_of_a_change():
    schema, _problems = generated_schema()
    assert "409" in schema["paths"]["/api/tournaments/{slug}/"]["patch"]["responses"]
