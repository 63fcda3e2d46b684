"""POST /api/score-sheets/{id}/desk-entries/: the first entry is held, a second clerk's entry
that agrees records the whole sheet, one that differs is refused with the differing cells
(issue 27, "Double entry")."""

import copy
import re

import pytest

from desk.models import DeskEntry
from tests.desk.helpers import PAPER, desk_url, fresh, if_match, key, win
from tournaments.models import Hand, Penalty, SessionResult, SheetConfirmation, TableSession

pytestmark = pytest.mark.django_db


def assert_errors(response, status: int, code: str | None = None, field: str | None = None):
    assert response.status_code == status, (response.status_code, response.content[:600])
    errors = response.json()["errors"]
    assert errors and all({"code", "message", "field"} <= set(e) for e in errors), errors
    if code is not None:
        assert code in [e["code"] for e in errors], errors
    if field is not None:
        assert field in [e["field"] for e in errors], errors
    return errors


def nothing_counts(sheet) -> bool:
    return not (
        Hand.objects.filter(table_session=sheet).exists()
        or Penalty.objects.filter(table_session=sheet).exists()
        or SheetConfirmation.objects.filter(table_session=sheet).exists()
        or SessionResult.objects.filter(table_session=sheet).exists()
    )


def test_the_first_entry_is_held_and_nothing_counts(clerks, sheet):
    response = key(clerks[0], sheet, PAPER)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "awaiting_second_entry"
    assert body["clerks"] == ["clerk1"] and body["entry"]["status"] == "first"
    assert nothing_counts(sheet)
    assert fresh(sheet).version == sheet.version  # the sheet itself did not change
    state = clerks[0].get(desk_url(sheet)).json()
    assert state["status"] == "awaiting_second_entry"
    assert [e["status"] for e in state["entries"]] == ["first"]


def test_an_agreeing_second_entry_records_the_whole_sheet(clerks, sheet):
    assert key(clerks[0], sheet, PAPER).status_code == 201
    response = key(clerks[1], sheet, PAPER)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "recorded" and body["clerks"] == ["clerk1", "clerk2"]
    now = fresh(sheet)
    assert response["ETag"] == f'"{sheet.pk}-{now.version}"' and now.version > sheet.version
    hands = list(Hand.objects.filter(table_session=sheet).order_by("number"))
    assert [h.outcome for h in hands] == ["win", "draw", "win", "win", "win", "draw", "win", "time"]
    assert [(h.points, h.flowers) for h in hands if h.outcome == "win"] == [
        (15, 0),
        (8, 2),
        (24, 0),
        (12, 1),
        (15, 0),
    ]
    assert {h.entered_by.username for h in hands} == {"clerk2"}
    penalties = Penalty.objects.filter(table_session=sheet).order_by("pk")
    assert [(p.kind, p.hand_number) for p in penalties] == [
        ("warning", None),
        ("dead_hand", 3),
        ("deduction", None),
    ]
    assert {p.recorded_by.username for p in penalties} == {"clerk2"}
    assert SheetConfirmation.objects.filter(table_session=sheet).count() == 4
    assert now.status == TableSession.Status.COMPLETE and now.closed_by == "time_limit"
    entries = DeskEntry.objects.filter(table_session=sheet).order_by("pk")
    assert [(e.clerk.username, e.status) for e in entries] == [
        ("clerk1", "recorded"),
        ("clerk2", "recorded"),
    ]
    assert entries[1].matched_with == entries[0]
    assert clerks[2].get(desk_url(sheet)).json()["status"] == "recorded"


def test_the_history_names_the_second_clerk_and_its_reason_both(clerks, sheet):
    key(clerks[0], sheet, PAPER)
    key(clerks[1], sheet, PAPER)
    created = Hand.history.filter(table_session_id=sheet.pk, history_type="+")
    assert created.count() == len(PAPER["hands"])
    for row in created:
        assert row.history_user.username == "clerk2"
        assert "clerk1" in row.history_change_reason and "clerk2" in row.history_change_reason
    penalty_rows = Penalty.history.filter(table_session_id=sheet.pk, history_type="+")
    assert {row.history_user.username for row in penalty_rows} == {"clerk2"}
    assert all("clerk1" in row.history_change_reason for row in penalty_rows)


def test_a_differing_second_entry_is_a_409_listing_the_cells(clerks, sheet):
    key(clerks[0], sheet, PAPER)
    other = copy.deepcopy(PAPER)
    other["hands"][6] = win("A", None, 17)  # hand 7: 17 instead of 15
    response = key(clerks[1], sheet, other)
    assert_errors(response, 409, code="entries_differ")
    assert response.json()["differences"] == [{"hand": 7, "field": "points", "second": 17}]
    assert nothing_counts(sheet)
    statuses = list(DeskEntry.objects.filter(table_session=sheet).values_list("status", flat=True))
    assert sorted(statuses) == ["differs", "first"]
    assert clerks[0].get(desk_url(sheet)).json()["status"] == "differ"


def test_differences_name_missing_hands_penalties_and_signatures(clerks, sheet):
    key(clerks[0], sheet, PAPER)
    other = copy.deepcopy(PAPER)
    other["hands"] = other["hands"][:-1]  # no time-limit stop
    other["penalties"][2]["amount"] = 20
    other["penalties"][0]["reason"] = "  slow   PLAY "  # the same words
    other["confirmed"] = ["A", "B", "C"]
    response = key(clerks[1], sheet, other)
    assert response.status_code == 409
    assert response.json()["differences"] == [
        {"hand": 8, "field": "outcome", "second": None},
        {"penalty": 3, "field": "amount", "second": 20},
        {"field": "confirmed", "second": ["A", "B", "C"]},
    ]


def _values(body) -> list:
    """Every value of a JSON body, however deep."""
    if isinstance(body, dict):
        return [value for item in body.values() for value in _values(item)]
    if isinstance(body, list):
        return [value for item in body for value in _values(item)]
    return [body]


def test_the_second_clerk_never_reads_what_the_first_entry_holds(clerks, sheet):
    first = copy.deepcopy(PAPER)
    first["hands"][6] = win("A", None, 83)  # hand 7 as the first clerk read it
    first["penalties"][2]["amount"] = 60
    assert key(clerks[0], sheet, first).status_code == 201
    second = copy.deepcopy(PAPER)
    second["hands"][6] = win("A", None, 17)
    second["penalties"][2]["amount"] = 20
    refused = key(clerks[1], sheet, second)
    assert refused.status_code == 409
    assert {"hand": 7, "field": "points", "second": 17} in refused.json()["differences"]
    assert {"penalty": 3, "field": "amount", "second": 20} in refused.json()["differences"]
    state = clerks[1].get(desk_url(sheet)).json()
    for body in (refused.json(), state):
        assert not {83, 60} & set(_values(body)), body
    texts = [value for value in _values(refused.json()) if isinstance(value, str)]
    assert not [text for text in texts if re.search(r"\b(83|60)\b", text)]


def test_after_a_difference_an_agreeing_entry_records_it(clerks, sheet):
    key(clerks[0], sheet, PAPER)
    other = copy.deepcopy(PAPER)
    other["hands"][0] = win("A", "C", 16)
    assert key(clerks[1], sheet, other).status_code == 409
    response = key(clerks[2], sheet, PAPER)  # a third clerk reads the paper: clerk1 was right
    assert response.status_code == 201, response.content
    assert response.json()["clerks"] == ["clerk1", "clerk3"]
    assert Hand.objects.get(table_session=sheet, number=1).points == 15
    statuses = dict(
        DeskEntry.objects.filter(table_session=sheet).values_list("clerk__username", "status")
    )
    assert statuses == {"clerk1": "recorded", "clerk2": "superseded", "clerk3": "recorded"}


def test_the_clerk_who_mistyped_keys_it_again_and_replaces_his_entry(clerks, sheet):
    mistyped = copy.deepcopy(PAPER)
    mistyped["hands"][3] = win("D", "A", 42)
    key(clerks[0], sheet, mistyped)
    assert key(clerks[1], sheet, PAPER).status_code == 409
    response = key(clerks[0], sheet, PAPER)  # clerk1 corrects his: it agrees with clerk2's
    assert response.status_code == 201, response.content
    assert response.json()["clerks"] == ["clerk2", "clerk1"]
    rows = DeskEntry.objects.filter(table_session=sheet).order_by("pk")
    assert [(e.clerk.username, e.status) for e in rows] == [
        ("clerk1", "superseded"),
        ("clerk2", "recorded"),
        ("clerk1", "recorded"),
    ]
    assert Hand.objects.get(table_session=sheet, number=4).points == 24


def test_the_same_clerk_never_gives_both_entries(clerks, sheet):
    key(clerks[0], sheet, PAPER)
    response = key(clerks[0], sheet, PAPER)
    assert_errors(response, 403, code="forbidden")
    assert DeskEntry.objects.filter(table_session=sheet).count() == 1
    assert nothing_counts(sheet)


def test_who_is_asked_before_the_version(clerks, sheet):
    key(clerks[0], sheet, PAPER)
    assert_errors(key(clerks[0], sheet, PAPER, headers={}), 403)
    assert_errors(key(clerks[0], sheet, PAPER, headers={"HTTP_IF_MATCH": '"1-999"'}), 403)


def test_without_if_match_it_is_428_and_with_a_stale_one_412(clerks, sheet):
    assert_errors(key(clerks[0], sheet, PAPER, headers={}), 428)
    stale = if_match(sheet)
    TableSession.objects.filter(pk=sheet.pk).update(version=sheet.version + 1)
    assert_errors(key(clerks[0], sheet, PAPER, headers=stale), 412)
    assert not DeskEntry.objects.exists()


def test_a_second_entry_against_a_stale_version_records_nothing(clerks, sheet):
    stale = if_match(sheet)
    key(clerks[0], sheet, PAPER, headers=stale)
    TableSession.objects.filter(pk=sheet.pk).update(version=sheet.version + 1)
    assert_errors(key(clerks[1], sheet, PAPER, headers=stale), 412)
    assert nothing_counts(sheet)
    assert list(DeskEntry.objects.values_list("status", flat=True)) == ["first"]


def test_a_malformed_body_is_a_400_naming_the_field(clerks, sheet):
    body = {"hands": [{"outcome": "win", "points": 8}], "confirmed": ["A", "A"]}
    errors = assert_errors(key(clerks[0], sheet, body), 400)
    assert {"hands.0.winner", "confirmed"} <= {e["field"] for e in errors}
    too_many = {"hands": [{"outcome": "draw"}] * 17}
    assert_errors(key(clerks[0], sheet, too_many), 400, field="hands")
    assert not DeskEntry.objects.exists()


def test_a_clerk_reads_his_own_entry_but_not_another_clerks_before_it_counts(clerks, chief, sheet):
    key(clerks[0], sheet, PAPER)
    own = clerks[0].get(desk_url(sheet)).json()["entries"][0]
    assert own["payload"]["hands"][0]["points"] == 15
    assert clerks[1].get(desk_url(sheet)).json()["entries"][0]["payload"] is None
    assert chief.get(desk_url(sheet)).json()["entries"][0]["payload"] is not None
