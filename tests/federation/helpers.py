"""Helpers of the EMA export's tests."""

from tests.tournaments.factories import seated_table
from tournaments.models import TableSession, Tournament
from tournaments.services.hands import hand_record_no_win, hand_record_win


def unsigned_second_session(tournament: Tournament) -> TableSession:
    """Session 2 of `ema_played`, same table and seats, complete but not signed: Bruno Costa
    (seat B) self-draws 88, then the time limit stops play. The tournament runs again."""
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.refresh_from_db()
    first = tournament.sessions.get(number=1).table_sessions.get()
    players = [seat.player for seat in first.seats.order_by("position")]
    sheet = seated_table(tournament, session_number=2, players=players, started=True)
    hand_record_win(table_session=sheet, winner="B", discarder=None, points=88)
    hand_record_no_win(table_session=sheet, outcome="time")
    return sheet
