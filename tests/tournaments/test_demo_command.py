from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.shared_rows import built_once
from tournaments.demo.users import DEMO_LOGINS
from tournaments.models import (
    Appeal,
    CheckIn,
    Correction,
    Hand,
    Penalty,
    Player,
    SessionResult,
    TableSession,
    Tournament,
)
from tournaments.roles import ROLE_GROUPS
from tournaments.selectors.standings import standings_compute

# A small seating budget: the demo's chart quality is not what these tests are about.
FAST = ("--time-limit", "1")


def run_demo(capsys, *args: str) -> list[str]:
    call_command("demo", *args, *FAST)
    return capsys.readouterr().out.strip().splitlines()


@pytest.mark.slow  # builds whole demo tournaments
@pytest.mark.django_db
def test_the_demo_builds_a_whole_tournament_and_prints_its_slug_last(capsys):
    lines = run_demo(capsys, "--players", "18", "--sessions", "6", "--seed", "3")
    tournament = Tournament.objects.get(slug=lines[-1])
    assert tournament.players.filter(status=Player.Status.ACTIVE).count() == 17
    assert tournament.players.filter(status=Player.Status.DISQUALIFIED).count() == 1
    # Two fill the bye seats; the reserve takes the seat of a no-show in session 2.
    assert tournament.players.filter(status=Player.Status.SUBSTITUTE).count() == 3
    assert tournament.sessions.count() == 6
    # Every table of every session has a result for its four players, and the no-show his.
    assert SessionResult.objects.filter(session__tournament=tournament).count() == 6 * 20 + 1
    wins = Hand.objects.filter(
        table_session__session__tournament=tournament, outcome=Hand.Outcome.WIN
    )
    assert wins.count() > 100
    assert all(hand.points >= 8 for hand in wins)
    # The umpires entered tiles, scored fan by fan; session 3 was keyed from paper (points).
    assert all(hand.fans for hand in wins.exclude(table_session__session__number=3))
    assert not any(hand.fans for hand in wins.filter(table_session__session__number=3))
    rows = standings_compute(tournament=tournament).players
    assert len(rows) == 18 and rows[0].rank == 1


@pytest.mark.slow  # builds whole demo tournaments
@pytest.mark.django_db
def test_the_demo_is_deterministic_for_a_seed(capsys):
    first = run_demo(capsys, "--players", "8", "--sessions", "6", "--seed", "5", "--slug", "a")
    second = run_demo(capsys, "--players", "8", "--sessions", "6", "--seed", "5", "--slug", "b")
    summary = [line for line in first if line.startswith("Demo tournament:")]
    assert summary and summary == [line for line in second if line.startswith("Demo tournament:")]

    def scores(slug):
        return list(
            SessionResult.objects.filter(session__tournament__slug=slug)
            .order_by("session__number", "player__lot_number")
            .values_list("player__lot_number", "score")
        )

    assert scores("a") == scores("b")


@pytest.mark.slow  # builds whole demo tournaments
@pytest.mark.django_db
def test_the_demo_refuses_to_overwrite_an_existing_tournament(capsys):
    run_demo(capsys, "--players", "8", "--sessions", "6", "--slug", "same")
    with pytest.raises(CommandError, match="use --replace or --if-missing"):
        call_command("demo", "--players", "8", "--sessions", "6", "--slug", "same")
    assert (
        run_demo(capsys, "--players", "8", "--sessions", "6", "--slug", "same", "--if-missing")[-1]
        == "same"
    )


@pytest.mark.django_db
def test_the_demo_refuses_fewer_than_six_sessions():
    with pytest.raises(CommandError, match="at least six sessions"):
        call_command("demo", "--players", "8", "--sessions", "4")


@pytest.mark.slow  # builds whole demo tournaments
@pytest.mark.django_db
def test_the_demo_replaces_a_played_tournament_when_asked(capsys):
    run_demo(capsys, "--players", "8", "--sessions", "6", "--slug", "again")
    first = Tournament.objects.get(slug="again").pk
    assert (
        run_demo(capsys, "--players", "8", "--sessions", "6", "--slug", "again", "--replace")[-1]
        == "again"
    )
    assert Tournament.objects.get(slug="again").pk != first
    assert not Player.objects.filter(tournament_id=first).exists()


def build_demo() -> int:
    call_command(
        "demo", "--players", "8", "--sessions", "6", "--seed", "2", *FAST, stdout=StringIO()
    )
    return Tournament.objects.get(slug="demo-8p-6s-2").pk


@pytest.fixture(scope="module")
def demo_pk(django_db_setup, django_db_blocker):
    """One demo of 8 players, built once for the tests of what it exercises (they only read
    it), rolled back after the module's last test (tests/shared_rows.py)."""
    yield from built_once(django_db_blocker, build_demo)


@pytest.fixture
def demo(demo_pk, db):
    return Tournament.objects.get(pk=demo_pk)


@pytest.mark.django_db
def test_the_demo_signs_every_sheet_and_countersigns_all_but_the_last_session(demo):
    sheets = TableSession.objects.filter(session__tournament=demo)
    last = demo.sessions.order_by("-number").first()
    assert not sheets.exclude(status__in=["signed", "final"]).exists()
    assert set(sheets.filter(session=last).values_list("status", flat=True)) == {"signed"}
    assert set(sheets.exclude(session=last).values_list("status", flat=True)) == {"final"}
    assert all(sheet.confirmations.count() == 4 for sheet in sheets)
    assert sheets.filter(umpire__username="umpire1").exists()


@pytest.mark.django_db
def test_the_demo_records_every_kind_of_foul_and_one_late_arrival(demo):
    penalties = Penalty.objects.filter(table_session__session__tournament=demo)
    assert set(Penalty.Kind.values) <= set(penalties.values_list("kind", flat=True))
    repeats = penalties.filter(foul="changed_claim").order_by("occurrence")
    assert list(repeats.values_list("occurrence", "amount")) == [(1, 0), (2, 5), (3, 10)]
    late = penalties.get(kind=Penalty.Kind.LATE_ARRIVAL, minutes_late__isnull=False)
    assert (late.minutes_late, late.deltas) == (
        7,
        {late.table_session.seats.get(player=late.player).position: -10},
    )
    assert CheckIn.objects.filter(session__tournament=demo).count() == 6 * 8


@pytest.mark.django_db
def test_the_demo_has_a_correction_an_upheld_and_a_rejected_appeal(demo):
    correction = Correction.objects.get(
        table_session__session__tournament=demo, kind=Correction.Kind.PENALTY_VOID
    )
    assert correction.reason and correction.made_by.username == "chief"
    appeals = Appeal.objects.filter(session__tournament=demo, subject="penalty")
    assert sorted(appeals.values_list("status", "fee_status")) == [
        ("rejected", "forfeited"),
        ("upheld", "returned"),
    ]
    assert appeals.get(status="upheld").correction == correction
    assert correction.appeal == appeals.get(status="upheld"), "the correction names it too"
    assert appeals.get(status="upheld").ruled_by.username == "committee"
    voided = Penalty.objects.get(pk=correction.before["penalty"])
    assert voided.voided_at is not None
    assert voided.history.first().history_user.username == "chief"


@pytest.mark.django_db
def test_the_demo_lifts_a_disqualification_on_an_upheld_appeal(demo):
    from tournaments.models import Sanction

    lifted, kept = Sanction.objects.filter(player__tournament=demo).order_by("decided_at", "pk")
    assert (lifted.kind, lifted.voided, kept.kind, kept.voided) == (
        "disqualification",
        True,
        "disqualification",
        False,
    )
    assert lifted.void_appeal.status == "upheld" and lifted.void_appeal.player == lifted.player
    assert lifted.voided_by.username == "chief" and lifted.void_reason
    assert lifted.player.status == Player.Status.ACTIVE
    assert kept.player.status == Player.Status.DISQUALIFIED


@pytest.mark.django_db
def test_the_demo_hands_are_attributed_to_the_umpire_of_their_table(demo):
    hand = Hand.objects.filter(table_session__session__tournament=demo).first()
    assert hand.history.first().history_user == hand.table_session.umpire


@pytest.mark.django_db
def test_demo_admin_prints_a_password_for_a_login_of_each_role(demo, capsys):
    call_command("demo_admin")
    out = capsys.readouterr().out
    from django.contrib.auth import get_user_model

    for login, role in DEMO_LOGINS.items():
        line = next(line for line in out.splitlines() if f" {login} " in line)
        password = line.split()[-1]
        user = get_user_model().objects.get(username=login)
        assert user.check_password(password)
        assert user.groups.filter(name=ROLE_GROUPS[role]).exists()
    assert Player.objects.get(tournament=demo, user__username="player")
    assert demo.teams.filter(captain__user__username="captain").exists()


@pytest.mark.django_db
def test_the_demo_has_a_no_show_whose_seat_the_reserve_plays(demo):
    absent = CheckIn.objects.get(session__tournament=demo, absent=True)
    assert absent.session.number == 2 and absent.arrived_at is None
    seat = absent.session.seats.get(replaced_player=absent.player)
    assert seat.player.name == "Reserve Lee"
    lost = SessionResult.objects.get(session=absent.session, player=absent.player)
    assert (lost.forfeited, lost.table_points_12, lost.score) == (True, 0, 0)


@pytest.mark.django_db
def test_the_demo_corrects_signed_sheets_by_adding_a_penalty_and_removing_a_hand(demo):
    kinds = set(
        Correction.objects.filter(table_session__session__tournament=demo).values_list(
            "kind", flat=True
        )
    )
    assert {Correction.Kind.PENALTY, Correction.Kind.HAND_REMOVED} <= kinds


@pytest.mark.django_db
def test_the_demo_has_a_disqualified_player_unranked_and_without_a_certificate(demo):
    from reports.data.certificates import certificates_data

    disqualified = demo.players.get(status=Player.Status.DISQUALIFIED)
    rows = standings_compute(tournament=demo).players
    assert rows[-1].player_id == disqualified.pk and rows[-1].rank is None
    assert disqualified.name not in {c["name"] for c in certificates_data(tournament=demo)}


@pytest.mark.django_db
def test_the_demo_command_builds_the_final_stage_demo_beside_it(demo):
    from tournaments.models import CutOffDecision

    final = Tournament.objects.get(slug=f"{demo.slug}-final")
    assert CutOffDecision.objects.filter(tournament=final, method="lot").exists()


@pytest.mark.django_db
def test_the_demos_fouls_confirmations_and_appeals_carry_times_within_their_session(demo):
    """The demo plays its days as scheduled, whatever day it is built: every foul, every
    player's confirmation and every step of an appeal is timed between its session's start
    and the end of the half hour after it (the appeals' window, 3.12.2)."""
    import datetime

    from tournaments.models import SheetConfirmation

    def within(session, moment) -> bool:
        return session.actual_start <= moment <= session.actual_end + datetime.timedelta(minutes=30)

    penalties = Penalty.objects.filter(table_session__session__tournament=demo)
    assert penalties.exists()
    for penalty in penalties.select_related("table_session__session"):
        assert within(penalty.table_session.session, penalty.recorded_at), penalty
    confirmations = SheetConfirmation.objects.filter(table_session__session__tournament=demo)
    for confirmation in confirmations.select_related("table_session__session"):
        assert within(confirmation.table_session.session, confirmation.confirmed_at)
    appeals = Appeal.objects.filter(session__tournament=demo).select_related("session")
    assert appeals.count() == 3
    for appeal in appeals:
        moments = [appeal.filed_at, appeal.ruled_at]
        moments += [record.history_date for record in appeal.history.all()]
        assert all(within(appeal.session, moment) for moment in moments), moments
