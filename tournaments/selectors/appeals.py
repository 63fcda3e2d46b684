"""Reads of appeals (3.12-3.13): the filing deadline and who sees which appeal."""

from datetime import datetime, timedelta

from django.db.models import Q, QuerySet
from django.utils import formats, timezone

from tournaments import policies, roles
from tournaments.models import Appeal, Session, Tournament

# Rule 3.12.2: "Cualquier apelación debe presentarse dentro de los 30 minutos después del
# final de la partida en cuestión."
APPEAL_WINDOW = timedelta(minutes=30)


def appeal_deadline(session: Session) -> datetime | None:
    """The last moment an appeal about this session may be filed (rule 3.12.2): 30 minutes
    after the session's actual end, that moment included. None while the session has not
    ended: appeals are open during play and the window closes only once it has ended."""
    if session.actual_end is None:
        return None
    return session.actual_end + APPEAL_WINDOW


def local_time(moment: datetime) -> str:
    """A moment as the user reads it: the local time zone and the active locale's format."""
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def appeals_queryset() -> QuerySet:
    return Appeal.objects.select_related(
        "session__tournament",
        "table_session__table",
        "table_session__session",
        "player__team",
        "filed_by",
        "ruled_by",
        "hand",
        "penalty",
        "correction",
    )


def appeals_for(*, tournament: Tournament, user) -> QuerySet:
    """The appeals of a tournament this user may read.

    The arbitration committee and the chief umpire see them all; a player sees those about
    him or filed by him, and a team's captain also those of his team's players; anyone else
    sees none.
    """
    queryset = appeals_queryset().filter(session__tournament=tournament)
    if policies.may_read_every_appeal(user):
        return queryset
    player = roles.player_of(user, tournament)
    if player is None:
        return queryset.none()
    visible = Q(player=player) | Q(filed_by=user)
    if player.team_id is not None and player.team.captain_id == player.pk:
        visible |= Q(player__team_id=player.team_id)
    return queryset.filter(visible)


def appeal_filed_on_paper(appeal: Appeal) -> bool:
    """Entered by the chief umpire from a written appeal handed in on paper: the login that
    filed it is neither the player's own nor (when filed as captain) his captain's."""
    if appeal.filed_by_id is not None and appeal.filed_by_id == appeal.player.user_id:
        return False
    if appeal.filed_as_captain:
        team = appeal.player.team
        captain = team.captain if team is not None else None
        if captain is not None and captain.user_id == appeal.filed_by_id:
            return False
    return True
