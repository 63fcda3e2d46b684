"""GET /t/<slug>/sessions/<n>/: each table of the session, its state and results."""

from tests.public.helpers import draw, win
from tournaments.services.sessions import session_start


def test_it_lists_every_table_with_its_players_and_state(client, event):
    tournament, first, _second = event
    session_start(session=first.session)
    win(first, points=24)
    draw(first)
    text = client.get("/t/madrid/sessions/1/").content.decode()
    assert "Table 1" in text and "Table 2" in text
    assert "playing, 2 hands" in text and "not started" in text
    assert "王小明" in text
    assert "In play" in text


def test_an_unknown_session_is_404(client, event):
    assert client.get("/t/madrid/sessions/7/").status_code == 404


def test_figures_of_a_sheet_not_yet_signed_are_marked_provisional_as_the_admin_marks_them(
    client, event
):
    """Appendix 5: "Resultados son definitivos una vez firmado": the table points and the
    score of a sheet its umpire has not signed carry a *, complete or not."""
    from tests.tournaments.factories import sign_sheets
    from tournaments.models import Hand
    from tournaments.services.hands import hand_record_no_win

    _tournament, first, _second = event
    win(first, points=24)  # A +48: 4 table points
    hand_record_no_win(table_session=first, outcome=Hand.Outcome.TIME_LIMIT)  # complete
    text = client.get("/t/madrid/sessions/1/").content.decode()
    assert '<td class="num">48*</td><td class="num">4*</td>' in text
    assert "* provisional: a sheet is not yet signed" in text
    player = client.get("/t/madrid/players/1/").content.decode()
    assert '<td class="num">48*</td><td class="num">1</td><td class="num">4*</td>' in player
    sign_sheets(first)
    text = client.get("/t/madrid/sessions/1/").content.decode()
    assert '<td class="num">48</td><td class="num">4</td>' in text
    assert "provisional" not in text
    player = client.get("/t/madrid/players/1/").content.decode()
    assert '<td class="num">48</td><td class="num">1</td><td class="num">4</td>' in player
