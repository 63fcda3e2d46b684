"""Official results under the rules (issue #25): official means signed (Appendix 5), a
disqualified player takes no place (3.11.5), a lost rank ranks last (3.11.6.10), a forfeited
session is one fixed result (3.11.2) and every closed sheet gives its players a result (3.9.2).
"""

import datetime
from fractions import Fraction

import pytest
from django.core.management import call_command

from reports.data.certificates import certificates_data
from reports.data.standings import standings_data, standings_state_code
from tests.tournaments.factories import (
    PlayerFactory,
    TeamFactory,
    TournamentFactory,
    seated_table,
    sign_sheets,
    start_session,
)
from tournaments.errors import TournamentError
from tournaments.models import Hand, Player, Sanction, SessionResult, Tournament
from tournaments.selectors.standings import standings_as_dict, standings_compute
from tournaments.services.checkin import checkin_record, seat_replace_with_substitute
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.penalties import penalty_record
from tournaments.services.sanctions import sanction_record
from tournaments.services.seating import seating_seed_final_session
from tournaments.services.sessions import session_end
from tournaments.services.signoff import sheet_countersign

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 5, 1, 9, 0, tzinfo=datetime.UTC)


@pytest.fixture
def tournament():
    return TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)


def players_of(tournament, names, team=None, start=1):
    return [
        PlayerFactory(
            tournament=tournament,
            name=name,
            lot_number=start + i,
            registration_number=start + i,
            team=team,
        )
        for i, name in enumerate(names)
    ]


def sheet_for(tournament, players, *, session=1, table=1):
    sheet = seated_table(tournament, session_number=session, table_number=table, players=players)
    start_session(sheet, START)
    return sheet


def play_and_close(sheet, winner="A", discarder="C", points=8):
    hand_record_win(table_session=sheet, winner=winner, discarder=discarder, points=points)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    return sheet


def by_name(standings):
    return {row.name: row for row in standings.players}


# -- 1. official means signed ------------------------------------------------------------------


def test_a_complete_sheet_counts_officially_only_once_its_umpire_signs_it(tournament):
    sheet = play_and_close(sheet_for(tournament, players_of(tournament, "ABCD")))
    official = standings_compute(tournament=tournament)
    assert official.session_numbers == []
    live = standings_compute(tournament=tournament, live=True)
    assert live.provisional_sessions == [1] and live.players[0].provisional
    sign_sheets(sheet)
    official = standings_compute(tournament=tournament)
    assert official.session_numbers == [1] and not official.players[0].provisional
    assert by_name(official)["A"].table_points == 4


def test_the_standings_command_counts_signed_sheets_only(tournament, capsys):
    play_and_close(sheet_for(tournament, players_of(tournament, "ABCD")))
    call_command("standings", tournament.slug)
    out = capsys.readouterr().out
    assert "Official (signed sheets only); sessions counted: —" in out


def test_printed_standings_are_provisional_official_then_final(tournament):
    players = players_of(tournament, "ABCD")
    first = play_and_close(sheet_for(tournament, players, table=1))
    others = players_of(tournament, "EFGH", start=5)
    second = play_and_close(sheet_for(tournament, others, table=2))
    assert standings_state_code(standings_data(tournament=tournament)) == "none"
    sign_sheets(first)
    data = standings_data(tournament=tournament)
    assert (standings_state_code(data), data["last_session"]) == ("provisional", 1)
    sign_sheets(second)
    assert standings_state_code(standings_data(tournament=tournament)) == "official"
    # Every sheet countersigned, but sessions 2-6 not played: not final yet.
    for sheet in (first, second):
        sheet_countersign(table_session=sheet)
    assert standings_state_code(standings_data(tournament=tournament)) == "official"
    tournament.refresh_from_db()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    assert standings_state_code(standings_data(tournament=tournament)) == "final"


def test_standings_are_not_final_while_a_sheet_is_signed_but_not_countersigned(tournament):
    players = players_of(tournament, "ABCD")
    first = play_and_close(sheet_for(tournament, players, table=1))
    second = play_and_close(sheet_for(tournament, players_of(tournament, "EFGH", start=5), table=2))
    sign_sheets(first, second)
    sheet_countersign(table_session=first)
    # The tournament marked finished (a session cancelled): still not final.
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    assert standings_data(tournament=tournament)["final"] is False
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    sheet_countersign(table_session=second)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    assert standings_data(tournament=tournament)["final"] is True


def test_seeding_a_final_session_is_refused_while_a_sheet_is_unsigned_naming_it(tournament):
    tournament.format = Tournament.Format.MIXED
    tournament.finalists = 4
    tournament.save()
    first = play_and_close(sheet_for(tournament, players_of(tournament, "ABCD"), table=1))
    play_and_close(sheet_for(tournament, players_of(tournament, "EFGH", start=5), table=2))
    sign_sheets(first)
    with pytest.raises(TournamentError, match="session 1 table 2") as refused:
        seating_seed_final_session(tournament=tournament)
    assert "table 1" not in refused.value.message
    assert tournament.sessions.count() == 1


# -- 2. disqualification and loss of rank ------------------------------------------------------


@pytest.fixture
def two_tables(tournament):
    """Table 1: A wins 8 off C (A 1st, B and D share 2nd-3rd, C 4th); table 2 the same for
    E-H. Both signed. Teams: X = A, E; Y = B, F."""
    x = TeamFactory(tournament=tournament, name="X")
    y = TeamFactory(tournament=tournament, name="Y")
    players = players_of(tournament, "ABCD") + players_of(tournament, "EFGH", start=5)
    for name, team in (("A", x), ("E", x), ("B", y), ("F", y)):
        Player.objects.filter(tournament=tournament, name=name).update(team=team)
    first = play_and_close(sheet_for(tournament, players[:4], table=1), points=10)
    second = play_and_close(sheet_for(tournament, players[4:], table=2))
    sign_sheets(first, second)
    return tournament


def disqualify(tournament, name):
    player = Player.objects.get(tournament=tournament, name=name)
    sanction_record(player=player, kind=Sanction.Kind.DISQUALIFICATION, reason="violence")


def test_a_disqualified_player_has_no_rank_stands_last_and_the_places_below_move_up(two_tables):
    before = by_name(standings_compute(tournament=two_tables))
    assert (before["A"].rank, before["E"].rank) == (1, 2)
    disqualify(two_tables, "A")
    after = standings_compute(tournament=two_tables)
    rows = by_name(after)
    assert rows["A"].rank is None and after.players[-1].name == "A"
    assert rows["E"].rank == 1, "the places below him move up"
    ranks = [row.rank for row in after.players[:-1]]
    assert ranks == sorted(ranks) and ranks[0] == 1 and None not in ranks
    assert rows["A"].table_points == 4, "he keeps his sheets' figures"
    data = standings_as_dict(after)
    last = data["players"][-1]
    assert (last["name"], last["rank"], last["status"]) == ("A", None, "disqualified")


def test_a_disqualified_players_opponents_keep_their_figures(two_tables):
    before = {r.player.name: (r.score, r.table_points) for r in SessionResult.objects.all()}
    disqualify(two_tables, "A")
    after = {r.player.name: (r.score, r.table_points) for r in SessionResult.objects.all()}
    assert after == before


def test_a_disqualified_player_receives_no_certificate(two_tables):
    disqualify(two_tables, "A")
    names = [c["name"] for c in certificates_data(tournament=two_tables) if c["kind"] == "player"]
    assert "A" not in names and names[0] == "E"


def test_a_disqualified_player_counts_for_his_team_only_when_the_tournament_says_so(two_tables):
    teams = {t.name: t for t in standings_compute(tournament=two_tables).teams}
    with_him = teams["X"].table_points
    disqualify(two_tables, "A")
    teams = {t.name: t for t in standings_compute(tournament=two_tables).teams}
    assert teams["X"].table_points == with_him - 4
    Tournament.objects.filter(pk=two_tables.pk).update(team_counts_disqualified=True)
    two_tables.refresh_from_db()
    teams = {t.name: t for t in standings_compute(tournament=two_tables).teams}
    assert teams["X"].table_points == with_him


def test_a_player_who_lost_his_rank_ranks_after_every_player_without_that_sanction(two_tables):
    leader = Player.objects.get(tournament=two_tables, name="A")
    sanction_record(player=leader, kind=Sanction.Kind.LOSS_OF_RANK, reason="repeated fouls")
    disqualify(two_tables, "C")
    standings = standings_compute(tournament=two_tables)
    names = [row.name for row in standings.players]
    assert names[-2:] == ["A", "C"]
    rows = by_name(standings)
    assert rows["A"].rank == 7 and rows["C"].rank is None
    assert rows["A"].standing_status == "loss_of_rank"


def test_a_warning_changes_no_place(two_tables):
    before = [(r.name, r.rank) for r in standings_compute(tournament=two_tables).players]
    leader = Player.objects.get(tournament=two_tables, name="A")
    sanction_record(player=leader, kind=Sanction.Kind.WARNING, reason="noise")
    after = [(r.name, r.rank) for r in standings_compute(tournament=two_tables).players]
    assert after == before


# -- 3. a forfeited session is one fixed result -----------------------------------------------


def results(sheet):
    return {
        r.player.name: (r.score, r.rank, r.table_points, r.forfeited)
        for r in SessionResult.objects.filter(table_session=sheet).select_related("player")
    }


def test_a_player_who_lost_the_session_scores_the_tournaments_fixed_figure(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(forfeit_contest_points=-30)
    tournament.refresh_from_db()
    sheet = sheet_for(tournament, players_of(tournament, "ABCD"))
    player_d = sheet.seats.get(position="D").player
    checkin_record(
        session=sheet.session, player=player_d, arrived_at=START + datetime.timedelta(minutes=20)
    )
    # D played the session's hands anyway (no substitute): A wins 8 off D.
    play_and_close(sheet, winner="A", discarder="D")
    assert results(sheet)["D"] == (-30, 4, 0, True)
    assert results(sheet)["A"][1:3] == (1, 4)


def test_a_no_show_loses_the_session_at_once_without_an_arrival_time(tournament):
    sheet = sheet_for(tournament, players_of(tournament, "ABCD"))
    player_b = sheet.seats.get(position="B").player
    check_in = checkin_record(session=sheet.session, player=player_b, absent=True)
    assert (check_in.absent, check_in.arrived_at) == (True, None)
    penalty = sheet.penalties.get(player=player_b, voided_at__isnull=True)
    assert (penalty.kind, penalty.forfeited, penalty.minutes_late) == ("late", True, None)
    assert results(sheet)["B"] == (0, 4, 0, True)


def test_a_no_show_with_an_arrival_time_too_is_refused_and_nothing_is_recorded(tournament):
    sheet = sheet_for(tournament, players_of(tournament, "ABCD"))
    player_b = sheet.seats.get(position="B").player
    with pytest.raises(TournamentError, match="no arrival time"):
        checkin_record(session=sheet.session, player=player_b, absent=True, arrived_at=START)
    assert not sheet.session.check_ins.exists() and not sheet.penalties.exists()


def test_a_substitute_takes_a_no_shows_seat_and_its_payments(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(forfeit_contest_points=-10)
    tournament.refresh_from_db()
    sheet = sheet_for(tournament, players_of(tournament, "ABCD"))
    substitute = PlayerFactory(
        tournament=tournament, name="S", registration_number=99, status=Player.Status.SUBSTITUTE
    )
    player_b = sheet.seats.get(position="B").player
    checkin_record(session=sheet.session, player=player_b, absent=True)
    seat_replace_with_substitute(
        table_session=sheet, player=player_b, substitute=substitute, reason="no-show"
    )
    play_and_close(sheet, winner="B", discarder="C", points=8)
    lines = results(sheet)
    assert lines["S"] == (32, 1, 4, False), "the seat's payments are the substitute's"
    assert lines["B"] == (-10, 4, 0, True)
    sign_sheets(sheet)
    row = by_name(standings_compute(tournament=tournament))["B"]
    assert row.contest_points == -10 and row.sessions[0].forfeited
    session_line = standings_as_dict(standings_compute(tournament=tournament))["players"]
    assert next(p for p in session_line if p["name"] == "B")["sessions"][0]["forfeit"] is True


# -- 4. every closed sheet gives its players a result -----------------------------------------


@pytest.mark.parametrize("tie_rule, each", [("share", Fraction(7, 4)), ("highest", Fraction(4))])
def test_a_sheet_closed_by_the_sessions_end_with_nothing_on_it_is_a_four_way_tie(
    tournament, tie_rule, each
):
    Tournament.objects.filter(pk=tournament.pk).update(tie_rule=tie_rule)
    sheet = sheet_for(tournament, players_of(tournament, "ABCD"))
    assert not SessionResult.objects.filter(table_session=sheet).exists()
    session_end(session=sheet.session, at=START + datetime.timedelta(minutes=150))
    lines = results(sheet)
    assert set(lines) == set("ABCD")
    assert all(line[:3] == (0, 1, each) for line in lines.values())


def test_a_closed_sheet_with_only_penalties_is_decided_by_them(tournament):
    sheet = sheet_for(tournament, players_of(tournament, "ABCD"))
    penalty_record(
        table_session=sheet,
        player=sheet.seats.get(position="C").player,
        kind="deduction",
        amount=10,
        reason="slow play",
    )
    session_end(session=sheet.session, at=START + datetime.timedelta(minutes=150))
    lines = results(sheet)
    assert lines["C"][:3] == (-10, 4, 0)
    assert {lines[n][1] for n in "ABD"} == {1}


# -- what the printed standings say ------------------------------------------------------------


def printed_text(tournament) -> str:
    from io import BytesIO

    from pypdf import PdfReader

    from reports.forms.standings import render_standings

    data = {**standings_data(tournament=tournament), "fingerprint": "AAAA-BBBB-CCCC"}
    data["verify_url"] = "http://example.org/verify/AAAABBBBCCCC/"
    reader = PdfReader(BytesIO(render_standings(data)))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def test_the_printed_standings_mark_a_forfeit_and_print_no_place_for_the_disqualified(
    tournament,
):
    sheet = sheet_for(tournament, players_of(tournament, "ABCD"))
    checkin_record(session=sheet.session, player=sheet.seats.get(position="D").player, absent=True)
    play_and_close(sheet)
    sign_sheets(sheet)
    disqualify(tournament, "A")
    text = printed_text(tournament)
    assert "Standings — Official after session 1" in text
    assert "F: the session was lost (forfeit, rule 3.11.2)" in text
    assert "—: not ranked (disqualified, rule 3.11.5)." in text
    assert "— 1 A (disqualified)" in text


def test_a_loss_of_rank_shows_on_the_public_pages_at_once(
    two_tables, django_capture_on_commit_callbacks
):
    from tournaments.live import live_version

    before = live_version(two_tables.pk)
    leader = Player.objects.get(tournament=two_tables, name="A")
    with django_capture_on_commit_callbacks(execute=True):
        sanction_record(player=leader, kind=Sanction.Kind.LOSS_OF_RANK, reason="fouls")
    assert live_version(two_tables.pk) != before
