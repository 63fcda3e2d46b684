"""GET /t/<slug>/chart/: the seating chart, each session's tables by wind."""


def test_it_shows_each_session_table_and_player(client, event):
    text = client.get("/t/madrid/chart/").content.decode()
    assert "Session 1" in text and "East" in text and "North" in text
    assert 'href="/t/madrid/players/8/"' in text


def test_a_tournament_without_seating_says_so(client, transactional_db):
    from tests.tournaments.factories import TournamentFactory

    TournamentFactory(slug="empty")
    text = client.get("/t/empty/chart/").content.decode()
    assert "has not been drawn yet" in text
