"""A session's life (3.5.6) and a sheet's: started and ended by the chief umpire; a sheet is
complete after 16 hands, a time-limit stop (bug 1) or the end of the session."""

import datetime

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.factories import seated_table
from tests.tournaments.signoff_helpers import fresh, seat_player, snapshot, win
from tournaments.errors import TournamentError
from tournaments.models import Hand, Session, TableSession
from tournaments.models.play import SheetClosure
from tournaments.roles import PermissionRefused
from tournaments.services.hands import hand_delete_last, hand_record_no_win
from tournaments.services.penalties import penalty_record
from tournaments.services.sessions import session_end, session_start
from tournaments.services.sheets import SheetLocked

pytestmark = pytest.mark.django_db

START = timezone.make_aware(datetime.datetime(2026, 5, 1, 10, 0))
END = START + datetime.timedelta(minutes=150)


@pytest.fixture
def unstarted(sheet):
    """The sheet of a session not started yet (the shared fixture's session is started)."""
    Session.objects.filter(pk=sheet.session_id).update(actual_start=None)
    sheet.session.actual_start = None
    return sheet


def _time_stop(sheet, user):
    return hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT, user=user)


# -- bug 1: a time-limit stop ends the sheet -------------------------------------------------


def test_after_a_time_limit_stop_the_sheet_is_complete_and_refuses_a_new_win_or_draw(sheet, people):
    win(sheet, user=people.umpire)
    _time_stop(sheet, people.umpire)
    closed = fresh(sheet)
    assert (closed.status, closed.closed_by) == (
        TableSession.Status.COMPLETE,
        SheetClosure.TIME_LIMIT,
    )
    before = snapshot(sheet)
    with pytest.raises(SheetLocked, match="no more hands"):
        win(sheet, winner="C", discarder="", user=people.umpire)
    with pytest.raises(SheetLocked, match="no more hands"):
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW, user=people.umpire)
    with pytest.raises(SheetLocked, match="no more hands"):
        _time_stop(sheet, people.umpire)
    assert snapshot(sheet) == before


def test_the_umpire_can_remove_a_time_limit_stop_entered_by_mistake_and_the_sheet_reopens(
    sheet, people
):
    win(sheet, user=people.umpire)
    stop = _time_stop(sheet, people.umpire)
    hand_delete_last(table_session=sheet, number=stop.number, user=people.umpire)
    reopened = fresh(sheet)
    assert (reopened.status, reopened.closed_by) == (TableSession.Status.OPEN, "")
    assert win(sheet, winner="C", discarder="", user=people.umpire).number == 2


def test_removing_the_time_limit_stop_after_the_session_ended_keeps_the_sheet_closed(sheet, people):
    session_start(session=sheet.session, at=START, user=people.chief)
    win(sheet, user=people.umpire)
    stop = _time_stop(sheet, people.umpire)
    session_end(session=sheet.session, at=END, user=people.chief)
    hand_delete_last(table_session=sheet, number=stop.number, user=people.umpire)
    closed = fresh(sheet)
    assert (closed.status, closed.closed_by) == (
        TableSession.Status.COMPLETE,
        SheetClosure.SESSION_END,
    )


def test_the_sixteenth_hand_completes_the_sheet_and_a_seventeenth_is_refused(sheet, people):
    for number in range(1, 16):
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW, user=people.umpire)
        assert fresh(sheet).status == TableSession.Status.OPEN, number
    win(sheet, user=people.umpire)
    full = fresh(sheet)
    assert (full.status, full.closed_by) == (TableSession.Status.COMPLETE, SheetClosure.ALL_HANDS)
    with pytest.raises(TournamentError):
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW, user=people.umpire)
    assert full.hands.count() == 16


# -- starting and ending a session -----------------------------------------------------------


def test_the_chief_umpire_starts_and_ends_a_session_with_the_times_entered_afterwards(
    sheet, people
):
    session = session_start(session=sheet.session, at=START, user=people.chief)
    assert (session.actual_start, session.started_by, session.status) == (
        START,
        people.chief,
        Session.Status.RUNNING,
    )
    session = session_end(session=sheet.session, at=END, user=people.chief)
    session = Session.objects.get(pk=session.pk)
    assert (session.actual_end, session.ended_by, session.status) == (
        END,
        people.chief,
        Session.Status.ENDED,
    )


def test_a_session_started_without_a_time_starts_now(sheet, people):
    before = timezone.now()
    session = session_start(session=sheet.session, user=people.chief)
    assert before <= session.actual_start <= timezone.now()


@pytest.mark.parametrize("who", ["umpire", "organiser", "committee", "player_user"])
def test_only_the_chief_umpire_starts_a_session(unstarted, people, who):
    sheet = unstarted
    with pytest.raises(PermissionRefused):
        session_start(session=sheet.session, at=START, user=getattr(people, who))
    assert Session.objects.get(pk=sheet.session.pk).actual_start is None


@pytest.mark.parametrize("who", ["umpire", "organiser", "committee", "player_user"])
def test_only_the_chief_umpire_ends_a_session(sheet, people, who):
    session_start(session=sheet.session, at=START, user=people.chief)
    with pytest.raises(PermissionRefused):
        session_end(session=sheet.session, at=END, user=getattr(people, who))
    assert Session.objects.get(pk=sheet.session.pk).actual_end is None
    assert fresh(sheet).status == TableSession.Status.OPEN


def test_a_session_that_has_not_started_cannot_end(unstarted, people):
    sheet = unstarted
    with pytest.raises(TournamentError, match="Start the session before ending it"):
        session_end(session=sheet.session, at=END, user=people.chief)
    assert Session.objects.get(pk=sheet.session.pk).actual_end is None
    assert fresh(sheet).status == TableSession.Status.OPEN


def test_a_session_cannot_end_before_it_starts(sheet, people):
    session_start(session=sheet.session, at=START, user=people.chief)
    with pytest.raises(TournamentError, match="cannot end before it starts"):
        session_end(session=sheet.session, at=START - datetime.timedelta(minutes=1), user=None)
    assert Session.objects.get(pk=sheet.session.pk).actual_end is None
    assert fresh(sheet).status == TableSession.Status.OPEN


def test_a_session_cannot_start_after_it_ended(sheet, people):
    session_start(session=sheet.session, at=START, user=people.chief)
    session_end(session=sheet.session, at=END, user=people.chief)
    with pytest.raises(TournamentError, match="cannot start after it ended"):
        session_start(
            session=sheet.session, at=END + datetime.timedelta(minutes=1), user=people.chief
        )
    assert Session.objects.get(pk=sheet.session.pk).actual_start == START


def test_ending_a_session_closes_every_open_sheet_and_a_hand_is_then_refused(sheet, people):
    second = seated_table(sheet.session.tournament, table_number=2)
    third = seated_table(sheet.session.tournament, table_number=3)
    win(third, user=people.chief)
    _time_stop(third, people.chief)  # already complete: keeps its cause
    win(sheet, user=people.umpire)
    session_start(session=sheet.session, at=START, user=people.chief)
    session_end(session=sheet.session, at=END, user=people.chief)
    for table_session in (sheet, second):
        closed = fresh(table_session)
        assert (closed.status, closed.closed_by) == (
            TableSession.Status.COMPLETE,
            SheetClosure.SESSION_END,
        )
    assert fresh(third).closed_by == SheetClosure.TIME_LIMIT
    before = snapshot(sheet)
    with pytest.raises(SheetLocked, match="no more hands"):
        win(sheet, winner="C", discarder="", user=people.umpire)
    with pytest.raises(SheetLocked, match="no more hands"):
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW, user=people.umpire)
    assert snapshot(sheet) == before


def test_ending_a_session_changes_the_version_of_the_sheets_it_closes(sheet, people):
    """A form opened while the sheet was open must not write to the closed sheet unchecked."""
    win(sheet, user=people.umpire)
    seen = fresh(sheet).version
    session_start(session=sheet.session, at=START, user=people.chief)
    session_end(session=sheet.session, at=END, user=people.chief)
    assert fresh(sheet).version > seen
    with pytest.raises(TournamentError, match="changed since you opened it"):
        penalty_record(
            table_session=sheet,
            player=seat_player(sheet, "B"),
            kind="deduction",
            amount=10,
            reason="x",
            expected_version=seen,
            user=people.umpire,
        )


def test_ending_a_session_does_not_touch_the_sheets_of_another_session(sheet, people):
    later = seated_table(sheet.session.tournament, session_number=2)
    session_start(session=sheet.session, at=START, user=people.chief)
    session_end(session=sheet.session, at=END, user=people.chief)
    assert fresh(later).status == TableSession.Status.OPEN


def test_the_database_refuses_a_session_that_ends_before_it_starts(sheet):
    session = Session.objects.get(pk=sheet.session.pk)
    session.actual_start, session.actual_end = START, START - datetime.timedelta(seconds=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        session.save()
    assert Session.objects.get(pk=session.pk).actual_end is None


def test_the_database_refuses_a_session_that_ends_without_a_start(unstarted):
    sheet = unstarted
    session = Session.objects.get(pk=sheet.session.pk)
    session.actual_end = END
    with pytest.raises(IntegrityError), transaction.atomic():
        session.save()


# -- the admin's Session actions -------------------------------------------------------------


def _post_action(client, session, action, at):
    return client.post(
        reverse("admin:tournaments_session_changelist"),
        {
            "action": action,
            ACTION_CHECKBOX_NAME: [session.pk],
            "apply": "1",
            "at": at,
            "confirm_no_hands": "on",  # the table recorded no hand: end it all the same
        },
    )


def test_the_chief_umpire_starts_and_ends_a_session_from_the_admin_with_a_time(
    client, unstarted, people
):
    sheet = unstarted
    client.force_login(people.chief)
    session = sheet.session
    page = client.post(
        reverse("admin:tournaments_session_changelist"),
        {"action": "action_start", ACTION_CHECKBOX_NAME: [session.pk]},
    )
    assert page.status_code == 200 and 'name="apply"' in page.content.decode()
    assert Session.objects.get(pk=session.pk).actual_start is None
    response = _post_action(client, session, "action_start", "2026-05-01 10:00")
    assert response.status_code == 302
    response = _post_action(client, session, "action_end", "2026-05-01 12:30")
    assert response.status_code == 302
    session = Session.objects.get(pk=session.pk)
    assert timezone.localtime(session.actual_start).strftime("%H:%M") == "10:00"
    assert timezone.localtime(session.actual_end).strftime("%H:%M") == "12:30"
    assert session.started_by == session.ended_by == people.chief
    assert fresh(sheet).closed_by == SheetClosure.SESSION_END


def test_ending_before_the_start_from_the_admin_shows_the_message_and_changes_nothing(
    client, sheet, people
):
    client.force_login(people.chief)
    _post_action(client, sheet.session, "action_start", "2026-05-01 10:00")
    response = _post_action(client, sheet.session, "action_end", "2026-05-01 09:00")
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert "cannot end before it starts" in page
    assert Session.objects.get(pk=sheet.session.pk).actual_end is None


@pytest.mark.parametrize("who", ["umpire", "organiser"])
def test_an_umpire_or_an_organiser_cannot_start_a_session_from_the_admin(
    client, unstarted, people, who
):
    sheet = unstarted
    client.force_login(getattr(people, who))
    response = _post_action(client, sheet.session, "action_start", "2026-05-01 10:00")
    assert response.status_code in (200, 302, 403)
    assert Session.objects.get(pk=sheet.session.pk).actual_start is None


def test_an_organiser_schedules_a_session_from_the_session_list(client, sheet, people):
    from django.contrib import admin
    from django.urls import reverse

    client.force_login(people.organiser)
    data = {
        "action": "action_schedule",
        admin.helpers.ACTION_CHECKBOX_NAME: [sheet.session.pk],
        "start": "2026-11-21 09:00",
        "end": "2026-11-21 11:30",
        "apply": "1",
    }
    client.post(reverse("admin:tournaments_session_changelist"), data)
    sheet.session.refresh_from_db()
    assert sheet.session.scheduled_start.hour == 9 and sheet.session.scheduled_end.minute == 30
