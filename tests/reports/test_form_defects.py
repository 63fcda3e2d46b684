"""Defects seen on the printed forms (issue 27): the fingerprint's note beside its QR code and
its address never cut inside the host, rule numbers and their brackets never cut in Chinese,
Spanish headings never cut inside a word, a heading never left alone at the foot of a page,
and the Record of Fouls' "Recorded by, at" column with the umpire's name, date and time."""

import re
from io import BytesIO

import pytest
from django.utils import translation
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from reports.base import BaseRenderer, Wrapped
from reports.data.fouls import fouls_data
from reports.forms.fouls import render_fouls

HOST = "https://mcr.example-tournaments.org:8443/"
URL = HOST + "verify/LJ7VZCI4F6UI/"
RULES = ("（规则 3.11.2）", "（3.11.6.3）", "(rule 3.11.2)")


class _Fingerprinted(BaseRenderer):
    title = "Test"

    def story(self, data):
        """The block in a cell `width` wide, as the score sheet's footer holds it."""
        block = self.fingerprint_block("LJ7V-ZCI4-F6UI", URL, width=data["width"])
        padding = [(name, (0, 0), (-1, -1), 0) for name in ("LEFTPADDING", "RIGHTPADDING")]
        return [self.table([[block]], [data["width"]], padding)]


def lines_of(pdf: bytes) -> list[str]:
    return [
        line for page in PdfReader(BytesIO(pdf)).pages for line in page.extract_text().split("\n")
    ]


def note_positions(pdf: bytes) -> list[float]:
    """The x of every piece of text of the page's body (the running header and page number
    left out)."""
    found = []
    page = PdfReader(BytesIO(pdf)).pages[0]
    height = float(page.mediabox.height)

    def visit(text, cm, tm, font_dict, font_size):
        y = tm[5] * cm[3] + cm[5]
        if text.strip() and 30 * mm < y < height - 30 * mm:
            found.append(tm[4] * cm[0] + cm[4])

    page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("language", ["en", "es", "zh-hans"])
@pytest.mark.parametrize("width", [60, 75, 100, 140])
def test_the_verify_address_wraps_only_after_its_host(language, width):
    with translation.override(language):
        pdf = _Fingerprinted().render({"width": width * mm})
    lines = lines_of(pdf)
    assert any(HOST in line for line in lines), lines
    assert any("LJ7VZCI4F6UI/" in line for line in lines)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_fingerprints_note_stands_beside_its_code_never_under_it(language):
    with translation.override(language):
        pdf = _Fingerprinted().render({"width": 70 * mm})
    code_right = BaseRenderer.margin_left + 22 * mm  # the code (20 mm) and its gap
    positions = note_positions(pdf)
    assert positions and min(positions) >= code_right - 0.5


@pytest.mark.parametrize("width", range(40, 220, 7))
def test_rule_numbers_and_their_brackets_stay_on_one_line_in_chinese(width):
    text = "重复犯规（未轮到时触碰牌墙（3.11.6.3）），第1次：警告。迟到7分钟（规则 3.11.2）。" + (
        "Late (rule 3.11.2) again."
    )
    with translation.override("zh-hans"):
        renderer = _Fingerprinted()
        wrapped = Wrapped(text, renderer.styles["small"])
        lines = wrapped.markup(width).split("<br/>")
    plain = [re.sub(r"<[^>]+>", "", line).replace("&amp;", "&") for line in lines]
    for rule in RULES:
        assert any(rule in line for line in plain), (rule, plain)
    assert not any(line.startswith(("）", "，", "。", ")")) for line in plain), plain


def test_a_chinese_record_of_fouls_keeps_each_rule_number_with_its_brackets(played):
    data = fouls_data(tournament=played.session.tournament)
    row = data["rows"][0]
    # the rule's place on its line shifts by one character a row: one of them meets the edge
    data["rows"] = [
        {**row, "nature": "犯" * shift + "迟到7分钟（规则 3.11.2），第1次：警告（3.11.6.3）。"}
        for shift in range(24)
    ]
    with translation.override("zh-hans"):
        lines = lines_of(render_fouls(data))
    assert sum("（规则 3.11.2）" in line for line in lines) == 24, lines
    assert sum("（3.11.6.3）" in line for line in lines) == 24, lines


@pytest.mark.django_db
@pytest.mark.parametrize("scope", ["sheet", "tournament"])
def test_spanish_headings_of_the_record_of_fouls_are_never_cut_inside_a_word(played, scope):
    tournament = played.session.tournament
    with translation.override("es"):
        from django.utils.translation import gettext as _

        headings = [_("Recorded by, at"), _("Relevant penalty"), _("Nature of foul")]
        if scope == "sheet":
            headings += [_("Player's number"), _("Game / round / table / position of the foul")]
        else:
            headings += [_("Game"), _("Group"), _("Round / position"), _("Player's team")]
        options = {"table_session": played} if scope == "sheet" else {}
        pdf = render_fouls(fouls_data(tournament=tournament, **options))
    words = {word for line in lines_of(pdf) for word in line.split()}
    for heading in headings:
        for word in heading.replace("/", " ").split():
            assert word in words, (word, heading)


def test_a_heading_is_never_left_alone_at_the_foot_of_a_page():
    class Story(BaseRenderer):
        title = "Test"

        def story(self, data):
            room = self.page_size[1] - self.margin_top - self.margin_bottom
            rows = [["Team", "Points"]] + [[f"Team {n}", str(n)] for n in range(40)]
            return [
                Spacer(0, room - 14 * mm),
                self.paragraph("Teams heading", "heading"),
                self.table(rows, [40 * mm, 20 * mm], self.grid_style(), repeat_rows=1),
            ]

    pages = PdfReader(BytesIO(Story().render({}))).pages
    assert "Teams heading" not in pages[0].extract_text()
    assert "Teams heading" in pages[1].extract_text()


@pytest.mark.django_db
@pytest.mark.parametrize("scope", ["sheet", "tournament"])
def test_the_recorded_column_shows_the_umpires_full_name_the_date_and_the_time(played, scope):
    tournament = played.session.tournament
    options = {"table_session": played} if scope == "sheet" else {}
    data = fouls_data(tournament=tournament, **options)
    lines = lines_of(render_fouls(data))
    when = re.compile(r"\b\d{4}-\d\d-\d\d \d\d:\d\d\b")  # date and time on one line
    stamps = [line for line in lines if when.search(line)]
    assert len(stamps) >= len(data["rows"]), lines
    text = " ".join(lines)
    # the umpire by his name (Marta Árbitra), never by his login ("umpire")
    assert len(re.findall(r"Marta Árbitra \d{4}-\d\d-\d\d \d\d:\d\d", text)) == len(data["rows"])
    assert not re.search(r"\bumpire\b", text)
