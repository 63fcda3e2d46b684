"""The tournament's dashboard: status and the next thing to do; per session and table, not
started / playing / complete / signed / countersigned; late arrivals, fouls, open appeals;
for organisers, the chief umpire and the committee only."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments.models import Hand, Session, Tournament
from tournaments.roles import Role
from tournaments.selectors.dashboard import dashboard_compute
from tournaments.services.hands import hand_record_no_win
from tournaments.services.penalties import penalty_record
from tournaments.services.sessions import session_start

pytestmark = pytest.mark.django_db


def url(tournament, live=False) -> str:
    name = "dashboard_live" if live else "dashboard"
    return reverse(f"admin:tournaments_tournament_{name}", args=[tournament.pk])


def running_session(tables: int = 3, started_ago: timedelta = timedelta(0)):
    tournament = TournamentFactory(entry_mode="points", status=Tournament.Status.SEATED)
    sheets = [seated_table(tournament, table_number=n) for n in range(1, tables + 1)]
    session_start(session=sheets[0].session, at=timezone.now() - started_ago)
    return tournament, sheets


def test_it_says_what_to_do_next_from_registration_to_the_chart():
    tournament = TournamentFactory()
    assert "Register the players" in dashboard_compute(tournament=tournament).next_step.text
    for number in range(1, 5):
        PlayerFactory(tournament=tournament, registration_number=number)
    step = dashboard_compute(tournament=tournament).next_step
    assert "Draw lots" in step.text and step.url_name == "tournaments_tournament_draw_lots"


def test_it_shows_which_tables_are_playing_and_how_far():
    # Past the time limit: a table may stop at the gong (3.5.6).
    tournament, (first, second, _third) = running_session(started_ago=timedelta(minutes=151))
    for _ in range(9):
        hand_record_no_win(table_session=first, outcome="draw")
    hand_record_no_win(table_session=second, outcome=Hand.Outcome.TIME_LIMIT)
    session = dashboard_compute(tournament=tournament).sessions[0]
    assert [(t.table, t.state) for t in session.tables] == [
        (1, "playing"),
        (2, "complete"),
        (3, "not_started"),
    ]
    assert "9/16" in session.tables[0].label
    assert "2 tables still playing" in dashboard_compute(tournament=tournament).next_step.text


def test_its_next_step_counts_one_table_or_sheet_in_the_singular():
    from tournaments.services.sessions import session_end
    from tournaments.services.signoff import sheet_confirm_player, sheet_countersign, sheet_sign

    # Past the time limit: a table may stop at the gong (3.5.6).
    tournament, (first, second) = running_session(tables=2, started_ago=timedelta(minutes=151))
    hand_record_no_win(table_session=first, outcome=Hand.Outcome.TIME_LIMIT)
    step = dashboard_compute(tournament=tournament).next_step.text
    assert step == "Session 1 is being played: 1 table still playing."
    hand_record_no_win(table_session=second, outcome=Hand.Outcome.TIME_LIMIT)
    session_end(session=first.session, at=timezone.now())
    for sheet in (first, second):
        for seat in sheet.seats.select_related("player"):
            sheet_confirm_player(table_session=sheet, player=seat.player)
    sheet_sign(table_session=first)
    step = dashboard_compute(tournament=tournament).next_step.text
    assert step == "Session 1: 1 sheet to confirm and sign."
    sheet_sign(table_session=second)
    step = dashboard_compute(tournament=tournament).next_step.text
    assert step == "Session 1: 2 signed sheets to countersign."
    sheet_countersign(table_session=first)
    step = dashboard_compute(tournament=tournament).next_step.text
    assert step == "Session 1: 1 signed sheet to countersign."


def test_it_counts_late_arrivals_and_fouls_of_each_session():
    tournament, (first, *_rest) = running_session()
    offender = first.seats.get(position="A").player
    penalty_record(table_session=first, player=offender, kind="warning", reason="Slow play")
    session = dashboard_compute(tournament=tournament).sessions[0]
    assert (session.fouls, session.late_arrivals) == (1, 0)


def test_its_queries_do_not_grow_with_the_tables(make_staff):
    small, _sheets = running_session(tables=2)
    large, _sheets = running_session(tables=6)
    with CaptureQueriesContext(connection) as few:
        dashboard_compute(tournament=small)
    with CaptureQueriesContext(connection) as many:
        dashboard_compute(tournament=large)
    assert len(many) == len(few)


def test_the_page_and_its_live_part_show_the_tables(client, make_staff):
    tournament, _sheets = running_session()
    client.force_login(make_staff("chief", Role.CHIEF_UMPIRE))
    page = client.get(url(tournament))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Table 3" in text and "not started" in text and "Running" in text
    live = client.get(url(tournament, live=True)).json()
    assert "Table 1" in live["html"] and live["status"] == "Running"


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.CHIEF_UMPIRE, Role.COMMITTEE])
def test_the_event_staff_may_open_it(client, make_staff, role):
    tournament, _sheets = running_session()
    client.force_login(make_staff("staff", role))
    assert client.get(url(tournament)).status_code == 200


@pytest.mark.parametrize("role", [Role.UMPIRE, None])
def test_an_umpire_or_a_login_without_a_role_is_refused(client, make_staff, role):
    tournament, _sheets = running_session()
    client.force_login(make_staff("someone", role))
    assert client.get(url(tournament)).status_code == 403
    assert client.get(url(tournament, live=True)).status_code == 403


def test_the_tournament_page_links_to_the_dashboard_and_hides_lots_once_finished(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.FINISHED)
    text = admin_client.get(
        reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    ).content.decode()
    assert url(tournament) in text
    assert "Draw lots" not in text and "Generate seating chart" not in text


@pytest.fixture
def shared_tables(settings):
    """The dashboard's tables kept as deployed (tests/conftest.py turns it off elsewhere)."""
    settings.DASHBOARD_SHARED_SECONDS = 10


def new_live_version(tournament) -> None:
    """A version no earlier test used (the cache outlives their rolled-back tournaments)."""
    from django.core.cache import cache

    cache.delete_many([f"live:v:{tournament.pk}", f"live:pub:{tournament.pk}"])


def test_the_directors_refreshes_of_one_version_draw_the_tables_once(
    client, make_staff, monkeypatch, shared_tables
):
    """Issue #31: the tables' part is computed and drawn once per version for every director
    and web process (kept in the shared cache), the rest of the page at each refresh."""
    import tournaments.admin.dashboard as dashboard_admin

    tournament, _sheets = running_session()
    new_live_version(tournament)
    drawn = []
    real = dashboard_admin.dashboard_sessions
    monkeypatch.setattr(
        dashboard_admin, "dashboard_sessions", lambda **kw: drawn.append(1) or real(**kw)
    )
    client.force_login(make_staff("chief", Role.CHIEF_UMPIRE))
    first = client.get(url(tournament, live=True)).json()
    client.force_login(make_staff("organiser", Role.ORGANISER))
    second = client.get(url(tournament, live=True)).json()
    page = client.get(url(tournament)).content.decode()
    assert len(drawn) == 1
    assert first["html"] == second["html"] and "Table 3" in first["html"] and first["html"] in page


def test_a_hand_recorded_shows_at_the_next_refresh_once_its_version_is_published(
    client, make_staff, settings, monkeypatch, shared_tables, django_capture_on_commit_callbacks
):
    import tournaments.live

    tournament, (first, *_rest) = running_session()
    new_live_version(tournament)
    client.force_login(make_staff("chief", Role.CHIEF_UMPIRE))
    assert "Table 1</strong>not started" in client.get(url(tournament, live=True)).json()["html"]
    with django_capture_on_commit_callbacks(execute=True):  # its new version, once committed
        hand_record_no_win(table_session=first, outcome="draw")
    # Published at most every PUBLIC_RENDER_SECONDS (2 here): the same second, the old copy.
    assert "1/16" not in client.get(url(tournament, live=True)).json()["html"]
    later = tournaments.live.time.time() + settings.PUBLIC_RENDER_SECONDS
    monkeypatch.setattr(tournaments.live.time, "time", lambda: later)
    assert "1/16" in client.get(url(tournament, live=True)).json()["html"]


def test_the_idle_tables_are_judged_on_the_kept_copy_and_follow_its_next_version(
    client, make_staff, settings, shared_tables, django_capture_on_commit_callbacks
):
    """Issue #31: the running session's last hands come with the tables kept per version (no
    query of their own at each refresh); a hand recorded shows once its version is
    published, here at once."""
    settings.PUBLIC_RENDER_SECONDS = 0
    tournament, (first, second, _third) = running_session()
    Session.objects.filter(pk=first.session_id).update(
        actual_start=timezone.now() - timedelta(minutes=30)
    )
    with django_capture_on_commit_callbacks(execute=True):
        hand = hand_record_no_win(table_session=first, outcome="draw")
    Hand.objects.filter(pk=hand.pk).update(entered_at=timezone.now() - timedelta(minutes=25))
    new_live_version(tournament)
    client.force_login(make_staff("chief", Role.CHIEF_UMPIRE))
    now = client.get(url(tournament, live=True)).json()["now"]
    assert 'data-table="1"' in now and 'data-table="2"' in now
    with django_capture_on_commit_callbacks(execute=True):
        hand_record_no_win(table_session=second, outcome="draw")
    now = client.get(url(tournament, live=True)).json()["now"]
    assert 'data-table="1"' in now and 'data-table="2"' not in now


def test_a_session_unknown_to_the_kept_tables_is_read_at_once(client, make_staff, shared_tables):
    """A session written without a new version (an ORM write; the services all make one) is
    missing from the kept tables: the page reads its tables at once rather than fail."""
    tournament, (first, _second, _third) = running_session()
    new_live_version(tournament)
    client.force_login(make_staff("chief", Role.CHIEF_UMPIRE))
    assert client.get(url(tournament, live=True)).status_code == 200  # kept: session 1 only
    now = timezone.now()
    Session.objects.filter(pk=first.session_id).update(actual_end=now)
    second = seated_table(tournament, session_number=2, table_number=1)
    Session.objects.filter(pk=second.session_id).update(actual_start=now)
    response = client.get(url(tournament, live=True))
    assert response.status_code == 200
    assert "Time left" in response.json()["now"]
