"""A new tournament ranks by rule 3.10.1 alone ("Los jugadores están clasificados basado en una
tabla de puntos …, el jugador que tenga más puntos positivos será el ganador"): table points,
then contest points, players still equal sharing their place; the further tie-breaks (best
session, most firsts) stay the organiser's choice. Existing tournaments keep their setting:
migration 0018 changes the default only."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

BEFORE = [("tournaments", "0017_player_country_iso")]
AFTER = [("tournaments", "0021_default_tie_breaks_and_held_standings")]


def test_the_admins_form_for_a_new_tournament_offers_no_further_tie_break(admin_client):
    page = admin_client.get(reverse("admin:tournaments_tournament_add")).content.decode()
    assert page.count('<option value="" selected>—</option>') == 2  # both places empty
    assert 'value="best_session" selected' not in page
    assert 'value="most_firsts" selected' not in page


def test_the_api_creates_a_tournament_with_no_further_tie_break(as_role):
    response = as_role("organiser").post(
        "/api/tournaments/", {"name": "Quiet Open", "slug": "quiet-open"}, format="json"
    )
    assert response.status_code == 201, response.content
    assert Tournament.objects.get(slug="quiet-open").tie_breaks == []


@pytest.mark.slow  # migrates the test database back and forth
@pytest.mark.django_db(transaction=True)
def test_migration_0018_keeps_every_existing_tournaments_tie_breaks():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        old = executor.loader.project_state(BEFORE).apps.get_model("tournaments", "Tournament")
        old.objects.create(name="Old default", slug="old-default")  # the default then
        old.objects.create(name="Chosen", slug="chosen", tie_breaks=["most_firsts"])
        old.objects.create(name="None", slug="none", tie_breaks=[])
        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
    finally:
        MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
    kept = dict(Tournament.objects.values_list("slug", "tie_breaks"))
    assert kept == {
        "old-default": ["best_session", "most_firsts"],
        "chosen": ["most_firsts"],
        "none": [],
    }
    assert Tournament.objects.create(name="New", slug="new").tie_breaks == []
