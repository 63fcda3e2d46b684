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


# -- one player at a time, and lifting (3.12.1) -------------------------------------------------


def test_the_players_page_offers_a_sanction_for_him_and_records_it(client, sheet, people):
    player = seat_player(sheet, "C")
    client.force_login(people.chief)
    page = client.get(reverse("admin:tournaments_player_change", args=[player.pk]))
    html = page.content.decode()
    assert 'id="record-sanction"' in html and 'id="player-sanctions"' in html
    record = reverse("admin:tournaments_sanction_add") + f"?player={player.pk}"
    form = client.get(record)
    assert form.status_code == 200 and player.name in form.content.decode()
    response = client.post(
        record, {"player": player.pk, "kind": "warning", "reason": "Slow play (3.11.1)"}
    )
    assert response.status_code == 302
    assert Sanction.objects.get(player=player).kind == "warning"


def test_the_sanctions_list_records_one_for_a_chosen_player(client, sheet, people):
    player = seat_player(sheet, "D")
    client.force_login(people.chief)
    listed = client.get(reverse("admin:tournaments_sanction_changelist")).content.decode()
    add = reverse("admin:tournaments_sanction_add")
    assert f'href="{add}"' in listed
    response = client.post(
        add,
        {"player": player.pk, "kind": "loss_of_rank", "reason": "Illegal benefit (3.11.5)"},
    )
    assert response.status_code == 302
    assert Sanction.objects.get(player=player).kind == "loss_of_rank"


def test_a_session_of_another_tournament_is_a_form_error(client, sheet, people):
    from tests.tournaments.factories import TournamentFactory
    from tournaments.models import Session

    elsewhere = Session.objects.create(tournament=TournamentFactory(), number=1)
    player = seat_player(sheet, "D")
    client.force_login(people.chief)
    response = client.post(
        reverse("admin:tournaments_sanction_add"),
        {"player": player.pk, "kind": "warning", "reason": "x", "session": elsewhere.pk},
    )
    assert response.status_code == 200
    assert "another tournament" in response.content.decode()
    assert not Sanction.objects.exists()


def test_the_chief_umpire_lifts_a_disqualification_from_the_list(client, sheet, people):
    from tournaments.services.sanctions import sanction_record

    player = seat_player(sheet, "B")
    sanction = sanction_record(player=player, kind="disqualification", reason="Disturbance")
    client.force_login(people.chief)
    listed = client.get(reverse("admin:tournaments_sanction_changelist")).content.decode()
    lift = reverse("admin:tournaments_sanction_lift", args=[sanction.pk])
    assert lift in listed
    assert client.post(lift, {"reason": ""}).status_code == 200  # a reason is required
    assert not Sanction.objects.get(pk=sanction.pk).voided
    response = client.post(lift, {"reason": "Appeal upheld by the committee"})
    assert response.status_code == 302
    sanction.refresh_from_db()
    assert sanction.voided and sanction.voided_by == people.chief
    player.refresh_from_db()
    assert player.status == Player.Status.ACTIVE
    listed = client.get(reverse("admin:tournaments_sanction_changelist")).content.decode()
    assert "Lifted: Appeal upheld by the committee" in listed


@pytest.mark.parametrize("who", ["organiser", "umpire", "committee"])
def test_only_the_chief_umpire_records_or_lifts_from_the_pages(client, sheet, people, who):
    from tournaments.services.sanctions import sanction_record

    player = seat_player(sheet, "B")
    sanction = sanction_record(player=player, kind="disqualification", reason="Disturbance")
    client.force_login(getattr(people, who))
    lift = reverse("admin:tournaments_sanction_lift", args=[sanction.pk])
    assert client.post(lift, {"reason": "x"}).status_code == 403
    add = reverse("admin:tournaments_sanction_add")
    assert client.post(
        add, {"player": player.pk, "kind": "warning", "reason": "x"}
    ).status_code in (403,)
    assert Sanction.objects.count() == 1 and not Sanction.objects.get().voided
