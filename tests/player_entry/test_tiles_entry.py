"""A tournament that records tiles, whose players enter the hands on their phones: the phone's
form is the umpire's tile picker, checked by the umpire's own form, scored by the scoring core
before the entry is kept; the other players see the tiles and the points they confirm; the
table's umpire no longer enters hands where the players do (issue 28)."""

import uuid

import pytest
from django.contrib.auth.models import Group

from player_entry.models import TableEntry
from tests.api.sheet_helpers import if_match, url
from tests.desk.helpers import api_client
from tests.player_entry.helpers import answer, fields_of, messages_of, version_of
from tests.tournaments.admin_helpers import NOT_WINNING_HAND, UNDER_EIGHT_HAND, VALID_HAND
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments import policies
from tournaments.models import Hand, TableSession, Tournament
from tournaments.roles import ROLE_GROUPS, Role

# VALID_HAND with a flower, won on B's discard: Pure Straight 16, All Chows 2, Single Wait 1.
WIN = {"outcome": "win", "winner": "A", "discarder": "B", "flowers": 1, **VALID_HAND}
WIN_POINTS = 19


@pytest.fixture
def sheet(db):
    """The players' entry fixtures (conftest.py: seated, phone) on a tiles tournament."""
    tournament = TournamentFactory(
        entry_mode=Tournament.EntryMode.TILES, hand_entry=Tournament.HandEntry.PLAYERS
    )
    return seated_table(tournament, started=True)


@pytest.fixture
def umpire(sheet, django_user_model):
    """The table's umpire."""
    user = django_user_model.objects.create_user("tiles-umpire", is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    sheet.umpire = user
    sheet.save(update_fields=["umpire"])
    return user


def send_tiles(phone, sheet, body: dict, *, key=None):
    """POST /me/table/entries.json as the phone's queue sends a tiles hand."""
    return phone.post(
        "/me/table/entries.json",
        body,
        content_type="application/json",
        HTTP_IF_MATCH=f'"{version_of(sheet)}"',
        HTTP_IDEMPOTENCY_KEY=key or uuid.uuid4().hex,
    )


def form_post(sheet, body: dict) -> dict:
    """The page's form#hand-form posted without JavaScript (check boxes left out when off)."""
    fields = {"version": version_of(sheet), "key": uuid.uuid4().hex}
    for name, value in body.items():
        if value is True:
            fields[name] = "on"
        elif value is not False:
            fields[name] = value
    return fields


def test_a_tiles_hand_from_the_queue_is_pending_with_its_tiles_and_the_scoring_cores_points(
    sheet, phone
):
    response = send_tiles(phone("A"), sheet, {**WIN, "meld1_concealed": False})
    assert response.status_code == 201, response.content
    entry = TableEntry.objects.get()
    assert (entry.status, entry.points, entry.flowers) == ("pending", WIN_POINTS, 1)
    assert entry.tiles["concealed"] == "123456789m5s" and entry.tiles["win_tile"] == "5s"
    assert entry.tiles["melds"] == [{"type": "chow", "tiles": "234p", "concealed": False}]
    body = response.json()
    assert (body["points"], body["tiles"]) == (WIN_POINTS, entry.tiles)
    assert "234p" in body["tiles_text"] and "Winning tile 5s" in body["tiles_text"]
    assert not Hand.objects.exists()


def test_a_tiles_hand_posted_by_the_form_is_pending_like_one_from_the_queue(sheet, phone):
    response = phone("A").post("/me/table/", form_post(sheet, {**WIN, "last_wall_tile": True}))
    assert response.status_code == 302
    entry = TableEntry.objects.get()
    assert (entry.status, entry.winner, entry.discarder) == ("pending", "A", "B")
    assert entry.tiles["last_wall_tile"] is True
    assert entry.points > WIN_POINTS  # Last Tile Claim counts too


def test_a_confirmed_tiles_hand_is_recorded_with_its_tiles_and_the_cores_points(sheet, phone):
    entry = send_tiles(phone("A"), sheet, WIN).json()
    confirmed = answer(phone("C"), entry["id"], "confirm")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "recorded"
    hand = Hand.objects.get(table_session=sheet)
    kept = TableEntry.objects.get()
    assert (hand.points, hand.flowers, hand.winner_position) == (WIN_POINTS, 1, "A")
    assert hand.tiles == kept.tiles and kept.hand_id == hand.pk
    assert any(fan["points"] == 16 for fan in hand.fans)  # Pure Straight, scored by the core


def test_a_tile_hand_the_form_cannot_read_gets_400_with_its_fields_and_writes_nothing(sheet, phone):
    bad = {**WIN, "concealed": "12x3m", "meld2_tiles": "555p", "meld2_type": ""}
    response = send_tiles(phone("A"), sheet, bad)
    assert response.status_code == 400
    assert {"concealed", "meld2_type"} <= fields_of(response)
    missing = send_tiles(phone("A"), sheet, {**WIN, "win_tile": "", "winner": ""})
    assert missing.status_code == 400 and {"win_tile", "winner"} <= fields_of(missing)
    assert not TableEntry.objects.exists() and version_of(sheet) == 0


@pytest.mark.parametrize(
    ("tiles", "words"),
    [(UNDER_EIGHT_HAND, "at least 8"), (NOT_WINNING_HAND, "")],
    ids=["under eight points", "not a winning hand"],
)
def test_a_tile_hand_the_scoring_core_refuses_gets_400_with_its_message(sheet, phone, tiles, words):
    response = send_tiles(phone("A"), sheet, {"outcome": "win", "winner": "A", **tiles})
    assert response.status_code == 400
    assert words in messages_of(response) and messages_of(response)
    assert not TableEntry.objects.exists()


def test_a_draw_in_a_tiles_tournament_carries_no_tiles(sheet, phone):
    response = send_tiles(phone("B"), sheet, {"outcome": "draw"})
    assert response.status_code == 201
    entry = TableEntry.objects.get()
    assert (entry.outcome, entry.tiles, entry.points) == ("draw", None, None)
    refused = send_tiles(phone("A"), sheet, {"outcome": "time", "winner": "A"})
    assert refused.status_code == 400 and fields_of(refused) == {"winner"}


def test_the_phone_offers_the_umpires_tile_picker_where_tiles_are_recorded(sheet, phone):
    page = phone("A").get("/me/table/").content.decode()
    assert 'id="hand-form"' in page and 'data-mode="tiles"' in page
    assert 'id="tile-picker"' in page and page.count('class="tile-button"') == 34
    for name in ("concealed", "win_tile", "meld4_type", "meld4_concealed", "robbing_kong"):
        assert f'name="{name}"' in page
    assert "tournaments/tile_picker.js" in page
    assert 'id="tiles-note"' not in page and 'name="points"' not in page


def test_the_other_players_see_the_pending_hands_tiles_and_points_to_check_them(sheet, phone):
    send_tiles(phone("A"), sheet, WIN)
    page = phone("C").get("/me/table/").content.decode()
    assert 'data-action="confirm"' in page
    assert f"{WIN_POINTS} points" in page and "123456789m5s · Winning tile 5s" in page
    assert "Chow 234p" in page and page.count('class="tile-face"') >= 14


def test_where_players_enter_a_tiles_tournaments_hands_the_umpires_door_is_closed(sheet, umpire):
    assert not policies.umpire_enters_hands(umpire, sheet)
    refused = api_client(umpire).post(
        url(sheet, "hands/"), {"outcome": "draw"}, format="json", **if_match(sheet)
    )
    assert refused.status_code == 403 and "players enter" in messages_of(refused)
    assert not Hand.objects.exists()


def test_where_umpires_and_players_both_enter_a_tiles_tournaments_umpire_enters_too(sheet, umpire):
    Tournament.objects.filter(pk=sheet.session.tournament_id).update(
        hand_entry=Tournament.HandEntry.BOTH
    )
    sheet = TableSession.objects.select_related("session__tournament").get(pk=sheet.pk)
    assert policies.umpire_enters_hands(umpire, sheet)
    allowed = api_client(umpire).post(
        url(sheet, "hands/"), {"outcome": "draw"}, format="json", **if_match(sheet)
    )
    assert allowed.status_code == 201


def test_the_umpires_page_of_the_sheet_shows_the_pending_hands_tiles_and_points(
    sheet, phone, umpire, client
):
    send_tiles(phone("A"), sheet, WIN)
    client.force_login(umpire)
    page = client.get(f"/admin/tournaments/tablesession/{sheet.pk}/change/").content.decode()
    panel = page[page.index('id="player-entry"') :]
    assert f"{WIN_POINTS} points" in panel and "Winning tile 5s · Chow 234p" in panel
    assert 'id="hand-form"' not in page  # the umpire's own hand form is closed
