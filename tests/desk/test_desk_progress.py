"""`desk_progress(tournament)`: per started session, the sheets awaiting a first entry, a second
entry, whose entries differ, recorded at the desk, kept by their umpire; and its panel on the
tournament's dashboard (registered by the desk: tournaments never imports it)."""

import copy

import pytest
from django.urls import reverse

from desk.selectors import desk_progress, desk_sheet_status
from tests.desk.helpers import PAPER, key, win
from tests.tournaments.factories import seated_table
from tournaments.roles import Role
from tournaments.services.hands import hand_record_no_win

pytestmark = pytest.mark.django_db


@pytest.fixture
def session_of_six(sheet, clerks):
    """Six tables of session 1 (started), one in each state; session 2 not started."""
    tournament = sheet.session.tournament
    sheets = [sheet] + [seated_table(tournament, table_number=n) for n in range(2, 7)]
    differing = copy.deepcopy(PAPER)
    differing["hands"][0] = win("A", "C", 16)
    key(clerks[0], sheets[1], PAPER)  # table 2: awaiting a second entry
    key(clerks[0], sheets[2], PAPER)  # table 3: differ
    key(clerks[1], sheets[2], differing)
    key(clerks[0], sheets[3], PAPER)  # table 4: recorded
    key(clerks[1], sheets[3], PAPER)
    hand_record_no_win(table_session=sheets[4], outcome="draw")  # table 5: its umpire's
    # tables 1 and 6: awaiting a first entry
    seated_table(tournament, session_number=2, table_number=1)
    return tournament, sheets


def test_it_counts_each_sessions_sheets_by_where_they_stand(session_of_six):
    tournament, sheets = session_of_six
    (row,) = desk_progress(tournament)
    assert row.session.number == 1
    counts = (
        row.awaiting_first,
        row.awaiting_second,
        row.differ,
        row.recorded,
        row.kept_by_umpire,
    )
    assert counts == (2, 1, 1, 1, 1)
    assert row.to_key == 4
    assert [desk_sheet_status(s) for s in sheets] == [
        "awaiting_first_entry",
        "awaiting_second_entry",
        "differ",
        "recorded",
        "kept_by_umpire",
        "awaiting_first_entry",
    ]


def test_an_agreeing_entry_ends_the_difference(session_of_six, clerks):
    tournament, sheets = session_of_six
    key(clerks[2], sheets[2], PAPER)
    (row,) = desk_progress(tournament)
    assert (row.differ, row.recorded) == (0, 2)


def test_the_dashboard_shows_the_desk_once_it_is_used(client, login, sheet, session_of_six):
    tournament, _sheets = session_of_six
    client.force_login(login(Role.CHIEF_UMPIRE))
    url = reverse("admin:tournaments_tournament_dashboard", args=[tournament.pk])
    page = client.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="dash-desk"' in text and "Awaiting a second entry" in text
    assert '<td class="awaiting-first">2</td>' in text
    assert '<td class="differ"><strong>1</strong></td>' in text
    live = client.get(
        reverse("admin:tournaments_tournament_dashboard_live", args=[tournament.pk])
    ).json()
    assert 'id="dash-desk"' in live["panels"]


def test_a_tournament_without_the_desk_shows_no_desk_panel(client, login, sheet):
    client.force_login(login(Role.CHIEF_UMPIRE))
    url = reverse("admin:tournaments_tournament_dashboard", args=[sheet.session.tournament.pk])
    page = client.get(url)
    assert page.status_code == 200 and 'id="dash-desk"' not in page.content.decode()
