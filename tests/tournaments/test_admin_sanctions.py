"""The chief umpire records a sanction on a player from the player list (3.11.1, 3.11.5)."""

import pytest
from django.contrib import admin
from django.urls import reverse

from tests.tournaments.signoff_helpers import seat_player
from tournaments.models import Player, Sanction

pytestmark = pytest.mark.django_db


def sanction_post(player, **extra) -> dict:
    return {
        "action": "action_sanction",
        admin.helpers.ACTION_CHECKBOX_NAME: [player.pk],
        "kind": "disqualification",
        "reason": "Serious disturbance of the game (3.11.6.10).",
        **extra,
    }


def test_the_chief_umpire_disqualifies_a_player_from_the_player_list(client, sheet, people):
    player = seat_player(sheet, "B")
    client.force_login(people.chief)
    url = reverse("admin:tournaments_player_changelist")
    form = client.post(url, sanction_post(player))
    assert form.status_code == 200 and "Record a sanction" in form.content.decode()
    client.post(url, sanction_post(player, apply="1"))
    sanction = Sanction.objects.get(player=player)
    assert (sanction.kind, sanction.decided_by) == ("disqualification", people.chief)
    player.refresh_from_db()
    assert player.status == Player.Status.DISQUALIFIED


def test_an_organiser_is_not_offered_and_cannot_post_a_sanction(client, sheet, people):
    player = seat_player(sheet, "B")
    client.force_login(people.organiser)
    url = reverse("admin:tournaments_player_changelist")
    client.post(url, sanction_post(player, apply="1"))
    assert not Sanction.objects.exists()
    assert "action_sanction" not in client.get(url).content.decode()
