"""The world every case of the role matrices starts from (tests/tournaments/test_roles_matrix.py
for the services, test_admin_roles_matrix.py for the admin's pages), the role sets the two
tables share, and the steps that bring the world to where an action can be done. The `world`
fixture is in tests/tournaments/conftest.py."""

import datetime
import functools
from dataclasses import dataclass, field

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, Group
from django.db import connection
from django.utils import timezone

from tests.tournaments.factories import PlayerFactory, TeamFactory, TournamentFactory, seated_table
from tournaments.models import Hand, Penalty, Player, TableSession, Tournament
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, Role
from tournaments.services import hands, lots, penalties, seating, sessions, signoff

ORGANISERS = {"organiser", "chief_umpire", "superuser"}


DIRECTORS = {"chief_umpire", "superuser"}


SHEET = {"umpire", "chief_umpire", "superuser"}


def make_user(username: str, role: str | None = None, *, superuser: bool = False):
    """A login with one role (staff for the staff roles); tests use no password."""
    model = get_user_model()
    if superuser:
        return model.objects.create_superuser(username, f"{username}@example.org")
    user = model.objects.create_user(
        username, f"{username}@example.org", is_staff=role is None or role in STAFF_ROLES
    )
    if role is not None:
        user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])[0])
    return user


@dataclass
class World:
    tournament: Tournament  # seated: session 1, table 1 (players A-D), umpired
    sheet: TableSession
    draft: Tournament  # eight active players, no lots, no chart yet
    users: dict = field(default_factory=dict)

    def player(self, position: str) -> Player:
        return self.sheet.seats.get(position=position).player

    def fresh_sheet(self) -> TableSession:
        return TableSession.objects.select_related("session__tournament").get(pk=self.sheet.pk)

    def keys(self) -> dict:
        """What names the world's rows: `load_world(keys)` reads them back."""
        return {
            "tournament": self.tournament.pk,
            "sheet": self.sheet.pk,
            "draft": self.draft.pk,
            "users": {role: user.pk for role, user in self.users.items()},  # anonymous: None
        }


def load_world(keys: dict) -> World:
    """The world built by build_world() (and its keys taken), read again: new instances."""
    logins = get_user_model().objects.in_bulk([pk for pk in keys["users"].values() if pk])
    return World(
        tournament=Tournament.objects.get(pk=keys["tournament"]),
        sheet=TableSession.objects.get(pk=keys["sheet"]),
        draft=Tournament.objects.get(pk=keys["draft"]),
        users={role: logins[pk] if pk else AnonymousUser() for role, pk in keys["users"].items()},
    )


def build_world() -> World:
    tournament = TournamentFactory(
        name="Madrid Open", slug="madrid-open", entry_mode=Tournament.EntryMode.POINTS_ONLY
    )
    sheet = seated_table(tournament, started=True)  # hands are recorded once it started
    draft = TournamentFactory(name="Valencia Open", slug="valencia-open")
    for number in range(1, 9):
        PlayerFactory(tournament=draft, name=f"Entrant {number}", registration_number=number)
    users = {
        "anonymous": AnonymousUser(),
        "staff": make_user("staff"),
        "organiser": make_user("organiser", Role.ORGANISER),
        "umpire": make_user("umpire", Role.UMPIRE),
        "other_umpire": make_user("other-umpire", Role.UMPIRE),
        "chief_umpire": make_user("chief", Role.CHIEF_UMPIRE),
        "committee": make_user("committee", Role.COMMITTEE),
        "player": make_user("player-a", Role.PLAYER),
        "captain": make_user("captain", Role.PLAYER),
        "other_player": make_user("player-b", Role.PLAYER),
        "superuser": make_user("root", superuser=True),
    }
    world = World(tournament=tournament, sheet=sheet, draft=draft, users=users)
    sheet.umpire = users["umpire"]
    sheet.save(update_fields=["umpire"])
    team = TeamFactory(tournament=tournament, name="Dragons")
    captain = PlayerFactory(
        tournament=tournament, name="Captain", registration_number=99, team=team
    )
    captain.user = users["captain"]
    captain.save(update_fields=["user"])
    team.captain = captain
    team.save(update_fields=["captain"])
    for position, login in (("A", users["player"]), ("B", users["other_player"])):
        player = world.player(position)
        player.user = login
        if position == "A":
            player.team = team
        player.save(update_fields=["user", "team"])
    return world


def snapshot() -> list:
    """Every row of every model of the app, their history included. Read with plain SQL: the
    matrices take two snapshots per case, and building 33 ORM queries each time was half of
    their time."""
    with connection.cursor() as cursor:
        rows = []
        for statement in _snapshot_statements():
            cursor.execute(statement)
            rows.append(cursor.fetchall())
    return rows


@functools.cache
def _snapshot_statements() -> tuple[str, ...]:
    quote = connection.ops.quote_name
    return tuple(
        f"SELECT * FROM {quote(model._meta.db_table)} ORDER BY {quote(model._meta.pk.column)}"
        for model in apps.get_app_config("tournaments").get_models()
    )


# -- steps: each brings the world a step further (as the system) --------------------------------

NOW = timezone.now


def complete(w: World) -> None:
    """One win and a time-limit stop: the sheet is complete."""
    hands.hand_record_win(table_session=w.sheet, winner="A", discarder="B", points=8)
    hands.hand_record_no_win(table_session=w.sheet, outcome=Hand.Outcome.TIME_LIMIT)


def confirmed(w: World) -> None:
    complete(w)
    for seat in w.sheet.seats.order_by("position"):
        signoff.sheet_confirm_player(table_session=w.sheet, player=seat.player)


def signed(w: World) -> None:
    confirmed(w)
    signoff.sheet_sign(table_session=w.sheet)


def deduction(w: World) -> Penalty:
    return penalties.penalty_record(
        table_session=w.sheet,
        player=w.player("C"),
        kind=Penalty.Kind.DEDUCTION,
        amount=10,
        reason="Touched the wall",
    )


def started(w: World) -> None:
    sessions.session_start(session=w.sheet.session, at=NOW() - datetime.timedelta(minutes=10))


def lots_drawn(w: World) -> None:
    lots.lots_draw(tournament=w.draft, seed="lots")


def charted(w: World) -> None:
    lots_drawn(w)
    seating.seating_generate(tournament=w.draft, seed="chart", time_limit=0.2)
