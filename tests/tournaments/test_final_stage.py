import pytest

from tests.tournaments.factories import PlayerFactory, seated_table, sign_sheets, start_session
from tournaments.errors import TournamentError
from tournaments.models import Hand, Session, Tournament
from tournaments.selectors.standings import standings_compute
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.seating import seating_seed_final_session


@pytest.fixture
def qualified(tournament):
    """Eight players after one qualifying session at two tables (points only), both sheets
    signed: the final stage is seeded from official standings."""
    tournament.format = Tournament.Format.MIXED
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.qualifying_sessions, tournament.sessions_planned, tournament.finalists = 1, 6, 4
    tournament.save()
    players = [
        PlayerFactory(tournament=tournament, name=f"P{n}", lot_number=n, registration_number=n)
        for n in range(1, 9)
    ]
    first = seated_table(tournament, table_number=1, players=players[:4], started=True)
    second = seated_table(tournament, table_number=2, players=players[4:], started=True)
    hand_record_win(table_session=first, winner="A", discarder="B", points=20)  # P1 first
    hand_record_win(table_session=second, winner="C", discarder=None, points=30)  # P7 first
    for sheet in (first, second):
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    sign_sheets(first, second)
    return tournament


def test_the_final_session_seats_the_top_four_at_table_one(qualified):
    session = seating_seed_final_session(tournament=qualified, method="straight")
    assert session.number == 2 and session.stage == Session.Stage.FINAL
    finalists = {s.player.name for s in session.seats.select_related("player")}
    leaders = [r.name for r in standings_compute(tournament=qualified, through_session=1).players]
    assert finalists == set(leaders[:4])


def test_without_carry_over_the_final_stage_alone_ranks_the_finalists(qualified):
    qualified.carry_over_points = False
    qualified.save()
    session = seating_seed_final_session(tournament=qualified, method="straight")
    table = start_session(session.table_sessions.get())
    last_qualifier = table.seats.get(position="D").player
    hand_record_win(table_session=table, winner="D", discarder=None, points=40)
    rows = standings_compute(tournament=qualified, live=True).players
    assert rows[0].name == last_qualifier.name
    assert rows[0].contest_points == 3 * (8 + 40)
    assert {r.name for r in rows[:4]} == {s.player.name for s in table.seats.all()}


def test_a_round_robin_has_no_final_stage(tournament):
    with pytest.raises(TournamentError, match="round-robin"):
        seating_seed_final_session(tournament=tournament)


def test_the_final_stage_is_not_seeded_while_a_sheet_before_it_is_open(tournament):
    tournament.format = Tournament.Format.MIXED
    tournament.qualifying_sessions, tournament.finalists = 1, 4
    tournament.save()
    seated_table(tournament)
    with pytest.raises(TournamentError, match="not signed yet: session 1 table 1"):
        seating_seed_final_session(tournament=tournament, method="straight")
    assert tournament.sessions.count() == 1


def test_without_carry_over_a_teams_total_is_the_sum_of_the_cells_it_shows(qualified):
    """Appendix 7's team sheet adds its players' totals ("Total Points of All Players"); a
    finalist's total counts the final stage only, so his qualifying session counts neither
    in his team's total nor in its cells (docs/results.md, "Teams")."""
    from tests.tournaments.factories import TeamFactory
    from tournaments.selectors.standings import team_session_cells

    qualified.carry_over_points = False
    qualified.save()
    team = TeamFactory(tournament=qualified, name="X")
    qualified.players.filter(name__in=["P1", "P5"]).update(team=team)  # P1 reaches the final
    session = seating_seed_final_session(tournament=qualified, method="straight")
    final_table = start_session(session.table_sessions.get())
    hand_record_win(table_session=final_table, winner="A", discarder=None, points=40)
    standings = standings_compute(tournament=qualified, live=True)
    rows = {row.name: row for row in standings.players}
    (x,) = standings.teams
    cells = team_session_cells(x, standings.session_numbers)
    assert sum(c.table_points for c in cells) == x.table_points
    assert sum(c.contest_points for c in cells) == x.contest_points
    assert x.contest_points == rows["P1"].contest_points + rows["P5"].contest_points
    assert (cells[0].table_points, cells[0].contest_points) == (1, -38)  # P5's session 1 alone
