"""A small tournament for the public pages: two tables of session 1.

The tests are transactional: the live version changes when a write commits
(`transaction.on_commit`), which a test wrapped in one transaction would never do.
"""

import pytest
from django.core.cache import cache

from tests.tournaments.factories import TeamFactory, TournamentFactory, seated_table


@pytest.fixture(autouse=True)
def empty_cache(settings):
    settings.PUBLIC_RENDER_SECONDS = 0  # every change shows at once (tests of the delay set it)
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def event(transactional_db):
    tournament = TournamentFactory(name="Madrid Open", slug="madrid", entry_mode="points")
    first = seated_table(tournament, table_number=1)
    second = seated_table(tournament, table_number=2)
    team = TeamFactory(tournament=tournament, name="Dragones")
    first.seats.get(position="A").player.__class__.objects.filter(
        pk=first.seats.get(position="A").player_id
    ).update(team=team, native_name="王小明")
    return tournament, first, second
