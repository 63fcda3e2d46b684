"""GET /t/<slug>/players/<number>/: a player's tables, seats and results."""

from tests.public.helpers import win


def test_it_shows_his_table_seat_and_result(client, event):
    _tournament, first, _second = event
    win(first, points=24)
    text = client.get("/t/madrid/players/1/").content.decode()
    assert "Player A" in text
    assert "Rank 1" in text and "48" in text
    assert "playing, 1 hand" in text


def test_an_unknown_player_number_is_404(client, event):
    assert client.get("/t/madrid/players/99/").status_code == 404


def test_it_names_his_country_with_its_flag_in_the_readers_language(client, event):
    tournament, _first, _second = event
    tournament.players.filter(lot_number=1).update(country="ES")
    english = client.get("/t/madrid/players/1/").content.decode()
    assert 'flags/es.gif" alt="" width="16" height="11"> Spain</span>' in english
    spanish = client.get("/t/madrid/players/1/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "> España</span>" in spanish
    assert 'class="country"' not in client.get("/t/madrid/players/2/").content.decode()
