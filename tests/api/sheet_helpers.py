"""Helpers of the score-sheet API tests: tiles that score, a sheet made complete or signed
through the services, and the If-Match header of a write.

The fixtures (a seated sheet, its umpire, clients per role) are in tests/api/conftest.py.
"""

from api.common import sheet_etag
from tournaments.models import Hand, TableSession, Tournament
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.signoff import sheet_confirm_player, sheet_sign

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
