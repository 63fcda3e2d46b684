"""The printed score sheet (Appendix 5): read back from the PDF and checked against the
score-sheet selector and the standings, cell by cell where it matters.

The fixtures (a played sheet with names in several scripts, a void penalty, and the staff)
are in tests/reports/conftest.py, shared with the Record of Fouls tests.
"""

import datetime
import json
from io import BytesIO

import pytest
from django.utils import translation
from pypdf import PdfReader

from reports.data.scoresheet import scoresheet_data, session_scoresheets_data
from reports.fingerprint import content_fingerprint, stamp
from reports.forms import scoresheet as scoresheet_form
from reports.forms.scoresheet import ScoreSheetRenderer, render_scoresheet, render_scoresheets
from reports.models import PrintRecord
from tests.reports.helpers import NAMES, PURE_STRAIGHT, VOID_REASON, pdf_text, sheet_with_players
from tests.reports.sheet_pdf import box_around, first_line, horizontal_lines, printed, texts
from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tests.tournaments.signoff_helpers import fresh, seat_player
from tournaments.models import Hand, Penalty, Session, TableSession
from tournaments.models.play import POSITIONS
from tournaments.selectors.scoresheet import scoresheet_compute, session_scoresheets_compute
from tournaments.selectors.standings import points_value, standings_compute
from tournaments.services.checkin import checkin_record, seat_replace_with_substitute
from tournaments.services.corrections import correction_hand_replace
from tournaments.services.hands import hand_record_win
from tournaments.services.penalties import penalty_record
from tournaments.services.signoff import sheet_countersign

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


# -- reading the PDF back -----------------------------------------------------------------------


def page_count(pdf: bytes) -> int:
    return len(PdfReader(BytesIO(pdf)).pages)


def page_items(pdf: bytes, page: int = 0) -> list[tuple[float, float, str]]:
    """Every text drawn on a page with where it starts (x, y in points)."""
    items = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            items.append((x, y, text.strip()))

    PdfReader(BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return items


class Grid:
    """The sheet's grid as printed: the cells of a row by column, from the texts' positions
    and the renderer's column widths."""

    def __init__(self, pdf: bytes):
        self.renderer = ScoreSheetRenderer()
        self.items = page_items(pdf)
        edges, x = [], self.renderer.margin_left
        for width in self.renderer.col_widths:
            edges.append((x, x + width))
            x += width
        self.edges = edges

    def column(self, x: float) -> int | None:
        return next((i for i, (a, b) in enumerate(self.edges) if a - 0.5 <= x < b), None)

    def row(self, label: str) -> dict[int, str]:
        """The cells on the line of the first column's `label` (a hand number or a foot
        label), by column number."""
        ys = [y for x, y, text in self.items if text == label and self.column(x) == 0]
        assert ys, f"no row {label!r} on the sheet"
        y = ys[0]
        cells: dict[int, str] = {}
        for x, item_y, text in sorted(self.items):
            column = self.column(x)
            if column is not None and abs(item_y - y) < 1.5:
                cells[column] = (cells.get(column, "") + " " + text).strip()
        return cells

    def per_player(self, label: str) -> list[str]:
        """A foot row whose value spans each player's three columns."""
        cells = self.row(label)
        first = self.renderer.first_player_col
        values = ["", "", "", ""]
        for column, text in cells.items():
            if first <= column < self.renderer.first_extra_col:
                values[(column - first) // 3] = text
        return values


def signed_text(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", MINUS)


def expected_cells(row) -> dict[int, str]:
    """What the hand row of the selector must print in the players' columns."""
    cells = {}
    first = ScoreSheetRenderer().first_player_col
    for index, position in enumerate(POSITIONS):
        change, total = row.deltas.get(position, 0), row.running.get(position, 0)
        column = first + 3 * index
        if change > 0:
            cells[column] = str(change)
        if change < 0:
            cells[column + 1] = str(-change)
        cells[column + 2] = signed_text(total)
    return cells


def render(sheet: TableSession) -> bytes:
    return render_scoresheet(scoresheet_data(table_session=sheet))


# -- what the sheet prints -----------------------------------------------------------------------


def test_the_sheet_names_each_player_in_his_own_script_with_team_and_number(played):
    text = pdf_text(render(played))
    for name, native, team in NAMES:
        assert name in text
        assert team in text
        if native:
            assert native in text
    for number in (11, 12, 13, 14):
        assert str(number) in text
    assert "Score Sheet for a Game Session" in text
    assert "A — East" in text and "D — North" in text
    assert "Positions A–D are the seats of East, South, West and North" in text
    assert "from 09:00 to 11:30 (2026-05-02)" in text
    assert "Marta Árbitra" in text


def test_each_hand_row_prints_the_plus_minus_and_running_total_of_every_player(played):
    grid = Grid(render(played))
    computed = scoresheet_compute(table_session=played)
    first, extra = grid.renderer.first_player_col, grid.renderer.first_extra_col
    for row in computed.rows[:4]:
        printed = grid.row(str(row.number))
        players = {c: t for c, t in printed.items() if first <= c < extra}
        assert players == expected_cells(row), f"hand {row.number}"


def test_beside_each_hand_the_winner_the_discarder_and_the_fans(played):
    grid = Grid(render(played))
    extra = grid.renderer.first_extra_col
    hand_one, hand_two = Hand.objects.filter(table_session=played).order_by("number")[:2]
    one, two, three = grid.row("1"), grid.row("2"), grid.row("3")
    assert (one[extra], one[extra + 1], one[extra + 2]) == ("A", "C", str(hand_one.total))
    assert (two[extra], two[extra + 1], two[extra + 2]) == ("B", "self-drawn", str(hand_two.total))
    assert three[extra] == "—" and "Draw (wall exhausted)" in three[extra + 3]
    text = pdf_text(render(played))
    for fan in hand_one.fans:
        assert f"{fan['name']} {fan['points']}" in text
    assert "Stopped by the time limit" in text


def test_totals_ranks_and_table_points_equal_the_standings(signed_sheet):
    grid = Grid(render(signed_sheet))
    standings = standings_compute(tournament=signed_sheet.session.tournament)
    lines = {row.player_id: row.sessions[0] for row in standings.players if row.sessions}
    seats = [seat_player(signed_sheet, p) for p in POSITIONS]
    assert grid.per_player("Total points") == [signed_text(lines[p.pk].score) for p in seats]
    assert grid.per_player("Rank") == [str(lines[p.pk].rank) for p in seats]
    assert grid.per_player("Table points") == [
        str(points_value(lines[p.pk].table_points)) for p in seats
    ]
    computed = scoresheet_compute(table_session=signed_sheet)
    assert [s.total for s in computed.seats] == [lines[p.pk].score for p in seats]


def test_a_void_penalty_is_printed_struck_and_marked_void_but_not_counted(played):
    text = pdf_text(render(played))
    assert VOID_REASON in text and "VOID" in text
    assert "Points deducted (to nobody): 20 points" in text
    grid = Grid(render(played))
    first = grid.renderer.first_player_col
    penalties = grid.row("Penalties")
    # B's voided 20 counts for nothing; D's 10 does.
    assert penalties[first + 5] == "0"
    assert penalties[first + 10] == "10" and penalties[first + 11] == f"{MINUS}10"


def test_an_unsigned_sheet_leaves_blank_lines_to_sign(played):
    text = pdf_text(render(played))
    assert "\u2713" not in text  # no player has confirmed
    assert "Signature of the umpire Date" in " ".join(text.split())  # a box to sign in
    assert "Signature of the chief umpire Date" in " ".join(text.split())
    assert "Status: Complete — Time-limit stop (3.5.6)" in text


def test_a_signed_sheet_prints_each_confirmation_and_the_umpires_signature(signed_sheet):
    data = scoresheet_data(table_session=signed_sheet)
    text = pdf_text(render_scoresheet(data))
    flat = " ".join(text.split())
    for (name, _native, _team), seat in zip(NAMES, data["seats"], strict=True):
        confirmed_at = seat["confirmation"]["at"]["display"]
        assert f"\u2713 {name} confirmed {confirmed_at}" in flat
    signed_at = data["umpire_signature"]["at"]["display"]
    assert f"Marta Árbitra — signed {signed_at}" in text
    assert "Signature of the chief umpire Date" in flat  # not countersigned yet: a box


def test_a_countersigned_sheet_prints_the_chief_umpires_name_and_time(signed_sheet, staff):
    sheet_countersign(table_session=signed_sheet, user=staff.chief)
    data = scoresheet_data(table_session=signed_sheet)
    text = pdf_text(render_scoresheet(data))
    at = data["chief_signature"]["at"]["display"]
    assert f"Jefe Principal — countersigned {at}" in text
    assert "Status: Final (countersigned)" in text
    assert "_" * 36 not in text


def test_the_sheet_ends_with_the_appendix_sentence(played):
    text = " ".join(pdf_text(render(played)).split())
    assert (
        "Add up the totals carefully, write clearly, then check and sign. "
        "Results are final once signed." in text
    )


def test_a_corrected_sheet_lists_its_corrections_with_the_reasons(signed_sheet, staff):
    reason = "The umpire wrote the winner in the wrong column."
    correction_hand_replace(
        hand=Hand.objects.get(table_session=signed_sheet, number=1),
        reason=reason,
        winner="C",
        discarder="D",
        tiles=PURE_STRAIGHT,
        user=staff.chief,
    )
    pdf = render(fresh(signed_sheet))
    text = " ".join(pdf_text(pdf).split())
    assert "Corrections by the chief umpire after the sheet was signed" in text
    assert reason in text and "Jefe Principal" in text
    assert "Hand 1 replaced: A won on C's discard" in text
    assert "C won on D's discard" in text
    grid = Grid(pdf)
    assert grid.row("1")[grid.renderer.first_extra_col] == "C"


def test_one_sheet_is_one_page_and_a_session_prints_one_sheet_a_page(played, staff):
    assert page_count(render(played)) == 1
    tournament = played.session.tournament
    second = sheet_with_players(tournament, table_number=2, names=NAMES[::-1], start=10)
    hand_record_win(table_session=second, winner="D", discarder="A", tiles=PURE_STRAIGHT)
    done = []
    pdf = render_scoresheets(
        session_scoresheets_data(session=played.session), progress=lambda d, t: done.append(d)
    )
    pages = PdfReader(BytesIO(pdf)).pages
    assert len(pages) == 2 and done == [1, 2]
    assert "Score sheet — Session 1 · Table 1" in pages[0].extract_text()
    assert "Score sheet — Session 1 · Table 2" in pages[1].extract_text()


def test_a_stamped_sheet_prints_its_fingerprint(signed_sheet):
    data = scoresheet_data(table_session=signed_sheet)
    stamped = stamp(
        data,
        kind=PrintRecord.Kind.SCORESHEET,
        tournament_id=signed_sheet.session.tournament_id,
        table_session_id=signed_sheet.pk,
    )
    text = pdf_text(render_scoresheet(stamped))
    assert stamped["fingerprint"] == content_fingerprint(data)
    assert stamped["fingerprint"] in text


# -- the data: deterministic, language-free, in a fixed number of queries -------------------


def test_the_data_is_the_same_twice_and_serialisable(signed_sheet):
    first = scoresheet_data(table_session=signed_sheet)
    assert first == scoresheet_data(table_session=signed_sheet)
    assert json.loads(json.dumps(first)) == first
    assert first["table_session_id"] == signed_sheet.pk


def test_the_data_does_not_depend_on_the_language_of_the_request(signed_sheet):
    english = scoresheet_data(table_session=signed_sheet)
    with translation.override("es"):
        assert scoresheet_data(table_session=signed_sheet) == english


def test_the_data_changes_when_a_hand_changes(signed_sheet, staff):
    before = scoresheet_data(table_session=signed_sheet)
    correction_hand_replace(
        hand=Hand.objects.get(table_session=signed_sheet, number=2),
        reason="Self-drawn, not from a discard",
        outcome=Hand.Outcome.DRAW,
        user=staff.chief,
    )
    after = scoresheet_data(table_session=signed_sheet)
    assert after != before
    assert content_fingerprint(after) != content_fingerprint(before)
    assert after["hands"][1]["outcome"] == "draw" and after["corrections"][0]["kind"] == "hand"


def test_the_data_has_the_selectors_figures(played):
    data = scoresheet_data(table_session=played)
    computed = scoresheet_compute(table_session=played)
    for row, hand in zip(computed.rows, data["hands"], strict=True):
        assert [cell[2] for cell in hand["cells"]] == [
            row.running.get(p) if row.hand else None for p in POSITIONS
        ]
    assert [s["score"] for s in data["seats"]] == [s.total for s in computed.seats]
    assert [s["penalty_points"] for s in data["seats"]] == [s.penalties for s in computed.seats]
    void = next(p for p in data["penalties"] if p["void"])
    assert void["void_reason"] == VOID_REASON and void["player"] == NAMES[1][0]


@pytest.mark.parametrize("tables", [2, 6])
def test_a_sessions_sheets_are_built_in_a_fixed_number_of_queries(
    tables, staff, django_assert_max_num_queries
):
    tournament = TournamentFactory()
    sheets = []
    for number in range(1, tables + 1):
        sheet = sheet_with_players(tournament, table_number=number, start=10 * number)
        hand_record_win(table_session=sheet, winner="A", discarder="B", tiles=PURE_STRAIGHT)
        penalty_record(
            table_session=sheet,
            player=seat_player(sheet, "C"),
            kind="deduction",
            amount=5,
            reason="Slow play",
        )
        sheets.append(sheet)
    session = sheets[0].session
    with django_assert_max_num_queries(8):
        documents = session_scoresheets_data(session=session)
    assert [d["table"] for d in documents] == list(range(1, tables + 1))
    assert documents == [scoresheet_data(table_session=s) for s in sheets]
    assert session_scoresheets_data(session=session, table=2) == [documents[1]]


def test_the_bulk_selector_computes_what_the_one_sheet_selector_computes(played):
    second = sheet_with_players(
        played.session.tournament, table_number=2, names=NAMES[::-1], start=10
    )
    hand_record_win(table_session=second, winner="C", discarder=None, tiles=PURE_STRAIGHT)
    for bulk in session_scoresheets_compute(session=played.session):
        one = scoresheet_compute(table_session=bulk.table_session)
        assert [(r.number, r.deltas, r.running) for r in bulk.rows] == [
            (r.number, r.deltas, r.running) for r in one.rows
        ]
        assert [(s.position, s.total, s.penalties, s.rank) for s in bulk.seats] == [
            (s.position, s.total, s.penalties, s.rank) for s in one.seats
        ]
        assert [p.penalty.pk for p in bulk.penalties] == [p.penalty.pk for p in one.penalties]


def test_a_sheet_without_players_prints_blank_columns(staff):
    tournament = TournamentFactory()
    session = Session.objects.create(tournament=tournament, number=1)
    table = tournament.tables.create(number=1)
    sheet = TableSession.objects.create(session=session, table=table)
    data = scoresheet_data(table_session=sheet)
    assert [seat["empty"] for seat in data["seats"]] == [True] * 4
    assert page_count(render_scoresheet(data)) == 1
    assert Penalty.objects.count() == 0


def test_a_seat_taken_by_a_substitute_names_both_and_the_lost_session(staff):
    tournament = TournamentFactory()
    sheet = sheet_with_players(tournament)
    start = datetime.datetime(2026, 5, 2, 9, 0, tzinfo=datetime.UTC)
    Session.objects.filter(pk=sheet.session_id).update(actual_start=start)
    late = seat_player(sheet, "B")
    checkin_record(
        session=sheet.session, player=late, arrived_at=start + datetime.timedelta(minutes=20)
    )
    reserve = PlayerFactory(
        tournament=tournament, name="Reserve Player", registration_number=99, lot_number=99
    )
    reserve.status = reserve.Status.SUBSTITUTE
    reserve.save()
    seat_replace_with_substitute(
        table_session=sheet, player=late, substitute=reserve, reason="B arrived 20 min late"
    )
    hand_record_win(table_session=sheet, winner="B", discarder="A", tiles=PURE_STRAIGHT)
    data = scoresheet_data(table_session=fresh(sheet))
    seat = data["seats"][1]
    assert (seat["name"], seat["replaces"]["name"]) == ("Reserve Player", late.name)
    assert seat["rank"] == 1 and seat["table_points"] == "4"  # the substitute's own result
    text = " ".join(pdf_text(render_scoresheet(data)).split())
    assert f"substitute for {late.name} (no. 12), who lost the session" in text
    assert "Late arrival, 20 minutes: the session is lost" in text


# -- the chief umpire's box on a sheet not yet countersigned ------------------------------------


def signature_box(pdf: bytes, label: str, date: str) -> tuple[float, bool]:
    """The height (mm) of the ruled box a signature's label opens (its top rule just above
    the label), and whether the date's label stands on the same line."""
    mm = 72 / 25.4
    items, lines = texts(pdf), horizontal_lines(pdf)
    x, y, _size, _text = first_line(items, label)
    above, below = box_around(lines, x + 5, y)
    assert above - y < 4 * mm, "the label is not at the top of a box of its own"
    same_line = any(item[3] == date and abs(item[1] - y) < 1 and item[0] > x for item in items)
    return (above - below) / mm, same_line


@pytest.mark.parametrize("language", ["en", "es", "zh-hans"])
@pytest.mark.parametrize("state", ["played", "signed_sheet"])
def test_a_sheet_not_countersigned_has_a_chief_umpires_box_12_mm_high_dated_on_its_line(
    request, language, state
):
    """Complete or signed by the umpire: the chief umpire signs in a box, dated on its line
    (the umpire too, while he has not signed)."""
    pdf = printed(fresh(request.getfixturevalue(state)), language)
    assert page_count(pdf) == 1
    with translation.override(language):
        chief = scoresheet_form._("Signature of the chief umpire")
        date = scoresheet_form._("Date")
        umpire = scoresheet_form._("Signature of the umpire")
    boxes = [chief] if state == "signed_sheet" else [umpire, chief]
    for label in boxes:
        height, same_line = signature_box(pdf, label, date)
        assert height >= 12 and same_line, label


def test_a_sheet_still_in_play_prints_no_rank_and_no_table_points(staff):
    tournament = TournamentFactory(name="Open de Madrid 2026")
    sheet = sheet_with_players(tournament)
    hand_record_win(table_session=sheet, winner="A", discarder="C", tiles=PURE_STRAIGHT)
    sheet = fresh(sheet)
    assert sheet.status == TableSession.Status.OPEN
    # the record ranks the table so far; the paper does not print it as a result
    assert scoresheet_data(table_session=sheet)["seats"][0]["rank"] == 1
    grid = Grid(render(sheet))
    assert grid.per_player("Rank") == ["", "", "", ""]
    assert grid.per_player("Table points") == ["", "", "", ""]
    assert grid.per_player("Total points")[0].startswith("+")  # the score so far stands


def test_a_complete_sheet_prints_its_ranks_and_table_points(played):
    grid = Grid(render(played))
    assert all(grid.per_player("Rank")) and all(grid.per_player("Table points"))
