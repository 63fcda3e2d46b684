"""Fixtures of the players' entry tests: a started points-only table whose tournament lets
players enter hands, its four players' phones (test clients signed in with their links)."""

import pytest
from django.core.cache import cache
from django.test import Client

from player_entry.services import player_link_issue
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Tournament


@pytest.fixture(autouse=True)
def fresh_cache():
    """The tables' versions and the failed openings' counts are in the cache: none carried
    from one test to the next."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def sheet(db):
    """Session 1, table 1, started; players A-D; players enter hands."""
    tournament = TournamentFactory(
        entry_mode=Tournament.EntryMode.POINTS_ONLY, hand_entry=Tournament.HandEntry.PLAYERS
    )
    return seated_table(tournament, started=True)


@pytest.fixture
def seated(sheet):
    """The players of the sheet by position."""
    return {seat.position: seat.player for seat in sheet.seats.select_related("player")}


@pytest.fixture
def phone(seated):
    """phone("A") → a client signed in with player A's link (one browser session each)."""
    phones = {}

    def make(position: str) -> Client:
        if position not in phones:
            client = Client()
            link = player_link_issue(player=seated[position])
            assert client.get(f"/p/{link.token}/").status_code == 302
            phones[position] = client
        return phones[position]

    return make
