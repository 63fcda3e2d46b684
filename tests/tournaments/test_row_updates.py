"""rows_update: several rows of a model, each to its own values, in one UPDATE (the session
results after every hand, issue #31), on SQLite and on PostgreSQL (CI's second pass)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.signoff_helpers import win
from tournaments.models import Correction, SessionResult
from tournaments.services.results import table_session_recompute
from tournaments.services.row_updates import rows_update

pytestmark = pytest.mark.django_db


def stored(sheet) -> dict[str, tuple]:
    return {
        r.position: (r.score, r.rank, r.table_points_12, r.forfeited)
        for r in SessionResult.objects.filter(table_session=sheet)
    }


def test_each_row_takes_its_own_values_of_every_kind_of_column_in_one_statement(sheet):
    win(sheet, winner="A", discarder="B", points=8)
    d_before = stored(sheet)["D"]
    results = list(SessionResult.objects.filter(table_session=sheet).order_by("position"))
    for number, result in enumerate(results):
        result.score = -1000 * (number + 1)  # negative integers
        result.rank = 4 - number
        result.table_points_12 = 12 * number
        result.forfeited = number == 0  # booleans both ways (a forfeit has no table points)
    with CaptureQueriesContext(connection) as queries:
        updated = rows_update(
            SessionResult, results[:3], ["score", "rank", "table_points_12", "forfeited"]
        )
    assert updated == 3
    assert len(queries.captured_queries) == 1
    assert stored(sheet) == {
        "A": (-1000, 4, 0, True),
        "B": (-2000, 3, 12, False),
        "C": (-3000, 2, 24, False),
        "D": d_before,  # not given: as the hand left it
    }


def test_a_row_left_out_keeps_its_values(sheet):
    win(sheet, winner="A", discarder="B", points=8)
    before = stored(sheet)
    results = list(SessionResult.objects.filter(table_session=sheet).order_by("position"))
    results[0].score = 77
    rows_update(SessionResult, results[:1], ["score"])
    after = stored(sheet)
    assert after["A"] == (77, *before["A"][1:])
    assert {p: after[p] for p in "BCD"} == {p: before[p] for p in "BCD"}


def test_a_text_column_takes_its_values(sheet):
    win(sheet, winner="A", discarder="B", points=8)
    a, b = SessionResult.objects.filter(table_session=sheet, position__in="AB").order_by(
        "position"
    )
    a.position, b.position = "B", "A"
    rows_update(SessionResult, [a, b], ["position"])
    assert set(SessionResult.objects.filter(pk=a.pk).values_list("position", flat=True)) == {"B"}
    assert set(SessionResult.objects.filter(pk=b.pk).values_list("position", flat=True)) == {"A"}


def test_nothing_to_update_writes_nothing(sheet):
    with CaptureQueriesContext(connection) as queries:
        assert rows_update(SessionResult, [], ["score"]) == 0
    assert queries.captured_queries == []


def test_a_nullable_column_is_refused_rather_than_written_untyped():
    with pytest.raises(ValueError, match="nullable"):
        rows_update(Correction, [Correction(pk=1)], ["appeal"])


def test_a_recompute_puts_back_every_moved_result_with_a_history_row_each(sheet):
    win(sheet, winner="A", discarder="B", points=8)
    win(sheet, winner="C", discarder="D", points=20)
    after_hands = stored(sheet)
    SessionResult.objects.filter(table_session=sheet).update(score=0, rank=1, table_points_12=0)
    history_before = SessionResult.history.filter(table_session=sheet).count()
    table_session_recompute(table_session=sheet, reason="put back")
    assert stored(sheet) == after_hands
    written = SessionResult.history.filter(table_session=sheet).order_by("-history_id")
    assert written.count() == history_before + 4
    assert {(h.position, h.score, h.history_change_reason) for h in written[:4]} == {
        (position, figures[0], "put back") for position, figures in after_hands.items()
    }
