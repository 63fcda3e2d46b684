"""Who is who: the roles of a tournament as Django groups, and which player a login is.

Groups are created by a data migration (`ROLE_GROUPS`); a superuser holds every staff role.
What each role may do is decided in tournaments.policies, the only module besides this one
that asks these questions; everything else asks the policies and refuses with `require`.
"""

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.errors import TournamentError


class Role(models.TextChoices):
    ORGANISER = "organiser", gettext_lazy("Organiser")
    UMPIRE = "umpire", gettext_lazy("Umpire")
    CHIEF_UMPIRE = "chief_umpire", gettext_lazy("Chief umpire (director)")
    COMMITTEE = "committee", gettext_lazy("Arbitration committee")
    PLAYER = "player", gettext_lazy("Player")
    SCORE_DESK = "score_desk", gettext_lazy("Score desk")


# Group name of each role (what the data migration creates and `create_user` assigns).
ROLE_GROUPS = {
    Role.ORGANISER: "Organisers",
    Role.UMPIRE: "Umpires",
    Role.CHIEF_UMPIRE: "Chief umpires",
    Role.COMMITTEE: "Arbitration committee",
    Role.PLAYER: "Players",
    Role.SCORE_DESK: "Score desk",  # its group: the desk app's migration 0002_score_desk_group
}
STAFF_ROLES = {Role.ORGANISER, Role.UMPIRE, Role.CHIEF_UMPIRE, Role.COMMITTEE, Role.SCORE_DESK}


class PermissionRefused(TournamentError):
    """The user's role does not allow this action on this object."""

    def __init__(self, message: str):
        super().__init__(message, code="forbidden")


def has_role(user, role: str) -> bool:
    if user is None or not user.is_active or not user.is_authenticated:
        return False
    if user.is_superuser:
        return role != Role.PLAYER
    names = getattr(user, "_role_group_names", None)
    if names is None:
        names = set(user.groups.values_list("name", flat=True))
        user._role_group_names = names  # one query per request, not one per check
    return ROLE_GROUPS[Role(role)] in names


def remember_role_groups(user, names) -> None:
    """The names of the user's role groups, read with him (the API token's query): has_role
    asks the database no more for this request."""
    user._role_group_names = set(names)


def is_director(user) -> bool:
    """The chief umpire directs the tournament's results (superusers too)."""
    return has_role(user, Role.CHIEF_UMPIRE)


def is_organiser(user) -> bool:
    return has_role(user, Role.ORGANISER) or is_director(user)


def is_committee(user) -> bool:
    return has_role(user, Role.COMMITTEE)


def player_of(user, tournament):
    """The player record linked to this login in this tournament, or None."""
    if user is None or not user.is_authenticated or not user.is_active:
        return None
    from tournaments.models import Player

    return Player.objects.filter(tournament=tournament, user=user).select_related("team").first()


def captain_of(user, player) -> bool:
    """This login is the captain of the player's team."""
    if (
        user is None
        or not user.is_active
        or player.team_id is None
        or player.team.captain_id is None
    ):
        return False
    return player.team.captain.user_id is not None and player.team.captain.user_id == user.pk


def require(allowed: bool, message: str | None = None) -> None:
    """Refuse with PermissionRefused unless `allowed`."""
    if not allowed:
        raise PermissionRefused(message or _("Your role does not allow this."))
