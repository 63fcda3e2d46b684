"""Guards found by review: nothing that decides an official result changes without a trace
or behind the sign-off, and odd input is refused with a message."""

import datetime

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.factories import PlayerFactory
from tests.tournaments.signoff_helpers import fresh, seat_player, signed
from tournaments.errors import TournamentError
from tournaments.models import CheckIn, Player, Sanction, Tournament
from tournaments.services.checkin import checkin_record
from tournaments.services.registration import player_withdraw
from tournaments.services.sanctions import sanction_record
from tournaments.services.seating import seating_generate
from tournaments.services.sessions import session_schedule, session_start
from tournaments.services.signoff import sheet_countersign
from tournaments.services.tournament import tournament_save

pytestmark = pytest.mark.django_db


def test_a_check_in_against_a_changed_sheet_is_refused(sheet, people):
    session_start(session=sheet.session, at=timezone.now() - datetime.timedelta(hours=1))
    with pytest.raises(TournamentError, match="changed since you opened it"):
        checkin_record(
            session=sheet.session,
            player=seat_player(sheet, "A"),
            arrived_at=timezone.now(),
            expected_version=fresh(sheet).version + 1,
            user=people.umpire,
        )
    assert not CheckIn.objects.exists()


def test_an_arrival_in_the_future_is_refused(sheet, people):
    with pytest.raises(TournamentError, match="in the future"):
        checkin_record(
            session=sheet.session,
            player=seat_player(sheet, "A"),
            arrived_at=timezone.now() + datetime.timedelta(days=3),
            user=people.umpire,
        )
    assert not CheckIn.objects.exists()


def test_the_chief_umpire_does_not_countersign_a_sheet_he_signed_himself(sheet, people):
    people.umpire = people.chief
    signed(sheet, people)
    with pytest.raises(TournamentError, match="another chief umpire"):
        sheet_countersign(table_session=sheet, user=people.chief)
    assert fresh(sheet).status == "signed"


def test_a_disqualified_player_cannot_be_marked_withdrawn(sheet, people):
    player = seat_player(sheet, "B")
    sanction_record(player=player, kind=Sanction.Kind.DISQUALIFICATION, reason="Disturbance")
    with pytest.raises(TournamentError, match="disqualified"):
        player_withdraw(player=player, user=people.organiser)
    player.refresh_from_db()
    assert player.status == Player.Status.DISQUALIFIED


def test_redrawing_the_chart_of_a_started_session_is_refused_and_keeps_its_schedule(
    sheet, people
):
    """A scheduled time alone no longer blocks a re-seat (the session's row, schedule and
    sheets stay: tests/tournaments/test_reseat_with_rota.py); a started session does."""
    session_schedule(session=sheet.session, start=timezone.now(), end=None)
    with pytest.raises(TournamentError, match="started sessions"):
        seating_generate(tournament=sheet.session.tournament)
    assert fresh(sheet).session.scheduled_start is not None


@pytest.mark.parametrize(
    "setting, value",
    [("tie_breaks", ["most_firsts"]), ("carry_over_points", False), ("finalists", 8)],
)
def test_ranking_settings_are_fixed_once_a_sheet_is_signed(sheet, people, setting, value):
    signed(sheet, people)
    tournament = sheet.session.tournament
    setattr(tournament, setting, value)
    with pytest.raises(TournamentError, match="can no longer change"):
        tournament_save(tournament=tournament, changed=[setting])
    assert getattr(Tournament.objects.get(pk=tournament.pk), setting) != value


def test_only_the_chief_umpire_reopens_a_finished_tournament(sheet, people):
    tournament = sheet.session.tournament
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    tournament.status = Tournament.Status.RUNNING
    with pytest.raises(TournamentError, match="Only the chief umpire reopens"):
        tournament_save(tournament=tournament, changed=["status"], user=people.organiser)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED
    tournament_save(tournament=tournament, changed=["status"], user=people.chief)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING


def test_an_organiser_cannot_link_a_login_to_a_player_in_the_admin(client, sheet, people):
    player = seat_player(sheet, "C")
    client.force_login(people.organiser)
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    page = client.get(url).content.decode()
    assert 'name="user"' not in page
    client.force_login(people.chief)
    assert 'name="user"' in client.get(url).content.decode()


def test_a_login_is_one_player_per_tournament(sheet, people):
    player = seat_player(sheet, "C")
    player.user = people.player_user  # already the login of seat A's player
    with pytest.raises(IntegrityError), transaction.atomic():
        player.save(update_fields=["user"])


@pytest.mark.parametrize(
    "args",
    [
        ("draw_lots", "{slug}", "--drawn-by", "²:Ana"),
        ("create_user", "--role", "player", "--player", "{slug}:²", "someone"),
    ],
)
def test_commands_refuse_digits_that_are_not_ascii_with_a_message(sheet, args):
    slug = sheet.session.tournament.slug
    with pytest.raises(CommandError):
        call_command(*[a.format(slug=slug) for a in args])


def test_the_draw_lots_page_refuses_digits_that_are_not_ascii(client, sheet, people):
    PlayerFactory(tournament=sheet.session.tournament, registration_number=77)
    client.force_login(people.organiser)
    url = reverse("admin:tournaments_tournament_draw_lots", args=[sheet.session.tournament.pk])
    response = client.post(url, {"seed": "x", "drawn_by": "²: Ana"})
    assert response.status_code == 200
    assert "NUMBER: NAME" in response.content.decode()
