"""import_tournament verifies what it imports (issue 26): payments zero-sum per hand, a win of
8 points at least, stored results equal to what the sheets give, and no player bound to a
login that exists already. A file that breaks one is refused, writing nothing."""

import json

import pytest
from django.contrib.auth import get_user_model

from tournaments.archive import ArchiveError, dumps, export_tournament, import_tournament
from tournaments.models import Hand, HandScore, Player, SessionResult, TableSession, Tournament

pytestmark = pytest.mark.django_db
MODELS = [Tournament, Player, TableSession, Hand, HandScore, SessionResult, get_user_model()]


def counts() -> dict:
    return {model.__name__: model.objects.count() for model in MODELS}


@pytest.fixture
def document(small_played) -> dict:
    """The small tournament's archive under another slug, with a player whose login the
    database does not have (the import creates it, inactive)."""
    document = export_tournament(small_played)
    document["tournament"]["slug"] = "small-copy"
    document["players"][0]["user"] = "new-player"
    document["users"] = sorted({*document["users"], "new-player"})
    return document


def sheet_where(document: dict) -> str:
    sheet = document["score_sheets"][0]
    return f"session {sheet['session']}, table {sheet['table']}"


def refused(document: dict) -> str:
    """Import `document`; assert it is refused without writing anything; the message."""
    before = counts()
    with pytest.raises(ArchiveError) as refusal:
        import_tournament(json.loads(dumps(document)))
    assert counts() == before
    assert not Tournament.objects.filter(slug="small-copy").exists()
    assert not get_user_model().objects.filter(username="new-player").exists()
    return str(refusal.value.message)


def test_the_unchanged_document_imports_with_the_new_login_created_inactive(document):
    report = import_tournament(json.loads(dumps(document)))
    assert "new-player" in report.created_users
    player = report.tournament.players.get(
        registration_number=document["players"][0]["registration_number"]
    )
    assert player.user.username == "new-player" and not player.user.is_active


def test_a_hand_whose_payments_do_not_add_up_to_zero_is_refused(document):
    hand = document["score_sheets"][0]["hands"][0]
    hand["scores"][0]["points"] += 1
    message = refused(document)
    assert sheet_where(document) in message and f"hand {hand['number']}" in message
    assert "add up to 1, not 0" in message


def test_a_win_under_8_points_is_refused(document):
    # The self-drawn win of 8 made a win of 7: its payments stay zero-sum (3 × (7 + 8)).
    hand = document["score_sheets"][0]["hands"][1]
    assert (hand["outcome"], hand["points"], hand["discarder_position"]) == ("win", 8, "")
    hand["points"] = 7
    for score in hand["scores"]:
        score["points"] = 45 if score["position"] == hand["winner_position"] else -15
    message = refused(document)
    assert sheet_where(document) in message and f"hand {hand['number']}" in message
    assert "7 points" in message and "at least 8" in message


def test_a_stored_result_other_than_the_sheet_gives_is_refused(document):
    result = document["score_sheets"][0]["results"][0]
    player = next(p for p in document["players"] if p["registration_number"] == result["player"])
    result["score"] += 5
    message = refused(document)
    assert sheet_where(document) in message
    assert f"player {result['player']} ({player['name']})" in message
    assert f"score {result['score']}, the sheet gives {result['score'] - 5}" in message


def test_a_result_the_sheet_gives_missing_from_the_file_is_refused(document):
    result = document["score_sheets"][0]["results"].pop()
    message = refused(document)
    assert sheet_where(document) in message and f"player {result['player']}" in message


def test_a_player_bound_to_an_existing_login_is_refused(document):
    existing = get_user_model().objects.create_user("taken", password="secret-pass")
    document["players"][1]["user"] = "taken"
    document["users"] = sorted({*document["users"], "taken"})
    message = refused(document)
    assert "players[1]" in message and "'taken'" in message
    assert "re-linked by a director after import" in message
    existing.refresh_from_db()
    assert existing.is_active and existing.check_password("secret-pass")


def test_other_references_may_name_an_existing_user(document):
    """An umpire, who entered a hand...: history, not a login taken over."""
    get_user_model().objects.create_user("ump-kept", password="x")
    document["score_sheets"][0]["umpire"] = "ump-kept"
    document["score_sheets"][0]["hands"][0]["entered_by"] = "ump-kept"
    document["users"] = sorted({*document["users"], "ump-kept"})
    report = import_tournament(json.loads(dumps(document)))
    sheet = TableSession.objects.get(session__tournament=report.tournament)
    assert sheet.umpire.username == "ump-kept" and "ump-kept" not in report.created_users
