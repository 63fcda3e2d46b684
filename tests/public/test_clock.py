"""The hall clock: /t/<slug>/clock/ and the JSON it polls."""

from datetime import timedelta

from django.utils import timezone
from django.utils.dateparse import parse_datetime

from tournaments.live import live_touch
from tournaments.models import Tournament
from tournaments.services.sessions import session_end, session_start


def test_before_the_start_it_shows_the_next_session_without_a_start(client, event):
    data = client.get("/t/madrid/clock.json").json()
    assert data["session"]["number"] == 1 and data["session"]["start"] is None
    assert data["session"]["minutes"] == 150 and data["warning_minutes"] == 15


def test_it_gives_the_actual_start_and_the_server_time(client, event):
    _tournament, first, _second = event
    started = timezone.now() - timedelta(minutes=40)
    session_start(session=first.session, at=started)
    data = client.get("/t/madrid/clock.json").json()
    assert parse_datetime(data["session"]["start"]) == started
    assert abs(parse_datetime(data["now"]) - timezone.now()) < timedelta(seconds=5)
    assert data["session"]["end"] is None


def test_the_end_of_the_session_reaches_the_clock(client, event):
    _tournament, first, _second = event
    session_start(session=first.session, at=timezone.now() - timedelta(minutes=100))
    client.get("/t/madrid/clock.json")
    session_end(session=first.session)
    assert client.get("/t/madrid/clock.json").json()["session"]["end"] is not None


def test_the_clock_page_loads_its_script(client, event):
    text = client.get("/t/madrid/clock/").content.decode()
    assert "clock.js" in text and "Last 15 minutes" in text


def test_a_tournament_without_sessions_has_no_session_on_its_clock(client, transactional_db):
    from tests.tournaments.factories import TournamentFactory

    TournamentFactory(slug="empty")
    assert client.get("/t/empty/clock.json").json()["session"] is None


def test_the_clock_of_a_finished_tournament_knows_it_is_over(client, event):
    tournament, first, _second = event
    session_start(session=first.session, at=timezone.now() - timedelta(minutes=160))
    session_end(session=first.session)
    assert client.get("/t/madrid/clock.json").json()["session"]["tournament_finished"] is False
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    live_touch(tournament.pk)
    assert client.get("/t/madrid/clock.json").json()["session"]["tournament_finished"] is True


def test_the_clock_page_carries_the_words_for_a_finished_tournament(client, event):
    text = client.get("/t/madrid/clock/").content.decode()
    assert 'data-text-finished="The tournament is over."' in text
