"""GET /api/tournaments/{slug}/exports/ema.csv and ema.xlsx: the EMA results files, who may
download them, and that a spreadsheet reads them as written (docs/federation.md)."""

import csv
import io
import re
import zipfile

import openpyxl
import pytest

from tests.api.helpers import assert_error
from tests.federation.helpers import unsigned_second_session
from tournaments.models import TableSession, Tournament
from tournaments.roles import Role
from tournaments.selectors.exports import csv_cell

pytestmark = pytest.mark.django_db
FILES = ["ema.csv", "ema.xlsx"]
HEADER = "rank,name,ema_id,country,table_points,contest_points,mers_base_rating"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
BOM = b"\xef\xbb\xbf"


def url(name: str, slug: str = "ema-open") -> str:
    return f"/api/tournaments/{slug}/exports/{name}"


def csv_lines(response) -> list[list[str]]:
    assert response.status_code == 200, response.content[:300]
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def workbook_sheet(response):
    assert response.status_code == 200, response.content[:300]
    return openpyxl.load_workbook(io.BytesIO(response.content)).active


def test_the_csv_starts_with_a_byte_order_mark_and_the_exact_header(ema_played, as_role):
    response = as_role(Role.ORGANISER).get(url("ema.csv"))
    assert response.content.startswith(BOM + HEADER.encode() + b"\r\n")


def test_the_csv_lists_the_official_places_ratings_ids_and_countries(ema_played, as_role):
    lines = csv_lines(as_role(Role.CHIEF_UMPIRE).get(url("ema.csv")))
    assert lines[1:] == [
        ["1", "Carla Dupont", "04010003", "FR", "4", "40", "1000"],
        ["2", "Anna Berg", "05010001", "DE", "2", "20", "667"],
        ["3", "Dmitri Egorov", "15010004", "RU", "1", "-24", "333"],
        ["4", "Bruno Costa", "12010002", "PT", "0", "-36", "0"],
    ]


def test_a_disqualified_player_is_the_last_row_with_empty_rank_and_rating(ema_played, as_role):
    ema_played.players.filter(name="Anna Berg").update(status="disqualified")
    lines = csv_lines(as_role(Role.ORGANISER).get(url("ema.csv")))
    assert lines[-1] == ["", "Anna Berg", "05010001", "DE", "2", "20", ""]
    assert [line[6] for line in lines[1:4]] == ["1000", "500", "0"]
    sheet = workbook_sheet(as_role(Role.ORGANISER).get(url("ema.xlsx")))
    last = [cell.value for cell in sheet[5]]
    assert last == [None, "Anna Berg", "05010001", "DE", 2, 20, None]


@pytest.mark.parametrize("name", FILES)
def test_both_files_are_attachments_named_after_the_tournament(ema_played, as_role, name):
    response = as_role(Role.ORGANISER).get(url(name))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="ema-open-{name}"'
    expected = "text/csv; charset=utf-8" if name.endswith(".csv") else XLSX_TYPE
    assert response["Content-Type"] == expected


def test_the_excel_file_has_the_rows_of_the_csv(ema_played, as_role):
    client = as_role(Role.ORGANISER)
    lines = csv_lines(client.get(url("ema.csv")))
    sheet = workbook_sheet(client.get(url("ema.xlsx")))
    cells = [
        ["" if value is None else str(csv_cell(value)) for value in row]
        for row in sheet.iter_rows(values_only=True)
    ]
    assert cells == lines and len(cells) == 5


def test_the_excel_file_keeps_numbers_as_numbers_and_the_ema_id_as_text(ema_played, as_role):
    sheet = workbook_sheet(as_role(Role.ORGANISER).get(url("ema.xlsx")))
    assert [cell.value for cell in sheet[1]] == HEADER.split(",")
    first = sheet[2]
    assert [cell.data_type for cell in first] == ["n", "s", "s", "s", "n", "n", "n"]
    assert [first[i].value for i in (0, 4, 5, 6)] == [1, 4, 40, 1000]
    assert first[2].value == "04010003" and first[2].number_format == "@"


@pytest.mark.parametrize("name", ['=HYPERLINK("http://evil","x")', "+1+2", "-Bob", "@SUM(A1)"])
def test_a_name_like_a_formula_stays_text_in_both_files(ema_played, as_role, name):
    ema_played.players.filter(name="Carla Dupont").update(name=name)
    client = as_role(Role.ORGANISER)
    assert csv_lines(client.get(url("ema.csv")))[1][1] == "'" + name
    cell = workbook_sheet(client.get(url("ema.xlsx")))["B2"]
    assert (cell.value, cell.data_type, cell.quotePrefix) == (name, "s", True)


def test_a_name_like_an_error_value_stays_text_in_the_excel_file(ema_played, as_role):
    ema_played.players.filter(name="Carla Dupont").update(name="#N/A")
    cell = workbook_sheet(as_role(Role.ORGANISER).get(url("ema.xlsx")))["B2"]
    assert (cell.value, cell.data_type) == ("#N/A", "s")


def test_names_in_any_script_survive_both_files(ema_played, as_role):
    ema_played.players.filter(name="Carla Dupont").update(name="Zoë Çelik 王伟")
    client = as_role(Role.ORGANISER)
    assert csv_lines(client.get(url("ema.csv")))[1][1] == "Zoë Çelik 王伟"
    assert workbook_sheet(client.get(url("ema.xlsx")))["B2"].value == "Zoë Çelik 王伟"


# -- final results only --------------------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_a_sheet_not_yet_signed_refuses_the_file_naming_it(ema_played, as_role, name):
    """Today's file left the players of an unsigned sheet out silently: the file is final
    results, refused (409) while a sheet is not countersigned."""
    unsigned_second_session(ema_played)
    response = as_role(Role.ORGANISER).get(url(name))
    assert_error(response, 409, code="invalid_state")
    message = response.json()["errors"][0]["message"]
    assert "countersigned" in message and "waiting for: session 2 table 1," in message
    assert "session 1 table 1" not in message  # countersigned
    assert "?provisional=true" in message


def test_a_signed_sheet_not_countersigned_refuses_it_too(ema_played, as_role):
    TableSession.objects.filter(session__tournament=ema_played).update(
        status=TableSession.Status.SIGNED, countersigned_at=None, countersigned_by=None
    )
    response = as_role(Role.CHIEF_UMPIRE).get(url("ema.csv"))
    assert_error(response, 409, code="invalid_state")
    assert "session 1 table 1" in response.json()["errors"][0]["message"]


def test_a_planned_session_not_seated_refuses_it_until_the_tournament_is_finished(
    ema_played, as_role
):
    Tournament.objects.filter(pk=ema_played.pk).update(
        status=Tournament.Status.RUNNING, sessions_planned=6
    )
    response = as_role(Role.ORGANISER).get(url("ema.csv"))
    assert_error(response, 409, code="invalid_state")
    message = response.json()["errors"][0]["message"]
    assert "session 2 (not seated yet)" in message and "session 6 (not seated yet)" in message


def test_a_provisional_file_says_so_on_its_first_line(ema_played, as_role):
    unsigned_second_session(ema_played)
    Tournament.objects.filter(pk=ema_played.pk).update(sessions_planned=3)
    client = as_role(Role.ORGANISER)
    lines = csv_lines(client.get(url("ema.csv"), {"provisional": "true"}))
    assert lines[0] == [
        "PROVISIONAL, not final results. Still waiting for: session 2 table 1, "
        "session 3 (not seated yet)."
    ]
    assert ",".join(lines[1]) == HEADER
    assert lines[2:] == [  # the official standings: the unsigned session counts nowhere
        ["1", "Carla Dupont", "04010003", "FR", "4", "40", "1000"],
        ["2", "Anna Berg", "05010001", "DE", "2", "20", "667"],
        ["3", "Dmitri Egorov", "15010004", "RU", "1", "-24", "333"],
        ["4", "Bruno Costa", "12010002", "PT", "0", "-36", "0"],
    ]
    sheet = workbook_sheet(client.get(url("ema.xlsx"), {"provisional": "true"}))
    assert sheet["A1"].value == lines[0][0]
    assert [cell.value for cell in sheet[2]] == HEADER.split(",")
    assert sheet["B3"].value == "Carla Dupont" and sheet.freeze_panes == "A3"


def test_final_results_asked_as_provisional_are_the_final_file(ema_played, as_role):
    client = as_role(Role.ORGANISER)
    final = client.get(url("ema.csv")).content
    assert client.get(url("ema.csv"), {"provisional": "true"}).content == final


def test_a_bad_provisional_flag_is_a_400_naming_it(ema_played, as_role):
    response = as_role(Role.ORGANISER).get(url("ema.csv"), {"provisional": "maybe"})
    assert_error(response, 400, field="provisional")


def test_many_sheets_not_countersigned_are_named_twenty_then_counted(ema_played, as_role):
    from tests.tournaments.factories import seated_table

    unsigned_second_session(ema_played)
    Tournament.objects.filter(pk=ema_played.pk).update(sessions_planned=3)
    for table in range(2, 26):
        seated_table(ema_played, session_number=3, table_number=table)
    message = as_role(Role.ORGANISER).get(url("ema.csv")).json()["errors"][0]["message"]
    assert "session 3 table 20" in message and "session 3 table 21" not in message
    assert "and 5 more" in message


@pytest.mark.parametrize(
    "role",
    [Role.ORGANISER, Role.UMPIRE, Role.CHIEF_UMPIRE, Role.COMMITTEE, Role.PLAYER, "superuser"],
)
@pytest.mark.parametrize("name", FILES)
def test_whoever_downloads_the_standings_downloads_the_ema_results(ema_played, as_role, role, name):
    assert as_role(role).get(url(name)).status_code == 200


@pytest.mark.parametrize("name", FILES)
def test_anonymous_is_refused(ema_played, anonymous, name):
    assert_error(anonymous.get(url(name)), 401)


@pytest.mark.parametrize("role", [None, Role.SCORE_DESK])
@pytest.mark.parametrize("name", FILES)
def test_a_login_that_may_not_download_the_standings_is_refused(ema_played, as_role, role, name):
    assert_error(as_role(role).get(url(name)), 403, code="forbidden")


@pytest.mark.parametrize("name", FILES)
def test_an_unknown_tournament_is_a_404_in_json(db, as_role, name):
    response = as_role(Role.CHIEF_UMPIRE).get(url(name, "nowhere"))
    assert_error(response, 404)
    assert response["Content-Type"].startswith("application/json")


@pytest.mark.parametrize("role", [Role.PLAYER, Role.ORGANISER, None])
def test_unpublished_standings_answer_as_the_standings_csv_does(ema_played, as_role, role):
    ema_played.standings_public = False
    ema_played.save(update_fields=["standings_public"])
    client = as_role(role)
    standings = client.get(url("standings.csv")).status_code
    assert [client.get(url(name)).status_code for name in FILES] == [standings, standings]


def test_a_client_asking_for_text_csv_gets_the_file(ema_played, as_role):
    response = as_role(Role.UMPIRE).get(url("ema.csv"), HTTP_ACCEPT="text/csv")
    assert response.status_code == 200 and response.content.startswith(BOM)


def test_the_excel_file_holds_no_formula_at_all(ema_played, as_role):
    # A workbook without formulas opens without Excel's question about updating or running
    # them; a name like a formula is an inline text whose style says "typed with a quote".
    ema_played.players.filter(name="Carla Dupont").update(name="=1+2")
    content = as_role(Role.ORGANISER).get(url("ema.xlsx")).content
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml").decode()
        styles = archive.read("xl/styles.xml").decode()
    assert "<f>" not in sheet and "<f " not in sheet
    assert re.search(r'<c r="B2" s="\d+" t="inlineStr"><is><t>=1\+2</t></is></c>', sheet)
    assert 'quotePrefix="1"' in styles


def test_an_empty_ema_id_or_country_is_an_empty_cell_and_zero_stays_zero(ema_played, as_role):
    ema_played.players.filter(name="Bruno Costa").update(ema_id="", country="")
    client = as_role(Role.ORGANISER)
    assert csv_lines(client.get(url("ema.csv")))[-1] == [
        "4",
        "Bruno Costa",
        "",
        "",
        "0",
        "-36",
        "0",
    ]
    last = [cell.value for cell in workbook_sheet(client.get(url("ema.xlsx")))[5]]
    assert last == [4, "Bruno Costa", None, None, 0, -36, 0]


def test_excel_is_told_the_ema_numbers_are_text_on_purpose(ema_played, as_role):
    # Without it Excel marks every EMA number with its "number stored as text" warning.
    content = as_role(Role.ORGANISER).get(url("ema.xlsx")).content
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml").decode()
    rows = len(openpyxl.load_workbook(io.BytesIO(content)).active["C"])
    expected = f'<ignoredError sqref="C1:C{rows}" numberStoredAsText="1"/></ignoredErrors>'
    assert sheet.endswith(expected + "</worksheet>")


@pytest.mark.parametrize("name", FILES)
def test_a_player_is_refused_the_ema_file_while_the_standings_are_held(ema_played, as_role, name):
    ema_played.standings_public = False
    ema_played.save(update_fields=["standings_public"])
    response = as_role(Role.PLAYER).get(url(name))
    assert_error(response, 403, code="forbidden")
    assert "not published" in response.json()["errors"][0]["message"]
    assert as_role(Role.COMMITTEE).get(url(name)).status_code == 200
