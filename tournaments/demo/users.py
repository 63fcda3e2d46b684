"""The demo's logins: one of each role, so a newcomer can walk through the tournament as an
organiser, an umpire, the chief umpire, the arbitration committee, a player and a captain.

The builder creates them without a usable password; `manage.py demo_admin` (run by
`make demo`) gives each a fresh password and prints it.
"""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tournaments.models import Player, Tournament
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, Role

# username -> role; umpires are "umpire1", "umpire2": the first umpires odd tables, the
# second even ones.
DEMO_LOGINS = {
    "organiser": Role.ORGANISER,
    "chief": Role.CHIEF_UMPIRE,
    "committee": Role.COMMITTEE,
    "umpire1": Role.UMPIRE,
    "umpire2": Role.UMPIRE,
    "player": Role.PLAYER,
    "captain": Role.PLAYER,
    # The score desk's two clerks, who key the paper session (tournaments.demo.paper).
    "desk1": Role.SCORE_DESK,
    "desk2": Role.SCORE_DESK,
}


@dataclass
class DemoPeople:
    organiser: object
    chief: object
    committee: object
    umpires: list
    player: object
    captain: object


# The names the forms print (an umpire signs with his name, not his login).
DEMO_NAMES = {
    "organiser": ("Olga", "Petrova"),
    "chief": ("Carmen", "Ruiz"),
    "committee": ("Kenji", "Sato"),
    "umpire1": ("Li", "Wei"),
    "umpire2": ("Anna", "Berg"),
    "desk1": ("Dario", "Conti"),
    "desk2": ("Eva", "Novak"),
}


def demo_login(username: str):
    """The demo user, created with its role's group if missing (no usable password yet)."""
    role = DEMO_LOGINS[username]
    first, last = DEMO_NAMES.get(username, ("", ""))
    user, created = get_user_model().objects.get_or_create(
        username=username,
        defaults={"is_staff": role in STAFF_ROLES, "first_name": first, "last_name": last},
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    user.groups.add(Group.objects.get(name=ROLE_GROUPS[role]))
    return user


def demo_people(*, tables: int) -> DemoPeople:
    return DemoPeople(
        organiser=demo_login("organiser"),
        chief=demo_login("chief"),
        committee=demo_login("committee"),
        umpires=[demo_login("umpire1"), demo_login("umpire2")][: max(1, tables)],
        player=demo_login("player"),
        captain=demo_login("captain"),
    )


def link_players(tournament: Tournament, people: DemoPeople) -> None:
    """`player` plays as registration number 1; `captain` captains the first team."""
    player = tournament.players.get(registration_number=1)
    player.user = people.player
    player.save(update_fields=["user"])
    team = tournament.teams.order_by("pk").first()
    if team is None:
        return
    captain = team.members.exclude(pk=player.pk).order_by("registration_number").first()
    if captain is None:
        return
    captain.user = people.captain
    captain.save(update_fields=["user"])
    team.captain = captain
    team.save(update_fields=["captain"])


__all__ = ["DEMO_LOGINS", "DemoPeople", "Player", "demo_login", "demo_people", "link_players"]
