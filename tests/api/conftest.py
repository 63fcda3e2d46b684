"""Fixtures of the API tests: a seated score sheet with its umpire and clients per role, and a
session open to appeals with a client per seat.

`as_role` and `anonymous` (tests/api/client_fixtures.py), the job fixtures and `points_sheet`
are registered for the whole suite in tests/conftest.py. The helpers (a sheet made complete or
signed, If-Match, an appeal filed, the error format's assertions) are in tests/api/*_helpers.py
and tests/api/helpers.py.
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from tests.tournaments.factories import TeamFactory, TournamentFactory, seated_table
from tournaments.models import Session, TableSession
from tournaments.roles import Role

# -- every answer api.fast_output writes is DRF's own ------------------------------------------


@pytest.fixture(autouse=True)
def fast_output_is_drfs(monkeypatch):
    """The sheet's answers are written by api.fast_output instead of their serializers: in
    every API test (hands, fouls, late arrivals, substitutes, confirmations, signatures,
    corrections) each one is compared, as JSON, with what the serializer writes."""
    from rest_framework.renderers import JSONRenderer

    from api import fast_output

    real = fast_output.output_of

    def checked(serializer_class):
        fast = real(serializer_class)

        def write(data):
            ours = fast(data)
            drfs = serializer_class(data).data
            assert JSONRenderer().render(ours) == JSONRenderer().render(drfs)
            return ours

        return write

    monkeypatch.setattr(fast_output, "output_of", checked)


# -- a score sheet -----------------------------------------------------------------------------


@pytest.fixture
def sheet(db):
    """Session 1, table 1 of a tiles tournament (started), players A-D seated, no umpire
    yet."""
    return seated_table(TournamentFactory(), started=True)


@pytest.fixture
def umpire(as_role, sheet):
    """A client of the umpire assigned to `sheet`."""
    client = as_role(Role.UMPIRE)
    TableSession.objects.filter(pk=sheet.pk).update(umpire=client.user)
    return client


@pytest.fixture
def other_umpire(as_role):
    return as_role(Role.UMPIRE)


@pytest.fixture
def chief(as_role):
    return as_role(Role.CHIEF_UMPIRE)


@pytest.fixture
def player_client(as_role):
    """player_client(sheet, "A") → a client logged in as the player in that seat."""

    def make(table_session: TableSession, position: str):
        client = as_role(Role.PLAYER)
        player = table_session.seats.get(position=position).player
        player.user = client.user
        player.save(update_fields=["user"])
        return client

    return make


# -- appeals and reports ---------------------------------------------------------------------


@pytest.fixture
def appeal_sheet(db) -> TableSession:
    """Session 1, table 1 of a tournament with a 150 EUR fee; the session started three hours
    ago and has not ended (appeals are open; its time is up, rule 3.5.6)."""
    tournament = TournamentFactory(appeal_fee=Decimal("150.00"), appeal_currency="EUR")
    sheet = seated_table(tournament)
    Session.objects.filter(pk=sheet.session_id).update(
        actual_start=timezone.now() - timedelta(hours=3)
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


@pytest.fixture
def media(settings, tmp_path):
    """The jobs' files go to a temporary folder."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def keep_the_test_connection():
    """Requests go through the WSGI handler (the schemathesis tests), whose
    request_started/finished signals close the database connection, and with it the test's
    transaction: not during these tests (as the Django test client does)."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)
