"""Hands entered on the players' phones: pending until another player of the table confirms
them, disputed to the umpire, sent twice and applied once, refused with the reason when the
sheet moved on (issue 28)."""

import pytest
from django.test import Client

from player_entry.models import TableEntry
from player_entry.services import player_link_issue, table_entry_settle
from tests.api.sheet_helpers import if_match, url, win
from tests.desk.helpers import api_client
from tests.player_entry.helpers import (
    answer,
    fields_of,
    messages_of,
    send_hand,
    table_umpire,
    version_of,
)
from tests.tournaments.factories import seated_table
from tournaments.models import Hand, SessionResult, Tournament


def test_a_players_hand_counts_for_nothing_until_another_player_confirms_it(sheet, phone):
    response = send_hand(phone("A"), sheet, points=12)
    assert response.status_code == 201
    entry = response.json()
    assert entry["status"] == "pending" and entry["number"] == 1
    assert not Hand.objects.filter(table_session=sheet).exists()
    assert version_of(sheet) == 0  # the sheet itself did not change
    confirmed = answer(phone("C"), entry["id"], "confirm")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "recorded"
    hand = Hand.objects.get(table_session=sheet)
    assert (hand.number, hand.winner_position, hand.discarder_position, hand.points) == (
        1,
        "A",
        "B",
        12,
    )
    assert SessionResult.objects.filter(table_session=sheet).exists()


def test_the_player_who_entered_a_hand_cannot_confirm_it(sheet, phone):
    entry = send_hand(phone("B"), sheet).json()
    refused = answer(phone("B"), entry["id"], "confirm")
    assert refused.status_code == 403 and "another player" in messages_of(refused)
    assert TableEntry.objects.get(pk=entry["id"]).status == "pending"


def test_a_player_of_another_table_touches_nothing_of_this_one(sheet, phone):
    entry = send_hand(phone("A"), sheet).json()
    other = seated_table(sheet.session.tournament, table_number=2)
    stranger = Client()
    stranger.get(f"/p/{player_link_issue(player=other.seats.first().player).token}/")
    for action in ("confirm", "dispute", "withdraw"):
        assert answer(stranger, entry["id"], action).status_code == 403, action
    assert TableEntry.objects.get(pk=entry["id"]).status == "pending"


def test_an_entry_of_an_older_session_is_answered_by_the_umpire_not_the_players(
    sheet, phone, seated
):
    entry = send_hand(phone("A"), sheet).json()
    players = [seated[position] for position in "BCDA"]  # the same four, the next session
    seated_table(sheet.session.tournament, session_number=2, players=players, started=True)
    for action in ("confirm", "dispute"):
        refused = answer(phone("B"), entry["id"], action)
        assert refused.status_code == 403, action
    assert answer(phone("A"), entry["id"], "withdraw").status_code == 403
    assert TableEntry.objects.get(pk=entry["id"]).status == "pending"
    assert not Hand.objects.filter(table_session=sheet).exists()


def test_a_hand_sent_twice_with_its_key_is_one_entry_and_one_hand(sheet, phone):
    first = send_hand(phone("A"), sheet, key="queued-entry-0001")
    again = send_hand(phone("A"), sheet, key="queued-entry-0001")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert answer(phone("B"), first.json()["id"], "confirm").status_code == 200
    assert answer(phone("B"), first.json()["id"], "confirm").json()["status"] == "recorded"
    assert send_hand(phone("A"), sheet, key="queued-entry-0001").status_code == 200
    assert Hand.objects.filter(table_session=sheet).count() == 1
    assert TableEntry.objects.count() == 1


def test_an_entry_made_on_an_older_version_of_the_sheet_is_refused_with_412(sheet, phone):
    response = send_hand(phone("A"), sheet, version=version_of(sheet) + 1)
    assert response.status_code == 412
    assert response.json()["errors"][0]["code"] == "conflict"
    assert not TableEntry.objects.exists()


def test_one_entry_at_a_time_awaits_its_answer(sheet, phone):
    assert send_hand(phone("A"), sheet).status_code == 201
    second = send_hand(phone("B"), sheet, winner="B", discarder="C")
    assert second.status_code == 409 and "awaits" in messages_of(second)
    assert TableEntry.objects.count() == 1


def test_a_hand_the_scoring_refuses_is_400_and_nothing_is_kept(sheet, phone):
    response = send_hand(phone("A"), sheet, points=5)
    assert response.status_code == 400 and "8" in messages_of(response)
    incomplete = send_hand(phone("A"), sheet, winner=None)
    assert incomplete.status_code == 400 and "winner" in fields_of(incomplete)
    assert not TableEntry.objects.exists()


def test_a_confirmation_after_the_sheet_moved_on_is_kept_as_refused_with_the_reason(sheet, phone):
    entry = send_hand(phone("A"), sheet).json()
    win(sheet, winner="D", discarder="A")  # the chief umpire recorded hand 1 meanwhile
    confirmed = answer(phone("B"), entry["id"], "confirm")
    assert confirmed.status_code == 200
    assert confirmed.json()["status"] == "refused" and "changed" in confirmed.json()["reason"]
    assert Hand.objects.filter(table_session=sheet).count() == 1
    assert send_hand(phone("A"), sheet).status_code == 201  # the table goes on


def test_the_one_who_entered_a_hand_withdraws_it_before_it_is_answered(sheet, phone):
    entry = send_hand(phone("A"), sheet).json()
    assert answer(phone("B"), entry["id"], "withdraw").status_code == 403
    assert answer(phone("A"), entry["id"], "withdraw").json()["status"] == "withdrawn"
    assert answer(phone("B"), entry["id"], "confirm").status_code == 409
    assert not Hand.objects.exists()


def test_a_disputed_hand_is_settled_by_the_umpire_only(sheet, phone, django_user_model):
    entry = send_hand(phone("A"), sheet, points=10).json()
    disputed = answer(phone("D"), entry["id"], "dispute", reason="It was 9 points")
    assert disputed.json()["status"] == "disputed"
    assert answer(phone("C"), entry["id"], "confirm").status_code == 409
    stranger = django_user_model.objects.create_user("someone")
    with pytest.raises(Exception, match="umpire"):
        table_entry_settle(user=stranger, entry_id=entry["id"], record=True, reason="ok")
    umpire = sheet.umpire or table_umpire(sheet, django_user_model)
    settled = table_entry_settle(
        user=umpire, entry_id=entry["id"], record=True, reason="The tiles make 10 points."
    )
    assert settled.status == "settled" and settled.hand.points == 10
    assert settled.hand.entered_by == umpire


def test_players_enter_nothing_where_the_tournament_has_umpires_enter(sheet, phone):
    Tournament.objects.filter(pk=sheet.session.tournament_id).update(
        hand_entry=Tournament.HandEntry.UMPIRES
    )
    response = send_hand(phone("A"), sheet)
    assert response.status_code == 403
    assert not TableEntry.objects.exists()


def test_where_players_enter_hands_the_tables_umpire_settles_rather_than_enters(
    sheet, django_user_model
):
    umpire = api_client(table_umpire(sheet, django_user_model))
    body = {"outcome": "draw"}
    refused = umpire.post(url(sheet, "hands/"), body, format="json", **if_match(sheet))
    assert refused.status_code == 403 and "players enter" in messages_of(refused)
    Tournament.objects.filter(pk=sheet.session.tournament_id).update(
        hand_entry=Tournament.HandEntry.BOTH
    )
    allowed = umpire.post(url(sheet, "hands/"), body, format="json", **if_match(sheet))
    assert allowed.status_code == 201


def test_the_table_poll_answers_304_until_an_entry_changes_the_table(
    sheet, phone, django_capture_on_commit_callbacks
):
    first = phone("A").get("/me/table/state.json")
    assert first.status_code == 200
    etag = first["ETag"]
    assert phone("A").get("/me/table/state.json", HTTP_IF_NONE_MATCH=etag).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        send_hand(phone("B"), sheet, winner="B", discarder="C")
    changed = phone("A").get("/me/table/state.json", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and 'data-action="confirm"' in changed.json()["html"]


def test_the_winner_of_a_hand_another_player_entered_cannot_confirm_it(sheet, phone):
    entry = send_hand(phone("A"), sheet, winner="B", discarder="C").json()
    refused = answer(phone("B"), entry["id"], "confirm")
    assert refused.status_code == 403
    assert "winner of a hand does not confirm it" in messages_of(refused)
    assert "3.7.1" in messages_of(refused)
    assert TableEntry.objects.get(pk=entry["id"]).status == "pending"
    assert not Hand.objects.filter(table_session=sheet).exists()


def test_a_payer_of_the_hand_confirms_it_when_the_winner_may_not(sheet, phone):
    entry = send_hand(phone("A"), sheet, winner="B", discarder="C").json()
    answer(phone("B"), entry["id"], "confirm")
    confirmed = answer(phone("D"), entry["id"], "confirm")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "recorded"
    assert confirmed.json()["answered_by"] != entry["entered_by"]
    assert Hand.objects.get(table_session=sheet).winner_position == "B"


def test_the_winner_of_a_self_drawn_hand_another_player_entered_cannot_confirm_it(sheet, phone):
    entry = send_hand(phone("C"), sheet, winner="D", discarder=None).json()
    assert answer(phone("D"), entry["id"], "confirm").status_code == 403
    assert answer(phone("A"), entry["id"], "confirm").json()["status"] == "recorded"


def test_the_winner_may_still_dispute_a_hand_entered_for_him(sheet, phone):
    entry = send_hand(phone("A"), sheet, winner="B", discarder="C", points=8).json()
    disputed = answer(phone("B"), entry["id"], "dispute", reason="It was 12 points")
    assert disputed.status_code == 200 and disputed.json()["status"] == "disputed"


def test_a_draw_is_confirmed_by_any_player_but_the_one_who_entered_it(sheet, phone):
    body = {"outcome": "draw", "winner": None, "discarder": None, "points": None}
    entry = send_hand(phone("A"), sheet, **body).json()
    assert answer(phone("B"), entry["id"], "confirm").json()["status"] == "recorded"
