"""Re-seating with an umpire rota in place: the sessions drawn again keep their scheduled times
and each table its score sheet and umpire (the rota stays with the table numbers); a table the
new chart no longer has goes with its umpire, a new table has none; the service, the admin's
Re-seat page, the API's seating job and `generate_seating --from-session` all say so."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tests.tournaments.rota_helpers import umpires
from tests.tournaments.signoff_helpers import make_user
from tournaments.models import Job, Player, Seat, Session, TableSession, Tournament
from tournaments.roles import Role
from tournaments.services.lots import lots_draw
from tournaments.services.registration import player_create, player_withdraw
from tournaments.services.seating import seating_generate, seating_reseat_remaining
from tournaments.services.sessions import session_schedule
from tournaments.services.umpire_rota import umpire_rota_assign

pytestmark = pytest.mark.django_db

SESSIONS = 4


@pytest.fixture
def chief():
    return make_user("chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def rota(chief) -> Tournament:
    """Twelve players at three tables for four sessions; the rota gives tables 1-2 to ump-a
    and table 3 to ump-b for the whole event."""
    tournament = TournamentFactory(sessions_planned=SESSIONS)
    for n in range(1, 13):
        PlayerFactory(tournament=tournament, name=f"P{n}", registration_number=n)
    lots_draw(tournament=tournament, seed="lots")
    seating_generate(tournament=tournament, seed="chart", time_limit=0.5)
    every = list(range(1, SESSIONS + 1))
    for username, tables in (("ump-a", [1, 2]), ("ump-b", [3])):
        umpire_rota_assign(
            user=chief,
            tournament=tournament,
            umpire=make_user(username, Role.UMPIRE),
            table_numbers=tables,
            session_numbers=every,
        )
    return tournament


def rota_of(tournament, sessions) -> dict:
    return {key: who for key, who in umpires(tournament).items() if key[0] in sessions}


def seats_of(tournament, number) -> list:
    return sorted(
        Seat.objects.filter(session__tournament=tournament, session__number=number).values_list(
            "table_session__table__number", "position", "player_id"
        )
    )


def test_re_seating_keeps_the_umpire_rota_with_the_table_numbers(rota):
    before = umpires(rota)
    sheets = set(TableSession.objects.filter(session__number__gte=2).values_list("pk", flat=True))
    result = seating_reseat_remaining(tournament=rota, from_session=2, seed="again", time_limit=0.5)
    assert umpires(rota) == before
    assert before[(3, 3)] == "ump-b" and before[(4, 1)] == "ump-a"
    # The same score sheets, with their history: only their seats were drawn again.
    assert set(
        TableSession.objects.filter(session__number__gte=2).values_list("pk", flat=True)
    ) == (sheets)
    assert (result.seed, result.rota.kept, result.rota.dropped) == ("again", 9, [])


def test_re_seating_draws_the_seats_again_and_bumps_each_sheets_version(rota):
    seats_before = seats_of(rota, 2)
    versions = dict(TableSession.objects.filter(session__number=2).values_list("pk", "version"))
    seating_reseat_remaining(tournament=rota, from_session=2, seed="other", time_limit=0.5)
    assert seats_of(rota, 2) != seats_before
    for pk, version in TableSession.objects.filter(session__number=2).values_list("pk", "version"):
        assert version > versions[pk]


def test_re_seating_keeps_the_scheduled_times(rota, chief):
    session = rota.sessions.get(number=3)
    start = timezone.now() + datetime.timedelta(days=1)
    session_schedule(session=session, start=start, end=start + datetime.timedelta(hours=2))
    seating_reseat_remaining(tournament=rota, from_session=2, seed="again", time_limit=0.5)
    again = Session.objects.get(tournament=rota, number=3)
    assert (again.pk, again.scheduled_start) == (session.pk, start)


def test_a_table_the_new_chart_no_longer_has_goes_with_its_umpire_and_is_listed(rota):
    for player in rota.players.filter(registration_number__gt=8):
        player_withdraw(player=player)
    result = seating_reseat_remaining(tournament=rota, from_session=3, seed="s", time_limit=0.5)
    assert rota_of(rota, (3, 4)) == {
        (3, 1): "ump-a",
        (3, 2): "ump-a",
        (4, 1): "ump-a",
        (4, 2): "ump-a",
    }
    assert result.rota.dropped == [(3, 3, "ump-b"), (4, 3, "ump-b")]
    assert umpires(rota)[(2, 3)] == "ump-b"  # the sessions before stay as they were


def test_a_new_table_has_no_umpire_and_is_listed(rota):
    for n in range(13, 17):
        player_create(tournament=rota, name=f"Late {n}")
    result = seating_reseat_remaining(tournament=rota, from_session=2, seed="s", time_limit=0.5)
    assert rota_of(rota, (2,)) == {(2, 1): "ump-a", (2, 2): "ump-a", (2, 3): "ump-b", (2, 4): None}
    assert result.rota.unassigned == [(2, 4), (3, 4), (4, 4)]
    assert Player.objects.filter(tournament=rota, lot_number=16).exists()


def test_a_chart_generated_again_keeps_the_rota_too(rota):
    before = umpires(rota)
    seating_generate(tournament=rota, seed="all again", time_limit=0.5)
    assert umpires(rota) == before


# -- the doors say what they did -------------------------------------------------------------


def test_the_re_seat_page_says_what_it_does_with_the_rota_and_its_job_reports_it(
    client, make_staff, rota, run_jobs
):
    for player in rota.players.filter(registration_number__gt=8):
        player_withdraw(player=player)
    client.force_login(make_staff("organiser", Role.ORGANISER))
    page = reverse("admin:tournaments_tournament_reseat", args=[rota.pk])
    assert "the umpire rota stays with the table numbers" in client.get(page).content.decode()
    with run_jobs():
        response = client.post(page, {"from_session": "3", "seed": "s", "time_limit": "0.5"})
    assert response.status_code == 302
    job = Job.objects.get()
    assert job.status == Job.Status.DONE, job.error
    assert job.message == (
        "Sessions from 3 on re-seated. Seed (print it): s "
        "4 score sheets keep their umpires: the rota stays with the table numbers. "
        "No longer in the chart, with their umpire: table 3 (ump-b): sessions 3, 4."
    )
    assert rota_of(rota, (3,)) == {(3, 1): "ump-a", (3, 2): "ump-a"}


def test_the_api_re_seats_with_the_rota_in_place(as_role, rota, run_jobs):
    before = umpires(rota)
    with run_jobs():
        response = as_role(Role.ORGANISER).post(
            f"/api/tournaments/{rota.slug}/seating/",
            {"from_session": 2, "seed": "api", "time_limit": 0.5},
            format="json",
        )
    assert response.status_code == 202, response.content
    job = Job.objects.get(pk=response.json()["job"])
    assert job.status == Job.Status.DONE, job.error
    assert "9 score sheets keep their umpires" in job.message
    assert umpires(rota) == before


def test_the_command_re_seats_with_the_rota_in_place(rota):
    for n in range(13, 17):
        player_create(tournament=rota, name=f"Late {n}")
    out = io.StringIO()
    call_command(
        "generate_seating",
        rota.slug,
        "--from-session",
        "3",
        "--seed",
        "c",
        "--time-limit",
        "0.5",
        stdout=out,
    )
    text = out.getvalue()
    assert "6 score sheets keep their umpires" in text
    assert "New, without an umpire (assign it on the umpire rota): table 4: sessions 3, 4." in text
    assert umpires(rota)[(3, 3)] == "ump-b"
