"""The tournament settings added by issue #25 — the contest points of a forfeited session
(rule 3.11.2), whether a disqualified player's points count for his team (3.11.5), the Player's
Oath required before the lots (Appendix 2) — are read and changed in the API and the admin,
decide results and the ranking like the other such settings, and are kept by the archive."""

import json

import pytest
from django.urls import reverse

from tests.api.event_helpers import mark_signed, played_table
from tests.api.helpers import assert_error
from tests.tournaments.factories import PlayerFactory, TeamFactory, TournamentFactory
from tournaments.archive import dumps, export_tournament, import_tournament, load
from tournaments.demo.removal import demo_delete
from tournaments.errors import TournamentError
from tournaments.models import Penalty, SessionResult, Tournament
from tournaments.roles import Role
from tournaments.services.results import table_session_recompute
from tournaments.services.tournament import (
    RANKING_SETTINGS,
    RESULT_SETTINGS,
    tournament_save,
)

pytestmark = pytest.mark.django_db

NEW = {"forfeit_contest_points": -25, "team_counts_disqualified": True, "oath_required": False}


@pytest.fixture
def registered(db) -> Tournament:
    """A tournament with a team and four players, lots drawn: enough for an archive."""
    tournament = TournamentFactory(name="Small Open", slug="small-open", lots_seed="s")
    team = TeamFactory(tournament=tournament, name="Beijing 北京")
    for n in range(1, 5):
        PlayerFactory(
            tournament=tournament,
            name=f"Player {n}",
            registration_number=n,
            lot_number=5 - n,
            team=team if n < 3 else None,
        )
    return tournament


def api_url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/"


# -- the API -------------------------------------------------------------------------------


def test_a_tournament_created_over_the_api_has_the_defaults_of_the_rules(as_role):
    response = as_role(Role.ORGANISER).post(
        "/api/tournaments/", {"name": "Lima Open", "slug": "lima"}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (
        body["forfeit_contest_points"],
        body["team_counts_disqualified"],
        body["oath_required"],
    ) == (0, False, True)
    assert Tournament.objects.get(slug="lima").oath_required is True


def test_the_api_takes_the_new_settings_at_creation(as_role):
    response = as_role(Role.ORGANISER).post(
        "/api/tournaments/", {"name": "Quito Open", "slug": "quito", **NEW}, format="json"
    )
    assert response.status_code == 201, response.content
    tournament = Tournament.objects.get(slug="quito")
    assert {name: getattr(tournament, name) for name in NEW} == NEW


def test_the_api_reads_and_changes_the_new_settings(as_role):
    tournament = TournamentFactory(oath_required=True)
    client = as_role(Role.ORGANISER)
    read = client.get(api_url(tournament)).json()
    assert {name: read[name] for name in NEW} == {
        "forfeit_contest_points": 0,
        "team_counts_disqualified": False,
        "oath_required": True,
    }
    response = client.patch(api_url(tournament), NEW, format="json")
    assert response.status_code == 200, response.content
    assert {name: response.json()[name] for name in NEW} == NEW
    tournament.refresh_from_db()
    assert {name: getattr(tournament, name) for name in NEW} == NEW


@pytest.mark.parametrize(
    "name, value",
    [("forfeit_contest_points", "many"), ("team_counts_disqualified", "perhaps")],
)
def test_the_api_refuses_a_bad_value_naming_the_setting(as_role, name, value):
    tournament = TournamentFactory()
    response = as_role(Role.ORGANISER).patch(api_url(tournament), {name: value}, format="json")
    assert_error(response, 400, field=name)


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.COMMITTEE, Role.PLAYER])
def test_other_roles_cannot_change_them(as_role, role):
    tournament = TournamentFactory(oath_required=True)
    response = as_role(role).patch(api_url(tournament), {"oath_required": False}, format="json")
    assert_error(response, 403, code="forbidden")
    assert Tournament.objects.get(pk=tournament.pk).oath_required is True


# -- results and ranking -------------------------------------------------------------------


def test_the_forfeit_score_decides_results_and_the_team_rule_the_ranking():
    assert "forfeit_contest_points" in RESULT_SETTINGS
    assert {"forfeit_contest_points", "team_counts_disqualified"} <= RANKING_SETTINGS
    assert "oath_required" not in RANKING_SETTINGS


@pytest.mark.parametrize(
    "name, value", [("forfeit_contest_points", -5), ("team_counts_disqualified", True)]
)
def test_they_are_fixed_once_a_sheet_is_signed(as_role, name, value):
    sheet = played_table()
    mark_signed(sheet)
    tournament = sheet.session.tournament
    response = as_role(Role.ORGANISER).patch(api_url(tournament), {name: value}, format="json")
    errors = assert_error(response, 400, code="invalid")
    assert name in errors[0]["message"]
    assert getattr(Tournament.objects.get(pk=tournament.pk), name) != value


def test_the_oath_setting_still_changes_once_a_sheet_is_signed(as_role):
    sheet = played_table()
    mark_signed(sheet)
    tournament = sheet.session.tournament
    response = as_role(Role.ORGANISER).patch(
        api_url(tournament), {"oath_required": True}, format="json"
    )
    assert response.status_code == 200, response.content


def test_a_changed_forfeit_score_recomputes_the_stored_result_of_a_lost_session():
    sheet = played_table()
    late = sheet.seats.get(position="B").player
    Penalty.objects.create(
        table_session=sheet,
        player=late,
        kind=Penalty.Kind.LATE_ARRIVAL,
        minutes_late=20,
        forfeited=True,
        reason="Arrived 20 minutes late",
    )
    table_session_recompute(table_session=sheet)
    assert SessionResult.objects.get(player=late).forfeited
    tournament = sheet.session.tournament
    tournament.forfeit_contest_points = -30
    tournament_save(tournament=tournament, changed=["forfeit_contest_points"])
    result = SessionResult.objects.get(player=late)
    assert (result.score, result.table_points_12) == (-30, 0)


# -- the admin -----------------------------------------------------------------------------


def test_the_admin_form_shows_and_saves_the_new_settings(admin_client):
    tournament = TournamentFactory(oath_required=True)
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    page = admin_client.get(change)
    form = page.context["adminform"].form
    assert {"forfeit_contest_points", "team_counts_disqualified", "oath_required"} <= set(
        form.fields
    )
    assert "Player&#x27;s Oath required before the lots" in page.content.decode()
    data = {k: v for k, v in form.initial.items() if v is not None and k != "tie_breaks"}
    data.update(
        {
            "carry_over_points": "on",
            "forfeit_contest_points": "-25",
            "team_counts_disqualified": "on",
        }
    )
    data.pop("oath_required")  # an unticked box is not sent
    response = admin_client.post(change, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    tournament.refresh_from_db()
    assert {name: getattr(tournament, name) for name in NEW} == NEW


def test_the_admin_refuses_a_forfeit_score_change_once_a_sheet_is_signed(admin_client):
    sheet = played_table()
    mark_signed(sheet)
    tournament = sheet.session.tournament
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    form = admin_client.get(change).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "tie_breaks"}
    data.update({"carry_over_points": "on", "forfeit_contest_points": "-5"})
    response = admin_client.post(change, data)
    assert response.status_code == 200
    assert "can no longer change" in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).forfeit_contest_points == 0


def test_the_service_refuses_the_change_too():
    sheet = played_table()
    mark_signed(sheet)
    tournament = sheet.session.tournament
    tournament.team_counts_disqualified = True
    with pytest.raises(TournamentError, match="team_counts_disqualified"):
        tournament_save(tournament=tournament, changed=["team_counts_disqualified"])


# -- the archive ---------------------------------------------------------------------------


def test_the_archive_keeps_them_and_exports_again_byte_for_byte(registered):
    Tournament.objects.filter(pk=registered.pk).update(**NEW)
    registered.refresh_from_db()
    text = dumps(export_tournament(registered))
    assert {name: json.loads(text)["tournament"][name] for name in NEW} == NEW
    demo_delete(registered)
    report = import_tournament(load(text))
    assert {name: getattr(report.tournament, name) for name in NEW} == NEW
    assert dumps(export_tournament(report.tournament)) == text


def test_an_older_archive_without_them_imports_with_the_values_of_that_time(registered):
    Tournament.objects.filter(pk=registered.pk).update(**NEW)
    document = export_tournament(registered)
    for name in NEW:
        del document["tournament"][name]
    demo_delete(registered)
    restored = import_tournament(load(dumps(document))).tournament
    assert (
        restored.forfeit_contest_points,
        restored.team_counts_disqualified,
        restored.oath_required,
    ) == (0, False, False)
    again = export_tournament(restored)
    assert {name: again["tournament"][name] for name in NEW} == {
        "forfeit_contest_points": 0,
        "team_counts_disqualified": False,
        "oath_required": False,
    }


def test_an_archive_with_a_bad_value_for_them_is_refused(registered):
    document = export_tournament(registered)
    document["tournament"]["slug"] = "small-copy"
    document["tournament"]["oath_required"] = "yes"
    with pytest.raises(TournamentError, match="oath_required"):
        import_tournament(load(dumps(document)))
    assert not Tournament.objects.filter(slug="small-copy").exists()
