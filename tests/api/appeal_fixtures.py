"""Fixtures of the appeal and report API tests: a session open to appeals, its players with
their own logins (A and B team mates, C their captain, D of no team), appeals filed through the
service, and a temporary media folder for the jobs' files.

Import what you use: `from tests.api.appeal_fixtures import *`.
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from tests.tournaments.factories import TeamFactory, TournamentFactory, seated_table
from tournaments.models import Appeal, Session, TableSession
from tournaments.roles import Role
from tournaments.services.appeals import appeal_file, appeal_start_review

__all__ = ["appeal_sheet", "file_appeal", "media", "seat_clients", "under_review"]


@pytest.fixture
def appeal_sheet(db) -> TableSession:
    """Session 1, table 1 of a tournament with a 150 EUR fee; the session started an hour ago
    and runs on (appeals are open)."""
    tournament = TournamentFactory(appeal_fee=Decimal("150.00"), appeal_currency="EUR")
    sheet = seated_table(tournament)
    Session.objects.filter(pk=sheet.session_id).update(
        actual_start=timezone.now() - timedelta(hours=1)
    )
    return TableSession.objects.select_related("session__tournament").get(pk=sheet.pk)


@pytest.fixture
def seat_clients(as_role, appeal_sheet) -> dict:
    """A client per seat, logged in as that seat's player: A and B play for the Dragons,
    whose captain is C; D has no team."""
    team = TeamFactory(tournament=appeal_sheet.session.tournament, name="Dragons")
    clients = {}
    for seat in appeal_sheet.seats.select_related("player").order_by("position"):
        client = as_role(Role.PLAYER, username=f"player-{seat.position.lower()}")
        seat.player.user = client.user
        seat.player.team = team if seat.position in "ABC" else None
        seat.player.save(update_fields=["user", "team"])
        client.player = seat.player
        clients[seat.position] = client
    team.captain = clients["C"].player
    team.save(update_fields=["captain"])
    return clients


def file_appeal(sheet: TableSession, client, position: str | None = None, **kwargs) -> Appeal:
    """An appeal filed through the service by `client`'s user for the player in `position`
    (default: the client's own player)."""
    player = client.player if position is None else sheet.seats.get(position=position).player
    values = {
        "subject": Appeal.Subject.OTHER,
        "statement": "The umpire ruled wrongly.",
        "confirmed": True,
        **kwargs,
    }
    return appeal_file(session=sheet.session, player=player, user=client.user, **values)


def under_review(appeal: Appeal) -> Appeal:
    return appeal_start_review(appeal=appeal, user=None)


@pytest.fixture
def media(settings, tmp_path):
    """The jobs' files go to a temporary folder."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT
