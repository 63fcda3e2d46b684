"""The score desk's entries in the tournament's archive ("desk_entries", desk.archive): who
keyed what, which entries agreed, which one was superseded and which the chief umpire accepted
alone survive an export and an import; a file whose entries do not fit is refused whole."""

import copy
import json

import pytest
from django.contrib.auth import get_user_model

from desk.models import DeskEntry
from desk.services import desk_entry_accept, desk_entry_give
from tests.desk.helpers import PAPER
from tests.shared_rows import built_once
from tests.tournaments.factories import TournamentFactory, seated_table
from tests.tournaments.roles_matrix_helpers import make_user
from tournaments.archive import ArchiveError, dumps, export_tournament, import_tournament, load
from tournaments.demo.removal import demo_delete
from tournaments.models import Hand, TableSession, Tournament
from tournaments.roles import Role

pytestmark = pytest.mark.django_db
SLUG = "paper-open"


def mistyped(paper: dict) -> dict:
    """The paper with the first hand's points read wrong."""
    hands = copy.deepcopy(paper["hands"])
    hands[0]["points"] += 10
    return {**paper, "hands": hands}


def key_three_sheets() -> Tournament:
    """Three sheets of a points-only tournament keyed at the desk: table 1 by a pair that
    agreed after the second clerk's mistyped entry was superseded, table 2 by one entry the
    chief umpire accepted alone, table 3 by a first entry awaiting a second."""
    tournament = TournamentFactory(slug=SLUG, entry_mode=Tournament.EntryMode.POINTS_ONLY)
    first, second, third = (
        seated_table(tournament, table_number=n, started=True) for n in (1, 2, 3)
    )
    clerk1, clerk2 = make_user("clerk1", Role.SCORE_DESK), make_user("clerk2", Role.SCORE_DESK)
    chief = make_user("chief", Role.CHIEF_UMPIRE)
    desk_entry_give(table_session=first, **PAPER, user=clerk1)
    desk_entry_give(table_session=first, **mistyped(PAPER), user=clerk2)
    desk_entry_give(table_session=first, **PAPER, user=clerk2)
    desk_entry_give(table_session=second, **PAPER, user=clerk2)
    desk_entry_accept(table_session=second, reason="Second clerk off sick", user=chief)
    desk_entry_give(table_session=third, **PAPER, user=clerk1)
    return tournament


def keyed_and_exported() -> tuple[int, dict]:
    """The keyed tournament, and its archive under another slug (the original stays: only
    what each test breaks conflicts)."""
    tournament = key_three_sheets()
    document = export_tournament(tournament)
    document["tournament"]["slug"] = "paper-copy"
    return tournament.pk, document


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker):
    """Built once for the module (tests/shared_rows.py): each test's writes are undone."""
    yield from built_once(django_db_blocker, keyed_and_exported)


@pytest.fixture
def keyed(built, db) -> Tournament:
    return Tournament.objects.get(pk=built[0])


def described(slug: str) -> list[tuple]:
    """The tournament's desk entries by their sheet and content, the entry each agreed with
    by its clerk and time (no database id)."""
    entries = DeskEntry.objects.filter(table_session__session__tournament__slug=slug)
    return [
        (
            e.table_session.session.number,
            e.table_session.table.number,
            e.clerk.username,
            e.created_at,
            e.status,
            e.payload,
            e.decided_at,
            e.accepted_by.username if e.accepted_by else None,
            e.reason,
            (e.matched_with.clerk.username, e.matched_with.created_at) if e.matched_with else None,
        )
        for e in entries.select_related(
            "table_session__session", "table_session__table", "clerk", "accepted_by"
        ).order_by("table_session__table__number", "created_at", "pk")
    ]


def counts() -> dict:
    models = [Tournament, TableSession, Hand, DeskEntry, get_user_model()]
    return {model.__name__: model.objects.count() for model in models}


def test_desk_entries_export_and_import_back_with_the_same_rows(keyed):
    document = export_tournament(keyed)
    text = dumps(document)
    entries = document["desk_entries"]
    assert [e["number"] for e in entries] == [1, 2, 3, 4, 5]
    assert [(e["score_sheet"]["table"], e["clerk"], e["status"]) for e in entries] == [
        (1, "clerk1", "recorded"),
        (1, "clerk2", "superseded"),
        (1, "clerk2", "recorded"),
        (2, "clerk2", "accepted_alone"),
        (3, "clerk1", "first"),
    ]
    assert [e["matched_with"] for e in entries] == [None, None, 1, None, None]
    assert entries[3]["accepted_by"] == "chief" and entries[3]["reason"]
    assert {"clerk1", "clerk2", "chief"} <= set(document["users"])
    expected = described(SLUG)
    assert len(expected) == 5

    demo_delete(keyed)
    assert not DeskEntry.objects.exists()
    report = import_tournament(load(text))

    assert report.counts["desk_entries"] == 5
    assert described(SLUG) == expected
    assert dumps(export_tournament(report.tournament)) == text


@pytest.fixture
def document(built, db) -> dict:
    return copy.deepcopy(built[1])  # each test breaks its own copy


def refused(document: dict) -> str:
    """Import `document`; assert it is refused and writes nothing; the message."""
    before = counts()
    with pytest.raises(ArchiveError) as refusal:
        import_tournament(json.loads(dumps(document)))
    assert counts() == before
    assert not Tournament.objects.filter(slug="paper-copy").exists()
    return str(refusal.value.message)


def test_an_unchanged_copy_imports_beside_the_original_and_keeps_its_pair(document):
    import_tournament(document)
    assert described("paper-copy") == described(SLUG)
    pair = DeskEntry.objects.get(
        table_session__session__tournament__slug="paper-copy", matched_with__isnull=False
    )
    assert pair.matched_with.table_session == pair.table_session


def test_an_entry_of_a_clerk_the_file_does_not_list_is_refused(document):
    document["desk_entries"][0]["clerk"] = "ghost"
    message = refused(document)
    assert "desk_entries[0]" in message and "'ghost'" in message


def test_an_entry_without_a_clerk_is_refused(document):
    document["desk_entries"][1]["clerk"] = None
    assert "desk_entries[1]: clerk is missing" in refused(document)


@pytest.mark.parametrize(
    "matched_with",
    [
        99,  # no such entry
        3,  # itself
        2,  # the superseded entry: not recorded
        4,  # the entry accepted alone, of another sheet
        "1",
        True,
    ],
)
def test_an_entry_matched_with_no_recorded_entry_of_its_sheet_is_refused(document, matched_with):
    document["desk_entries"][2]["matched_with"] = matched_with
    message = refused(document)
    assert "desk_entries[2]" in message and f"matched_with {matched_with!r}" in message


def test_two_entries_matched_with_one_entry_are_refused(document):
    superseded = document["desk_entries"][1]
    superseded["status"], superseded["matched_with"] = "recorded", 1
    assert "twice" in refused(document)


def test_two_entries_of_one_number_are_refused(document):
    document["desk_entries"][4]["number"] = 1
    assert "twice" in refused(document)


@pytest.mark.parametrize(
    "payload",
    [
        None,
        {"hands": [], "penalties": []},
        {"hands": "A wins", "penalties": [], "confirmed": []},
        {"hands": [{"points": 8}], "penalties": [], "confirmed": []},
        {"hands": [], "penalties": [], "confirmed": "ABCD"},
    ],
)
def test_an_entry_whose_payload_is_not_as_the_desk_keeps_it_is_refused(document, payload):
    document["desk_entries"][0]["payload"] = payload
    assert "desk_entries[0], payload" in refused(document)


def test_an_entry_of_an_unknown_status_is_refused(document):
    document["desk_entries"][4]["status"] = "lost"
    assert "desk_entries[4]" in refused(document)


def test_an_entry_breaking_a_constraint_of_the_desk_is_refused(document):
    """An entry accepted alone without a reason (desk_accepted_alone_with_a_reason)."""
    document["desk_entries"][3]["reason"] = ""
    assert "rule of the database" in refused(document)


def test_a_file_of_version_2_without_desk_entries_is_refused(document):
    del document["desk_entries"]
    assert "desk_entries is missing" in refused(document)


def test_a_file_of_version_1_is_read_as_having_no_desk_entries(document):
    document["version"] = 1
    del document["desk_entries"], document["registration_corrections"]
    report = import_tournament(document)
    assert "desk_entries" not in report.counts
    assert not DeskEntry.objects.filter(table_session__session__tournament=report.tournament)
