"""`manage.py create_user --role ROLE USERNAME [--player SLUG:NUMBER]` and the role groups
made by the data migration 0003_roles."""

import importlib
import types
from io import StringIO

import pytest
from django.apps import apps as django_apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tournaments.models import Player
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, Role, has_role

User = get_user_model()


def create_user(*args) -> list[str]:
    out = StringIO()
    call_command("create_user", *args, stdout=out)
    return out.getvalue().splitlines()


@pytest.mark.parametrize("role", sorted(STAFF_ROLES))
def test_a_staff_role_can_log_into_the_admin_with_the_printed_password(db, role):
    lines = create_user("--role", role, "ana")
    user = User.objects.get(username="ana")
    assert user.is_staff and not user.is_superuser
    assert list(user.groups.values_list("name", flat=True)) == [ROLE_GROUPS[role]]
    assert has_role(user, role)
    password = lines[-1]
    assert password == password.strip() and len(password) >= 24
    assert user.check_password(password)
    assert all(password not in line for line in lines[:-1])


def test_each_account_gets_its_own_password(db):
    first = create_user("--role", "umpire", "u1")[-1]
    second = create_user("--role", "umpire", "u2")[-1]
    assert first != second


def test_a_player_account_is_not_staff_and_is_linked_to_his_record(db):
    tournament = TournamentFactory(slug="madrid-open")
    player = PlayerFactory(tournament=tournament, name="Li Ming", lot_number=12)
    lines = create_user("--role", "player", "li.ming", "--player", "madrid-open:12")
    user = User.objects.get(username="li.ming")
    assert not user.is_staff
    assert list(user.groups.values_list("name", flat=True)) == [ROLE_GROUPS[Role.PLAYER]]
    assert Player.objects.get(pk=player.pk).user == user
    assert user.check_password(lines[-1])
    assert any("Li Ming" in line for line in lines[:-1])


def test_a_player_is_found_by_registration_number_before_lots_are_drawn(db):
    tournament = TournamentFactory(slug="madrid-open")
    player = PlayerFactory(tournament=tournament, registration_number=7)
    create_user("--role", "player", "p7", "--player", "madrid-open:r7")
    assert Player.objects.get(pk=player.pk).user.username == "p7"


def test_a_player_account_may_be_created_without_a_record(db):
    create_user("--role", "player", "visitor")
    assert User.objects.get(username="visitor").groups.get().name == "Players"


@pytest.fixture
def linked(db):
    tournament = TournamentFactory(slug="madrid-open")
    owner = User.objects.create_user(username="owner")
    PlayerFactory(tournament=tournament, lot_number=1, user=owner)
    PlayerFactory(tournament=tournament, lot_number=2)
    User.objects.create_user(username="taken")
    return tournament


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--role", "referee", "new"], "Unknown role referee"),
        (["--role", "umpire", "taken"], "The user taken already exists"),
        (["--role", "umpire", "bad name!"], "Enter a valid username"),
        (["--role", "player", "new", "--player", "nowhere:1"], "No tournament with the slug"),
        (["--role", "player", "new", "--player", "madrid-open:9"], "has no player number 9"),
        (["--role", "player", "new", "--player", "madrid-open:1"], "already linked"),
        (["--role", "player", "new", "--player", "madrid-open"], "takes SLUG:NUMBER"),
        (["--role", "umpire", "new", "--player", "madrid-open:2"], "only for the role player"),
    ],
)
def test_it_refuses_and_writes_nothing(linked, args, message):
    users = User.objects.count()
    with pytest.raises(CommandError, match=message):
        call_command("create_user", *args, stdout=StringIO())
    assert User.objects.count() == users
    assert linked.players.get(lot_number=2).user_id is None


def test_a_refusal_exits_non_zero_from_the_command_line(linked, capsys):
    from django.core.management import ManagementUtility

    with pytest.raises(SystemExit) as exit_:
        ManagementUtility(["manage.py", "create_user", "--role", "referee", "new"]).execute()
    assert exit_.value.code != 0
    assert "Unknown role referee" in capsys.readouterr().err


# -- the groups of the roles (migration 0003_roles) ---------------------------------------


def perms(group_name: str) -> set[str]:
    return set(Group.objects.get(name=group_name).permissions.values_list("codename", flat=True))


def test_the_migration_made_a_group_for_each_role(db):
    names = set(Group.objects.values_list("name", flat=True))
    assert set(ROLE_GROUPS.values()) <= names


def test_the_groups_hold_their_roles_permissions(db):
    organisers = perms("Organisers")
    assert {"add_player", "change_team", "add_session", "view_tournament"} <= organisers
    assert "change_hand" not in organisers
    umpires = perms("Umpires")
    assert {"view_tablesession", "view_hand", "view_penalty", "view_checkin"} <= umpires
    assert not any(code.startswith(("add_", "change_", "delete_")) for code in umpires)
    chiefs = perms("Chief umpires")
    assert {"change_penalty", "change_tablesession", "view_historicalhand"} <= chiefs
    assert not any(code.startswith("delete_") for code in chiefs)
    committee = perms("Arbitration committee")
    assert {"view_appeal", "change_appeal"} <= committee
    assert "change_penalty" not in committee
    assert perms("Players") == set()


def test_reversing_the_migration_deletes_the_groups_and_applying_it_again_restores_them(db):
    migration = importlib.import_module("tournaments.migrations.0003_roles")
    editor = types.SimpleNamespace(connection=connection)
    before = perms("Umpires")
    migration.delete_groups(django_apps, editor)
    assert not Group.objects.filter(name__in=migration.GROUPS).exists()  # its own groups
    migration.create_groups(django_apps, editor)
    assert set(ROLE_GROUPS.values()) <= set(Group.objects.values_list("name", flat=True))
    assert perms("Umpires") == before
