"""Seating generation and re-seating as background jobs: the admin pages start a job and open
its page; the search runs outside any transaction, holding no lock, and the chart is written
only if the players it was searched for are still those of the tournament."""

import threading

import pytest
from django.db import connection, connections
from django.urls import reverse

from tests.tournaments.factories import (
    PlayerFactory,
    TeamFactory,
    TournamentFactory,
    start_session,
)
from tests.tournaments.job_fixtures import lots_drawn_tournament
from tournaments import seating_adapter
from tournaments.admin.jobs import job_url
from tournaments.errors import TournamentError
from tournaments.models import Job, Player, Seat, Session, Tournament
from tournaments.roles import Role
from tournaments.services.jobs import job_start
from tournaments.services.lots import lots_draw
from tournaments.services.seating import seating_generate, seating_reseat_remaining

pytestmark = pytest.mark.django_db

CHANGED = "The players changed while the chart was searched; start again."


def url(name: str, tournament) -> str:
    return reverse(f"admin:tournaments_tournament_{name}", args=[tournament.pk])


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def organiser(make_staff):
    return make_staff("organiser", Role.ORGANISER)


@pytest.fixture
def sixteen(db):
    """16 players in four teams of four, lots drawn."""
    tournament = TournamentFactory(name="Kyoto Open")
    teams = [TeamFactory(tournament=tournament, name=f"T{i}") for i in range(4)]
    for i in range(16):
        PlayerFactory(
            tournament=tournament, name=f"P{i}", team=teams[i // 4], registration_number=i + 1
        )
    lots_draw(tournament=tournament, seed="lots")
    return tournament


def during_search(monkeypatch, name: str, action):
    """Do `action()` while the engine searches (as another organiser would meanwhile)."""
    real = getattr(seating_adapter, name)

    def search(**kwargs):
        action()
        return real(**kwargs)

    monkeypatch.setattr(seating_adapter, name, search)


# -- the admin pages start a job -------------------------------------------------------------


def test_the_seating_page_starts_a_job_whose_page_shows_the_chart_done_and_its_seed(
    client, organiser, sixteen, run_jobs
):
    client.force_login(organiser)
    with run_jobs():
        response = client.post(url("seating", sixteen), {"seed": "chart-1", "time_limit": "1"})
    job = Job.objects.get()
    assert response.status_code == 302 and response.url == job_url(job)
    assert (job.kind, job.requested_by, job.params) == (
        "seating",
        organiser,
        {"seed": "chart-1", "time_limit": 1.0},
    )
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("done", 3, 3)
    assert job.message == "Seating chart generated. Seed (print it): chart-1"
    assert not job.result_file
    assert Session.objects.filter(tournament=sixteen).count() == 6
    assert Seat.objects.filter(session__tournament=sixteen, session__number=1).count() == 16
    sixteen.refresh_from_db()
    assert (sixteen.seating_seed, sixteen.status) == ("chart-1", Tournament.Status.SEATED)
    page = client.get(job_url(job)).content.decode()
    assert "Seed (print it): chart-1" in page and 'value="100"' in page
    status = client.get(reverse("admin:tournaments_job_status", args=[job.pk])).json()
    assert (status["percent"], status["download_url"]) == (100, None)


def test_the_re_seat_page_starts_a_job_that_keeps_the_sessions_before(
    client, organiser, sixteen, run_jobs
):
    seating_generate(tournament=sixteen, seed="chart", time_limit=1)
    first = list(Seat.objects.filter(session__number__lt=4).values_list("player_id", "position"))
    client.force_login(organiser)
    data = {"from_session": "4", "seed": "again", "time_limit": "1"}
    with run_jobs():
        response = client.post(url("reseat", sixteen), data)
    job = Job.objects.get()
    assert response.url == job_url(job)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE
    assert job.message == "Sessions from 4 on re-seated. Seed (print it): again"
    kept = list(Seat.objects.filter(session__number__lt=4).values_list("player_id", "position"))
    assert kept == first
    assert Session.objects.filter(tournament=sixteen).count() == 6


def test_seating_before_lots_is_refused_on_the_form_and_starts_no_job(client, organiser, run_jobs):
    tournament = TournamentFactory()
    for n in range(1, 9):
        PlayerFactory(tournament=tournament, registration_number=n)
    client.force_login(organiser)
    with run_jobs():
        response = client.post(url("seating", tournament), {"seed": "", "time_limit": "1"})
    assert response.status_code == 200
    assert "Draw lots first" in response.content.decode()
    assert not Job.objects.exists() and not Session.objects.exists()


def test_re_seating_a_session_that_has_hands_is_refused_on_the_form(client, organiser, sixteen):
    from tournaments.models import Hand, TableSession
    from tournaments.services.hands import hand_record_no_win

    seating_generate(tournament=sixteen, seed="chart", time_limit=1)
    sheet = start_session(TableSession.objects.filter(session__number=2).first())
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW)
    client.force_login(organiser)
    data = {"from_session": "2", "seed": "", "time_limit": "1"}
    response = client.post(url("reseat", sixteen), data)
    assert response.status_code == 200
    assert "These sessions already have hands" in response.content.decode()
    assert not Job.objects.exists()


def test_the_list_action_opens_the_job_of_one_tournament_and_lists_several(
    client, organiser, sixteen, run_jobs
):
    client.force_login(organiser)
    changelist = reverse("admin:tournaments_tournament_changelist")
    data = {"action": "action_generate_seating", "_selected_action": [sixteen.pk]}
    with run_jobs():
        response = client.post(changelist, data)
    job = Job.objects.get()
    assert response.url == job_url(job)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE

    empty = TournamentFactory(name="Empty Cup")
    data["_selected_action"] = [sixteen.pk, empty.pk]
    with run_jobs():
        response = client.post(changelist, data, follow=True)
    shown = messages_of(response)
    second = Job.objects.exclude(pk=job.pk).get()
    assert any(job_url(second) in m for m in shown)
    assert any(m.startswith("Empty Cup: ") for m in shown)


def test_an_umpire_starts_no_seating_job_from_the_page(client, make_staff, sixteen):
    client.force_login(make_staff("umpire", Role.UMPIRE))
    response = client.post(url("seating", sixteen), {"seed": "", "time_limit": "1"})
    assert response.status_code == 403
    assert not Job.objects.exists()


# -- progress --------------------------------------------------------------------------------


def test_seating_reports_its_phases_as_progress(sixteen):
    steps = []
    seating_generate(
        tournament=sixteen,
        seed="s",
        time_limit=1,
        progress=lambda done, total, message: steps.append((done, total, message)),
    )
    assert steps == [
        (0, 3, "Reading the players"),
        (1, 3, "Searching for the chart (up to 1 s)"),
        (2, 3, "Writing the chart"),
    ]


def test_a_seating_jobs_page_shows_the_search_while_it_runs(
    monkeypatch, organiser, sixteen, run_jobs
):
    seen = []
    during_search(
        monkeypatch,
        "generate_chart",
        lambda: seen.append(Job.objects.values_list("status", "done", "total", "message").get()),
    )
    with run_jobs():
        job_start(
            kind=Job.Kind.SEATING,
            tournament=sixteen,
            params={"seed": "s", "time_limit": 2},
            user=organiser,
        )
    assert seen == [("running", 1, 3, "Searching for the chart (up to 2 s)")]


# -- the search holds no lock; the write checks nothing changed meanwhile --------------------


@pytest.mark.django_db(transaction=True)
def test_the_search_runs_outside_any_transaction_and_others_write_meanwhile(
    monkeypatch, organiser, eager_jobs
):
    tournament = lots_drawn_tournament(16)
    seen = {}

    def meanwhile():
        seen["in_transaction"] = connection.in_atomic_block

        def write():  # another organiser edits the tournament during the search
            try:
                Tournament.objects.filter(pk=tournament.pk).update(venue="Hall B")
                seen["written"] = True
            finally:
                connections.close_all()

        writer = threading.Thread(target=write)
        writer.start()
        writer.join(timeout=10)
        seen["blocked"] = writer.is_alive()

    during_search(monkeypatch, "generate_chart", meanwhile)
    job = job_start(
        kind=Job.Kind.SEATING,
        tournament=tournament,
        params={"seed": "x", "time_limit": 1},
        user=organiser,
    )
    assert seen == {"in_transaction": False, "written": True, "blocked": False}
    job.refresh_from_db()
    assert job.status == Job.Status.DONE
    tournament.refresh_from_db()
    assert (tournament.venue, tournament.seating_seed) == ("Hall B", "x")


def withdraw(player: Player):
    return lambda: Player.objects.filter(pk=player.pk).update(status=Player.Status.WITHDRAWN)


def test_a_withdrawal_during_the_search_refuses_the_chart_and_writes_nothing(monkeypatch, sixteen):
    during_search(monkeypatch, "generate_chart", withdraw(sixteen.players.first()))
    with pytest.raises(TournamentError, match=CHANGED):
        seating_generate(tournament=sixteen, seed="x", time_limit=1)
    assert not Session.objects.exists()
    sixteen.refresh_from_db()
    assert (sixteen.seating_seed, sixteen.status) == ("", Tournament.Status.REGISTRATION)


def test_a_team_change_during_the_search_refuses_the_chart(monkeypatch, sixteen):
    player = sixteen.players.get(registration_number=1)
    other_team = sixteen.teams.exclude(pk=player.team_id).first()
    during_search(
        monkeypatch,
        "generate_chart",
        lambda: Player.objects.filter(pk=player.pk).update(team=other_team),
    )
    with pytest.raises(TournamentError, match=CHANGED):
        seating_generate(tournament=sixteen, seed="x", time_limit=1)
    assert not Session.objects.exists()


def test_a_chart_drawn_by_someone_else_during_the_search_is_not_overwritten(monkeypatch, sixteen):
    def another_chart():
        monkeypatch.undo()  # the other organiser's search is not interrupted
        seating_generate(tournament=sixteen, seed="theirs", time_limit=1)

    during_search(monkeypatch, "generate_chart", another_chart)
    with pytest.raises(TournamentError, match=CHANGED):
        seating_generate(tournament=sixteen, seed="mine", time_limit=1)
    sixteen.refresh_from_db()
    assert sixteen.seating_seed == "theirs"


def test_a_late_entry_during_the_re_seat_search_refuses_it_and_numbers_nobody(monkeypatch, sixteen):
    seating_generate(tournament=sixteen, seed="chart", time_limit=1)
    before = list(Seat.objects.order_by("pk").values_list("pk", flat=True))
    during_search(
        monkeypatch,
        "reseat_chart",
        lambda: PlayerFactory(tournament=sixteen, name="Late", registration_number=99),
    )
    with pytest.raises(TournamentError, match=CHANGED):
        seating_reseat_remaining(tournament=sixteen, from_session=3, seed="r", time_limit=1)
    assert list(Seat.objects.order_by("pk").values_list("pk", flat=True)) == before
    assert Player.objects.get(registration_number=99).lot_number is None


def test_a_late_entry_registered_before_the_re_seat_is_numbered_and_seated(sixteen):
    seating_generate(tournament=sixteen, seed="chart", time_limit=1)
    for n in (17, 18, 19, 20):
        PlayerFactory(tournament=sixteen, name=f"Late {n}", registration_number=n)
    seating_reseat_remaining(tournament=sixteen, from_session=3, seed="r", time_limit=1)
    late = Player.objects.filter(registration_number__gte=17).order_by("registration_number")
    assert [p.lot_number for p in late] == [17, 18, 19, 20]
    assert Seat.objects.filter(session__number=3).count() == 20
    assert Seat.objects.filter(session__number=2).count() == 16


def test_a_seating_job_refused_by_a_change_during_the_search_fails_with_the_reason(
    monkeypatch, organiser, sixteen, run_jobs
):
    during_search(monkeypatch, "generate_chart", withdraw(sixteen.players.last()))
    with run_jobs():
        job = job_start(
            kind=Job.Kind.SEATING,
            tournament=sixteen,
            params={"seed": "x", "time_limit": 1},
            user=organiser,
        )
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", CHANGED)
    assert not Session.objects.exists()
