"""The top of the director's dashboard (issue 29): the running session's time left and how far
past its limit, the tables with no hand for 20 minutes, what waits (appeals; the players'
disputed hands and the score desk's entries, counted by the apps that register a counter),
and the one next thing to do, by priority. `now` is fixed: nothing reads the clock."""

import ast
import datetime
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from desk.models import DeskEntry
from player_entry.models import TableEntry
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.admin.dashboard import NOW as NOW_TEMPLATE
from tournaments.models import Appeal, Hand, Session, TableSession, Tournament
from tournaments.roles import Role
from tournaments.selectors import dashboard_now as now_module
from tournaments.selectors.dashboard import dashboard_compute
from tournaments.selectors.dashboard_now import dashboard_now
from tournaments.services.hands import hand_record_no_win

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 1, 10, 9, 0, tzinfo=datetime.UTC)
MINUTE = datetime.timedelta(minutes=1)
ROOT = Path(__file__).resolve().parents[2]


def running(tables: int = 3, *, minutes: int = 150, **fields):
    """A tournament whose session 1 started at START, with `tables` sheets."""
    tournament = TournamentFactory(
        status=Tournament.Status.RUNNING, session_minutes=minutes, **fields
    )
    sheets = [seated_table(tournament, table_number=n) for n in range(1, tables + 1)]
    Session.objects.filter(pk=sheets[0].session_id).update(actual_start=START)
    return tournament, [TableSession.objects.get(pk=s.pk) for s in sheets]


def hand_at(sheet, at, outcome="draw") -> Hand:
    hand = hand_record_no_win(table_session=sheet, outcome=outcome)
    Hand.objects.filter(pk=hand.pk).update(entered_at=at)
    return hand


def now_at(tournament, at, **kwargs):
    return dashboard_now(
        tournament=tournament, dashboard=dashboard_compute(tournament=tournament), now=at, **kwargs
    )


def idle_at(tournament, at) -> list[tuple[int, int]]:
    return [(t.table, t.minutes) for t in now_at(tournament, at).idle]


# -- the clock ----------------------------------------------------------------------------


def test_the_time_left_counts_down_to_the_sessions_limit():
    tournament, _sheets = running(minutes=150)
    clock = now_at(tournament, START + 100 * MINUTE + datetime.timedelta(seconds=15)).clock
    assert clock.number == 1 and clock.limit == START + 150 * MINUTE
    assert (clock.overtime, clock.seconds_left) == (False, 49 * 60 + 45)
    assert clock.display == "0:49:45" and clock.words == "50 minutes left"


def test_past_the_limit_it_says_how_far_past_as_the_umpires_page_counts_it():
    tournament, _sheets = running(minutes=120)
    clock = now_at(tournament, START + 124 * MINUTE + datetime.timedelta(seconds=30)).clock
    assert clock.overtime and clock.minutes_over == 5  # a started minute counts whole
    assert clock.display == "+0:04:30"
    assert clock.words == "5 minutes past the time limit"
    assert not now_at(tournament, START + 120 * MINUTE).clock.overtime


def test_with_no_session_running_there_is_no_clock():
    tournament, (sheet, *_rest) = running()
    Session.objects.filter(pk=sheet.session_id).update(actual_end=START + 150 * MINUTE)
    assert now_at(tournament, START + 160 * MINUTE).clock is None


# -- idle tables --------------------------------------------------------------------------


def test_a_table_is_flagged_idle_after_twenty_minutes_without_a_hand_and_not_before():
    tournament, (first, second, third) = running()
    hand_at(first, START + 5 * MINUTE)
    hand_at(third, START + 21 * MINUTE)
    # Table 2 has no hand: counted from the session's start.
    assert idle_at(tournament, START + 20 * MINUTE) == []
    assert idle_at(tournament, START + 20 * MINUTE + datetime.timedelta(seconds=1)) == [(2, 20)]
    assert idle_at(tournament, START + 26 * MINUTE) == [(1, 21), (2, 26)]
    assert idle_at(tournament, START + 42 * MINUTE) == [(1, 37), (2, 42), (3, 21)]


def test_a_complete_sheet_is_never_flagged_idle():
    tournament, (first, second, _third) = running()
    hand_at(first, START + 5 * MINUTE)
    hand_at(second, START + 10 * MINUTE, outcome=Hand.Outcome.TIME_LIMIT)  # closes the sheet
    assert TableSession.objects.get(pk=second.pk).status == TableSession.Status.COMPLETE
    assert [table for table, _m in idle_at(tournament, START + 90 * MINUTE)] == [1, 3]


def test_a_session_with_no_hand_at_all_flags_no_table():
    """Its sheets are on paper (keyed at the desk afterwards): 32 red tables would be noise."""
    tournament, _sheets = running()
    found = now_at(tournament, START + 60 * MINUTE)
    assert found.idle == [] and found.no_hand_yet


# -- what waits, from the apps that register a counter -------------------------------------


def disputed(sheet, number: int = 3) -> TableEntry:
    return TableEntry.objects.create(
        table_session=sheet,
        number=number,
        outcome="draw",
        entered_by=sheet.seats.get(position="A").player,
        key=f"key-{sheet.pk}-{number}",
        seen_version=sheet.version,
        status=TableEntry.Status.DISPUTED,
    )


def keyed_once(sheet, clerk: str = "clerk") -> DeskEntry:
    user, _ = get_user_model().objects.get_or_create(username=clerk)
    return DeskEntry.objects.create(
        table_session=sheet, clerk=user, payload={"hands": []}, status=DeskEntry.Status.FIRST
    )


def test_the_disputes_and_the_desks_entries_waiting_are_counted_by_their_apps():
    tournament, (first, second, third) = running(hand_entry=Tournament.HandEntry.BOTH)
    disputed(first)
    disputed(second, number=5)
    keyed_once(third)
    waiting = {w.key: w for w in now_at(tournament, START + MINUTE).waiting}
    assert sorted(waiting) == ["desk", "disputes"]
    assert (waiting["disputes"].count, waiting["desk"].count) == (2, 1)
    assert waiting["disputes"].summary == "2 disputed hands"
    assert waiting["desk"].summary == "1 sheet waiting at the score desk"
    assert "status__exact=first" in waiting["desk"].url


def test_a_tournament_without_players_entry_or_desk_counts_neither():
    tournament, _sheets = running(hand_entry=Tournament.HandEntry.UMPIRES)
    assert now_at(tournament, START + MINUTE).waiting == []


def test_the_apps_register_their_counters_and_tournaments_imports_neither():
    from desk.dashboard import desk_waiting
    from player_entry.dashboard import disputes_waiting

    assert {disputes_waiting, desk_waiting} <= set(now_module._COUNTERS)
    for path in (ROOT / "tournaments").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            assert not any(n.split(".")[0] in ("desk", "player_entry") for n in names), path


# -- the next thing to do, by priority ----------------------------------------------------


@pytest.fixture
def day():
    """Session 1 ended with two sheets signed; session 2 running since START, its table 1
    idle (table 2 had a hand at START + 30 min), past its time limit at START + 130 min;
    session 3 seated, not started. An open appeal, a disputed hand, a sheet keyed once."""
    tournament = TournamentFactory(
        status=Tournament.Status.RUNNING,
        session_minutes=120,
        hand_entry=Tournament.HandEntry.BOTH,
    )
    first = [seated_table(tournament, session_number=1, table_number=n) for n in (1, 2)]
    second = [
        seated_table(tournament, session_number=2, table_number=n, players=_players(s))
        for n, s in ((1, first[0]), (2, first[1]))
    ]
    seated_table(tournament, session_number=3, table_number=1, players=_players(first[0]))
    seated_table(tournament, session_number=3, table_number=2, players=_players(first[1]))
    earlier = START - 200 * MINUTE
    Session.objects.filter(pk=first[0].session_id).update(
        actual_start=earlier, actual_end=earlier + 120 * MINUTE
    )
    TableSession.objects.filter(session_id=first[0].session_id).update(
        status=TableSession.Status.SIGNED, closed_by="session_end", umpire_signed_at=START
    )
    Session.objects.filter(pk=second[0].session_id).update(actual_start=START)
    hand_at(TableSession.objects.get(pk=second[1].pk), START + 30 * MINUTE)
    filer = get_user_model().objects.create(username="filer")
    appeal = Appeal.objects.create(
        session=second[0].session,
        player=second[0].seats.get(position="A").player,
        filed_by=filer,
        filed_at=START,
        subject=Appeal.Subject.OTHER,
        statement="The umpire ruled wrongly.",
        confirmed_by_filer=True,
        fee_amount=0,
        fee_currency="EUR",
    )
    dispute = disputed(second[1])
    desk = keyed_once(second[0])
    return tournament, {"appeal": appeal, "dispute": dispute, "desk": desk, "sheets": second}


def _players(sheet):
    return [sheet.seats.get(position=p).player for p in "ABCD"]


def next_at(tournament, minutes: int, **kwargs):
    return now_at(tournament, START + minutes * MINUTE, **kwargs).next


def test_an_open_appeal_comes_first(day):
    tournament, things = day
    step = next_at(tournament, 131)
    assert step.text.startswith("1 appeal is open: settle it")
    assert step.url == reverse("admin:tournaments_appeal_change", args=[things["appeal"].pk])


def test_then_a_disputed_hand(day):
    tournament, things = day
    Appeal.objects.all().delete()
    step = next_at(tournament, 131)
    assert step.text == "1 hand is disputed by its players: settle it."
    assert step.url == reverse("admin:player_entry_tableentry_settle", args=[things["dispute"].pk])


def test_then_the_desks_entries_waiting(day):
    tournament, _things = day
    Appeal.objects.all().delete()
    TableEntry.objects.all().delete()
    step = next_at(tournament, 131)
    assert step.text.startswith("1 sheet keyed at the score desk awaits a second entry")
    assert step.url.startswith(reverse("admin:desk_deskentry_changelist"))


def test_then_the_idle_tables(day):
    tournament, things = day
    Appeal.objects.all().delete()
    TableEntry.objects.all().delete()
    DeskEntry.objects.all().delete()
    step = next_at(tournament, 55)
    assert step.text == ("Tables 1, 2 have recorded no hand for 25 minutes or more: check them.")
    longest = things["sheets"][0]
    assert step.url == reverse("admin:tournaments_tablesession_change", args=[longest.pk])
    assert next_at(tournament, 45).text == (
        "Table 1 has recorded no hand for 45 minutes: check it."
    )


def test_then_the_session_past_its_limit_to_end(day):
    tournament, things = day
    Appeal.objects.all().delete()
    TableEntry.objects.all().delete()
    DeskEntry.objects.all().delete()
    for sheet in things["sheets"]:
        hand_at(sheet, START + 125 * MINUTE)
    step = next_at(tournament, 131)
    assert step.text == (
        "Session 2 passed its time limit 11 minutes ago: sound the gong and end it (Sessions: End)."
    )
    assert step.url.startswith(reverse("admin:tournaments_session_changelist"))


def test_then_a_session_whose_tables_all_finished_to_end(day):
    tournament, things = day
    Appeal.objects.all().delete()
    TableEntry.objects.all().delete()
    DeskEntry.objects.all().delete()
    TableSession.objects.filter(session__number=1).update(
        status=TableSession.Status.FINAL, countersigned_at=START
    )
    one, two = things["sheets"]
    hand_at(one, START + 45 * MINUTE, outcome=Hand.Outcome.TIME_LIMIT)
    # Table 2 plays on (its last hand at START + 30, not idle yet), nothing else waits: the
    # tournament's own step.
    assert next_at(tournament, 50).text == "Session 2 is being played: 1 table still playing."
    hand_at(two, START + 50 * MINUTE, outcome=Hand.Outcome.TIME_LIMIT)
    step = next_at(tournament, 50)
    assert step.text == "Every table of session 2 has finished: end it (Sessions: End)."
    assert step.url.startswith(reverse("admin:tournaments_session_changelist"))


def _session_two_ended(things):
    Appeal.objects.all().delete()
    TableEntry.objects.all().delete()
    DeskEntry.objects.all().delete()
    Session.objects.filter(pk=things["sheets"][0].session_id).update(
        actual_end=START + 125 * MINUTE
    )
    TableSession.objects.filter(session_id=things["sheets"][0].session_id).update(
        status=TableSession.Status.FINAL,
        closed_by="session_end",
        umpire_signed_at=START,
        countersigned_at=START,
    )


def test_then_the_signed_sheets_to_countersign(day):
    tournament, things = day
    _session_two_ended(things)
    step = next_at(tournament, 140)
    assert step.text == "Session 1: countersign 2 signed sheets."
    session = Session.objects.get(tournament=tournament, number=1)
    assert step.url == reverse("admin:tournaments_session_countersign", args=[session.pk])
    # A reader who may not countersign is sent to the session's page.
    assert next_at(tournament, 140, countersigns=False).url == reverse(
        "admin:tournaments_session_change", args=[session.pk]
    )


def test_then_the_next_session_to_start(day):
    tournament, things = day
    _session_two_ended(things)
    TableSession.objects.filter(session__number=1).update(
        status=TableSession.Status.FINAL, countersigned_at=START
    )
    step = next_at(tournament, 140)
    assert step.text == "Start session 3 (Sessions: Start)."
    assert step.url.startswith(reverse("admin:tournaments_session_changelist"))


def test_with_nothing_else_the_tournaments_own_step(day):
    tournament, things = day
    _session_two_ended(things)
    TableSession.objects.filter(session__number=1).update(
        status=TableSession.Status.FINAL, countersigned_at=START
    )
    Session.objects.filter(number=3).update(
        actual_start=START + 130 * MINUTE, actual_end=START + 250 * MINUTE
    )
    TableSession.objects.filter(session__number=3).update(
        status=TableSession.Status.FINAL,
        closed_by="session_end",
        umpire_signed_at=START,
        countersigned_at=START,
    )
    assert next_at(tournament, 300).text == "Every session is played and countersigned."
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    step = next_at(tournament, 300)
    assert step.text.startswith("The tournament is finished")
    assert step.url == reverse("admin:tournaments_tournament_print_forms", args=[tournament.pk])


# -- the page -----------------------------------------------------------------------------


def test_the_page_and_its_refresh_show_the_clock_the_idle_tables_and_what_waits(client, make_staff):
    tournament, (first, _second, _third) = running(
        tables=3, hand_entry=Tournament.HandEntry.BOTH, minutes=150
    )
    Session.objects.filter(tournament=tournament).update(actual_start=timezone.now() - 30 * MINUTE)
    hand_at(first, timezone.now() - 2 * MINUTE)
    disputed(first)
    client.force_login(make_staff("chief", Role.CHIEF_UMPIRE))
    url = reverse("admin:tournaments_tournament_dashboard", args=[tournament.pk])
    page = client.get(url).content.decode()
    live = client.get(
        reverse("admin:tournaments_tournament_dashboard_live", args=[tournament.pk])
    ).json()
    top = page[page.index('<section class="dash-now') : page.index("</section>")]
    for html in (top, live["now"]):
        assert 'id="dash-now"' in html and "Time left" in html and "data-limit=" in html
        assert 'class="idle-table" data-table="2"' in html
        assert 'data-table="1"' not in html
        assert "1 disputed hand" in html
        assert "1 hand is disputed by its players: settle it." in html
    assert live["next"] == "1 hand is disputed by its players: settle it."
    assert "tournaments/dashboard_now.js" in page


# -- bounded queries ----------------------------------------------------------------------


def test_its_queries_are_bounded_for_a_32_table_session(django_assert_max_num_queries):
    tournament, sheets = running(tables=32, hand_entry=Tournament.HandEntry.BOTH)
    for sheet in sheets[::2]:
        hand_at(sheet, START + 5 * MINUTE)
    disputed(sheets[1])
    keyed_once(sheets[2])
    dashboard = dashboard_compute(tournament=tournament)
    # The sessions and one per counter: the sheets' last hands came with the dashboard's
    # tables (kept per version for every director), not read again at each refresh.
    with django_assert_max_num_queries(3):
        found = dashboard_now(tournament=tournament, dashboard=dashboard, now=START + 30 * MINUTE)
    assert len(found.idle) == 32
    # The page names the 12 idle the longest (no hand yet: 30 minutes), and says how many more.
    assert [t.table for t in found.idle_shown] == [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24]
    assert found.idle_more == 20
    html = render_to_string(NOW_TEMPLATE, {"now": found})
    assert html.count('class="idle-table"') == 12 and "and 20 more" in html
