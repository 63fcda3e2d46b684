"""The printed forms in Chinese: lines break at the phrases of a Chinese text, never inside a
word of two or three characters (方位, 判负, 标准分) when the phrase fits on a line; names
never go to two lines; the punctuation is the Chinese one; no bracket inside a bracket; no
"第—组" where the table has no group; the standings' body at 8 points at least."""

import re
from io import BytesIO

import pytest
from django.utils import translation
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from reports import fonts
from reports.base import BaseRenderer, Wrapped, keep_whole, wrap_lines
from reports.data.appeal import appeal_data
from reports.data.fouls import fouls_data
from reports.data.scoresheet import scoresheet_data
from reports.data.standings import standings_data
from reports.forms.appeal import render_appeal
from reports.forms.fouls import render_fouls
from reports.forms.scoresheet import render_scoresheet
from reports.forms.standings import render_standings
from tests.reports.helpers import store_results
from tests.reports.sheet_pdf import texts
from tests.tournaments.factories import TeamFactory
from tests.tournaments.signoff_helpers import confirm_all, seat_player
from tournaments.models import Player
from tournaments.services.penalties import penalty_record
from tournaments.services.signoff import sheet_sign

WORDS = ("方位", "判负", "标准分", "比赛分")
TEXTS = (
    "犯规的轮次 / 圈 / 牌桌 / 方位",
    "负：本轮判负（规则3.11.2）：标准分为0，比赛分为本比赛规定的固定值。",
    "先按标准分排名，再按比赛分（各轮得分之和；规则3.10.1）。名次：该轮在本桌的名次。",
)


class _Page(BaseRenderer):
    title = "Test"


def plain_lines(markup: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", line) for line in markup.split("<br/>")]


@pytest.mark.parametrize("width", range(30, 260, 4))
def test_a_chinese_paragraph_never_splits_a_word_between_two_lines(width):
    with translation.override("zh-hans"):
        style = _Page().styles["small"]
        for text in TEXTS:
            lines = plain_lines(Wrapped(text, style).markup(width))
            assert "".join(lines).replace(" ", "") == text.replace(" ", "")
            for word in WORDS:
                assert sum(line.count(word) for line in lines) == text.count(word), (word, lines)


@pytest.mark.parametrize("width", range(20, 200, 3))
def test_a_score_sheet_cell_in_chinese_never_splits_a_word_between_two_lines(width):
    def measure(text: str) -> float:
        return sum(stringWidth(chunk, face, 6.5) for face, chunk in fonts.runs(text))

    for text in TEXTS:
        lines = wrap_lines(text, width, measure)
        for word in WORDS:
            assert sum(line.count(word) for line in lines) == text.count(word), (word, lines)


def test_a_phrase_wider_than_the_line_still_breaks_between_its_characters():
    with translation.override("zh-hans"):
        style = _Page().styles["small"]
        text = "该选手本轮判负迟到超过十五分钟或未到场替补可接替其座位"
        lines = plain_lines(Wrapped(text, style).markup(60))
    assert len(lines) > 2 and "".join(lines) == text
    assert not any("font size" in line for line in Wrapped(text, style).markup(60).split("<br/>"))


@pytest.mark.parametrize("width", range(40, 160, 5))
def test_a_name_kept_whole_never_goes_to_two_lines(width):
    members = ", ".join(
        keep_whole(name) for name in ("15 Tomás Martín 4 王芳", "14 Ana García 6 田中娜")
    )
    with translation.override("zh-hans"):
        lines = plain_lines(Wrapped(members, _Page().styles["small"]).markup(width))
    flat = [line.strip(" ,") for line in lines]
    for name in ("15 Tomás Martín 4 王芳", "14 Ana García 6 田中娜"):
        assert any(name in line for line in flat), (name, lines)


# -- the printed forms in Chinese ------------------------------------------------------------

CJK = r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]"
# ASCII punctuation after a Chinese character, or between Chinese words ("最多. 名次:").
ASCII_AFTER_CJK = re.compile(CJK + r"[,.;:]|[,;:] ?" + CJK)
# A Chinese remark in ASCII brackets, or a bracket inside a bracket.
ASCII_BRACKETS = re.compile(r"\([^()]*" + CJK + r"[^()]*\)")
NESTED = re.compile(r"（[^）]*（")


def chinese_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


@pytest.fixture
def zh_forms(played, staff):
    """The texts of a score sheet with a repeated foul, its Record of Fouls (the sheet's and
    the tournament's) and standings with a disqualified player, in Chinese."""
    penalty_record(
        table_session=played,
        player=seat_player(played, "C"),
        kind="repeated_foul",
        foul="changed_claim",
        reason="Called Pung, then withdrew the call",
        user=staff.umpire,
    )
    tournament = played.session.tournament
    Player.objects.filter(pk=seat_player(played, "A").pk).update(status=Player.Status.DISQUALIFIED)
    confirm_all(played, staff.umpire)
    sheet_sign(table_session=played, user=staff.umpire)
    with translation.override("zh-hans"):
        return {
            "score sheet": chinese_text(render_scoresheet(scoresheet_data(table_session=played))),
            "sheet's fouls": chinese_text(
                render_fouls(fouls_data(tournament=tournament, table_session=played))
            ),
            "fouls": chinese_text(render_fouls(fouls_data(tournament=tournament))),
            "standings": chinese_text(render_standings(standings_data(tournament=tournament))),
        }


def punctuation_faults(text: str) -> list[str]:
    flat = text.replace("\n", "")
    return ASCII_AFTER_CJK.findall(flat) + ASCII_BRACKETS.findall(flat) + NESTED.findall(flat)


def test_chinese_forms_use_chinese_punctuation_and_no_bracket_inside_a_bracket(zh_forms):
    for form, text in zh_forms.items():
        assert not punctuation_faults(text), (form, punctuation_faults(text))
    assert "已取消资格" in zh_forms["standings"]  # the disqualified player, in （）


def test_a_chinese_appeal_record_names_its_penalty_in_chinese_punctuation(upheld):  # noqa: F811
    with translation.override("zh-hans"):
        text = chinese_text(render_appeal(appeal_data(appeal=upheld)))
    assert not punctuation_faults(text), punctuation_faults(text)


def test_a_chinese_record_of_fouls_names_no_group_a_table_does_not_have(zh_forms):
    assert "第1轮 · 第1桌" in zh_forms["sheet's fouls"]
    assert "第—组" not in zh_forms["sheet's fouls"] + zh_forms["fouls"]


def test_the_chinese_standings_body_is_printed_at_8_points_at_least(tournament):
    results = {
        f"Player {index}": [
            (session, 100 * index - 50 * session, 1 + (index + session) % 4, 2)
            for session in range(1, 9)
        ]
        for index in range(1, 13)
    }
    store_results(tournament, results)
    with translation.override("zh-hans"):
        pdf = render_standings(standings_data(tournament=tournament))
    figures = []
    for page in range(len(PdfReader(BytesIO(pdf)).pages)):
        items = texts(pdf, page)
        heading = max(y for _x, y, _s, text in items if text == "同分排名")  # the table's
        figures += [
            size for _x, y, size, text in items if y < heading and re.fullmatch(r"-?\d+", text)
        ]
    assert len(figures) > 12 * 8 * 3 and min(figures) >= 7.99


def test_a_teams_members_are_never_broken_across_lines(tournament):
    team = TeamFactory(tournament=tournament, name="中国队")
    names = [
        ("Tomás Martín Fernández", "王芳"),
        ("María del Carmen Rodríguez", "李明华"),
        ("Konstantinos Papadopoulos", "康斯坦丁"),
        ("Ana García López", "田中娜"),
    ]
    store_results(
        tournament, {name: [(1, 10 * i, i + 1, 4 - i)] for i, (name, _n) in enumerate(names)}
    )
    for index, (name, native) in enumerate(names):
        Player.objects.filter(tournament=tournament, name=name).update(
            team=team, native_name=native, lot_number=index + 1
        )
    for language in ("en", "zh-hans"):
        with translation.override(language):
            lines = chinese_text(render_standings(standings_data(tournament=tournament)))
        lines = lines.split("\n")
        for index, (name, native) in enumerate(names, start=1):
            member = f"{index} {name} {native}"
            assert any(member in line for line in lines), (language, member)
