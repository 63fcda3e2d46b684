"""POST /api/score-sheets/{id}/corrections/ with a `kind` (issue 25, item 7): hand (the
default), remove_hand, penalty, void_penalty, check_in, swap_seats; each with a visible
reason and, optionally, the appeal it applies."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.utils import timezone

from api.common import sheet_etag
from tests.api.helpers import assert_error, client_for
from tests.api.refusals import assert_refused
from tests.api.sheet_helpers import PURE_STRAIGHT, fresh, if_match, url
from tests.shared_rows import built_once
from tests.tournaments.factories import PLAY_START, TournamentFactory, seated_table
from tournaments.models import (
    Appeal,
    CheckIn,
    Correction,
    Hand,
    Penalty,
    SessionResult,
    TableSession,
)
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.penalties import penalty_record
from tournaments.services.signoff import sheet_confirm_player, sheet_sign

REASON = "Appeal upheld: the umpire's record was wrong"
# A pung of East: Seat Wind for the player who is East in the hand (B in hand 2, not in 1).
EAST_PUNG = {"melds": [], "concealed": "123456789m111z5p", "win_tile": "5p"}


def correct(client, sheet, body, headers=None):
    headers = if_match(sheet) if headers is None else headers
    return client.post(url(sheet, "corrections/"), body, format="json", **headers)


def build_locked() -> int:
    """The rows of `locked`: tests/api/conftest.py's `sheet` and `umpire` (a login of its own
    name, so that the tests' `as_role` never makes a second one), then `lock`."""
    sheet = seated_table(TournamentFactory(), started=True)
    umpire = get_user_model().objects.create_user("sheet-umpire", password=None, is_staff=True)
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    client_for(umpire)  # its token, as `as_role` makes it
    TableSession.objects.filter(pk=sheet.pk).update(umpire=umpire)
    return lock(sheet, umpire).pk


@pytest.fixture(scope="module")
def locked_pk(django_db_setup, django_db_blocker) -> int:
    """`locked`, built once for the module (tests/shared_rows.py): each test writes inside its
    own savepoint, undone before the next."""
    yield from built_once(django_db_blocker, build_locked)


@pytest.fixture
def locked(locked_pk, db) -> TableSession:
    """Session 1, table 1 of a tiles tournament (started), players A-D seated, its umpire
    assigned. Hand 1: A wins on B's discard; hand 2: B (East) wins on C's discard with a pung
    of East; hand 3 a time-limit stop; C fined 10 points; confirmed and signed by the umpire.
    Read again for each test (a new instance, an empty cache)."""
    cache.clear()
    return TableSession.objects.select_related("session__tournament").get(pk=locked_pk)


def lock(sheet, umpire_user) -> TableSession:
    """What `locked` has recorded on the sheet, confirmed and signed by `umpire_user`."""
    hand_record_win(table_session=sheet, winner="A", discarder="B", tiles=PURE_STRAIGHT)
    hand_record_win(table_session=sheet, winner="B", discarder="C", tiles=EAST_PUNG)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    penalty_record(
        table_session=sheet,
        player=sheet.seats.get(position="C").player,
        kind="deduction",
        amount=10,
        reason="Slow play",
    )
    for seat in sheet.seats.order_by("position"):
        sheet_confirm_player(table_session=sheet, player=seat.player)
    sheet_sign(table_session=sheet, user=umpire_user)
    return fresh(sheet)


def player(sheet, position):
    return sheet.seats.get(position=position).player


def scores(sheet) -> dict[str, int]:
    return dict(SessionResult.objects.filter(table_session=sheet).values_list("position", "score"))


def appeal_of(sheet, filer) -> Appeal:
    return Appeal.objects.create(
        session=sheet.session,
        table_session=sheet,
        player=player(sheet, "A"),
        filed_by=filer,
        filed_at=timezone.now(),
        subject=Appeal.Subject.OTHER,
        statement="The record is wrong.",
        confirmed_by_filer=True,
        fee_amount=0,
        fee_currency="EUR",
    )


BODIES = {
    "hand": lambda sheet: {"kind": "hand", "hand_number": 1, "outcome": "draw"},
    "remove_hand": lambda sheet: {"kind": "remove_hand", "hand_number": 1},
    "penalty": lambda sheet: {
        "kind": "penalty",
        "offender": "D",
        "penalty_kind": "deduction",
        "amount": 20,
        "nature": "Passed information to his partner",
    },
    "void_penalty": lambda sheet: {
        "kind": "void_penalty",
        "penalty": Penalty.objects.get(table_session=sheet).pk,
    },
    "check_in": lambda sheet: {
        "kind": "check_in",
        "number": player(sheet, "A").lot_number,
        "arrived_at": (PLAY_START + timedelta(minutes=12)).isoformat(),
    },
    "swap_seats": lambda sheet: {"kind": "swap_seats", "first": "A", "second": "B"},
}
MODEL_KINDS = {
    "hand": Correction.Kind.HAND,
    "remove_hand": Correction.Kind.HAND_REMOVED,
    "penalty": Correction.Kind.PENALTY,
    "void_penalty": Correction.Kind.PENALTY_VOID,
    "check_in": Correction.Kind.CHECK_IN,
    "swap_seats": Correction.Kind.SEAT,
}


def body(kind: str, sheet, **extra) -> dict:
    return {"reason": REASON, **BODIES[kind](sheet), **extra}


# -- each kind -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", BODIES)
def test_each_kind_is_a_201_with_the_correction_and_the_new_etag(chief, locked, kind):
    appeal = appeal_of(locked, chief.user)
    response = correct(chief, locked, body(kind, locked, appeal=appeal.pk))
    assert response.status_code == 201, response.content
    answer = response.json()
    correction = Correction.objects.get(table_session=locked)
    assert answer["id"] == correction.pk
    assert answer["kind"] == MODEL_KINDS[kind] == correction.kind
    assert answer["reason"] == REASON and answer["appeal"] == appeal.pk
    assert correction.appeal == appeal
    assert answer["before"] == correction.before and answer["after"] == correction.after
    assert answer["before"] != answer["after"]
    assert answer["made_by"] == chief.user.username
    assert (answer["hand"] is None) == (kind != "hand")
    assert response["ETag"] == sheet_etag(fresh(locked))


def test_a_body_without_a_kind_replaces_a_hand_as_before(chief, locked):
    response = correct(
        chief, locked, {"reason": REASON, "hand_number": 1, "outcome": "draw", "appeal": None}
    )
    assert response.status_code == 201, response.content
    assert response.json()["kind"] == "hand" and response.json()["appeal"] is None
    assert Hand.objects.get(table_session=locked, number=1).outcome == "draw"


def test_remove_hand_renumbers_and_rescores_the_later_hands(chief, locked):
    standings_url = f"/api/tournaments/{locked.session.tournament.slug}/standings/"
    standings_before = chief.get(standings_url).json()
    response = correct(chief, locked, body("remove_hand", locked))
    assert response.status_code == 201, response.content
    hands = list(
        Hand.objects.filter(table_session=locked)
        .order_by("number")
        .values_list("number", "outcome", "winner_position", "points")
    )
    assert hands == [(1, "win", "B", 22), (2, "time", "", 0)]  # B lost Seat Wind (24 -> 22)
    renumbered = response.json()["after"]["renumbered"]
    assert [(r["from"], r["before"]["points"], r["after"]["points"]) for r in renumbered] == [
        (2, 24, 22),
        (3, 0, 0),
    ]
    assert scores(locked) == {"A": -8, "B": 8 + 30 + 8, "C": -30 - 10, "D": -8}
    standings = chief.get(standings_url)
    assert standings.status_code == 200
    assert standings.json() != standings_before


def test_an_added_penalty_changes_the_session_result(chief, locked):
    before = scores(locked)["D"]
    response = correct(chief, locked, body("penalty", locked))
    assert response.status_code == 201, response.content
    penalty = Penalty.objects.get(pk=response.json()["after"]["penalty"])
    assert (penalty.kind, penalty.amount, penalty.reason) == (
        "deduction",
        20,
        "Passed information to his partner",
    )
    assert scores(locked)["D"] == before - 20


def test_an_added_penalty_without_a_nature_takes_the_reason(chief, locked):
    data = body("penalty", locked)
    del data["nature"]
    assert correct(chief, locked, data).status_code == 201
    assert Penalty.objects.get(player=player(locked, "D")).reason == REASON


def test_a_check_in_corrected_by_player_number_records_the_late_arrival(chief, locked):
    response = correct(chief, locked, body("check_in", locked))
    assert response.status_code == 201, response.content
    late = Penalty.objects.get(kind=Penalty.Kind.LATE_ARRIVAL, voided_at__isnull=True)
    assert (late.player, late.minutes_late, late.amount) == (player(locked, "A"), 12, 20)
    assert response.json()["after"]["late_penalty"]["points"] == 20


def test_a_check_in_corrected_to_absent(chief, locked):
    data = body("check_in", locked, absent=True)
    del data["arrived_at"]
    assert correct(chief, locked, data).status_code == 201
    assert CheckIn.objects.get(player=player(locked, "A")).absent


# -- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", BODIES)
@pytest.mark.parametrize("reason", ["", "   ", "\u200b\u200d\ufeff", "\u2060 \u200c"])
def test_each_kind_refuses_a_reason_nobody_can_read(chief, locked, kind, reason):
    response = correct(chief, locked, body(kind, locked, reason=reason))
    assert_error(response, 400, field="reason")
    assert not Correction.objects.exists()


@pytest.mark.parametrize("kind", BODIES)
def test_each_kind_refuses_a_body_without_a_reason(chief, locked, kind):
    data = body(kind, locked)
    del data["reason"]
    assert_error(correct(chief, locked, data), 400, field="reason")
    assert not Correction.objects.exists()


@pytest.mark.parametrize("kind", BODIES)
@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE])
def test_each_kind_is_the_chief_umpires_only(as_role, locked, kind, role):
    assert_refused(correct(as_role(role), locked, body(kind, locked)), role)
    assert not Correction.objects.exists()


@pytest.mark.parametrize("kind", BODIES)
def test_each_kind_refuses_a_stale_or_missing_if_match(chief, locked, kind):
    stale = {"HTTP_IF_MATCH": sheet_etag(locked).replace(f"-{locked.version}", "-0")}
    assert_error(correct(chief, locked, body(kind, locked), headers=stale), 412)
    assert_error(correct(chief, locked, body(kind, locked), headers={}), 428)
    assert not Correction.objects.exists()


@pytest.mark.parametrize("kind", BODIES)
def test_each_kind_refuses_the_appeal_of_another_sheet(chief, locked, kind):
    other = seated_table(locked.session.tournament, table_number=2, started=True)
    appeal = appeal_of(other, chief.user)
    response = correct(chief, locked, body(kind, locked, appeal=appeal.pk))
    errors = assert_error(response, 400)
    assert "not about this score sheet" in errors[0]["message"]
    assert not Correction.objects.exists()


def test_an_unknown_appeal_is_a_400_on_appeal(chief, locked):
    response = correct(chief, locked, body("remove_hand", locked, appeal=999999))
    assert_error(response, 400, field="appeal")


@pytest.mark.parametrize("kind", ["delete_sheet", "", "HAND", 3])
def test_an_unknown_kind_is_a_400_on_kind(chief, locked, kind):
    response = correct(chief, locked, {"kind": kind, "reason": REASON, "hand_number": 1})
    assert_error(response, 400, field="kind")
    assert not Correction.objects.exists()


def test_a_body_that_is_not_an_object_is_a_400(chief, locked):
    assert_error(correct(chief, locked, [REASON]), 400)


@pytest.mark.parametrize(
    "kind, change, field",
    [
        ("remove_hand", {"hand_number": 17}, "hand_number"),
        ("remove_hand", {"hand_number": None}, "hand_number"),
        ("penalty", {"offender": "E"}, "offender"),
        ("penalty", {"penalty_kind": "late"}, "penalty_kind"),
        ("void_penalty", {"penalty": 999999}, "penalty"),
        ("check_in", {"number": 999}, "number"),
        ("check_in", {"absent": True}, "arrived_at"),
        ("check_in", {"arrived_at": None}, "arrived_at"),
        ("swap_seats", {"second": "Z"}, "second"),
    ],
)
def test_a_bad_field_of_a_kind_is_a_400_naming_it(chief, locked, kind, change, field):
    assert_error(correct(chief, locked, body(kind, locked, **change)), 400, field=field)
    assert not Correction.objects.exists()


@pytest.mark.parametrize(
    "kind, change, words",
    [
        ("remove_hand", {"hand_number": 5}, "This sheet has no hand 5"),
        ("penalty", {"penalty_kind": "dead_hand", "amount": None}, "Give the number of the hand"),
        ("penalty", {"penalty_kind": "warning"}, "The rules set the points"),
        ("swap_seats", {"second": "A"}, "two different seats"),
    ],
)
def test_a_kind_the_rules_refuse_is_a_400_in_words(chief, locked, kind, change, words):
    errors = assert_error(correct(chief, locked, body(kind, locked, **change)), 400)
    assert words in errors[0]["message"]
    assert not Correction.objects.exists()


def test_voiding_a_penalty_twice_is_refused(chief, locked):
    assert correct(chief, locked, body("void_penalty", locked)).status_code == 201
    errors = assert_error(correct(chief, locked, body("void_penalty", locked)), 400)
    assert "already void" in errors[0]["message"]
