"""The umpire's defaults follow the rules (issue #25 item 9): a check-in's time defaults to
the session's actual start, with "now" one tap away (3.11.2: players are expected at the
start); ending a session whose tables recorded no hand lists them and asks for a
confirmation before anything ends (3.5.6)."""

import datetime

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.admin_helpers import post_sheet, sheet_url
from tests.tournaments.factories import start_session
from tests.tournaments.signoff_helpers import make_user
from tournaments.models import CheckIn, Hand, Penalty, Session, TableSession
from tournaments.roles import Role
from tournaments.services.hands import hand_record_no_win

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)


@pytest.fixture
def started_at_ten(admin_sheet):
    return start_session(admin_sheet, at=START)


def player_b(sheet):
    return sheet.seats.get(position="B").player


# -- the check-in form ------------------------------------------------------------------------


def test_the_arrival_time_defaults_to_the_sessions_actual_start(umpire_client, started_at_ten):
    response = umpire_client.get(sheet_url(started_at_ten))
    form = response.context["checkin_form"]
    assert form.initial["arrived_at"] == START
    field = str(form["arrived_at"])
    assert 'type="datetime-local"' in field and 'value="2026-05-02T10:00"' in field
    assert 'id="checkin-now"' in response.content.decode()  # "Arrived now", one tap


def test_recording_the_arrival_as_offered_records_the_start_and_no_penalty(
    umpire_client, started_at_ten
):
    response = post_sheet(
        umpire_client,
        started_at_ten,
        {"action": "checkin", "checkin-player": "B", "checkin-arrived_at": "2026-05-02 10:00:00"},
    )
    assert response.status_code == 302
    assert CheckIn.objects.get(player=player_b(started_at_ten)).arrived_at == START
    assert not Penalty.objects.filter(kind=Penalty.Kind.LATE_ARRIVAL).exists()


def test_arrived_now_records_the_time_of_the_tap_whatever_the_field_says(
    umpire_client, started_at_ten, monkeypatch
):
    tap = START + datetime.timedelta(minutes=7, seconds=30)
    monkeypatch.setattr(timezone, "now", lambda: tap)
    response = post_sheet(
        umpire_client,
        started_at_ten,
        {
            "action": "checkin_now",
            "checkin-player": "B",
            "checkin-arrived_at": "2026-05-02 10:00:00",
        },
    )
    assert response.status_code == 302
    assert CheckIn.objects.get(player=player_b(started_at_ten)).arrived_at == tap
    late = Penalty.objects.get(kind=Penalty.Kind.LATE_ARRIVAL, voided_at__isnull=True)
    assert (late.minutes_late, late.amount) == (8, 10)  # 3.11.2: a started minute counts


def test_before_the_start_the_arrival_time_is_empty_and_means_now(umpire_client, admin_sheet):
    Session.objects.filter(pk=admin_sheet.session_id).update(actual_start=None)
    response = umpire_client.get(sheet_url(admin_sheet))
    assert response.context["checkin_form"].initial["arrived_at"] is None
    before = timezone.now()
    post_sheet(umpire_client, admin_sheet, {"action": "checkin", "checkin-player": "B"})
    assert CheckIn.objects.get(player=player_b(admin_sheet)).arrived_at >= before


# -- ending a session with tables that recorded no hand ---------------------------------------


@pytest.fixture
def chief_client(client, admin_sheet, other_sheet):
    """The chief umpire; session 1 has two tables, table 1 with a draw, table 2 with none."""
    start_session(admin_sheet, at=START)
    hand_record_no_win(table_session=admin_sheet, outcome=Hand.Outcome.DRAW)
    client.force_login(make_user("chief", Role.CHIEF_UMPIRE))
    return client


def end_action(client, session, **data):
    return client.post(
        reverse("admin:tournaments_session_changelist"),
        {"action": "action_end", ACTION_CHECKBOX_NAME: [session.pk], **data},
    )


def test_the_end_page_lists_the_tables_that_recorded_no_hand(
    chief_client, admin_sheet, other_sheet
):
    page = end_action(chief_client, admin_sheet.session)
    assert page.status_code == 200
    assert [(s.pk, [t.number for t in tables]) for s, tables in page.context["without_hands"]] == [
        (admin_sheet.session_id, [2])
    ]
    text = page.content.decode()
    assert 'id="tables-without-hands"' in text and "Table 2" in text
    assert 'name="confirm_no_hands"' in text
    assert Session.objects.get(pk=admin_sheet.session_id).actual_end is None


def test_nothing_ends_until_the_chief_umpire_confirms(chief_client, admin_sheet, other_sheet):
    page = end_action(chief_client, admin_sheet.session, apply="1", at="2026-05-02 12:30")
    assert page.status_code == 200
    assert "tick the box to end" in page.content.decode()
    assert Session.objects.get(pk=admin_sheet.session_id).actual_end is None
    assert TableSession.objects.get(pk=other_sheet.pk).status == TableSession.Status.OPEN


def test_once_confirmed_the_session_ends_and_its_sheets_close(
    chief_client, admin_sheet, other_sheet
):
    response = end_action(
        chief_client, admin_sheet.session, apply="1", at="2026-05-02 12:30", confirm_no_hands="on"
    )
    assert response.status_code == 302
    session = Session.objects.get(pk=admin_sheet.session_id)
    assert session.actual_end == START + datetime.timedelta(minutes=150)
    assert TableSession.objects.get(pk=other_sheet.pk).status == TableSession.Status.COMPLETE


def test_when_every_table_recorded_a_hand_the_end_asks_nothing_more(
    chief_client, admin_sheet, other_sheet
):
    hand_record_no_win(table_session=other_sheet, outcome=Hand.Outcome.DRAW)
    page = end_action(chief_client, admin_sheet.session)
    assert page.context["without_hands"] == []
    assert 'name="confirm_no_hands"' not in page.content.decode()
    response = end_action(chief_client, admin_sheet.session, apply="1", at="2026-05-02 12:30")
    assert response.status_code == 302
    assert Session.objects.get(pk=admin_sheet.session_id).actual_end is not None


def test_did_not_come_records_a_no_show_without_an_arrival_time(umpire_client, started_at_ten):
    response = post_sheet(
        umpire_client,
        started_at_ten,
        {
            "action": "checkin_absent",
            "checkin-player": "B",
            "checkin-arrived_at": "2026-05-02 10:00:00",
        },
    )
    assert response.status_code == 302
    check_in = CheckIn.objects.get(player=player_b(started_at_ten))
    assert (check_in.absent, check_in.arrived_at) == (True, None)
    penalty = Penalty.objects.get(kind=Penalty.Kind.LATE_ARRIVAL, voided_at__isnull=True)
    assert penalty.forfeited and penalty.minutes_late is None


def test_a_no_show_recorded_in_error_is_undone_by_recording_his_arrival(
    umpire_client, started_at_ten
):
    post_sheet(umpire_client, started_at_ten, {"action": "checkin_absent", "checkin-player": "B"})
    post_sheet(
        umpire_client,
        started_at_ten,
        {"action": "checkin", "checkin-player": "B", "checkin-arrived_at": "2026-05-02 10:00:00"},
    )
    check_in = CheckIn.objects.get(player=player_b(started_at_ten))
    assert (check_in.absent, check_in.arrived_at) == (False, START)
    assert not Penalty.objects.filter(kind=Penalty.Kind.LATE_ARRIVAL, voided_at__isnull=True)
