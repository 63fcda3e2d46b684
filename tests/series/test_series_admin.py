"""The series in the admin (series.admin): organisers add one and confirm the suggested
links on its Links page, through the services; other roles are refused."""

import html
import json
import re

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from series.models import Series, SeriesPlayerLink
from tournaments.models import Player
from tournaments.roles import ROLE_GROUPS, Role

ADD = "/admin/series/series/add/"


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def umpire_user(db, django_user_model):
    user = django_user_model.objects.create_user("series-umpire", is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    return user


def test_an_organiser_adds_a_series_in_the_admin(organiser, seasons):
    spring, autumn = seasons
    response = logged_in(organiser).post(
        ADD, {"name": "Club League", "slug": "club", "tournaments": [spring.pk, autumn.pk]}
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    series = Series.objects.get(slug="club")
    assert set(series.tournaments.all()) == {spring, autumn}
    assert series.created_by == organiser


def test_the_admin_shows_the_services_refusal_of_a_taken_slug(organiser, league, seasons):
    spring, _autumn = seasons
    response = logged_in(organiser).post(
        ADD, {"name": "Again", "slug": "league", "tournaments": [spring.pk]}
    )
    assert response.status_code == 200
    assert Series.objects.count() == 1
    assert "already exists" in response.content.decode()


def test_changing_the_tournaments_drops_the_links_of_the_one_taken_out(organiser, league, seasons):
    spring, autumn = seasons
    bobs = [
        Player.objects.get(tournament=spring, name="Bob"),
        Player.objects.get(tournament=autumn, name=" bob "),
    ]
    client = logged_in(organiser)
    client.post(f"/admin/series/series/{league.pk}/links/", {"players": [p.pk for p in bobs]})
    assert SeriesPlayerLink.objects.count() == 2
    response = client.post(
        f"/admin/series/series/{league.pk}/change/",
        {"name": "Club League", "slug": "league", "tournaments": [spring.pk]},
    )
    assert response.status_code == 302
    assert list(league.tournaments.all()) == [spring]
    assert not SeriesPlayerLink.objects.exists()


def test_the_links_page_lists_a_suggestion_and_confirms_it(organiser, league, seasons):
    client = logged_in(organiser)
    url = f"/admin/series/series/{league.pk}/links/"
    page = client.get(url).content.decode()
    assert "Suggested links" in page and "Confirm: one person" in page
    ids = [
        int(value)
        for value in Player.objects.filter(name__in=["Bob", " bob "]).values_list("pk", flat=True)
    ]
    response = client.post(url, {"players": ids}, follow=True)
    assert "Linked as one person" in response.content.decode()
    assert SeriesPlayerLink.objects.filter(series=league).count() == 2
    response = client.post(url, {"unlink": str(ids[0])}, follow=True)
    assert not SeriesPlayerLink.objects.exists()


def test_the_links_page_shows_a_refusal_and_writes_nothing(organiser, league, seasons):
    spring, _autumn = seasons
    ids = list(Player.objects.filter(tournament=spring).values_list("pk", flat=True)[:2])
    response = logged_in(organiser).post(
        f"/admin/series/series/{league.pk}/links/", {"players": ids}, follow=True
    )
    assert "same tournament" in response.content.decode()
    assert not SeriesPlayerLink.objects.exists()


def test_an_umpire_may_not_open_the_series_in_the_admin(umpire_user, league):
    client = logged_in(umpire_user)
    assert client.get("/admin/series/series/").status_code == 403
    assert client.get(f"/admin/series/series/{league.pk}/links/").status_code == 403
    response = client.post(f"/admin/series/series/{league.pk}/links/", {"players": [1, 2]})
    assert response.status_code == 403
    assert not SeriesPlayerLink.objects.exists()


def test_the_list_change_and_history_pages_open_for_an_organiser(organiser, league):
    client = logged_in(organiser)
    listing = client.get("/admin/series/series/").content.decode()
    assert "Club League" in listing and "/s/league/" in listing
    for page in ("change", "history"):
        response = client.get(f"/admin/series/series/{league.pk}/{page}/")
        assert response.status_code == 200, page


def test_the_change_page_leads_to_the_links_page(organiser, league):
    page = logged_in(organiser).get(f"/admin/series/series/{league.pk}/change/").content.decode()
    assert f'href="/admin/series/series/{league.pk}/links/"' in page


def test_the_add_form_fills_the_slug_from_the_name(organiser):
    page = logged_in(organiser).get(ADD).content.decode()
    constants = re.search(r'data-prepopulated-fields="([^"]*)"', page)
    assert constants is not None, "the form fills no field from another"
    fields = json.loads(html.unescape(constants.group(1)))
    assert {"id": "#id_slug", "dependency_ids": ["#id_name"]}.items() <= fields[0].items()
