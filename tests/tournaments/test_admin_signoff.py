"""The score sheet page's sign-off and correction actions, and its protection against double
posts (bug 11): each form carries the version of the sheet the user saw."""

import pytest
from django.urls import reverse

from tests.tournaments.admin_helpers import messages_after, page, post, sheet_url, shown
from tests.tournaments.signoff_helpers import complete, fine_b, fresh, seat_player, snapshot
from tournaments.models import Correction, Hand, Penalty, SessionResult, TableSession

pytestmark = pytest.mark.django_db

REASON = "Recorded against the wrong player."
HAND = {
    "action": "save",
    "hand-winner": "C",
    "hand-discarder": "",
    "hand-points": "8",
    "hand-flowers": "0",
}
PENALTY = {
    "action": "penalty",
    "penalty-player": "B",
    "penalty-kind": "deduction",
    "penalty-amount": "10",
    "penalty-reason": "Touched the wall",
}


def remove_url(sheet) -> str:
    return reverse("admin:tournaments_tablesession_remove_last", args=[sheet.pk])


def sign_through_the_page(client, sheet, people) -> None:
    client.force_login(people.umpire)
    for position in "ABCD":
        assert post(client, sheet, {"action": "confirm", "seat": position}).status_code == 302
    assert post(client, sheet, {"action": "sign"}).status_code == 302


@pytest.fixture
def complete_sheet(sheet, people):
    """Hand 1 won by A, a deduction of 10 on B, a time-limit stop: complete, not signed."""
    complete(sheet, people.umpire)
    fine_b(sheet, people.umpire)
    return fresh(sheet)


# -- sign-off through the page ---------------------------------------------------------------


def test_the_umpire_confirms_four_players_and_signs_and_the_chief_umpire_countersigns(
    client, complete_sheet, people
):
    sheet = complete_sheet
    client.force_login(people.umpire)
    before = page(client, sheet)
    assert 'id="confirm-A"' in before and 'id="sign-button"' in before
    assert 'id="countersign-button"' not in before
    for position in "ABCD":
        response = post(client, sheet, {"action": "confirm", "seat": position})
        assert "confirmed the sheet" in messages_after(client, response)
    assert fresh(sheet).confirmations.count() == 4
    text = messages_after(client, post(client, sheet, {"action": "sign"}))
    assert "signed and locked" in text
    assert fresh(sheet).status == TableSession.Status.SIGNED
    assert 'id="countersign-button"' not in text  # the umpire cannot countersign
    client.force_login(people.chief)
    assert 'id="countersign-button"' in page(client, sheet)
    text = messages_after(client, post(client, sheet, {"action": "countersign"}))
    assert "countersigned" in text
    final = fresh(sheet)
    assert (final.status, final.countersigned_by) == (TableSession.Status.FINAL, people.chief)


def test_signing_before_the_four_confirmations_shows_who_is_missing(client, complete_sheet, people):
    client.force_login(people.umpire)
    post(client, complete_sheet, {"action": "confirm", "seat": "A"})
    text = messages_after(client, post(client, complete_sheet, {"action": "sign"}))
    assert "Not every player has confirmed" in text
    assert seat_player(complete_sheet, "D").name in text
    assert fresh(complete_sheet).status == TableSession.Status.COMPLETE


def test_the_umpire_cannot_countersign_through_the_page(client, complete_sheet, people):
    sign_through_the_page(client, complete_sheet, people)
    response = post(client, complete_sheet, {"action": "countersign"})
    assert "Only the chief umpire countersigns" in messages_after(client, response)
    assert fresh(complete_sheet).status == TableSession.Status.SIGNED


def test_after_signing_the_hand_and_penalty_forms_are_gone(client, complete_sheet, people):
    client.force_login(people.umpire)
    assert 'id="penalty-form"' in page(client, complete_sheet)
    sign_through_the_page(client, complete_sheet, people)
    text = page(client, complete_sheet)
    assert 'id="hand-form"' not in text and 'id="penalty-form"' not in text
    assert 'id="checkin-form"' not in text and 'id="remove-last"' not in text
    assert 'id="locked-note"' in text


@pytest.mark.parametrize(
    "data", [HAND, PENALTY, {"action": "draw", "confirm": "yes"}], ids=["hand", "pen", "draw"]
)
def test_a_write_posted_to_a_signed_sheet_is_refused_and_nothing_is_written(
    client, complete_sheet, people, data
):
    sign_through_the_page(client, complete_sheet, people)
    before = snapshot(complete_sheet)
    response = post(client, complete_sheet, data)
    assert "The umpire has signed this sheet" in shown(client, response)
    assert snapshot(complete_sheet) == before


def test_remove_last_posted_to_a_signed_sheet_is_refused(client, complete_sheet, people):
    sign_through_the_page(client, complete_sheet, people)
    before = snapshot(complete_sheet)
    response = client.post(
        remove_url(complete_sheet), {"number": 2, "version": fresh(complete_sheet).version}
    )
    assert "The umpire has signed this sheet" in messages_after(client, response)
    assert snapshot(complete_sheet) == before


# -- double posts (bug 11) -------------------------------------------------------------------


def test_a_double_posted_save_hand_with_the_same_version_records_one_hand(client, sheet, people):
    client.force_login(people.umpire)
    seen = fresh(sheet).version
    first = post(client, sheet, HAND, version=seen)
    assert first.status_code == 302
    second = post(client, sheet, HAND, version=seen)
    assert "changed since you opened it" in shown(client, second)
    assert list(sheet.hands.values_list("number", flat=True)) == [1]
    assert SessionResult.objects.filter(table_session=sheet, score=48).count() == 1


def test_a_double_posted_remove_last_removes_one_hand(client, sheet, people):
    client.force_login(people.umpire)
    post(client, sheet, HAND)
    post(client, sheet, HAND)
    confirmation = {"number": 2, "version": fresh(sheet).version}
    client.post(remove_url(sheet), confirmation)
    response = client.post(remove_url(sheet), confirmation)
    assert response.status_code == 302
    assert list(sheet.hands.values_list("number", flat=True)) == [1]


def test_a_write_posted_without_the_version_is_refused(client, sheet, people):
    """Every form carries the version; a post without one must not skip the check."""
    client.force_login(people.umpire)
    response = client.post(sheet_url(sheet), HAND)
    assert "changed since you opened it" in shown(client, response)
    assert not Hand.objects.filter(table_session=sheet).exists()


# -- corrections through the page ------------------------------------------------------------


def test_the_chief_umpire_voids_a_penalty_through_the_page(client, complete_sheet, people):
    sign_through_the_page(client, complete_sheet, people)
    client.force_login(people.chief)
    assert 'id="void_penalty-form"' in page(client, complete_sheet)
    penalty = Penalty.objects.get(table_session=complete_sheet)
    response = post(
        client,
        complete_sheet,
        {"action": "void_penalty", "void-penalty": str(penalty.pk), "void-reason": REASON},
    )
    assert "the penalty is void" in messages_after(client, response)
    penalty.refresh_from_db()
    assert (penalty.void_reason, penalty.voided_by) == (REASON, people.chief)
    scores = dict(
        SessionResult.objects.filter(table_session=complete_sheet).values_list("position", "score")
    )
    assert scores["B"] == -16
    assert Correction.objects.get().kind == Correction.Kind.PENALTY_VOID


def test_the_chief_umpire_swaps_seats_through_the_page(client, complete_sheet, people):
    sign_through_the_page(client, complete_sheet, people)
    client.force_login(people.chief)
    player_c, player_d = seat_player(complete_sheet, "C"), seat_player(complete_sheet, "D")
    response = post(
        client,
        complete_sheet,
        {"action": "swap_seats", "swap-first": "C", "swap-second": "D", "swap-reason": REASON},
    )
    assert "seats swapped" in messages_after(client, response)
    assert (seat_player(complete_sheet, "C"), seat_player(complete_sheet, "D")) == (
        player_d,
        player_c,
    )
    assert Correction.objects.get().reason == REASON


def test_the_chief_umpire_replaces_a_hand_through_the_page(client, complete_sheet, people):
    sign_through_the_page(client, complete_sheet, people)
    client.force_login(people.chief)
    response = post(
        client,
        complete_sheet,
        {
            "action": "fix_hand",
            "fix-number": "1",
            "fix-outcome": "win",
            "fix-reason": REASON,
            "fixhand-winner": "D",
            "fixhand-discarder": "A",
            "fixhand-points": "10",
            "fixhand-flowers": "0",
        },
    )
    assert "hand 1 replaced" in messages_after(client, response)
    hand = complete_sheet.hands.get(number=1)
    assert (hand.winner_position, hand.discarder_position, hand.points) == ("D", "A", 10)


CORRECTION_POSTS = {
    "void": lambda sheet: {
        "action": "void_penalty",
        "void-penalty": str(Penalty.objects.get(table_session=sheet).pk),
        "void-reason": REASON,
    },
    "swap": lambda sheet: {
        "action": "swap_seats",
        "swap-first": "C",
        "swap-second": "D",
        "swap-reason": REASON,
    },
}


@pytest.mark.parametrize("make", CORRECTION_POSTS.values(), ids=CORRECTION_POSTS.keys())
def test_an_umpires_correction_through_the_page_is_refused(client, complete_sheet, people, make):
    sign_through_the_page(client, complete_sheet, people)
    text = page(client, complete_sheet)
    assert 'id="corrections"' not in text  # not offered to him
    before = snapshot(complete_sheet)
    seats = list(complete_sheet.seats.values_list("position", "player_id"))
    response = post(client, complete_sheet, make(complete_sheet))
    assert "Only the chief umpire makes corrections" in shown(client, response)
    assert snapshot(complete_sheet) == before
    assert list(complete_sheet.seats.values_list("position", "player_id")) == seats
    assert not Correction.objects.exists()


def test_a_correction_without_a_reason_is_a_form_error(client, complete_sheet, people):
    sign_through_the_page(client, complete_sheet, people)
    client.force_login(people.chief)
    before = snapshot(complete_sheet)
    response = post(
        client,
        complete_sheet,
        {"action": "swap_seats", "swap-first": "C", "swap-second": "D", "swap-reason": "  "},
    )
    assert response.status_code == 200
    assert snapshot(complete_sheet) == before
    assert not Correction.objects.exists()
