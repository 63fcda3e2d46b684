"""Who has not played is not ranked above who has: official standings list a player with no
counted session after every ranked player, without a place (rule 3.10.1 ranks players "basado
en una tabla de puntos obtenida durante el torneo": he has obtained none). The place is "—" on
paper, in the CSV and on the pages, null in the JSON and the API (docs/results.md)."""

import csv
import io
import json

import pytest
from django.core.management import call_command

from reports.data.standings import standings_data
from reports.forms.standings import render_standings
from tests.reports.helpers import pdf_text
from tests.tournaments.factories import PlayerFactory, seated_table, sign_sheets
from tournaments.models import Hand, Tournament
from tournaments.roles import Role
from tournaments.selectors.standings import standings_compute
from tournaments.services.hands import hand_record_no_win, hand_record_win

pytestmark = pytest.mark.django_db


@pytest.fixture
def with_eve(tournament):
    """A signed table (A +48, C -8, D -8, B -32), and Eve, registered, never seated."""
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.save()
    sheet = seated_table(tournament, started=True)
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=24)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    sign_sheets(sheet)
    PlayerFactory(tournament=tournament, name="Eve", lot_number=5, registration_number=5)
    return tournament


def test_a_player_with_no_counted_session_comes_after_every_ranked_player_without_a_place(
    with_eve,
):
    rows = standings_compute(tournament=with_eve).players
    assert [(row.name, row.rank) for row in rows] == [
        ("Player A", 1),
        ("Player C", 2),
        ("Player D", 2),
        ("Player B", 4),  # 0 table points and -32: still above who did not play
        ("Eve", None),
    ]
    assert rows[-1].label == "no session counted"


def test_live_standings_rank_the_players_of_an_open_sheet_once_it_has_a_result(tournament):
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.save()
    sheet = seated_table(tournament, started=True)
    assert [row.rank for row in standings_compute(tournament=tournament, live=True).players] == [
        None
    ] * 4
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=24)
    live = standings_compute(tournament=tournament, live=True).players
    assert [row.rank for row in live] == [1, 2, 2, 4]


def test_the_api_and_the_command_give_him_a_null_place_last(with_eve, as_role):
    body = as_role(Role.ORGANISER).get(f"/api/tournaments/{with_eve.slug}/standings/").json()
    assert [(p["name"], p["rank"]) for p in body["players"]][-2:] == [
        ("Player B", 4),
        ("Eve", None),
    ]
    assert body["players"][-1]["sessions"] == []
    out = io.StringIO()
    call_command("standings", with_eve.slug, "--json", stdout=out)
    assert json.loads(out.getvalue())["players"][-1]["rank"] is None


def test_the_csv_gives_him_a_dash_for_a_place(with_eve, as_role):
    response = as_role(Role.ORGANISER).get(
        f"/api/tournaments/{with_eve.slug}/exports/standings.csv"
    )
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [(row[0], row[2]) for row in rows[-2:]] == [("4", "Player B"), ("—", "Eve")]


def test_the_printed_standings_give_him_a_dash_for_a_place(with_eve):
    data = standings_data(tournament=with_eve)
    assert [(p["name"], p["rank"]) for p in data["players"]][-2:] == [
        ("Player B", 4),
        ("Eve", None),
    ]
    text = pdf_text(render_standings(data))
    assert text.index("Player B") < text.index("Eve")
    assert "— 5 Eve (no session counted)" in " ".join(text.split())


def test_the_command_prints_a_dash_for_his_place(with_eve, capsys):
    call_command("standings", with_eve.slug)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].split()[:3] == ["—", "5", "Eve"]
