"""GET /api/score-sheets/{id}/history/: the audit trail (who, when, before/after, reason)."""

import pytest

from tests.api.helpers import assert_error
from tests.api.sheet_helpers import PURE_STRAIGHT, if_match, signed, url


def entries(client, sheet, **params):
    response = client.get(url(sheet, "history/"), params)
    assert response.status_code == 200, response.content
    return response.json()


def test_the_trail_shows_who_entered_a_hand_through_the_api_and_what_it_was(umpire, sheet):
    body = {"outcome": "win", "winner": "A", "discarder": "C", "hand": PURE_STRAIGHT}
    assert umpire.post(url(sheet, "hands/"), body, format="json", **if_match(sheet)).status_code
    trail = entries(umpire, sheet)["results"]
    [created] = [e for e in trail if e["what"] == "Hand 1"]
    assert created["who"] == umpire.user.username and created["action"] == "created"
    changes = {c["field"]: (c["before"], c["after"]) for c in created["changes"]}
    assert changes["winner_position"] == (None, "A")
    assert changes["tiles"] == (None, PURE_STRAIGHT)


def test_a_correction_shows_before_after_and_the_reason(umpire, chief, sheet):
    signed(sheet, umpire.user)
    fix = {
        "reason": "B won",
        "hand_number": 1,
        "outcome": "win",
        "winner": "B",
        "hand": PURE_STRAIGHT,
    }
    response = chief.post(url(sheet, "corrections/"), fix, format="json", **if_match(sheet))
    assert response.status_code == 201, response.content
    trail = entries(chief, sheet)["results"]
    newest_hand = next(e for e in trail if e["what"] == "Hand 1")  # newest first
    assert newest_hand["action"] == "changed" and newest_hand["reason"] == "B won"
    assert newest_hand["who"] == chief.user.username
    changes = {c["field"]: (c["before"], c["after"]) for c in newest_hand["changes"]}
    assert changes["winner_position"] == ("A", "B")
    times = [e["when"] for e in trail]
    assert times == sorted(times, reverse=True)


def test_the_trail_is_paginated(umpire, sheet):
    signed(sheet, umpire.user)
    page = entries(umpire, sheet, page_size=2)
    assert len(page["results"]) == 2 and page["count"] > 2 and page["next"]


@pytest.mark.parametrize("role", ["chief_umpire", "organiser", "committee"])
def test_the_directing_roles_read_the_trail(as_role, sheet, role):
    assert as_role(role).get(url(sheet, "history/")).status_code == 200


def test_players_other_umpires_and_anonymous_do_not(player_client, other_umpire, anonymous, sheet):
    assert_error(player_client(sheet, "A").get(url(sheet, "history/")), 404)
    assert_error(other_umpire.get(url(sheet, "history/")), 404)
    assert_error(anonymous.get(url(sheet, "history/")), 401)


def test_an_unknown_sheet_is_404(as_role):
    assert_error(as_role("chief_umpire").get("/api/score-sheets/999999/history/"), 404)
