"""The time-limit stop is the gong's (3.5.6 "Cuando se ha agotado el tiempo, todos los
jugadores dejan de jugar inmediatamente"): before the session's time is up, every door refuses
it with one code (409) and says from when; after it, or once the end is recorded, it is
recorded as before (selectors/session_time.py, `time_stop_check`)."""

import datetime
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.api.sheet_helpers import if_match, url
from tests.desk.helpers import TIME, key
from tests.desk.helpers import win as desk_win
from tests.player_entry.helpers import send_hand
from tests.tournaments.admin_helpers import post_sheet
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import Hand, Session, TableSession, Tournament
from tournaments.roles import Role
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.sessions import session_end

pytestmark = pytest.mark.django_db

MINUTES = 150


def started_ago(sheet: TableSession, minutes: int) -> TableSession:
    start = timezone.now() - datetime.timedelta(minutes=minutes)
    Session.objects.filter(pk=sheet.session_id).update(actual_start=start)
    return TableSession.objects.select_related("session__tournament").get(pk=sheet.pk)


@pytest.fixture
def early(db) -> TableSession:
    """A points-only table whose session started ten minutes ago (150-minute sessions)."""
    tournament = TournamentFactory(
        entry_mode=Tournament.EntryMode.POINTS_ONLY, session_minutes=MINUTES
    )
    return started_ago(seated_table(tournament), 10)


def no_hand(sheet) -> bool:
    return not Hand.objects.filter(table_session=sheet).exists()


# -- the rule ---------------------------------------------------------------------------------


def test_a_stop_ten_minutes_after_the_start_is_refused_saying_from_when(early):
    hand_record_win(table_session=early, winner="A", discarder="B", points=8)
    with pytest.raises(TournamentError) as refused:
        hand_record_no_win(table_session=early, outcome=Hand.Outcome.TIME_LIMIT)
    assert refused.value.code == "invalid_state"
    assert "3.5.6" in refused.value.message and "from " in refused.value.message
    assert Hand.objects.filter(table_session=early).count() == 1
    assert TableSession.objects.get(pk=early.pk).status == TableSession.Status.OPEN


def test_a_stop_once_the_time_limit_has_passed_closes_the_table(early):
    sheet = started_ago(early, MINUTES + 1)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    assert TableSession.objects.get(pk=sheet.pk).status == TableSession.Status.COMPLETE


def test_a_stop_one_minute_before_the_limit_is_still_refused(early):
    sheet = started_ago(early, MINUTES - 1)
    with pytest.raises(TournamentError):
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    assert no_hand(sheet)


def test_a_stop_after_the_end_was_recorded_early_is_accepted(early):
    """The chief umpire sounded the gong before the time limit: the time is up then."""
    session_end(session=early.session)
    hand_record_no_win(table_session=early, outcome=Hand.Outcome.TIME_LIMIT, from_paper=True)
    assert Hand.objects.get(table_session=early).outcome == Hand.Outcome.TIME_LIMIT


def test_a_draw_ten_minutes_after_the_start_is_still_recorded(early):
    hand_record_no_win(table_session=early, outcome=Hand.Outcome.DRAW)
    assert Hand.objects.get(table_session=early).outcome == Hand.Outcome.DRAW


# -- every door -------------------------------------------------------------------------------


def test_the_api_refuses_the_stop_with_a_409_and_writes_nothing(early, as_role):
    client = as_role(Role.UMPIRE)
    TableSession.objects.filter(pk=early.pk).update(umpire=client.user)
    response = client.post(
        url(early, "hands/"), {"outcome": "time"}, format="json", **if_match(early)
    )
    assert response.status_code == 409, response.content
    (problem,) = response.json()["errors"]
    assert problem["code"] == "invalid_state" and "3.5.6" in problem["message"]
    assert no_hand(early)


def test_the_umpires_page_refuses_the_stop_with_the_reason(early, admin_client):
    response = post_sheet(admin_client, early, {"action": "time", "confirm": "yes"}, follow=True)
    assert "3.5.6" in response.content.decode()
    assert no_hand(early)


def test_the_umpires_offline_queue_refuses_the_stop_with_a_409(early, make_umpire):
    TableSession.objects.filter(pk=early.pk).update(umpire=make_umpire("queue-umpire"))
    client = Client()
    client.force_login(TableSession.objects.get(pk=early.pk).umpire)
    response = client.post(
        reverse("umpire-queue-hands", args=[early.pk]),
        {"outcome": "time"},
        content_type="application/json",
        HTTP_IF_MATCH=f'"{TableSession.objects.get(pk=early.pk).version}"',
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )
    assert response.status_code == 409, response.content
    assert no_hand(early)


def test_a_phone_cannot_enter_the_stop_before_the_gong(early):
    Tournament.objects.filter(pk=early.session.tournament_id).update(
        hand_entry=Tournament.HandEntry.PLAYERS
    )
    from player_entry.models import TableEntry
    from player_entry.services import player_link_issue

    phone = Client()
    link = player_link_issue(player=early.seats.get(position="A").player)
    assert phone.get(f"/p/{link.token}/").status_code == 302
    response = send_hand(phone, early, outcome="time", winner="", discarder="", points=None)
    assert response.status_code == 409, response.content
    assert "3.5.6" in response.content.decode()
    assert not TableEntry.objects.exists() and no_hand(early)


def test_the_score_desk_refuses_a_paper_stopped_before_the_gong(early, as_role):
    from desk.models import DeskEntry

    clerk = as_role(Role.SCORE_DESK)
    response = key(clerk, early, {"hands": [desk_win("A", "B", 8), TIME]})
    assert response.status_code == 409, response.content
    assert "3.5.6" in response.content.decode()
    assert not DeskEntry.objects.exists() and no_hand(early)
