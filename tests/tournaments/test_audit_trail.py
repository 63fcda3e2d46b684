"""The audit trail of a score sheet: who did what to which row, when, and why."""

import pytest
from django.urls import reverse

from tests.tournaments.signoff_helpers import fresh, seat_player, win
from tournaments.models import Penalty
from tournaments.selectors.audit import sheet_audit_trail
from tournaments.services.corrections import correction_hand_replace
from tournaments.services.hands import hand_delete_last

pytestmark = pytest.mark.django_db

REASON = "The deduction was meant for another table."


def sheet_url(sheet) -> str:
    return reverse("admin:tournaments_tablesession_change", args=[sheet.pk])


def audit_url(sheet) -> str:
    return reverse("admin:tournaments_tablesession_audit", args=[sheet.pk])


def post(client, sheet, data: dict):
    response = client.post(sheet_url(sheet), {**data, "version": fresh(sheet).version})
    assert response.status_code == 302, response.content.decode()[:2000]
    return response


@pytest.fixture
def worked(client, sheet, people):
    """Through the score sheet page: the umpire enters a hand, a penalty, a time-limit stop,
    the four confirmations and his signature; the chief umpire voids the penalty."""
    client.force_login(people.umpire)
    hand = {"hand-winner": "A", "hand-discarder": "B", "hand-points": "8", "hand-flowers": "0"}
    post(client, sheet, {"action": "save", **hand})
    post(
        client,
        sheet,
        {
            "action": "penalty",
            "penalty-player": "B",
            "penalty-kind": "deduction",
            "penalty-amount": "10",
            "penalty-reason": "Touched the wall",
        },
    )
    post(client, sheet, {"action": "time", "confirm": "yes"})
    for position in "ABCD":
        post(client, sheet, {"action": "confirm", "seat": position})
    post(client, sheet, {"action": "sign"})
    client.force_login(people.chief)
    penalty = Penalty.objects.get(table_session=sheet)
    post(
        client,
        sheet,
        {"action": "void_penalty", "void-penalty": str(penalty.pk), "void-reason": REASON},
    )
    return sheet


def find(entries, *, what: str, action: str):
    found = [e for e in entries if e.what.startswith(what) and e.action == action]
    assert found, [(e.what, e.action) for e in entries]
    return found


def test_the_trail_lists_hands_penalties_sign_off_and_the_correction_with_who_and_why(
    worked, people
):
    entries = sheet_audit_trail(table_session=worked)
    hand = find(entries, what="Hand 1", action="created")[0]
    assert hand.who == "umpire"
    assert ("winner_position", None, "A") in hand.changes
    created, voided = (
        find(entries, what="Penalty", action="created")[0],
        find(entries, what="Penalty", action="changed")[0],
    )
    fined = seat_player(worked, "B").name
    assert fined in created.what and "Points deducted" in created.what
    assert created.who == "umpire" and created.reason == ""
    assert (voided.who, voided.reason) == ("chief", REASON)
    assert "void_reason" in {name for name, _old, _new in voided.changes}
    signature = [e for e in find(entries, what="Sheet", action="changed") if e.who == "umpire"]
    assert any(e.reason == "Signed by the umpire." for e in signature)
    confirmations = find(entries, what="Confirmation", action="created")
    assert len(confirmations) == 4 and {e.who for e in confirmations} == {"umpire"}
    results = [e for e in find(entries, what="Result", action="changed") if e.reason == REASON]
    assert results and {e.who for e in results} == {"chief"}
    assert any(name == "score" for e in results for name, _old, _new in e.changes)


def test_the_trail_is_newest_first(worked):
    entries = sheet_audit_trail(table_session=worked)
    assert [e.when for e in entries] == sorted((e.when for e in entries), reverse=True)
    assert entries[0].reason == REASON


def test_a_correction_made_outside_a_request_names_the_chief_umpire(sheet, people):
    from tests.tournaments.signoff_helpers import signed

    signed(sheet, people)
    hand = sheet.hands.get(number=1)
    correction_hand_replace(
        hand=hand, reason="Wrong winner", winner="C", discarder="", points=8, user=people.chief
    )
    entry = find(sheet_audit_trail(table_session=sheet), what="Hand 1", action="changed")[0]
    assert (entry.who, entry.reason) == ("chief", "Wrong winner")
    assert ("winner_position", "A", "C") in entry.changes


def test_a_removed_hand_stays_in_the_trail_with_what_it_was(sheet, people):
    win(sheet, winner="D", discarder="C", points=9, user=people.umpire)
    hand_delete_last(table_session=sheet, number=1, user=people.umpire)
    removed = find(sheet_audit_trail(table_session=sheet), what="Hand 1", action="deleted")[0]
    assert "Removed by the umpire" in removed.reason
    assert ("winner_position", "D", None) in removed.changes
    assert ("points", 9, None) in removed.changes


# -- the admin's audit page ------------------------------------------------------------------


@pytest.mark.parametrize("who", ["chief", "umpire"])
def test_the_audit_page_shows_the_trail_to_the_chief_umpire_and_the_sheets_umpire(
    client, worked, people, who
):
    client.force_login(getattr(people, who))
    response = client.get(audit_url(worked))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="audit-table"' in page and 'id="corrections-table"' in page
    assert REASON in page
    assert "Hand 1" in page and "Signed by the umpire." in page
    assert "Penalty voided" in page  # the Correction row


def test_the_audit_page_is_refused_to_an_umpire_of_another_table(client, worked, people):
    client.force_login(people.other_umpire)
    assert client.get(audit_url(worked)).status_code == 403


def test_an_organiser_reads_the_audit_page_of_any_sheet(client, worked, people):
    """He reads every sheet (tournaments.policies.reads_every_sheet), as in the API."""
    client.force_login(people.organiser)
    response = client.get(audit_url(worked))
    assert response.status_code == 200
    assert REASON in response.content.decode()


def test_the_score_sheet_links_to_its_audit_page(client, sheet, people):
    client.force_login(people.umpire)
    assert audit_url(sheet) in client.get(sheet_url(sheet)).content.decode()
