"""What a tournament's settings refuse in the admin, as the API does
(tests/api/test_tournament_guards.py): a name or a venue that shows nothing, a number of
sessions outside 6-99 (rule 3.5.4), and a finished tournament's number of sessions or who
enters hands. Each is a form error and changes nothing."""

import pytest
from django.urls import reverse

from tests.tournaments.factories import TournamentFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

ADD = "admin:tournaments_tournament_add"
NEW = {
    "name": "Copenhagen Open",
    "slug": "copenhagen-open",
    "status": "registration",
    "format": "round_robin",
    "sessions_planned": "7",
    "session_minutes": "150",
    "entry_mode": "tiles",
    "hand_entry": "umpires",
    "carry_over_points": "on",
    "tie_rule": "share",
    "tie_breaks_0": "",
    "forfeit_contest_points": "0",
    "oath_required": "on",
    "appeal_fee": "100",
    "appeal_currency": "EUR",
}


def change_url(tournament) -> str:
    return reverse("admin:tournaments_tournament_change", args=[tournament.pk])


def change_data(admin_client, tournament, **changes) -> dict:
    """The change form as the page fills it in, with `changes`."""
    form = admin_client.get(change_url(tournament)).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "tie_breaks"}
    return {**data, "carry_over_points": "on", **changes}


def form_errors(response) -> dict:
    assert response.status_code == 200, response.status_code  # the form again, not a redirect
    form = response.context["adminform"].form
    return {name: " ".join(errors) for name, errors in form.errors.items()}


@pytest.mark.parametrize("text", ["\u200b", "\u200b\u2800", "\u202e"])
def test_a_new_tournament_whose_name_shows_nothing_is_a_form_error(admin_client, text):
    response = admin_client.post(reverse(ADD), {**NEW, "name": text})
    assert "shows no visible character" in form_errors(response)["name"]
    assert not Tournament.objects.filter(slug="copenhagen-open").exists()


@pytest.mark.parametrize("field", ["name", "venue"])
def test_a_name_or_venue_changed_to_zero_width_characters_is_a_form_error(admin_client, field):
    tournament = TournamentFactory(name="Madrid Open", venue="Casino")
    data = change_data(admin_client, tournament, **{field: "\u200b\u200b"})
    response = admin_client.post(change_url(tournament), data)
    assert "shows no visible character" in form_errors(response)[field]
    tournament.refresh_from_db()
    assert (tournament.name, tournament.venue) == ("Madrid Open", "Casino")


@pytest.mark.parametrize("sessions", ["100", "1000000", "5"])
def test_a_number_of_sessions_outside_the_rules_range_is_a_form_error(admin_client, sessions):
    response = admin_client.post(reverse(ADD), {**NEW, "sessions_planned": sessions})
    assert "sessions_planned" in form_errors(response)
    assert not Tournament.objects.filter(slug="copenhagen-open").exists()


@pytest.mark.parametrize("changes", [{"sessions_planned": "9"}, {"hand_entry": "players"}])
def test_a_finished_tournament_keeps_its_sessions_and_who_enters_hands(admin_client, changes):
    tournament = TournamentFactory(status=Tournament.Status.FINISHED, sessions_planned=8)
    response = admin_client.post(
        change_url(tournament), change_data(admin_client, tournament, **changes)
    )
    assert "The tournament is finished" in form_errors(response)["__all__"]
    tournament.refresh_from_db()
    assert (tournament.sessions_planned, tournament.hand_entry) == (8, "umpires")


def test_reopening_a_finished_tournament_changes_them_in_the_same_form(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.FINISHED, sessions_planned=8)
    data = change_data(
        admin_client, tournament, status="running", sessions_planned="9", hand_entry="both"
    )
    assert admin_client.post(change_url(tournament), data).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.status, tournament.sessions_planned, tournament.hand_entry) == (
        "running",
        9,
        "both",
    )
