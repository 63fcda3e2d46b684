"""Fouls and penalties at the table (rule 3.11) and the Record of Fouls (Appendix 6)."""

import time

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone

from tests.tournaments.concurrency_helpers import errors_of, run_together
from tests.tournaments.factories import PlayerFactory, TeamFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import Penalty, SessionResult, TableSession, Tournament
from tournaments.models.play import SheetClosure
from tournaments.roles import ROLE_GROUPS, PermissionRefused, Role
from tournaments.selectors.fouls import record_of_fouls
from tournaments.services import penalties as penalty_services
from tournaments.services.hands import hand_record_win
from tournaments.services.penalties import (
    penalty_record,
    penalty_summary,
    penalty_void,
)
from tournaments.services.sheets import SheetChanged, SheetLocked

Kind = Penalty.Kind
Foul = Penalty.Foul


@pytest.fixture
def sheet(table_session):
    tournament = table_session.session.tournament
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.save()
    hand_record_win(table_session=table_session, winner="A", discarder="B", points=8)
    return table_session  # A +32, B -16, C -8, D -8


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, role: str | None = None):
        user = django_user_model.objects.create_user(username, is_staff=True)
        if role is not None:
            group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])
            user.groups.add(group)
        return user

    return make


def player_at(table_session, position):
    return table_session.seats.get(position=position).player


def scores(table_session) -> dict[str, int]:
    return dict(
        SessionResult.objects.filter(table_session=table_session).values_list("position", "score")
    )


def record(sheet, position, kind, **kwargs):
    kwargs.setdefault("reason", "Seen by the umpire")
    return penalty_record(
        table_session=sheet, player=player_at(sheet, position), kind=kind, **kwargs
    )


def version(sheet) -> int:
    return TableSession.objects.get(pk=sheet.pk).version


# --------------------------------------------------------------------------- each kind


def test_a_warning_costs_nothing(sheet):
    penalty = record(sheet, "C", Kind.WARNING)
    assert penalty.deltas == {} and penalty.amount == 0
    assert scores(sheet) == {"A": 32, "B": -16, "C": -8, "D": -8}


def test_a_deduction_goes_to_nobody(sheet):
    penalty = record(sheet, "C", Kind.DEDUCTION, amount=10)
    assert penalty.deltas == {"C": -10}
    assert scores(sheet) == {"A": 32, "B": -16, "C": -18, "D": -8}


@pytest.mark.parametrize("amount", [5, 10, 20, 30, 40, 50, 60])
def test_every_deduction_of_the_rule_scale_is_accepted(sheet, amount):
    assert record(sheet, "D", Kind.DEDUCTION, amount=amount).deltas == {"D": -amount}


@pytest.mark.parametrize("amount", [None, 0, 15, 61, -10])
def test_a_deduction_outside_the_rule_scale_is_refused_and_changes_nothing(sheet, amount):
    before = version(sheet)
    with pytest.raises(TournamentError):
        record(sheet, "C", Kind.DEDUCTION, amount=amount)
    assert not Penalty.objects.exists()
    assert version(sheet) == before


def test_a_false_hu_pays_ten_to_each_other_player_and_kills_the_hand(sheet):
    penalty = record(sheet, "D", Kind.FALSE_HU, hand_number=2)
    assert penalty.dead_hand and penalty.amount == 10
    assert scores(sheet) == {"A": 42, "B": -6, "C": 2, "D": -38}


def test_a_false_hu_on_an_invalid_claim_pays_twenty_to_each(sheet):
    penalty = record(sheet, "D", Kind.FALSE_HU, hand_number=2, invalid_claim=True)
    assert penalty.deltas == {"A": 20, "B": 20, "C": 20, "D": -60}
    assert penalty.invalid_claim and penalty.dead_hand


def test_a_false_hu_needs_the_hand_it_happened_in(sheet):
    with pytest.raises(TournamentError, match="number of the hand"):
        record(sheet, "D", Kind.FALSE_HU)


def test_the_player_with_a_false_hu_cannot_win_that_hand(sheet):
    record(sheet, "D", Kind.FALSE_HU, hand_number=2)
    with pytest.raises(TournamentError, match="dead hand"):
        hand_record_win(table_session=sheet, winner="D", discarder="A", points=8)
    hand_record_win(table_session=sheet, winner="C", discarder="D", points=8)


def test_exposing_the_hand_pays_thirty_to_each_other_player(sheet):
    penalty = record(sheet, "B", Kind.EXPOSED_HAND)
    assert penalty.deltas == {"A": 30, "B": -90, "C": 30, "D": 30}
    assert scores(sheet)["B"] == -106


def test_revealing_a_tile_pays_the_umpires_amount_to_that_player_only(sheet):
    penalty = record(sheet, "B", Kind.REVEALED_TILE, amount=25, victim=player_at(sheet, "D"))
    assert penalty.deltas == {"B": -25, "D": 25}
    assert scores(sheet) == {"A": 32, "B": -41, "C": -8, "D": 17}


@pytest.mark.parametrize("amount", [4, 61, None])
def test_revealing_a_tile_costs_five_to_sixty_points(sheet, amount):
    with pytest.raises(TournamentError):
        record(sheet, "B", Kind.REVEALED_TILE, amount=amount, victim=player_at(sheet, "D"))
    assert not Penalty.objects.exists()


def test_the_player_paid_for_a_revealed_tile_sits_at_the_table(sheet, tournament):
    stranger = PlayerFactory(tournament=tournament, registration_number=99)
    with pytest.raises(TournamentError, match="does not sit at this table"):
        record(sheet, "B", Kind.REVEALED_TILE, amount=10, victim=stranger)
    with pytest.raises(TournamentError, match="his own tile"):
        record(sheet, "B", Kind.REVEALED_TILE, amount=10, victim=player_at(sheet, "B"))
    with pytest.raises(TournamentError, match="Choose the player"):
        record(sheet, "B", Kind.REVEALED_TILE, amount=10)


def test_a_dead_hand_costs_no_points_but_the_right_to_win_the_hand(sheet):
    penalty = record(sheet, "A", Kind.DEAD_HAND, hand_number=2)
    assert penalty.dead_hand and penalty.deltas == {}
    assert scores(sheet) == {"A": 32, "B": -16, "C": -8, "D": -8}
    with pytest.raises(TournamentError, match="dead hand"):
        hand_record_win(table_session=sheet, winner="A", discarder="B", points=8)
    with pytest.raises(TournamentError, match="number of the hand"):
        record(sheet, "A", Kind.DEAD_HAND)


def test_a_dead_hand_in_a_hand_the_player_is_recorded_as_winning_is_refused(sheet):
    with pytest.raises(TournamentError, match="recorded as won by A"):
        record(sheet, "A", Kind.DEAD_HAND, hand_number=1)
    assert record(sheet, "B", Kind.DEAD_HAND, hand_number=1).hand_number == 1


def test_the_points_the_rules_fix_are_not_typed(sheet):
    for kind in (Kind.WARNING, Kind.FALSE_HU, Kind.EXPOSED_HAND):
        with pytest.raises(TournamentError, match="leave the amount empty"):
            record(sheet, "B", kind, amount=60, hand_number=2)
    with pytest.raises(TournamentError, match="leave the amount empty"):
        record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.LATE_PUNG, amount=60)
    assert not Penalty.objects.exists()


def test_late_arrival_is_refused_here_and_points_to_the_check_in(sheet):
    with pytest.raises(TournamentError, match="check-in"):
        record(sheet, "A", Kind.LATE_ARRIVAL)
    assert not Penalty.objects.exists()


def test_a_penalty_needs_a_reason_and_a_seated_player(sheet, tournament):
    with pytest.raises(TournamentError, match="Describe the foul"):
        record(sheet, "C", Kind.WARNING, reason=" ")
    with pytest.raises(TournamentError, match="under 300 characters"):
        record(sheet, "C", Kind.WARNING, reason="x" * 301)
    stranger = PlayerFactory(tournament=tournament, registration_number=99)
    with pytest.raises(TournamentError, match="does not sit at this table"):
        penalty_record(table_session=sheet, player=stranger, kind=Kind.WARNING, reason="Noise")


# --------------------------------------------------------------------------- hand numbers (bug 6)


@pytest.mark.parametrize("hand_number", [0, 17, -1, 100])
def test_a_hand_number_outside_one_to_sixteen_is_refused(sheet, hand_number):
    with pytest.raises(TournamentError, match="hands 1 to 16"):
        record(sheet, "C", Kind.WARNING, hand_number=hand_number)
    assert not Penalty.objects.exists()


def test_a_hand_number_after_the_next_hand_to_be_played_is_refused(sheet):
    with pytest.raises(TournamentError, match="Hand 3 has not been reached"):
        record(sheet, "C", Kind.DEAD_HAND, hand_number=3)
    assert record(sheet, "C", Kind.DEAD_HAND, hand_number=2).hand_number == 2


def test_every_penalty_bumps_the_sheet_version_and_a_stale_one_is_refused(sheet):
    seen = version(sheet)
    record(sheet, "C", Kind.WARNING, expected_version=seen)
    assert version(sheet) == seen + 1
    with pytest.raises(SheetChanged):
        record(sheet, "D", Kind.WARNING, expected_version=seen)
    assert Penalty.objects.count() == 1


# --------------------------------------------------------------------------- repeated fouls


def test_each_kind_of_repeated_foul_has_its_own_warning_then_five_ten_twenty(sheet):
    recorded = {foul: [] for foul in Foul.values}
    for _round in range(4):
        for foul in Foul.values:
            penalty = record(sheet, "B", Kind.REPEATED_FOUL, foul=foul)
            recorded[foul].append((penalty.occurrence, penalty.amount))
    for foul in Foul.values:
        assert recorded[foul] == [(1, 0), (2, 5), (3, 10), (4, 20)]
    # B pays 3 x (5 + 10 + 20) = 105 to each of the three others.
    assert scores(sheet) == {"A": 32 + 105, "B": -16 - 315, "C": -8 + 105, "D": -8 + 105}


def test_a_repeated_foul_must_say_which_foul(sheet):
    with pytest.raises(TournamentError, match="its own scale"):
        record(sheet, "B", Kind.REPEATED_FOUL)
    with pytest.raises(TournamentError, match="Only a repeated foul"):
        record(sheet, "B", Kind.WARNING, foul=Foul.LATE_PUNG)


def test_repeated_fouls_are_counted_per_player(sheet):
    record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.TOUCHED_WALL)
    record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.TOUCHED_WALL)
    other = record(sheet, "C", Kind.REPEATED_FOUL, foul=Foul.TOUCHED_WALL)
    assert (other.occurrence, other.amount) == (1, 0)


def test_repeated_fouls_start_again_in_the_next_session(sheet, tournament):
    players = [seat.player for seat in sheet.seats.order_by("position")]
    next_sheet = seated_table(tournament, session_number=2, players=players, started=True)
    record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.CHANGED_CLAIM)
    record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.CHANGED_CLAIM)
    again = record(next_sheet, "B", Kind.REPEATED_FOUL, foul=Foul.CHANGED_CLAIM)
    assert (again.occurrence, again.amount) == (1, 0)


def test_the_repeated_foul_scale_stops_at_its_ceiling(sheet):
    amounts = [
        record(sheet, "C", Kind.REPEATED_FOUL, foul=Foul.LATE_PUNG).amount for _ in range(10)
    ]
    assert amounts == [0, 5, 10, 20, 40, 80, 160, 320, 320, 320]
    assert Penalty.objects.last().deltas == {"A": 320, "B": 320, "C": -960, "D": 320}


def test_a_voided_repeated_foul_is_not_counted_and_later_ones_keep_their_occurrence(sheet):
    first = record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.LATE_PUNG)
    second = record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.LATE_PUNG)
    third = record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.LATE_PUNG)
    penalty_void(penalty=second, reason="Entered twice")
    third.refresh_from_db()
    assert (first.occurrence, third.occurrence, third.amount) == (1, 3, 10)
    fourth = record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.LATE_PUNG)
    assert (fourth.occurrence, fourth.amount) == (3, 10)


@pytest.mark.django_db(transaction=True)
def test_two_repeated_fouls_recorded_at_the_same_moment_are_counted_one_after_the_other(
    tournament, monkeypatch
):
    # Bug 6: both used to count the same earlier fouls and both recomputed the results at
    # once (an IntegrityError, a 500). The sheet lock makes the second wait for the first.
    sheet = seated_table(tournament, started=True)
    real_lock = penalty_services.sheet_lock

    def slow_lock(**kwargs):
        locked = real_lock(**kwargs)
        time.sleep(0.3)  # the other writer surely arrives while this one holds the lock
        return locked

    monkeypatch.setattr(penalty_services, "sheet_lock", slow_lock)
    offender = player_at(sheet, "B")

    def foul():
        return penalty_record(
            table_session=TableSession.objects.get(pk=sheet.pk),
            player=offender,
            kind=Kind.REPEATED_FOUL,
            foul=Foul.TOUCHED_WALL,
            reason="Touched the wall",
        )

    outcomes = run_together(foul, foul, foul)
    assert errors_of(outcomes) == []
    stored = Penalty.objects.order_by("occurrence")
    assert [(p.occurrence, p.amount) for p in stored] == [(1, 0), (2, 5), (3, 10)]
    assert scores(sheet) == {"A": 15, "B": -45, "C": 15, "D": 15}
    assert TableSession.objects.get(pk=sheet.pk).version == 3


# --------------------------------------------------------------------------- void


def test_a_voided_penalty_stays_on_the_record_and_its_points_are_given_back(sheet, make_user):
    chief = make_user("chief", Role.CHIEF_UMPIRE)
    penalty = record(sheet, "B", Kind.EXPOSED_HAND)
    assert scores(sheet)["B"] == -106
    penalty_void(penalty=penalty, reason="Wrong player", user=chief)
    penalty.refresh_from_db()
    assert penalty.voided and penalty.voided_by == chief and penalty.void_reason == "Wrong player"
    assert penalty.history.first().history_change_reason == "Wrong player"
    assert scores(sheet) == {"A": 32, "B": -16, "C": -8, "D": -8}
    assert Penalty.objects.filter(pk=penalty.pk).exists()


def test_a_penalty_is_voided_once_and_with_a_reason(sheet):
    penalty = record(sheet, "B", Kind.WARNING)
    with pytest.raises(TournamentError, match="Say why"):
        penalty_void(penalty=penalty, reason="  ")
    penalty_void(penalty=penalty, reason="Mistake")
    with pytest.raises(TournamentError, match="already voided"):
        penalty_void(penalty=penalty, reason="Again")


def test_a_long_void_reason_is_kept_whole_on_the_penalty_and_in_its_history(sheet):
    penalty = record(sheet, "B", Kind.WARNING)
    reason = "The umpire confused two players who sat next to each other " * 4
    penalty_void(penalty=penalty, reason=reason)
    penalty.refresh_from_db()
    assert penalty.void_reason == reason.strip()
    assert penalty.history.first().history_change_reason == reason.strip()


def test_a_late_arrival_is_not_voided_by_hand(sheet):
    penalty = Penalty.objects.create(
        table_session=sheet,
        player=player_at(sheet, "A"),
        kind=Kind.LATE_ARRIVAL,
        minutes_late=5,
        amount=10,
        deltas={"A": -10},
        reason="Late",
    )
    with pytest.raises(TournamentError, match="check-in time"):
        penalty_void(penalty=penalty, reason="Excused")
    penalty.refresh_from_db()
    assert not penalty.voided


# --------------------------------------------------------------------------- locks and roles


def sign(sheet):
    sheet.status = TableSession.Status.SIGNED
    sheet.closed_by = SheetClosure.ALL_HANDS
    sheet.umpire_signed_at = timezone.now()
    sheet.save()


def test_a_signed_sheet_refuses_a_penalty_and_a_void(sheet):
    penalty = record(sheet, "B", Kind.DEDUCTION, amount=5)
    sign(sheet)
    with pytest.raises(SheetLocked):
        record(sheet, "C", Kind.WARNING)
    with pytest.raises(SheetLocked):
        penalty_void(penalty=penalty, reason="Mistake")
    penalty.refresh_from_db()
    assert Penalty.objects.count() == 1 and not penalty.voided


def test_a_user_without_a_role_may_not_record_or_void_a_penalty(sheet, make_user):
    nobody = make_user("nobody")
    penalty = record(sheet, "B", Kind.WARNING)
    with pytest.raises(PermissionRefused):
        record(sheet, "C", Kind.WARNING, user=nobody)
    with pytest.raises(PermissionRefused):
        penalty_void(penalty=penalty, reason="Mistake", user=nobody)
    assert Penalty.objects.count() == 1


def test_only_the_umpire_of_this_table_or_the_chief_umpire_records_a_penalty(
    sheet, tournament, make_user
):
    mine, other = make_user("mine", Role.UMPIRE), make_user("other", Role.UMPIRE)
    other_sheet = seated_table(tournament, table_number=2, started=True)
    TableSession.objects.filter(pk=sheet.pk).update(umpire=mine)
    TableSession.objects.filter(pk=other_sheet.pk).update(umpire=other)
    with pytest.raises(PermissionRefused):
        record(sheet, "C", Kind.WARNING, user=other)
    with pytest.raises(PermissionRefused):
        record(sheet, "C", Kind.WARNING, user=make_user("organiser", Role.ORGANISER))
    assert record(sheet, "C", Kind.WARNING, user=mine).recorded_by == mine
    chief = make_user("chief", Role.CHIEF_UMPIRE)
    assert record(sheet, "D", Kind.WARNING, user=chief).recorded_by == chief


# --------------------------------------------------------------------------- texts and the record


def test_the_summary_gives_the_points_as_points_and_the_player_by_name(tournament):
    soren = PlayerFactory(
        tournament=tournament, name="Søren Nørgaard", lot_number=15, registration_number=15
    )
    others = [
        PlayerFactory(tournament=tournament, lot_number=n, registration_number=n) for n in (1, 2, 3)
    ]
    sheet = seated_table(tournament, players=[soren, *others], started=True)
    penalty = penalty_record(
        table_session=sheet, player=soren, kind=Kind.DEDUCTION, amount=10, reason="Noise"
    )
    assert penalty_summary(penalty) == "Points deducted (to nobody): 10 points — Søren Nørgaard"
    assert "15" not in penalty_summary(penalty)


def test_the_summary_of_each_kind_says_what_it_cost(sheet):
    victim = player_at(sheet, "D")
    texts = [
        penalty_summary(record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.LATE_PUNG)),
        penalty_summary(record(sheet, "B", Kind.REPEATED_FOUL, foul=Foul.LATE_PUNG)),
        penalty_summary(record(sheet, "C", Kind.FALSE_HU, hand_number=2, invalid_claim=True)),
        penalty_summary(record(sheet, "B", Kind.EXPOSED_HAND)),
        penalty_summary(record(sheet, "B", Kind.REVEALED_TILE, amount=12, victim=victim)),
        penalty_summary(record(sheet, "A", Kind.DEAD_HAND, hand_number=2)),
    ]
    assert texts[0].startswith("Repeated foul, Claimed a Pung late (3.11.6.5), time 1: warning")
    assert "time 2: 5 points to each other player" in texts[1]
    assert "20 points to each other player, dead hand in hand 2" in texts[2]
    assert texts[3].startswith("Exposed hand: 30 points to each other player")
    assert f"12 points to {victim.name}" in texts[4]
    assert texts[5].startswith("Dead hand in hand 2")


def test_the_record_of_fouls_has_every_column_of_appendix_six(sheet, make_user):
    umpire = make_user("ump", Role.CHIEF_UMPIRE)
    umpire.first_name, umpire.last_name = "Ana", "Ruiz"
    umpire.save()
    offender = player_at(sheet, "C")
    offender.team = TeamFactory(tournament=sheet.session.tournament, name="Dragons")
    offender.save()
    record(sheet, "C", Kind.WARNING, hand_number=2, remarks="Talked", user=umpire)
    voided = record(sheet, "B", Kind.DEDUCTION, amount=20)
    penalty_void(penalty=voided, reason="Wrong table")
    rows = record_of_fouls(tournament=sheet.session.tournament)
    assert [row.player for row in rows] == [offender.name, player_at(sheet, "B").name]
    row = rows[0]
    assert (row.team, row.player_number, row.session, row.table) == ("Dragons", 3, 1, 1)
    assert (row.round, row.position, row.seat_wind, row.hand) == ("East", "C", "South", 2)
    assert (row.nature, row.penalty, row.remarks, row.umpire) == (
        "Seen by the umpire",
        "Warning",
        "Talked",
        "Ana Ruiz",
    )
    assert not row.voided
    void_row = rows[1]
    assert void_row.voided and void_row.void_reason == "Wrong table"
    assert void_row.penalty == "Points deducted (to nobody): 20 points (void: Wrong table)"


def test_the_round_of_a_foul_follows_from_its_hand_number(sheet):
    for _number in range(2, 6):
        hand_record_win(table_session=sheet, winner="B", discarder="C", points=8)
    record(sheet, "D", Kind.WARNING, hand_number=5)
    record(sheet, "D", Kind.WARNING, hand_number=4)
    record(sheet, "D", Kind.WARNING)
    rows = record_of_fouls(tournament=sheet.session.tournament, table_session=sheet)
    assert [(row.hand, row.round) for row in rows] == [(5, "South"), (4, "East"), (None, "")]


def test_the_record_of_fouls_can_be_read_for_one_session(sheet, tournament):
    players = [seat.player for seat in sheet.seats.order_by("position")]
    next_sheet = seated_table(tournament, session_number=2, players=players, started=True)
    record(sheet, "A", Kind.WARNING)
    record(next_sheet, "A", Kind.WARNING)
    rows = record_of_fouls(tournament=tournament, session=next_sheet.session)
    assert [row.session for row in rows] == [2]
    assert len(record_of_fouls(tournament=tournament)) == 2
