"""GET /api/tournaments/{slug}/standings/."""

import json

import pytest
from django.core.management import call_command

from tests.api.helpers import assert_error
from tests.tournaments.factories import (
    PlayerFactory,
    TeamFactory,
    TournamentFactory,
    seated_table,
    sign_sheets,
)
from tournaments.models import Hand, Tournament
from tournaments.roles import Role
from tournaments.services.hands import hand_record_no_win, hand_record_win


@pytest.fixture
def tournament(db):
    """Session 1 signed (A self-drew 10 then time), session 2 open (C won 12 off D)."""
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    team = TeamFactory(tournament=tournament, name="X")
    players = [
        PlayerFactory(
            tournament=tournament,
            name=name,
            lot_number=i + 1,
            registration_number=i + 1,
            team=team if i < 2 else None,
        )
        for i, name in enumerate(["Ana", "Bo", "Cai", "Dan"])
    ]
    first = seated_table(tournament, session_number=1, players=players, started=True)
    hand_record_win(table_session=first, winner="A", discarder=None, points=10)
    hand_record_no_win(table_session=first, outcome=Hand.Outcome.TIME_LIMIT)
    sign_sheets(first)
    second = seated_table(tournament, session_number=2, players=players, started=True)
    hand_record_win(table_session=second, winner="C", discarder="D", points=12)
    return tournament


def url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/standings/"


def command_json(tournament, *args) -> dict:
    from io import StringIO

    out = StringIO()
    call_command("standings", tournament.slug, "--json", *args, stdout=out)
    return json.loads(out.getvalue())


def test_it_gives_the_official_standings_as_the_command_does(as_role, tournament):
    body = as_role(Role.PLAYER).get(url(tournament)).json()
    assert body["provisional"] is False  # session 2, still open, is not counted
    assert body == command_json(tournament)
    assert body["sessions_counted"] == [1] and body["live"] is False
    assert [(p["name"], p["contest_points"]) for p in body["players"]][0] == ("Ana", 54)
    assert body["teams"][0]["name"] == "X"


def test_live_standings_count_open_sheets_as_provisional(as_role, tournament):
    body = as_role(None).get(url(tournament), {"live": "true"}).json()
    assert body["provisional"] is True
    assert body == command_json(tournament, "--live")
    assert body["sessions_counted"] == [1, 2] and body["provisional_sessions"] == [2]
    assert all(p["provisional"] for p in body["players"])


def test_standings_through_a_session_stop_there(as_role, tournament):
    body = as_role(Role.UMPIRE).get(url(tournament), {"live": "true", "through_session": 1}).json()
    assert body["sessions_counted"] == [1]
    assert body["provisional"] is False
    assert body["provisional_sessions"] == []


def test_standings_of_signed_sheets_only_are_not_provisional(as_role, db):
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    sheet = seated_table(tournament, started=True)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    body = as_role(Role.PLAYER).get(url(tournament)).json()
    assert body["sessions_counted"] == [], "complete but unsigned: not counted"
    sign_sheets(sheet)
    body = as_role(Role.PLAYER).get(url(tournament)).json()
    assert (body["sessions_counted"], body["provisional"]) == ([1], False)


def test_a_session_counted_with_a_sheet_still_open_is_provisional(as_role, tournament):
    sheet = seated_table(tournament, session_number=1, table_number=2, started=True)
    hand_record_win(table_session=sheet, winner="B", discarder="A", points=8)
    body = as_role(Role.PLAYER).get(url(tournament)).json()
    assert body["sessions_counted"] == [1] and body["provisional"] is True


def test_a_session_counted_with_a_complete_sheet_not_yet_signed_is_provisional(as_role, tournament):
    """The API's standings and their rows follow the one definition of provisional
    (tournaments.selectors.standings.result_is_provisional): unsigned, complete or not."""
    sheet = seated_table(tournament, session_number=1, table_number=2, started=True)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)  # complete
    official = as_role(Role.UMPIRE).get(url(tournament)).json()
    assert official["provisional"] is True and official["provisional_sessions"] == [1]
    live = as_role(Role.UMPIRE).get(url(tournament), {"live": "true"}).json()
    rows = {p["name"]: p["sessions"][0]["provisional"] for p in live["players"]}
    assert rows["Ana"] is False and rows["Player A"] is True  # signed; complete, unsigned


def test_it_refuses_anonymous_users(anonymous, tournament):
    assert_error(anonymous.get(url(tournament)), 401)


def test_it_refuses_a_bad_session_number_naming_it(as_role, tournament):
    response = as_role(Role.PLAYER).get(url(tournament), {"through_session": "first"})
    assert_error(response, 400, field="through_session")
    response = as_role(Role.PLAYER).get(url(tournament), {"through_session": 0})
    assert_error(response, 400, field="through_session")


def test_it_refuses_a_bad_live_flag_naming_it(as_role, tournament):
    assert_error(as_role(Role.PLAYER).get(url(tournament), {"live": "maybe"}), 400, field="live")


def test_an_unknown_tournament_is_a_404(as_role):
    assert_error(as_role(Role.PLAYER).get("/api/tournaments/nope/standings/"), 404)
