"""The tournament's status follows the facts: seated → running when a session starts →
finished when the last sheet of the last session is countersigned."""

import pytest
from django.utils import timezone

from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Tournament
from tournaments.services.hands import hand_record_no_win
from tournaments.services.sessions import session_start
from tournaments.services.signoff import sheet_confirm_player, sheet_countersign, sheet_sign

pytestmark = pytest.mark.django_db


def seated_tournament(sessions: int = 1):
    tournament = TournamentFactory(
        entry_mode="points", sessions_planned=sessions, status=Tournament.Status.SEATED
    )
    sheets = [seated_table(tournament, session_number=n) for n in range(1, sessions + 1)]
    return tournament, sheets


def play_and_countersign(sheet):
    for _hand in range(16):
        hand_record_no_win(table_session=sheet, outcome="draw")
    for seat in sheet.seats.all():
        sheet_confirm_player(table_session=sheet, player=seat.player)
    sheet_sign(table_session=sheet)
    sheet_countersign(table_session=sheet)


def status(tournament) -> str:
    return Tournament.objects.get(pk=tournament.pk).status


def test_a_seated_tournament_runs_once_a_session_starts():
    tournament, sheets = seated_tournament()
    session_start(session=sheets[0].session, at=timezone.now())
    assert status(tournament) == Tournament.Status.RUNNING


def test_it_finishes_when_the_last_sheet_of_the_last_session_is_countersigned():
    tournament, (first, second) = seated_tournament(sessions=2)
    session_start(session=first.session, at=timezone.now())
    play_and_countersign(first)
    assert status(tournament) == Tournament.Status.RUNNING  # session 2 not played yet
    session_start(session=second.session, at=timezone.now())
    play_and_countersign(second)
    assert status(tournament) == Tournament.Status.FINISHED


def test_a_tournament_still_registering_is_not_moved():
    tournament, sheets = seated_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.REGISTRATION)
    session_start(session=sheets[0].session, at=timezone.now())
    assert status(tournament) == Tournament.Status.REGISTRATION
