"""The archive and the corrections of issue 25: a penalty added, a hand removed, a check-in
changed (their before/after hold database ids, written as natural keys), and the appeal a
correction applies (Correction.appeal, written as the appeal's number in "appeals")."""

import datetime
import json

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.tournaments.export_fixtures import corrections_described as described
from tests.tournaments.factories import sign_sheets
from tournaments.archive import ArchiveError, dumps, export_tournament, import_tournament, load
from tournaments.demo.removal import demo_delete
from tournaments.models import (
    Appeal,
    CheckIn,
    Correction,
    Hand,
    Penalty,
    Player,
    TableSession,
    Tournament,
)
from tournaments.services.corrections import (
    correction_check_in,
    correction_hand_remove,
    correction_penalty_add,
)
from tournaments.services.hands import hand_record_no_win

pytestmark = pytest.mark.django_db
SLUG = "small-open"
MODELS = [Tournament, Player, TableSession, Hand, Penalty, CheckIn, Correction, Appeal]


def counts() -> dict:
    return {model.__name__: model.objects.count() for model in [*MODELS, get_user_model()]}


def seat(sheet: TableSession, position: str) -> Player:
    return sheet.seats.get(position=position).player


def file_appeal(sheet: TableSession, user, statement: str, at: datetime.datetime) -> Appeal:
    return Appeal.objects.create(
        session=sheet.session,
        table_session=sheet,
        player=seat(sheet, "A"),
        filed_by=user,
        filed_at=at,
        subject=Appeal.Subject.OTHER,
        statement=statement,
        confirmed_by_filer=True,
        fee_amount=0,
        fee_currency="EUR",
    )


@pytest.fixture
def corrected(small_played) -> Tournament:
    """The small tournament's sheet signed, two appeals filed, then corrected by the chief
    umpire: A's check-in (12 minutes late, applying the second appeal), A's check-in again
    (4 minutes late: the first late penalty voided, another recorded), C absent, a penalty
    added to B in hand 3, hand 1 removed (the penalties of hands 2 and 3 renumbered)."""
    sheet = TableSession.objects.get(session__tournament=small_played)
    chief = get_user_model().objects.create_superuser("chief-small", password="x")
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    sign_sheets(sheet)
    start = sheet.session.actual_start
    now = timezone.now()
    file_appeal(sheet, chief, "C was never called.", now - datetime.timedelta(minutes=2))
    applied = file_appeal(sheet, chief, "A came at 9:12.", now - datetime.timedelta(minutes=1))
    common = {"table_session": sheet, "user": chief}
    correction_check_in(
        **common,
        player=seat(sheet, "A"),
        arrived_at=start + datetime.timedelta(minutes=12),
        reason="Appeal upheld: A arrived at 9:12.",
        appeal=applied,
    )
    correction_check_in(
        **common,
        player=seat(sheet, "A"),
        arrived_at=start + datetime.timedelta(minutes=4),
        reason="He signed in at 9:04.",
    )
    correction_check_in(**common, player=seat(sheet, "C"), absent=True, reason="C never came.")
    correction_penalty_add(
        **common,
        player=seat(sheet, "B"),
        kind=Penalty.Kind.DEDUCTION,
        amount=5,
        hand_number=3,
        nature="Slow play, reported late",
        reason="Reported after signing.",
    )
    correction_hand_remove(**common, number=1, reason="Hand 1 was entered twice.")
    return Tournament.objects.get(slug=SLUG)


def wipe(tournament: Tournament) -> None:
    """Delete the tournament (its corrections first let go of the appeals they apply)."""
    Correction.objects.filter(table_session__session__tournament=tournament).update(appeal=None)
    demo_delete(tournament)


def test_the_new_corrections_and_their_appeal_round_trip(corrected):
    document = export_tournament(corrected)
    text = dumps(document)
    sheet = document["score_sheets"][0]
    numbered = {p["number"]: p for p in sheet["penalties"]}
    by_kind: dict[str, list] = {}
    for correction in sheet["corrections"]:
        by_kind.setdefault(correction["kind"], []).append(correction)
    # Natural keys in the file: a penalty by its number on the sheet, a player by his
    # registration number, the appeal by its number in "appeals".
    registration = {s["position"]: s["player"] for s in sheet["seats"]}
    added = by_kind["penalty"][0]
    assert added["before"] == {"penalty": None}
    assert numbered[added["after"]["penalty"]]["reason"] == "Slow play, reported late"
    assert added["after"]["player"] == registration["B"]
    late, again, absent = by_kind["check_in"]
    assert late["before"]["player"] == late["after"]["player"] == registration["A"]
    assert late["before"]["late_penalty"] is None
    first_late = numbered[late["after"]["late_penalty"]["penalty"]]
    assert (first_late["minutes_late"], first_late["voided_at"] is not None) == (12, True)
    assert again["before"]["late_penalty"]["penalty"] == late["after"]["late_penalty"]["penalty"]
    assert numbered[again["after"]["late_penalty"]["penalty"]]["minutes_late"] == 4
    assert absent["after"]["absent"] and absent["after"]["player"] == registration["C"]
    removed = by_kind["hand_removed"][0]
    moved = removed["after"]["penalties_renumbered"]
    assert sorted(numbered[line["penalty"]]["player"] for line in moved) == sorted(
        [registration["B"], registration["D"]]
    )
    assert [c["appeal"] for c in sheet["corrections"]] == [2, None, None, None, None]
    assert document["appeals"][1]["statement"] == "A came at 9:12."
    expected = described(SLUG)
    assert len(expected) == 5 and expected[0][-1] == "A came at 9:12."

    wipe(corrected)
    report = import_tournament(load(text))

    assert dumps(export_tournament(report.tournament)) == text
    # The ids restored point at the restored rows: the same penalties, players and appeal.
    assert described(SLUG) == expected
    restored = Correction.objects.get(appeal__isnull=False)
    assert restored.appeal.table_session.session.tournament == report.tournament


def test_a_file_without_the_appeal_of_its_corrections_imports_them_without_one(corrected):
    document = export_tournament(corrected)
    for correction in document["score_sheets"][0]["corrections"]:
        del correction["appeal"]
    wipe(corrected)
    import_tournament(document)
    assert Correction.objects.count() == 5
    assert not Correction.objects.filter(appeal__isnull=False).exists()


@pytest.fixture
def document(corrected) -> dict:
    """The corrected tournament's archive under another slug."""
    document = export_tournament(corrected)
    document["tournament"]["slug"] = "small-copy"
    return document


def refused(document: dict) -> str:
    """Import `document`; assert it is refused without writing anything; the message."""
    before = counts()
    with pytest.raises(ArchiveError) as refusal:
        import_tournament(json.loads(dumps(document)))
    assert counts() == before
    assert not Tournament.objects.filter(slug="small-copy").exists()
    return str(refusal.value.message)


def corrections_of(document: dict, kind: str) -> list[dict]:
    return [c for c in document["score_sheets"][0]["corrections"] if c["kind"] == kind]


def test_the_unchanged_copy_imports(document):
    import_tournament(document)
    copy = Tournament.objects.get(slug="small-copy")
    applied = Correction.objects.get(table_session__session__tournament=copy, appeal__isnull=False)
    assert applied.appeal.session.tournament == copy


@pytest.mark.parametrize("appeal", [99, 0, -1, "2", True])
def test_a_correction_naming_an_appeal_the_file_does_not_have_is_refused(document, appeal):
    corrections_of(document, "check_in")[0]["appeal"] = appeal
    message = refused(document)
    assert "corrections[0]" in message and f"appeal {appeal}" in message


def test_a_correction_naming_a_penalty_not_on_its_sheet_is_refused(document):
    corrections_of(document, "hand_removed")[0]["after"]["penalties_renumbered"][0]["penalty"] = 99
    message = refused(document)
    assert "penalties_renumbered[0]" in message and "'number': 99" in message


def test_a_correction_naming_a_player_not_in_the_file_is_refused(document):
    corrections_of(document, "penalty")[0]["after"]["player"] = 999
    assert "999" in refused(document)


@pytest.mark.parametrize(
    ("kind", "side", "key", "value"),
    [
        ("check_in", "after", "late_penalty", [1]),
        ("check_in", "before", "player", "A"),
        ("hand_removed", "after", "penalties_renumbered", {"penalty": 1}),
        ("penalty", "after", "penalty", True),
    ],
)
def test_a_malformed_correction_value_is_refused(document, kind, side, key, value):
    corrections_of(document, kind)[0][side][key] = value
    assert f"{side}" in refused(document)
