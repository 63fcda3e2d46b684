"""GET /api/tournaments/{slug}/exports/standings.csv|.json and hands.csv|.json."""

import csv
import io
import json

import pytest

from tests.api.helpers import assert_error
from tournaments.models import TableSession
from tournaments.roles import Role

pytestmark = pytest.mark.django_db
STAFF = [Role.ORGANISER, Role.UMPIRE, Role.CHIEF_UMPIRE, Role.COMMITTEE, "superuser"]
FILES = ["standings.csv", "standings.json", "hands.csv", "hands.json"]


def url(name: str, slug: str = "small-open") -> str:
    return f"/api/tournaments/{slug}/exports/{name}"


def csv_rows(response) -> list[dict]:
    assert response.content.startswith(b"\xef\xbb\xbf")
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


@pytest.mark.parametrize("role", STAFF)
@pytest.mark.parametrize("name", FILES)
def test_staff_roles_download_every_file_as_an_attachment(small_played, as_role, role, name):
    response = as_role(role).get(url(name))
    assert response.status_code == 200, response.content[:300]
    kind, fmt = name.split(".")
    disposition = response["Content-Disposition"]
    assert disposition.startswith(f'attachment; filename="small-open-{kind}-')
    assert disposition.endswith(f'.{fmt}"')
    expected = "text/csv" if fmt == "csv" else "application/json"
    assert response["Content-Type"].startswith(expected)


def test_the_hands_csv_has_a_row_per_hand(small_played, as_role):
    rows = csv_rows(as_role(Role.ORGANISER).get(url("hands.csv")))
    assert [r["hand"] for r in rows] == ["1", "2", "3"]
    assert rows[0]["winner_name"] == "Wang Wei" and rows[0]["outcome"] == "win"


def test_the_hands_csv_served_writes_a_name_like_a_formula_as_text(small_played, as_role):
    player = small_played.players.get(name="Wang Wei")
    player.name = "=1+2"
    player.save()
    rows = csv_rows(as_role(Role.ORGANISER).get(url("hands.csv")))
    assert rows[0]["winner_name"] == "'=1+2" and rows[1]["A_points"] == "-16"


def test_an_umpire_downloads_the_hands_of_his_own_tables_only(small_played, as_role):
    umpire = as_role(Role.UMPIRE)
    assert csv_rows(umpire.get(url("hands.csv"))) == []
    sheet = TableSession.objects.filter(session__tournament=small_played).first()
    sheet.umpire = umpire.user
    sheet.save(update_fields=["umpire"])
    rows = csv_rows(umpire.get(url("hands.csv")))
    assert rows and {r["table"] for r in rows} == {str(sheet.table.number)}
    assert len(rows) == sheet.hands.count()


def test_the_hands_json_has_fans_and_payments(small_played, as_role):
    document = json.loads(as_role(Role.COMMITTEE).get(url("hands.json")).content)
    first = document["hands"][0]
    assert document["tournament"] == "small-open"
    assert [p["position"] for p in first["payments"]] == ["A", "B", "C", "D"]
    assert first["fans"] == [] and first["winner"]["name"] == "Wang Wei"


def test_the_standings_are_official_unless_live_is_asked(small_played, as_role):
    client = as_role(Role.PLAYER)
    official = json.loads(client.get(url("standings.json")).content)
    live = json.loads(client.get(url("standings.json") + "?live=true").content)
    assert official["live"] is False and official["sessions_counted"] == []
    assert live["live"] is True and live["provisional_sessions"] == [1]
    rows = csv_rows(client.get(url("standings.csv") + "?live=1"))
    assert len(rows) == 4 and "session_1_score" in rows[0]


def test_a_client_asking_for_text_csv_gets_the_file(small_played, as_role):
    response = as_role(Role.UMPIRE).get(url("hands.csv"), HTTP_ACCEPT="text/csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")


@pytest.mark.parametrize("name", ["standings.csv", "standings.json"])
def test_a_player_downloads_the_standings(small_played, as_role, name):
    assert as_role(Role.PLAYER).get(url(name)).status_code == 200


@pytest.mark.parametrize("name", ["hands.csv", "hands.json"])
def test_a_player_may_not_download_the_hands(small_played, as_role, name):
    assert_error(as_role(Role.PLAYER).get(url(name)), 403, code="forbidden")


@pytest.mark.parametrize("name", FILES)
def test_a_user_without_a_role_is_refused(small_played, as_role, name):
    assert_error(as_role(None).get(url(name)), 403, code="forbidden")


@pytest.mark.parametrize("name", FILES)
def test_anonymous_is_refused(small_played, anonymous, name):
    assert_error(anonymous.get(url(name)), 401)


@pytest.mark.parametrize("name", FILES)
def test_an_unknown_tournament_is_404(db, as_role, name):
    assert_error(as_role(Role.CHIEF_UMPIRE).get(url(name, "nowhere")), 404)


@pytest.mark.parametrize("name", ["standings.csv", "standings.json"])
def test_a_malformed_live_flag_is_a_400_naming_it(small_played, as_role, name):
    assert_error(as_role(Role.ORGANISER).get(url(name) + "?live=maybe"), 400, field="live")
