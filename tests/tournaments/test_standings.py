import json
from fractions import Fraction

import pytest
from django.core.management import call_command

from tests.tournaments.factories import (
    PlayerFactory,
    TeamFactory,
    seated_table,
    sign_complete_sheets,
)
from tournaments.models import Hand, SessionResult, Tournament
from tournaments.selectors.standings import standings_compute
from tournaments.services.hands import hand_record_no_win, hand_record_win


@pytest.fixture
def two_sessions(tournament):
    """The hand-computed example of the docstring below, entered as points only."""
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.save()
    team_x = TeamFactory(tournament=tournament, name="X")
    team_y = TeamFactory(tournament=tournament, name="Y")
    players = [
        PlayerFactory(
            tournament=tournament, name=name, lot_number=i + 1, team=team, registration_number=i + 1
        )
        for i, (name, team) in enumerate(
            [("Ana", team_x), ("Bo", team_x), ("Cai", team_y), ("Dan", team_y)]
        )
    ]
    first = seated_table(tournament, session_number=1, players=players, started=True)
    # A self-draws 10: A +54, others -18. B wins 8 off C: B +32, C -16, A -8, D -8. A draw.
    hand_record_win(table_session=first, winner="A", discarder=None, points=10)
    hand_record_win(table_session=first, winner="B", discarder="C", points=8)
    hand_record_no_win(table_session=first, outcome=Hand.Outcome.DRAW)
    hand_record_no_win(table_session=first, outcome=Hand.Outcome.TIME_LIMIT)
    second = seated_table(tournament, session_number=2, players=players, started=True)
    # C wins 12 off D: C +36, D -20, A -8, B -8. D wins 14 off C: D +38, C -22, A -8, B -8.
    hand_record_win(table_session=second, winner="C", discarder="D", points=12)
    hand_record_win(table_session=second, winner="D", discarder="C", points=14)
    hand_record_no_win(table_session=second, outcome=Hand.Outcome.TIME_LIMIT)
    return tournament


@pytest.fixture
def signed(two_sessions):
    """The same two sessions with both sheets signed: official standings count them."""
    sign_complete_sheets(two_sessions)
    return two_sessions


def test_session_results_match_the_hand_computed_example(two_sessions):
    results = {
        (r.session.number, r.player.name): (r.score, r.rank, r.table_points)
        for r in SessionResult.objects.select_related("session", "player")
    }
    assert results == {
        (1, "Ana"): (46, 1, 4),
        (1, "Bo"): (14, 2, 2),
        (1, "Dan"): (-26, 3, 1),
        (1, "Cai"): (-34, 4, 0),
        (2, "Dan"): (18, 1, 4),
        (2, "Cai"): (14, 2, 2),
        (2, "Ana"): (-16, 3, Fraction(1, 2)),
        (2, "Bo"): (-16, 3, Fraction(1, 2)),
    }


def test_standings_rank_by_table_points_then_contest_points(signed):
    table = standings_compute(tournament=signed)
    assert [(r.rank, r.name, r.table_points, r.contest_points) for r in table.players] == [
        (1, "Dan", 5, -8),
        (2, "Ana", Fraction(9, 2), 30),
        (3, "Bo", Fraction(5, 2), -2),
        (4, "Cai", 2, -20),
    ]
    assert [(t.rank, t.name, t.table_points, t.contest_points) for t in table.teams] == [
        (1, "X", 7, 28),
        (2, "Y", 7, -28),
    ]


def test_standings_through_a_session_ignore_later_ones(signed):
    table = standings_compute(tournament=signed, through_session=1)
    assert [r.name for r in table.players] == ["Ana", "Bo", "Dan", "Cai"]


def test_the_standings_command_prints_json_in_ranking_order(signed, capsys):
    call_command("standings", signed.slug, "--json")
    data = json.loads(capsys.readouterr().out)
    assert [
        (p["rank"], p["number"], p["name"], p["team"], p["table_points"], p["contest_points"])
        for p in data["players"]
    ] == [
        (1, 4, "Dan", "Y", 5, -8),
        (2, 1, "Ana", "X", 4.5, 30),
        (3, 2, "Bo", "X", 2.5, -2),
        (4, 3, "Cai", "Y", 2, -20),
    ]
    assert [s["score"] for s in data["players"][1]["sessions"]] == [46, -16]
    assert [(t["name"], t["table_points"]) for t in data["teams"]] == [("X", 7), ("Y", 7)]


def test_the_standings_command_fails_on_an_unknown_tournament(db):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="No tournament with the slug nope"):
        call_command("standings", "nope")


def test_players_equal_on_every_key_share_a_place(tournament):
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.save()
    table = seated_table(tournament, started=True)
    # A +32 -8, B -8 +32: both 24 contest points and 3 table points (a shared first place).
    hand_record_win(table_session=table, winner="A", discarder="C", points=8)
    hand_record_win(table_session=table, winner="B", discarder="D", points=8)
    rows = standings_compute(tournament=tournament, live=True).players
    assert [(r.rank, r.table_points, r.contest_points) for r in rows[:2]] == [
        (1, 3, 24),
        (1, 3, 24),
    ]
    assert rows[2].rank == 3


def results_for(tournament, player, rows):
    """Store session results directly: (session number, score, rank, table points)."""
    for number, score, rank, table_points in rows:
        table_session = seated_table(tournament, session_number=number, table_number=player.pk)
        table_session.status, table_session.closed_by = "signed", "session_end"
        table_session.umpire_signed_at = table_session.session.tournament.created_at
        table_session.save()
        SessionResult.objects.create(
            table_session=table_session,
            session=table_session.session,
            player=player,
            position="A",
            score=score,
            rank=rank,
            table_points_12=table_points * 12,
        )


@pytest.mark.parametrize(
    "tie_breaks, expected",
    [
        (["best_session"], ["Peng", "Quan"]),
        (["most_firsts", "best_session"], ["Quan", "Peng"]),
    ],
)
def test_further_tie_breaks_apply_in_the_tournaments_order(tournament, tie_breaks, expected):
    tournament.tie_breaks = tie_breaks
    tournament.save()
    peng = PlayerFactory(tournament=tournament, name="Peng", lot_number=101)
    quan = PlayerFactory(tournament=tournament, name="Quan", lot_number=102)
    results_for(tournament, peng, [(1, 50, 2, 2), (2, -10, 2, 2)])
    results_for(tournament, quan, [(1, 20, 1, 4), (2, 20, 4, 0)])
    rows = [
        r for r in standings_compute(tournament=tournament).players if r.name in ("Peng", "Quan")
    ]
    assert [r.name for r in rows] == expected
    assert rows[0].rank != rows[1].rank


def test_a_new_tournament_ranks_by_the_rule_alone_and_players_still_equal_share_a_place(db):
    """Rule 3.10.1: table points, then contest points; a new tournament adds no further
    tie-break of its own (best session, most firsts stay the organiser's choice)."""
    from tests.tournaments.factories import TournamentFactory

    tournament = TournamentFactory()
    assert tournament.tie_breaks == []
    peng = PlayerFactory(tournament=tournament, name="Peng", lot_number=101)
    quan = PlayerFactory(tournament=tournament, name="Quan", lot_number=102)
    results_for(tournament, peng, [(1, 30, 2, 2), (2, -10, 2, 2)])  # best session 30
    results_for(tournament, quan, [(1, 20, 1, 4), (2, 0, 4, 0)])  # one first place
    standings = standings_compute(tournament=tournament)
    ranks = [(r.name, r.rank) for r in standings.players if r.name in ("Peng", "Quan")]
    assert ranks == [("Peng", 1), ("Quan", 1)]
    assert standings.ranking == ["table_points", "contest_points"]


def test_the_standings_name_the_tie_breaks_they_apply(tournament, as_role):
    tournament.tie_breaks = ["most_firsts", "best_session"]
    tournament.save()
    expected = ["table_points", "contest_points", "most_firsts", "best_session"]
    assert standings_compute(tournament=tournament).ranking == expected
    body = as_role("organiser").get(f"/api/tournaments/{tournament.slug}/standings/").json()
    assert body["ranking"] == expected


def test_the_standings_command_names_the_ranking(signed, capsys):
    signed.tie_breaks = ["best_session"]
    signed.save()
    call_command("standings", signed.slug)
    assert (
        "Ranked by table points, then contest points, then best single-session score; "
        "players still equal share their place."
    ) in capsys.readouterr().out


def test_standings_use_a_fixed_number_of_queries(signed, django_assert_num_queries):
    for number in range(5, 45):
        PlayerFactory(tournament=signed, lot_number=number, registration_number=number)
    with django_assert_num_queries(4):  # players, sanctions, results, the sheets' states
        standings_compute(tournament=signed)


def test_changing_the_tie_rule_recomputes_stored_table_points(two_sessions):
    from tournaments.services.tournament import tournament_save

    two_sessions.tie_rule = Tournament.TieRule.HIGHEST
    tournament_save(tournament=two_sessions, changed=["tie_rule"])
    tied = SessionResult.objects.filter(session__number=2, score=-16)
    assert [r.table_points for r in tied] == [1, 1], "both take third place's single point"


def test_official_standings_count_signed_sheets_only_live_ones_mark_the_rest_provisional(
    tournament,
):
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.save()
    table = seated_table(tournament, started=True)
    hand_record_win(table_session=table, winner="A", discarder="C", points=8)
    official = standings_compute(tournament=tournament)
    assert official.session_numbers == [] and all(r.table_points == 0 for r in official.players)
    live = standings_compute(tournament=tournament, live=True)
    assert live.provisional_sessions == [1]
    leader = live.players[0]
    assert (leader.table_points, leader.provisional) == (4, True)
    hand_record_no_win(table_session=table, outcome=Hand.Outcome.TIME_LIMIT)
    official = standings_compute(tournament=tournament)
    assert official.session_numbers == [], "complete but unsigned: not official yet"
    sign_complete_sheets(tournament)
    official = standings_compute(tournament=tournament)
    assert official.session_numbers == [1] and official.provisional_sessions == []
    assert official.players[0].table_points == 4 and not official.players[0].provisional


def test_the_standings_command_says_which_sessions_it_counts(signed, capsys):
    call_command("standings", signed.slug)
    assert "Official (signed sheets only); sessions counted: 1, 2" in capsys.readouterr().out


def test_the_tie_rule_cannot_change_once_a_sheet_is_signed(two_sessions):
    from tournaments.errors import TournamentError
    from tournaments.services.signoff import sheet_confirm_player, sheet_sign
    from tournaments.services.tournament import tournament_save

    sheet = two_sessions.sessions.get(number=1).table_sessions.get()
    for seat in sheet.seats.all():
        sheet_confirm_player(table_session=sheet, player=seat.player)
    sheet_sign(table_session=sheet)
    before = list(SessionResult.objects.values_list("pk", "table_points_12"))
    two_sessions.tie_rule = Tournament.TieRule.HIGHEST
    with pytest.raises(TournamentError, match="already signed"):
        tournament_save(tournament=two_sessions, changed=["tie_rule"])
    assert list(SessionResult.objects.values_list("pk", "table_points_12")) == before


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        (Fraction(5, 2), Fraction(7, 3)),  # 30 twelfths above 28: shares of a tie (3.9.2)
        (Fraction(3), Fraction(35, 12)),
        (Fraction(0), Fraction(-1, 12)),
        (Fraction(1, 7), Fraction(1, 8)),  # not twelfths (no sheet gives them): still ordered
    ],
)
def test_the_table_points_criterion_ranks_more_points_higher_and_equal_points_equal(higher, lower):
    from tournaments.selectors.standings import PlayerRow, deciding_criterion, ranking_criteria

    criterion = dict(ranking_criteria([]))["table_points"]

    def row(points):
        return PlayerRow(
            player_id=1,
            number=1,
            name="x",
            team="",
            status="active",
            table_points=points,
            contest_points=0,
        )

    assert criterion(row(higher)) < criterion(row(lower))
    assert criterion(row(higher)) == criterion(row(Fraction(higher)))
    assert deciding_criterion(row(higher), row(lower), []) == "table_points"
    assert deciding_criterion(row(lower), row(lower), []) is None
