import pytest

from tests.tournaments.factories import (
    PlayerFactory,
    TeamFactory,
    TournamentFactory,
    seated_table,
)


@pytest.fixture
def tournament(db):
    return TournamentFactory()


@pytest.fixture
def table_session(tournament):
    """Session 1, table 1, four players A-D seated (built directly, not by the engine); the
    session started at PLAY_START."""
    return seated_table(tournament, started=True)


__all__ = ["PlayerFactory", "TeamFactory", "TournamentFactory", "seated_table"]
