"""A series' name that shows nothing (only zero-width, control or format characters) is
refused as a tournament's or a player's is, on every door that names a series: the API's
create, the admin's add and change (a form error, never a server error), the services."""

import pytest
from django.test import Client

from series.models import Series
from series.services import SeriesRefused, series_create, series_rename
from tests.api.helpers import assert_error
from tournaments.roles import Role

INVISIBLE = ["\u200b", "\u200b\u200c\u200d", "\u2800", "\u202e"]


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("name", INVISIBLE)
def test_the_api_refuses_a_series_whose_name_shows_nothing(as_role, seasons, name):
    body = {"name": name, "slug": "blank", "tournaments": ["spring"]}
    response = as_role(Role.ORGANISER).post("/api/series/", body, format="json")
    assert_error(response, 400, field="name")
    assert not Series.objects.exists()


@pytest.mark.parametrize("name", INVISIBLE)
def test_the_admin_refuses_a_new_series_whose_name_shows_nothing(organiser, seasons, name):
    spring, _autumn = seasons
    response = logged_in(organiser).post(
        "/admin/series/series/add/", {"name": name, "slug": "blank", "tournaments": [spring.pk]}
    )
    assert response.status_code == 200
    assert "shows no visible character" in response.content.decode()
    assert not Series.objects.exists()


def test_the_admin_refuses_a_series_renamed_to_zero_width_characters(organiser, league, seasons):
    spring, autumn = seasons
    response = logged_in(organiser).post(
        f"/admin/series/series/{league.pk}/change/",
        {"name": "\u200b\u200b", "slug": "league", "tournaments": [spring.pk, autumn.pk]},
    )
    assert response.status_code == 200
    assert "shows no visible character" in response.content.decode()
    league.refresh_from_db()
    assert league.name != "\u200b\u200b"


def test_the_admin_still_renames_a_series(organiser, league, seasons):
    spring, autumn = seasons
    response = logged_in(organiser).post(
        f"/admin/series/series/{league.pk}/change/",
        {"name": "Winter League", "slug": "winter", "tournaments": [spring.pk, autumn.pk]},
    )
    assert response.status_code == 302
    league.refresh_from_db()
    assert (league.name, league.slug) == ("Winter League", "winter")


def test_the_services_refuse_it_and_keep_a_name_without_invisible_characters_around_it(
    organiser, seasons
):
    with pytest.raises(SeriesRefused) as refused:
        series_create(name="\u200b", slug="blank", tournament_slugs=["spring"], user=organiser)
    assert refused.value.field == "name"
    series = series_create(
        name="\u200bClub League\u200b", slug="club", tournament_slugs=["spring"], user=organiser
    )
    assert series.name == "Club League"
    with pytest.raises(SeriesRefused):
        series_rename(series=series, name="\u2800", slug="club", user=organiser)
    series.refresh_from_db()
    assert series.name == "Club League"
