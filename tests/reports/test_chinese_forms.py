"""The printed forms in Chinese: lines break at the phrases of a Chinese text, never inside a
word of two or three characters (方位, 判负, 标准分) when the phrase fits on a line; names
never go to two lines; the punctuation is the Chinese one; no bracket inside a bracket; no
"第—组" where the table has no group; the standings' body at 8 points at least."""

import re

import pytest
from django.utils import translation
from reportlab.pdfbase.pdfmetrics import stringWidth

from reports import fonts
from reports.base import BaseRenderer, Wrapped, keep_whole, wrap_lines

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
