"""The tournament domain: the event, its people, and play (sessions, tables, hands, results)."""

from tournaments.models.accounts import UserPreference
from tournaments.models.appeals import Appeal
from tournaments.models.cut_off import CutOffDecision
from tournaments.models.discipline import Correction, Penalty, Sanction
from tournaments.models.jobs import Job
from tournaments.models.people import Player, Team
from tournaments.models.play import (
    CheckIn,
    Hand,
    HandScore,
    Seat,
    Session,
    SessionResult,
    SheetConfirmation,
    Table,
    TableSession,
)
from tournaments.models.registration import RegistrationCorrection
from tournaments.models.tournament import Tournament

__all__ = [
    "Appeal",
    "CheckIn",
    "Correction",
    "CutOffDecision",
    "Hand",
    "HandScore",
    "Job",
    "Penalty",
    "Player",
    "RegistrationCorrection",
    "Sanction",
    "Seat",
    "Session",
    "SessionResult",
    "SheetConfirmation",
    "Table",
    "TableSession",
    "UserPreference",
    "Team",
    "Tournament",
]
