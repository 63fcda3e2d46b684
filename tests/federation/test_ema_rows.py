"""federation.selectors.ema_rows: the official standings as the EMA's results, in order, with
each place's base rating; the disqualified last without place or rating."""

import pytest

from federation.selectors import ema_rows
from tests.federation.helpers import unsigned_second_session
from tests.tournaments.factories import (
    PlayerFactory,
    TournamentFactory,
    seated_table,
    sign_sheets,
)
from tournaments.models import Sanction, Tournament
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.sanctions import sanction_record

pytestmark = pytest.mark.django_db


def summary(tournament) -> list[tuple]:
    return [(row.name, row.rank, row.mers_base_rating) for row in ema_rows(tournament=tournament)]


def disqualify(tournament, name: str) -> None:
    sanction_record(
        player=tournament.players.get(name=name),
        kind=Sanction.Kind.DISQUALIFICATION,
        reason="Cheating",
    )


def test_the_players_come_in_the_official_order_with_their_ratings(ema_played):
    assert summary(ema_played) == [
        ("Carla Dupont", 1, 1000),
        ("Anna Berg", 2, 667),
        ("Dmitri Egorov", 3, 333),
        ("Bruno Costa", 4, 0),
    ]


def test_each_row_carries_the_players_points_ema_id_and_country(ema_played):
    first, second, third, last = ema_rows(tournament=ema_played)
    assert (first.table_points, first.contest_points) == (4, 40)
    assert (second.table_points, second.contest_points) == (2, 20)
    assert (third.table_points, third.contest_points) == (1, -24)
    assert (last.table_points, last.contest_points) == (0, -36)
    assert (first.ema_id, first.country) == ("04010003", "FR")
    assert (last.ema_id, last.country) == ("12010002", "PT")


def test_a_player_without_ema_id_or_country_has_them_empty(ema_played):
    ema_played.players.filter(name="Anna Berg").update(ema_id="", country="")
    row = next(r for r in ema_rows(tournament=ema_played) if r.name == "Anna Berg")
    assert (row.ema_id, row.country) == ("", "")


def test_a_disqualified_player_is_exported_last_without_rank_or_rating(ema_played):
    disqualify(ema_played, "Carla Dupont")
    # Three ranked players: N = 3, so the second place is worth 500.
    assert summary(ema_played) == [
        ("Anna Berg", 1, 1000),
        ("Dmitri Egorov", 2, 500),
        ("Bruno Costa", 3, 0),
        ("Carla Dupont", None, None),
    ]
    assert ema_rows(tournament=ema_played)[-1].contest_points == 40


def test_a_single_ranked_player_gets_1000(ema_played):
    for name in ("Anna Berg", "Bruno Costa", "Dmitri Egorov"):
        disqualify(ema_played, name)
    rows = summary(ema_played)
    assert rows[0] == ("Carla Dupont", 1, 1000)
    assert [(rank, rating) for _name, rank, rating in rows[1:]] == [(None, None)] * 3


def test_a_sheet_not_yet_signed_does_not_count(ema_played):
    second = unsigned_second_session(ema_played)
    before_signing = summary(ema_played)
    assert before_signing[-1] == ("Bruno Costa", 4, 0)
    assert ema_rows(tournament=ema_played)[-1].contest_points == -36
    sign_sheets(second)
    # Signed, it counts: Bruno's 4 table points take him to second place.
    assert [name for name, _rank, _rating in summary(ema_played)] == [
        "Carla Dupont",
        "Bruno Costa",
        "Anna Berg",
        "Dmitri Egorov",
    ]


def test_players_sharing_a_place_share_its_rating(ema_played):
    # Table 2: a draw, then the time limit. Its four players tie (1.75 table points each,
    # score 0) and share the third place of eight.
    Tournament.objects.filter(pk=ema_played.pk).update(status=Tournament.Status.RUNNING)
    for number in range(5, 9):
        PlayerFactory(tournament=ema_played, name=f"Tied {number}", lot_number=number)
    tied = list(ema_played.players.filter(name__startswith="Tied").order_by("lot_number"))
    table_two = seated_table(ema_played, table_number=2, players=tied, started=True)
    hand_record_no_win(table_session=table_two, outcome="draw")
    hand_record_no_win(table_session=table_two, outcome="time")
    sign_sheets(table_two)
    rows = summary(ema_played)
    assert rows[:2] == [("Carla Dupont", 1, 1000), ("Anna Berg", 2, 857)]
    assert sorted(rows[2:6]) == [(f"Tied {n}", 3, 714) for n in range(5, 9)]
    assert rows[6:] == [("Dmitri Egorov", 7, 143), ("Bruno Costa", 8, 0)]


def test_with_every_player_disqualified_no_row_has_a_rank_or_rating(ema_played):
    for name in ("Anna Berg", "Bruno Costa", "Carla Dupont", "Dmitri Egorov"):
        disqualify(ema_played, name)
    rows = ema_rows(tournament=ema_played)
    assert len(rows) == 4 and {(r.rank, r.mers_base_rating) for r in rows} == {(None, None)}


def test_before_any_sheet_is_signed_the_export_has_no_row(db):
    # Documented (docs/federation.md): nobody has played a counted session yet.
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    sheet = seated_table(tournament, started=True)
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=12)
    hand_record_no_win(table_session=sheet, outcome="time")
    assert ema_rows(tournament=tournament) == []


def test_a_player_who_played_no_counted_session_is_left_out_and_not_counted(ema_played):
    before = summary(ema_played)
    # Registered, never seated (withdrawn before the first session): 0 TP and 0 CP, which the
    # standings place above the players with negative contest points.
    PlayerFactory(tournament=ema_played, name="Never Played", registration_number=99)
    assert summary(ema_played) == before
