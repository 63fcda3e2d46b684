"""While a session is played, the statistics move on at most once every
STATS_REFRESH_SECONDS (they read every hand of the tournament, too dear for each published
version); once the session ends they are exact at once. One process computes a version while
the others wait for it (tournament_stats/selectors.py)."""

import threading

import pytest
from django.core.cache import cache

import tournaments.live
from tournament_stats import selectors
from tournament_stats.selectors import session_places, stats_version, tournament_stats
from tournaments.models import Hand, TableSession
from tournaments.services.hands import hand_record_no_win
from tournaments.services.sessions import session_end

STATS_URL = "/t/stats-open/stats/"


@pytest.fixture
def refresh_a_minute(settings):
    settings.STATS_REFRESH_SECONDS = 60


@pytest.fixture
def clock(monkeypatch):
    """The statistics' and the published version's clock, moved by the test."""
    now = [1_000_000.0]
    monkeypatch.setattr(tournaments.live.time, "time", lambda: now[0])
    return now


def record_a_draw(tournament, capture) -> None:
    sheet = TableSession.objects.get(session__tournament=tournament, table__number=1)
    with capture(execute=True):
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW)


def test_while_a_session_runs_a_hand_shows_only_after_the_refresh_interval(
    played, refresh_a_minute, clock, django_capture_on_commit_callbacks
):
    assert tournament_stats(played.pk)["draws"] == 1
    record_a_draw(played, django_capture_on_commit_callbacks)
    clock[0] += 59
    assert tournament_stats(played.pk)["draws"] == 1
    clock[0] += 1
    assert tournament_stats(played.pk)["draws"] == 2


def test_the_places_and_the_stats_page_follow_the_same_version(
    played, refresh_a_minute, clock, client, django_capture_on_commit_callbacks
):
    before_places = session_places(played.pk)
    page_before = client.get(STATS_URL).content
    version = stats_version(played.pk)
    record_a_draw(played, django_capture_on_commit_callbacks)
    assert stats_version(played.pk) == version
    assert session_places(played.pk) == before_places
    assert client.get(STATS_URL).content == page_before
    clock[0] += 60
    assert stats_version(played.pk) != version


def test_once_the_session_ends_every_hand_shows_at_once(
    played, refresh_a_minute, clock, django_capture_on_commit_callbacks
):
    assert tournament_stats(played.pk)["draws"] == 1
    record_a_draw(played, django_capture_on_commit_callbacks)
    session = played.sessions.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        session_end(session=session)
    assert tournament_stats(played.pk)["draws"] == 2


def test_with_no_interval_every_published_version_is_computed_again(
    played, django_capture_on_commit_callbacks
):
    assert tournament_stats(played.pk)["draws"] == 1
    record_a_draw(played, django_capture_on_commit_callbacks)
    assert tournament_stats(played.pk)["draws"] == 2


def test_a_request_waits_for_the_process_already_computing_and_takes_its_result(
    monkeypatch,
):
    key = "tournament_stats:test:waits"
    cache.add(f"{key}:lock", 1, 60)  # another process is computing
    threading.Timer(0.2, lambda: cache.set(key, {"theirs": True}, 60)).start()
    computed = []
    value = selectors._computed_once(key, lambda: computed.append(1) or {"mine": True})
    assert (value, computed) == ({"theirs": True}, [])


def test_a_request_computes_itself_when_the_other_process_never_answers(monkeypatch):
    monkeypatch.setattr(selectors, "COMPUTE_WAIT_SECONDS", 0.2)
    key = "tournament_stats:test:never"
    cache.add(f"{key}:lock", 1, 60)  # a process that died while computing
    assert selectors._computed_once(key, lambda: {"mine": True}) == {"mine": True}
    assert cache.get(key) == {"mine": True}


def test_the_lock_is_released_when_the_computation_fails():
    key = "tournament_stats:test:fails"

    def failing():
        raise RuntimeError("the database went away")

    with pytest.raises(RuntimeError):
        selectors._computed_once(key, failing)
    assert cache.get(f"{key}:lock") is None


def test_a_request_that_gave_up_waiting_leaves_the_other_processs_lock(monkeypatch):
    monkeypatch.setattr(selectors, "COMPUTE_WAIT_SECONDS", 0.1)
    key = "tournament_stats:test:theirs"
    cache.add(f"{key}:lock", 1, 60)  # another process is still computing
    selectors._computed_once(key, lambda: {"mine": True})
    assert cache.get(f"{key}:lock") == 1
