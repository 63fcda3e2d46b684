"""Sanctions on a player (rules 3.11.1, 3.11.4-5, 3.11.6.10)."""

import pytest
from django.contrib.auth.models import Group

from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tournaments.errors import TournamentError
from tournaments.models import Player, Sanction, Session
from tournaments.roles import ROLE_GROUPS, PermissionRefused, Role
from tournaments.services.sanctions import sanction_record

Kind = Sanction.Kind


@pytest.fixture
def player(tournament):
    return PlayerFactory(tournament=tournament, name="Ana", lot_number=7)


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, role: str | None = None, **extra):
        user = django_user_model.objects.create_user(username, is_staff=True, **extra)
        if role is not None:
            group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])
            user.groups.add(group)
        return user

    return make


def status_of(player) -> str:
    return Player.objects.get(pk=player.pk).status


def test_a_disqualification_is_recorded_and_marks_the_player_disqualified(
    player, tournament, make_user
):
    chief = make_user("chief", Role.CHIEF_UMPIRE)
    session = Session.objects.create(tournament=tournament, number=2)
    sanction = sanction_record(
        player=player,
        kind=Kind.DISQUALIFICATION,
        reason="Kept disobeying the umpire (3.11.6.10)",
        session=session,
        user=chief,
    )
    assert (sanction.player, sanction.session, sanction.decided_by) == (player, session, chief)
    assert status_of(player) == Player.Status.DISQUALIFIED


@pytest.mark.parametrize(
    "kind", [Kind.WARNING, Kind.LOSS_OF_RANK, Kind.EXCLUSION, Kind.PUBLIC_CRITICISM]
)
def test_the_other_sanctions_leave_the_player_in_the_tournament(player, kind):
    sanction = sanction_record(player=player, kind=kind, reason="Serious foul")
    assert sanction.kind == kind and sanction.session is None
    assert status_of(player) == Player.Status.ACTIVE


def test_a_player_is_disqualified_once(player):
    sanction_record(player=player, kind=Kind.DISQUALIFICATION, reason="Cheating")
    with pytest.raises(TournamentError, match="already disqualified"):
        sanction_record(player=player, kind=Kind.DISQUALIFICATION, reason="Again")
    assert Sanction.objects.count() == 1


def test_a_sanction_needs_a_reason_a_known_kind_and_a_session_of_the_same_tournament(player):
    with pytest.raises(TournamentError, match="reason"):
        sanction_record(player=player, kind=Kind.EXCLUSION, reason="  ")
    with pytest.raises(TournamentError, match="Unknown kind"):
        sanction_record(player=player, kind="banishment", reason="x")
    elsewhere = Session.objects.create(tournament=TournamentFactory(), number=1)
    with pytest.raises(TournamentError, match="another tournament"):
        sanction_record(player=player, kind=Kind.DISQUALIFICATION, reason="x", session=elsewhere)
    assert not Sanction.objects.exists()
    assert status_of(player) == Player.Status.ACTIVE


@pytest.mark.parametrize(
    "reason", ["\u200b\u2060\ufeff", "\u00a0\u3000\u2029", "\u0301", "\u3164", "\x1b\x7f"]
)
def test_a_reason_without_a_visible_character_is_refused(player, reason):
    with pytest.raises(TournamentError, match="reason"):
        sanction_record(player=player, kind=Kind.DISQUALIFICATION, reason=reason)
    assert not Sanction.objects.exists()
    assert status_of(player) == Player.Status.ACTIVE


def test_a_reason_with_a_nul_or_over_2000_characters_is_refused(player):
    for reason in ("bad\x00reason", "x" * 2001):
        with pytest.raises(TournamentError, match="reason"):
            sanction_record(player=player, kind=Kind.WARNING, reason=reason)
    assert sanction_record(player=player, kind=Kind.WARNING, reason="x" * 2000).pk
    assert Sanction.objects.count() == 1


@pytest.mark.parametrize("role", [None, Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER])
def test_only_the_chief_umpire_decides_a_sanction(player, make_user, role):
    with pytest.raises(PermissionRefused):
        sanction_record(
            player=player, kind=Kind.DISQUALIFICATION, reason="x", user=make_user("u", role)
        )
    assert not Sanction.objects.exists()
    assert status_of(player) == Player.Status.ACTIVE


def test_a_superuser_may_decide_a_sanction(player, make_user):
    admin = make_user("root", is_superuser=True)
    assert sanction_record(player=player, kind=Kind.EXCLUSION, reason="x", user=admin).pk
