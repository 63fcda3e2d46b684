"""GET and POST /api/tournaments/{slug}/umpire-rota/: the staff read the umpire rota; the chief
umpire gives an umpire several tables for several sessions at once (issue 29)."""

import pytest

from tests.api.helpers import assert_error
from tests.api.openapi_schema import generated_schema
from tests.tournaments.rota_helpers import rota_world, umpires
from tests.tournaments.signoff_helpers import make_user
from tournaments.roles import Role


@pytest.fixture
def world(db):
    return rota_world()


def url(world, slug: str | None = None) -> str:
    return f"/api/tournaments/{slug or world.tournament.slug}/umpire-rota/"


@pytest.mark.parametrize("role", [Role.CHIEF_UMPIRE, "superuser"])
def test_the_chief_umpire_assigns_four_tables_for_two_sessions_and_hears_what_was_missing(
    as_role, world, role
):
    body = {"umpire": "rota-umpire", "tables": [1, 2, 3, 4], "sessions": [3, 4]}

    response = as_role(role).post(url(world), body, format="json")

    assert response.status_code == 200, response.content
    assert response.json() == {
        "assigned": 4,
        "changed": 4,
        "missing": [{"session": 4, "table": t} for t in (1, 2, 3, 4)],
        "locked": [],
    }
    after = umpires(world.tournament)
    assert [after[(3, t)] for t in range(1, 7)] == ["rota-umpire"] * 4 + [None] * 2


def test_without_sessions_the_umpire_takes_the_tables_for_the_whole_event(as_role, world):
    body = {"umpire": "rota-umpire", "tables": [1]}

    response = as_role(Role.CHIEF_UMPIRE).post(url(world), body, format="json")

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["assigned"] == 2  # sessions 2 and 3; session 1's sheet is signed
    assert body["locked"] == [{"session": 1, "table": 1, "umpire": "signer"}]
    assert body["missing"] == [{"session": 4, "table": 1}, {"session": 5, "table": 1}]
    after = umpires(world.tournament)
    assert [after[(s, 1)] for s in (1, 2, 3)] == ["signer", "rota-umpire", "rota-umpire"]


def test_null_takes_the_tables_away_from_their_umpire(as_role, world):
    chief = as_role(Role.CHIEF_UMPIRE)
    chief.post(url(world), {"umpire": "rota-umpire", "tables": [2, 3]}, format="json")

    response = chief.post(
        url(world), {"umpire": None, "tables": [2], "sessions": [2]}, format="json"
    )

    assert response.status_code == 200, response.content
    assert response.json()["changed"] == 1
    after = umpires(world.tournament)
    assert (after[(2, 2)], after[(3, 2)], after[(2, 3)]) == (None, "rota-umpire", "rota-umpire")


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"umpire": "nobody-here", "tables": [1]}, "umpire", "does_not_exist"),
        ({"umpire": "organiser-x", "tables": [1]}, "umpire", "not_an_umpire"),
        ({"umpire": "rota-umpire", "tables": []}, "tables", None),
        ({"umpire": "rota-umpire", "tables": [0]}, "tables.0", None),
        ({"umpire": "rota-umpire", "tables": [99999999999]}, "tables.0", None),
        ({"umpire": "rota-umpire", "tables": ["one"]}, "tables.0", None),
        ({"umpire": "rota-umpire", "tables": [1, 7]}, "tables", "invalid"),
        ({"umpire": "rota-umpire", "tables": [1], "sessions": [6]}, "sessions", "invalid"),
        ({"umpire": "rota-umpire", "tables": [1], "sessions": []}, "sessions", None),
        ({"tables": [1]}, "umpire", "required"),
        ({"umpire": "rota-umpire"}, "tables", "required"),
    ],
)
def test_bad_input_is_refused_with_400_and_nothing_changes(as_role, world, body, field, code):
    make_user("organiser-x", Role.ORGANISER)
    before = umpires(world.tournament)

    response = as_role(Role.CHIEF_UMPIRE).post(url(world), body, format="json")

    assert_error(response, 400, code=code, field=field)
    assert umpires(world.tournament) == before


@pytest.mark.parametrize(
    "role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER, Role.SCORE_DESK, None]
)
def test_other_roles_may_not_assign_the_rota_403_and_nothing_changes(as_role, world, role):
    before = umpires(world.tournament)

    response = as_role(role).post(
        url(world), {"umpire": "rota-umpire", "tables": [1]}, format="json"
    )

    assert_error(response, 403, code="forbidden")
    assert umpires(world.tournament) == before


def test_a_refused_role_hears_403_before_its_bad_input(as_role, world):
    response = as_role(Role.UMPIRE).post(url(world), {"tables": "x"}, format="json")

    assert_error(response, 403, code="forbidden")


def test_an_anonymous_request_is_refused_with_401(anonymous, world):
    assert_error(anonymous.get(url(world)), 401)
    assert_error(anonymous.post(url(world), {"umpire": None, "tables": [1]}, format="json"), 401)


def test_an_unknown_tournament_is_not_found(as_role, world):
    chief = as_role(Role.CHIEF_UMPIRE)

    assert_error(chief.get(url(world, slug="no-such-open")), 404)
    response = chief.post(
        url(world, slug="no-such-open"), {"umpire": None, "tables": [1]}, format="json"
    )
    assert_error(response, 404)


def test_a_finished_tournament_refuses_the_rota_with_409(as_role, world):
    world.tournament.status = "finished"
    world.tournament.save(update_fields=["status"])

    response = as_role(Role.CHIEF_UMPIRE).post(
        url(world), {"umpire": "rota-umpire", "tables": [2]}, format="json"
    )

    assert_error(response, 409, code="invalid_state")


@pytest.mark.parametrize("role", [Role.CHIEF_UMPIRE, Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE])
def test_the_staff_read_the_rota_table_by_table_in_each_session(as_role, world, role):
    as_role(Role.CHIEF_UMPIRE).post(
        url(world), {"umpire": "rota-umpire", "tables": [2], "sessions": [2]}, format="json"
    )

    response = as_role(role).get(url(world))

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["sessions"] == [1, 2, 3, 4, 5] and body["tables"] == [1, 2, 3, 4, 5, 6]
    cells = {(c["session"], c["table"]): c for c in body["sheets"]}
    assert len(cells) == 30
    assert cells[(2, 2)]["umpire"] == "rota-umpire" and not cells[(2, 2)]["locked"]
    assert cells[(1, 1)]["umpire"] == "signer" and cells[(1, 1)]["locked"]
    assert cells[(4, 1)] == {
        "session": 4,
        "table": 1,
        "sheet": None,
        "umpire": None,
        "locked": False,
    }
    assert cells[(2, 3)]["umpire"] is None and cells[(2, 3)]["sheet"] is not None


@pytest.mark.parametrize("role", [Role.PLAYER, Role.SCORE_DESK, None])
def test_players_and_the_score_desk_may_not_read_the_rota(as_role, world, role):
    assert_error(as_role(role).get(url(world)), 403, code="forbidden")


def test_the_schema_documents_the_rota_endpoint():
    schema, problems = generated_schema()

    assert problems == []
    operations = schema["paths"]["/api/tournaments/{slug}/umpire-rota/"]
    assert operations["get"]["operationId"] == "umpire_rota_retrieve"
    assert operations["post"]["operationId"] == "umpire_rota_assign"
    assert {"200", "400", "401", "403", "404", "409"} <= set(operations["post"]["responses"])
