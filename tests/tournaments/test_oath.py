"""The Player's Oath (Appendix 2): its acceptance and time, recorded at registration."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils import timezone

from tests.tournaments.factories import PlayerFactory
from tournaments.errors import TournamentError
from tournaments.models import Player
from tournaments.roles import ROLE_GROUPS, PermissionRefused, Role
from tournaments.services.registration import player_accept_oath


def make_user(username: str, role: Role):
    user = get_user_model().objects.create_user(username=username, password="x-Pass-2006")
    user.groups.add(Group.objects.get(name=ROLE_GROUPS[role]))
    return user


@pytest.fixture
def player(tournament):
    return PlayerFactory(tournament=tournament, name="Ana García")


def test_accepting_the_oath_records_the_time_now(player):
    before = timezone.now()
    player_accept_oath(player=player)
    accepted = Player.objects.get(pk=player.pk).oath_accepted_at
    assert accepted is not None and before <= accepted <= timezone.now()


def test_the_organiser_records_the_time_the_paper_was_signed(player):
    signed = timezone.now() - timedelta(hours=2)
    returned = player_accept_oath(player=player, accepted_at=signed)
    assert returned.oath_accepted_at == signed
    assert Player.objects.get(pk=player.pk).oath_accepted_at == signed


def test_accepting_again_keeps_the_first_time(player):
    first = timezone.now() - timedelta(days=1)
    player_accept_oath(player=player, accepted_at=first)
    again = player_accept_oath(player=player)
    assert again.oath_accepted_at == first
    assert Player.objects.get(pk=player.pk).oath_accepted_at == first


def test_it_refuses_a_time_still_to_come_or_without_a_time_zone(player):
    with pytest.raises(TournamentError, match="still to come"):
        player_accept_oath(player=player, accepted_at=timezone.now() + timedelta(hours=1))
    with pytest.raises(TournamentError, match="time zone"):
        player_accept_oath(player=player, accepted_at=timezone.now().replace(tzinfo=None))
    assert Player.objects.get(pk=player.pk).oath_accepted_at is None


def test_an_organiser_may_record_it(db, player):
    organiser = make_user("org", Role.ORGANISER)
    assert player_accept_oath(player=player, user=organiser).oath_accepted_at is not None


def test_the_player_himself_may_accept_it_on_his_login(db, player):
    own = make_user("ana", Role.PLAYER)
    player.user = own
    player.save()
    assert player_accept_oath(player=player, user=own).oath_accepted_at is not None


@pytest.mark.parametrize("role", [Role.PLAYER, Role.UMPIRE, Role.COMMITTEE])
def test_anyone_else_is_refused_and_nothing_is_recorded(db, player, role):
    other = make_user("other", role)
    if role == Role.PLAYER:
        PlayerFactory(tournament=player.tournament, name="Li Ming", user=other)
    with pytest.raises(PermissionRefused, match="organiser or the player himself"):
        player_accept_oath(player=player, user=other)
    assert Player.objects.get(pk=player.pk).oath_accepted_at is None


def test_the_admin_records_the_oath_for_the_selected_players(admin_client, player):
    from django.urls import reverse

    response = admin_client.post(
        reverse("admin:tournaments_player_changelist"),
        {"action": "action_accept_oath", "_selected_action": [player.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert "Player&#x27;s Oath recorded for 1 player(s)" in response.content.decode()
    accepted = Player.objects.get(pk=player.pk).oath_accepted_at
    assert accepted is not None
    page = admin_client.get(reverse("admin:tournaments_player_change", args=[player.pk]))
    assert "Player&#x27;s Oath accepted at (Appendix 2)" in page.content.decode()
