"""The printed score sheet (Appendix 5, "Hoja de Puntuación para una Sesión de Juego").

One sheet per A4 landscape page, laid out as the appendix: the heading (Game, Group, Table,
Time), the players (position, team, number, name), the grid of the 16 hands with +, − and the
running total for each player, the totals, table points and the players' signatures, the
umpire's and the chief umpire's signatures, and the appendix's closing sentence.

A sheet with no hand entered prints as a **blank form** for a pen (printed before play, and for
the tables whose paper the score desk keys): every text 8 pt or larger, hand rows at least 6 mm
apart, a ruled box for each total with nothing pre-printed in it, and beside the grid the
sheet's code with its QR code (what the score desk types or scans to open the sheet:
tournaments.display.sheet_code), ruled lines for the penalties, the signature boxes of the
umpire and the chief umpire with the date beside each, and the closing sentence.

A sheet as entered also has, beside each hand, who won, from whom, and the fans; below: the
penalties and, on a corrected sheet, the corrections with their reasons (each corrected hand
is marked in its row with the correction's number; a long list flows onto a second page),
then the fingerprint.

The data (reports.data.scoresheet) holds codes and values only; every word is put here.
"""

from collections.abc import Callable
from functools import partial

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import KeepInFrame, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.tables import CellStyle

from reports import fonts
from reports.base import (
    GRID,
    NO_BREAK_SPACE,
    SHADE,
    BaseRenderer,
    _NumberedCanvas,
    keep_whole,
    labelled,
    list_join,
    qr_drawing,
    widest_unit,
    wrap_lines,
)
from reports.forms.grid import CellLook, Grid, GridStyle
from tournaments.display import WIND_NAMES, sheet_code
from tournaments.fans import fan_name
from tournaments.models import Correction, Penalty
from tournaments.models.play import (
    HANDS_PER_SESSION as HANDS,
)
from tournaments.models.play import (
    POSITIONS,
    Hand,
    SheetClosure,
    SheetStatus,
)

PLAYERS = 4
UNPLAYED = colors.HexColor("#E4E4E4")  # rows of a closed sheet no hand was played in
RUNNING = colors.HexColor("#F2F2F2")  # a blank sheet's running totals
GREY_HEX = "#666666"
VOID_GREY = colors.HexColor(GREY_HEX)  # a void penalty's row
HEAVY = 1.1  # line width between the players' column groups and around the grid
_PAD = 2.5  # horizontal cell padding, points
MIN_SIZE = 8  # the smallest text of a blank sheet, points
FRAME_PADDING = 6  # points between the page's margins and its content (ReportLab's Frame)


def signed(value: int | None) -> str:
    """A score change with its sign, a true minus sign for losses."""
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


def number(value) -> str:
    return "" if value is None else str(value)


def is_blank(data: dict) -> bool:
    """A sheet to fill in by hand: no hand entered, nobody signed or confirmed, no correction.
    Penalties recorded before play (a late arrival at check-in) are printed on its lines."""
    return (
        not any(hand["played"] for hand in data["hands"])
        and data["umpire_signature"] is None
        and data["chief_signature"] is None
        and not data["corrections"]
        and not any(seat.get("confirmation") for seat in data["seats"])
    )


# -- words for the data's codes --------------------------------------------------------------


def penalty_words(penalty: dict) -> str:
    """What the penalty is, in words (its points per player are in the columns A-D)."""
    kind, points = penalty["kind"], penalty["points"]
    values = {"points": points, "n": penalty["hand"], "minutes": penalty["minutes_late"]}
    if kind == Penalty.Kind.REPEATED_FOUL:
        values.update(foul=Penalty.Foul(penalty["foul"]).label, n=penalty["occurrence"] or 0)
        if points:
            return (
                _("Repeated foul, %(foul)s, time %(n)s: %(points)s points to each other player")
                % values
            )
        return _("Repeated foul, %(foul)s, time %(n)s: warning") % values
    if kind == Penalty.Kind.DEDUCTION:
        return _("Points deducted (to nobody): %(points)s points") % values
    if kind == Penalty.Kind.FALSE_HU:
        if penalty["invalid_claim"]:
            return (
                _(
                    "False Hu on an invalid claim: %(points)s points to each other player, "
                    "dead hand in hand %(n)s"
                )
                % values
            )
        return _("False Hu: %(points)s points to each other player, dead hand in hand %(n)s") % (
            values
        )
    if kind == Penalty.Kind.EXPOSED_HAND:
        return _("Exposed hand: %(points)s points to each other player") % values
    if kind == Penalty.Kind.REVEALED_TILE:
        return _("Revealed another player's tile: %(points)s points to %(victim)s") % {
            **values,
            "victim": penalty["victim"] or "?",
        }
    if kind == Penalty.Kind.DEAD_HAND:
        return _("Dead hand in hand %(n)s (loses the right to win it)") % values
    if kind == Penalty.Kind.LATE_ARRIVAL:
        if penalty["minutes_late"] is None:  # he did not come (a no-show's check-in)
            text = _("did not come: the session is lost (rule 3.11.2)")
            return text[:1].upper() + text[1:]
        if penalty["forfeited"]:
            return _("Late arrival, %(minutes)s minutes: the session is lost") % values
        return _("Late arrival, %(minutes)s minutes: %(points)s points deducted") % values
    return str(Penalty.Kind(kind).label)


def hand_words(state: dict) -> str:
    """A hand as a correction recorded it: "C won on D's discard, 10 points"."""
    if state["outcome"] == Hand.Outcome.DRAW:
        return _("draw")
    if state["outcome"] == Hand.Outcome.TIME_LIMIT:
        return _("time-limit stop")
    values = {
        "winner": state["winner"],
        "discarder": state["discarder"],
        "points": state["points"] + state["flowers"],
    }
    if state["discarder"]:
        return _("%(winner)s won on %(discarder)s's discard, %(points)s points") % values
    return _("%(winner)s won self-drawn, %(points)s points") % values


def correction_words(correction: dict) -> str:
    kind, what = correction["kind"], correction["what"]
    label = str(Correction.Kind(kind).label)
    if kind == Correction.Kind.HAND:
        return _("Hand %(n)s replaced: %(before)s → %(after)s") % {
            "n": what["hand"],
            "before": hand_words(what["before"]),
            "after": hand_words(what["after"]),
        }
    if kind == Correction.Kind.HAND_REMOVED:
        return _("Hand %(n)s removed (%(before)s)") % {
            "n": what["hand"],
            "before": hand_words(what["before"]),
        }
    if kind in (Correction.Kind.PENALTY, Correction.Kind.PENALTY_VOID) and what.get("penalty"):
        penalty = what["penalty"]
        return _("%(label)s: %(kind)s — %(position)s %(player)s") % {
            "label": label,
            "kind": Penalty.Kind(penalty["kind"]).label,
            "position": penalty["position"],
            "player": penalty["player"],
        }
    if kind == Correction.Kind.SEAT:
        first, second = what["positions"]
        one, other = what["players"]
        return _("Seats %(first)s and %(second)s swapped: %(one)s ↔ %(other)s") % {
            "first": first,
            "second": second,
            "one": one,
            "other": other,
        }
    return label


def outcome_words(hand: dict) -> str:
    """The fans of a won hand ("Seven Pairs 24, Upper Four 12 ×2"), else what ended it."""
    if hand["outcome"] == Hand.Outcome.DRAW:
        return _("Draw (wall exhausted)")
    if hand["outcome"] == Hand.Outcome.TIME_LIMIT:
        return _("Stopped by the time limit (3.5.6)")
    parts = []
    for fan in hand["fans"]:
        # a fan's name, its points and its count on one line (门前清 2 ×2)
        text = keep_whole(f"{fan_name(fan.get('id'), fan['name'])} {fan['points']}")
        if fan["count"] > 1:
            text += f"{NO_BREAK_SPACE}×{fan['count']}"
        parts.append(text)
    return list_join(parts)


# -- the renderer ------------------------------------------------------------------------------


def _cell_style(fontname: str) -> CellStyle:
    style = _Cell("cell")
    style.fontname = fontname  # the base face of the language printed in
    return style


class _Cell(CellStyle):
    """A cell of the sheet's tables before any command: base font, middle, tight padding (set
    here once rather than by commands over every cell of every sheet)."""

    fontname = fonts.REGULAR
    fontsize = 8
    leading = 9.4
    leftPadding = _PAD
    rightPadding = _PAD
    topPadding = 1.2
    bottomPadding = 1.6
    valign = "MIDDLE"


def ruled_table(rows, widths, commands, *, heights=None, repeat_rows: int = 0) -> Table:
    fontname = fonts.regular()  # asked once a table: it looks up the active language
    cell_styles = [[_cell_style(fontname) for _w in widths] for _r in rows]
    table = Table(
        rows,
        colWidths=widths,
        rowHeights=heights,
        repeatRows=repeat_rows,
        cellStyles=cell_styles,
        hAlign="LEFT",
    )
    table.setStyle(TableStyle(commands))
    return table


class _SheetCanvas(_NumberedCanvas):
    """The page number at 8 pt: no text of a blank sheet is smaller (reports.base prints it
    at 7 pt on the other forms)."""

    def _draw_page_number(self, page: int, total: int) -> None:
        width, _height = self._pagesize
        self.setFont(fonts.regular(), MIN_SIZE)
        text = _("Page %(page)s of %(pages)s") % {"page": page, "pages": total}
        self.drawRightString(width - self._mcr_margin, self._mcr_margin / 2, text)


class ScoreSheetRenderer(BaseRenderer):
    title = gettext_lazy("Score sheet")
    is_landscape = True
    margin_left = margin_right = 10 * mm
    margin_top = 12 * mm
    margin_bottom = 10 * mm
    font_size = 8
    small_size = 6.5  # fans, penalties, signatures, notes (of a sheet as entered)
    label_size = 7

    # Column widths (mm), at least: hand and round; + − total per player; won by, from,
    # points; the fans take the rest of the page's width. A column is widened when a word of
    # its heading (in the language printed) is wider.
    hand_cols = (10, 9)
    player_cols = (9.5, 9.5, 12.5)
    extra_cols = (10, 14, 9)
    signature_height = 10 * mm  # the players' signature row: room to sign by hand
    foot_padding = 3 * mm  # left padding of the sign-off area
    fingerprint_width = 62 * mm
    least_scale = 0.8  # a sheet as entered is printed this much smaller at the most
    signoff_box_height = 9 * mm  # a signature not yet given: the box under its label (12 mm)

    # The grid's rows: the players' block, the hands' heading, 16 hands, the foot.
    PLAYER_ROWS = 4
    FOOT_ROWS = 6

    # The blank sheet: the grid on the left, beside it the sheet's code, the penalties' lines
    # and the umpires' signatures; every size in points at least MIN_SIZE.
    blank_hand_cols = (9, 10)
    blank_player_cols = (10, 10, 13)
    blank_extra_cols = (12, 12, 12)
    blank_gap = 4 * mm  # between the grid and the column beside it
    blank_hand_height = 6.05 * mm  # a hand's row: room to write
    # The players' rows: position, team, number and name (the names fit inside: `fitted`).
    blank_player_heights = (5 * mm, 5 * mm, 6 * mm, 14 * mm)
    blank_foot_heights = (*[blank_hand_height] * 4, 12.05 * mm)
    blank_qr_size = 24 * mm
    blank_penalty_lines = 11  # ruled lines for penalties (at least 4 stay empty)
    blank_penalty_height = 6.8 * mm
    blank_box_height = 13 * mm  # the umpire's and the chief umpire's signature boxes

    def __init__(self):
        super().__init__()
        self._paragraph_styles: dict[tuple, ParagraphStyle] = {}
        self._wrapped: dict[tuple, str] = {}
        self._measures: dict[tuple, Callable[[str], float]] = {}
        self._plain: dict[str, bool] = {}
        self._grid_styles: dict[tuple, GridStyle] = {}
        hand, players, extras = self._column_widths(
            self.hand_cols, self.player_cols, self.extra_cols, size=7, label_size=self.label_size
        )
        self.hand_widths, self.extra_widths = hand, extras
        self.fans_width = self.content_width - sum(hand) - PLAYERS * sum(players) - sum(extras)
        self.col_widths = [*hand, *(players * PLAYERS), *extras, self.fans_width]
        self.first_player_col = len(self.hand_cols)
        self.first_extra_col = self.first_player_col + PLAYERS * len(self.player_cols)
        self.player_width = sum(players)
        self.signoff_width = sum(extras) + self.fans_width - self.foot_padding - _PAD
        blank_hand, blank_players, blank_extras = self._column_widths(
            self.blank_hand_cols,
            self.blank_player_cols,
            self.blank_extra_cols,
            size=MIN_SIZE,
            label_size=MIN_SIZE,
            blank=True,
        )
        self.blank_widths = [*blank_hand, *(blank_players * PLAYERS), *blank_extras]
        self.blank_label_width = sum(blank_hand)
        self.blank_player_width = sum(blank_players)
        self.blank_extra_width = sum(blank_extras)
        self.blank_left = sum(self.blank_widths)
        self.blank_right = self.content_width - self.blank_left - self.blank_gap

    def header(self, data) -> tuple[str, str]:
        right = _("Score sheet — Session %(session)s · Table %(table)s") % {
            "session": data["session"],
            "table": data["table"],
        }
        return data["tournament"], right

    def story(self, data) -> list:
        if is_blank(data):
            return self._blank_story(data)
        sheet = [self._heading(data), Spacer(0, 1.5 * mm), self._grid(data)]
        penalties, corrections = self._penalties(data), self._corrections(data)
        for kept, rest in ((penalties + corrections, []), (penalties, corrections)):
            page = self._one_page([*sheet, *kept])
            if page is not None:
                return page + rest
        # More penalties than a page holds under the sheet: as many as fit there at full size
        # (else the first few, a little smaller), the others on the next page under the title
        # repeated; never the whole list alone.
        count = len(data["penalties"])
        for first, least in [(n, 1.0) for n in range(count - 1, 0, -1)] + [
            (n, self.least_scale) for n in range(min(3, count - 1), 0, -1)
        ]:
            head, tail = self._penalties(data, split=first)
            page = self._one_page([*sheet, head], least=least)
            if page is not None:
                return [*page, tail, *corrections]
        return [*sheet, *penalties, *corrections]

    def _one_page(self, parts: list, *, least: float | None = None) -> list | None:
        """`parts` on one page: as they are, or a little smaller, `least` of their size at
        the most (a sheet whose grid is tall, its fans on two or three lines in Spanish,
        rather than leave its penalties or their "none" alone on the next page); None when
        even so they do not fit."""
        room = self.page_size[1] - self.margin_top - self.margin_bottom - 2 * FRAME_PADDING
        width = self.content_width - 2 * FRAME_PADDING
        height = sum(part.wrap(width, room)[1] for part in parts)
        if height <= room:
            return parts
        if height * (self.least_scale if least is None else least) <= room:
            return [KeepInFrame(0, 0, parts, mode="shrink")]
        return None

    def _canvas_maker(self):
        margin = min(self.margin_right, self.margin_bottom)

        def make(*args, **kwargs):
            canvas = _SheetCanvas(*args, **kwargs)
            canvas._mcr_margin = margin
            canvas._mcr_header = ("", str(self.title))
            return canvas

        return make

    # -- widths -----------------------------------------------------------------------------------

    def measure(self, size: float, *, bold: bool = False) -> Callable[[str], float]:
        """The printed width of a text at `size`, each run in the face that draws it."""
        key = (size, bold)
        if key not in self._measures:
            face = self.font_bold if bold else self.font
            widths: dict[str, float] = {}  # the same words come back on every sheet

            def width(text: str) -> float:
                if text in widths:
                    return widths[text]
                if self.is_plain(text):
                    widths[text] = stringWidth(text, face, size)
                else:
                    widths[text] = sum(
                        stringWidth(chunk, f"{name}-Bold" if bold else name, size)
                        for name, chunk in fonts.runs(text)
                    )
                return widths[text]

            self._measures[key] = width
        return self._measures[key]

    @staticmethod
    def measure_runs(size: float, *, bold: bool = False) -> Callable[[str], float]:
        """The printed width of a text drawn in its runs of faces (`fonts.markup`), at `size`:
        Latin in DejaVu Sans even on a Chinese form."""

        def width(text: str) -> float:
            return sum(
                stringWidth(chunk, f"{face}-Bold" if bold else face, size)
                for face, chunk in fonts.runs(text)
            )

        return width

    def is_plain(self, text: str) -> bool:
        """fonts.is_plain, remembered for the renderer's language."""
        if text not in self._plain:
            self._plain[text] = fonts.is_plain(text)
        return self._plain[text]

    def need(self, texts, size: float, *, bold: bool = False) -> float:
        """The width a column needs so that no word of `texts` is split or runs over."""
        return widest_unit(texts, self.measure(size, bold=bold)) + 2 * _PAD + 1

    def _column_widths(self, hand_cols, player_cols, extra_cols, *, size, label_size, blank=False):
        """The widths (points) of the label, player and extra columns: each at least its
        width in mm, wider when a word of its heading needs it in the language printed."""
        labels = [
            _("Position"),
            _("Team"),
            _("Player no."),
            _("Player"),
            _("Total"),
            _("Penalties"),
            _("Total points"),
            _("Rank"),
            _("Table points"),
            _("Signature"),
        ]
        hand = max(hand_cols[0] * mm, self.need([_("Hand"), "16"], size, bold=True))
        winds = [str(name) for name in WIND_NAMES.values()]
        round_ = max(hand_cols[1] * mm, self.need([_("Round"), *winds], size, bold=True))
        round_ = max(round_, self.need(labels, label_size, bold=True) - hand)
        plus, minus, total = (w * mm for w in player_cols)
        total = max(total, self.need([_("Total")], size, bold=True))
        won, source, points = (w * mm for w in extra_cols)
        won = max(won, self.need([_("Won by")], size, bold=True))
        source = max(source, self.need([_("From")], size, bold=True))
        if not blank:  # the word printed for a self-drawn win; by hand, a letter
            source = max(source, self.need([_("self-drawn")], size))
        points = max(points, self.need([_("Points")], size, bold=True))
        return (hand, round_), (plus, minus, total), (won, source, points)

    # -- cells ----------------------------------------------------------------------------------

    def fit(self, value: str, width: float, *, size: float | None = None, bold: bool = False):
        """A text in a column `width` wide, in the cell's font (`size`, `bold`): a plain string,
        wrapped onto lines when it is long (fast: the table draws it), or a paragraph when a
        character needs a font for another script (CJK)."""
        return self.lines([value], width, size=size, bold=bold)

    def lines(self, texts: list[str], width: float, *, size=None, bold=False, centre=False):
        size = size or self.font_size
        texts = [t for t in texts if t]
        room = width - 2 * _PAD
        measure = self.measure(size, bold=bold)
        wrapped = []
        for text in texts:
            if measure(text) <= room:
                wrapped.append(text.replace(NO_BREAK_SPACE, " "))
            else:
                wrapped += wrap_lines(text, room, measure)
        if all(self.is_plain(t) for t in texts):
            return "\n".join(wrapped)
        markup = "<br/>".join(fonts.markup(t, bold=bold) for t in wrapped)
        return Paragraph(markup, self.paragraph_style(size, align=TA_CENTER if centre else TA_LEFT))

    def paragraph_style(self, size: float, *, align: int = TA_LEFT) -> ParagraphStyle:
        key = (size, align)
        if key not in self._paragraph_styles:
            self._paragraph_styles[key] = ParagraphStyle(
                f"cell-{size}-{align}",
                parent=self.styles["cell"],
                fontSize=size,
                leading=round(size * 1.16, 2),
                alignment=align,
                textColor=self.styles["cell"].textColor,
                splitLongWords=0,  # lines are broken beforehand (wrap), never inside a word
            )
        return self._paragraph_styles[key]

    def constant(self, text: str, width: float, size: float, *, bold: bool = False) -> str:
        """A fixed sentence of the form wrapped to a width, once per language and width."""
        key = (text, width, size, bold)
        if key not in self._wrapped:
            measure = self.measure(size, bold=bold)
            self._wrapped[key] = "\n".join(wrap_lines(text, width - 2 * _PAD, measure))
        return self._wrapped[key]

    def _player_span(self, index: int) -> tuple[int, int]:
        first = self.first_player_col + index * len(self.player_cols)
        return first, first + len(self.player_cols) - 1

    @staticmethod
    def _spread(values: list) -> list:
        """One value per player, each over the player's three columns."""
        row = []
        for value in values:
            row += [value, "", ""]
        return row

    # -- the heading: Game, Group, Table, Time (and the umpire and the sheet's status) -------------

    def _heading(self, data):
        status = _("Status: %(status)s") % {"status": SheetStatus(data["status"]).label}
        if data["closed_by"]:
            status += " — " + str(SheetClosure(data["closed_by"]).label)
        widths_mm = [13, 12, 13, 16, 12, 14, 12, 70, 16, 0]
        widths = [w * mm for w in widths_mm]
        widths[-1] = self.content_width - sum(widths_mm) * mm
        values = [
            str(data["session"]),
            data["group"] or "—",
            str(data["table"]),
            self._time_text(data["time"]),
            data["umpire"] or "—",
        ]
        labels = [_("Game"), _("Group"), _("Table"), _("Time"), _("Umpire")]
        row = []
        for index, (label, value) in enumerate(zip(labels, values, strict=True)):
            row += [label, self.fit(value, widths[2 * index + 1], size=9, bold=True)]
        title = _("Score Sheet for a Game Session")
        commands = [
            ("SPAN", (0, 0), (5, 0)),
            ("SPAN", (6, 0), (-1, 0)),
            ("FONT", (0, 0), (0, 0), self.font_bold, 13, 16),
            ("FONT", (6, 0), (6, 0), self.font_bold, 9),
            ("ALIGN", (6, 0), (6, 0), "RIGHT"),
            ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
            ("RIGHTPADDING", (6, 0), (6, 0), 0),
            ("BOTTOMPADDING", (0, 0), (-1, 0), 4),
            ("BOX", (0, 1), (-1, 1), HEAVY, GRID),
            ("FONT", (0, 1), (-1, 1), self.font, 7),
            ("FONT", (1, 1), (-1, 1), self.font_bold, 9),
            *(("FONT", (c, 1), (c, 1), self.font, 7) for c in range(0, 10, 2)),
            *(("LINEAFTER", (c, 1), (c, 1), 0.4, GRID) for c in range(1, 9, 2)),
            ("BACKGROUND", (0, 1), (0, 1), SHADE),
            *(("BACKGROUND", (c, 1), (c, 1), SHADE) for c in range(2, 10, 2)),
            ("TOPPADDING", (0, 1), (-1, 1), 2),
            ("BOTTOMPADDING", (0, 1), (-1, 1), 2.5),
        ]
        return ruled_table([[title, *[""] * 5, status, *[""] * 3], row], widths, commands)

    def _time_text(self, time: dict) -> str:
        start, end = time["from"], time["to"]
        if start is None and end is None:
            return _("from ________ to ________")
        values = {
            "start": start["display"][11:] if start else "____",
            "end": end["display"][11:] if end else "____",
            "date": (start or end)["display"][:10],
        }
        return _("from %(start)s to %(end)s (%(date)s)") % values

    # -- the grid -------------------------------------------------------------------------------

    def _grid(self, data):
        seats = data["seats"]
        note = self.constant(self._positions_note(), self.signoff_width, self.small_size)
        rows = [*self._player_rows(seats, note, extras=4), self._hand_header()]
        marks = self._correction_marks(data["corrections"])
        rows += [self._hand_row(hand, marks.get(hand["number"])) for hand in data["hands"]]
        rows += self._foot_rows(data, seats)
        heights = [None] * (len(rows) - 1) + [self.signature_height]
        return self._sheet_grid(
            "grid",
            rows,
            self.col_widths,
            self._fixed_grid_commands,
            heights=heights,
            backgrounds=self._unplayed(data),
        )

    @staticmethod
    def _positions_note() -> str:
        return _(
            "Positions A–D are the seats of East, South, West and North at the start of "
            "the session; the seat winds then rotate as in Appendix 4."
        )

    def _player_rows(self, seats, note, *, extras: int, blank: bool = False) -> list[list]:
        """Position (with the starting wind), team, number and name of each player; `note` in
        the `extras` columns on the right."""
        width = self.blank_player_width if blank else self.player_width
        positions, teams, numbers, names = [], [], [], []
        for seat in seats:
            positions.append(
                _("%(position)s — %(wind)s")
                % {"position": seat["position"], "wind": WIND_NAMES[seat["start_wind"]]}
            )
            empty = seat["empty"]
            teams.append("" if empty else self._team_cell(seat["team"], width, blank=blank))
            numbers.append("" if empty else number(seat["number"]))
            names.append("" if empty else self._name_cell(seat, width, blank=blank))
        labels = [_("Position"), _("Team"), _("Player no."), _("Player")]
        rows = []
        for label, values in zip(labels, (positions, teams, numbers, names), strict=True):
            label_cell = self.blank_label(label) if blank else self.label(label)
            first = not rows
            rows.append(
                [label_cell, "", *self._spread(values), note if first else "", *[""] * (extras - 1)]
            )
        return rows

    def _team_cell(self, team: str, width: float, *, blank: bool):
        if not blank:
            return self.lines([team], width, centre=True)
        return self.fitted([(team, MIN_SIZE, False)], width, self.blank_player_heights[1])

    def _name_cell(self, seat: dict, width: float, *, blank: bool = False):
        """The player's name, his name in his own script, and for a substitute the player he
        replaces: inside the cell whatever their length (`fitted`)."""
        size = 9 if blank else self.font_size
        lines = [(seat["name"], size, True), (seat["native_name"], size, True)]
        if seat["replaces"]:
            note = _("substitute for %(name)s (no. %(number)s), who lost the session") % {
                "name": keep_whole(seat["replaces"]["name"]),
                "number": number(seat["replaces"]["number"]),
            }
            lines.append((note, MIN_SIZE if blank else self.small_size, False))
        height = self.blank_player_heights[3] if blank else None
        return self.fitted(lines, width, height)

    def fitted(self, lines: list[tuple[str, float, bool]], width: float, height: float | None):
        """Lines of (text, size, bold), centred in a cell `width` wide (and `height` high):
        wrapped between words, a word longer than the line at a hyphen; when they still do not
        fit, the cell's text is made smaller, never the row taller nor the page: nothing
        crosses the cell's borders."""
        lines = [(text, size, bold) for text, size, bold in lines if text]
        if not lines:
            return ""
        room = width - 2 * _PAD
        for scale in (1, 0.94, 0.88, 0.82, 0.76, 0.7, 0.64, 0.58, 0.52):
            printed = self._wrapped_lines(lines, room, scale)
            if printed is None:
                continue
            leading = max(size for _t, size, _b in printed) * 1.16
            if height is None or len(printed) * leading <= height - 3:
                break
        markup = "<br/>".join(
            f'<font size="{size:.2f}">{fonts.markup(text, bold=bold)}</font>'
            for text, size, bold in printed
        )
        style = ParagraphStyle(
            "fitted",
            parent=self.paragraph_style(MIN_SIZE, align=TA_CENTER),
            fontSize=printed[0][1],
            leading=leading,
        )
        return Paragraph(markup, style)

    def _wrapped_lines(self, lines, room: float, scale: float):
        """The lines wrapped at `scale` of their sizes, or None when a word is wider than the
        line even so."""
        printed = []
        for text, size, bold in lines:
            measure = self.measure_runs(round(size * scale, 2), bold=bold)
            wrapped = wrap_lines(text, room, measure)
            if scale > 0.52 and any(measure(line) > room for line in wrapped):
                return None
            printed += [(line, round(size * scale, 2), bold) for line in wrapped]
        return printed

    def _hand_header(self) -> list:
        texts = [
            _("Hand"),
            _("Round"),
            *["+", "\u2212", _("Total")] * PLAYERS,
            _("Won by"),
            _("From"),
            _("Points"),
            _("Fans"),
        ]
        return [
            self.fit(text, width, size=7, bold=True)
            for text, width in zip(texts, self.col_widths, strict=True)
        ]

    @staticmethod
    def _correction_marks(corrections: list[dict]) -> dict[int, list[str]]:
        """Hand number -> the numbers (C1, C2, …) of the corrections that changed or removed
        the hand standing at that number, as listed under the sheet."""
        marks: dict[int, list[str]] = {}
        for index, correction in enumerate(corrections, start=1):
            if correction["kind"] in (Correction.Kind.HAND, Correction.Kind.HAND_REMOVED):
                hand = correction["what"].get("hand")
                if hand:
                    marks.setdefault(hand, []).append(f"C{index}")
        return marks

    def _hand_row(self, hand: dict, marks: list[str] | None = None) -> list:
        cells = []
        for plus, minus, total in hand["cells"]:
            cells += [number(plus), number(minus), signed(total) or number(total)]
        head = [str(hand["number"]), str(WIND_NAMES[hand["round"]]), *cells]
        fans = outcome_words(hand) if hand["played"] else ""
        if marks:
            fans = self._marked(fans, marks)
        else:
            fans = self.fit(fans, self.fans_width, size=self.small_size) if fans else ""
        if not hand["played"]:
            return [*head, "", "", "", fans]
        if hand["outcome"] != Hand.Outcome.WIN:
            return [*head, "—", "", "", fans]
        source = _("self-drawn") if hand["self_drawn"] else hand["discarder"]
        return [*head, hand["winner"], source, str(hand["total"]), fans]

    def _marked(self, fans: str, marks: list[str]):
        """The fans of a corrected hand after a bold mark naming its corrections."""
        mark = _("%(marks)s: corrected after signing, see the corrections") % {
            "marks": list_join(marks)
        }
        room = self.fans_width - 2 * _PAD
        size = self.small_size
        lines = [
            fonts.markup(line, bold=True)
            for line in wrap_lines(mark, room, self.measure(size, bold=True))
        ]
        if fans:
            lines += [fonts.markup(line) for line in wrap_lines(fans, room, self.measure(size))]
        return Paragraph("<br/>".join(lines), self.paragraph_style(size))

    def _foot_rows(self, data, seats) -> list[list]:
        totals = data["totals"]
        penalty_plus, penalty_minus = self._penalty_sums(data["penalties"])
        hands, penalties = [], []
        for i, seat in enumerate(seats):
            zero = "" if seat["empty"] else "0"
            hands += [
                number(totals["plus"][i]),
                number(totals["minus"][i]),
                signed(totals["hands"][i]) or zero,
            ]
            penalties += [
                number(penalty_plus[i] or None),
                number(penalty_minus[i] or None),
                signed(seat.get("penalty_points")) or zero,
            ]
        scores = [signed(s.get("score")) or ("" if s["empty"] else "0") for s in seats]
        ranks = [self._rank_text(s) for s in seats]
        points = [s.get("table_points") or "" for s in seats]
        if data["status"] == SheetStatus.OPEN:  # still in play: no rank, no table points yet
            ranks = points = ["" for _seat in seats]
        start = data["time"]["from"] or data["time"]["to"]
        day = start["display"][:10] if start else ""
        signatures = [self._confirmation_cell(s, day) for s in seats]
        blank = ["", "", "", ""]
        return [
            [self.label(_("Total")), "", *hands, self._signoff(data), "", "", ""],
            [self.label(_("Penalties")), "", *penalties, *blank],
            [self.label(_("Total points")), "", *self._spread(scores), *blank],
            [self.label(_("Rank")), "", *self._spread(ranks), *blank],
            [self.label(_("Table points")), "", *self._spread(points), *blank],
            [self.label(_("Signature")), "", *self._spread(signatures), *blank],
        ]

    def label(self, text: str) -> str:
        """A row's label over the hand and round columns, on two lines if it must."""
        return self.constant(text, sum(self.hand_widths), self.label_size, bold=True)

    @staticmethod
    def _penalty_sums(penalties: list[dict]) -> tuple[list[int], list[int]]:
        """What the penalties that count paid to and cost each player."""
        plus, minus = [0] * PLAYERS, [0] * PLAYERS
        for penalty in penalties:
            if penalty["void"]:
                continue
            for i, delta in enumerate(penalty["deltas"]):
                if delta > 0:
                    plus[i] += delta
                else:
                    minus[i] -= delta
        return plus, minus

    @staticmethod
    def _rank_text(seat: dict) -> str:
        if seat["empty"] or seat.get("rank") is None:
            return ""
        if seat["forfeited"]:
            return _("%(rank)s (session lost)") % {"rank": seat["rank"]}
        return str(seat["rank"])

    def _confirmation_cell(self, seat: dict, day: str):
        if seat["empty"] or seat["confirmation"] is None:
            return ""  # the empty box is where the player signs
        return self.lines(
            [
                "\u2713 " + seat["name"],
                _("confirmed %(at)s") % {"at": self.when(seat["confirmation"]["at"], day)},
            ],
            self.player_width,
            size=self.small_size,
        )

    @staticmethod
    def when(moment: dict, day: str) -> str:
        """A time of the session's day as HH:MM, another day's with its date."""
        display = moment["display"]
        return display[11:] if display[:10] == day else display

    def _signoff(self, data):
        """The umpire's and the chief umpire's signatures (name and time, or a box to sign
        in), the appendix's closing sentence and, on a stamped sheet, the fingerprint."""
        fingerprint = data.get("fingerprint")
        left = self.signoff_width - (self.fingerprint_width if fingerprint else 0)
        footnote = self._closing_sentence()
        umpire = self._signature(
            _("Signature of the umpire"),
            data["umpire_signature"],
            _("%(name)s — signed %(at)s"),
            left,
        )
        chief = self._signature(
            _("Signature of the chief umpire"),
            data["chief_signature"],
            _("%(name)s — countersigned %(at)s"),
            left,
        )
        commands = [
            ("FONT", (0, 0), (-1, -1), self.font, self.small_size + 0.5),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ]
        widths = [left, self.signoff_width - left]
        if not fingerprint:
            footnote = self.constant(footnote, left, self.small_size, bold=True)
            commands.append(("FONT", (0, 2), (0, 2), self.font_bold, self.small_size))
            return ruled_table([[umpire, ""], [chief, ""], [footnote, ""]], widths, commands)
        # The closing sentence under the fingerprint, beside the chief umpire's signature.
        block = self.fingerprint_block(fingerprint, data["verify_url"], size=17 * mm)
        footnote = self.constant(footnote, widths[1] - 2 * mm, self.small_size, bold=True)
        commands += [
            ("FONT", (1, 1), (1, 1), self.font_bold, self.small_size),
            ("LEFTPADDING", (1, 0), (1, -1), 2 * mm),
        ]
        return ruled_table([[umpire, block], [chief, footnote]], widths, commands)

    def _signature(self, label: str, signature: dict | None, signed_text: str, width: float):
        """A signature: who signed and when, or the box to sign in with the date beside."""
        if signature is None:
            return self._signature_box(label, width)
        value = signed_text % {"name": signature["name"], "at": signature["at"]["display"]}
        return self.lines([labelled(label), value], width, size=self.small_size + 0.5)

    def _signature_box(self, label: str, width: float) -> Table:
        """A ruled box to sign in, 12 mm high at least (its label's line and
        `signoff_box_height` below), the date's label on the label's line (as on the blank
        sheet)."""
        size = self.small_size + 0.5
        date = max(22 * mm, self.need([_("Date")], size) + 12 * mm)
        rows = [[self.fit(label, width - date, size=size), _("Date")], ["", ""]]
        commands = [
            ("FONT", (0, 0), (-1, -1), self.font, size),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("BOX", (0, 0), (0, 1), 0.8, GRID),
            ("BOX", (1, 0), (1, 1), 0.8, GRID),
            ("BOTTOMPADDING", (0, 0), (-1, 0), 0),
        ]
        heights = [None, self.signoff_box_height]
        return ruled_table(rows, [width - date, date], commands, heights=heights)

    def _sheet_grid(self, name, rows, widths, commands, *, heights=None, backgrounds=()) -> Grid:
        """`rows` drawn as a Grid whose style is the same on every sheet: resolved from
        `commands()` on the first sheet."""
        key = (name, len(rows), tuple(widths))
        if key not in self._grid_styles:
            self._grid_styles[key] = GridStyle(widths, len(rows), commands(), self._cell_look())
        return Grid(self._grid_styles[key], rows, heights, backgrounds)

    def _cell_look(self) -> CellLook:
        """A grid cell before any command, as `_Cell` is for the other tables."""
        cell = _Cell("cell")
        return CellLook(
            font=self.font,
            size=cell.fontsize,
            leading=cell.leading,
            valign=cell.valign,
            left=cell.leftPadding,
            right=cell.rightPadding,
            top=cell.topPadding,
            bottom=cell.bottomPadding,
        )

    def _unplayed(self, data) -> list:
        """The shading of the hands never played on a closed sheet."""
        if data["status"] == SheetStatus.OPEN:
            return []
        first_hand = self.PLAYER_ROWS + 1
        return [
            ("BACKGROUND", (0, first_hand + offset), (-1, first_hand + offset), UNPLAYED)
            for offset, hand in enumerate(data["hands"])
            if not hand["played"]
        ]

    def _fixed_grid_commands(self) -> list:
        heading = self.PLAYER_ROWS  # the hands' heading row
        first_hand, first_foot = heading + 1, heading + 1 + HANDS
        last = first_foot + self.FOOT_ROWS - 1
        extra, first_player = self.first_extra_col, self.first_player_col
        bold, small, label = self.font_bold, self.small_size, self.label_size
        labelled = [*range(heading), *range(first_foot, last + 1)]
        commands = [
            ("GRID", (0, 0), (extra - 1, -1), 0.4, GRID),
            ("GRID", (extra, heading), (-1, first_foot - 1), 0.4, GRID),
            ("BOX", (0, 0), (-1, -1), HEAVY, GRID),
            # Row labels over the hand and round columns, shaded.
            *(("SPAN", (0, r), (1, r)) for r in labelled),
            ("FONT", (0, 0), (1, -1), bold, label),
            ("BACKGROUND", (0, 0), (1, heading - 1), SHADE),
            ("BACKGROUND", (0, first_foot), (1, last), SHADE),
            # The players' block: centred; the positions in bold, the numbers large.
            ("ALIGN", (first_player, 0), (extra - 1, heading - 1), "CENTER"),
            ("FONT", (first_player, 0), (extra - 1, 0), bold, 8),
            ("FONT", (first_player, 2), (extra - 1, 2), bold, 10),
            ("FONT", (first_player, 3), (extra - 1, 3), bold, 8),
            ("SPAN", (extra, 0), (-1, heading - 1)),
            ("VALIGN", (extra, 0), (-1, heading - 1), "TOP"),
            ("FONT", (extra, 0), (-1, heading - 1), self.font, small, small * 1.2),
            # The hands' heading row.
            ("FONT", (0, heading), (-1, heading), bold, 7),
            ("BACKGROUND", (0, heading), (-1, heading), SHADE),
            ("ALIGN", (0, heading), (-1, heading), "CENTER"),
            # The hands: number and round centred, figures right, who won centred, fans small.
            ("FONT", (0, first_hand), (1, first_foot - 1), self.font, 7.5),
            ("ALIGN", (0, first_hand), (1, first_foot - 1), "CENTER"),
            ("ALIGN", (first_player, first_hand), (extra - 1, first_foot + 1), "RIGHT"),
            ("FONT", (extra, first_hand), (extra + 2, first_foot - 1), self.font, 7),
            ("ALIGN", (extra, first_hand), (extra + 1, first_foot - 1), "CENTER"),
            ("ALIGN", (extra + 2, first_hand), (extra + 2, first_foot - 1), "RIGHT"),
            ("FONT", (-1, first_hand), (-1, first_foot - 1), self.font, small, small * 1.1),
            ("TOPPADDING", (-1, first_hand), (-1, first_foot - 1), 1),
            ("BOTTOMPADDING", (-1, first_hand), (-1, first_foot - 1), 1.4),
            # The foot: sums per column, then the session's totals, ranks, table points and
            # signatures over each player's three columns; the sign-off on the right.
            ("FONT", (first_player, first_foot + 2), (extra - 1, first_foot + 2), bold, 9),
            ("FONT", (first_player, first_foot + 4), (extra - 1, first_foot + 4), bold, 9),
            ("ALIGN", (first_player, first_foot + 2), (extra - 1, last), "CENTER"),
            ("FONT", (first_player, last), (extra - 1, last), self.font, small, small * 1.2),
            ("ALIGN", (first_player, last), (extra - 1, last), "LEFT"),
            ("VALIGN", (first_player, last), (extra - 1, last), "TOP"),
            ("SPAN", (extra, first_foot), (-1, last)),
            ("VALIGN", (extra, first_foot), (-1, last), "TOP"),
            ("LEFTPADDING", (extra, first_foot), (-1, last), self.foot_padding),
            ("TOPPADDING", (extra, first_foot), (-1, last), 2.5),
            # Heavy rules: around each player's columns, under the headings, above the foot.
            ("LINEBEFORE", (extra, 0), (extra, -1), HEAVY, GRID),
            ("LINEBELOW", (0, heading), (-1, heading), HEAVY, GRID),
            ("LINEABOVE", (0, first_foot), (-1, first_foot), HEAVY, GRID),
        ]
        for index in range(PLAYERS):
            first, end = self._player_span(index)
            commands += [
                ("LINEBEFORE", (first, 0), (first, -1), HEAVY, GRID),
                # The running total, in bold.
                ("FONT", (end, first_hand), (end, first_foot), bold, self.font_size),
            ]
            for row in [*range(heading), *range(first_foot + 2, last + 1)]:
                commands.append(("SPAN", (first, row), (end, row)))
        return commands

    # -- below the grid ---------------------------------------------------------------------------

    def _titled(self, title, rows, widths, commands, *, size=8.5, heights=None) -> Table:
        """A ruled table under its section title, the title being the table's first row: it
        repeats on a page the table continues on, and never stands alone at a page's foot."""
        shifted = []
        for name, (c0, r0), (c1, r1), *rest in commands:
            shifted.append((name, (c0, r0 + (r0 >= 0)), (c1, r1 + (r1 >= 0)), *rest))
        title_commands = [
            ("SPAN", (0, 0), (-1, 0)),
            ("FONT", (0, 0), (0, 0), self.font_bold, size),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
            ("TOPPADDING", (0, 0), (0, 0), 2.5 * mm),
            ("BOTTOMPADDING", (0, 0), (0, 0), 1),
            ("VALIGN", (0, 0), (0, 0), "BOTTOM"),
        ]
        title_row = [title, *[""] * (len(widths) - 1)]
        return ruled_table(
            [title_row, *rows],
            widths,
            [*shifted, *title_commands],
            heights=None if heights is None else [None, *heights],
            repeat_rows=2,
        )

    def _section_title(self, text: str):
        return ruled_table(
            [[text]],
            [self.content_width],
            [
                ("FONT", (0, 0), (0, 0), self.font_bold, 8.5),
                ("LEFTPADDING", (0, 0), (0, 0), 0),
                ("TOPPADDING", (0, 0), (0, 0), 2.5 * mm),
                ("BOTTOMPADDING", (0, 0), (0, 0), 1),
            ],
        )

    def _penalties(self, data, *, split: int | None = None) -> list:
        """The penalties' table under its title, or "none"; with `split`, as two tables (the
        first `split` penalties, then the others), each under the title."""
        penalties = data["penalties"]
        if not penalties:
            return [self._section_title(_("Penalties (rule 3.11): none."))]
        widths_mm = [10, 48, 82, 0, 11, 11, 11, 11, 22]
        widths = [w * mm for w in widths_mm]
        widths[3] = self.content_width - sum(widths_mm) * mm
        texts = [
            _("Hand"),
            _("Player"),
            _("Penalty"),
            _("Nature of the foul"),
            *"ABCD",
            _("Recorded"),
        ]
        header = [
            self.fit(text, width, size=7, bold=True)
            for text, width in zip(texts, widths, strict=True)
        ]
        commands = [
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("FONT", (0, 0), (-1, -1), self.font, self.small_size, self.small_size * 1.16),
            ("FONT", (0, 0), (-1, 0), self.font_bold, 7),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("ALIGN", (4, 0), (7, -1), "RIGHT"),
            ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ]
        parts = [penalties] if split is None else [penalties[:split], penalties[split:]]
        tables = []
        for part in parts:
            rows, part_commands = [header], list(commands)
            for index, penalty in enumerate(part, start=1):
                rows.append(self._penalty_row(penalty, widths))
                if penalty["void"]:
                    part_commands.append(("TEXTCOLOR", (0, index), (-1, index), VOID_GREY))
            tables.append(self._titled(_("Penalties (rule 3.11)"), rows, widths, part_commands))
        return tables

    def _void_words(self, words: str, reason: str, width: float, size: float) -> Paragraph:
        """A void penalty's words struck through and marked: it stays on the record but counts
        for nothing."""
        note = _("VOID, not counted: %(reason)s") % {"reason": reason}
        room = width - 2 * _PAD
        struck = "<br/>".join(
            f'<font color="{GREY_HEX}"><strike>{fonts.markup(line)}</strike></font>'
            for line in wrap_lines(words, room, self.measure(size))
        )
        marked = "<br/>".join(
            fonts.markup(line, bold=True)
            for line in wrap_lines(note, room, self.measure(size, bold=True))
        )
        return Paragraph(f"{struck}<br/>{marked}", self.paragraph_style(size))

    def _penalty_row(self, penalty: dict, widths: list[float]) -> list:
        player = f"{penalty['position']} {penalty['player']}".strip()
        words = penalty_words(penalty)
        deltas = [signed(d) if d else "" for d in penalty["deltas"]]
        if penalty["void"]:
            words_cell = self._void_words(words, penalty["void_reason"], widths[2], self.small_size)
            struck = self.paragraph_style(self.small_size, align=TA_RIGHT)
            deltas = [
                Paragraph(f'<font color="{GREY_HEX}"><strike>{d}</strike></font>', struck)
                if d
                else ""
                for d in deltas
            ]
        else:
            words_cell = self.fit(words, widths[2], size=self.small_size)
        nature = penalty["nature"]
        if penalty["remarks"]:
            nature += " — " + penalty["remarks"]
        recorded = penalty["recorded_at"]["display"][11:] if penalty["recorded_at"] else ""
        if penalty["recorded_by"]:
            recorded += " " + penalty["recorded_by"]
        return [
            number(penalty["hand"]),
            self.fit(player, widths[1], size=self.small_size),
            words_cell,
            self.fit(nature, widths[3], size=self.small_size),
            *deltas,
            self.fit(recorded, widths[8], size=self.small_size),
        ]

    def _corrections(self, data) -> list:
        corrections = data["corrections"]
        if not corrections:
            return []
        widths_mm = [9, 22, 30, 100, 0]
        widths = [w * mm for w in widths_mm]
        widths[0] = max(widths[0], self.need([_("No."), "C10"], 7, bold=True))
        widths[4] = self.content_width - sum(widths[:4])
        texts = [_("No."), _("When"), _("By"), _("Correction"), _("Reason")]
        rows = [
            [
                self.fit(text, width, size=7, bold=True)
                for text, width in zip(texts, widths, strict=True)
            ]
        ]
        for index, correction in enumerate(corrections, start=1):
            rows.append(
                [
                    f"C{index}",
                    correction["at"]["display"],
                    self.fit(correction["by"], widths[2], size=self.small_size),
                    self.fit(correction_words(correction), widths[3], size=self.small_size),
                    self.fit(correction["reason"], widths[4], size=self.small_size),
                ]
            )
        commands = [
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("FONT", (0, 0), (-1, -1), self.font, self.small_size, self.small_size * 1.16),
            ("FONT", (0, 0), (-1, 0), self.font_bold, 7),
            ("FONT", (0, 1), (0, -1), self.font_bold, self.small_size),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ]
        title = _("Corrections by the chief umpire after the sheet was signed")
        return [self._titled(title, rows, widths, commands)]

    # -- the blank sheet --------------------------------------------------------------------------

    def _blank_story(self, data) -> list:
        """The grid on the left; beside it the sheet's code, the penalties' lines, the
        signature boxes and the closing sentence. Kept on one page whatever the names."""
        width = self.blank_right
        left = [self._blank_heading(data), Spacer(0, 1 * mm), self._blank_grid(data)]
        right = [
            self._code_block(data, width),
            Spacer(0, 3 * mm),
            self._blank_penalties(data, width),
            Spacer(0, 3 * mm),
            self._blank_signatures(width),
            self._closing(width),
        ]
        page = Table(
            [[left, right]],
            colWidths=[self.blank_left, self.content_width - self.blank_left],
            hAlign="LEFT",
        )
        page.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                    ("LEFTPADDING", (1, 0), (1, 0), self.blank_gap),
                ]
            )
        )
        return [KeepInFrame(0, 0, [page], mode="shrink")]

    def _blank_heading(self, data):
        """The title, then Game, Group, Table, Time and Umpire on one ruled line (a value not
        known yet is left to write)."""
        labels = [_("Game"), _("Group"), _("Table"), _("Time"), _("Umpire")]
        values = [
            str(data["session"]),
            data["group"] or "",
            str(data["table"]),
            self._time_text(data["time"]),
            data["umpire"] or "",
        ]
        value = self.measure(9, bold=True)
        pads = 2 * _PAD + 1
        label_widths = [self.measure(MIN_SIZE)(label) + 2 * _PAD + 1 for label in labels]
        game, group, table = (
            max(least, value(text) + pads)
            for least, text in zip((9 * mm, 12 * mm, 9 * mm), values, strict=False)
        )
        fixed = sum(label_widths) + game + group + table
        time = min(value(values[3]) + pads, self.blank_left - fixed - 35 * mm)
        umpire = self.blank_left - fixed - time
        widths = [
            *(
                w
                for pair in zip(label_widths, (game, group, table, time, umpire), strict=True)
                for w in pair
            )
        ]
        row = []
        for index, (label, text) in enumerate(zip(labels, values, strict=True)):
            row += [label, self.fit(text, widths[2 * index + 1], size=9, bold=True)]
        title = _("Score Sheet for a Game Session")
        commands = [
            ("SPAN", (0, 0), (-1, 0)),
            ("FONT", (0, 0), (0, 0), self.font_bold, 12, 14),
            ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
            ("TOPPADDING", (0, 0), (-1, 0), 0),
            ("BOTTOMPADDING", (0, 0), (-1, 0), 2),
            ("BOX", (0, 1), (-1, 1), HEAVY, GRID),
            ("FONT", (1, 1), (-1, 1), self.font_bold, 9),
            *(("FONT", (c, 1), (c, 1), self.font, MIN_SIZE) for c in range(0, 10, 2)),
            *(("LINEAFTER", (c, 1), (c, 1), 0.4, GRID) for c in range(1, 9, 2)),
            *(("BACKGROUND", (c, 1), (c, 1), SHADE) for c in range(0, 10, 2)),
            ("TOPPADDING", (0, 1), (-1, 1), 2),
            ("BOTTOMPADDING", (0, 1), (-1, 1), 2.5),
        ]
        return ruled_table([[title, *[""] * 9], row], widths, commands)

    def _blank_grid(self, data):
        note = self.constant(self._positions_note(), self.blank_extra_width, MIN_SIZE)
        rows = self._player_rows(data["seats"], note, extras=3, blank=True)
        texts = [
            _("Hand"),
            _("Round"),
            *["+", "\u2212", _("Total")] * PLAYERS,
            _("Won by"),
            _("From"),
            _("Points"),
        ]
        rows.append(
            [
                self.fit(text, width, size=MIN_SIZE, bold=True)
                for text, width in zip(texts, self.blank_widths, strict=True)
            ]
        )
        empty = [""] * (PLAYERS * 3 + 3)
        rows += [[str(h["number"]), str(WIND_NAMES[h["round"]]), *empty] for h in data["hands"]]
        labels = [_("Total"), _("Penalties"), _("Total points"), _("Table points"), _("Signature")]
        rows += [[self.blank_label(label), "", *empty] for label in labels]
        heights = [*self.blank_player_heights, None]
        heights += [self.blank_hand_height] * len(data["hands"])
        heights += list(self.blank_foot_heights)
        commands = partial(self._blank_grid_commands, len(data["hands"]))
        return self._sheet_grid("blank", rows, self.blank_widths, commands, heights=heights)

    def _blank_grid_commands(self, hands: int) -> list:
        heading = self.PLAYER_ROWS
        first_hand, first_foot = heading + 1, heading + 1 + hands
        last = first_foot + len(self.blank_foot_heights) - 1
        first_player, extra = len(self.blank_hand_cols), len(self.blank_widths) - 3
        bold = self.font_bold
        labelled = [*range(heading), *range(first_foot, last + 1)]
        commands = [
            ("GRID", (0, 0), (extra - 1, -1), 0.4, GRID),
            ("GRID", (extra, heading), (-1, first_foot - 1), 0.4, GRID),
            ("BOX", (0, 0), (-1, -1), HEAVY, GRID),
            *(("SPAN", (0, r), (1, r)) for r in labelled),
            ("FONT", (0, 0), (1, -1), bold, MIN_SIZE),
            ("BACKGROUND", (0, 0), (1, heading - 1), SHADE),
            ("BACKGROUND", (0, first_foot), (1, last), SHADE),
            # The players: centred; the positions and names in bold, the numbers large.
            ("ALIGN", (first_player, 0), (extra - 1, heading - 1), "CENTER"),
            ("FONT", (first_player, 0), (extra - 1, heading - 1), self.font, MIN_SIZE),
            ("FONT", (first_player, 0), (extra - 1, 0), bold, 9),
            ("FONT", (first_player, 2), (extra - 1, 2), bold, 10),
            ("FONT", (first_player, 3), (extra - 1, 3), bold, 9),
            ("SPAN", (extra, 0), (-1, heading - 1)),
            ("VALIGN", (extra, 0), (-1, heading - 1), "TOP"),
            ("FONT", (extra, 0), (-1, heading - 1), self.font, MIN_SIZE, MIN_SIZE * 1.18),
            # The hands' heading; then each hand's number and round, centred.
            ("FONT", (0, heading), (-1, heading), bold, MIN_SIZE),
            ("BACKGROUND", (0, heading), (-1, heading), SHADE),
            ("ALIGN", (0, heading), (-1, heading), "CENTER"),
            ("FONT", (0, first_hand), (0, first_foot - 1), self.font, 9),
            ("FONT", (1, first_hand), (1, first_foot - 1), self.font, MIN_SIZE),
            ("ALIGN", (0, first_hand), (1, first_foot - 1), "CENTER"),
            # The foot's right: nothing to write there.
            ("SPAN", (extra, first_foot), (-1, last)),
            # Heavy rules: around each player's columns, under the headings, above the foot.
            ("LINEBEFORE", (extra, 0), (extra, -1), HEAVY, GRID),
            ("LINEBELOW", (0, heading), (-1, heading), HEAVY, GRID),
            ("LINEABOVE", (0, first_foot), (-1, first_foot), HEAVY, GRID),
        ]
        for index in range(PLAYERS):
            first = first_player + 3 * index
            end = first + 2
            commands += [
                ("LINEBEFORE", (first, 0), (first, -1), HEAVY, GRID),
                # The running total's column, faintly shaded for the pen.
                ("BACKGROUND", (end, first_hand), (end, first_foot), RUNNING),
            ]
            for row in [*range(heading), *range(first_foot + 2, last + 1)]:
                commands.append(("SPAN", (first, row), (end, row)))
        return commands

    def blank_label(self, text: str) -> str:
        return self.constant(text, self.blank_label_width, MIN_SIZE, bold=True)

    def _code_block(self, data, width: float) -> Table:
        """The sheet's code and its QR code, which the score desk types or scans to open the
        sheet (tournaments.display.sheet_code; the QR code holds exactly that text)."""
        code = sheet_code(data["session"], data["table"])
        size = self.blank_qr_size
        text_width = width - size - 2 * mm
        hint = self.constant(_("Type or scan it at the score desk."), text_width, MIN_SIZE)
        rows = [[qr_drawing(code, size), _("Sheet code")], ["", code], ["", hint]]
        commands = [
            ("SPAN", (0, 0), (0, -1)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("BOX", (0, 0), (-1, -1), 0.4, GRID),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
            ("TOPPADDING", (0, 0), (0, 0), 0),
            ("BOTTOMPADDING", (0, 0), (0, 0), 0),
            ("FONT", (1, 0), (1, 0), self.font, MIN_SIZE),
            ("TOPPADDING", (1, 0), (1, 0), 2 * mm),
            ("FONT", (1, 1), (1, 1), self.font_bold, 20, 24),
            ("FONT", (1, 2), (1, 2), self.font, MIN_SIZE, MIN_SIZE * 1.18),
        ]
        return ruled_table(rows, [size + 2 * mm, text_width], commands)

    def _blank_penalties(self, data, width: float) -> Table:
        """The penalties' ruled lines (rule 3.11): those recorded before play first (a late
        arrival at check-in), then empty lines, at least four."""
        hand = max(9 * mm, self.need([_("Hand"), "16"], MIN_SIZE, bold=True))
        player = max(10 * mm, self.need([_("Player")], MIN_SIZE, bold=True))
        points = max(12 * mm, self.need([_("Points"), "\u2212888"], MIN_SIZE, bold=True))
        widths = [hand, player, width - hand - player - points, points]
        texts = [_("Hand"), _("Player"), _("Penalty"), _("Points")]
        rows = [
            [
                self.fit(text, w, size=MIN_SIZE, bold=True)
                for text, w in zip(texts, widths, strict=True)
            ]
        ]
        for penalty in data["penalties"]:
            words = penalty_words(penalty)
            if penalty["void"]:
                words_cell = self._void_words(words, penalty["void_reason"], widths[2], MIN_SIZE)
            else:
                words_cell = self.fit(words, widths[2], size=MIN_SIZE)
            position = penalty["position"]
            delta = penalty["deltas"][POSITIONS.index(position)] if position else None
            rows.append([number(penalty["hand"]), position, words_cell, signed(delta or None)])
        empty = max(4, self.blank_penalty_lines - len(data["penalties"]))
        rows += [["", "", "", ""] for _line in range(empty)]
        heights = [None] * (len(rows) - empty) + [self.blank_penalty_height] * empty
        commands = [
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("FONT", (0, 0), (-1, -1), self.font, MIN_SIZE),
            ("FONT", (0, 0), (-1, 0), self.font_bold, MIN_SIZE),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("ALIGN", (0, 0), (1, -1), "CENTER"),
            ("ALIGN", (3, 1), (3, -1), "RIGHT"),
        ]
        title = _("Penalties (rule 3.11)")
        return self._titled(title, rows, widths, commands, size=9, heights=heights)

    def _blank_signatures(self, width: float) -> Table:
        """The umpire's and the chief umpire's boxes to sign in, the date on the same line."""
        date = max(26 * mm, self.need([_("Date")], MIN_SIZE) + 14 * mm)
        sign = width - date
        rows, heights, commands = [], [], [("FONT", (0, 0), (-1, -1), self.font, MIN_SIZE)]
        for index, label in enumerate(
            (_("Signature of the umpire"), _("Signature of the chief umpire"))
        ):
            top = 3 * index
            if index:
                rows.append(["", ""])
                heights.append(3 * mm)
            rows += [[self.constant(label, sign, MIN_SIZE), _("Date")], ["", ""]]
            heights += [None, self.blank_box_height]
            commands += [
                ("BOX", (0, top), (0, top + 1), 0.8, GRID),
                ("BOX", (1, top), (1, top + 1), 0.8, GRID),
                ("VALIGN", (0, top), (-1, top), "TOP"),
            ]
        return ruled_table(rows, [sign, date], commands, heights=heights)

    def _closing(self, width: float) -> Table:
        text = self.constant(self._closing_sentence(), width, MIN_SIZE, bold=True)
        commands = [
            ("FONT", (0, 0), (0, 0), self.font_bold, MIN_SIZE, MIN_SIZE * 1.2),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
            ("TOPPADDING", (0, 0), (0, 0), 3 * mm),
        ]
        return ruled_table([[text]], [width], commands)

    @staticmethod
    def _closing_sentence() -> str:
        """Appendix 5's closing sentence."""
        return _(
            "(Add up the totals carefully, write clearly, then check and sign. Results are "
            "final once signed.)"
        )


def render_scoresheets(documents: list[dict], progress=None) -> bytes:
    """Score sheets (stamped with their fingerprints by the caller), one per page, in one PDF."""
    return ScoreSheetRenderer().render_many(documents, progress=progress)


def render_scoresheet(data: dict) -> bytes:
    return ScoreSheetRenderer().render(data)
