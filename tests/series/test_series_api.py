"""The series' API (series.api, docs/federation.md "Series"): creating a series and its
refusals, reading its standings, confirming links."""

import pytest

from series.models import Series, SeriesPlayerLink
from tests.api.helpers import assert_error
from tournaments.models import Player
from tournaments.roles import Role

URL = "/api/series/"


def create(client, **body):
    payload = {"name": "Club League", "slug": "club-league", "tournaments": [], **body}
    return client.post(URL, payload, format="json")


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.CHIEF_UMPIRE])
def test_an_organiser_creates_a_series_of_tournaments(as_role, seasons, role):
    response = create(as_role(role), tournaments=["spring", "autumn"])
    assert response.status_code == 201, response.content
    assert response.json()["slug"] == "club-league"
    assert sorted(response.json()["tournaments"]) == ["autumn", "spring"]
    series = Series.objects.get(slug="club-league")
    assert series.created_by.username.startswith(role)
    assert series.history.count() >= 1


def test_an_anonymous_request_is_refused_and_nothing_is_created(anonymous, seasons):
    assert_error(create(anonymous, tournaments=["spring"]), 401)
    assert not Series.objects.exists()


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.COMMITTEE, Role.PLAYER, None])
def test_a_login_that_is_no_organiser_may_not_create_a_series(as_role, seasons, role):
    assert_error(create(as_role(role), tournaments=["spring"]), 403, code="forbidden")
    assert not Series.objects.exists()


def test_an_unknown_tournament_slug_is_refused_naming_it(as_role, seasons):
    errors = assert_error(
        create(as_role(Role.ORGANISER), tournaments=["spring", "nowhere"]),
        400,
        field="tournaments",
    )
    assert "nowhere" in errors[0]["message"]
    assert not Series.objects.exists()


def test_a_series_without_a_tournament_is_refused(as_role, seasons):
    assert_error(create(as_role(Role.ORGANISER), tournaments=[]), 400, field="tournaments")


def test_a_slug_already_taken_is_refused(as_role, seasons):
    organiser = as_role(Role.ORGANISER)
    assert create(organiser, tournaments=["spring"]).status_code == 201
    assert_error(create(organiser, tournaments=["autumn"]), 400, field="slug")
    assert Series.objects.count() == 1


@pytest.mark.parametrize("slug", ["club league", "", "x" * 81])
def test_a_malformed_slug_is_refused(as_role, seasons, slug):
    assert_error(
        create(as_role(Role.ORGANISER), slug=slug, tournaments=["spring"]), 400, field="slug"
    )


def test_any_logged_in_user_lists_the_series(as_role, league):
    response = as_role(Role.PLAYER).get(URL)
    assert response.status_code == 200
    assert [s["slug"] for s in response.json()["results"]] == ["league"]


def test_the_standings_give_each_person_his_sums_and_each_tournaments_figures(as_role, league):
    response = as_role(Role.PLAYER).get(f"{URL}league/standings/")
    assert response.status_code == 200, response.content
    data = response.json()
    assert [t["slug"] for t in data["tournaments"]] == ["spring", "autumn"]
    first = data["people"][0]
    assert (first["rank"], first["name"], first["table_points"], first["contest_points"]) == (
        1,
        "Ann Lee",
        5,
        6,
    )
    assert first["ema_id"] == "10000001" and first["country"] == "ES"
    assert [(f["rank"], f["table_points"], f["contest_points"]) for f in first["tournaments"]] == [
        (1, 4, 32),
        (3, 1, -26),
    ]
    eve = next(p for p in data["people"] if p["name"] == "Eve")
    assert eve["tournaments"][0] == {"tournament": "spring", "played": False}


def test_the_standings_need_a_login(anonymous, league):
    assert_error(anonymous.get(f"{URL}league/standings/"), 401)
    assert_error(anonymous.get(URL), 401)


def test_staff_read_a_tournament_whose_standings_are_held(as_role, league, seasons):
    _spring, autumn = seasons
    autumn.standings_public = False
    autumn.save()
    data = as_role(Role.UMPIRE).get(f"{URL}league/standings/").json()
    assert "autumn" in [t["slug"] for t in data["tournaments"]]
    assert data["held"] == []


def test_a_player_reads_the_series_without_a_tournament_whose_standings_are_held(
    as_role, league, seasons
):
    """As the public page: its column, its players and its figures are left out, and it is
    named among those held (tournaments.policies.may_read_standings)."""
    _spring, autumn = seasons
    autumn.standings_public = False
    autumn.save()
    data = as_role(Role.PLAYER).get(f"{URL}league/standings/").json()
    assert "autumn" not in [t["slug"] for t in data["tournaments"]]
    assert data["held"] == [{"slug": "autumn", "name": autumn.name}]
    assert all(len(person["tournaments"]) == 1 for person in data["people"])


def test_an_unknown_series_is_a_404_in_the_apis_format(as_role, db):
    assert_error(as_role(Role.PLAYER).get(f"{URL}nowhere/standings/"), 404)
    assert_error(as_role(Role.ORGANISER).post(f"{URL}nowhere/links/", {}, format="json"), 404)


def bob_ids(seasons):
    spring, autumn = seasons
    return [
        Player.objects.get(tournament=spring, name="Bob").pk,
        Player.objects.get(tournament=autumn, name=" bob ").pk,
    ]


def test_an_organiser_reads_the_suggested_links(as_role, league, seasons):
    response = as_role(Role.ORGANISER).get(f"{URL}league/links/")
    assert response.status_code == 200
    data = response.json()
    assert data["links"] == []
    assert [[p["id"] for p in s["players"]] for s in data["suggestions"]] == [bob_ids(seasons)]


def test_an_organiser_confirms_a_link_and_the_standings_join_the_players(as_role, league, seasons):
    organiser = as_role(Role.ORGANISER)
    response = organiser.post(f"{URL}league/links/", {"players": bob_ids(seasons)}, format="json")
    assert response.status_code == 201, response.content
    assert [p["id"] for p in response.json()["players"]] == bob_ids(seasons)
    people = organiser.get(f"{URL}league/standings/").json()["people"]
    bob = next(p for p in people if p["name"].strip().lower() == "bob")
    assert bob["matched_by"] == "link"
    assert (bob["table_points"], bob["contest_points"]) == (2, 2)
    assert organiser.get(f"{URL}league/links/").json()["suggestions"] == []


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.PLAYER])
def test_a_login_that_is_no_organiser_may_not_confirm_a_link(as_role, league, seasons, role):
    client = as_role(role)
    response = client.post(f"{URL}league/links/", {"players": bob_ids(seasons)}, format="json")
    assert_error(response, 403, code="forbidden")
    assert_error(client.get(f"{URL}league/links/"), 403)
    assert not SeriesPlayerLink.objects.exists()


@pytest.mark.parametrize("players", [[], [1], "x", [2**40, 1], [999_999, 999_998]], ids=str)
def test_a_bad_list_of_players_is_refused_naming_players(as_role, league, players):
    response = as_role(Role.ORGANISER).post(
        f"{URL}league/links/", {"players": players}, format="json"
    )
    errors = assert_error(response, 400)
    assert all(e["field"].startswith("players") for e in errors), errors
    assert not SeriesPlayerLink.objects.exists()


def test_two_players_of_one_tournament_are_refused_naming_players(as_role, league, seasons):
    spring, _autumn = seasons
    ids = list(Player.objects.filter(tournament=spring).values_list("pk", flat=True)[:2])
    response = as_role(Role.ORGANISER).post(f"{URL}league/links/", {"players": ids}, format="json")
    assert_error(response, 400, field="players")


def test_an_organiser_undoes_a_link(as_role, league, seasons):
    organiser = as_role(Role.ORGANISER)
    organiser.post(f"{URL}league/links/", {"players": bob_ids(seasons)}, format="json")
    response = organiser.delete(f"{URL}league/links/{bob_ids(seasons)[0]}/")
    assert response.status_code == 204
    assert not SeriesPlayerLink.objects.exists()
    assert_error(organiser.delete(f"{URL}league/links/{bob_ids(seasons)[0]}/"), 400, field="player")
