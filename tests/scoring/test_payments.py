"""Payments, penalties and session table points (rules 3.9 and 3.11)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.payments import (
    DEDUCTION_AMOUNTS,
    REPEATED_FOUL_CEILING,
    TIE_RULES,
    PaymentError,
    deduction,
    draw_payments,
    exposed_hand_payments,
    false_hu_payments,
    hand_payments,
    late_arrival_penalty,
    repeated_foul_amount,
    repeated_foul_payments,
    revealed_tile_payments,
    session_result,
    time_limit_payments,
)

# --------------------------------------------------------------------------- hands


def test_a_self_drawn_win_is_paid_eight_plus_points_by_each_other_player():
    assert hand_payments(points=10, winner=0, discarder=None) == (54, -18, -18, -18)


def test_a_self_drawn_win_by_another_seat_credits_that_seat():
    assert hand_payments(points=8, winner=2, discarder=None) == (-16, -16, 48, -16)


def test_a_win_on_a_discard_is_paid_in_full_by_the_discarder_and_eight_by_the_others():
    assert hand_payments(points=10, winner=1, discarder=3) == (-8, 34, -8, -18)


def test_flowers_included_in_points_are_paid_like_any_other_point():
    # an 8-point hand with 3 flowers: 11 points for payment (fan 81, rule 3.9.1)
    assert hand_payments(points=8 + 3, winner=0, discarder=1) == (35, -19, -8, -8)


def test_a_hand_below_the_minimum_is_not_refused_by_the_payment_arithmetic():
    assert hand_payments(points=0, winner=0, discarder=None) == (24, -8, -8, -8)


@given(
    points=st.integers(min_value=0, max_value=400),
    winner=st.integers(min_value=0, max_value=3),
    discarder=st.one_of(st.none(), st.integers(min_value=0, max_value=3)),
)
def test_hand_payments_always_sum_to_zero_and_only_the_winner_gains(points, winner, discarder):
    if discarder == winner:
        discarder = None
    deltas = hand_payments(points=points, winner=winner, discarder=discarder)
    assert sum(deltas) == 0
    assert all(d < 0 for seat, d in enumerate(deltas) if seat != winner)
    assert deltas[winner] == 3 * 8 + (3 if discarder is None else 1) * points


def test_a_drawn_hand_and_a_hand_cut_by_the_time_limit_score_nothing():
    assert draw_payments() == (0, 0, 0, 0)
    assert time_limit_payments() == (0, 0, 0, 0)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"points": 8, "winner": 4, "discarder": None}, "winner must be a seat index 0..3"),
        ({"points": 8, "winner": -1, "discarder": None}, "winner must be a seat index"),
        ({"points": 8, "winner": 0, "discarder": 0}, "cannot also be the discarder"),
        ({"points": 8, "winner": 0, "discarder": 7}, "discarder must be a seat index"),
        ({"points": -1, "winner": 0, "discarder": None}, "points must be 0 or more"),
        ({"points": 8.5, "winner": 0, "discarder": None}, "points must be a whole number"),
        ({"points": True, "winner": 0, "discarder": None}, "points must be a whole number"),
        ({"points": 8, "winner": "0", "discarder": None}, "winner must be a whole number"),
    ],
)
def test_bad_hand_payment_input_raises_a_payment_error_with_a_clear_message(kwargs, message):
    with pytest.raises(PaymentError, match=message):
        hand_payments(**kwargs)


def test_payment_errors_are_value_errors():
    assert issubclass(PaymentError, ValueError)


# --------------------------------------------------------------------------- penalties


def test_a_false_hu_under_eight_points_pays_ten_to_each_other_player():
    penalty = false_hu_payments(offender=1, invalid_claim=False)
    assert penalty.deltas == (10, -30, 10, 10)
    assert penalty.rule == "3.11.6.6"


def test_a_false_hu_with_an_invalid_hand_on_a_discard_pays_twenty_to_each_other_player():
    assert false_hu_payments(offender=3, invalid_claim=True).deltas == (20, 20, 20, -60)


def test_a_false_hu_needs_a_yes_or_no_for_the_invalid_claim():
    with pytest.raises(PaymentError, match="invalid_claim must be True or False"):
        false_hu_payments(offender=0, invalid_claim=1)


@pytest.mark.parametrize(
    "occurrence, amount",
    [(1, 0), (2, 5), (3, 10), (4, 20), (5, 40), (6, 80), (7, 160), (8, 320)],
)
def test_repeated_fouls_are_warned_first_then_cost_five_ten_twenty_and_keep_doubling(
    occurrence, amount
):
    assert repeated_foul_amount(occurrence) == amount


@pytest.mark.parametrize("occurrence", [8, 9, 20, 61, 10**6, 10**100])
def test_repeated_fouls_stop_doubling_at_the_ceiling_from_the_eighth_occurrence(occurrence):
    assert REPEATED_FOUL_CEILING == 320
    assert repeated_foul_amount(occurrence) == REPEATED_FOUL_CEILING


def test_the_sixty_first_repeat_fits_a_small_integer_column():
    # Bug 10: 5 * 2**59 overflowed the database column; the capped scale costs 960 in all.
    deltas = repeated_foul_payments(offender=1, occurrence=61).deltas
    assert deltas == (320, -960, 320, 320)
    assert all(abs(d) < 2**15 for d in deltas)


@given(st.integers(min_value=1, max_value=10**9))
def test_the_repeated_foul_scale_never_falls_and_never_passes_the_ceiling(occurrence):
    amount = repeated_foul_amount(occurrence)
    assert 0 <= amount <= REPEATED_FOUL_CEILING
    assert repeated_foul_amount(occurrence + 1) >= amount


def test_a_first_repeated_foul_is_only_a_warning():
    penalty = repeated_foul_payments(offender=2, occurrence=1)
    assert penalty.deltas == (0, 0, 0, 0)
    assert "Warning" in penalty.description


def test_a_third_repeated_foul_pays_ten_to_each_other_player():
    assert repeated_foul_payments(offender=0, occurrence=3).deltas == (-30, 10, 10, 10)


@pytest.mark.parametrize("occurrence", [0, -2, 1.0])
def test_a_repeated_foul_occurrence_must_count_from_one(occurrence):
    with pytest.raises(PaymentError, match="occurrence"):
        repeated_foul_amount(occurrence)


@pytest.mark.parametrize("points", DEDUCTION_AMOUNTS)
def test_a_rule_violation_deduction_goes_to_nobody(points):
    penalty = deduction(points, offender=1)
    assert penalty.deltas == (0, -points, 0, 0)
    assert sum(penalty.deltas) == -points


@pytest.mark.parametrize("points", [0, 4, 15, 25, 70, -10])
def test_a_deduction_outside_the_allowed_scale_is_refused(points):
    with pytest.raises(PaymentError, match="a deduction must be one of 5, 10, 20, 30, 40, 50, 60"):
        deduction(points, offender=0)


@pytest.mark.parametrize(
    "minutes, points, forfeited",
    [
        (0, 0, False),
        (1, 10, False),
        (10, 10, False),
        (11, 20, False),
        (15, 20, False),
        (16, 0, True),
        (90, 0, True),
    ],
)
def test_late_arrival_costs_ten_up_to_ten_minutes_twenty_up_to_fifteen_then_the_session(
    minutes, points, forfeited
):
    penalty = late_arrival_penalty(minutes)
    assert (penalty.points, penalty.forfeited) == (points, forfeited)
    assert penalty.delta == -points


@pytest.mark.parametrize("minutes", [-1, 10.5, None])
def test_late_arrival_needs_a_whole_non_negative_number_of_minutes(minutes):
    with pytest.raises(PaymentError, match="minutes_late"):
        late_arrival_penalty(minutes)


def test_exposing_ones_hand_when_the_hu_fails_pays_thirty_to_each_other_player():
    assert exposed_hand_payments(offender=2).deltas == (30, 30, -90, 30)


@pytest.mark.parametrize("amount", [5, 33, 60])
def test_revealing_a_tile_pays_the_umpires_amount_to_the_harmed_player_only(amount):
    assert revealed_tile_payments(offender=0, victim=3, amount=amount).deltas == (
        -amount,
        0,
        0,
        amount,
    )


@pytest.mark.parametrize("amount", [4, 61, 0])
def test_revealing_a_tile_amount_must_be_between_five_and_sixty(amount):
    with pytest.raises(PaymentError, match="must be 5..60"):
        revealed_tile_payments(offender=0, victim=1, amount=amount)


def test_a_player_cannot_be_paid_for_revealing_his_own_tile():
    with pytest.raises(PaymentError, match="his own tile"):
        revealed_tile_payments(offender=1, victim=1, amount=10)


@pytest.mark.parametrize(
    "call",
    [
        lambda: false_hu_payments(offender=4, invalid_claim=False),
        lambda: repeated_foul_payments(offender=-1, occurrence=2),
        lambda: deduction(10, offender=9),
        lambda: exposed_hand_payments(offender=None),
        lambda: revealed_tile_payments(offender=0, victim=4, amount=10),
    ],
)
def test_penalties_refuse_seats_outside_the_table(call):
    with pytest.raises(PaymentError, match="seat index 0..3|whole number"):
        call()


# --------------------------------------------------------------------------- sessions


def _summary(scores, tie_rule="share"):
    return [(r.rank, r.table_points) for r in session_result(scores, tie_rule=tie_rule)]


F = Fraction


def test_distinct_scores_give_four_two_one_and_zero_table_points():
    assert _summary([-20, 50, 10, -40]) == [(3, F(1)), (1, F(4)), (2, F(2)), (4, F(0))]


def test_table_points_are_fractions_and_results_keep_the_scores():
    results = session_result([3, 2, 1, 0])
    assert [r.score for r in results] == [3, 2, 1, 0]
    assert all(isinstance(r.table_points, Fraction) for r in results)


@pytest.mark.parametrize(
    "scores, share, highest",
    [
        # two tied for first
        (
            [30, 30, 0, -60],
            [(1, F(3)), (1, F(3)), (3, F(1)), (4, F(0))],
            [(1, F(4)), (1, F(4)), (3, F(1)), (4, F(0))],
        ),
        # two tied for second
        (
            [40, 10, 10, -60],
            [(1, F(4)), (2, F(3, 2)), (2, F(3, 2)), (4, F(0))],
            [(1, F(4)), (2, F(2)), (2, F(2)), (4, F(0))],
        ),
        # two tied for third
        (
            [40, 20, -30, -30],
            [(1, F(4)), (2, F(2)), (3, F(1, 2)), (3, F(1, 2))],
            [(1, F(4)), (2, F(2)), (3, F(1)), (3, F(1))],
        ),
        # two pairs of ties
        (
            [5, 5, -5, -5],
            [(1, F(3)), (1, F(3)), (3, F(1, 2)), (3, F(1, 2))],
            [(1, F(4)), (1, F(4)), (3, F(1)), (3, F(1))],
        ),
    ],
)
def test_two_players_tied_share_or_take_the_best_of_their_places(scores, share, highest):
    assert _summary(scores, "share") == share
    assert _summary(scores, "highest") == highest


def test_three_players_tied_for_first_share_seven_thirds_or_take_four():
    assert _summary([10, 10, 10, -30]) == [(1, F(7, 3))] * 3 + [(4, F(0))]
    assert _summary([10, 10, 10, -30], "highest") == [(1, F(4))] * 3 + [(4, F(0))]


def test_three_players_tied_for_second_share_one_each_or_take_two():
    assert _summary([60, -20, -20, -20]) == [(1, F(4))] + [(2, F(1))] * 3
    assert _summary([60, -20, -20, -20], "highest") == [(1, F(4))] + [(2, F(2))] * 3


def test_four_players_tied_share_seven_quarters_or_all_take_four():
    assert _summary([0, 0, 0, 0]) == [(1, F(7, 4))] * 4
    assert _summary([0, 0, 0, 0], "highest") == [(1, F(4))] * 4


@given(st.lists(st.integers(min_value=-300, max_value=300), min_size=4, max_size=4))
def test_shared_table_points_always_total_seven(scores):
    assert sum(r.table_points for r in session_result(scores)) == 7


def test_tie_rules_list_both_choices_with_labels():
    assert [value for value, _ in TIE_RULES] == ["share", "highest"]
    assert all(label for _, label in TIE_RULES)


@pytest.mark.parametrize(
    "scores, kwargs, message",
    [
        ([1, 2, 3], {}, "exactly 4 scores, got 3"),
        ([1, 2, 3, 4, 5], {}, "exactly 4 scores, got 5"),
        ([1, 2, 3, 4.5], {}, "score of seat 3 must be a whole number"),
        ([1, 2, 3, 4], {"tie_rule": "split"}, "unknown tie rule 'split'"),
    ],
)
def test_bad_session_input_raises_a_payment_error(scores, kwargs, message):
    with pytest.raises(PaymentError, match=message):
        session_result(scores, **kwargs)
