"""Score-sheet fixtures for the whole suite (registered in tests/conftest.py).

- `tournament`: a tournament of the factories; `table_session`: its session 1, table 1, four
  players A-D seated (built directly, not by the engine), the session started at PLAY_START.
- `points_sheet`: the same table of a points-only tournament.
- `sheet` and `people`: the sign-off tests' points-only sheet and its logins (the umpire of
  the sheet, another umpire, the chief umpire, the committee, an organiser, the players of
  seats A and B); `locked`: that sheet signed after a win, a deduction and a time-limit stop.

A directory's conftest.py or a test module may define its own `sheet` or `tournament` (the
API tests do): the nearer definition wins.
"""

import pytest

from tests.tournaments.factories import TournamentFactory, seated_table
from tests.tournaments.signoff_helpers import (
    People,
    confirm_all,
    fine_b,
    fresh,
    logins,
    umpired,
    win,
)
from tournaments.models import Hand, TableSession, Tournament
from tournaments.services.hands import hand_record_no_win
from tournaments.services.signoff import sheet_sign


@pytest.fixture
def tournament(db):
    return TournamentFactory()


@pytest.fixture
def table_session(tournament):
    """Session 1, table 1, four players A-D seated (built directly, not by the engine); the
    session started at PLAY_START."""
    return seated_table(tournament, started=True)


@pytest.fixture
def points_sheet(db):
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    return seated_table(tournament, started=True)


@pytest.fixture
def sheet(db) -> TableSession:
    """Session 1, table 1 of a points-only tournament: players A-D seated, no hand yet."""
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    return seated_table(tournament, started=True)


@pytest.fixture
def people(sheet) -> People:
    result = logins()
    umpired(sheet, result)
    return result


@pytest.fixture
def locked(sheet, people):
    """A signed sheet: hand 1 won by A (8 points, B discarded), B fined 10, time-limit stop."""
    win(sheet, winner="A", discarder="B", points=8, user=people.umpire)
    fine_b(sheet, people.umpire)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT, user=people.umpire)
    confirm_all(sheet, people.umpire)
    sheet_sign(table_session=sheet, user=people.umpire)
    return fresh(sheet)
