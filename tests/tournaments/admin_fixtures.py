"""Fixtures of the admin tests: a tournament with a seated table, umpires, hand form data.

Import the fixtures you use into a test module (`from tests.tournaments.admin_fixtures
import ...`); they are built directly through the ORM and the shared factories.
"""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.tournaments.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments.models import Tournament
from tournaments.roles import ROLE_GROUPS, Role

UMPIRE_PASSWORD = "Umpire-Pass-2006"

# Scores 19 with the WMO engine: Pure Straight 16, All Chows 2, Single Wait 1.
VALID_HAND = {
    "meld1_type": "chow",
    "meld1_tiles": "234p",
    "concealed": "123456789m5s",
    "win_tile": "5s",
}
# Four sets and a pair, but only All Chows (2): under the 8-point minimum.
UNDER_EIGHT_HAND = {
    "meld1_type": "chow",
    "meld1_tiles": "123m",
    "concealed": "345p678s234p5s",
    "win_tile": "5s",
}
# Fourteen tiles that do not make a winning shape.
NOT_WINNING_HAND = {"concealed": "123m234456p5789s", "win_tile": "6s"}


def hand_post(tiles: dict, *, winner="A", discarder="B", action="save", flowers=0) -> dict:
    """The POST of the score sheet's add-hand form (field prefix "hand")."""
    data = {"action": action, "hand-winner": winner, "hand-discarder": discarder or ""}
    data["hand-flowers"] = str(flowers)
    data.update({f"hand-{key}": value for key, value in tiles.items()})
    return data


def sheet_url(table_session) -> str:
    return reverse("admin:tournaments_tablesession_change", args=[table_session.pk])


def post_sheet(client, table_session, data: dict, **kwargs):
    """POST to the score sheet as its page does: with the sheet's version as now stored."""
    version = type(table_session).objects.get(pk=table_session.pk).version
    return client.post(sheet_url(table_session), {"version": version, **data}, **kwargs)


@pytest.fixture
def admin_tournament(db):
    return TournamentFactory(name="Madrid Open", slug="madrid-open")


@pytest.fixture
def sheet(admin_tournament):
    """Session 1, table 1 of the tournament (started): players A-D seated, no hand yet."""
    return seated_table(admin_tournament, started=True)


@pytest.fixture
def points_sheet(db):
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    return seated_table(tournament, started=True)


@pytest.fixture
def make_umpire(django_user_model):
    def make(username: str, password: str | None = None):
        # No password by default: tests log in with force_login, and hashing is slow.
        user = django_user_model.objects.create_user(
            username, f"{username}@example.org", password, is_staff=True
        )
        group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])
        user.groups.add(group)
        return user

    return make


@pytest.fixture
def umpire(make_umpire, sheet):
    """A staff member (not a superuser) who umpires `sheet`."""
    user = make_umpire("umpire1")
    sheet.umpire = user
    sheet.save(update_fields=["umpire"])
    return user


@pytest.fixture
def other_sheet(admin_tournament, make_umpire):
    """Table 2 of session 1, umpired by somebody else."""
    table_session = seated_table(admin_tournament, table_number=2, started=True)
    table_session.umpire = make_umpire("umpire2")
    table_session.save(update_fields=["umpire"])
    return table_session


@pytest.fixture
def umpire_client(client, umpire):
    client.force_login(umpire)
    return client


@pytest.fixture
def eight_players(admin_tournament):
    return [
        PlayerFactory(tournament=admin_tournament, name=f"Player {n}", registration_number=n)
        for n in range(1, 9)
    ]


# The fixtures, for `from tests.tournaments.admin_fixtures import *` in a test module.
__all__ = [
    "admin_tournament",
    "eight_players",
    "make_umpire",
    "other_sheet",
    "points_sheet",
    "sheet",
    "umpire",
    "umpire_client",
]
