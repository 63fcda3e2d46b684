"""The seating forms: the table-rotation chart (Appendix 3), the list of each player's table and
seat by session (for the notice board) and the seat cards with the seat rotation (Appendix 4).

Each renderer lays out a plain dict from reports.data.chart. `render_chart`,
`render_player_schedule` and `render_seat_cards` are what reports.printing calls.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepInFrame,
    KeepTogether,
    PageBreak,
    Spacer,
)

from reports import fonts
from reports.base import (
    GRID,
    NO_BREAK_SPACE,
    SHADE,
    BaseRenderer,
    Wrapped,
    after,
    clause_join,
    keep_whole,
    list_join,
    qr_drawing,
)
from reports.data.chart import chart_data, schedule_data, seat_cards_data

STRIPE = colors.HexColor("#F6F6F6")
QUIET = colors.HexColor("#777777")
DEALER = colors.HexColor("#E4E4E4")
SEAT_RULE = colors.HexColor("#999999")


class _Line(Flowable):
    """One line of text in the faces that draw its characters (a CJK name beside Latin), put
    straight on the canvas: far cheaper than a Paragraph for the many short names of a form."""

    def __init__(self, parts: list[tuple[str, str, float]], size: float):
        super().__init__()
        self.parts, self.size = parts, size
        self.width = sum(width for _face, _chunk, width in parts)
        self.height = size * 1.2

    @classmethod
    def of(cls, text: str, size: float, *, bold: bool = False) -> "_Line":
        parts = []
        for face, chunk in fonts.runs(text):
            name = f"{face}-Bold" if bold else face
            parts.append((name, chunk, stringWidth(chunk, name, size)))
        return cls(parts, size)

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self):
        x, baseline = 0.0, self.size * 0.28
        for face, chunk, width in self.parts:
            self.canv.setFont(face, self.size)
            self.canv.drawString(x, baseline, chunk)
            x += width


class _FitsText:
    """Cells drawn the cheapest way that shows them whole: a plain string when the base font
    draws it on one line, a line of mixed faces when it fits, a wrapping paragraph otherwise."""

    def fit(self, value, width: float, *, size: float, style: str = "cell", bold=False):
        """`size` and `bold` are those the table's style gives the cell; translated labels go
        through here too, since a language may need another face than the base one. A text
        longer than the cell wraps between words, never inside one (Wrapped)."""
        value = "" if value is None else str(value)
        line_text = value.replace(NO_BREAK_SPACE, " ")  # on one line, a no-break space is a space
        room = width - 4  # a line may run into the cell's paddings, but not to its edges
        if fonts.is_plain(line_text):
            font = self.font_bold if bold else self.font
            if stringWidth(line_text, font, size) <= room:
                return line_text
        else:
            line = _Line.of(line_text, size, bold=bold)
            if line.width <= room:
                return line
        return Wrapped([(value, bold)], self.styles[style].clone(f"fit-{size}", fontSize=size))

    def lines(self, lines: list[tuple[str, bool]], width: float, *, size: float):
        """A cell of several lines (text, bold): one string when the base font draws them all
        (the table's style sets its font), else a line or paragraph each."""
        if all(fonts.is_plain(text) for text, _bold in lines):
            return "\n".join(text for text, _bold in lines)
        cells = []
        for text, bold in lines:
            cell = self.fit(text, width, size=size, bold=bold)
            cells.append(_Line.of(cell, size, bold=bold) if isinstance(cell, str) else cell)
        return cells


def _pairs(items: list) -> list[list]:
    return [items[i : i + 2] for i in range(0, len(items), 2)]


# -- Appendix 3: Chart for Table Rotation ---------------------------------------------------------


class ChartRenderer(_FitsText, BaseRenderer):
    """Per session ("Game One", ...) a column pair Table | Player Numbers (East, South, West,
    North at the start), two sessions side by side as in the appendix."""

    title = gettext_lazy("Chart for Table Rotation")
    font_size = 10
    table_column = 15 * mm
    seat_column = 18 * mm
    header_rows = 3

    def story(self, data: dict) -> list[Flowable]:
        story: list[Flowable] = [
            self.paragraph(self.title, "title", bold=True),
            self.paragraph(data["tournament"], "subtitle"),
            self.paragraph(
                _(
                    "Table rotation: the player numbers at each table, in the seats East, "
                    "South, West and North at the start of the game."
                ),
                "small",
            ),
            Spacer(1, 4 * mm),
        ]
        if not data["sessions"]:
            story.append(self.paragraph(_("There is no seating chart yet.")))
        for index, pair in enumerate(_pairs(data["sessions"])):
            table = self._pair(pair, data["winds"])
            if self._fits_a_page(table):
                story.append(KeepTogether([table, Spacer(1, 4 * mm)]))
            else:
                # A pair longer than a page starts on a page of its own (its header repeats).
                story.extend([PageBreak()] if index else [])
                story.extend([table, Spacer(1, 4 * mm)])
        story.extend(self._legend(data))
        return story

    def _fits_a_page(self, table) -> bool:
        height = self.page_size[1] - self.margin_top - self.margin_bottom
        return table.wrap(self.content_width, height)[1] <= height * 0.8

    @property
    def gap(self) -> float:
        return self.content_width - 2 * (self.table_column + 4 * self.seat_column)

    def _block_header(self, session: dict | None, winds: list[dict]) -> list[list]:
        if session is None:
            return [[""] * 5 for _row in range(self.header_rows)]
        title = session["title"] + (f" — {session['note']}" if session["note"] else "")
        numbers = 4 * self.seat_column
        return [
            [self.text(title, bold=True), "", "", "", ""],
            [
                self.fit(_("Table"), self.table_column, size=9, bold=True),
                self.fit(_("Player Numbers"), numbers, size=9, bold=True),
                *[""] * 3,
            ],
            ["", *(self.fit(w["name"], self.seat_column, size=7) for w in winds)],
        ]

    def _block_rows(self, session: dict | None, count: int) -> list[list]:
        tables = session["tables"] if session else []
        rows = []
        for index in range(count):
            if index >= len(tables):
                rows.append([""] * 5)
                continue
            table = tables[index]
            label = str(table["number"]) + (f" {table['group']}" if table["group"] else "")
            players = (self.fit(p, self.seat_column, size=self.font_size) for p in table["players"])
            rows.append([label, *players])
        return rows

    def _pair(self, pair: list[dict], winds: list[dict]):
        left, right = pair[0], pair[1] if len(pair) > 1 else None
        count = max(len(s["tables"]) for s in pair)
        headers = zip(
            self._block_header(left, winds), self._block_header(right, winds), strict=True
        )
        bodies = zip(self._block_rows(left, count), self._block_rows(right, count), strict=True)
        rows = [[*a, "", *b] for a, b in (*headers, *bodies)]
        widths = [self.table_column, *[self.seat_column] * 4]
        style = [("FONT", (0, 0), (-1, -1), self.font, self.font_size)]
        style += [
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.6),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
        ]
        for first, session in ((0, left), (6, right)):
            if session is not None:
                style += self._block_style(first, len(session["tables"]))
        return self.table(rows, [*widths, self.gap, *widths], style, repeat_rows=self.header_rows)

    def _block_style(self, first: int, tables: int) -> list:
        last, top, bottom = first + 4, self.header_rows, self.header_rows + tables - 1
        style = [
            ("GRID", (first, 0), (last, bottom), 0.5, GRID),
            ("BACKGROUND", (first, 0), (last, top - 1), SHADE),
            ("FONT", (first, 0), (last, top - 1), self.font_bold, 9),
            ("FONT", (first, top - 1), (last, top - 1), self.font, 7),
            ("SPAN", (first, 0), (last, 0)),
            ("SPAN", (first + 1, 1), (last, 1)),
            ("SPAN", (first, 1), (first, 2)),
            ("FONT", (first, top), (first, bottom), self.font_bold, self.font_size),
            ("BACKGROUND", (first, top), (first, bottom), SHADE),
        ]
        if tables > 1:
            style.append(
                ("ROWBACKGROUNDS", (first + 1, top), (last, bottom), [colors.white, STRIPE])
            )
        return style

    def _legend(self, data: dict) -> list[Flowable]:
        lines = []
        if data["substitutes"]:
            marks = clause_join(
                after(f"{s['mark']} = {s['name']}", s["native_name"])
                if s["native_name"]
                else f"{s['mark']} = {s['name']}"
                for s in data["substitutes"]
            )
            lines.append(_("Substitutes: %(marks)s.") % {"marks": marks})
        replacement = data["replacement"]
        if replacement:  # explained on the chart's own first replacement
            lines.append(
                _(
                    "“%(cell)s”: substitute %(mark)s in the seat of player %(number)s, who lost "
                    "the game."
                )
                % replacement
            )
        return [self.paragraph(line, "small") for line in lines]


# -- each player's table and seat, by session -----------------------------------------------------


class PlayerScheduleRenderer(_FitsText, BaseRenderer):
    """One row per player by number: his table and starting seat in each game."""

    title = gettext_lazy("Seats of the players, game by game")
    font_size = 8.5
    number_column = 11 * mm
    team_column = 28 * mm
    table_column = 8 * mm
    wind_column = 5 * mm

    def story(self, data: dict) -> list[Flowable]:
        story: list[Flowable] = [
            self.paragraph(self.title, "title", bold=True),
            self.paragraph(data["tournament"], "subtitle"),
            self.paragraph(
                _(
                    "For each player: the table (number) and the seat at the start of each "
                    "game (E East, S South, W West, N North). * lost the game: a substitute "
                    "took the seat."
                ),
                "small",
            ),
            Spacer(1, 3 * mm),
        ]
        if not data["rows"]:
            story.append(self.paragraph(_("There is no seating chart yet.")))
            return story
        story.append(self._table(data))
        return story

    def _name_column(self, sessions: int) -> float:
        fixed = self.number_column + self.team_column
        return self.content_width - fixed - sessions * (self.table_column + self.wind_column)

    def _table(self, data: dict):
        sessions = data["sessions"]
        name_width = self._name_column(len(sessions))
        size, game = self.font_size, self.table_column + self.wind_column
        header = [
            self.fit(_("No."), self.number_column, size=size, bold=True),
            self.fit(_("Name"), name_width, size=size, bold=True),
            self.fit(_("Team"), self.team_column, size=size, bold=True),
        ]
        for session in sessions:
            title = _("Game %(n)s") % {"n": session["number"]}
            header += [self.fit(title, game, size=7.5, bold=True), ""]
        rows = [header]
        for row in data["rows"]:
            name = keep_whole(row["name"])  # and his name in his own script: each whole
            if row["native_name"]:
                name += "  " + keep_whole(row["native_name"])
            line = [
                self.fit(row["number"], self.number_column, size=size, bold=True),
                self.fit(name, name_width, size=size),
                self.fit(row["team"], self.team_column, size=size),
            ]
            for cell in row["cells"]:
                if cell is None:
                    line += ["–", ""]
                    continue
                wind = cell["wind"] + ("*" if cell["replaced"] else "")
                line += [str(cell["table"]), self.fit(wind, self.wind_column + 4, size=size)]
            rows.append(line)
        widths = [self.number_column, name_width, self.team_column]
        widths += [self.table_column, self.wind_column] * len(sessions)
        return self.table(rows, widths, self._style(data), repeat_rows=1)

    def _style(self, data: dict) -> list:
        style = self.grid_style(header_rows=1, font_size=self.font_size)
        style = [c for c in style if c[0] != "GRID"]
        style += [
            ("BOX", (0, 0), (-1, -1), 0.5, GRID),
            ("LINEBELOW", (0, 0), (-1, 0), 0.5, GRID),
            ("LINEAFTER", (0, 0), (2, -1), 0.4, GRID),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("FONT", (0, 1), (0, -1), self.font_bold, self.font_size),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE]),
            ("FONT", (3, 0), (-1, 0), self.font_bold, 7.5),
        ]
        for index in range(len(data["sessions"])):
            table_col, wind_col = 3 + 2 * index, 4 + 2 * index
            style += [
                ("SPAN", (table_col, 0), (wind_col, 0)),
                ("ALIGN", (table_col, 0), (table_col, 0), "CENTER"),
                ("ALIGN", (table_col, 1), (table_col, -1), "RIGHT"),
                ("FONT", (table_col, 1), (table_col, -1), self.font_bold, self.font_size),
                ("RIGHTPADDING", (table_col, 1), (table_col, -1), 1.5),
                ("LEFTPADDING", (wind_col, 1), (wind_col, -1), 1.5),
                ("RIGHTPADDING", (wind_col, 1), (wind_col, -1), 0.5),
                ("LINEAFTER", (wind_col, 0), (wind_col, -1), 0.4, GRID),
                # A rule between the table and the seat: "1 | O" (table 1, West in Spanish)
                # never reads as table 10, nor "1 | S" as 15.
                ("LINEAFTER", (table_col, 1), (table_col, -1), 0.3, SEAT_RULE),
            ]
        for number, row in enumerate(data["rows"], start=1):
            for index, cell in enumerate(row["cells"]):
                if cell and cell["replaced"]:
                    style.append(
                        ("TEXTCOLOR", (3 + 2 * index, number), (4 + 2 * index, number), QUIET)
                    )
        return style


class PlayerScheduleLandscapeRenderer(PlayerScheduleRenderer):
    """More games than fit across A4 upright."""

    is_landscape = True


# -- seat cards with the seat rotation (Appendix 4) ----------------------------------------------


class _CutLine(Flowable):
    """A dashed line between the two cards of a page, where they are cut apart."""

    def __init__(self, width: float, space: float):
        super().__init__()
        self.width, self.space = width, space

    def wrap(self, avail_width, avail_height):
        return self.width, self.space

    def draw(self):
        self.canv.saveState()
        self.canv.setStrokeColor(QUIET)
        self.canv.setLineWidth(0.4)
        self.canv.setDash(3, 3)
        self.canv.line(0, self.space / 2, self.width, self.space / 2)
        self.canv.restoreState()


class SeatCardsRenderer(_FitsText, BaseRenderer):
    """One card per table and session, two to an A4 page: the four players at their starting
    seats, and who sits where in each of the four rounds, with the dealer marked. Where the
    seats carry their players' own links (players enter hands: reports.data.chart), a column
    beside the card prints each as a QR code."""

    title = gettext_lazy("Seat cards")
    font_size = 9
    cut_space = 8 * mm
    cards_per_page = 2
    wind_column = 20 * mm
    position_column = 17 * mm
    number_column = 17 * mm
    team_column = 40 * mm
    round_column = 44 * mm
    name_size = 10
    round_name_size = 8
    # where players enter hands: the column of their codes
    code_size = 22 * mm
    codes_column = 24 * mm
    codes_gap = 3 * mm

    def _styles(self):
        styles = super()._styles()
        base = styles["cell"]
        styles["code_note"] = styles["small"].clone("code_note", alignment=1)
        styles["big"] = base.clone("big", fontName=self.font_bold, fontSize=16, leading=19)
        styles["big_right"] = styles["big"].clone("big_right", alignment=2)
        styles["name"] = base.clone("name", fontSize=self.name_size, leading=12)
        styles["round_name"] = base.clone(
            "round_name", fontSize=self.round_name_size, leading=9.5, alignment=1
        )
        return styles

    @property
    def card_height(self) -> float:
        page_height = self.page_size[1] - self.margin_top - self.margin_bottom
        return (page_height - self.cut_space) / self.cards_per_page - 2

    def story(self, data: dict) -> list[Flowable]:
        cards = data["cards"]
        if not cards:
            return [
                self.paragraph(self.title, "title", bold=True),
                self.paragraph(_("No table is seated.")),
            ]
        story: list[Flowable] = []
        for index, card in enumerate(cards):
            if index and index % self.cards_per_page == 0:
                story.append(PageBreak())
            elif index:
                story.append(_CutLine(self.content_width, self.cut_space))
            # Shrunk if ever too tall (very long names), so that two cards share every page.
            content = self._card(card, data)
            story.append(KeepInFrame(self.content_width, self.card_height, content, mode="shrink"))
        return story

    def _card(self, card: dict, data: dict) -> list[Flowable]:
        if not any(seat["link"] for seat in card["seats"]):
            return [self._title(card, data), Spacer(1, 2 * mm), *self._body(card, data)]
        # Players enter hands on their phones: a column of the four players' codes (their own
        # links), in the order of the seats, beside the whole card, so that the card keeps its
        # height and two still share a page.
        width = self.content_width - self.codes_column - self.codes_gap
        left = [self._title(card, data, width), Spacer(1, 2 * mm), *self._body(card, data, width)]
        body = self.table(
            [[left, self._codes(card)]],
            [width + self.codes_gap, self.codes_column],
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), self.codes_gap),
            ],
        )
        return [body]

    def _body(self, card: dict, data: dict, width: float | None = None) -> list[Flowable]:
        width = width or self.content_width
        return [
            self._seats(card, width),
            Spacer(1, 3 * mm),
            self.paragraph(_("Seat rotation (Appendix 4)"), "heading", bold=True),
            self._rotation(card, data["winds"], width),
            Spacer(1, 1.5 * mm),
            self.paragraph(
                _(
                    "■ deals the first hand of the round, in the East seat; the deal then "
                    "passes to South, West and North. Players keep these seats for the four "
                    "hands of the round, then move as shown."
                ),
                "small",
            ),
        ]

    def _codes(self, card: dict):
        """Each player's code, labelled with his seat and number as on his line of the
        seats: scanned, it opens his own table on his phone."""
        size = self.code_size
        rows, style = (
            [],
            [
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ("FONT", (0, 0), (-1, -1), self.font_bold, 9),
            ],
        )
        for seat in card["seats"]:
            label = f"{seat['wind_name']} · {seat['label']}"
            rows.append([self.fit(label, self.codes_column, size=9, bold=True)])
            rows.append([qr_drawing(seat["link"], size) if seat["link"] else ""])
            style.append(("BOTTOMPADDING", (0, len(rows) - 1), (0, len(rows) - 1), 2.5 * mm))
        note = self.paragraph(_("Scan your code to open your table on your phone."), "code_note")
        rows.append([note])
        return self.table(rows, [self.codes_column], style)

    def _title(self, card: dict, data: dict, width: float | None = None):
        table = _("Table %(n)s") % {"n": card["table"]}
        if card["table_group"]:
            table = after(table, card["table_group"])
        left = card["session_title"] + (f" — {card['note']}" if card["note"] else "")
        rows = [
            [self.paragraph(left, "big", bold=True), self.paragraph(table, "big_right", bold=True)],
            [self.text(data["tournament"], "subtitle"), ""],
        ]
        half = (width or self.content_width) / 2
        style = [
            ("FONT", (0, 1), (-1, 1), self.font, 9),
            ("TEXTCOLOR", (0, 1), (-1, 1), QUIET),
            ("ALIGN", (1, 0), (1, 0), "RIGHT"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("LINEBELOW", (0, 1), (-1, 1), 0.8, GRID),
        ]
        return self.table(rows, [half, half], style)

    def _seats(self, card: dict, width: float):
        name_width = width - (
            self.wind_column + self.position_column + self.number_column + self.team_column
        )
        widths = [
            self.wind_column,
            self.position_column,
            self.number_column,
            name_width,
            self.team_column,
        ]
        titles = [_("Seat"), _("Position"), _("Number"), _("Name"), _("Team")]
        rows = [
            [
                self.fit(title, width, size=self.font_size, bold=True)
                for title, width in zip(titles, widths, strict=True)
            ]
        ]
        for seat in card["seats"]:
            rows.append(
                [
                    self.fit(seat["wind_name"], self.wind_column, size=10, bold=True),
                    seat["position"],
                    self.fit(seat["label"], self.number_column, size=13, bold=True),
                    self.fit(self._name(seat), name_width, size=self.name_size, style="name"),
                    self.fit(seat["team"], self.team_column, size=self.font_size),
                ]
            )
        style = self.grid_style(header_rows=1, font_size=self.font_size)
        style += [
            ("FONT", (0, 1), (0, -1), self.font_bold, 10),
            ("FONT", (2, 1), (2, -1), self.font_bold, 13),
            ("FONT", (3, 1), (3, -1), self.font, self.name_size),
            ("ALIGN", (1, 0), (2, -1), "CENTER"),
            ("TOPPADDING", (0, 1), (-1, -1), 3.5),
            ("BOTTOMPADDING", (0, 1), (-1, -1), 3.5),
        ]
        return self.table(rows, widths, style)

    @staticmethod
    def _name(seat: dict) -> str:
        """The name (and in his own script), each never broken across lines, and what he is
        at the table (a substitute, for which player)."""
        text = keep_whole(seat["name"])
        if seat["native_name"]:
            text += " " + keep_whole(seat["native_name"])
        notes = []
        if seat["substitute"]:
            notes.append(_("substitute"))
        if seat["replaced"]:
            notes.append(_("for player %(n)s") % {"n": seat["replaced"]})
        return after(text, list_join(notes)) if notes else text

    def _rotation(self, card: dict, winds: list[dict], width: float):
        """Appendix 4 for this table: per round a row of numbers (and positions) at East,
        South, West, North, and under it a row of their names."""
        seat_width = (width - self.round_column) / 4
        size = self.font_size
        rows = [
            [
                self.fit(_("Round"), self.round_column, size=size, bold=True),
                *(self.fit(w["name"], seat_width, size=size, bold=True) for w in winds),
            ]
        ]
        # Ruled by round: no line between a round's numbers and the names under them.
        style = [c for c in self.grid_style(font_size=self.font_size) if c[0] != "GRID"]
        style += [
            ("ALIGN", (1, 0), (-1, -1), "CENTER"),
            ("BOX", (0, 0), (-1, -1), 0.4, GRID),
            ("LINEAFTER", (0, 0), (-2, -1), 0.4, GRID),
            ("LINEBELOW", (0, 0), (-1, 0), 0.4, GRID),
        ]
        for rnd in card["rounds"]:
            top = len(rows)
            hands = _("hands %(a)s–%(b)s") % {"a": rnd["first_hand"], "b": rnd["last_hand"]}
            label = self.lines(
                [(f"{rnd['number']}. {rnd['title']}", True), (hands, False)],
                self.round_column,
                size=size,
            )
            numbers = [
                self.fit(
                    ("■ " if seat["dealer"] else "") + f"{seat['label']} ({seat['position']})",
                    seat_width,
                    size=12,
                    bold=True,
                )
                for seat in rnd["seats"]
            ]
            names = [
                self.fit(
                    self._name(seat), seat_width, size=self.round_name_size, style="round_name"
                )
                for seat in rnd["seats"]
            ]
            rows += [[label, *numbers], ["", *names]]
            style += [
                ("SPAN", (0, top), (0, top + 1)),
                ("FONT", (0, top), (0, top), self.font_bold, self.font_size),
                ("FONT", (1, top), (-1, top), self.font_bold, 12),
                ("FONT", (1, top + 1), (-1, top + 1), self.font, self.round_name_size),
                ("LINEBELOW", (0, top + 1), (-1, top + 1), 0.4, GRID),
                ("TOPPADDING", (1, top), (-1, top), 3.5),
                ("BOTTOMPADDING", (1, top), (-1, top), 0.5),
                ("TOPPADDING", (1, top + 1), (-1, top + 1), 0),
                ("BOTTOMPADDING", (1, top + 1), (-1, top + 1), 3),
            ]
            for column, seat in enumerate(rnd["seats"], start=1):
                if seat["dealer"]:
                    style.append(("BACKGROUND", (column, top), (column, top + 1), DEALER))
        return self.table(rows, [self.round_column, *[seat_width] * 4], style)


# -- what reports.printing calls ------------------------------------------------------------------

# Up to eight games fit across an upright page; more go landscape.
UPRIGHT_GAMES = 8


def render_chart(tournament) -> bytes:
    return ChartRenderer().render(chart_data(tournament=tournament))


def render_player_schedule(tournament) -> bytes:
    data = schedule_data(tournament=tournament)
    wide = len(data["sessions"]) > UPRIGHT_GAMES
    renderer = PlayerScheduleLandscapeRenderer() if wide else PlayerScheduleRenderer()
    return renderer.render(data)


def render_seat_cards(tournament, session: int | None = None, table: int | None = None) -> bytes:
    data = seat_cards_data(tournament=tournament, session=session, table=table)
    return SeatCardsRenderer().render(data)
