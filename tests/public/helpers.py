"""Helpers of the public pages' tests: hands recorded on a sheet of the `event` fixture
(tests/public/conftest.py), its session started first."""

from tests.tournaments.factories import PLAY_START
from tournaments.models import Session
from tournaments.services.hands import hand_record_no_win, hand_record_win


def playing(sheet):
    """Hands are recorded once the session started (rule 3.5.6): start it at PLAY_START if
    nobody did (the event's session is scheduled until a test plays or starts it)."""
    Session.objects.filter(pk=sheet.session_id, actual_start__isnull=True).update(
        actual_start=PLAY_START
    )
    return sheet


def win(sheet, points=24, winner="A", discarder="B"):
    return hand_record_win(
        table_session=playing(sheet), winner=winner, discarder=discarder, points=points
    )


def draw(sheet):
    return hand_record_no_win(table_session=playing(sheet), outcome="draw")
