"""A small played tournament for the statistics' tests (docs/statistics.md).

`played`: a points-only tournament ("stats-open") whose session 1 has two tables:
table 1 (players 1-4 in seats A-D): A wins with a pure straight on B's discard (tiles
recorded), C draws his own 8, a draw, A wins 12 + 1 flower on D's discard;
table 2 (players 5-8): B self-draws the pure straight (tiles recorded), then the time limit
stops play. The cache starts empty and every change shows at once (PUBLIC_RENDER_SECONDS 0).
"""

import pytest
from django.core.cache import cache

from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Tournament
from tournaments.services.hands import hand_record_no_win, hand_record_win

# 123456789m 234p 55p: Pure Straight among its fans, whatever the seat.
STRAIGHT = {"melds": [], "concealed": "123456789m234p5p", "win_tile": "5p"}


@pytest.fixture(autouse=True)
def empty_cache(settings):
    settings.PUBLIC_RENDER_SECONDS = 0
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def played(db) -> Tournament:
    tournament = TournamentFactory(
        name="Stats Open", slug="stats-open", entry_mode=Tournament.EntryMode.POINTS_ONLY
    )
    first = seated_table(tournament, table_number=1, started=True)
    second = seated_table(tournament, table_number=2, started=True)
    hand_record_win(table_session=first, winner="A", discarder="B", tiles=STRAIGHT)
    hand_record_win(table_session=first, winner="C", discarder=None, points=8)
    hand_record_no_win(table_session=first, outcome="draw")
    hand_record_win(table_session=first, winner="A", discarder="D", points=12, flowers=1)
    hand_record_win(table_session=second, winner="B", discarder=None, tiles=STRAIGHT)
    hand_record_no_win(table_session=second, outcome="time")
    return tournament
