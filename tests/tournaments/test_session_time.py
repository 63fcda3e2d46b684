"""Time (rule 3.5.6, issue #25 item 6): nothing is played before the session starts; the
umpire's page warns once the time limit has passed (the gong is the chief umpire's); a
session lasts at most 150 minutes; sessions start in their order; an end recorded is changed
only by the chief umpire's correction, with a reason."""

import datetime

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.admin_helpers import sheet_url
from tests.tournaments.factories import TournamentFactory, seated_table
from tests.tournaments.signoff_helpers import complete, fresh, seat_player, snapshot, win
from tournaments.errors import TournamentError
from tournaments.models import CheckIn, Hand, Penalty, Session, TableSession, Tournament
from tournaments.roles import PermissionRefused
from tournaments.selectors.session_time import (
    TIME_LIMIT_PASSED,
    time_limit_passed,
    time_warnings,
)
from tournaments.services.checkin import checkin_record
from tournaments.services.corrections import correction_seats_swap
from tournaments.services.hands import hand_record_no_win
from tournaments.services.penalties import penalty_record
from tournaments.services.sessions import session_end, session_end_correct, session_start
from tournaments.services.sheets import SessionNotStarted
from tournaments.services.signoff import sheet_confirm_player, sheet_sign

pytestmark = pytest.mark.django_db

START = timezone.make_aware(datetime.datetime(2026, 5, 1, 10, 0))
LIMIT = START + datetime.timedelta(minutes=150)


@pytest.fixture
def unstarted(sheet):
    """The sheet of a session the chief umpire has not started."""
    Session.objects.filter(pk=sheet.session_id).update(actual_start=None)
    sheet.session.actual_start = None
    return sheet


def at(monkeypatch, moment: datetime.datetime) -> None:
    """The server's clock reads `moment` (django.utils.timezone.now)."""
    monkeypatch.setattr(timezone, "now", lambda: moment)


# -- nothing is played before the start -------------------------------------------------------


def test_a_hand_on_a_session_not_started_is_refused_as_a_state_and_nothing_is_written(
    unstarted, people
):
    before = snapshot(unstarted)
    with pytest.raises(SessionNotStarted, match="The session has not started") as refused:
        win(unstarted, user=people.umpire)
    assert refused.value.code == "invalid_state"  # the API answers 409
    with pytest.raises(SessionNotStarted):
        hand_record_no_win(table_session=unstarted, outcome=Hand.Outcome.DRAW, user=people.chief)
    assert snapshot(unstarted) == before


def test_a_penalty_on_a_session_not_started_is_refused(unstarted, people):
    with pytest.raises(SessionNotStarted):
        penalty_record(
            table_session=unstarted,
            player=seat_player(unstarted, "C"),
            kind=Penalty.Kind.WARNING,
            reason="Slow play",
            user=people.umpire,
        )
    assert not Penalty.objects.exists()


def test_a_confirmation_on_a_session_not_started_is_refused(sheet, people):
    complete(sheet, people.umpire)
    Session.objects.filter(pk=sheet.session_id).update(actual_start=None)  # start taken back
    with pytest.raises(SessionNotStarted):
        sheet_confirm_player(
            table_session=fresh(sheet), player=seat_player(sheet, "A"), user=people.umpire
        )
    assert not fresh(sheet).confirmations.exists()


def test_players_check_in_before_the_session_starts(unstarted, people):
    arrived = timezone.now() - datetime.timedelta(minutes=5)
    check_in = checkin_record(
        session=unstarted.session,
        player=seat_player(unstarted, "B"),
        arrived_at=arrived,
        user=people.umpire,
    )
    assert CheckIn.objects.get(pk=check_in.pk).arrived_at == arrived
    assert not Penalty.objects.exists()  # on time: the session has not started


def test_once_started_the_session_takes_hands(unstarted, people):
    session_start(session=unstarted.session, at=START, user=people.chief)
    assert win(unstarted, user=people.umpire).number == 1


def test_a_directors_correction_does_not_need_the_session_started(sheet, people):
    complete(sheet, people.umpire)
    for seat in sheet.seats.order_by("position"):
        sheet_confirm_player(table_session=sheet, player=seat.player, user=people.umpire)
    sheet_sign(table_session=sheet, user=people.umpire)
    Session.objects.filter(pk=sheet.session_id).update(actual_start=None)
    a, b = seat_player(sheet, "A"), seat_player(sheet, "B")
    correction_seats_swap(
        table_session=fresh(sheet), first="A", second="B", reason="Sat swapped", user=people.chief
    )
    assert (seat_player(sheet, "A"), seat_player(sheet, "B")) == (b, a)


# -- the time limit ---------------------------------------------------------------------------


def test_no_time_has_passed_before_the_start_or_before_the_limit(unstarted, people):
    session = unstarted.session
    assert time_limit_passed(session, LIMIT + datetime.timedelta(hours=1)) is None
    session = session_start(session=session, at=START, user=people.chief)
    assert time_limit_passed(session, START + datetime.timedelta(minutes=149)) is None
    assert time_limit_passed(session, LIMIT) is None
    assert time_warnings(session, LIMIT) == []


def test_after_the_limit_the_minutes_past_count_a_started_minute_as_one(sheet, people):
    session = session_start(session=sheet.session, at=START, user=people.chief)
    assert time_limit_passed(session, LIMIT + datetime.timedelta(seconds=1)) == 1
    assert time_limit_passed(session, LIMIT + datetime.timedelta(minutes=7)) == 7
    [warning] = time_warnings(session, LIMIT + datetime.timedelta(minutes=7))
    assert warning["code"] == TIME_LIMIT_PASSED and warning["minutes"] == 7
    assert warning["message"] == (
        "The time limit passed 7 minutes ago: the gong is the chief umpire's (rule 3.5.6)."
    )
    [one] = time_warnings(session, LIMIT + datetime.timedelta(seconds=30))
    assert one["message"].startswith("The time limit passed 1 minute ago:")


def test_the_limit_is_the_tournaments_session_length(sheet, people):
    Tournament.objects.filter(pk=sheet.session.tournament_id).update(session_minutes=90)
    session = session_start(
        session=Session.objects.select_related("tournament").get(pk=sheet.session_id),
        at=START,
        user=people.chief,
    )
    assert time_limit_passed(session, START + datetime.timedelta(minutes=95)) == 5


def test_once_the_session_ended_there_is_no_warning(sheet, people):
    session_start(session=sheet.session, at=START, user=people.chief)
    session = session_end(session=sheet.session, at=LIMIT, user=people.chief)
    assert time_limit_passed(session, LIMIT + datetime.timedelta(minutes=30)) is None


def test_a_hand_is_still_recorded_after_the_limit_until_the_chief_umpire_ends_it(
    sheet, people, monkeypatch
):
    session_start(session=sheet.session, at=START, user=people.chief)
    at(monkeypatch, LIMIT + datetime.timedelta(minutes=3))
    assert win(sheet, user=people.umpire).number == 1


def test_the_umpires_page_warns_once_the_time_limit_has_passed(sheet, people, client, monkeypatch):
    session_start(session=sheet.session, at=START, user=people.chief)
    client.force_login(people.umpire)
    at(monkeypatch, LIMIT - datetime.timedelta(minutes=1))
    assert 'id="time-limit-warning"' not in client.get(sheet_url(sheet)).content.decode()
    at(monkeypatch, LIMIT + datetime.timedelta(minutes=12))
    page = client.get(sheet_url(sheet)).content.decode()
    assert 'id="time-limit-warning"' in page
    assert "The time limit passed 12 minutes ago: the gong is the chief umpire&#x27;s" in page


def test_the_umpires_page_of_a_session_not_started_says_so_and_offers_no_hand_form(
    unstarted, people, client
):
    client.force_login(people.umpire)
    page = client.get(sheet_url(unstarted)).content.decode()
    assert 'id="session-not-started"' in page
    assert 'id="hand-form"' not in page and 'id="penalty-form"' not in page
    assert 'id="checkin-form"' in page  # arrivals are recorded before the start


# -- at most 150 minutes ----------------------------------------------------------------------


def _tournament_form(client, tournament, **changes):
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    form = client.get(change).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "tie_breaks"}
    data.update(changes)
    return change, data


def test_the_admin_refuses_a_session_longer_than_150_minutes(admin_client):
    tournament = TournamentFactory(session_minutes=120)
    change, data = _tournament_form(admin_client, tournament, session_minutes="151")
    response = admin_client.post(change, data)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "less than or equal to 150" in " ".join(errors["session_minutes"])
    assert Tournament.objects.get(pk=tournament.pk).session_minutes == 120
    change, data = _tournament_form(admin_client, tournament, session_minutes="150")
    assert admin_client.post(change, data).status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).session_minutes == 150


# -- sessions start in their order ------------------------------------------------------------


@pytest.fixture
def two_sessions(sheet):
    """Session 1 (the sheet's) and session 2 of the same tournament, neither started."""
    tournament = sheet.session.tournament
    players = [s.player for s in sheet.seats.order_by("position")]
    second = seated_table(tournament, session_number=2, players=players)
    Session.objects.filter(tournament=tournament).update(actual_start=None)
    return Session.objects.get(pk=sheet.session_id), second.session


def test_a_session_cannot_start_before_the_session_before_it(two_sessions, people):
    first, second = two_sessions
    session_start(session=first, at=START, user=people.chief)
    with pytest.raises(TournamentError, match="cannot start before the session before it") as e:
        session_start(session=second, at=START - datetime.timedelta(minutes=1), user=people.chief)
    assert e.value.code == "invalid"  # the time given contradicts the record: 400
    assert Session.objects.get(pk=second.pk).actual_start is None
    assert session_start(session=second, at=START, user=people.chief).actual_start == START


def test_a_session_cannot_be_moved_to_start_after_the_session_after_it(two_sessions, people):
    first, second = two_sessions
    session_start(session=first, at=START, user=people.chief)
    later = START + datetime.timedelta(hours=3)
    session_start(session=second, at=later, user=people.chief)
    with pytest.raises(TournamentError, match="cannot start after the session after it"):
        session_start(session=first, at=later + datetime.timedelta(minutes=1), user=people.chief)
    assert Session.objects.get(pk=first.pk).actual_start == START


def test_sessions_of_another_group_start_in_their_own_order(two_sessions, people):
    first, second = two_sessions
    Session.objects.filter(pk=second.pk).update(group="B")
    session_start(session=first, at=START, user=people.chief)
    early = START - datetime.timedelta(hours=1)
    second = Session.objects.get(pk=second.pk)
    assert session_start(session=second, at=early, user=people.chief).actual_start == early


# -- an end is recorded once; a correction changes it ----------------------------------------


@pytest.fixture
def ended(sheet, people):
    session_start(session=sheet.session, at=START, user=people.chief)
    win(sheet, user=people.umpire)
    return session_end(session=sheet.session, at=LIMIT, user=people.chief)


def test_the_end_of_a_session_that_ended_is_not_recorded_again(ended, people):
    with pytest.raises(TournamentError, match="already ended") as refused:
        session_end(session=ended, at=LIMIT + datetime.timedelta(minutes=5), user=people.chief)
    assert refused.value.code == "invalid_state"
    assert Session.objects.get(pk=ended.pk).actual_end == LIMIT


def test_the_chief_umpire_corrects_the_end_with_a_reason_kept_in_its_history(ended, people):
    corrected = LIMIT - datetime.timedelta(minutes=4)
    session_end_correct(
        session=ended, at=corrected, reason="The gong sounded at 12:26", user=people.chief
    )
    session = Session.objects.get(pk=ended.pk)
    assert session.actual_end == corrected
    last = session.history.order_by("-history_id").first()
    assert (last.history_change_reason, last.history_user) == (
        "The gong sounded at 12:26",
        people.chief,
    )
    assert last.prev_record.actual_end == LIMIT
    # The sheets the end closed stay closed.
    assert TableSession.objects.get(session=session).status == TableSession.Status.COMPLETE


def test_a_correction_of_the_end_needs_a_visible_reason(ended, people):
    for reason in ("", "   ", "\u200b"):
        with pytest.raises(TournamentError, match="Say why the end of the session is corrected"):
            session_end_correct(session=ended, at=LIMIT, reason=reason, user=people.chief)
    assert Session.objects.get(pk=ended.pk).history.count() == ended.history.count()


def test_a_correction_of_the_end_needs_the_time(ended, people):
    with pytest.raises(TournamentError, match="Give the time the session ended"):
        session_end_correct(session=ended, at=None, reason="Wrong time", user=people.chief)


def test_a_corrected_end_cannot_be_before_the_start(ended, people):
    early = START - datetime.timedelta(minutes=1)
    with pytest.raises(TournamentError, match="cannot end before it starts"):
        session_end_correct(session=ended, at=early, reason="Wrong time", user=people.chief)
    assert Session.objects.get(pk=ended.pk).actual_end == LIMIT


def test_only_a_session_that_ended_has_an_end_to_correct(sheet, people):
    session_start(session=sheet.session, at=START, user=people.chief)
    with pytest.raises(TournamentError, match="has not ended") as refused:
        session_end_correct(session=sheet.session, at=LIMIT, reason="Typo", user=people.chief)
    assert refused.value.code == "invalid_state"
    assert Session.objects.get(pk=sheet.session_id).actual_end is None


@pytest.mark.parametrize("who", ["umpire", "organiser", "committee", "player_user"])
def test_only_the_chief_umpire_corrects_the_end(ended, people, who):
    with pytest.raises(PermissionRefused):
        session_end_correct(session=ended, at=START, reason="Wrong time", user=getattr(people, who))
    assert Session.objects.get(pk=ended.pk).actual_end == LIMIT


def _end_action(client, session, **data):
    return client.post(
        reverse("admin:tournaments_session_changelist"),
        {"action": "action_end", ACTION_CHECKBOX_NAME: [session.pk], "apply": "1", **data},
        follow=True,
    )


def test_the_admins_end_action_with_a_reason_corrects_the_end(ended, people, client):
    client.force_login(people.chief)
    local = timezone.localtime(LIMIT - datetime.timedelta(minutes=10))
    response = _end_action(
        client, ended, at=local.strftime("%Y-%m-%d %H:%M"), reason="Ended at the gong, 12:20"
    )
    assert "its end is corrected" in response.content.decode()
    session = Session.objects.get(pk=ended.pk)
    assert session.actual_end == LIMIT - datetime.timedelta(minutes=10)
    assert session.history.first().history_change_reason == "Ended at the gong, 12:20"


def test_the_admins_end_action_without_a_reason_does_not_move_an_end(ended, people, client):
    client.force_login(people.chief)
    response = _end_action(client, ended, at="2026-05-01 13:00")
    assert "already ended" in response.content.decode()
    assert Session.objects.get(pk=ended.pk).actual_end == LIMIT
