"""Helpers of the appeal and report API tests: an appeal filed through the service, and put
under review. The fixtures (a session open to appeals, a client per seat, a temporary media
folder) are in tests/api/conftest.py."""

from tournaments.models import Appeal, TableSession
from tournaments.services.appeals import appeal_file, appeal_start_review


def file_appeal(sheet: TableSession, client, position: str | None = None, **kwargs) -> Appeal:
    """An appeal filed through the service by `client`'s user for the player in `position`
    (default: the client's own player)."""
    player = client.player if position is None else sheet.seats.get(position=position).player
    values = {
        "subject": Appeal.Subject.OTHER,
        "statement": "The umpire ruled wrongly.",
        "confirmed": True,
        **kwargs,
    }
    return appeal_file(session=sheet.session, player=player, user=client.user, **values)


def under_review(appeal: Appeal) -> Appeal:
    return appeal_start_review(appeal=appeal, user=None)
