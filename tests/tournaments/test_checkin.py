"""Check-in, late arrival from the check-in time (rule 3.11.2) and substitutes."""

import datetime

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone

from tests.tournaments.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import CheckIn, Penalty, Player, Seat, SessionResult, TableSession
from tournaments.models.play import SheetClosure
from tournaments.roles import ROLE_GROUPS, PermissionRefused, Role
from tournaments.selectors.fouls import record_of_fouls
from tournaments.services.checkin import (
    checkin_record,
    checkin_session_started,
    minutes_late,
    seat_replace_with_substitute,
)
from tournaments.services.hands import hand_record_win
from tournaments.services.sheets import SheetLocked
from tournaments.system_texts import system_text

START = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)


@pytest.fixture
def sheet(table_session):
    session = table_session.session
    session.actual_start = START
    session.save()
    return table_session


def points_only(sheet) -> None:
    tournament = sheet.session.tournament
    tournament.entry_mode = tournament.EntryMode.POINTS_ONLY
    tournament.save()


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, role: str | None = None):
        user = django_user_model.objects.create_user(username, is_staff=True)
        if role is not None:
            group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])
            user.groups.add(group)
        return user

    return make


def player_at(table_session, position) -> Player:
    return table_session.seats.get(position=position).player


def arrive(sheet, position, *, minutes=0, seconds=0, user=None) -> CheckIn:
    return checkin_record(
        session=sheet.session,
        player=player_at(sheet, position),
        arrived_at=START + datetime.timedelta(minutes=minutes, seconds=seconds),
        user=user,
    )


def late_penalties(sheet, *, voided=False):
    return list(
        Penalty.objects.filter(
            table_session=sheet, kind=Penalty.Kind.LATE_ARRIVAL, voided_at__isnull=not voided
        )
    )


# --------------------------------------------------------------------------- minutes late


@pytest.mark.parametrize(
    "after, minutes",
    [
        (datetime.timedelta(minutes=-5), 0),
        (datetime.timedelta(0), 0),
        (datetime.timedelta(seconds=1), 1),
        (datetime.timedelta(minutes=10), 10),
        (datetime.timedelta(minutes=10, seconds=1), 11),
        (datetime.timedelta(minutes=15, seconds=59), 16),
    ],
)
def test_a_started_minute_counts_as_a_whole_minute_late(after, minutes):
    assert minutes_late(actual_start=START, arrived_at=START + after) == minutes


def test_nobody_is_late_for_a_session_that_has_not_started():
    assert minutes_late(actual_start=None, arrived_at=START) == 0


# --------------------------------------------------------------------------- late arrival


def test_a_player_who_arrives_on_time_has_no_penalty(sheet):
    check_in = arrive(sheet, "A", minutes=-3)
    assert check_in.arrived_at == START - datetime.timedelta(minutes=3)
    arrive(sheet, "B")
    assert late_penalties(sheet) == []


@pytest.mark.parametrize(
    "minutes, seconds, points",
    [(1, 0, 10), (10, 0, 10), (10, 1, 20), (11, 0, 20), (15, 0, 20)],
)
def test_late_arrival_costs_ten_up_to_ten_minutes_and_twenty_up_to_fifteen(
    sheet, minutes, seconds, points
):
    arrive(sheet, "A", minutes=minutes, seconds=seconds)
    [penalty] = late_penalties(sheet)
    assert (penalty.amount, penalty.forfeited, penalty.deltas) == (points, False, {"A": -points})
    assert penalty.minutes_late == minutes + (1 if seconds else 0)
    assert "after the session started" in system_text(penalty.reason)


def test_late_points_are_taken_from_the_session_score_and_given_to_nobody(sheet):
    points_only(sheet)
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=8)
    arrive(sheet, "A", minutes=7)
    scores = dict(
        SessionResult.objects.filter(table_session=sheet).values_list("position", "score")
    )
    assert scores == {"A": 22, "B": -16, "C": -8, "D": -8}


@pytest.mark.parametrize("minutes, seconds", [(15, 1), (16, 0), (45, 0)])
def test_a_player_more_than_fifteen_minutes_late_loses_the_session(sheet, minutes, seconds):
    points_only(sheet)
    arrive(sheet, "C", minutes=minutes, seconds=seconds)
    [penalty] = late_penalties(sheet)
    assert penalty.forfeited and penalty.amount == 0 and penalty.deltas == {}
    with pytest.raises(TournamentError, match="lost this session"):
        hand_record_win(table_session=sheet, winner="C", discarder="B", points=8)


def test_a_changed_check_in_time_voids_the_old_penalty_and_records_the_new_one(sheet):
    arrive(sheet, "A", minutes=7)
    arrive(sheet, "A", minutes=12)
    [old] = late_penalties(sheet, voided=True)
    [new] = late_penalties(sheet)
    assert (old.amount, system_text(old.void_reason)) == (10, "Check-in time changed")
    assert (new.amount, new.minutes_late) == (20, 12)
    check_in = CheckIn.objects.get()
    assert check_in.arrived_at == START + datetime.timedelta(minutes=12)
    assert system_text(check_in.history.first().history_change_reason) == "Check-in time changed"
    arrive(sheet, "A", minutes=0)
    assert late_penalties(sheet) == [] and len(late_penalties(sheet, voided=True)) == 2


def test_the_same_check_in_time_again_changes_nothing(sheet):
    arrive(sheet, "A", minutes=7)
    version = TableSession.objects.get(pk=sheet.pk).version
    arrive(sheet, "A", minutes=7)
    assert len(late_penalties(sheet)) == 1 and not late_penalties(sheet, voided=True)
    assert CheckIn.objects.count() == 1
    assert TableSession.objects.get(pk=sheet.pk).version == version + 1


def test_a_check_in_before_the_session_starts_is_on_time_until_it_starts(table_session):
    session = table_session.session
    session.actual_start = None  # not started yet: players check in before the start
    session.scheduled_start = START  # as scheduled (an arrival is plausible from the day before)
    session.save()
    arrived = START + datetime.timedelta(minutes=12)
    checkin_record(session=session, player=player_at(table_session, "B"), arrived_at=arrived)
    assert late_penalties(table_session) == []
    session.actual_start = START
    session.save()
    assert checkin_session_started(session=session) == 1
    [penalty] = late_penalties(table_session)
    assert (penalty.minutes_late, penalty.amount) == (12, 20)


def test_changing_the_session_start_judges_every_check_in_again(sheet):
    arrive(sheet, "A", minutes=5)
    arrive(sheet, "B", minutes=-1)
    session = sheet.session
    session.actual_start = START - datetime.timedelta(minutes=10)
    session.save()
    checkin_session_started(session=session)
    current = {p.player_id: (p.minutes_late, p.amount) for p in late_penalties(sheet)}
    assert current == {player_at(sheet, "A").pk: (15, 20), player_at(sheet, "B").pk: (9, 10)}
    [voided] = late_penalties(sheet, voided=True)
    assert system_text(voided.void_reason) == "Session start changed"
    assert checkin_session_started(session=session) == 0


def test_a_check_in_needs_a_seat_in_that_session(sheet, tournament):
    stranger = PlayerFactory(tournament=tournament, registration_number=99)
    with pytest.raises(TournamentError, match="has no seat"):
        checkin_record(session=sheet.session, player=stranger, arrived_at=START)
    outsider = PlayerFactory(tournament=TournamentFactory(), registration_number=1)
    with pytest.raises(TournamentError, match="not registered in this tournament"):
        checkin_record(session=sheet.session, player=outsider, arrived_at=START)
    assert not CheckIn.objects.exists()


def test_a_signed_sheet_refuses_a_check_in(sheet):
    TableSession.objects.filter(pk=sheet.pk).update(
        status=TableSession.Status.SIGNED,
        closed_by=SheetClosure.ALL_HANDS,
        umpire_signed_at=timezone.now(),
    )
    with pytest.raises(SheetLocked):
        arrive(sheet, "A", minutes=5)
    assert not CheckIn.objects.exists() and not Penalty.objects.exists()


def test_the_late_arrival_is_on_the_record_of_fouls(sheet, make_user):
    organiser = make_user("org", Role.ORGANISER)
    arrive(sheet, "D", minutes=16, user=organiser)
    [row] = record_of_fouls(tournament=sheet.session.tournament)
    assert (row.position, row.umpire) == ("D", "org")
    assert row.penalty == "Late arrival, 16 minutes: the session is lost"


# --------------------------------------------------------------------------- who checks in


def test_the_umpire_of_the_table_the_chief_umpire_and_an_organiser_record_check_ins(
    sheet, make_user
):
    umpire = make_user("mine", Role.UMPIRE)
    TableSession.objects.filter(pk=sheet.pk).update(umpire=umpire)
    assert arrive(sheet, "A", user=umpire).recorded_by == umpire
    assert arrive(sheet, "B", user=make_user("chief", Role.CHIEF_UMPIRE)).player.pk
    assert arrive(sheet, "C", user=make_user("org", Role.ORGANISER)).player.pk
    assert CheckIn.objects.count() == 3


def test_an_umpire_of_another_table_or_a_user_without_a_role_may_not_check_in(
    sheet, tournament, make_user
):
    other = make_user("other", Role.UMPIRE)
    other_sheet = seated_table(tournament, table_number=2)
    TableSession.objects.filter(pk=other_sheet.pk).update(umpire=other)
    with pytest.raises(PermissionRefused):
        arrive(sheet, "A", minutes=5, user=other)
    with pytest.raises(PermissionRefused):
        arrive(sheet, "A", minutes=5, user=make_user("nobody"))
    with pytest.raises(PermissionRefused):
        arrive(sheet, "A", minutes=5, user=make_user("judge", Role.COMMITTEE))
    assert not CheckIn.objects.exists() and not Penalty.objects.exists()


def test_only_the_chief_umpire_judges_check_ins_again_at_the_start(sheet, make_user):
    with pytest.raises(PermissionRefused):
        checkin_session_started(session=sheet.session, user=make_user("org", Role.ORGANISER))
    assert (
        checkin_session_started(session=sheet.session, user=make_user("chief", Role.CHIEF_UMPIRE))
        == 0
    )


# --------------------------------------------------------------------------- substitutes


@pytest.fixture
def substitute(tournament):
    return PlayerFactory(
        tournament=tournament,
        name="Reserve",
        registration_number=50,
        status=Player.Status.SUBSTITUTE,
    )


def test_a_substitute_takes_the_seat_of_a_player_who_lost_the_session(sheet, substitute):
    late = player_at(sheet, "B")
    arrive(sheet, "B", minutes=20)
    seat = seat_replace_with_substitute(
        table_session=sheet, player=late, substitute=substitute, reason="B arrived 20 min late"
    )
    seat.refresh_from_db()
    assert (seat.player, seat.replaced_player, seat.position) == (substitute, late, "B")
    assert seat.history.first().history_change_reason == "B arrived 20 min late"
    assert TableSession.objects.get(pk=sheet.pk).version == 2


def test_the_substitute_plays_and_the_replaced_player_forfeits(sheet, substitute):
    points_only(sheet)
    late = player_at(sheet, "B")
    arrive(sheet, "B", minutes=20)
    seat_replace_with_substitute(
        table_session=sheet, player=late, substitute=substitute, reason="Late"
    )
    hand_record_win(table_session=sheet, winner="B", discarder="A", points=8)
    results = {r.player_id: r for r in SessionResult.objects.filter(table_session=sheet)}
    assert results[substitute.pk].score == 32 and not results[substitute.pk].forfeited
    assert results[late.pk].forfeited and results[late.pk].table_points_12 == 0


def test_a_player_who_did_not_lose_the_session_is_not_replaced(sheet, substitute):
    arrive(sheet, "B", minutes=12)
    with pytest.raises(TournamentError, match="has not lost this session"):
        seat_replace_with_substitute(
            table_session=sheet, player=player_at(sheet, "B"), substitute=substitute, reason="x"
        )
    assert Seat.objects.filter(player=substitute).count() == 0


def test_a_voided_forfeit_does_not_allow_a_substitute(sheet, substitute):
    arrive(sheet, "B", minutes=20)
    arrive(sheet, "B", minutes=2)
    with pytest.raises(TournamentError, match="has not lost this session"):
        seat_replace_with_substitute(
            table_session=sheet, player=player_at(sheet, "B"), substitute=substitute, reason="x"
        )


def test_only_a_registered_substitute_without_a_seat_in_the_session_replaces_a_player(
    sheet, tournament, substitute
):
    late = player_at(sheet, "B")
    arrive(sheet, "B", minutes=20)
    active = PlayerFactory(tournament=tournament, registration_number=60)
    elsewhere = PlayerFactory(
        tournament=TournamentFactory(), registration_number=1, status=Player.Status.SUBSTITUTE
    )
    for candidate in (active, elsewhere):
        with pytest.raises(TournamentError, match="not a registered substitute"):
            seat_replace_with_substitute(
                table_session=sheet, player=late, substitute=candidate, reason="Late"
            )
    seated_table(
        tournament,
        table_number=2,
        players=[substitute, *(PlayerFactory(tournament=tournament) for _i in range(3))],
    )
    with pytest.raises(TournamentError, match="already has a seat"):
        seat_replace_with_substitute(
            table_session=sheet, player=late, substitute=substitute, reason="Late"
        )
    assert Seat.objects.get(table_session=sheet, position="B").player == late


def test_a_substitution_needs_a_reason_and_the_umpire_of_the_table(
    sheet, tournament, substitute, make_user
):
    late = player_at(sheet, "B")
    arrive(sheet, "B", minutes=20)
    with pytest.raises(TournamentError, match="Say why"):
        seat_replace_with_substitute(
            table_session=sheet, player=late, substitute=substitute, reason=""
        )
    other = make_user("other", Role.UMPIRE)
    TableSession.objects.filter(pk=seated_table(tournament, table_number=2).pk).update(umpire=other)
    with pytest.raises(PermissionRefused):
        seat_replace_with_substitute(
            table_session=sheet, player=late, substitute=substitute, reason="Late", user=other
        )
    assert Seat.objects.get(table_session=sheet, position="B").player == late


def test_the_check_in_of_a_replaced_player_no_longer_changes(sheet, substitute):
    late = player_at(sheet, "B")
    arrive(sheet, "B", minutes=20)
    seat_replace_with_substitute(
        table_session=sheet, player=late, substitute=substitute, reason="x"
    )
    with pytest.raises(TournamentError, match="substitute took the seat"):
        checkin_record(session=sheet.session, player=late, arrived_at=START)
    session = sheet.session
    session.actual_start = START + datetime.timedelta(minutes=10)
    session.save()
    with pytest.raises(TournamentError, match="substitute took the seat"):
        checkin_session_started(session=session)
    assert late_penalties(sheet)[0].forfeited


def test_a_substitute_called_in_after_the_start_is_not_late(sheet, substitute):
    late = player_at(sheet, "B")
    arrive(sheet, "B", minutes=20)
    seat_replace_with_substitute(
        table_session=sheet, player=late, substitute=substitute, reason="x"
    )
    checkin_record(
        session=sheet.session, player=substitute, arrived_at=START + datetime.timedelta(minutes=25)
    )
    assert [p.player for p in late_penalties(sheet)] == [late]
    assert CheckIn.objects.filter(player=substitute).exists()
