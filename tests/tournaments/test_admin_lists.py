"""The read-only lists of the admin (hands, penalties, results, check-ins…) say which
tournament each row is of, and show a penalty's effect in words."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.admin.play import deltas_words
from tournaments.services.hands import hand_record_no_win
from tournaments.services.penalties import penalty_record


def two_tournaments_with_a_draw_at_session_1_table_1():
    sheets = []
    for name in ("Madrid Open", "Lyon Open"):
        sheet = seated_table(TournamentFactory(name=name, entry_mode="points"), started=True)
        hand_record_no_win(table_session=sheet, outcome="draw")
        sheets.append(sheet)
    return sheets


def test_the_hands_list_names_the_tournament_of_each_row(admin_client):
    two_tournaments_with_a_draw_at_session_1_table_1()
    text = admin_client.get("/admin/tournaments/hand/").content.decode()
    assert "Madrid Open" in text and "Lyon Open" in text


def test_the_results_and_check_in_lists_name_the_tournament_too(admin_client):
    two_tournaments_with_a_draw_at_session_1_table_1()
    text = admin_client.get("/admin/tournaments/sessionresult/").content.decode()
    assert "Madrid Open" in text and "Lyon Open" in text
    assert admin_client.get("/admin/tournaments/checkin/").status_code == 200


def test_the_hands_list_costs_the_same_queries_for_more_rows(admin_client):
    sheets = two_tournaments_with_a_draw_at_session_1_table_1()
    with CaptureQueriesContext(connection) as few:
        admin_client.get("/admin/tournaments/hand/")
    for sheet in sheets:
        for _ in range(3):
            hand_record_no_win(table_session=sheet, outcome="draw")
    with CaptureQueriesContext(connection) as more:
        admin_client.get("/admin/tournaments/hand/")
    assert len(more) == len(few)


def test_the_penalties_list_shows_the_effect_in_words_not_json(admin_client):
    sheet = seated_table(TournamentFactory(entry_mode="points"), started=True)
    offender = sheet.seats.get(position="A").player
    penalty_record(
        table_session=sheet, player=offender, kind="deduction", amount=10, reason="Slow play"
    )
    text = admin_client.get("/admin/tournaments/penalty/").content.decode()
    assert "A −10" in text and '{"A"' not in text and "{&quot;A" not in text


def test_a_penalty_effect_reads_as_seats_and_points():
    assert deltas_words({"A": -10, "forfeited": False}) == "A −10"
    assert deltas_words({"B": 5, "A": -15, "forfeited": True}) == "A −15, B +5; session forfeited"
    assert deltas_words({}) == "—"
