import pytest

from tournaments.errors import TournamentError
from tournaments.models import Penalty, SessionResult, Tournament
from tournaments.services.hands import hand_record_win
from tournaments.services.penalties import penalty_record


@pytest.fixture
def sheet(table_session):
    tournament = table_session.session.tournament
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.save()
    hand_record_win(table_session=table_session, winner="A", discarder="B", points=8)
    return table_session  # A +32, B -16, C -8, D -8


def player_at(table_session, position):
    return table_session.seats.get(position=position).player


def scores(table_session) -> dict[str, int]:
    return dict(
        SessionResult.objects.filter(table_session=table_session).values_list("position", "score")
    )


def test_a_deduction_goes_to_nobody(sheet):
    penalty_record(
        table_session=sheet,
        player=player_at(sheet, "C"),
        kind=Penalty.Kind.DEDUCTION,
        amount=10,
        reason="Touched the wall early",
    )
    assert scores(sheet) == {"A": 32, "B": -16, "C": -18, "D": -8}


def test_a_false_hu_pays_ten_to_each_other_player(sheet):
    penalty_record(
        table_session=sheet,
        player=player_at(sheet, "D"),
        kind=Penalty.Kind.FALSE_HU,
        reason="Hu declared with 6 points",
    )
    assert scores(sheet) == {"A": 42, "B": -6, "C": 2, "D": -38}


def test_repeated_fouls_escalate_from_a_warning(sheet):
    offender = player_at(sheet, "B")
    for _ in range(3):
        penalty_record(
            table_session=sheet,
            player=offender,
            kind=Penalty.Kind.REPEATED_FOUL,
            reason="Changed his mind about a claim",
        )
    # Warning, then 5 to each, then 10 to each: B pays 45 in all.
    assert scores(sheet) == {"A": 47, "B": -61, "C": 7, "D": 7}


def test_late_arrival_costs_ten_points_up_to_ten_minutes(sheet):
    penalty_record(
        table_session=sheet,
        player=player_at(sheet, "A"),
        kind=Penalty.Kind.LATE_ARRIVAL,
        minutes_late=7,
        reason="Late",
    )
    assert scores(sheet)["A"] == 22


def test_a_player_over_fifteen_minutes_late_loses_the_session(sheet):
    penalty_record(
        table_session=sheet,
        player=player_at(sheet, "A"),
        kind=Penalty.Kind.LATE_ARRIVAL,
        minutes_late=16,
        reason="Late",
    )
    ranks = dict(
        SessionResult.objects.filter(table_session=sheet).values_list("position", "table_points_12")
    )
    assert ranks["A"] == 0 and ranks["B"] == 12


def test_a_deduction_outside_the_rule_scale_is_refused(sheet):
    with pytest.raises(TournamentError):
        penalty_record(
            table_session=sheet,
            player=player_at(sheet, "C"),
            kind=Penalty.Kind.DEDUCTION,
            amount=15,
            reason="Foul",
        )
    assert not Penalty.objects.exists()


def test_a_penalty_needs_a_reason_and_a_seated_player(sheet, tournament):
    with pytest.raises(TournamentError, match="Describe the foul"):
        penalty_record(
            table_session=sheet, player=player_at(sheet, "C"), kind=Penalty.Kind.WARNING, reason=" "
        )
    from tests.tournaments.factories import PlayerFactory

    stranger = PlayerFactory(tournament=tournament, registration_number=99)
    with pytest.raises(TournamentError, match="does not sit at this table"):
        penalty_record(
            table_session=sheet, player=stranger, kind=Penalty.Kind.WARNING, reason="Noise"
        )
