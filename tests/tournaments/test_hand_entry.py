import pytest

import scoring
from tournaments.errors import HandRejected, TournamentError
from tournaments.models import Hand, HandScore, SessionResult, Tournament
from tournaments.services.hands import (
    hand_delete_last,
    hand_preview,
    hand_record_no_win,
    hand_record_win,
)

# 123m 456m 789m 234p + pair 55p, concealed, won on a discard of 5p: Pure Straight and more.
PURE_STRAIGHT = {"melds": [], "concealed": "123456789m234p5p", "win_tile": "5p", "flowers": 1}
# Simple chows and a pair, concealed: well under 8 points.
UNDER_EIGHT = {"melds": [], "concealed": "234m678m345s567p9p", "win_tile": "9p"}
NOT_WINNING = {"melds": [], "concealed": "123m345p678s234s9m", "win_tile": "1z"}


def fan_names(hand: Hand) -> set[str]:
    return {fan["name"] for fan in hand.fans}


def test_a_valid_hand_is_scored_by_the_core_and_paid_by_the_discarder(table_session):
    hand = hand_record_win(
        table_session=table_session, winner="A", discarder="C", tiles=PURE_STRAIGHT
    )
    expected = scoring.score_hand({**PURE_STRAIGHT, "seat_wind": "E", "prevalent_wind": "E"})
    assert "Pure Straight" in fan_names(hand)
    assert (hand.points, hand.flowers) == (expected.points, 1)
    total = hand.points + hand.flowers
    scores = dict(HandScore.objects.filter(hand=hand).values_list("position", "points"))
    assert scores == {"A": 8 + total + 16, "B": -8, "C": -(8 + total), "D": -8}


def test_a_self_drawn_hand_is_paid_by_all_three(table_session):
    hand = hand_record_win(
        table_session=table_session, winner="B", discarder=None, tiles=PURE_STRAIGHT
    )
    total = hand.points + hand.flowers
    assert "Self-Drawn" in fan_names(hand) or "Fully Concealed Hand" in fan_names(hand)
    scores = dict(HandScore.objects.filter(hand=hand).values_list("position", "points"))
    assert scores == {"A": -(8 + total), "B": 3 * (8 + total), "C": -(8 + total), "D": -(8 + total)}


def test_it_rejects_a_hand_under_eight_points_and_writes_nothing(table_session):
    with pytest.raises(HandRejected, match="at least 8 are needed"):
        hand_record_win(table_session=table_session, winner="A", discarder="B", tiles=UNDER_EIGHT)
    assert not Hand.objects.exists() and not SessionResult.objects.exists()


def test_it_rejects_a_hand_that_is_not_a_winning_hand_with_the_engines_message(table_session):
    with pytest.raises(HandRejected, match="Not a valid winning hand") as refused:
        hand_record_win(table_session=table_session, winner="A", discarder="B", tiles=NOT_WINNING)
    assert refused.value.details, "the engine's issues are passed on"
    assert not Hand.objects.exists()


def test_it_rejects_a_winner_who_discarded_his_own_tile(table_session):
    with pytest.raises(TournamentError, match="cannot have discarded"):
        hand_record_win(table_session=table_session, winner="A", discarder="A", tiles=PURE_STRAIGHT)


def test_hand_numbers_are_consecutive_and_winds_come_from_the_number(table_session):
    hands = [
        hand_record_no_win(table_session=table_session, outcome=Hand.Outcome.DRAW) for _ in range(6)
    ]
    assert [h.number for h in hands] == [1, 2, 3, 4, 5, 6]
    assert [(h.prevalent_wind, h.dealer_position) for h in hands] == [
        ("E", "A"),
        ("E", "B"),
        ("E", "C"),
        ("E", "D"),
        ("S", "B"),
        ("S", "A"),
    ]


def test_the_winners_seat_wind_follows_appendix_4(table_session):
    for _ in range(4):
        hand_record_no_win(table_session=table_session, outcome=Hand.Outcome.DRAW)
    # Hand 5: South round, B is dealer (East); A sits South of B in round 2's seating.
    preview = hand_preview(
        table_session=table_session, winner="B", discarder="A", tiles=PURE_STRAIGHT
    )
    assert (preview.number, preview.prevalent_wind, preview.winner_seat_wind) == (5, "S", "E")


def test_a_seventeenth_hand_is_refused(table_session):
    for _ in range(16):
        hand_record_no_win(table_session=table_session, outcome=Hand.Outcome.DRAW)
    with pytest.raises(TournamentError, match="16 hands played"):
        hand_record_no_win(table_session=table_session, outcome=Hand.Outcome.DRAW)


def test_a_preview_writes_nothing(table_session):
    preview = hand_preview(
        table_session=table_session, winner="A", discarder=None, tiles=PURE_STRAIGHT
    )
    assert preview.payments["A"] == 3 * (8 + preview.total)
    assert not Hand.objects.exists()


def test_removing_the_last_hand_recomputes_the_sheet(table_session):
    hand_record_win(table_session=table_session, winner="A", discarder="C", tiles=PURE_STRAIGHT)
    assert SessionResult.objects.filter(table_session=table_session).count() == 4
    assert hand_delete_last(table_session=table_session, number=1) == 1
    assert not SessionResult.objects.exists()


@pytest.fixture
def points_only(table_session):
    tournament = table_session.session.tournament
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.save()
    return table_session


def test_points_only_entry_records_the_points(points_only):
    hand = hand_record_win(
        table_session=points_only, winner="D", discarder="A", points=12, flowers=2
    )
    assert (hand.points, hand.flowers, hand.tiles) == (12, 2, None)


@pytest.mark.parametrize("points, message", [(7, "at least 8 points"), (5000, "No hand scores")])
def test_points_only_entry_refuses_impossible_points(points_only, points, message):
    with pytest.raises(HandRejected, match=message):
        hand_record_win(table_session=points_only, winner="D", discarder="A", points=points)
    assert not Hand.objects.exists()


def test_a_tiles_tournament_refuses_a_hand_without_tiles(table_session):
    with pytest.raises(TournamentError, match="records the tiles"):
        hand_record_win(table_session=table_session, winner="A", discarder="B", points=20)
