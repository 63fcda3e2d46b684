"""GET /api/tournaments/{slug}/sessions/."""

import datetime

from tests.api.event_helpers import mark_signed, played_table
from tests.api.helpers import assert_error
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Session
from tournaments.roles import Role

START = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)


def url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/sessions/"


def test_every_logged_in_user_lists_the_sessions_with_their_sheets(as_role):
    first = played_table()
    tournament = first.session.tournament
    seated_table(tournament, table_number=2)
    signed = seated_table(tournament, table_number=3)
    mark_signed(signed)
    Session.objects.filter(pk=first.session_id).update(actual_start=START)
    Session.objects.create(tournament=tournament, number=2, scheduled_start=START)
    body = as_role(Role.PLAYER).get(url(tournament)).json()
    assert body["count"] == 2
    one, two = body["results"]
    assert (one["number"], one["status"], one["tables"]) == (1, "running", 3)
    assert one["sheets"] == {"open": 2, "complete": 0, "signed": 1, "final": 0}
    assert one["actual_start"] == "2026-05-02T10:00:00Z" and one["actual_end"] is None
    assert (two["number"], two["status"], two["tables"], two["stage"]) == (
        2,
        "scheduled",
        0,
        "qualifying",
    )
    assert two["scheduled_start"] == "2026-05-02T10:00:00Z"


def test_an_ended_session_says_so(as_role):
    tournament = TournamentFactory()
    Session.objects.create(
        tournament=tournament,
        number=1,
        actual_start=START,
        actual_end=START + datetime.timedelta(minutes=150),
    )
    body = as_role(None).get(url(tournament)).json()
    assert body["results"][0]["status"] == "ended"


def test_it_refuses_anonymous_users(anonymous):
    assert_error(anonymous.get(url(TournamentFactory())), 401)


def test_an_unknown_tournament_is_a_404(as_role):
    assert_error(as_role(Role.ORGANISER).get("/api/tournaments/nope/sessions/"), 404)
