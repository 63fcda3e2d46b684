"""The umpire rota's service and selector (issue 29): the chief umpire gives an umpire several
tables for several sessions at once, or takes them away; tables in sessions without a sheet
and signed sheets are left as they are and reported; every refusal writes nothing."""

import pytest

from tests.tournaments.rota_helpers import rota_world, umpires, versions
from tests.tournaments.signoff_helpers import make_user
from tournaments.errors import TournamentError
from tournaments.models import TableSession, Tournament
from tournaments.roles import PermissionRefused, Role
from tournaments.selectors.umpire_rota import umpire_rota
from tournaments.services import tournament as tournament_services
from tournaments.services.umpire_rota import NotAnUmpire, RotaRefused, umpire_rota_assign

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return rota_world()


@pytest.fixture
def chief():
    return make_user("chief", Role.CHIEF_UMPIRE)


def assign(world, user, *, umpire="rota", tables=(1, 2, 3, 4), sessions=(2, 3)):
    return umpire_rota_assign(
        user=user,
        tournament=world.tournament,
        umpire=world.umpire if umpire == "rota" else umpire,
        table_numbers=list(tables),
        session_numbers=list(sessions),
    )


def test_the_chief_umpire_gives_an_umpire_four_tables_for_two_sessions_at_once(world, chief):
    before = umpires(world.tournament)

    done = assign(world, chief)

    after = umpires(world.tournament)
    given = {(s, t) for s in (2, 3) for t in (1, 2, 3, 4)}
    assert {key for key, name in after.items() if name == "rota-umpire"} == given
    assert {k: v for k, v in after.items() if k not in given} == {
        k: v for k, v in before.items() if k not in given
    }
    assert len(done.assigned) == 8 and done.changed == 8
    assert done.missing == [] and done.locked == []


def test_each_changed_sheet_gets_a_new_version_and_a_history_entry(world, chief):
    before = versions(world.tournament)

    assign(world, chief, tables=[2], sessions=[2])

    after = versions(world.tournament)
    assert after[(2, 2)] == before[(2, 2)] + 1
    assert {k: v for k, v in after.items() if k != (2, 2)} == {
        k: v for k, v in before.items() if k != (2, 2)
    }
    sheet = TableSession.objects.get(session__number=2, table__number=2)
    assert sheet.history.first().umpire_id == world.umpire.pk


def test_assigning_the_same_rota_again_changes_no_sheet(world, chief):
    assign(world, chief)
    before = versions(world.tournament)

    done = assign(world, chief)

    assert len(done.assigned) == 8 and done.changed == 0
    assert versions(world.tournament) == before


def test_sessions_without_sheets_yet_are_reported_missing_and_nothing_is_kept_for_them(
    world, chief
):
    done = assign(world, chief, tables=[5, 6], sessions=[3, 4, 5])

    assert done.missing == [(4, 5), (4, 6), (5, 5), (5, 6)]
    assert len(done.assigned) == 2
    assert umpires(world.tournament)[(3, 5)] == "rota-umpire"


def test_a_signed_sheet_keeps_its_umpire_and_is_reported(world, chief):
    done = assign(world, chief, tables=[1, 2], sessions=[1])

    assert done.locked == [(1, 1, "signer")]
    assert [(s.session.number, s.table.number) for s in done.assigned] == [(1, 2)]
    after = umpires(world.tournament)
    assert after[(1, 1)] == "signer" and after[(1, 2)] == "rota-umpire"


def test_no_umpire_takes_the_tables_away_from_their_umpire(world, chief):
    assign(world, chief)

    done = assign(world, chief, umpire=None, tables=[1, 2], sessions=[2, 3])

    after = umpires(world.tournament)
    assert [after[(s, t)] for s in (2, 3) for t in (1, 2)] == [None] * 4
    assert [after[(s, t)] for s in (2, 3) for t in (3, 4)] == ["rota-umpire"] * 4
    assert done.changed == 4 and done.umpire is None


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.COMMITTEE, Role.PLAYER, Role.SCORE_DESK])
def test_a_login_that_is_not_an_umpire_is_refused_and_nothing_changes(world, chief, role):
    before = umpires(world.tournament)

    with pytest.raises(NotAnUmpire) as refused:
        assign(world, chief, umpire=make_user(f"not-umpire-{role}", role))

    assert refused.value.field == "umpire" and refused.value.code == "not_an_umpire"
    assert "is not an umpire" in refused.value.message
    assert umpires(world.tournament) == before


def test_an_umpire_whose_login_is_disabled_is_refused(world, chief):
    world.umpire.is_active = False
    world.umpire.save()

    with pytest.raises(NotAnUmpire):
        assign(world, chief)


def test_a_chief_umpire_may_be_given_tables_too(world, chief):
    assign(world, chief, umpire=chief, tables=[3], sessions=[3])

    assert umpires(world.tournament)[(3, 3)] == "chief"


@pytest.mark.parametrize(
    "role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER, Role.SCORE_DESK, None]
)
def test_only_the_chief_umpire_assigns_the_rota(world, role):
    before = umpires(world.tournament)

    with pytest.raises(PermissionRefused):
        assign(world, make_user(f"user-{role}", role))

    assert umpires(world.tournament) == before


@pytest.mark.parametrize(
    ("tables", "sessions", "field", "words"),
    [
        ([1, 2, 99], [2], "tables", "no table 99"),
        ([1, 2], [2, 9], "sessions", "no session 9"),
        ([], [2], "tables", "at least one table"),
        ([1], [], "sessions", "at least one session"),
        ([0, 1], [2], "tables", "whole numbers"),
    ],
)
def test_a_table_or_session_the_tournament_does_not_have_refuses_the_whole_assignment(
    world, chief, tables, sessions, field, words
):
    before = umpires(world.tournament)

    with pytest.raises(RotaRefused) as refused:
        assign(world, chief, tables=tables, sessions=sessions)

    assert refused.value.field == field and words in refused.value.message
    assert umpires(world.tournament) == before


def test_a_finished_tournament_refuses_the_rota(world, chief):
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Tournament.Status.FINISHED)
    before = umpires(world.tournament)

    with pytest.raises(TournamentError) as refused:  # as one sheet's assignment is refused
        assign(world, chief)

    assert refused.value.code == "invalid_state"
    assert umpires(world.tournament) == before


def test_a_failure_on_a_later_sheet_leaves_the_earlier_ones_as_they_were(world, chief, monkeypatch):
    real = tournament_services.sheet_touch
    touched = []

    def failing_on_the_third(sheet, **kwargs):
        touched.append(sheet.pk)
        if len(touched) == 3:
            raise RuntimeError("the database went away")
        return real(sheet, **kwargs)

    monkeypatch.setattr(tournament_services, "sheet_touch", failing_on_the_third)
    before = umpires(world.tournament), versions(world.tournament)

    with pytest.raises(RuntimeError):
        assign(world, chief)

    assert len(touched) == 3  # two sheets were written before the failure
    assert (umpires(world.tournament), versions(world.tournament)) == before


def test_the_rota_reads_each_table_in_each_session_with_its_umpire(world, chief):
    assign(world, chief, tables=[1, 2], sessions=[2])

    rota = umpire_rota(tournament=world.tournament)

    assert rota.sessions == [1, 2, 3, 4, 5] and rota.tables == [1, 2, 3, 4, 5, 6]
    assert rota.cell(2, 1).umpire == "rota-umpire" and rota.cell(2, 3).umpire is None
    assert rota.cell(1, 1).locked and rota.cell(1, 1).umpire == "signer"
    assert not rota.cell(4, 1).has_sheet
    [(table, cells)] = [row for row in rota.by_table() if row[0] == 2]
    assert [cell.umpire for cell in cells] == [None, "rota-umpire", None, None, None]
    assert len(rota.by_session()) == 30
