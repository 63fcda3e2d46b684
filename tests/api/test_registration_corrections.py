"""`POST /api/tournaments/{slug}/players/{n}/corrections/` and `…/teams/{id}/corrections/`:
the chief umpire's correction of a settled registration, with a reason (issue #26)."""

from fractions import Fraction

import pytest

from tests.api.helpers import assert_error
from tests.tournaments.factories import TeamFactory, TournamentFactory
from tests.tournaments.registration_helpers import (
    REASON,
    finish,
    player,
    stored,
    team,
    team_league,
    team_ranking,
)
from tournaments.models import Player, RegistrationCorrection
from tournaments.roles import Role


@pytest.fixture
def league(db):
    tournament = team_league(signed=True)
    finish(tournament)
    return tournament


def player_url(tournament, number: int) -> str:
    return f"/api/tournaments/{tournament.slug}/players/{number}/corrections/"


def team_url(tournament, team_id: int) -> str:
    return f"/api/tournaments/{tournament.slug}/teams/{team_id}/corrections/"


def test_the_chief_umpire_moves_a_player_to_another_team(as_role, league):
    chief = as_role(Role.CHIEF_UMPIRE)
    y = team(league, "Y")
    response = chief.post(player_url(league, 2), {"team": y.pk, "reason": REASON}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    x = team(league, "X")
    assert body["registration_number"] == 2 and body["team_id"] is None
    assert body["before"] == {"team": {"id": x.pk, "name": "X"}}
    assert body["after"] == {"team": {"id": y.pk, "name": "Y"}}
    assert (body["reason"], body["made_by"]) == (REASON, chief.user.username)
    assert player(league, "Bo").team == y
    assert team_ranking(league) == [("Y", Fraction(19, 2)), ("X", Fraction(9, 2))]
    history = Player.history.filter(id=player(league, "Bo").pk).latest()
    assert (history.history_change_reason, history.history_user) == (REASON, chief.user)


def test_a_corrected_number_answers_with_the_new_number(as_role, league):
    chief = as_role(Role.CHIEF_UMPIRE)
    data = {"registration_number": 12, "name": "Bob", "reason": REASON}
    response = chief.post(player_url(league, 2), data, format="json")
    assert response.status_code == 201
    assert response.json()["registration_number"] == 12
    assert response.json()["after"] == {"name": "Bob", "registration_number": 12}
    assert Player.objects.get(tournament=league, registration_number=12).name == "Bob"


def test_a_player_leaves_his_team_with_null(as_role, league):
    chief = as_role(Role.CHIEF_UMPIRE)
    response = chief.post(player_url(league, 2), {"team": None, "reason": REASON}, format="json")
    assert response.status_code == 201
    assert response.json()["after"] == {"team": None}
    assert player(league, "Bo").team is None


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.UMPIRE, Role.COMMITTEE, Role.PLAYER, None])
def test_other_roles_are_refused(as_role, league, role):
    client = as_role(role)
    data = {"team": team(league, "Y").pk, "reason": REASON}
    assert_error(client.post(player_url(league, 2), data, format="json"), 403, "forbidden")
    assert_error(
        client.post(team_url(league, team(league, "X").pk), {"name": "Z", "reason": REASON}),
        403,
        "forbidden",
    )
    assert player(league, "Bo").team.name == "X" and team(league, "X")
    assert not RegistrationCorrection.objects.exists()


def test_anonymous_is_asked_to_log_in(anonymous, league):
    response = anonymous.post(player_url(league, 2), {"name": "Bob", "reason": REASON})
    assert_error(response, 401)
    assert stored(player(league, "Bo"))["name"] == "Bo"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"name": "Bob", "reason": "\u200b \u202e"}, "reason"),
        ({"name": "Bob", "reason": ""}, "reason"),
        ({"name": "Bob"}, "reason"),
        ({"registration_number": 3, "reason": REASON}, "registration_number"),
        ({"registration_number": 0, "reason": REASON}, "registration_number"),
        ({"name": "\u200b", "reason": REASON}, "name"),
        ({"name": "Bo", "reason": REASON}, None),
        ({"reason": REASON}, None),
        ({"team": 2**40, "reason": REASON}, "team"),
        ({"team": "X", "reason": REASON}, "team"),
    ],
)
def test_bad_input_is_refused_with_400_and_nothing_changes(as_role, league, data, field):
    chief = as_role(Role.CHIEF_UMPIRE)
    before = stored(player(league, "Bo"))
    assert_error(chief.post(player_url(league, 2), data, format="json"), 400, field=field)
    assert stored(player(league, "Bo")) == before
    assert not RegistrationCorrection.objects.exists()


def test_a_team_of_another_tournament_is_refused(as_role, league):
    chief = as_role(Role.CHIEF_UMPIRE)
    elsewhere = TeamFactory(tournament=TournamentFactory())
    data = {"team": elsewhere.pk, "reason": REASON}
    assert_error(chief.post(player_url(league, 2), data, format="json"), 400, field="team")
    assert player(league, "Bo").team.name == "X"


def test_an_unknown_player_or_tournament_is_404(as_role, league):
    chief = as_role(Role.CHIEF_UMPIRE)
    data = {"name": "Bob", "reason": REASON}
    assert_error(chief.post(player_url(league, 99), data, format="json"), 404)
    assert_error(chief.post(player_url(league, 2**40), data, format="json"), 404)
    missing = "/api/tournaments/nope/players/2/corrections/"
    assert_error(chief.post(missing, data, format="json"), 404)


def test_the_chief_umpire_renames_a_team(as_role, league):
    chief = as_role(Role.CHIEF_UMPIRE)
    x = team(league, "X")
    response = chief.post(team_url(league, x.pk), {"name": "Xenon", "reason": REASON})
    assert response.status_code == 201
    assert (response.json()["team_id"], response.json()["registration_number"]) == (x.pk, None)
    assert response.json()["after"] == {"name": "Xenon"}
    assert stored(x)["name"] == "Xenon"


def test_a_team_name_taken_in_another_case_is_refused(as_role, league):
    chief = as_role(Role.CHIEF_UMPIRE)
    x = team(league, "X")
    response = chief.post(team_url(league, x.pk), {"name": "y", "reason": REASON})
    assert_error(response, 400, field="name")
    assert stored(x)["name"] == "X"


def test_a_team_of_another_tournament_is_not_found_under_this_one(as_role, league):
    chief = as_role(Role.CHIEF_UMPIRE)
    elsewhere = TeamFactory(tournament=TournamentFactory())
    response = chief.post(team_url(league, elsewhere.pk), {"name": "Z", "reason": REASON})
    assert_error(response, 404)
