"""Fixtures of the appeals tests (rules 3.12-3.13), for the whole suite (registered in
tests/conftest.py; the printed appeal record's tests use them too): a seated table of a
tournament with a 150 EUR fee (`appeal_table`), its session ended five minutes ago
(`appeal_session`), its players with their own logins (`appeal_players`: A and B team mates, C
their captain, D another team's), a hand, the chief umpire and the committee."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import Group

from tests.tournaments.factories import TeamFactory, seated_table
from tournaments.models import Hand
from tournaments.roles import ROLE_GROUPS, Role


@pytest.fixture
def make_role_user(django_user_model):
    def make(username: str, role: str | None = None):
        user = django_user_model.objects.create_user(username, is_staff=role != Role.PLAYER)
        if role is not None:
            group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])
            user.groups.add(group)
        return user

    return make


@pytest.fixture
def appeal_table(tournament):
    tournament.appeal_fee = Decimal("150.00")
    tournament.appeal_currency = "EUR"
    tournament.save()
    return seated_table(tournament)


@pytest.fixture
def appeal_session(appeal_table):
    """Session 1, ended a few minutes ago: the appeal window is open."""
    session = appeal_table.session
    end = datetime.now(UTC) - timedelta(minutes=5)
    session.actual_start = end - timedelta(hours=2, minutes=30)
    session.actual_end = end
    session.save()
    return session


@pytest.fixture
def appeal_players(appeal_table, make_role_user):
    """A (Player A) and B (Player B) are team mates; C is their captain; D is another team's.
    Each has his own login."""
    seats = {seat.position: seat.player for seat in appeal_table.seats.all()}
    team = TeamFactory(tournament=appeal_table.session.tournament, name="Dragons")
    for position in "ABC":
        seats[position].team = team
    for position, player in seats.items():
        player.user = make_role_user(f"player_{position.lower()}", Role.PLAYER)
        player.save()
    team.captain = seats["C"]
    team.save()
    return seats


@pytest.fixture
def chief_user(make_role_user):
    return make_role_user("chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def committee_user(make_role_user):
    return make_role_user("committee", Role.COMMITTEE)


@pytest.fixture
def appeal_hand(appeal_table):
    return Hand.objects.create(
        table_session=appeal_table,
        number=1,
        prevalent_wind="E",
        dealer_position="A",
        outcome=Hand.Outcome.WIN,
        winner_position="B",
        discarder_position="A",
        points=8,
    )
