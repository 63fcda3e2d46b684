"""A small played tournament for the statistics' tests (docs/statistics.md).

`played`: a points-only tournament ("stats-open") whose session 1 has two tables:
table 1 (players 1-4 in seats A-D): A wins with a pure straight on B's discard (tiles
recorded), C draws his own 8, a draw, A wins 12 + 1 flower on D's discard;
table 2 (players 5-8): B self-draws the pure straight (tiles recorded), then the time limit
stops play. The cache starts empty and every change shows at once (PUBLIC_RENDER_SECONDS 0).
"""

import pytest
from django.core.cache import cache

from tests.tournament_stats.played import build_played
from tournaments.models import Tournament


@pytest.fixture(autouse=True)
def empty_cache(settings):
    settings.PUBLIC_RENDER_SECONDS = 0
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def played(db) -> Tournament:
    return build_played()
