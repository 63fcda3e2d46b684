"""POST /api/tournaments/{slug}/lots/."""

import pytest

from tests.api.event_helpers import NOT_ORGANISERS, ORGANISERS, tournament_with_players
from tests.api.helpers import assert_error
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.roles import Role


def url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/lots/"


@pytest.mark.parametrize("role", ORGANISERS)
def test_it_draws_the_numbers_from_the_seed(as_role, role):
    tournament = tournament_with_players(8)
    response = as_role(role).post(url(tournament), {"seed": "madrid-2026"}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["seed"] == "madrid-2026"
    tournament.refresh_from_db()
    assert tournament.lots_seed == "madrid-2026"
    numbers = dict(tournament.players.values_list("pk", "lot_number"))
    assert sorted(numbers.values()) == list(range(1, 9))
    assert [p["number"] for p in body["players"]] == list(range(1, 9))
    assert all(numbers[p["id"]] == p["number"] for p in body["players"])


def test_the_same_seed_draws_the_same_numbers(as_role):
    client = as_role(Role.ORGANISER)
    tournament = tournament_with_players(8)
    first = client.post(url(tournament), {"seed": "s"}, format="json").json()["players"]
    again = client.post(url(tournament), {"seed": "s"}, format="json").json()["players"]
    assert first == again


def test_without_a_seed_a_fresh_one_is_recorded(as_role):
    tournament = tournament_with_players(4)
    body = as_role(Role.ORGANISER).post(url(tournament), {}, format="json").json()
    tournament.refresh_from_db()
    assert body["seed"] and tournament.lots_seed == body["seed"]


def test_it_records_who_drew_for_an_absent_player(as_role):
    tournament = tournament_with_players(4)
    response = as_role(Role.ORGANISER).post(
        url(tournament),
        {"drawn_by": [{"registration_number": 3, "name": "Ana García"}]},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert tournament.players.get(registration_number=3).lot_drawn_by == "Ana García"


@pytest.mark.parametrize("role", NOT_ORGANISERS)
def test_it_refuses_the_draw_to_other_roles(as_role, role):
    tournament = tournament_with_players(4)
    assert_error(as_role(role).post(url(tournament), {}, format="json"), 403, code="forbidden")
    assert not tournament.players.filter(lot_number__isnull=False).exists()


def test_it_refuses_anonymous_users(anonymous):
    assert_error(anonymous.post(url(tournament_with_players(4)), {}, format="json"), 401)


def test_it_refuses_a_malformed_drawer_naming_the_field(as_role):
    response = as_role(Role.ORGANISER).post(
        url(tournament_with_players(4)),
        {"drawn_by": [{"registration_number": "three"}]},
        format="json",
    )
    assert_error(response, 400, field="drawn_by.0.registration_number")


def test_it_refuses_a_player_named_twice(as_role):
    drawers = [{"registration_number": 1, "name": "A"}, {"registration_number": 1, "name": "B"}]
    response = as_role(Role.ORGANISER).post(
        url(tournament_with_players(4)), {"drawn_by": drawers}, format="json"
    )
    assert_error(response, 400, field="drawn_by")


def test_it_refuses_fewer_than_four_players(as_role):
    tournament = tournament_with_players(3)
    assert_error(as_role(Role.ORGANISER).post(url(tournament), {}, format="json"), 400)


def test_it_refuses_a_draw_once_the_chart_exists(as_role):
    tournament = TournamentFactory()
    seated_table(tournament)
    assert_error(as_role(Role.ORGANISER).post(url(tournament), {}, format="json"), 400)


def test_an_unknown_tournament_is_a_404(as_role):
    response = as_role(Role.ORGANISER).post("/api/tournaments/nope/lots/", {}, format="json")
    assert_error(response, 404)
