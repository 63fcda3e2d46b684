"""The demo's third session is played on paper and keyed at the desk (issue 27): two clerks
key every sheet, one mistyped entry is caught, and the results are those the tablets give."""

from io import StringIO

import pytest
from django.core.management import call_command

from desk.models import DeskEntry
from tests.shared_rows import built_once
from tournaments.demo import paper
from tournaments.models import Hand, SessionResult, TableSession

DEMO = ("--players", "8", "--sessions", "6", "--seed", "4", "--time-limit", "1")


def build(slug: str) -> None:
    call_command("demo", *DEMO, "--slug", slug, stdout=StringIO(), stderr=StringIO())


def results(slug: str) -> list:
    return list(
        SessionResult.objects.filter(session__tournament__slug=slug)
        .order_by("session__number", "player__lot_number")
        .values_list("session__number", "player__lot_number", "score", "table_points_12")
    )


@pytest.fixture(scope="module")
def paper_demo(django_db_setup, django_db_blocker):
    """The demo with its paper session, built once for this module's tests (they only read
    it; tests/shared_rows.py)."""
    yield from built_once(django_db_blocker, lambda: build("paper"))


@pytest.mark.slow  # the whole demo, keyed at the desk
@pytest.mark.django_db
def test_the_demos_third_session_is_keyed_twice_at_the_desk_and_each_sheet_recorded(paper_demo):
    sheets = TableSession.objects.filter(session__tournament__slug="paper")
    on_paper = sheets.filter(session__number=paper.PAPER_SESSION)
    assert on_paper.count() == 2
    for sheet in on_paper:
        counted = sheet.desk_entries.filter(status=DeskEntry.Status.RECORDED)
        assert sorted(counted.values_list("clerk__username", flat=True)) == ["desk1", "desk2"]
        assert sheet.hands.exists()
        assert set(sheet.hands.values_list("entered_by__username", flat=True)) == {"desk2"}
        assert sheet.confirmations.count() == 4 and sheet.status == TableSession.Status.FINAL
    # The second clerk mistyped the first table once: his entry differed, then was replaced.
    first_table = on_paper.order_by("table__number").first()
    assert first_table.desk_entries.filter(status=DeskEntry.Status.SUPERSEDED).count() == 1
    # The other sessions were entered at the tablets: no desk entry.
    assert not DeskEntry.objects.exclude(table_session__in=on_paper).exists()
    umpired = Hand.objects.filter(table_session__in=sheets.exclude(pk__in=on_paper))
    assert not umpired.filter(entered_by__username__startswith="desk").exists()


@pytest.mark.slow  # the whole demo, keyed at the desk
@pytest.mark.django_db
def test_the_papers_keyed_at_the_desk_give_the_results_the_tablets_give(paper_demo, monkeypatch):
    monkeypatch.setattr(paper, "_KEYERS", [])  # no desk: every session at the tablets
    build("tablets")
    assert not DeskEntry.objects.filter(table_session__session__tournament__slug="tablets")
    assert results("paper") == results("tablets")
    keyed = Hand.objects.filter(
        table_session__session__tournament__slug="paper",
        table_session__session__number=paper.PAPER_SESSION,
    )
    umpired = Hand.objects.filter(
        table_session__session__tournament__slug="tablets",
        table_session__session__number=paper.PAPER_SESSION,
    )
    columns = ("table_session__table__number", "number", "outcome", "winner_position", "points")
    assert list(keyed.order_by(*columns[:2]).values_list(*columns)) == list(
        umpired.order_by(*columns[:2]).values_list(*columns)
    )
