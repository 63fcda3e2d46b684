"""Migration 0010 recomputes stored results under the rules of issue #25 and lists every
result and standing that moved: nothing official changes silently."""

import datetime
import importlib

import pytest

from tests.tournaments.factories import (
    PlayerFactory,
    TournamentFactory,
    seated_table,
    sign_sheets,
    start_session,
)
from tournaments.models import Hand, SessionResult, Tournament
from tournaments.services.checkin import checkin_record
from tournaments.services.hands import hand_record_no_win, hand_record_win

pytestmark = pytest.mark.django_db
START = datetime.datetime(2026, 5, 1, 9, 0, tzinfo=datetime.UTC)
migration = importlib.import_module("tournaments.migrations.0010_recompute_results_under_the_rules")


def test_the_migration_recomputes_an_old_forfeit_and_lists_what_moved():
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    players = [
        PlayerFactory(tournament=tournament, name=n, lot_number=i + 1, registration_number=i + 1)
        for i, n in enumerate(["Ana", "Bo", "Cai", "Dan"])
    ]
    sheet = start_session(seated_table(tournament, players=players), START)
    checkin_record(
        session=sheet.session, player=players[3], arrived_at=START + datetime.timedelta(minutes=30)
    )
    hand_record_win(table_session=sheet, winner="A", discarder="D", points=20)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    sign_sheets(sheet)
    # As the rules before issue #25 stored it: the forfeiting player kept his payments.
    SessionResult.objects.filter(player=players[3]).update(score=-28)
    lines = []
    migration._report(
        tournament,
        *_recomputed(tournament),
        lines.append,
    )
    assert SessionResult.objects.get(player=players[3]).score == 0
    text = "\n".join(lines)
    assert "session 1 table 1 Dan: -28 (0 TP) -> 0 (0 TP)" in text
    assert "standing of Dan:" in text and "-28 CP -> place 4, 0 TP, 0 CP" in text
    result = SessionResult.objects.get(player=players[3])
    assert "issue #25" in result.history.latest().history_change_reason


def _recomputed(tournament):
    from tournaments.services.results import tournament_results_recompute

    before = migration._places(tournament)
    changes = tournament_results_recompute(tournament_id=tournament.pk, reason=migration.REASON)
    return changes, before, migration._places(tournament)


def test_the_migration_says_nothing_when_nothing_moved(capsys):
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    sheet = start_session(seated_table(tournament), START)
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=8)
    migration.recompute(None, None)
    assert capsys.readouterr().out == ""
