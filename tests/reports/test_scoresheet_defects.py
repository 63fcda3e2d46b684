"""The score sheet as entered, read back from its PDF for the defects an umpire saw on the
printed pages: headings that ran into each other or broke inside a word in Spanish, a section
heading left alone at the foot of a page, a corrected hand not marked where it stands, Chinese
lines that split a rule number from its brackets, the umpire printed by his login name.

The fixtures (a played sheet, the staff with full names) are in tests/reports/conftest.py.
"""

import copy

import pytest
from django.utils import translation
from reportlab.pdfbase.pdfmetrics import stringWidth

from reports import fonts
from reports.base import text_units, wrap_lines
from reports.data.scoresheet import scoresheet_data
from reports.forms import scoresheet as scoresheet_form
from reports.forms.scoresheet import ScoreSheetRenderer, penalty_words, render_scoresheet
from tests.reports.helpers import PURE_STRAIGHT, pdf_text
from tests.reports.sheet_pdf import printed, texts
from tests.tournaments.signoff_helpers import fresh
from tournaments.models import Hand, Penalty
from tournaments.services.corrections import correction_hand_replace

pytestmark = pytest.mark.django_db

MM = 72 / 25.4
_ = scoresheet_form._


def headings(language: str) -> list[str]:
    """The column headings of the grid and of the tables below it, in `language`."""
    with translation.override(language):
        return [
            _(text)
            for text in (
                "Hand",
                "Round",
                "Total",
                "Won by",
                "From",
                "Points",
                "Fans",
                "Player",
                "Penalty",
                "Nature of the foul",
                "Recorded",
                "No.",
                "When",
                "By",
                "Correction",
                "Reason",
            )
        ]


def heading_lines(pdf: bytes, language: str) -> dict[float, list[tuple[float, float, str]]]:
    """The texts printed on the lines where a heading word stands, by line: (x, size, text)."""
    words = {word for heading in headings(language) for word in heading.split()}
    items = texts(pdf)
    ys = {round(y) for _x, y, _s, text in items if text in words}
    lines: dict[float, list] = {}
    for x, y, size, text in items:
        if round(y) in ys:
            lines.setdefault(round(y), []).append((x, size, text))
    return lines


def corrected(signed_sheet, staff):
    correction_hand_replace(
        hand=Hand.objects.get(table_session=signed_sheet, number=1),
        reason="The umpire wrote the winner in the wrong column.",
        winner="C",
        discarder="D",
        tiles=PURE_STRAIGHT,
        user=staff.chief,
    )
    return fresh(signed_sheet)


@pytest.mark.parametrize("blank", [False, True], ids=["as entered", "blank"])
def test_no_two_headings_of_the_spanish_sheet_run_into_each_other(
    played, signed_sheet, staff, blank
):
    sheet = played if not blank else None
    if blank:
        data = scoresheet_data(table_session=played)
        for hand in data["hands"]:
            hand.update(played=False, cells=[[None, None, None]] * 4)
        with translation.override("es"):
            pdf = render_scoresheet(data)
    else:
        sheet = corrected(signed_sheet, staff)
        pdf = printed(sheet, "es")
    with translation.override("es"):
        bold = fonts.bold()
    checked = 0
    for line in heading_lines(pdf, "es").values():
        line.sort()
        for (x, size, text), (next_x, _size, _next) in zip(line, line[1:], strict=False):
            end = x + stringWidth(text, bold, size)
            assert end <= next_x + 0.5, f"{text!r} runs into {_next!r}"
            checked += 1
    assert checked > 10


def test_spanish_headings_are_never_broken_inside_a_word(signed_sheet, staff):
    pdf = printed(corrected(signed_sheet, staff), "es")
    words = {word for heading in headings("es") for word in heading.split()}
    words |= {"+", "−", "A", "B", "C", "D"}
    for line in heading_lines(pdf, "es").values():
        for _x, _size, text in line:
            if any(text.startswith(word[:3]) for word in words if len(word) > 3):
                assert all(piece in words for piece in text.split()), text


def test_a_section_heading_never_stands_alone_at_the_foot_of_a_page(played):
    """Longer and longer fans push the penalties' heading down the page: it always stands on
    the page of its table's first lines (under its sheet, printed a little smaller when it
    must, or on the next page when the sheet fills its own)."""
    data = scoresheet_data(table_session=played)
    fan = {"name": "Pure Straight", "id": None, "points": 16, "count": 1}
    title, header = "Penalties (rule 3.11)", "Nature of the foul"
    for extra in range(0, 48, 3):
        longer = copy.deepcopy(data)
        for hand in longer["hands"][:3]:
            hand["fans"] = [dict(fan, name=f"Pure Straight {n}") for n in range(extra)]
        pdf = render_scoresheet(longer)
        pages = [[text for *_xys, text in texts(pdf, page)] for page in range(_pages(pdf))]
        for number, page in enumerate(pages):
            if title in page:
                assert header in page, f"{extra} fans: the heading alone on page {number + 1}"


def _pages(pdf: bytes) -> int:
    from io import BytesIO

    from pypdf import PdfReader

    return len(PdfReader(BytesIO(pdf)).pages)


def test_a_corrected_hand_is_marked_in_its_row_with_its_corrections_number(signed_sheet, staff):
    pdf = printed(corrected(signed_sheet, staff))
    items = texts(pdf)
    renderer = ScoreSheetRenderer()
    # (the sheet may be printed a little smaller to keep its corrections on its page)
    fans_x = renderer.margin_left + 0.8 * sum(renderer.col_widths[:-1])
    one = [y for x, y, _s, text in items if text == "1" and x < renderer.margin_left + 12 * MM]
    assert one
    row = [text for x, y, _s, text in items if x >= fans_x - 1 and abs(y - one[0]) < 10]
    assert any(text.startswith("C1: corrected after signing") for text in row), row
    flat = " ".join(pdf_text(pdf).split())
    assert "C1 " in flat.split("Corrections by the chief umpire", 1)[1]
    # an untouched hand carries no mark
    two = [y for x, y, _s, text in items if text == "2" and x < renderer.margin_left + 12 * MM]
    assert not [
        t for x, y, _s, t in items if x >= fans_x - 1 and abs(y - two[0]) < 10 and "C1" in t
    ]


RULE = "3.11.6.3"


@pytest.mark.parametrize("kind", ["repeated", "deduction"])
def test_chinese_lines_never_split_a_rule_number_or_its_brackets(kind):
    penalty = {
        "kind": Penalty.Kind.REPEATED_FOUL if kind == "repeated" else Penalty.Kind.DEDUCTION,
        "points": 10,
        "hand": 3,
        "minutes_late": None,
        "foul": Penalty.Foul.CHANGED_CLAIM,
        "occurrence": 2,
        "invalid_claim": False,
        "victim": "",
        "forfeited": False,
    }
    with translation.override("zh-hans"):
        renderer = ScoreSheetRenderer()
        texts_ = [
            penalty_words(penalty),
            _("Penalties (rule 3.11)"),
            _("Stopped by the time limit (3.5.6)"),
            _("did not come: the session is lost (rule 3.11.2)"),
        ]
        measure = renderer.measure(6.5)
        for text in texts_:
            rules = [
                text[a:b]
                for a, b, _space in text_units(text, fine=True)
                if any(c.isdigit() for c in text[a:b])
            ]
            assert rules, text
            for width in range(8, 200, 3):
                lines = wrap_lines(text, width, measure)
                assert "".join(lines).replace(" ", "") == text.replace(" ", "")
                for line in lines:
                    assert not line.endswith(("（", "(")), lines
                    assert not line.startswith(("）", ")", "，", "。")), lines
                for rule in rules:
                    assert any(rule in line for line in lines), (rule, lines)


def test_the_umpire_is_named_by_his_full_name_not_his_login(played, staff):
    staff.umpire.username = "mruiz_login"
    staff.umpire.save()
    for sheet in (played,):
        text = pdf_text(printed(fresh(sheet)))
        assert "Marta Árbitra" in text
        assert "mruiz_login" not in text


def test_the_closing_sentence_is_the_appendix_5_sentence(played):
    flat = " ".join(pdf_text(printed(played)).split())
    assert (
        "(Add up the totals carefully, write clearly, then check and sign. Results are final "
        "once signed.)" in flat
    )
