"""The hand entry (tiles, or points only) is fixed once a hand is recorded: the sheets of one
tournament never mix both (issue 29). The service, the admin and the API refuse the change
and change nothing; before the first hand it changes freely."""

import json

import pytest
from django.urls import reverse

from tests.api.event_helpers import played_table
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.services.tournament import tournament_save

pytestmark = pytest.mark.django_db

POINTS, TILES = Tournament.EntryMode.POINTS_ONLY, Tournament.EntryMode.TILES


def test_the_hand_entry_changes_freely_before_the_first_hand():
    tournament = TournamentFactory(entry_mode=POINTS)
    seated_table(tournament, started=True)
    tournament.entry_mode = TILES
    tournament_save(tournament=tournament, changed=["entry_mode"])
    assert Tournament.objects.get(pk=tournament.pk).entry_mode == TILES


def test_the_service_refuses_to_change_the_hand_entry_once_a_hand_is_recorded():
    tournament = played_table().session.tournament
    tournament.entry_mode = TILES
    with pytest.raises(TournamentError, match="can no longer change"):
        tournament_save(tournament=tournament, changed=["entry_mode"])
    assert Tournament.objects.get(pk=tournament.pk).entry_mode == POINTS


def test_other_settings_still_change_once_a_hand_is_recorded():
    tournament = played_table().session.tournament
    tournament.name = "Renamed Open"
    tournament_save(tournament=tournament, changed=["name"])
    assert Tournament.objects.get(pk=tournament.pk).name == "Renamed Open"


def test_the_admin_shows_the_refusal_on_the_form_and_changes_nothing(admin_client):
    tournament = played_table().session.tournament
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    form = admin_client.get(change).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "tie_breaks"}
    data.update({"carry_over_points": "on", "entry_mode": TILES})
    response = admin_client.post(change, data)
    assert response.status_code == 200
    assert "can no longer change" in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).entry_mode == POINTS


def test_the_api_refuses_the_change_with_a_4xx_and_the_reason(admin_client):
    tournament = played_table().session.tournament
    response = admin_client.patch(
        f"/api/tournaments/{tournament.slug}/",
        json.dumps({"entry_mode": TILES}),
        content_type="application/json",
    )
    assert 400 <= response.status_code < 500
    assert "can no longer change" in json.dumps(response.json())
    assert Tournament.objects.get(pk=tournament.pk).entry_mode == POINTS
