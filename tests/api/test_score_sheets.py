"""GET /api/score-sheets/: the sheets the caller may read, filtered and paginated."""

import pytest

from tests.api.helpers import assert_error
from tests.api.sheet_helpers import complete, win
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Player, TableSession
from tournaments.roles import Role


@pytest.fixture
def sheets(db):
    """Two tournaments: 'open-a' with sessions 1-2 x tables 1-2, 'open-b' with one sheet."""
    first = TournamentFactory(slug="open-a")
    made = [seated_table(first, session_number=1, table_number=t, started=True) for t in (1, 2)]
    players = [list(s.seats.order_by("position").values_list("player", flat=True)) for s in made]
    for table, ids in zip((1, 2), players, strict=True):
        made.append(
            seated_table(
                first,
                session_number=2,
                table_number=table,
                players=list(Player.objects.filter(pk__in=ids).order_by("pk")),
                started=True,
            )
        )
    made.append(seated_table(TournamentFactory(slug="open-b"), started=True))
    return made


def ids(response):
    assert response.status_code == 200, response.content
    return [s["id"] for s in response.json()["results"]]


def test_the_chief_umpire_lists_every_sheet_filtered_by_tournament_session_and_table(chief, sheets):
    assert len(ids(chief.get("/api/score-sheets/"))) == 5
    assert len(ids(chief.get("/api/score-sheets/", {"tournament": "open-a"}))) == 4
    one = chief.get("/api/score-sheets/", {"tournament": "open-a", "session": 2, "table": 1})
    assert ids(one) == [sheets[2].pk]
    row = one.json()["results"][0]
    assert (row["tournament"], row["session"], row["table"]) == ("open-a", 2, 1)
    assert row["status"] == "open" and row["hands_entered"] == 0
    assert set(row["players"]) == {"A", "B", "C", "D"}


def test_filters_by_status_and_umpire(chief, as_role, sheets):
    umpire = as_role(Role.UMPIRE, username="umpire-bob")
    TableSession.objects.filter(pk=sheets[1].pk).update(umpire=umpire.user)
    complete(sheets[3])
    assert ids(chief.get("/api/score-sheets/", {"umpire": "umpire-bob"})) == [sheets[1].pk]
    assert ids(chief.get("/api/score-sheets/", {"status": "complete"})) == [sheets[3].pk]


def test_an_umpire_lists_only_his_sheets_and_a_player_his_tables(as_role, player_client, sheets):
    umpire = as_role(Role.UMPIRE)
    TableSession.objects.filter(pk=sheets[0].pk).update(umpire=umpire.user)
    assert ids(umpire.get("/api/score-sheets/")) == [sheets[0].pk]
    player = player_client(sheets[0], "A")  # plays table 1 in session 1 and a table in session 2
    assert sorted(ids(player.get("/api/score-sheets/"))) == sorted(
        s.pk for s in sheets[:4] if s.seats.filter(player__user=player.user).exists()
    )
    assert len(ids(player.get("/api/score-sheets/"))) == 2


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.COMMITTEE])
def test_organisers_and_the_committee_list_every_sheet(as_role, sheets, role):
    assert len(ids(as_role(role).get("/api/score-sheets/"))) == 5


def test_a_login_without_a_role_lists_nothing(as_role, sheets):
    assert ids(as_role(None).get("/api/score-sheets/")) == []


def test_the_list_is_paginated(chief, sheets):
    win(sheets[0])
    page = chief.get("/api/score-sheets/", {"page_size": 2}).json()
    assert page["count"] == 5 and len(page["results"]) == 2 and page["next"]
    assert page["results"][0]["hands_entered"] == 1


def test_a_bad_filter_is_a_400_naming_it(chief, sheets):
    assert_error(chief.get("/api/score-sheets/", {"status": "lost"}), 400, field="status")
    assert_error(chief.get("/api/score-sheets/", {"session": "x"}), 400, field="session")


def test_anonymous_is_401(anonymous, sheets):
    assert_error(anonymous.get("/api/score-sheets/"), 401)
