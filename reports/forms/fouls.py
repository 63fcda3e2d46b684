"""The printed Record of Fouls (Appendix 6, "Registro de Faltas").

Per score sheet, as the appendix: the heading "Game / Group / Table", one line per foul (the
player's team, name and number; game, round, table and position of the foul; its nature; the
penalty; remarks), then the umpire's signature and the date. For the whole tournament: one
table with Game and Table columns. A voided penalty stays on the record, greyed and marked
void with its reason (it counts for nothing).
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from reports.base import BaseRenderer, Wrapped

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
    blank_rows = 12  # ruled lines of a record without fouls, to fill in by hand (Appendix 6)
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
            # The record's keeper signs the whole tournament's record as a sheet's (Appendix 6).
            footer = [Spacer(0, 5 * mm), self._signature_lines({"umpire": "", "date": ""})]
            return story + self._tournament_table(data["rows"]) + [KeepTogether(footer)]
        if not data["sheets"]:
            return story + [self.paragraph(_("No fouls recorded."), "body")]
        for sheet in data["sheets"]:
            record = self._sheet_record(sheet)
            # A short record stays on one page; a long one flows, its heading row repeated.
            signature = [Spacer(0, 5 * mm), self._signature_lines(sheet)]
            if len(sheet["rows"]) <= self.short_record:
                story.append(KeepTogether(record + signature))
            else:
                record[0].keepWithNext = True
                story += [*record, KeepTogether(signature)]
            story.append(Spacer(0, 6 * mm))
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
                where += " (" + _("%(wind)s seat") % {"wind": row["seat_wind"]} + ")"
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
        heading = _("Game %(session)s · Group %(group)s · Table %(table)s") % {
            **sheet,
            "group": sheet["group"] or "—",
        }
        parts = [self.paragraph(heading, "heading")]
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
        if sheet["rows"]:
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
            table = self.table(
                rows, self._widths(self.sheet_cols), self._style(sheet["rows"]), repeat_rows=1
            )
        else:
            rows = [[self._lines(text, bold=True) for text in header]]
            table = self._blank_grid(rows, self._widths(self.sheet_cols))
        parts[0].keepWithNext = True
        parts.append(table)
        return parts

    def _blank_grid(self, header: list, widths: list[float]):
        """The appendix's empty ruled lines under the column headings, to fill in by hand."""
        rows = header + [[""] * len(widths) for _index in range(self.blank_rows)]
        heights = [None] + [self.blank_row_height] * self.blank_rows
        table = Table(rows, colWidths=widths, rowHeights=heights, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(self._style([])))
        return table

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
        if not rows:
            return [self._blank_grid(table_rows, widths)]
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
        style = self._style(rows) + [("ALIGN", (0, 1), (1, -1), "CENTER")]
        return [self.table(table_rows, widths, style, repeat_rows=1)]


def render_fouls(data: dict) -> bytes:
    return FoulsRenderer().render(data)
