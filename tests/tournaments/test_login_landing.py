"""Each role lands on the page of its work once logged in, through /login/ and through the
admin's login alike (tournaments/views/landing.py): organisers and the chief umpire on the
dashboard of the tournament being run, the committee on the appeals, umpires on /umpire/,
score-desk clerks on /desk/, players on /me/. A page asked for (`next`) comes first."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.tournaments.factories import TournamentFactory
from tournaments.models import Tournament
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, Role

pytestmark = pytest.mark.django_db
PASSWORD = "Tiles-and-Winds-8"
LOGIN_PAGES = ["/login/", "/admin/login/"]


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_login(django_user_model, username: str, role: Role | None, *, staff=None):
    staff = role in STAFF_ROLES if staff is None else staff
    user = django_user_model.objects.create_user(username, password=PASSWORD, is_staff=staff)
    if role is not None:
        user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[role])[0])
    return user


def landing(client, page: str, username: str, **extra) -> str:
    form = {"username": username, "password": PASSWORD, **extra}
    response = client.post(page, form)
    assert response.status_code == 302, response.content.decode()[-1500:]
    return response["Location"]


def dashboard(tournament) -> str:
    return reverse("admin:tournaments_tournament_dashboard", args=[tournament.pk])


@pytest.mark.parametrize("page", LOGIN_PAGES)
@pytest.mark.parametrize(
    ("role", "home"),
    [
        (Role.UMPIRE, "/umpire/"),
        (Role.SCORE_DESK, "/desk/"),
        (Role.COMMITTEE, "/admin/tournaments/appeal/"),
    ],
)
def test_a_staff_login_lands_on_the_page_of_its_role(client, django_user_model, page, role, home):
    make_login(django_user_model, "someone", role)
    assert landing(client, page, "someone") == home


@pytest.mark.parametrize("page", LOGIN_PAGES)
@pytest.mark.parametrize("role", [Role.ORGANISER, Role.CHIEF_UMPIRE])
def test_a_director_lands_on_the_dashboard_of_the_tournament_being_run(
    client, django_user_model, page, role
):
    TournamentFactory(slug="last-year", status=Tournament.Status.FINISHED)
    running = TournamentFactory(slug="this-year", status=Tournament.Status.RUNNING)
    make_login(django_user_model, "director", role)
    assert landing(client, page, "director") == dashboard(running)


@pytest.mark.parametrize("page", LOGIN_PAGES)
def test_a_superuser_lands_as_the_chief_umpire_does(client, django_user_model, page):
    tournament = TournamentFactory(slug="open", status=Tournament.Status.REGISTRATION)
    django_user_model.objects.create_superuser("admin", "a@example.org", PASSWORD)
    assert landing(client, page, "admin") == dashboard(tournament)


@pytest.mark.parametrize("page", LOGIN_PAGES)
def test_with_two_tournaments_under_way_a_director_chooses_from_the_list(
    client, django_user_model, page
):
    TournamentFactory(slug="spring", status=Tournament.Status.RUNNING)
    TournamentFactory(slug="autumn", status=Tournament.Status.SEATED)
    make_login(django_user_model, "organiser", Role.ORGANISER)
    assert landing(client, page, "organiser") == "/admin/tournaments/tournament/"


def test_a_player_lands_on_his_own_pages(client, django_user_model):
    make_login(django_user_model, "player", Role.PLAYER)
    assert landing(client, "/login/", "player") == "/me/"


def test_the_admins_login_still_refuses_a_player(client, django_user_model):
    make_login(django_user_model, "player", Role.PLAYER)
    response = client.post("/admin/login/", {"username": "player", "password": PASSWORD})
    assert response.status_code == 200
    assert "staff account" in response.content.decode()


def test_a_staff_login_without_a_role_lands_on_the_admins_index(client, django_user_model):
    make_login(django_user_model, "helper", None, staff=True)
    assert landing(client, "/admin/login/", "helper") == "/admin/"


@pytest.mark.parametrize("page", LOGIN_PAGES)
def test_a_page_asked_for_comes_before_the_home(client, django_user_model, page):
    make_login(django_user_model, "umpire", Role.UMPIRE)
    asked = "/admin/tournaments/tablesession/"
    assert landing(client, f"{page}?next={asked}", "umpire", next=asked) == asked


def test_the_admins_index_asked_for_by_its_own_form_is_the_home(client, django_user_model):
    """The admin's form posts `next=/admin/` when nothing else was asked: that is no choice."""
    make_login(django_user_model, "clerk", Role.SCORE_DESK)
    assert landing(client, "/admin/login/?next=/admin/", "clerk", next="/admin/") == "/desk/"


def test_a_wrong_password_still_shows_the_form(client, django_user_model):
    make_login(django_user_model, "umpire", Role.UMPIRE)
    response = client.post("/admin/login/", {"username": "umpire", "password": "wrong"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()
