"""Corrections: once the umpire signed, a sheet changes only by the chief umpire's correction,
with a written reason, the values before and after, and results recomputed."""

import pytest

from tests.tournaments.signoff_helpers import (
    REASON,
    complete,
    fresh,
    hand_one,
    seat_player,
    snapshot,
)
from tournaments.errors import TournamentError
from tournaments.models import Correction, Hand, HandScore, Penalty, SessionResult, TableSession
from tournaments.roles import PermissionRefused
from tournaments.services.corrections import (
    correction_hand_replace,
    correction_penalty_void,
    correction_seats_swap,
)
from tournaments.services.signoff import sheet_countersign

pytestmark = pytest.mark.django_db


def scores(sheet) -> dict[str, int]:
    return dict(SessionResult.objects.filter(table_session=sheet).values_list("position", "score"))


def results_by_player(sheet) -> dict[int, tuple]:
    return {
        r.player_id: (r.position, r.score, r.rank)
        for r in SessionResult.objects.filter(table_session=sheet)
    }


# -- replacing a hand ------------------------------------------------------------------------


def test_the_chief_umpire_replaces_a_hand_of_a_signed_sheet_keeping_before_and_after(
    locked, people
):
    assert scores(locked) == {"A": 32, "B": -26, "C": -8, "D": -8}
    correction = correction_hand_replace(
        hand=hand_one(locked),
        reason=REASON,
        winner="C",
        discarder="D",
        points=10,
        user=people.chief,
    )
    assert correction.kind == Correction.Kind.HAND and correction.made_by == people.chief
    assert correction.reason == REASON
    assert correction.before["winner"] == "A" and correction.before["points"] == 8
    assert correction.before["scores"] == {"A": 32, "B": -16, "C": -8, "D": -8}
    assert correction.after["winner"] == "C" and correction.after["points"] == 10
    assert correction.after["scores"] == {"A": -8, "B": -8, "C": 34, "D": -18}
    paid = dict(HandScore.objects.filter(hand=hand_one(locked)).values_list("position", "points"))
    assert paid == {"A": -8, "B": -8, "C": 34, "D": -18}
    assert scores(locked) == {"A": -8, "B": -18, "C": 34, "D": -18}
    ranks = dict(SessionResult.objects.filter(table_session=locked).values_list("position", "rank"))
    assert ranks["C"] == 1 and ranks["A"] == 2
    assert fresh(locked).status == TableSession.Status.SIGNED


def test_a_replaced_hand_records_the_reason_and_the_chief_umpire_in_its_history(locked, people):
    correction_hand_replace(
        hand=hand_one(locked), reason=REASON, winner="C", discarder="", points=8, user=people.chief
    )
    latest = hand_one(locked).history.latest()
    assert latest.history_type == "~"
    assert latest.history_change_reason == REASON
    assert latest.history_user == people.chief
    assert latest.winner_position == "C"


def test_the_results_history_shows_the_correction_and_its_reason(locked, people):
    correction_hand_replace(
        hand=hand_one(locked), reason=REASON, winner="C", discarder="", points=8, user=people.chief
    )
    result_c = SessionResult.objects.get(table_session=locked, position="C")
    latest = result_c.history.latest()
    assert latest.history_change_reason == REASON
    assert latest.score == result_c.score == 3 * (8 + 8)  # self-drawn
    assert result_c.history.earliest().score == -8


def test_a_hand_can_be_replaced_by_a_draw(locked, people):
    correction_hand_replace(
        hand=hand_one(locked), reason=REASON, outcome=Hand.Outcome.DRAW, user=people.chief
    )
    hand = hand_one(locked)
    assert (hand.outcome, hand.winner_position, hand.points) == ("draw", "", 0)
    assert scores(locked) == {"A": 0, "B": -10, "C": 0, "D": 0}


def test_a_correction_cannot_move_the_time_limit_stop(locked, people):
    stop = Hand.objects.get(table_session=locked, outcome=Hand.Outcome.TIME_LIMIT)
    before = snapshot(locked)
    with pytest.raises(TournamentError, match="time-limit stop ends the sheet"):
        correction_hand_replace(
            hand=stop, reason=REASON, winner="C", discarder="", points=8, user=people.chief
        )
    with pytest.raises(TournamentError, match="time-limit stop ends the sheet"):
        correction_hand_replace(
            hand=hand_one(locked), reason=REASON, outcome=Hand.Outcome.TIME_LIMIT, user=people.chief
        )
    assert snapshot(locked) == before
    assert not Correction.objects.exists()


def test_a_correction_cannot_make_a_player_with_a_dead_hand_the_winner_of_it(locked, people):
    Penalty.objects.create(
        table_session=locked,
        player=seat_player(locked, "C"),
        kind="dead_hand",
        dead_hand=True,
        hand_number=1,
        reason="dead",
    )
    with pytest.raises(TournamentError, match="dead hand in hand 1"):
        correction_hand_replace(
            hand=hand_one(locked),
            reason=REASON,
            winner="C",
            discarder="",
            points=8,
            user=people.chief,
        )
    assert hand_one(locked).winner_position == "A"


def test_an_invalid_replacement_hand_is_refused_and_nothing_changes(locked, people):
    before = snapshot(locked)
    with pytest.raises(TournamentError):
        correction_hand_replace(
            hand=hand_one(locked),
            reason=REASON,
            winner="C",
            discarder="C",
            points=8,
            user=people.chief,
        )
    assert snapshot(locked) == before
    assert not Correction.objects.exists()


# -- who may correct, and the reason ---------------------------------------------------------


def _replace(sheet, user, reason=REASON):
    return correction_hand_replace(
        hand=hand_one(sheet), reason=reason, winner="C", discarder="", points=8, user=user
    )


def _void(sheet, user, reason=REASON):
    return correction_penalty_void(
        penalty=Penalty.objects.get(table_session=sheet), reason=reason, user=user
    )


def _swap(sheet, user, reason=REASON):
    return correction_seats_swap(
        table_session=sheet, first="A", second="B", reason=reason, user=user
    )


CORRECTIONS = {"replace a hand": _replace, "void a penalty": _void, "swap seats": _swap}


@pytest.mark.parametrize("who", ["umpire", "other_umpire", "organiser", "committee"])
@pytest.mark.parametrize("correct", CORRECTIONS.values(), ids=CORRECTIONS.keys())
def test_only_the_chief_umpire_makes_corrections(locked, people, correct, who):
    before = snapshot(locked)
    with pytest.raises(PermissionRefused, match="Only the chief umpire makes corrections"):
        correct(locked, getattr(people, who))
    assert snapshot(locked) == before
    assert not Correction.objects.exists()


@pytest.mark.parametrize("reason", ["", "   \n "])
@pytest.mark.parametrize("correct", CORRECTIONS.values(), ids=CORRECTIONS.keys())
def test_a_correction_without_a_written_reason_is_refused(locked, people, correct, reason):
    before = snapshot(locked)
    with pytest.raises(TournamentError, match="needs a written reason"):
        correct(locked, people.chief, reason)
    assert snapshot(locked) == before
    assert not Correction.objects.exists()


def test_a_long_reason_is_kept_whole_on_the_correction_and_in_the_history(locked, people):
    reason = "The scorer misread the sheet.\n" * 10
    correction = _replace(locked, people.chief, reason)
    assert correction.reason == reason.strip()
    one_line = " ".join(reason.split())
    assert hand_one(locked).history.latest().history_change_reason == one_line
    result = SessionResult.objects.get(table_session=locked, position="C").history.latest()
    assert result.history_change_reason == one_line


def test_a_correction_changes_the_version_and_refuses_a_stale_one(locked, people):
    seen = fresh(locked).version
    _replace(locked, people.chief)
    assert fresh(locked).version > seen
    before = snapshot(locked)
    with pytest.raises(TournamentError, match="changed since you opened it"):
        correction_seats_swap(
            table_session=locked,
            first="A",
            second="B",
            reason=REASON,
            expected_version=seen,
            user=people.chief,
        )
    assert snapshot(locked) == before


def test_a_countersigned_sheet_is_corrected_too_and_stays_final(locked, people):
    sheet_countersign(table_session=locked, user=people.chief)
    _replace(locked, people.chief)
    assert fresh(locked).status == TableSession.Status.FINAL
    assert hand_one(locked).winner_position == "C"


# -- voiding a penalty -----------------------------------------------------------------------


def test_voiding_a_penalty_keeps_it_marked_void_and_restores_the_scores(locked, people):
    assert scores(locked)["B"] == -26
    correction = _void(locked, people.chief)
    penalty = Penalty.objects.get(table_session=locked)
    assert penalty.voided_at is not None
    assert (penalty.voided_by, penalty.void_reason) == (people.chief, REASON)
    assert scores(locked) == {"A": 32, "B": -16, "C": -8, "D": -8}
    assert correction.kind == Correction.Kind.PENALTY_VOID
    assert correction.before["deltas"] == {"B": -10}
    latest = penalty.history.latest()
    assert (latest.history_change_reason, latest.history_user) == (REASON, people.chief)


def test_a_void_penalty_cannot_be_voided_again(locked, people):
    _void(locked, people.chief)
    with pytest.raises(TournamentError, match="already void"):
        _void(locked, people.chief)
    assert Correction.objects.count() == 1


# -- swapping seats --------------------------------------------------------------------------


def test_swapping_seats_moves_the_players_and_each_hands_payment_follows_the_seat(locked, people):
    player_a, player_b = seat_player(locked, "A"), seat_player(locked, "B")
    correction = correction_seats_swap(
        table_session=locked, first="A", second="B", reason=REASON, user=people.chief
    )
    assert (seat_player(locked, "A"), seat_player(locked, "B")) == (player_b, player_a)
    assert correction.before == {"A": player_a.pk, "B": player_b.pk}
    assert correction.after == {"A": player_b.pk, "B": player_a.pk}
    paid = {s.position: (s.player_id, s.points) for s in hand_one(locked).scores.all()}
    assert paid["A"] == (player_b.pk, 32)  # the win was recorded at seat A
    assert paid["B"] == (player_a.pk, -16)
    results = results_by_player(locked)
    # The deduction follows the player it was given to (player B, who now sits at A).
    assert results[player_b.pk] == ("A", 32 - 10, 1)
    assert results[player_a.pk] == ("B", -16, 4)


def test_the_results_history_shows_the_swap_with_its_reason(locked, people):
    player_a = seat_player(locked, "A")
    correction_seats_swap(
        table_session=locked, first="A", second="B", reason=REASON, user=people.chief
    )
    latest = SessionResult.objects.get(player=player_a).history.latest()
    assert (latest.position, latest.history_change_reason) == ("B", REASON)


def test_a_penalty_follows_its_player_when_the_seats_are_swapped(locked, people):
    fined = seat_player(locked, "B")
    correction_seats_swap(
        table_session=locked, first="A", second="B", reason=REASON, user=people.chief
    )
    penalty = Penalty.objects.get(table_session=locked)
    assert penalty.player == fined
    assert penalty.deltas == {"A": -10}  # the fined player now sits at A
    latest = penalty.history.latest()
    assert (latest.history_change_reason, latest.history_user) == (REASON, people.chief)


def test_the_seats_history_has_no_stopgap_position(locked, people):
    correction_seats_swap(
        table_session=locked, first="A", second="B", reason=REASON, user=people.chief
    )
    for seat in locked.seats.filter(position__in=["A", "B"]):
        positions = [h.position for h in seat.history.order_by("history_date", "history_id")]
        assert "-" not in positions
        latest = seat.history.latest()
        assert (latest.history_change_reason, latest.history_user) == (REASON, people.chief)


@pytest.mark.parametrize("first, second", [("A", "A"), ("A", "E"), ("", "B")])
def test_a_swap_needs_two_different_seats_of_the_table(locked, people, first, second):
    before = snapshot(locked)
    with pytest.raises(TournamentError, match="two different seats"):
        correction_seats_swap(
            table_session=locked, first=first, second=second, reason=REASON, user=people.chief
        )
    assert snapshot(locked) == before


def test_a_complete_sheet_not_yet_signed_can_be_corrected_by_the_chief_umpire(sheet, people):
    complete(sheet, people.umpire)
    _swap(sheet, people.chief)
    assert Correction.objects.filter(table_session=sheet).count() == 1
