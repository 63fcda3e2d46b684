"""The Player's Oath required before the lots (Appendix 2; issue #25, item 8): a new tournament
requires it; lots are drawn only for players who took it, or when the organiser confirms the
draw without it (noted in the history); the admin, the API and `draw_lots` ask for that
confirmation; the dashboard lists who has not taken it."""

import datetime
import io

import pytest
from django.contrib import admin
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from tests.api.helpers import assert_error
from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tournaments.errors import TournamentError
from tournaments.models import Player, Tournament
from tournaments.roles import Role
from tournaments.selectors.dashboard import dashboard_compute
from tournaments.services.lots import OathNotTaken, lots_draw, lots_players_without_oath
from tournaments.services.registration import player_accept_oath
from tournaments.system_texts import system_text

pytestmark = pytest.mark.django_db

SWORN = timezone.make_aware(datetime.datetime(2026, 5, 1, 18, 0))


def open_with(players: int = 6, sworn: int = 4, **fields) -> Tournament:
    """A tournament requiring the oath, players 1..`players`, the first `sworn` sworn in."""
    tournament = TournamentFactory(oath_required=True, **fields)
    for n in range(1, players + 1):
        PlayerFactory(
            tournament=tournament,
            name=f"Player {n}",
            registration_number=n,
            oath_accepted_at=SWORN if n <= sworn else None,
        )
    return tournament


def numbers(tournament: Tournament) -> list:
    return list(
        tournament.players.order_by("registration_number").values_list("lot_number", flat=True)
    )


def last_reason(obj) -> str | None:
    return system_text(obj.history.order_by("-history_id").first().history_change_reason)


# -- the setting ---------------------------------------------------------------------------


def test_a_new_tournament_requires_the_oath():
    assert Tournament.objects.create(name="New Open", slug="new-open").oath_required is True


# -- the service ---------------------------------------------------------------------------


def test_lots_are_refused_naming_the_players_who_have_not_taken_the_oath():
    tournament = open_with(players=6, sworn=4)
    with pytest.raises(OathNotTaken) as refusal:
        lots_draw(tournament=tournament, seed="s")
    assert refusal.value.code == "invalid_state"
    assert [p.registration_number for p in refusal.value.players] == [5, 6]
    assert "r5 Player 5, r6 Player 6" in refusal.value.message
    assert "Player 4" not in refusal.value.message
    assert numbers(tournament) == [None] * 6
    assert Tournament.objects.get(pk=tournament.pk).lots_seed == ""


def test_lots_are_drawn_once_every_active_player_took_the_oath():
    tournament = open_with(players=6, sworn=4)
    for player in tournament.players.filter(registration_number__gt=4):
        player_accept_oath(player=player)
    assert lots_draw(tournament=tournament, seed="s") == "s"
    assert sorted(numbers(tournament)) == [1, 2, 3, 4, 5, 6]
    assert last_reason(Tournament.objects.get(pk=tournament.pk)) is None


def test_only_the_players_who_draw_a_number_need_the_oath():
    tournament = open_with(players=4, sworn=4)
    PlayerFactory(tournament=tournament, name="Gone", status=Player.Status.WITHDRAWN)
    PlayerFactory(tournament=tournament, name="Sub", status=Player.Status.SUBSTITUTE)
    lots_draw(tournament=tournament, seed="s")
    assert tournament.players.exclude(lot_number=None).count() == 4


def test_the_organiser_confirms_the_draw_without_the_oath_and_the_history_notes_it(make_staff):
    organiser = make_staff("organiser", Role.ORGANISER)
    tournament = open_with(players=6, sworn=4)
    lots_draw(tournament=tournament, seed="s", without_oath=True, user=organiser)
    assert sorted(numbers(tournament)) == [1, 2, 3, 4, 5, 6]
    reason = last_reason(Tournament.objects.get(pk=tournament.pk))
    assert "without the Player's Oath" in reason and "r5 Player 5, r6 Player 6" in reason
    unsworn = tournament.players.get(registration_number=5)
    sworn = tournament.players.get(registration_number=1)
    assert "without the Player's Oath" in last_reason(unsworn)
    assert last_reason(sworn) is None


def test_a_tournament_that_does_not_require_the_oath_draws_as_before():
    tournament = open_with(players=4, sworn=0)
    Tournament.objects.filter(pk=tournament.pk).update(oath_required=False)
    tournament.refresh_from_db()
    assert lots_players_without_oath(tournament=tournament) == []
    lots_draw(tournament=tournament, seed="s")
    assert sorted(numbers(tournament)) == [1, 2, 3, 4]
    assert last_reason(Tournament.objects.get(pk=tournament.pk)) is None


def test_the_other_refusals_come_before_the_oath():
    tournament = open_with(players=3, sworn=0)
    with pytest.raises(TournamentError, match="At least four active players") as refusal:
        lots_draw(tournament=tournament, seed="s")
    assert not isinstance(refusal.value, OathNotTaken)


# -- the admin -----------------------------------------------------------------------------


def draw_page(tournament) -> str:
    return reverse("admin:tournaments_tournament_draw_lots", args=[tournament.pk])


def test_the_draw_lots_page_asks_to_confirm_listing_the_players_without_the_oath(
    client, make_staff
):
    tournament = open_with(players=6, sworn=4)
    client.force_login(make_staff("organiser", Role.ORGANISER))
    page = client.post(draw_page(tournament), {"seed": "gong", "drawn_by": ""})
    text = page.content.decode()
    assert page.status_code == 200
    assert "2 players have not taken it" in text and "Draw without the oath" in text
    assert "Player 5" in text and "Player 6" in text and "Player 4" not in text
    assert numbers(tournament) == [None] * 6

    done = client.post(draw_page(tournament), {"seed": "gong", "drawn_by": "", "without_oath": "1"})
    assert done.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).lots_seed == "gong"
    assert sorted(numbers(tournament)) == [1, 2, 3, 4, 5, 6]


def test_the_draw_lots_page_offers_no_confirmation_when_the_oath_is_not_the_reason(
    client, make_staff
):
    tournament = open_with(players=3, sworn=0)
    client.force_login(make_staff("organiser", Role.ORGANISER))
    page = client.post(draw_page(tournament), {"seed": "", "drawn_by": ""})
    text = page.content.decode()
    assert "At least four active players" in text and "Draw without the oath" not in text


def test_the_draw_lots_list_action_asks_to_confirm_for_each_tournament(client, make_staff):
    tournament = open_with(players=6, sworn=5)
    sworn = open_with(players=4, sworn=4)
    client.force_login(make_staff("organiser", Role.ORGANISER))
    changelist = reverse("admin:tournaments_tournament_changelist")
    action = {
        "action": "action_draw_lots",
        admin.helpers.ACTION_CHECKBOX_NAME: [tournament.pk, sworn.pk],
    }
    page = client.post(changelist, action)
    text = page.content.decode()
    assert page.status_code == 200 and "Draw without the oath" in text
    assert "1 player has not taken it" in text and "Player 6" in text
    assert sorted(numbers(sworn)) == [1, 2, 3, 4]  # the other tournament is drawn
    assert numbers(tournament) == [None] * 6

    confirmed = {
        "action": "action_draw_lots",
        admin.helpers.ACTION_CHECKBOX_NAME: [tournament.pk],
        "without_oath": "Draw without the oath",
    }
    assert client.post(changelist, confirmed).status_code == 302
    assert sorted(numbers(tournament)) == [1, 2, 3, 4, 5, 6]


# -- the API and the command ---------------------------------------------------------------


def test_the_api_answers_409_naming_them_and_draws_when_told_without_oath(as_role):
    tournament = open_with(players=6, sworn=4)
    client = as_role(Role.ORGANISER)
    url = f"/api/tournaments/{tournament.slug}/lots/"
    errors = assert_error(
        client.post(url, {"seed": "s"}, format="json"),
        409,
        code="invalid_state",
        field="without_oath",
    )
    assert "r5 Player 5, r6 Player 6" in errors[0]["message"]
    assert numbers(tournament) == [None] * 6
    response = client.post(url, {"seed": "s", "without_oath": True}, format="json")
    assert response.status_code == 200, response.content
    assert sorted(numbers(tournament)) == [1, 2, 3, 4, 5, 6]


def test_the_api_refuses_a_without_oath_that_is_not_a_boolean(as_role):
    tournament = open_with(players=4, sworn=0)
    response = as_role(Role.ORGANISER).post(
        f"/api/tournaments/{tournament.slug}/lots/", {"without_oath": "maybe"}, format="json"
    )
    assert_error(response, 400, field="without_oath")


def test_the_draw_lots_command_refuses_then_draws_with_without_oath():
    tournament = open_with(players=5, sworn=4)
    with pytest.raises(CommandError, match="r5 Player 5.*--without-oath"):
        call_command("draw_lots", tournament.slug, "--seed", "s")
    assert numbers(tournament) == [None] * 5
    out = io.StringIO()
    call_command("draw_lots", tournament.slug, "--seed", "s", "--without-oath", stdout=out)
    assert "Drawn without the Player's Oath (Appendix 2) of: r5 Player 5" in out.getvalue()
    assert sorted(numbers(tournament)) == [1, 2, 3, 4, 5]


# -- the dashboard -------------------------------------------------------------------------


def test_the_dashboard_lists_who_has_not_taken_the_oath_and_says_what_to_do(client, make_staff):
    tournament = open_with(players=6, sworn=4)
    dashboard = dashboard_compute(tournament=tournament)
    assert [p.registration_number for p in dashboard.without_oath] == [5, 6]
    assert "2 players have not taken the Player's Oath" in dashboard.next_step.text
    assert dashboard.next_step.url_name == "tournaments_tournament_draw_lots"
    client.force_login(make_staff("organiser", Role.ORGANISER))
    page = client.get(reverse("admin:tournaments_tournament_dashboard", args=[tournament.pk]))
    text = page.content.decode()
    assert "Player's Oath not taken (Appendix 2)" in text and "Player 6" in text


def test_the_dashboard_keeps_listing_them_after_a_draw_without_the_oath():
    tournament = open_with(players=6, sworn=4)
    lots_draw(tournament=tournament, seed="s", without_oath=True)
    dashboard = dashboard_compute(tournament=tournament)
    assert [p.registration_number for p in dashboard.without_oath] == [5, 6]
    assert "Generate the seating chart" in dashboard.next_step.text


def test_the_dashboard_lists_nobody_once_sworn_or_when_the_oath_is_not_required():
    tournament = open_with(players=4, sworn=4)
    assert dashboard_compute(tournament=tournament).without_oath == []
    assert "Draw lots" in dashboard_compute(tournament=tournament).next_step.text
    not_required = open_with(players=4, sworn=0)
    Tournament.objects.filter(pk=not_required.pk).update(oath_required=False)
    not_required.refresh_from_db()
    assert dashboard_compute(tournament=not_required).without_oath == []
