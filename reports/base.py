"""The base of every printed form: a ReportLab renderer class in the manner of pretix's
invoice renderers. Page geometry and fonts are class attributes; a subclass builds the story
of one document from plain data (dicts and dataclasses made by `reports.data`, never ORM
objects) and gets PDF bytes back. Several documents (a session's score sheets) go into one
PDF with `render_many`, each starting on a new page with its own running header.
"""

import functools
import itertools
import re
from io import BytesIO

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.graphics.barcode import qrencoder
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

from reports import fonts
from tournaments.fans import FAN_NAMES

GRID = colors.HexColor("#555555")
SHADE = colors.HexColor("#EEEEEE")


# -- wrapping text without splitting what must stay together ------------------------------------
# ReportLab breaks a run without spaces (Chinese) anywhere, and a word longer than the line in
# the middle: a rule number, its brackets, a word of two characters (方位, 判负), a web address
# or a name could be cut. `Wrapped` (and the score sheet's cells, through `wrap_lines`) break
# the lines here, in one place for every form:
# - between words (a no-break space glues a name's words: "Tomás\u00a0Martín" stays whole);
# - in Chinese, at its phrases: after its punctuation and closing marks, before an opening mark,
#   at a space; between two characters only inside a phrase wider than the whole line;
# - never inside a short bracketed group ("(rule 3.11.2)", "（规则 3.11.2）"), never before a
#   closing mark or after an opening one;
# - a web address only at the slashes of its path, after its host.

_CJK = (
    (0x2E80, 0x30FF),  # radicals, CJK punctuation, kana
    (0x3400, 0x9FFF),  # ideographs
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),  # vertical forms
    (0xFF00, 0xFFEF),  # full-width forms: （）：，
    (0x20000, 0x2FFFF),
)
# Never at the start of a line (closing marks) / never at its end (opening marks).
NO_BREAK_BEFORE = frozenset("，。、：；！？）」』】〕〉》”’,.:;!?)]}%…")
NO_BREAK_AFTER = frozenset("（「『【〔〈《“‘([{")
# Where a Chinese phrase ends (a line may end after them) or starts (a line may start there).
PHRASE_END = frozenset("，。、：；！？）」』】〕〉》")
PHRASE_START = frozenset("（「『【〔〈《")
NO_BREAK_SPACE = "\u00a0"
SHORT_GROUP = re.compile(r"[(\[（【][^()\[\]（）【】\n]{1,24}[)\]）】]")
WEB_ADDRESS = re.compile(r"[a-z][a-z0-9+.-]*://[!-~]+", re.IGNORECASE)


# The words of the forms' Chinese that a line never splits, even inside a phrase wider than
# the line (then broken between its other characters): the terms of the rules and the forms,
# and every fan's name (`_chinese_words`).
CHINESE_WORDS = frozenset(
    """
    方位 判负 标准分 比赛分 名次 排名 同分 裁判长 裁判 选手 队伍 队员 队长
    牌桌 轮次 记分表 犯规 罚分 罚则 扣分 警告 错和 死牌 亮牌 作废 规则
    替补 座位 迟到 未到场 缺席 申诉 费用 仲裁委员会 委员会 组委会 裁决 签字
    复签 日期 时间 指纹 二维码 打印件 记录 更正 合计 总分 得分 固定值 每位
    其他 自摸 点炮者 点炮 和牌者 和牌 庄家 荒庄 牌墙 要牌 触碰 超时 结束
    本轮 本桌 比赛 赛事 规定 暂定 正式 最终 宣誓书 换桌表 座位表 座位卡
    获奖证书 资格 决赛 阶段 成绩 单轮 最好 之和 各轮 紧邻 区分 比较 计入
    没收 退还 理由 原因 性质 备注 编号 姓名 门风 圈风 东风圈 南风圈 西风圈
    北风圈 花牌 番种 附录 附件 第一名 进行中 已签字 未签字
    """.split()  # noqa: SIM905 (a list of words is read more easily so)
)


@functools.cache
def _chinese_words() -> tuple[frozenset[str], int]:
    """The words never split, and the length of the longest."""
    with translation.override("zh-hans"):
        fans = {str(name) for name in FAN_NAMES.values()}
    words = CHINESE_WORDS | {name for name in fans if len(name) > 1 and all(map(is_cjk, name))}
    return words, max(map(len, words))


def _inside_chinese_words(text: str) -> set[int]:
    """The indexes inside a word of `CHINESE_WORDS` (the longest found first, left to right):
    no break before them."""
    words, longest = _chinese_words()
    inside: set[int] = set()
    index = 0
    while index < len(text):
        for length in range(min(longest, len(text) - index), 1, -1):
            if text[index : index + length] in words:
                inside.update(range(index + 1, index + length))
                index += length
                break
        else:
            index += 1
    return inside


def is_cjk(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _CJK)


def _address_breaks(text: str) -> set[int]:
    """Where a web address may wrap: after each slash of its path, never inside the host."""
    breaks: set[int] = set()
    for match in WEB_ADDRESS.finditer(text):
        path = text.find("/", text.find("://", match.start()) + 3, match.end())
        while 0 <= path < match.end() - 1:
            breaks.add(path + 1)
            path = text.find("/", path + 1, match.end())
    return breaks


HYPHENS = "hyphens"  # `fine` breaks after the hyphen of a compound word too


def text_units(text: str, *, fine: bool | str = False) -> list[tuple[int, int, bool]]:
    """The pieces of one line that wrapping never splits, as (start, end, space before): words
    and Chinese phrases, or with `fine` the Chinese characters one by one (for a phrase wider
    than the line; with `fine=HYPHENS`, a compound word at its hyphens too)."""
    glued: set[int] = _inside_chinese_words(text) if fine else set()
    for match in SHORT_GROUP.finditer(text):
        glued.update(range(match.start() + 1, match.end()))
    addresses = {i for m in WEB_ADDRESS.finditer(text) for i in range(m.start() + 1, m.end())}
    breaks = _address_breaks(text)
    units: list[tuple[int, int, bool]] = []
    start, space_before, pending = None, False, False
    for index, char in enumerate(text):
        if char.isspace() and char != NO_BREAK_SPACE and index not in glued:
            if start is not None:
                units.append((start, index, space_before))
                start = None
            pending = True
            continue
        if start is not None and (
            index in breaks
            or (index not in glued and index not in addresses and _may_break(text, index, fine))
        ):
            units.append((start, index, space_before))
            start = None
        if start is None:
            start, space_before, pending = index, pending, False
    if start is not None:
        units.append((start, len(text), space_before))
    return units


def _may_break(text: str, index: int, fine: bool | str) -> bool:
    """Between two characters with no space: never before a closing mark or after an opening
    one, never between a CJK character and a letter or digit (规则3.11 stays whole); at the
    end of a Chinese phrase, or with `fine` between any two CJK characters (and after the
    hyphen of a compound word, with `fine=HYPHENS`)."""
    before, after = text[index - 1], text[index]
    if after in NO_BREAK_BEFORE or before in NO_BREAK_AFTER:
        return False
    if before in PHRASE_END or after in PHRASE_START:
        return True
    if (
        fine is HYPHENS
        and before == "-"
        and after.isalpha()
        and text[index - 2 : index - 1].isalpha()
    ):
        return True  # a word longer than the line, after its hyphen: Oppenheimer-|Schwarz
    return fine and is_cjk(before) and is_cjk(after)


def _pieces(text: str, room: float, measure) -> list[tuple[int, int, bool]]:
    """The units of `text`, a phrase wider than `room` in its characters (a name kept whole,
    `keep_whole`, stays whole: its line prints smaller)."""
    units, fine = [], None
    for start, end, space_before in text_units(text):
        if measure(start, end) <= room or NO_BREAK_SPACE in text[start:end]:
            units.append((start, end, space_before))
            continue
        if fine is None:
            fine = text_units(text, fine=HYPHENS)
        inner = [(a, b, s) for a, b, s in fine if start <= a and b <= end]
        inner[0] = (inner[0][0], inner[0][1], space_before)
        units += inner
    return units


def wrap_ranges(text: str, room: float, measure) -> list[tuple[int, int]]:
    """The lines of one paragraph of `text`, as (start, end), at most `room` wide (as
    `measure(start, end)` measures); a piece wider than the room stays whole on its line
    (`Wrapped` prints that line smaller)."""
    lines: list[tuple[int, int]] = []
    line_start = line_end = None
    for start, end, _space_before in _pieces(text, room, measure):
        if line_start is None:
            line_start, line_end = start, end
        elif measure(line_start, end) > room:
            lines.append((line_start, line_end))
            line_start, line_end = start, end
        else:
            line_end = end  # a space before a unit is kept inside the line's range
    if line_start is not None:
        lines.append((line_start, line_end))
    return lines or [(0, 0)]


def wrap_lines(text: str, room: float, measure) -> list[str]:
    """`text` (its own line breaks kept) on lines at most `room` wide, as `measure(string)`
    measures them, broken only where `text_units` allows; no-break spaces print as spaces."""
    lines = []
    for paragraph in text.split("\n"):
        for start, end in wrap_ranges(
            paragraph, room, lambda a, b, p=paragraph: measure(p[a:b].replace(NO_BREAK_SPACE, " "))
        ):
            lines.append(paragraph[start:end].replace(NO_BREAK_SPACE, " "))
    return lines


def widest_unit(texts, measure) -> float:
    """The width of the widest piece of `texts` that wrapping never splits (`measure(string)`)."""
    return max(
        (
            measure(text[a:b].replace(NO_BREAK_SPACE, " "))
            for text in map(str, texts)
            for a, b, _s in text_units(text, fine=True)
        ),
        default=0.0,
    )


def keep_whole(name: str) -> str:
    """A name whose words never go to different lines (no-break spaces between them)."""
    return name.replace(" ", NO_BREAK_SPACE)


# -- punctuation in the form's language ----------------------------------------------------------
# A form puts texts together (a list of fans, a name and its status, two sentences): with the
# punctuation of its language, Chinese's full-width marks in a Chinese form.


def list_join(items) -> str:
    """The items of a list: "a, b, c" (Chinese: "a、b、c")."""
    return pgettext("separator between the items of a list", ", ").join(map(str, items))


def clause_join(items) -> str:
    """Clauses of one sentence: "a; b" (Chinese: "a；b")."""
    return pgettext("separator between two clauses of a sentence", "; ").join(map(str, items))


def in_brackets(text) -> str:
    """A remark in brackets after what it is about: "(text)" (Chinese: "（text）")."""
    return pgettext("a remark in brackets", "(%(text)s)") % {"text": text}


def after(text, remark) -> str:
    """`text` and its remark in brackets: "text (remark)" (Chinese: "text（remark）")."""
    return pgettext("a text and its remark in brackets", "%(text)s (%(remark)s)") % {
        "text": text,
        "remark": remark,
    }


def labelled(label) -> str:
    """A label before what it names: "Signature of the umpire:" (Chinese: "裁判签字：")."""
    return pgettext("a label before its value", "%(label)s:") % {"label": label}


def sentence(text) -> str:
    """`text` ended as a sentence: "text." (Chinese: "text。")."""
    return pgettext("the end of a sentence", "%(sentence)s.") % {"sentence": text}


def sentences(*texts) -> str:
    """Sentences one after the other: a space between them, none after a Chinese full stop
    or closing mark."""
    text = ""
    for part in filter(None, map(str, texts)):
        gap = "" if not text or text[-1] in PHRASE_END else " "
        text += gap + part
    return text


class Wrapped(Flowable):
    """A paragraph whose lines `text_units` breaks (see above), in the faces that draw each
    character. `segments` are (text, bold) pieces; "\n" starts a new line."""

    def __init__(self, segments, style: ParagraphStyle):
        super().__init__()
        if isinstance(segments, str):
            segments = [(segments, False)]
        self.text = "".join(text for text, _bold in segments)
        self.bold = [bold for text, bold in segments for _char in text]
        self.style = style
        self._para = None
        self._room = None
        self._ends: list[float] | None = None

    def _width(self, start: int, end: int) -> float:
        """The width of text[start:end] (a piece starting with no space) as its runs of faces
        draw it: from each character's width, summed once (wrapping measures often)."""
        if self._ends is None:
            self._ends = self._character_ends()
        return self._ends[end] - self._ends[start]

    def _character_ends(self) -> list[float]:
        """Where each character ends, from the text's start, in the face `fonts.runs` gives
        it: a space in the face before it, if of the same weight."""
        size, ends, face = self.style.fontSize, [0.0], None
        for index, char in enumerate(self.text.replace(NO_BREAK_SPACE, " ")):
            bold = self.bold[index]
            if char != " " or face is None or self.bold[index - 1] != bold:
                face = fonts.face_for(char)
            name = f"{face}-Bold" if bold else face
            ends.append(ends[-1] + stringWidth(char, name, size))
        return ends

    def _chunks(self, start: int, end: int):
        """(start, end, bold) pieces of the same weight."""
        for bold, group in itertools.groupby(range(start, end), key=lambda i: self.bold[i]):
            indices = list(group)
            yield indices[0], indices[-1] + 1, bold

    def markup(self, room: float) -> str:
        lines = []
        offset = 0
        for paragraph in self.text.split("\n"):
            measure = self._offset_width(offset)
            for start, end in wrap_ranges(paragraph, room, measure):
                line = "".join(
                    fonts.markup(self.text[a:b].replace(NO_BREAK_SPACE, " "), bold=bold)
                    for a, b, bold in self._chunks(offset + start, offset + end)
                )
                width = measure(start, end)
                if width > room:  # one piece wider than the room: smaller, never split
                    size = self.style.fontSize * room / width
                    line = f'<font size="{size:.2f}">{line}</font>'
                lines.append(line)
            offset += len(paragraph) + 1
        return "<br/>".join(lines)

    def _offset_width(self, offset: int):
        return lambda start, end: self._width(offset + start, offset + end)

    def minWidth(self):  # noqa: N802 (ReportLab's name): the widest piece never split
        widths = [0.0]
        offset = 0
        for paragraph in self.text.split("\n"):
            widths += [
                self._width(offset + a, offset + b) for a, b, _s in text_units(paragraph, fine=True)
            ]
            offset += len(paragraph) + 1
        return max(widths)

    def wrap(self, avail_width, avail_height):
        if self._para is not None and abs(avail_width - self._room) < 1e-6:
            # a table wraps a cell again to draw it (its width summed otherwise): same lines
            return self.width, self.height
        # a hair of room for rounding, so that ReportLab keeps each of our lines whole
        self._para = Paragraph(self.markup(avail_width - 0.5), self.style)
        self._room = avail_width
        self.width, self.height = self._para.wrap(avail_width, avail_height)
        return self.width, self.height

    def split(self, avail_width, avail_height):
        if self._para is None:
            self.wrap(avail_width, avail_height)
        return self._para.split(avail_width, avail_height)

    def draw(self):
        self._para.drawOn(self.canv, 0, 0)


class PageContext(Flowable):
    """Invisible: sets the running header (left and right texts) from its page on, and the
    document the pages belong to (their footer counts "page x of y" within it)."""

    def __init__(self, left: str, right: str = "", document: int = 0):
        super().__init__()
        self.left, self.right, self.document = left, right, document

    def wrap(self, avail_width, avail_height):
        return 0, 0

    def draw(self):
        self.canv._mcr_header = (self.left, self.right)
        self.canv._mcr_document = self.document


class _NumberedCanvas(Canvas):
    """Defers pages so the footer can say "page x of y" (pretix's NumberedCanvas), counted
    within each document of a batch: a session's score sheets are "page 1 of 1" each."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._pages = []
        self._mcr_document = 0

    def showPage(self):
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        documents = [state.get("_mcr_document", 0) for state in self._pages]
        totals = {document: documents.count(document) for document in documents}
        seen: dict[int, int] = {}
        for state, document in zip(self._pages, documents, strict=True):
            seen[document] = seen.get(document, 0) + 1
            self.__dict__.update(state)
            self._draw_page_number(seen[document], totals[document])
            super().showPage()
        super().save()

    def _draw_page_number(self, page: int, total: int) -> None:
        width, _height = self._pagesize
        self.setFont(fonts.regular(), 7)
        text = _("Page %(page)s of %(pages)s") % {"page": page, "pages": total}
        self.drawRightString(width - self._mcr_margin, self._mcr_margin / 2, text)


class BaseRenderer:
    """Subclasses set `title` and the geometry, and write `story(data)`."""

    title = ""
    pagesize = A4
    is_landscape = False
    margin_left = 14 * mm
    margin_right = 14 * mm
    margin_top = 16 * mm
    margin_bottom = 14 * mm
    font_size = 9

    def __init__(self):
        fonts.register_fonts()
        # the base faces of the language the form is printed in (fonts.regular)
        self.font = fonts.regular()
        self.font_bold = fonts.bold()
        self.styles = self._styles()

    # -- what subclasses write ----------------------------------------------------------------

    def story(self, data) -> list[Flowable]:
        raise NotImplementedError

    def header(self, data) -> tuple[str, str]:
        """Running header of the document's pages: (left, right)."""
        return (data.get("tournament", "") if isinstance(data, dict) else "", str(self.title))

    # -- output -------------------------------------------------------------------------------

    def render(self, data) -> bytes:
        return self.render_many([data])

    def render_many(self, documents, *, progress=None) -> bytes:
        """One PDF, each document from a new page; `progress(done, total)` after each."""
        documents = list(documents)
        story: list[Flowable] = []
        for index, data in enumerate(documents):
            if index:
                story.append(PageBreak())
            story.append(PageContext(*self.header(data), document=index))
            story.extend(self.story(data))
            if progress:
                progress(index + 1, len(documents))
        return self.build(story)

    def build(self, story: list[Flowable]) -> bytes:
        buffer = BytesIO()
        doc = BaseDocTemplate(
            buffer,
            pagesize=self.page_size,
            leftMargin=self.margin_left,
            rightMargin=self.margin_right,
            topMargin=self.margin_top,
            bottomMargin=self.margin_bottom,
            title=str(self.title),
            author="MCR tournament",
            invariant=True,  # same content, same bytes: no creation date or random id
        )
        frame = Frame(
            doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body", showBoundary=0
        )
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPageEnd=self._decorate)])
        doc.build(story, canvasmaker=self._canvas_maker())
        return buffer.getvalue()

    @property
    def page_size(self):
        return landscape(self.pagesize) if self.is_landscape else self.pagesize

    @property
    def content_width(self) -> float:
        return self.page_size[0] - self.margin_left - self.margin_right

    def _canvas_maker(self):
        margin = min(self.margin_right, self.margin_bottom)

        def make(*args, **kwargs):
            canvas = _NumberedCanvas(*args, **kwargs)
            canvas._mcr_margin = margin
            canvas._mcr_header = ("", str(self.title))
            return canvas

        return make

    def _decorate(self, canvas, doc) -> None:
        width, height = self.page_size
        left, right = getattr(canvas, "_mcr_header", ("", ""))
        y = height - self.margin_top / 2
        canvas.saveState()
        canvas.setFont(fonts.face_of(left), 8)
        canvas.drawString(self.margin_left, y, left)
        canvas.setFont(fonts.face_of(right), 8)
        canvas.drawRightString(width - self.margin_right, y, right)
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.3)
        canvas.line(self.margin_left, y - 2, width - self.margin_right, y - 2)
        canvas.restoreState()

    # -- building blocks ------------------------------------------------------------------------

    def _styles(self) -> dict[str, ParagraphStyle]:
        base = ParagraphStyle(
            "body", fontName=self.font, fontSize=self.font_size, leading=self.font_size * 1.25
        )
        return {
            "body": base,
            "small": ParagraphStyle("small", parent=base, fontSize=7, leading=8.5),
            "cell": ParagraphStyle("cell", parent=base, leading=self.font_size * 1.15),
            "title": ParagraphStyle(
                "title",
                parent=base,
                fontName=self.font_bold,
                fontSize=14,
                leading=17,
                spaceAfter=2,
            ),
            "subtitle": ParagraphStyle(
                "subtitle",
                parent=base,
                fontSize=9,
                leading=11,
                textColor=colors.HexColor("#333333"),
            ),
            "heading": ParagraphStyle(
                "heading",
                parent=base,
                fontName=self.font_bold,
                fontSize=10.5,
                leading=13,
                spaceBefore=6,
                spaceAfter=3,
                keepWithNext=1,  # never the last line of a page, away from its table
            ),
        }

    def text(self, value, style: str = "cell", *, bold: bool = False):
        """A cell's content: a plain string when the base font draws it (fast), else a
        paragraph whose runs switch to a font that has the characters (CJK)."""
        value = "" if value is None else str(value)
        if not bold and fonts.is_plain(value) and "\n" not in value:
            return value
        return Wrapped([(value, bold)], self.styles[style])

    def paragraph(self, value: str, style: str = "body", *, bold: bool = False) -> Wrapped:
        """A paragraph wrapped between words, never inside a word, a rule number or its
        brackets (Wrapped); a heading stays with what follows it."""
        return Wrapped([(str(value), bold)], self.styles[style])

    def grid_style(self, *, header_rows: int = 1, font_size: float | None = None) -> list:
        """The ruled table of the appendices: thin grid, shaded bold header rows."""
        size = font_size or self.font_size
        commands = [
            ("FONT", (0, 0), (-1, -1), self.font, size),
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ]
        if header_rows:
            last = header_rows - 1
            commands += [
                ("FONT", (0, 0), (-1, last), self.font_bold, size),
                ("BACKGROUND", (0, 0), (-1, last), SHADE),
            ]
        return commands

    def table(self, rows, col_widths, style: list, *, repeat_rows: int = 0) -> Table:
        table = Table(rows, colWidths=col_widths, repeatRows=repeat_rows, hAlign="LEFT")
        table.setStyle(TableStyle(style))
        return table

    def fingerprint_block(
        self, fingerprint: str, verify_url: str, *, size: float = 20 * mm, width=None
    ):
        """QR code to the verification page beside the fingerprint (tamper evidence). The note
        has a column of its own beside the code (`width`: the whole block's, else the room the
        block is given): no line of it runs under the code, and its address wraps only at a
        slash after the host."""
        note = Wrapped(
            _markup_segments(
                _(
                    "Fingerprint <b>%(fp)s</b>. Scan the code or open %(url)s to check that "
                    "this printed version still matches the record."
                )
                % {"fp": fingerprint, "url": verify_url}
            ),
            self.styles["small"],
        )
        code_width = size + 2 * mm
        note_width = None if width is None else width - code_width  # None: what is left
        rows = [[qr_drawing(verify_url, size), note]]
        table = Table(rows, colWidths=[code_width, note_width], hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        return table


def _markup_segments(text: str) -> list[tuple[str, bool]]:
    """A translated text with <b>...</b> as (text, bold) pieces."""
    segments = []
    for index, part in enumerate(re.split(r"</?b>", text)):
        if part:
            segments.append((part, index % 2 == 1))
    return segments


class QrCode(Flowable):
    """A QR code drawn straight on the canvas as one filled path.

    ReportLab's QrCodeWidget builds the code twice (bounds, then drawing), tries all eight
    masks and makes one shape per run of dark modules: about 150 ms a code, more than the rest
    of a score sheet. One fixed mask makes an equally valid code (the mask is written in the
    code's format bits; choosing the "best" one only evens out the pattern), and the error
    correction computed with tables (`code_words`) rather than ReportLab's polynomials makes it
    in about 1 ms: a page of ten players' slips is ten codes.
    """

    quiet_zone = 2  # modules of white around the code

    def __init__(self, value: str, size: float):
        super().__init__()
        code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
        code.addData(value)
        code.version = code.calculate_version()
        code.dataCache = code_words(code.version, code.errorCorrectLevel, code.dataList)
        code.makeImpl(False, 0)
        self.value = value  # what the code says (the tests read it: no decoder is installed)
        self.modules = code.modules
        self.width = self.height = size

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self):
        """Each run of dark modules of a row as one rectangle, in module units (whole
        numbers: short to write, and the runs meet exactly), filled at once."""
        count = len(self.modules) + 2 * self.quiet_zone
        rects = []
        for row_index, row in enumerate(self.modules):
            y = count - self.quiet_zone - row_index - 1
            column = self.quiet_zone
            for dark, run in itertools.groupby(row):
                length = sum(1 for _module in run)
                if dark:
                    rects.append(f"{column} {y} {length} 1 re")
                column += length
        box = self.width / count
        self.canv.saveState()
        self.canv.scale(box, box)
        self.canv.addLiteral("\n".join(rects) + "\nf")
        self.canv.restoreState()


# -- the code words of a QR code: what qrencoder.QRCode.createData makes, faster ---------------
# ReportLab builds the Reed-Solomon generator polynomial again for every block of every code
# and divides by it recursively, copying lists: two thirds of a code's time. The same
# arithmetic in GF(256) with its log tables, the generator made once per length.

_EXP, _LOG = qrencoder.EXP_TABLE, qrencoder.LOG_TABLE


@functools.cache
def _generator_logs(ec_count: int) -> tuple[int | None, ...]:
    """The logs of the generator polynomial's coefficients after the leading 1 (None: 0)."""
    generator = qrencoder.QRUtil.getErrorCorrectPolynomial(ec_count).num
    return tuple(_LOG[c] if c else None for c in generator[1:])


def _error_correction(data: list[int], ec_count: int) -> list[int]:
    """The remainder of data·x^ec_count divided by the generator: the block's EC words."""
    logs = _generator_logs(ec_count)
    remainder = list(data) + [0] * ec_count
    for index in range(len(data)):
        coefficient = remainder[index]
        if coefficient:
            lead = _LOG[coefficient]
            for offset, log in enumerate(logs, start=index + 1):
                if log is not None:
                    remainder[offset] ^= _EXP[(lead + log) % 255]
    return remainder[len(data) :]


class _Bits:
    """qrencoder.QRBitBuffer's interface on one integer, not a bit at a time."""

    def __init__(self):
        self.value = self.length = 0

    def put(self, number: int, length: int) -> None:
        self.value = (self.value << length) | (number & ((1 << length) - 1))
        self.length += length

    def putBit(self, bit: bool) -> None:  # noqa: N802 (QRBitBuffer's name)
        self.put(1 if bit else 0, 1)

    def getLengthInBits(self) -> int:  # noqa: N802
        return self.length

    @property
    def buffer(self) -> list[int]:
        """The bytes, the last one padded with zero bits."""
        padding = -self.length % 8
        return list((self.value << padding).to_bytes((self.length + padding) // 8, "big"))


def code_words(version: int, level: int, data_list) -> list[int]:
    """The data and error-correction words of a code, interleaved by block, exactly as
    qrencoder.QRCode.createData gives them (tests/reports/test_qr_code.py compares them)."""
    blocks = qrencoder.QRRSBlock.getRSBlocks(version, level)
    buffer = _Bits()
    for data in data_list:
        data.write(buffer, version)
    capacity = sum(block.dataCount for block in blocks) * 8
    if buffer.getLengthInBits() > capacity:
        raise ValueError(f"code length overflow ({buffer.getLengthInBits()} > {capacity})")
    if buffer.getLengthInBits() + 4 <= capacity:
        buffer.put(0, 4)  # the terminator
    while buffer.getLengthInBits() % 8:
        buffer.putBit(False)
    pads = itertools.cycle((qrencoder.QRCode.PAD0, qrencoder.QRCode.PAD1))
    while buffer.getLengthInBits() < capacity:
        buffer.put(next(pads), 8)
    data_blocks, ec_blocks, offset, everything = [], [], 0, buffer.buffer
    for block in blocks:
        words = everything[offset : offset + block.dataCount]
        offset += block.dataCount
        data_blocks.append(words)
        ec_blocks.append(_error_correction(words, block.totalCount - block.dataCount))
    return [
        word
        for column in itertools.chain(
            itertools.zip_longest(*data_blocks), itertools.zip_longest(*ec_blocks)
        )
        for word in column
        if word is not None
    ]


def qr_drawing(value: str, size: float) -> QrCode:
    return QrCode(value, size)
