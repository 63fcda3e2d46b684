"""The statistics are computed once per tournament version (the public pages' published
version, tournaments.live) and read from the cache until a write makes a new one."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament_stats.selectors import tournament_stats
from tournaments.models import Hand, TableSession
from tournaments.roles import Role
from tournaments.services.hands import hand_record_no_win

URL = "/api/tournaments/stats-open/stats/"


def hand_queries(queries) -> list[str]:
    return [q["sql"] for q in queries if '"tournaments_hand"' in q["sql"]]


def test_the_computation_reads_the_hands_in_a_handful_of_flat_queries(
    played, django_assert_max_num_queries
):
    with django_assert_max_num_queries(5):
        tournament_stats(played.pk)


def test_a_second_call_does_no_query(played, django_assert_num_queries):
    first = tournament_stats(played.pk)
    with django_assert_num_queries(0):
        assert tournament_stats(played.pk) == first


def test_a_second_request_reads_no_hand(played, as_role):
    client = as_role(Role.PLAYER)
    with CaptureQueriesContext(connection) as first:
        body = client.get(URL).json()
    assert hand_queries(first.captured_queries)
    with CaptureQueriesContext(connection) as second:
        assert client.get(URL).json() == body
    assert hand_queries(second.captured_queries) == []


def test_a_hand_recorded_shows_once_it_commits(played, django_capture_on_commit_callbacks):
    assert tournament_stats(played.pk)["draws"] == 1
    sheet = TableSession.objects.get(session__tournament=played, table__number=1)
    with django_capture_on_commit_callbacks(execute=True):
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW)
    stats = tournament_stats(played.pk)
    assert (stats["draws"], stats["hands"]) == (2, 7)
