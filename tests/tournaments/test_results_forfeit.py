"""A player who lost the session by arriving late (3.11.2) takes no table points and wins no
hand (bug 4); a dead hand loses the right to win that hand only (3.11.6.6, bug 5)."""

import pytest

from tests.tournaments.signoff_helpers import seat_player, snapshot, win
from tournaments.errors import TournamentError
from tournaments.models import Hand, Penalty, SessionResult, Tournament
from tournaments.services.penalties import penalty_record
from tournaments.services.results import table_session_recompute

pytestmark = pytest.mark.django_db


def forfeit(sheet, position: str) -> Penalty:
    penalty = Penalty.objects.create(
        table_session=sheet,
        player=seat_player(sheet, position),
        kind="late",
        forfeited=True,
        minutes_late=20,
        reason="late",
    )
    table_session_recompute(table_session=sheet)
    return penalty


def dead_hand(sheet, position: str, number: int) -> Penalty:
    return Penalty.objects.create(
        table_session=sheet,
        player=seat_player(sheet, position),
        kind="dead_hand",
        dead_hand=True,
        hand_number=number,
        reason="dead hand",
    )


def lines(sheet) -> dict[str, tuple]:
    """position: (score, rank, table points in twelfths, forfeited)"""
    return {
        r.position: (r.score, r.rank, r.table_points_12, r.forfeited)
        for r in SessionResult.objects.filter(table_session=sheet)
    }


def tie_at_the_bottom(sheet) -> None:
    """A +16, B +16, C -16, D -16."""
    win(sheet, winner="A", discarder="B", points=8)
    win(sheet, winner="B", discarder="A", points=8)


# -- table points (bug 4) --------------------------------------------------------------------


@pytest.mark.parametrize("tie_rule", Tournament.TieRule.values)
def test_a_forfeited_player_gets_no_table_points_and_ranks_fourth_even_when_tied_at_the_bottom(
    sheet, people, tie_rule
):
    tournament = sheet.session.tournament
    tournament.tie_rule = tie_rule
    tournament.save(update_fields=["tie_rule"])
    tie_at_the_bottom(sheet)
    tied = lines(sheet)
    assert tied["C"][:2] == tied["D"][:2] == (-16, 3)  # tied at the bottom before the forfeit
    assert tied["C"][2] == tied["D"][2] > 0
    forfeit(sheet, "D")
    result = lines(sheet)
    assert result["D"] == (0, 4, 0, True), "a lost session is the fixed result (3.11.2)"
    assert result["C"] == (-16, 3, 12, False)  # third place alone: 1 table point
    assert result["A"][:2] == result["B"][:2] == (16, 1)


def test_a_forfeited_player_with_the_best_score_still_gets_no_table_points(sheet, people):
    Penalty.objects.create(
        table_session=sheet,
        player=seat_player(sheet, "A"),
        kind="exposed_hand",
        amount=30,
        reason="exposed",
        deltas={"A": -90, "B": 30, "C": 30, "D": 30},
    )
    forfeit(sheet, "D")
    result = lines(sheet)
    assert result["D"] == (0, 4, 0, True)
    assert result["B"][1:3] == result["C"][1:3] == (1, 36)  # 1st and 2nd shared: 3 each
    assert result["A"][1:3] == (3, 12)


def test_two_forfeited_players_both_get_no_table_points(sheet, people):
    win(sheet, winner="A", discarder="B", points=8)
    forfeit(sheet, "C")
    forfeit(sheet, "D")
    result = lines(sheet)
    assert result["C"][2:] == result["D"][2:] == (0, True)
    assert result["C"][1] >= 3 and result["D"][1] >= 3
    assert result["A"][1:3] == (1, 48) and result["B"][1:3] == (2, 24)


def test_a_voided_forfeit_gives_the_table_points_back(sheet, people):
    from django.utils import timezone

    tie_at_the_bottom(sheet)
    penalty = forfeit(sheet, "D")
    penalty.voided_at, penalty.void_reason = timezone.now(), "He was on time."
    penalty.save()
    table_session_recompute(table_session=sheet)
    result = lines(sheet)
    assert result["D"][3] is False
    assert result["C"][2] == result["D"][2] == 6  # tied third again: half a point each


# -- winning hands ---------------------------------------------------------------------------


def test_a_forfeited_player_cannot_be_entered_as_the_winner_of_a_hand(sheet, people):
    win(sheet, winner="A", discarder="B", points=8)
    forfeit(sheet, "D")
    before = snapshot(sheet)
    for discarder in ("A", ""):
        with pytest.raises(TournamentError, match="lost this session by arriving late"):
            win(sheet, winner="D", discarder=discarder, points=8, user=people.umpire)
    assert snapshot(sheet) == before
    assert win(sheet, winner="C", discarder="D", points=8, user=people.umpire).number == 2


def test_a_dead_hand_refuses_the_player_as_the_winner_of_that_hand_only(sheet, people):
    dead_hand(sheet, "B", 2)
    assert win(sheet, winner="B", discarder="A", user=people.umpire).number == 1
    before = snapshot(sheet)
    with pytest.raises(TournamentError, match="dead hand in hand 2"):
        win(sheet, winner="B", discarder="A", user=people.umpire)
    assert snapshot(sheet) == before
    assert win(sheet, winner="C", discarder="B", user=people.umpire).number == 2
    assert win(sheet, winner="B", discarder="", user=people.umpire).number == 3


def test_after_a_false_hu_the_same_player_cannot_win_that_hand(sheet, people):
    penalty_record(
        table_session=sheet,
        player=seat_player(sheet, "C"),
        kind="false_hu",
        hand_number=1,
        reason="declared Hu on a wrong hand",
        user=people.umpire,
    )
    with pytest.raises(TournamentError, match="dead hand in hand 1"):
        win(sheet, winner="C", discarder="A", user=people.umpire)
    assert not Hand.objects.filter(table_session=sheet).exists()
    assert win(sheet, winner="A", discarder="C", user=people.umpire).number == 1
    assert win(sheet, winner="C", discarder="A", user=people.umpire).number == 2


def test_a_voided_dead_hand_gives_the_right_to_win_back(sheet, people):
    from django.utils import timezone

    penalty = dead_hand(sheet, "B", 1)
    penalty.voided_at, penalty.void_reason = timezone.now(), "wrong player"
    penalty.save()
    assert win(sheet, winner="B", discarder="A", user=people.umpire).winner_position == "B"
