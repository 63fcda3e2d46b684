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
