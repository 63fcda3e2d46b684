"""Generating the seating again or re-seating never deletes what was recorded on the sessions
it would replace (bug 8): it refuses, and nothing changes. An umpire assigned to a sheet is no
such record: it stays with its table number (tests/tournaments/test_reseat_with_rota.py)."""

import pytest
from django.core.cache import cache
from django.utils import timezone

from tests.shared_rows import built_once
from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tests.tournaments.signoff_helpers import make_user
from tournaments.errors import TournamentError
from tournaments.models import (
    CheckIn,
    Correction,
    Penalty,
    Sanction,
    Seat,
    Session,
    SessionResult,
    TableSession,
    Tournament,
)
from tournaments.roles import Role
from tournaments.services.lots import lots_draw
from tournaments.services.seating import seating_generate, seating_reseat_remaining

pytestmark = pytest.mark.django_db


def build_seated() -> int:
    tournament = TournamentFactory()
    for n in range(1, 9):
        PlayerFactory(tournament=tournament, name=f"P{n}", registration_number=n)
    lots_draw(tournament=tournament, seed="lots")
    seating_generate(tournament=tournament, seed="chart", time_limit=1)
    return tournament.pk


@pytest.fixture(scope="module")
def seated_pk(django_db_setup, django_db_blocker) -> int:
    """`seated`, built once for the module (tests/shared_rows.py): each test writes inside its
    own savepoint, undone before the next."""
    yield from built_once(django_db_blocker, build_seated)


@pytest.fixture
def seated(seated_pk, db) -> Tournament:
    """Eight players with numbers, six sessions of two tables drawn. Read again for each test
    (a new instance, an empty cache)."""
    cache.clear()
    return Tournament.objects.get(pk=seated_pk)


def _sheet(tournament, session_number: int) -> TableSession:
    return TableSession.objects.filter(
        session__tournament=tournament, session__number=session_number
    ).first()


def _penalty(sheet):
    Penalty.objects.create(
        table_session=sheet, player=sheet.seats.first().player, kind="warning", reason="x"
    )


def _result(sheet):
    seat = sheet.seats.first()
    SessionResult.objects.create(
        table_session=sheet,
        session=sheet.session,
        player=seat.player,
        position=seat.position,
        score=0,
        rank=1,
        table_points_12=0,
    )


def _umpire(sheet):
    sheet.umpire = make_user("ump", Role.UMPIRE)
    sheet.save(update_fields=["umpire"])


def _check_in(sheet):
    CheckIn.objects.create(
        session=sheet.session, player=sheet.seats.first().player, arrived_at=timezone.now()
    )


def _started(sheet):
    session = sheet.session
    session.actual_start = timezone.now()
    session.save(update_fields=["actual_start"])


def _sanction(sheet):
    Sanction.objects.create(
        player=sheet.seats.first().player, session=sheet.session, kind="criticism", reason="x"
    )


def _correction(sheet):
    Correction.objects.create(
        table_session=sheet,
        kind="seat",
        reason="x",
        made_by=make_user("chief", Role.CHIEF_UMPIRE),
    )


RECORDS = {
    "a penalty": _penalty,
    "a result": _result,
    "a check-in": _check_in,
    "a started session": _started,
    "a sanction": _sanction,
    "a correction": _correction,
}


def everything(tournament) -> dict:
    return {
        "sessions": list(
            Session.objects.filter(tournament=tournament).values_list("pk", flat=True)
        ),
        "seats": sorted(Seat.objects.filter(session__tournament=tournament).values_list("pk")),
        "penalties": Penalty.objects.count(),
        "results": SessionResult.objects.count(),
        "umpires": TableSession.objects.filter(umpire__isnull=False).count(),
        "check-ins": CheckIn.objects.count(),
        "started": Session.objects.filter(actual_start__isnull=False).count(),
        "sanctions": Sanction.objects.count(),
        "corrections": Correction.objects.count(),
    }


@pytest.mark.parametrize("record", RECORDS.values(), ids=RECORDS.keys())
def test_generating_the_seating_again_refuses_and_deletes_nothing_once_anything_is_recorded(
    seated, record
):
    record(_sheet(seated, 1))
    before = everything(seated)
    with pytest.raises(TournamentError, match="nothing was changed"):
        seating_generate(tournament=seated, seed="another", time_limit=1)
    assert everything(seated) == before


@pytest.mark.parametrize("record", RECORDS.values(), ids=RECORDS.keys())
def test_re_seating_refuses_and_deletes_nothing_when_a_session_it_replaces_has_a_record(
    seated, record
):
    record(_sheet(seated, 3))
    before = everything(seated)
    with pytest.raises(TournamentError, match="nothing was changed"):
        seating_reseat_remaining(tournament=seated, from_session=2, seed="r", time_limit=1)
    assert everything(seated) == before


@pytest.mark.parametrize("record", RECORDS.values(), ids=RECORDS.keys())
def test_re_seating_after_the_sessions_with_records_keeps_them(seated, record):
    record(_sheet(seated, 1))
    before = everything(seated)
    seating_reseat_remaining(tournament=seated, from_session=2, seed="r", time_limit=1)
    after = everything(seated)
    kept = {key: value for key, value in after.items() if key not in ("sessions", "seats")}
    assert kept == {key: before[key] for key in kept}
    assert after["sessions"][0] == before["sessions"][0]


def test_an_umpire_assigned_is_kept_not_refused(seated):
    _umpire(_sheet(seated, 3))
    sheet = _sheet(seated, 3)
    seating_reseat_remaining(tournament=seated, from_session=2, seed="r", time_limit=1)
    seating_generate(tournament=seated, seed="another", time_limit=1)
    assert TableSession.objects.get(pk=sheet.pk).umpire.username == "ump"


def test_the_refusal_names_what_was_recorded(seated):
    _penalty(_sheet(seated, 1))
    _check_in(_sheet(seated, 1))
    with pytest.raises(TournamentError) as refused:
        seating_generate(tournament=seated, seed="another", time_limit=1)
    assert "penalties" in refused.value.message and "check-ins" in refused.value.message


def test_the_seating_is_generated_again_while_nothing_is_recorded(seated):
    first = list(Seat.objects.filter(session__tournament=seated).values_list("pk", flat=True))
    seating_generate(tournament=seated, seed="another", time_limit=1)
    again = Seat.objects.filter(session__tournament=seated)
    assert again.count() == len(first) == 6 * 8
    assert not again.filter(pk__in=first).exists()


def test_re_seating_works_while_nothing_is_recorded(seated):
    later = set(Seat.objects.filter(session__number__gte=2).values_list("pk", flat=True))
    first = set(Seat.objects.filter(session__number=1).values_list("pk", flat=True))
    seating_reseat_remaining(tournament=seated, from_session=2, seed="r", time_limit=1)
    assert set(Seat.objects.filter(session__number=1).values_list("pk", flat=True)) == first
    now = set(Seat.objects.filter(session__number__gte=2).values_list("pk", flat=True))
    assert len(now) == len(later) == 5 * 8 and not now & later
