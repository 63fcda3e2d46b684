"""The tournament domain: the event, its people, and play (sessions, tables, hands, results)."""

from tournaments.models.discipline import Penalty
from tournaments.models.people import Player, Team
from tournaments.models.play import (
    Hand,
    HandScore,
    Seat,
    Session,
    SessionResult,
    Table,
    TableSession,
)
from tournaments.models.tournament import Tournament

__all__ = [
    "Hand",
    "HandScore",
    "Penalty",
    "Player",
    "Seat",
    "Session",
    "SessionResult",
    "Table",
    "TableSession",
    "Team",
    "Tournament",
]
