"""Fixtures of the score-sheet API tests: a seated sheet with its umpire, clients per role,
a sheet made complete or signed through the services, and the If-Match helpers.

Import what you use: `from tests.api.sheet_fixtures import *`.
"""

import pytest

from api.common import sheet_etag
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Hand, TableSession, Tournament
from tournaments.roles import Role
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.signoff import sheet_confirm_player, sheet_sign

__all__ = [
    "PURE_STRAIGHT",
    "UNDER_EIGHT",
    "chief",
    "complete",
    "fresh",
    "if_match",
    "other_umpire",
    "player_client",
    "points_sheet",
    "sheet",
    "signed",
    "umpire",
    "url",
    "win",
]

# 123m 456m 789m 234p + pair 55p, concealed, won on a discard of 5p: Pure Straight and more.
PURE_STRAIGHT = {"melds": [], "concealed": "123456789m234p5p", "win_tile": "5p", "flowers": 1}
# Simple chows and a pair, concealed: well under 8 points.
UNDER_EIGHT = {"melds": [], "concealed": "234m678m345s567p9p", "win_tile": "9p"}


def fresh(sheet: TableSession) -> TableSession:
    return TableSession.objects.select_related("session__tournament").get(pk=sheet.pk)


def url(sheet: TableSession, tail: str = "") -> str:
    return f"/api/score-sheets/{sheet.pk}/{tail}"


def if_match(sheet: TableSession) -> dict:
    """The header of a write made against the sheet as it is now."""
    return {"HTTP_IF_MATCH": sheet_etag(fresh(sheet))}


def win(sheet: TableSession, winner="A", discarder="B", **kwargs) -> Hand:
    """A win recorded by the system (no role check)."""
    if fresh(sheet).session.tournament.entry_mode == Tournament.EntryMode.POINTS_ONLY:
        kwargs.setdefault("points", 8)
    else:
        kwargs.setdefault("tiles", PURE_STRAIGHT)
    return hand_record_win(table_session=sheet, winner=winner, discarder=discarder, **kwargs)


def complete(sheet: TableSession) -> TableSession:
    """One win, then a time-limit stop: the sheet is complete (3.5.6)."""
    win(sheet)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    return fresh(sheet)


def signed(sheet: TableSession, umpire_user) -> TableSession:
    """Complete, confirmed by the four players, signed by `umpire_user`."""
    complete(sheet)
    for seat in sheet.seats.order_by("position"):
        sheet_confirm_player(table_session=sheet, player=seat.player)
    sheet_sign(table_session=sheet, user=umpire_user)
    return fresh(sheet)


@pytest.fixture
def sheet(db):
    """Session 1, table 1 of a tiles tournament (started), players A-D seated, no umpire
    yet."""
    return seated_table(TournamentFactory(), started=True)


@pytest.fixture
def points_sheet(db):
    return seated_table(
        TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY), started=True
    )


@pytest.fixture
def umpire(as_role, sheet):
    """A client of the umpire assigned to `sheet`."""
    client = as_role(Role.UMPIRE)
    TableSession.objects.filter(pk=sheet.pk).update(umpire=client.user)
    return client


@pytest.fixture
def other_umpire(as_role):
    return as_role(Role.UMPIRE)


@pytest.fixture
def chief(as_role):
    return as_role(Role.CHIEF_UMPIRE)


@pytest.fixture
def player_client(as_role):
    """player_client(sheet, "A") → a client logged in as the player in that seat."""

    def make(table_session: TableSession, position: str):
        client = as_role(Role.PLAYER)
        player = table_session.seats.get(position=position).player
        player.user = client.user
        player.save(update_fields=["user"])
        return client

    return make
