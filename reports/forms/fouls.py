"""The printed Record of Fouls (Appendix 6, "Registro de Faltas").

Per score sheet, as the appendix: the heading "Game / Group / Table", one line per foul (the
player's team, name and number; game, round, table and position of the foul; its nature; the
penalty; remarks), then ruled lines to fill in by hand (twelve in all, four at least empty),
the umpire's signature and the date. A session's record is each of its sheets' on pages of
its own, blank where no foul is recorded yet. For the whole tournament: one table with Game
and Table columns. A voided penalty stays on the record, greyed and marked
void with its reason (it counts for nothing).
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from reports.base import BaseRenderer, Wrapped, after

VOID_SHADE = colors.HexColor("#F2F2F2")  # the row of a voided penalty


class FoulsRenderer(BaseRenderer):
    title = gettext_lazy("Record of Fouls")
    is_landscape = True
    margin_left = margin_right = 12 * mm
    margin_top = 14 * mm
    margin_bottom = 12 * mm
    font_size = 8

    # Column widths (mm) of a sheet's record and of the tournament's; the widest column
    # (the penalty) takes what is left of the page.
    # The last column (who recorded it, at what time) holds "2026-05-02 09:41" on one line.
    sheet_cols = (28, 38, 16, 32, 46, 0, 36, 27)
    tournament_cols = (13, 10, 12, 19, 10, 26, 36, 10, 42, 0, 28, 27)
    short_record = 10  # fouls of a sheet's record kept on one page
    # Ruled lines of a sheet's record (Appendix 6): its fouls, then empty lines to fill in by
    # hand, `empty_rows` at least, `ruled_rows` in all when it has few fouls.
    ruled_rows = 12
    empty_rows = 4
    blank_row_height = 8 * mm

    def header(self, data) -> tuple[str, str]:
        if data["scope"] == "sheet":
            right = _("Record of Fouls — Session %(session)s · Table %(table)s") % data
        elif data["scope"] == "session":
            right = _("Record of Fouls — Session %(session)s") % data
        else:
            right = _("Record of Fouls — whole tournament")
        return data["tournament"], right

    def story(self, data) -> list:
        story = [
            self.paragraph(_("Record of Fouls"), "title"),
            self.paragraph(self._scope_text(data), "subtitle"),
            Spacer(0, 3 * mm),
        ]
        if data["scope"] == "tournament":
            return story + self._tournament_table(data["rows"])
        if not data["sheets"]:  # a session not seated yet (render_fouls: a page per sheet)
            return story + [self.paragraph(_("No fouls recorded."), "body")]
        for index, sheet in enumerate(data["sheets"]):
            record = self._sheet_record(sheet)
            if index:
                story.append(Spacer(0, 6 * mm))
            # A short record stays on one page; a long one flows, its heading row repeated.
            short = len(sheet["rows"]) <= self.short_record
            story += [KeepTogether(record)] if short else record
        return story

    def _scope_text(self, data) -> str:
        if data["scope"] == "sheet":
            return _("The score sheet of session %(session)s, table %(table)s.") % data
        if data["scope"] == "session":
            return _("Session %(session)s: every score sheet with a foul.") % data
        return _("Every foul of the tournament, by session and table.")

    # -- cells ----------------------------------------------------------------------------------

    def _widths(self, cols: tuple) -> list[float]:
        widths = [w * mm for w in cols]
        widths[cols.index(0)] = self.content_width - sum(cols) * mm
        return widths

    def _cell(self, value) -> object:
        return self.paragraph("" if value is None else str(value), "small")

    def _where(self, row: dict) -> str:
        """The appendix's "Game/round/table/position of the foul", with the hand."""
        where = " / ".join(
            str(part)
            for part in (row["session"], row["round"] or "—", row["table"], row["position"])
        )
        if row["hand"]:
            where += "\n" + _("hand %(hand)s") % {"hand": row["hand"]}
            if row["seat_wind"]:
                where = after(where, _("%(wind)s seat") % {"wind": row["seat_wind"]})
        return where

    def _remarks(self, row: dict) -> str:
        if not row["void"]:
            return row["remarks"]
        void = _("VOID (counts for nothing): %(reason)s") % {"reason": row["void_reason"]}
        if row["voided_by"]:
            void += " — " + row["voided_by"]
        return "\n".join(part for part in (void, row["remarks"]) if part)

    def _player(self, row: dict) -> str:
        """The player's name, and beneath it his name in his own script when he gave one."""
        return "\n".join(part for part in (row["player"], row.get("native", "")) if part)

    def _recorded(self, row: dict) -> str:
        when = row["recorded_at"]["display"] if row["recorded_at"] else ""
        return "\n".join(part for part in (row["umpire"], when) if part)

    def _lines(self, text: str, *, bold: bool = False):
        """A small paragraph keeping the text's line breaks, wrapped between words (never
        inside one, a rule number or its brackets)."""
        return Wrapped([(text, bold)], self.styles["small"])

    def _style(self, rows: list[dict]) -> list:
        style = self.grid_style(header_rows=1, font_size=7)
        style += [("VALIGN", (0, 0), (-1, -1), "TOP"), ("VALIGN", (0, 0), (-1, 0), "MIDDLE")]
        for index, row in enumerate(rows, start=1):
            if row["void"]:
                style.append(("BACKGROUND", (0, index), (-1, index), VOID_SHADE))
        return style

    # -- a sheet's record (Appendix 6) ----------------------------------------------------------

    def _sheet_record(self, sheet: dict) -> list:
        """The appendix's record of one sheet: its heading, its fouls, ruled lines and the
        umpire's signature, as one table."""
        if sheet["group"]:
            heading = _("Game %(session)s · Group %(group)s · Table %(table)s") % sheet
        else:
            heading = _("Game %(session)s · Table %(table)s") % sheet
        header = [
            _("Player's team"),
            _("Player's name"),
            _("Player's number"),
            _("Game / round / table / position of the foul"),
            _("Nature of foul"),
            _("Relevant penalty"),
            _("Remarks"),
            _("Recorded by, at"),
        ]
        rows = [[self._lines(text, bold=True) for text in header]]
        for row in sheet["rows"]:
            rows.append(
                [
                    self._lines(row["team"]),
                    self._lines(self._player(row)),
                    self._lines("" if row["number"] is None else str(row["number"])),
                    self._lines(self._where(row)),
                    self._lines(row["nature"]),
                    self._lines(row["penalty"]),
                    self._lines(self._remarks(row)),
                    self._lines(self._recorded(row)),
                ]
            )
        empty = max(self.empty_rows, self.ruled_rows - len(sheet["rows"]))
        widths = self._widths(self.sheet_cols)
        signature = self._signature_lines(sheet)
        return [self._ruled(rows, widths, sheet["rows"], empty, signature, title=heading)]

    def _ruled(
        self, rows: list, widths: list[float], fouls: list, empty: int, signature, title=None
    ):
        """The heading row and the fouls' rows, then `empty` ruled lines to fill in by hand
        (Appendix 6), the heading repeated on a page the record continues on (and above it
        the record's `title`, so that it never stands alone at a page's foot); last, the
        umpire's signature, never alone on a page: it keeps the empty lines and the last
        foul with it."""
        rows = rows + [[""] * len(widths) for _index in range(empty)]
        heights = [None] * (len(rows) - empty) + [self.blank_row_height] * empty + [None]
        rows.append([signature, *[""] * (len(widths) - 1)])
        style = [
            ("GRID", (0, 0), (-1, -2), *command[3:]) if command[0] == "GRID" else command
            for command in self._style(fouls)
        ]
        style += [
            ("SPAN", (0, -1), (-1, -1)),
            ("LEFTPADDING", (0, -1), (-1, -1), 0),
            ("TOPPADDING", (0, -1), (-1, -1), 5 * mm),
            ("NOSPLIT", (0, max(1, len(rows) - empty - 2)), (-1, -1)),
        ]
        if title is not None:
            rows, heights, style = self._titled(title, rows, heights, style)
        repeat = 1 if title is None else 2
        table = Table(rows, colWidths=widths, rowHeights=heights, repeatRows=repeat, hAlign="LEFT")
        table.setStyle(TableStyle(style))
        return table

    def _titled(self, title: str, rows: list, heights: list, style: list):
        """A title row above the table: the style's rows counted from it."""
        shifted = [
            (name, (c0, r0 + (r0 >= 0)), (c1, r1 + (r1 >= 0)), *rest)
            for name, (c0, r0), (c1, r1), *rest in style
        ]
        shifted += [
            ("SPAN", (0, 0), (-1, 0)),
            ("LEFTPADDING", (0, 0), (-1, 0), 0),
            ("TOPPADDING", (0, 0), (-1, 0), 0),
            ("BOTTOMPADDING", (0, 0), (-1, 0), 3),
        ]
        title_row = [self.paragraph(title, "heading"), *[""] * (len(rows[0]) - 1)]
        return [title_row, *rows], [None, *heights], shifted

    def _signature_lines(self, sheet: dict):
        """The appendix's "Umpire ____ Date ____", with the sheet's umpire and day beneath."""
        line = "_" * 40
        rows = [
            [_("Umpire"), line, _("Date"), line],
            ["", self._lines(sheet["umpire"]), "", self._lines(sheet["date"])],
        ]
        widths = [22 * mm, 80 * mm, 16 * mm, 80 * mm]
        style = [
            ("FONT", (0, 0), (-1, -1), self.font, 9),
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ]
        return self.table(rows, widths, style)

    # -- the whole tournament -------------------------------------------------------------------

    def _tournament_table(self, rows: list[dict]) -> list:
        header = [
            _("Game"),
            _("Table"),
            _("Group"),
            _("Round / position"),
            _("Hand"),
            _("Player's team"),
            _("Player's name"),
            _("No."),
            _("Nature of foul"),
            _("Relevant penalty"),
            _("Remarks"),
            _("Recorded by, at"),
        ]
        table_rows = [[self._lines(text, bold=True) for text in header]]
        widths = self._widths(self.tournament_cols)
        # The record's keeper signs the whole tournament's record as a sheet's (Appendix 6).
        signature = self._signature_lines({"umpire": "", "date": ""})
        if not rows:
            return [self._ruled(table_rows, widths, [], self.ruled_rows, signature)]
        for row in rows:
            place = " / ".join(part for part in (row["round"], row["position"]) if part)
            table_rows.append(
                [
                    str(row["session"]),
                    str(row["table"]),
                    self._lines(row["group"] or ""),
                    self._lines(place),
                    "" if row["hand"] is None else str(row["hand"]),
                    self._lines(row["team"]),
                    self._lines(self._player(row)),
                    "" if row["number"] is None else str(row["number"]),
                    self._lines(row["nature"]),
                    self._lines(row["penalty"]),
                    self._lines(self._remarks(row)),
                    self._lines(self._recorded(row)),
                ]
            )
        table = self._ruled(table_rows, widths, rows, 0, signature)
        table.setStyle(TableStyle([("ALIGN", (0, 1), (1, -2), "CENTER")]))
        return [table]


def render_fouls(data: dict) -> bytes:
    """A sheet's record, the whole tournament's, or a session's: the record of each of its
    sheets on pages of its own (the paper each table's umpire keeps), numbered per sheet."""
    if data["scope"] != "session" or not data["sheets"]:
        return FoulsRenderer().render(data)
    return FoulsRenderer().render_many(
        {**data, "scope": "sheet", "table": sheet["table"], "sheets": [sheet]}
        for sheet in data["sheets"]
    )
