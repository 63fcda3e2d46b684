"""Helpers of the event API's tests: small tournaments with players, a played table."""

from tests.tournaments.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments.models import Tournament
from tournaments.roles import Role
from tournaments.services.hands import hand_record_win

# Who registers, draws lots and seats (tournaments.roles.is_organiser), and who may not.
ORGANISERS = [Role.ORGANISER, Role.CHIEF_UMPIRE, "superuser"]
NOT_ORGANISERS = [Role.UMPIRE, Role.COMMITTEE, Role.PLAYER, None]


def tournament_with_players(players: int = 8, **fields) -> Tournament:
    """A tournament in registration with `players` active players (registration 1..n)."""
    tournament = TournamentFactory(**fields)
    for n in range(1, players + 1):
        PlayerFactory(tournament=tournament, name=f"Player {n}", registration_number=n)
    return tournament


def played_table(tournament: Tournament | None = None, *, session_number: int = 1):
    """A points-only tournament's table with one hand: A self-draws 10 (A +54, others -18)."""
    tournament = tournament or TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    sheet = seated_table(tournament, session_number=session_number, started=True)
    hand_record_win(table_session=sheet, winner="A", discarder=None, points=10)
    return sheet


def mark_signed(sheet) -> None:
    """The sheet as signed by its umpire (written directly: the sign-off is not tested here)."""
    from django.utils import timezone

    from tournaments.models import TableSession

    TableSession.objects.filter(pk=sheet.pk).update(
        status=TableSession.Status.SIGNED,
        closed_by="time_limit",
        umpire_signed_at=timezone.now(),
    )
