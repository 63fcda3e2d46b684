"""The admin's countersigning of a whole session: the review page (each sheet's totals and
what is left out), its button, and the links to it on the session's page and the dashboard,
for the chief umpire only."""

import pytest
from django.urls import reverse

from tests.tournaments.countersign_helpers import session_of_five_tables, statuses
from tests.tournaments.signoff_helpers import make_user
from tournaments.models import SessionResult
from tournaments.roles import Role

pytestmark = pytest.mark.django_db

BEFORE = {1: "signed", 2: "signed", 3: "complete", 4: "signed", 5: "final"}


@pytest.fixture
def chief():
    return make_user("chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def five(chief):
    return session_of_five_tables(chief)


def review_url(five) -> str:
    return reverse("admin:tournaments_session_countersign", args=[five.session.pk])


def session_url(five) -> str:
    return reverse("admin:tournaments_session_change", args=[five.session.pk])


def dashboard_url(five) -> str:
    return reverse("admin:tournaments_tournament_dashboard", args=[five.session.tournament_id])


def test_the_review_page_lists_each_sheet_with_its_totals_and_what_is_left_out(client, chief, five):
    client.force_login(chief)

    response = client.get(review_url(five))

    assert response.status_code == 200
    html = response.content.decode()
    for sheet in [*five.signed, five.complete, five.appealed, five.final]:
        assert f'id="sheet-{sheet.pk}"' in html
    result = SessionResult.objects.filter(table_session=five.signed[0], position="A").get()
    assert f"A {result.player}: {result.score} (" in html
    assert "Not signed by the umpire yet" in html
    assert "Already countersigned" in html
    assert "Appeal of" in html and "is open" in html
    assert "Countersign 2 sheets" in html
    assert statuses(five.session) == BEFORE  # reading it changes nothing


def test_its_button_countersigns_the_signed_sheets_and_returns_to_the_session(client, chief, five):
    client.force_login(chief)

    response = client.post(review_url(five))

    assert response.status_code == 302 and response.url == session_url(five)
    assert statuses(five.session) == {
        1: "final",
        2: "final",
        3: "complete",
        4: "signed",
        5: "final",
    }
    shown = client.get(response.url).content.decode()
    assert "2 sheets countersigned" in shown and "2 sheets are left out" in shown


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE])
def test_other_staff_cannot_open_the_review_page_nor_countersign(client, five, role):
    client.force_login(make_user(f"staff-{role}", role))

    assert client.get(review_url(five)).status_code == 403
    assert client.post(review_url(five)).status_code == 403
    assert statuses(five.session) == BEFORE


def test_an_anonymous_visitor_is_sent_to_the_login_and_nothing_changes(client, five):
    response = client.post(review_url(five))

    assert response.status_code == 302 and "login" in response.url
    assert statuses(five.session) == BEFORE


def test_the_sessions_page_shows_the_button_to_the_chief_umpire_only(client, chief, five):
    link = f'href="{review_url(five)}"'
    client.force_login(chief)
    assert link in client.get(session_url(five)).content.decode()

    client.force_login(make_user("organiser", Role.ORGANISER))
    page = client.get(session_url(five))
    assert page.status_code == 200 and link not in page.content.decode()


def test_the_dashboard_shows_the_button_to_the_chief_umpire_only(client, chief, five):
    link = f'href="{review_url(five)}"'
    client.force_login(chief)
    html = client.get(dashboard_url(five)).content.decode()
    assert link in html and "Countersign session 1 (3 signed sheets)" in html

    client.force_login(make_user("organiser", Role.ORGANISER))
    page = client.get(dashboard_url(five))
    assert page.status_code == 200 and link not in page.content.decode()


def test_the_dashboard_offers_nothing_once_no_sheet_waits(client, chief, five):
    client.force_login(chief)
    client.post(review_url(five))
    five.appealed.appeals.all().delete()
    client.post(review_url(five))

    assert review_url(five) not in client.get(dashboard_url(five)).content.decode()
