"""A session's recorded times are plausible and its end stays put once it matters (issue #26):
no time more than a day ahead or before the tournament's first day; no correction of an end
once the tournament is finished or when it would reopen the appeal window (3.12.2)."""

import datetime

import pytest
from django.utils import timezone

from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import Session, Tournament
from tournaments.services.sessions import session_end, session_end_correct, session_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def session():
    tournament = TournamentFactory(start_date=datetime.date(2026, 5, 1))
    return seated_table(tournament).session


def at(day: int, hour: int = 10, minute: int = 0) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime(2026, 5, day, hour, minute))


def test_a_start_before_the_tournaments_first_day_is_refused_and_nothing_changes(session):
    with pytest.raises(TournamentError, match="before the tournament's first day"):
        session_start(session=session, at=at(1) - datetime.timedelta(days=1))
    assert Session.objects.get(pk=session.pk).actual_start is None


def test_an_end_more_than_a_day_ahead_is_refused_and_nothing_changes(session):
    session_start(session=session, at=at(1))
    with pytest.raises(TournamentError, match="more than a day in the future"):
        session_end(session=session, at=timezone.now() + datetime.timedelta(days=2))
    assert Session.objects.get(pk=session.pk).actual_end is None


def test_an_end_within_a_day_ahead_is_accepted(session):
    session_start(session=session, at=at(1))
    later = timezone.now() + datetime.timedelta(hours=2)
    assert session_end(session=session, at=later).actual_end == later


def test_the_end_of_a_finished_tournaments_session_is_not_corrected(session):
    session_start(session=session, at=at(1))
    session_end(session=session, at=at(1, 12, 30))
    Tournament.objects.filter(pk=session.tournament_id).update(status="finished")
    with pytest.raises(TournamentError, match="tournament is finished") as refused:
        session_end_correct(session=session, at=at(1, 12, 20), reason="clock was wrong")
    assert refused.value.code == "invalid_state"
    assert Session.objects.get(pk=session.pk).actual_end == at(1, 12, 30)


def test_an_end_corrected_so_late_that_the_closed_appeal_window_reopens_is_refused(session):
    session_start(session=session, at=at(1))
    session_end(session=session, at=at(1, 12, 30))
    reopening = timezone.now() - datetime.timedelta(minutes=10)
    with pytest.raises(TournamentError, match="would open them again"):
        session_end_correct(session=session, at=reopening, reason="ended later")
    assert Session.objects.get(pk=session.pk).actual_end == at(1, 12, 30)


def test_an_end_corrected_within_the_closed_window_is_accepted(session):
    session_start(session=session, at=at(1))
    session_end(session=session, at=at(1, 12, 30))
    corrected = session_end_correct(session=session, at=at(1, 12, 25), reason="gong at 12:25")
    assert corrected.actual_end == at(1, 12, 25)


def test_an_arrival_before_the_tournaments_first_day_is_refused_and_nothing_recorded(session):
    from tournaments.services.checkin import checkin_record

    player = session.seats.first().player
    with pytest.raises(TournamentError, match="before the tournament's first day"):
        checkin_record(
            session=session, player=player, arrived_at=at(1) - datetime.timedelta(days=3)
        )
    assert not session.check_ins.exists()
