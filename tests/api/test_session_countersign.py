"""POST /api/tournaments/{slug}/sessions/{n}/countersign/: the chief umpire countersigns every
signed sheet of a session at once."""

import pytest

from tests.api.helpers import assert_error
from tests.tournaments.countersign_helpers import session_of_five_tables, statuses
from tests.tournaments.signoff_helpers import make_user
from tournaments.errors import TournamentError
from tournaments.roles import Role
from tournaments.services import signoff

BEFORE = {1: "signed", 2: "signed", 3: "complete", 4: "signed", 5: "final"}


@pytest.fixture
def five(db):
    return session_of_five_tables(make_user("filer", Role.CHIEF_UMPIRE))


def url(five, number: int = 1) -> str:
    return f"/api/tournaments/{five.session.tournament.slug}/sessions/{number}/countersign/"


@pytest.mark.parametrize("role", [Role.CHIEF_UMPIRE, "superuser"])
def test_the_chief_umpire_countersigns_the_session_and_hears_what_was_left_out(as_role, role, five):
    response = as_role(role).post(url(five), format="json")

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["countersigned"] == 2
    assert body["countersigned_sheets"] == [sheet.pk for sheet in five.signed]
    assert body["not_signed"] == [five.complete.pk]
    assert body["already_countersigned"] == [five.final.pk]
    assert body["signed_by_you"] == []
    [held] = body["held"]
    assert (held["sheet"], held["table"]) == (five.appealed.pk, 4)
    assert "appeal" in held["reasons"][0].lower()
    assert statuses(five.session) == {
        1: "final",
        2: "final",
        3: "complete",
        4: "signed",
        5: "final",
    }


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER, None])
def test_other_roles_are_refused_with_403_and_nothing_is_countersigned(as_role, role, five):
    response = as_role(role).post(url(five), format="json")

    assert_error(response, 403, code="forbidden")
    assert statuses(five.session) == BEFORE


def test_an_anonymous_request_is_refused_with_401_and_nothing_is_countersigned(anonymous, five):
    response = anonymous.post(url(five), format="json")

    assert_error(response, 401)
    assert statuses(five.session) == BEFORE


def test_a_session_the_tournament_does_not_have_is_not_found(as_role, five):
    response = as_role(Role.CHIEF_UMPIRE).post(url(five, number=9), format="json")

    assert_error(response, 404)


def test_one_sheet_refused_countersigns_none_and_says_which(as_role, five, monkeypatch):
    real = signoff.sheet_countersign

    def refusing_table_2(*, table_session, **kwargs):
        if table_session.table.number == 2:
            raise TournamentError("refused for the test", code="invalid_state")
        return real(table_session=table_session, **kwargs)

    monkeypatch.setattr(signoff, "sheet_countersign", refusing_table_2)

    response = as_role(Role.CHIEF_UMPIRE).post(url(five), format="json")

    [error] = assert_error(response, 409, code="invalid_state")
    assert "table 2" in error["message"]
    assert statuses(five.session) == BEFORE
