"""Unreleased standings are the staff's: while the director holds them back
(`Tournament.standings_public` off), one rule (`tournaments.policies.may_read_standings`)
refuses them to a player on every door that gives the whole standings (the API's standings,
standings.csv and standings.json); staff read them; once published, every login does
(docs/public-pages.md, "Standings held back")."""

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.api.event_helpers import mark_signed, played_table
from tests.api.helpers import assert_error
from tournaments import policies
from tournaments.models import Tournament
from tournaments.roles import Role

pytestmark = pytest.mark.django_db
STAFF = [Role.ORGANISER, Role.UMPIRE, Role.CHIEF_UMPIRE, Role.COMMITTEE, "superuser"]
NOT_STAFF = [Role.PLAYER, Role.SCORE_DESK, None]
DOORS = ["standings/", "exports/standings.csv", "exports/standings.json"]


@pytest.fixture
def held():
    """A played table (A self-draws 10: A +54), signed; its standings held back."""
    sheet = played_table()
    mark_signed(sheet)
    tournament = sheet.session.tournament
    Tournament.objects.filter(pk=tournament.pk).update(standings_public=False)
    tournament.refresh_from_db()
    return tournament


def url(tournament, door: str) -> str:
    return f"/api/tournaments/{tournament.slug}/{door}"


@pytest.mark.parametrize("door", DOORS)
def test_a_player_is_refused_the_held_standings_and_told_why(as_role, held, door):
    response = as_role(Role.PLAYER).get(url(held, door))
    assert_error(response, 403, code="forbidden")
    assert "not published" in response.json()["errors"][0]["message"]


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize("role", NOT_STAFF)
def test_a_login_that_is_not_staff_is_refused_the_held_standings(as_role, held, role, door):
    assert_error(as_role(role).get(url(held, door)), 403, code="forbidden")


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize("role", STAFF)
def test_staff_read_the_held_standings(as_role, held, role, door):
    response = as_role(role).get(url(held, door))
    assert response.status_code == 200, response.content[:300]
    assert b"54" in response.content


@pytest.mark.parametrize("door", DOORS)
def test_once_published_a_player_reads_them_again(as_role, held, door):
    Tournament.objects.filter(pk=held.pk).update(standings_public=True)
    assert as_role(Role.PLAYER).get(url(held, door)).status_code == 200


def test_the_rule_lets_a_player_read_his_own_row_only_while_they_are_held(held, django_user_model):
    from django.contrib.auth.models import Group

    from tournaments.roles import ROLE_GROUPS

    user = django_user_model.objects.create_user("ana")
    user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.PLAYER])[0])
    own, other = held.players.order_by("lot_number")[:2]
    own.user = user
    own.save(update_fields=["user"])
    assert not policies.may_read_standings(user, held)
    assert policies.may_read_standings(user, held, player=own)
    assert not policies.may_read_standings(user, held, player=other)
    assert not policies.may_read_standings(AnonymousUser(), held)
    assert not policies.may_read_standings(None, held)  # the public pages
    held.standings_public = True
    assert policies.may_read_standings(None, held)
    assert policies.may_read_standings(AnonymousUser(), held, player=other)


def test_no_module_but_the_policies_reads_whether_the_standings_are_released():
    """One rule decides who reads the standings: every door asks may_read_standings, none
    reads `Tournament.standings_public` itself."""
    import ast

    from tests.policy_guard import ROOT, source_files

    public = [p for p in (ROOT / "public").rglob("*.py") if "migrations" not in p.parts]
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in [*source_files(), *public]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
        and node.attr == "standings_public"
        and isinstance(node.ctx, ast.Load)
    ]
    assert found == [], "ask tournaments.policies.may_read_standings instead:\n" + "\n".join(found)
