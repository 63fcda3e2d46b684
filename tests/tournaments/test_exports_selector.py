"""The standings and hands as rows and files (tournaments.selectors.exports)."""

import csv
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tests.tournaments.factories import sign_sheets
from tournaments import policies
from tournaments.models import Hand, TableSession
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.selectors import exports
from tournaments.services.results import table_session_recompute
from tournaments.services.sanctions import sanction_record

pytestmark = pytest.mark.django_db


def read_csv(content: bytes) -> list[dict]:
    assert content.startswith(b"\xef\xbb\xbf")  # the BOM, for Excel
    return list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))


def test_every_hand_has_its_winner_discarder_fans_and_payments(small_played):
    hands = exports.hands_list(tournament=small_played)
    assert [h["hand"] for h in hands] == [1, 2, 3]
    win, self_drawn, draw = hands
    assert win["winner"] == {"position": "A", "number": 1, "name": "Wang Wei"}
    assert win["discarder"]["position"] == "B" and not win["self_drawn"]
    assert (win["points"], win["flowers"], win["total"]) == (12, 1, 13)
    assert {p["position"]: p["points"] for p in win["payments"]} == {
        "A": 3 * 8 + 13,
        "B": -(8 + 13),
        "C": -8,
        "D": -8,
    }
    assert self_drawn["self_drawn"] and self_drawn["discarder"] is None
    assert {p["points"] for p in self_drawn["payments"] if p["position"] != "C"} == {-16}
    assert draw["outcome"] == "draw" and draw["winner"] is None
    assert all(p["points"] == 0 for p in draw["payments"])
    assert win["tournament"] == "small-open" and win["entered_at"].endswith("+00:00")


def test_the_hands_csv_has_a_header_and_a_row_per_hand(small_played):
    file = exports.export_file(tournament=small_played, what="hands", fmt="csv")
    rows = read_csv(file.content)
    assert len(rows) == 3
    assert rows[0]["winner_name"] == "Wang Wei" and rows[0]["A_points"] == "37"
    assert rows[1]["discarder_position"] == "" and rows[1]["self_drawn"] == "True"
    assert file.name.startswith("small-open-hands-") and file.name.endswith(".csv")
    assert file.content_type.startswith("text/csv")


def test_fans_are_written_as_name_count_and_points():
    fans = [
        {"name": "Half Flush", "count": 1, "points": 6},
        {"name": "Flower Tiles", "count": 2, "points": 1},
    ]
    assert exports.fans_text(fans) == "Half Flush ×1 (6); Flower Tiles ×2 (1)"


def test_a_hand_with_fans_shows_them_in_the_csv(small_played):
    hand = Hand.objects.get(number=1)
    hand.fans = [{"id": 50, "name": "Half Flush", "points": 6, "count": 1}]
    hand.save()
    rows = read_csv(exports.export_file(tournament=small_played, what="hands", fmt="csv").content)
    assert rows[0]["fans"] == "Half Flush ×1 (6)"


def test_the_standings_csv_has_a_row_per_ranked_player_with_each_session(small_played):
    sheet = TableSession.objects.get()
    sheet.status, sheet.closed_by = TableSession.Status.COMPLETE, "session_end"
    sheet.save()
    table_session_recompute(table_session=sheet)
    sign_sheets(sheet)  # official standings count signed sheets only
    rows = read_csv(
        exports.export_file(tournament=small_played, what="standings", fmt="csv").content
    )
    assert [r["rank"] for r in rows] == ["1", "2", "3", "4"]
    top, wang = rows[0], next(r for r in rows if r["name"] == "Wang Wei")
    assert top["name"] == "Player C" and top["table_points"] == "4"
    assert top["session_1_score"] == top["contest_points"] == "40"  # -8, then +48 self-drawn
    assert top["session_1_forfeit"] == "False"
    assert wang["team"] == "Beijing 北京" and wang["rank"] == "2" and wang["status"] == "active"


def test_the_standings_csv_lists_a_disqualified_player_last_with_a_dash_for_a_place(
    small_played,
):
    sheet = TableSession.objects.get()
    sheet.status, sheet.closed_by = TableSession.Status.COMPLETE, "session_end"
    sheet.save()
    table_session_recompute(table_session=sheet)
    sign_sheets(sheet)
    wang = small_played.players.get(name="Wang Wei")
    sanction_record(player=wang, kind="disqualification", reason="cheating")
    rows = read_csv(
        exports.export_file(tournament=small_played, what="standings", fmt="csv").content
    )
    assert (rows[-1]["name"], rows[-1]["rank"], rows[-1]["status"]) == (
        "Wang Wei",
        "—",
        "disqualified",
    )
    assert [r["rank"] for r in rows[:-1]] == ["1", "2", "3"]


def name_players_like_formulas(tournament) -> None:
    """Seats A and B get names a spreadsheet would run as formulas (CSV injection)."""
    sheet = TableSession.objects.get(session__tournament=tournament)
    for position, name in (("A", "=1+2"), ("B", "-Bob")):
        player = sheet.seats.get(position=position).player
        player.name = name
        player.save()


def test_the_hands_csv_writes_names_like_formulas_as_text_and_negative_points_as_numbers(
    small_played,
):
    name_players_like_formulas(small_played)
    rows = read_csv(exports.export_file(tournament=small_played, what="hands", fmt="csv").content)
    assert (rows[0]["winner_name"], rows[0]["discarder_name"]) == ("'=1+2", "'-Bob")
    assert (rows[0]["A_name"], rows[0]["B_name"]) == ("'=1+2", "'-Bob")
    assert (rows[0]["B_points"], rows[1]["A_points"], rows[1]["B_points"]) == ("-21", "-16", "-16")


def test_the_standings_csv_writes_names_like_formulas_as_text_and_negative_scores_as_numbers(
    small_played,
):
    name_players_like_formulas(small_played)
    rows = read_csv(
        exports.export_file(tournament=small_played, what="standings", fmt="csv", live=True).content
    )
    by_name = {row["name"]: row for row in rows}
    assert {"'=1+2", "'-Bob"} <= set(by_name)
    assert by_name["'-Bob"]["contest_points"] == "-37"  # -21, then -16 self-drawn
    assert by_name["'-Bob"]["session_1_score"] == "-37"


@pytest.mark.parametrize("text", ['=HYPERLINK("http://x")', "+1", "-Bob", "@SUM(A1)", "\tx", "\rx"])
def test_a_text_cell_starting_like_a_formula_gets_an_apostrophe(text):
    content = exports.csv_bytes(["name", "score"], [[text, -16]])
    assert read_csv(content) == [{"name": "'" + text, "score": "-16"}]


@pytest.mark.parametrize("text", ["Bob", "王伟", "1+2", "a=b", ""])
def test_other_text_cells_are_written_as_they_are(text):
    assert read_csv(exports.csv_bytes(["name"], [[text]])) == [{"name": text}]


def test_the_json_exports_keep_names_like_formulas_as_they_are(small_played):
    name_players_like_formulas(small_played)
    hands = json.loads(
        exports.export_file(tournament=small_played, what="hands", fmt="json").content
    )
    assert hands["hands"][0]["winner"]["name"] == "=1+2"
    standings = json.loads(
        exports.export_file(
            tournament=small_played, what="standings", fmt="json", live=True
        ).content
    )
    assert {"=1+2", "-Bob"} <= {player["name"] for player in standings["players"]}


def test_the_standings_json_names_the_tournament_and_what_it_counts(small_played):
    file = exports.export_file(tournament=small_played, what="standings", fmt="json", live=True)
    document = json.loads(file.content)
    assert document["tournament"] == "small-open" and document["live"] is True
    assert document["provisional_sessions"] == [1]
    assert "Beijing 北京" in file.content.decode("utf-8")  # names as they are, not escaped


@pytest.mark.parametrize(
    ("role", "standings", "hands"),
    [
        (Role.ORGANISER, True, True),
        (Role.UMPIRE, True, True),
        (Role.CHIEF_UMPIRE, True, True),
        (Role.COMMITTEE, True, True),
        (Role.PLAYER, True, False),
        (None, False, False),
    ],
)
def test_who_may_download_what(db, role, standings, hands):
    user = get_user_model().objects.create_user(f"u-{role}")
    if role:
        user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[role])[0])
    assert policies.may_export(user, "standings") is standings
    assert policies.may_export(user, "hands") is hands
