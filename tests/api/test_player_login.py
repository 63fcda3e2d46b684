"""GET|PUT /api/tournaments/{slug}/players/{registration_number}/login/: an organiser links the
login that acts as a player."""

import pytest
from django.contrib.auth.models import Group

from tests.api.helpers import assert_error
from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tournaments.models import Player
from tournaments.roles import ROLE_GROUPS, Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def player():
    tournament = TournamentFactory(slug="madrid")
    return PlayerFactory(tournament=tournament, registration_number=7)


@pytest.fixture
def player_login(django_user_model):
    login = django_user_model.objects.create_user("li.ming", password="pw")
    login.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.PLAYER])[0])
    return login


URL = "/api/tournaments/madrid/players/7/login/"


def test_the_chief_umpire_links_a_players_login_and_an_organiser_reads_it(
    as_role, player, player_login
):
    response = as_role(Role.CHIEF_UMPIRE).put(URL, {"username": "li.ming"}, format="json")
    assert response.status_code == 200 and response.json()["username"] == "li.ming"
    assert Player.objects.get(pk=player.pk).user == player_login
    organiser = as_role(Role.ORGANISER)
    assert organiser.get(URL).json() == {"registration_number": 7, "username": "li.ming"}


def test_an_organiser_may_not_link_a_login_as_in_the_admin(as_role, player, player_login):
    """He could link his own login and confirm sheets as the player (policies.may_link_login)."""
    response = as_role(Role.ORGANISER).put(URL, {"username": "li.ming"}, format="json")
    assert_error(response, 403, code="forbidden")
    assert Player.objects.get(pk=player.pk).user is None


def test_null_unlinks_the_login(as_role, player, player_login):
    Player.objects.filter(pk=player.pk).update(user=player_login)
    response = as_role(Role.CHIEF_UMPIRE).put(URL, {"username": None}, format="json")
    assert response.status_code == 200 and Player.objects.get(pk=player.pk).user is None


def test_it_refuses_a_login_without_the_player_role_or_unknown(as_role, player, django_user_model):
    django_user_model.objects.create_user("ana", password="pw")
    chief = as_role(Role.CHIEF_UMPIRE)
    assert_error(chief.put(URL, {"username": "ana"}, format="json"), 400)
    assert_error(chief.put(URL, {"username": "nobody"}, format="json"), 400)
    assert Player.objects.get(pk=player.pk).user is None


def test_one_login_is_one_player_per_tournament(as_role, player, player_login):
    PlayerFactory(tournament=player.tournament, registration_number=8, user=player_login)
    assert_error(as_role(Role.CHIEF_UMPIRE).put(URL, {"username": "li.ming"}, format="json"), 400)
    assert Player.objects.get(pk=player.pk).user is None


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.COMMITTEE, Role.PLAYER, None])
def test_other_roles_are_refused(as_role, player, player_login, role):
    client = as_role(role)
    assert_error(client.put(URL, {"username": "li.ming"}, format="json"), 403)
    assert_error(client.get(URL), 403)
    assert Player.objects.get(pk=player.pk).user is None


def test_anonymous_is_401_and_an_unknown_player_404(anonymous, as_role, player):
    assert anonymous.get(URL).status_code == 401
    assert (
        as_role(Role.ORGANISER).get("/api/tournaments/madrid/players/99/login/").status_code == 404
    )
