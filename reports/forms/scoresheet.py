"""The printed score sheet (Appendix 5, "Hoja de Puntuación para una Sesión de Juego").

One sheet per A4 landscape page, laid out as the appendix: the heading (Game, Group, Table,
Time), the players (position, team, number, name), the grid of the 16 hands with +, − and the
running total for each player, the totals, table points and the players' signatures, the
umpire's and the chief umpire's signatures, and the appendix's closing sentence. Beside each
hand: who won, from whom, and the fans. Below: the penalties and, on a corrected sheet, the
corrections with their reasons (a long list flows onto a second page), then the fingerprint.

The data (reports.data.scoresheet) holds codes and values only; every word is put here.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.tables import CellStyle

from reports import fonts
from reports.base import GRID, SHADE, BaseRenderer
from tournaments.display import WIND_NAMES
from tournaments.fans import fan_name
from tournaments.models import Correction, Penalty
from tournaments.models.play import (
    HANDS_PER_SESSION as HANDS,
)
from tournaments.models.play import (
    Hand,
    SheetClosure,
    SheetStatus,
)

PLAYERS = 4
UNPLAYED = colors.HexColor("#E4E4E4")  # rows of a closed sheet no hand was played in
GREY_HEX = "#666666"
VOID_GREY = colors.HexColor(GREY_HEX)  # a void penalty's row
HEAVY = 1.1  # line width between the players' column groups and around the grid
_PAD = 2.5  # horizontal cell padding, points


def signed(value: int | None) -> str:
    """A score change with its sign, a true minus sign for losses."""
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


def number(value) -> str:
    return "" if value is None else str(value)


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
        text = f"{fan_name(fan.get('id'), fan['name'])} {fan['points']}"
        if fan["count"] > 1:
            text += f" ×{fan['count']}"
        parts.append(text)
    return ", ".join(parts)


# -- the renderer ------------------------------------------------------------------------------


def _cell_style() -> CellStyle:
    style = _Cell("cell")
    style.fontname = fonts.regular()  # the base face of the language printed in
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
    cell_styles = [[_cell_style() for _w in widths] for _r in rows]
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


class ScoreSheetRenderer(BaseRenderer):
    title = gettext_lazy("Score sheet")
    is_landscape = True
    margin_left = margin_right = 10 * mm
    margin_top = 13 * mm
    margin_bottom = 10 * mm
    font_size = 8
    small_size = 6.5  # fans, penalties, signatures, notes
    label_size = 7

    # Column widths (mm): hand and round; + − total per player; won by, from, points; the fans
    # take the rest of the page's width.
    hand_cols = (10, 9)
    player_cols = (9.5, 9.5, 12.5)
    extra_cols = (10, 14, 9)
    signature_height = 10 * mm  # the players' signature row: room to sign by hand
    foot_padding = 3 * mm  # left padding of the sign-off area
    fingerprint_width = 62 * mm

    # The grid's rows: the players' block, the hands' heading, 16 hands, the foot.
    PLAYER_ROWS = 4
    FOOT_ROWS = 6

    def __init__(self):
        super().__init__()
        fixed = sum(self.hand_cols) + PLAYERS * sum(self.player_cols) + sum(self.extra_cols)
        self.fans_width = self.content_width - fixed * mm
        self.col_widths = [
            *(w * mm for w in self.hand_cols),
            *(w * mm for _p in range(PLAYERS) for w in self.player_cols),
            *(w * mm for w in self.extra_cols),
            self.fans_width,
        ]
        self.first_player_col = len(self.hand_cols)
        self.first_extra_col = self.first_player_col + PLAYERS * len(self.player_cols)
        self.player_width = sum(self.player_cols) * mm
        self.signoff_width = sum(self.extra_cols) * mm + self.fans_width - self.foot_padding - _PAD
        self._paragraph_styles: dict[tuple, ParagraphStyle] = {}
        self._wrapped: dict[tuple, str] = {}

    def header(self, data) -> tuple[str, str]:
        right = _("Score sheet — Session %(session)s · Table %(table)s") % {
            "session": data["session"],
            "table": data["table"],
        }
        return data["tournament"], right

    def story(self, data) -> list:
        return [
            self._heading(data),
            Spacer(0, 1.5 * mm),
            self._grid(data),
            *self._penalties(data),
            *self._corrections(data),
        ]

    # -- cells ----------------------------------------------------------------------------------

    def fit(self, value: str, width: float, *, size: float | None = None, bold: bool = False):
        """A text in a column `width` wide, in the cell's font (`size`, `bold`): a plain string,
        wrapped onto lines when it is long (fast: the table draws it), or a paragraph when a
        character needs a font for another script (CJK)."""
        return self.lines([value], width, size=size, bold=bold)

    def lines(self, texts: list[str], width: float, *, size=None, bold=False, centre=False):
        size = size or self.font_size
        texts = [t for t in texts if t]
        if all(fonts.is_plain(t) for t in texts):
            face = self.font_bold if bold else self.font
            room = width - 2 * _PAD
            wrapped = []
            for text in texts:
                if stringWidth(text, face, size) <= room:
                    wrapped.append(text)
                else:
                    wrapped += simpleSplit(text, face, size, room)
            return "\n".join(wrapped)
        markup = "<br/>".join(fonts.markup(t, bold=bold) for t in texts)
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
            )
        return self._paragraph_styles[key]

    def constant(self, text: str, width: float, size: float, *, bold: bool = False) -> str:
        """A fixed sentence of the form wrapped to a width, once per language and width."""
        key = (text, width, size, bold)
        if key not in self._wrapped:
            face = self.font_bold if bold else self.font
            self._wrapped[key] = "\n".join(simpleSplit(text, face, size, width - 2 * _PAD))
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
        rows = [*self._player_rows(seats), self._hand_header()]
        rows += [self._hand_row(hand) for hand in data["hands"]]
        rows += self._foot_rows(data, seats)
        heights = [None] * (len(rows) - 1) + [self.signature_height]
        return ruled_table(rows, self.col_widths, self._grid_style(data), heights=heights)

    def _player_rows(self, seats) -> list[list]:
        positions, teams, numbers, names = [], [], [], []
        for seat in seats:
            positions.append(
                _("%(position)s — %(wind)s")
                % {"position": seat["position"], "wind": WIND_NAMES[seat["start_wind"]]}
            )
            empty = seat["empty"]
            teams.append(
                "" if empty else self.lines([seat["team"]], self.player_width, centre=True)
            )
            numbers.append("" if empty else number(seat["number"]))
            names.append("" if empty else self._name_cell(seat))
        note = self.constant(
            _(
                "Positions A–D are the seats of East, South, West and North at the start of "
                "the session; the seat winds then rotate as in Appendix 4."
            ),
            self.signoff_width,
            self.small_size,
        )
        labels = [_("Position"), _("Team"), _("Player no."), _("Player")]
        rows = []
        for label, values in zip(labels, (positions, teams, numbers, names), strict=True):
            rows.append(
                [self.label(label), "", *self._spread(values), note if not rows else "", "", "", ""]
            )
        return rows

    def _name_cell(self, seat: dict):
        name = self.lines(
            [seat["name"], seat["native_name"]], self.player_width, bold=True, centre=True
        )
        if not seat["replaces"]:
            return name
        note = _("substitute for %(name)s (no. %(number)s), who lost the session") % {
            "name": seat["replaces"]["name"],
            "number": number(seat["replaces"]["number"]),
        }
        markup = "<br/>".join(
            [
                fonts.markup(seat["name"], bold=True),
                *([fonts.markup(seat["native_name"], bold=True)] if seat["native_name"] else []),
                f'<font size="{self.small_size}">{fonts.markup(note)}</font>',
            ]
        )
        return Paragraph(markup, self.paragraph_style(self.font_size, align=TA_CENTER))

    def _hand_header(self) -> list:
        return [
            _("Hand"),
            _("Round"),
            *["+", "\u2212", _("Total")] * PLAYERS,
            _("Won by"),
            _("From"),
            _("Points"),
            _("Fans"),
        ]

    def _hand_row(self, hand: dict) -> list:
        cells = []
        for plus, minus, total in hand["cells"]:
            cells += [number(plus), number(minus), signed(total) or number(total)]
        head = [str(hand["number"]), str(WIND_NAMES[hand["round"]]), *cells]
        if not hand["played"]:
            return [*head, "", "", "", ""]
        fans = self.fit(outcome_words(hand), self.fans_width, size=self.small_size)
        if hand["outcome"] != Hand.Outcome.WIN:
            return [*head, "—", "", "", fans]
        source = _("self-drawn") if hand["self_drawn"] else hand["discarder"]
        return [*head, hand["winner"], source, str(hand["total"]), fans]

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
        return self.constant(text, sum(self.hand_cols) * mm, self.label_size, bold=True)

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
        """The umpire's and the chief umpire's signatures (name and time, or a line to sign),
        the appendix's closing sentence and, on a stamped sheet, the fingerprint."""
        fingerprint = data.get("fingerprint")
        left = self.signoff_width - (self.fingerprint_width if fingerprint else 0)
        footnote = _(
            "(Add up the totals carefully, write clearly, then check and sign. Results are "
            "final once signed.)"
        )
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
        footnote = self.constant(footnote, left, self.small_size, bold=True)
        rows = [[umpire, ""], [chief, ""], [footnote, ""]]
        commands = [
            ("FONT", (0, 0), (0, 1), self.font, self.small_size + 0.5),
            ("FONT", (0, 2), (0, 2), self.font_bold, self.small_size),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
        ]
        if fingerprint:
            rows[0][1] = self.fingerprint_block(fingerprint, data["verify_url"], size=17 * mm)
            commands += [("SPAN", (1, 0), (1, -1)), ("LEFTPADDING", (1, 0), (1, -1), 2 * mm)]
        widths = [left, self.signoff_width - left]
        return ruled_table(rows, widths, commands)

    def _signature(self, label: str, signature: dict | None, signed_text: str, width: float):
        """A signature: who signed and when, or the line to sign on and the date."""
        if signature is None:
            value = "_" * 36 + "   " + _("Date") + ": " + "_" * 14
        else:
            value = signed_text % {"name": signature["name"], "at": signature["at"]["display"]}
        return self.lines([label + ":", value], width, size=self.small_size + 0.5)

    def _grid_style(self, data) -> list:
        """The grid's fixed commands (made once) and the shading of hands never played."""
        if not hasattr(self, "_grid_commands"):
            self._grid_commands = self._fixed_grid_commands()
        commands = list(self._grid_commands)
        if data["status"] != SheetStatus.OPEN:
            first_hand = self.PLAYER_ROWS + 1
            for offset, hand in enumerate(data["hands"]):
                if not hand["played"]:
                    row = first_hand + offset
                    commands.append(("BACKGROUND", (0, row), (-1, row), UNPLAYED))
        return commands

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
            ("FONT", (-1, first_hand), (-1, first_foot - 1), self.font, small, small * 1.14),
            ("TOPPADDING", (-1, first_hand), (-1, first_foot - 1), 1.4),
            ("BOTTOMPADDING", (-1, first_hand), (-1, first_foot - 1), 1.8),
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

    def _penalties(self, data) -> list:
        penalties = data["penalties"]
        if not penalties:
            return [self._section_title(_("Penalties (rule 3.11): none."))]
        widths_mm = [10, 48, 82, 0, 11, 11, 11, 11, 22]
        widths = [w * mm for w in widths_mm]
        widths[3] = self.content_width - sum(widths_mm) * mm
        header = [
            _("Hand"),
            _("Player"),
            _("Penalty"),
            _("Nature of the foul"),
            *"ABCD",
            _("Recorded"),
        ]
        commands = [
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("FONT", (0, 0), (-1, -1), self.font, self.small_size, self.small_size * 1.16),
            ("FONT", (0, 0), (-1, 0), self.font_bold, 7),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("ALIGN", (4, 0), (7, -1), "RIGHT"),
            ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ]
        rows = [header]
        for index, penalty in enumerate(penalties, start=1):
            rows.append(self._penalty_row(penalty, widths))
            if penalty["void"]:
                commands.append(("TEXTCOLOR", (0, index), (-1, index), VOID_GREY))
        return [
            self._section_title(_("Penalties (rule 3.11)")),
            ruled_table(rows, widths, commands, repeat_rows=1),
        ]

    def _penalty_row(self, penalty: dict, widths: list[float]) -> list:
        player = f"{penalty['position']} {penalty['player']}".strip()
        words = penalty_words(penalty)
        deltas = [signed(d) if d else "" for d in penalty["deltas"]]
        if penalty["void"]:
            # Struck through and marked: it stays on the record but counts for nothing.
            note = _("VOID, not counted: %(reason)s") % {"reason": penalty["void_reason"]}
            style = self.paragraph_style(self.small_size)
            words_cell = Paragraph(
                f'<font color="{GREY_HEX}"><strike>{fonts.markup(words)}</strike></font>'
                f"<br/>{fonts.markup(note, bold=True)}",
                style,
            )
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
        widths_mm = [22, 30, 105, 0]
        widths = [w * mm for w in widths_mm]
        widths[3] = self.content_width - sum(widths_mm) * mm
        rows = [[_("When"), _("By"), _("Correction"), _("Reason")]]
        for correction in corrections:
            rows.append(
                [
                    correction["at"]["display"],
                    self.fit(correction["by"], widths[1], size=self.small_size),
                    self.fit(correction_words(correction), widths[2], size=self.small_size),
                    self.fit(correction["reason"], widths[3], size=self.small_size),
                ]
            )
        commands = [
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("FONT", (0, 0), (-1, -1), self.font, self.small_size, self.small_size * 1.16),
            ("FONT", (0, 0), (-1, 0), self.font_bold, 7),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ]
        return [
            self._section_title(_("Corrections by the chief umpire after the sheet was signed")),
            ruled_table(rows, widths, commands, repeat_rows=1),
        ]


def render_scoresheets(documents: list[dict], progress=None) -> bytes:
    """Score sheets (stamped with their fingerprints by the caller), one per page, in one PDF."""
    return ScoreSheetRenderer().render_many(documents, progress=progress)


def render_scoresheet(data: dict) -> bytes:
    return ScoreSheetRenderer().render(data)
