"""In Chromium: each role, logging in through the admin's login or through /login/, lands on
the page of its work (tournaments/views/landing.py, docs/public-pages.md "Logging in"): the
chief umpire and the organiser on the dashboard of the tournament being run, the committee on
the appeals, an umpire on his home, a score-desk clerk on the desk, a player on his pages."""

import pytest
from django.contrib.auth.models import Group
from selenium.webdriver.common.by import By

from tests.browser.helpers import logged_in, role_groups_with_their_permissions
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Player
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, Role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Landing-Pass-2006"


@pytest.fixture
def event(django_user_model):
    role_groups_with_their_permissions()
    tournament = TournamentFactory(name="Landing Open", slug="landing-open")
    sheet = seated_table(tournament, started=True)
    logins = {}
    for role in (Role.CHIEF_UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.UMPIRE, Role.SCORE_DESK):
        user = django_user_model.objects.create_user(
            role.value, password=PASSWORD, is_staff=role in STAFF_ROLES
        )
        user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[role])[0])
        logins[role] = user
    player = django_user_model.objects.create_user("player", password=PASSWORD)
    player.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.PLAYER])[0])
    Player.objects.filter(pk=sheet.seats.get(position="A").player_id).update(user=player)
    return tournament


def land(browser, live_server, page: str, username: str) -> str:
    browser.delete_all_cookies()  # the last login's session gone
    browser.get(f"{live_server.url}{page}")
    browser.find_element(By.NAME, "username").send_keys(username)
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "form [type=submit]").click()
    logged_in(browser)
    return browser.current_url.removeprefix(live_server.url)


@pytest.mark.parametrize("page", ["/admin/login/", "/login/"])
def test_each_role_lands_on_its_own_home(browser, live_server, event, page):
    dashboard = f"/admin/tournaments/tournament/{event.pk}/dashboard/"
    homes = {
        Role.CHIEF_UMPIRE: (dashboard, "#dash-status"),
        Role.ORGANISER: (dashboard, "#dash-status"),
        Role.COMMITTEE: ("/admin/tournaments/appeal/", "#changelist"),
        Role.UMPIRE: ("/umpire/", "h1"),
        # The desk goes straight on to the one tournament playing.
        Role.SCORE_DESK: ("/desk/landing-open/", "#desk-code"),
    }
    for role, (home, shown) in homes.items():
        assert land(browser, live_server, page, role.value) == home, role
        assert browser.find_element(By.CSS_SELECTOR, shown).is_displayed(), role
    if page == "/login/":  # the admin's login is for staff accounts
        assert land(browser, live_server, page, "player") == "/me/"
        assert browser.find_element(By.CSS_SELECTOR, "h1").text == "Landing Open"
