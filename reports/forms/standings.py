"""The printed standings (Appendix 7, "Sheet for Tabulating Results of Competitions").

Individual table: place, number, name, team, then for each session TP / CP / rank at the
table, the sums and the tie-break that decided a tie; then the team table on a new page and
the fingerprint. The columns are measured from the data: all sessions go side by side in the
largest font that fits the landscape page, and when even the smallest does not, the sessions
are split into bands (each band a pass over all players, name columns repeated).
"""

import math
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Spacer

from reports import fonts
from reports.base import (
    GRID,
    NO_BREAK_SPACE,
    BaseRenderer,
    Wrapped,
    after,
    is_cjk,
    keep_whole,
    list_join,
    sentence,
    sentences,
)
from reports.data.standings import standings_state_code
from reports.forms.grid import CellLook, PagedGrid
from tournaments.models.tournament import TIE_BREAK_CHOICES
from tournaments.selectors.cut_off import cut_off_decision_sentence
from tournaments.selectors.standings import NO_SESSION, STANDING_LABELS

ZEBRA = colors.HexColor("#F4F4F4")
_PAD = 1.6  # points of horizontal padding on each side of a cell
_TOP, _BOTTOM = 1.2, 1.6  # and vertical

# What separated two neighbours, in the words of the one ranked higher and the one lower.
_OUTCOMES = {
    "contest_points": (gettext_lazy("more CP"), gettext_lazy("fewer CP")),
    "best_session": (gettext_lazy("higher best session"), gettext_lazy("lower best session")),
    "most_firsts": (gettext_lazy("more first places"), gettext_lazy("fewer first places")),
}
_KEY_NAMES = {
    "table_points": gettext_lazy("TP"),
    "contest_points": gettext_lazy("CP"),
    "best_session": gettext_lazy("best session"),
    "most_firsts": gettext_lazy("first places"),
}
_STATUS = STANDING_LABELS


def standings_state(data: dict) -> str:
    """What printed standings are, in words (reports.data.standings.standings_state_code)."""
    code, last = standings_state_code(data), data["last_session"]
    if code == "final":
        return _("Final standings")
    if code == "none":
        return _("Provisional: no session counted yet")
    if code == "official":
        return _("Official after session %(n)s") % {"n": last}
    return _("Provisional after session %(n)s") % {"n": last}


def printed_place(rank: int | None) -> str | int:
    """A place as printed: "—" for a player who takes none (disqualified, 3.11.5)."""
    return "—" if rank is None else rank


def forfeit_mark() -> str:
    """The one-letter mark of a lost session in a table cell."""
    return pgettext("standings cell: the session was lost (forfeit)", "F")


def _cell_rank(cell: dict):
    return forfeit_mark() if cell.get("forfeit") else cell["rank"]


def _joined(words: list[str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return _("%(list)s and %(last)s") % {"list": list_join(words[:-1]), "last": words[-1]}


def tie_break_text(note: dict | None, criteria: list[str]) -> str:
    """A tie-break note of the data ({"side", "decided_by"}) in words: "equal TP: more CP",
    "equal TP and CP: lower best session", "tied: shared place"."""
    if not note:
        return ""
    decided_by = note["decided_by"]
    if decided_by is None:
        return _("tied: shared place")
    equal = criteria[: criteria.index(decided_by)] if decided_by in criteria else criteria[:1]
    higher, lower = _OUTCOMES.get(decided_by, (decided_by, decided_by))
    return _("equal %(keys)s: %(outcome)s") % {
        "keys": _joined([str(_KEY_NAMES.get(k, k)) for k in equal]),
        "outcome": higher if note["side"] == "below" else lower,
    }


@lru_cache(maxsize=65536)
def _unit_width(face: str, text: str) -> float:
    """The width of a text at size 1 in `face`; characters of other scripts (CJK) count
    about one em each, as the fallback fonts draw them."""
    if fonts.is_plain(text):
        return stringWidth(text, face, 1)
    plain = "".join(c for c in text if fonts.is_plain(c))
    return stringWidth(plain, face, 1) + (len(text) - len(plain))


def session_ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 5] -> "1–3, 5"."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return list_join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


@dataclass
class _Layout:
    font_size: float
    rank_label: str  # "Rank" as in the appendix, or "Rk" where room is short
    bands: list[list[int]]  # indexes into data["columns"]
    place: float
    number: float
    name: float
    team: float
    tp: float
    cp: float
    rank: float
    tp_sum: float
    cp_sum: float
    tie: float

    @property
    def session(self) -> float:
        return self.tp + self.cp + self.rank


class StandingsRenderer(BaseRenderer):
    title = gettext_lazy("Standings")
    is_landscape = True
    margin_left = 9 * mm
    margin_right = 9 * mm
    margin_top = 14 * mm
    margin_bottom = 12 * mm
    font_size = 7
    # Tried in order: all sessions side by side in the first size that fits, else bands.
    font_sizes = (8, 7.5, 7, 6.5, 6)
    band_font_size = 7
    cjk_least_size = 8
    name_min, name_max = 40 * mm, 60 * mm
    team_min, team_max = 16 * mm, 30 * mm
    tie_min, tie_max = 24 * mm, 38 * mm

    def header(self, data) -> tuple[str, str]:
        right = str(self.title)
        if data.get("fingerprint"):
            right = _("%(title)s · fingerprint %(fp)s") % {
                "title": right,
                "fp": data["fingerprint"],
            }
        return data["tournament"], right

    def story(self, data) -> list[Flowable]:
        layout = self._layout(data)
        self._set_cell_style(layout.font_size)
        flowables = self._heading(data, layout)
        for index, band in enumerate(layout.bands):
            if index:
                flowables.append(PageBreak())
                flowables.append(self._band_title(data, band))
            flowables.append(self._players_table(data, layout, band))
        if data["teams"]:
            flowables += [
                PageBreak(),
                self.paragraph(_("Teams"), "heading"),
                self.paragraph(
                    _(
                        "A team's figures are the sums of its players' (Appendix 7, \"Total "
                        'Points of All Players"): ranked by table points, then contest points.'
                    ),
                    "small",
                ),
                Spacer(1, 1.5 * mm),
            ]
            flowables += self._teams_tables(data, layout)
        if data.get("fingerprint"):
            flowables += [
                Spacer(1, 4 * mm),
                self.fingerprint_block(data["fingerprint"], data["verify_url"]),
            ]
        return flowables

    # -- the heading: what these standings are -------------------------------------------------

    def _heading(self, data, layout: _Layout) -> list[Flowable]:
        state = standings_state(data)
        title = _("%(title)s — %(state)s") % {"title": self.title, "state": state}
        lines = [
            self.paragraph(title, "title"),
            self.paragraph(
                _("Sheet for Tabulating Results of Competitions (Appendix 7)"), "subtitle"
            ),
            self.paragraph(self._sessions_line(data), "small"),
            self.paragraph(self._legend(data, layout), "small"),
        ]
        lines += [
            self.paragraph(cut_off_decision_sentence(decision), "small")
            for decision in data.get("cut_off_decisions", [])
        ]
        return [*lines, Spacer(1, 2 * mm)]

    def _sessions_line(self, data) -> str:
        counted = data["columns"]
        parts = [
            _("Sessions counted: %(list)s (of %(planned)s).")
            % {"list": session_ranges(counted) or _("none"), "planned": data["sessions_planned"]}
            if counted
            else _("No session counted yet.")
        ]
        for entry in data["sessions"]:
            if entry["counted"] < entry["sheets"]:
                parts.append(
                    _(
                        "Session %(n)s: %(done)s of %(all)s sheets signed; sheets not signed by "
                        "their umpire are not counted."
                    )
                    % {"n": entry["number"], "done": entry["counted"], "all": entry["sheets"]}
                )
        if data["final_stage_only"]:
            parts.append(_("Finalists' totals count the final-stage sessions only."))
        return sentences(*parts)

    def _legend(self, data, layout: _Layout) -> str:
        further = [str(TIE_BREAK_CHOICES[name]).lower() for name in data["tie_breaks"]]
        ranking = _(
            "Ranked by table points (TP), then contest points (CP, the sum of the session "
            "scores; rule 3.10.1)"
        )
        if further:
            ranking += _(", then %(list)s") % {"list": list_join(further)}
        legend = [
            sentence(ranking),
            _("%(rank)s: place at the table in that session.") % {"rank": layout.rank_label},
            _(
                "Tie-break: how a player's place was decided against the player just above with "
                "equal TP (the first of such a group: against the player just below)."
            ),
        ]
        if any(c and c.get("forfeit") for p in data["players"] for c in p["sessions"]):
            legend.append(
                _(
                    "%(mark)s: the session was lost (forfeit, rule 3.11.2): 0 TP and the "
                    "tournament's fixed CP."
                )
                % {"mark": forfeit_mark()}
            )
        if any(p["status"] == "disqualified" for p in data["players"]):
            legend.append(_("—: not ranked (disqualified, rule 3.11.5)."))
        if any(p["status"] == NO_SESSION for p in data["players"]):
            legend.append(_("—: no place, no session counted (rule 3.10.1)."))
        return sentences(*legend)

    def _band_title(self, data, band: list[int]) -> Flowable:
        numbers = [data["columns"][i] for i in band]
        return self.paragraph(
            _("Standings (continued): sessions %(list)s, with the totals again")
            % {"list": session_ranges(numbers)},
            "heading",
        )

    # -- measuring -----------------------------------------------------------------------------

    def _width(self, text: str, size: float, *, bold: bool = False) -> float:
        """A cell's width for this text: the text at `size`, and the cell's padding."""
        face = self.font_bold if bold else self.font
        return _unit_width(face, text) * size + 2 * _PAD + 0.75

    def _widest(self, texts, size: float, header: str, *, bold: bool = False) -> float:
        """Widths scale with the font size: each distinct text is measured once."""
        face = self.font_bold if bold else self.font
        unit = max((_unit_width(face, str(t)) for t in set(texts)), default=0)
        return max(unit * size + 2 * _PAD + 0.75, self._width(header, size, bold=True))

    def _layout(self, data) -> _Layout:
        """All sessions side by side in the largest font that fits (the appendix's "Rank"
        heading, else "Rk"); when none does, the sessions split into bands."""
        players = data["players"]
        cells = [c for p in players for c in p["sessions"] if c]
        self._values = {
            "place": {printed_place(p["rank"]) for p in players},
            "number": {p["number"] or "" for p in players},
            "tp": {c["tp"] for c in cells},
            "cp": {c["cp"] for c in cells},
            "tp_sum": {p["tp"] for p in players},
            "cp_sum": {p["cp"] for p in players},
            "name": {self._name_text(p) for p in players},
            "team": {p["team"] for p in players},
        }
        for size in self._sizes():
            for rank_label in (_("Rank"), _("Rk")):
                layout = self._measure(data, size, rank_label)
                room = self._room(layout)
                if len(data["columns"]) * layout.session <= room:
                    layout.bands = [list(range(len(data["columns"])))]
                    self._share_out(
                        layout,
                        data,
                        room - len(data["columns"]) * layout.session,
                        len(data["columns"]),
                    )
                    return layout
        return self._banded(data)

    def _sizes(self) -> list[float]:
        """The body's sizes to try: Chinese characters print at 8 points at least (their
        strokes run together below), so a Chinese table goes into bands sooner."""
        least = self.cjk_least_size if any(map(is_cjk, _("TP") + _("Rank"))) else 0
        return [size for size in self.font_sizes if size >= least]

    def _banded(self, data) -> _Layout:
        """Bands of sessions as even as can be, each band a pass over every player with the
        name columns, the sums and the tie-break repeated."""
        size = max(self.band_font_size, min(self._sizes()))
        layout = self._measure(data, size, _("Rk"))
        room = self._room(layout)
        per_band = max(1, int(room // layout.session))
        count = math.ceil(len(data["columns"]) / per_band)
        size = math.ceil(len(data["columns"]) / count)
        indexes = list(range(len(data["columns"])))
        layout.bands = [indexes[i : i + size] for i in range(0, len(indexes), size)]
        self._share_out(layout, data, room - size * layout.session, size)
        return layout

    def _room(self, layout: _Layout) -> float:
        """Width left for the sessions once the other columns have their minimum."""
        return (
            self.content_width
            - self._fixed_width(layout)
            - self.name_min
            - self.team_min
            - self.tie_min
        )

    def _measure(self, data, size: float, rank_label: str) -> _Layout:
        values = self._values
        return _Layout(
            font_size=size,
            rank_label=rank_label,
            bands=[],
            place=self._widest(values["place"], size, _("Place")),
            number=self._widest(values["number"], size, _("No.")),
            name=0,
            team=0,
            tp=self._widest(values["tp"], size, _("TP")),
            cp=self._widest(values["cp"], size, _("CP")),
            rank=self._widest([4], size, rank_label),
            tp_sum=self._widest(values["tp_sum"], size, _("TP"), bold=True),
            cp_sum=self._widest(values["cp_sum"], size, _("CP"), bold=True),
            tie=0,
        )

    def _fixed_width(self, layout: _Layout) -> float:
        return layout.place + layout.number + layout.tp_sum + layout.cp_sum

    def _share_out(self, layout: _Layout, data, extra: float, sessions: int) -> None:
        """Name, team and tie-break columns have their minimum; the `extra` room widens each
        up to what its longest text needs (team, tie-break, then name), then the name up to
        its maximum; what is still left gives the figures' columns some air."""
        size, values = layout.font_size, self._values
        wants = {
            "team": min(self._widest(values["team"], size, _("Team")), self.team_max),
            "tie": self.tie_max,
            "name": min(self._widest(values["name"], size, _("Name")), self.name_max),
        }
        widths = {"name": self.name_min, "team": self.team_min, "tie": self.tie_min}
        for key in ("team", "tie", "name"):
            grow = max(0.0, min(extra, wants[key] - widths[key]))
            widths[key] += grow
            extra -= grow
        grow = max(0.0, min(extra, self.name_max - widths["name"]))
        widths["name"] += grow
        extra -= grow
        layout.name, layout.team, layout.tie = widths["name"], widths["team"], widths["tie"]
        air = min(max(extra, 0.0) / (3 * sessions + 2), 2.5 * mm)
        for column in ("tp", "cp", "rank", "tp_sum", "cp_sum"):
            setattr(layout, column, getattr(layout, column) + air)

    # -- cells ---------------------------------------------------------------------------------

    def _set_cell_style(self, size: float) -> None:
        self.styles["standings_cell"] = ParagraphStyle(
            "standings_cell", parent=self.styles["cell"], fontSize=size, leading=size * 1.18
        )
        self.styles["standings_head"] = ParagraphStyle(
            "standings_head",
            parent=self.styles["standings_cell"],
            fontName=self.font_bold,
            alignment=1,
        )

    def _cell(self, text, width: float, size: float):
        """A plain string when the base font draws it on one line (fast), else a paragraph
        that wraps and switches fonts for other scripts."""
        text = "" if text is None else str(text)
        plain = text.replace(NO_BREAK_SPACE, " ")  # on one line, a no-break space is a space
        if fonts.is_plain(plain) and self._width(plain, size) <= width:
            return plain
        return Wrapped(text, self.styles["standings_cell"])

    def _name_text(self, player: dict) -> str:
        """The name (and the name in his own script), each never broken across lines, and
        what keeps him from a plain place ("disqualified")."""
        text = keep_whole(player["name"])
        if player["native_name"]:
            text += "  " + keep_whole(player["native_name"])
        if player["status"]:
            text = after(text, _STATUS.get(player["status"], player["status"]))
        return text

    # -- the players' table --------------------------------------------------------------------

    def _criteria(self, data) -> list[str]:
        return ["table_points", "contest_points", *data["tie_breaks"]]

    def _players_table(self, data, layout: _Layout, band: list[int]):
        size = layout.font_size
        columns = data["columns"]
        head = [_("Place"), _("No."), _("Name"), _("Team")]
        sub = ["", "", "", ""]
        widths = [layout.place, layout.number, layout.name, layout.team]
        for index in band:
            head += [_("Session %(n)s") % {"n": columns[index]}, "", ""]
            sub += [_("TP"), _("CP"), layout.rank_label]
            widths += [layout.tp, layout.cp, layout.rank]
        head += [_("Total"), "", _("Tie-break")]
        sub += [_("TP"), _("CP"), ""]
        widths += [layout.tp_sum, layout.cp_sum, layout.tie]
        criteria = self._criteria(data)
        rows = [head, sub]
        for player in data["players"]:
            row = [
                printed_place(player["rank"]),
                "" if player["number"] is None else player["number"],
                self._cell(self._name_text(player), layout.name, size),
                self._cell(player["team"], layout.team, size),
            ]
            for index in band:
                cell = player["sessions"][index]
                row += ["", "", ""] if cell is None else [cell["tp"], cell["cp"], _cell_rank(cell)]
            tie = tie_break_text(player["tie_break"], criteria)
            row += [player["tp"], player["cp"], self._cell(tie, layout.tie, size)]
            rows.append(row)
        style = self._style(len(rows), size, first_session=4, sessions=len(band), block=3)
        total_col = 4 + 3 * len(band)
        style += [
            ("SPAN", (total_col, 0), (total_col + 1, 0)),
            ("SPAN", (total_col + 2, 0), (total_col + 2, 1)),
            ("LINEBEFORE", (total_col, 0), (total_col, -1), 1, GRID),
            ("FONT", (total_col, 2), (total_col + 1, -1), self.font_bold, size),
            ("ALIGN", (total_col, 2), (total_col + 1, -1), "RIGHT"),
            ("ALIGN", (total_col + 2, 2), (total_col + 2, -1), "LEFT"),
        ]
        return self._table(rows, widths, style, size)

    def _table(self, rows: list, widths: list[float], style: list, size: float) -> PagedGrid:
        """The ruled table with its two header rows repeated on every page. Row heights are
        given, not left to the table: it would measure every remaining row again at each
        page break, which is most of the time of 500 players."""
        plain = size * 1.2 + _TOP + _BOTTOM
        heights = []
        for row in rows:
            height = plain
            for cell, width in zip(row, widths, strict=True):
                if isinstance(cell, Flowable):
                    height = max(height, cell.wrap(width - 2 * _PAD, 1e6)[1] + _TOP + _BOTTOM)
            heights.append(height)
        stripes = ()
        for command in style:
            if command[0] == "ROWBACKGROUNDS":
                stripes = command[3]
        style = [command for command in style if command[0] != "ROWBACKGROUNDS"]
        base = CellLook(font=self.font, size=size, leading=size * 1.2, valign="BOTTOM")
        return PagedGrid(rows, widths, style, heights, base=base, repeat=2, stripes=stripes)

    def _style(self, row_count: int, size: float, *, first_session: int, sessions: int, block: int):
        """Grid, two header rows (left columns spanning both), a heavier rule before each
        session's block, numbers centred, contest points right-aligned, zebra rows."""
        style = self.grid_style(header_rows=2, font_size=size)
        style += [
            ("LEFTPADDING", (0, 0), (-1, -1), _PAD),
            ("RIGHTPADDING", (0, 0), (-1, -1), _PAD),
            ("TOPPADDING", (0, 0), (-1, -1), _TOP),
            ("BOTTOMPADDING", (0, 0), (-1, -1), _BOTTOM),
            ("ALIGN", (0, 0), (-1, 1), "CENTER"),
            ("ALIGN", (0, 2), (1, -1), "CENTER"),
        ]
        style += [("SPAN", (c, 0), (c, 1)) for c in range(first_session)]
        for index in range(sessions):
            col = first_session + block * index
            style += [
                ("SPAN", (col, 0), (col + block - 1, 0)),
                ("LINEBEFORE", (col, 0), (col, -1), 1, GRID),
                ("ALIGN", (col, 2), (col, -1), "CENTER"),
                ("ALIGN", (col + 1, 2), (col + 1, -1), "RIGHT"),
            ]
            if block == 3:
                style.append(("ALIGN", (col + 2, 2), (col + 2, -1), "CENTER"))
        if row_count > 3:
            style.append(("ROWBACKGROUNDS", (0, 2), (-1, -1), [colors.white, ZEBRA]))
        return style

    # -- the teams' table ----------------------------------------------------------------------

    def _team_session_widths(self, data, layout: _Layout) -> tuple[float, float]:
        """A team's session figures are sums of four players': measured on their own, and
        wide enough together for the session's heading."""
        size = layout.font_size
        cells = [c for t in data["teams"] for c in t["sessions"] if c]
        tp = self._widest([c["tp"] for c in cells], size, _("TP"))
        cp = self._widest([c["cp"] for c in cells], size, _("CP"))
        last = max(data["columns"], default=1)
        heading = self._width(_("Session %(n)s") % {"n": last}, size, bold=True)
        short = max(0.0, heading - tp - cp)
        return tp + short / 2, cp + short / 2

    def _member_text(self, member: dict) -> str:
        """A member of a team as his number, his name (and in his own script), never broken
        across lines; a member whose standing is not a plain place says so ("disqualified")."""
        text = member["name"]
        if member["number"] is not None:
            text = f"{member['number']} {text}"
        if member["native_name"]:
            text += f" {member['native_name']}"
        if member.get("status"):
            text = after(text, _STATUS.get(member["status"], member["status"]))
        return keep_whole(text)

    def _teams_tables(self, data, layout: _Layout) -> list[Flowable]:
        """The team table; with more sessions than fit beside the members, in bands like the
        players' table (each band with the sums and the tie-break)."""
        size = layout.font_size
        teams = data["teams"]
        tp_width, cp_width = self._team_session_widths(data, layout)
        widths = {
            "place": self._widest([t["rank"] for t in teams], size, _("Place")),
            "team": max(layout.team, 24 * mm),
            "tp_sum": self._widest([t["tp"] for t in teams], size, _("TP"), bold=True),
            "cp_sum": self._widest([t["cp"] for t in teams], size, _("CP"), bold=True),
            "tie": layout.tie,
        }
        room = self.content_width - sum(widths.values())
        members_min = 40 * mm
        count = len(data["columns"])
        per_band = max(1, int((room - members_min) // (tp_width + cp_width))) if count else 1
        bands = math.ceil(count / per_band) if count else 1
        band_size = math.ceil(count / bands) if count else 0
        room -= band_size * (tp_width + cp_width)
        widths["members"] = min(max(room, members_min), 100 * mm)
        if band_size and room > widths["members"]:  # the rest widens the sessions' columns
            extra = (room - widths["members"]) / (2 * band_size)
            tp_width, cp_width = tp_width + extra, cp_width + extra
        indexes = list(range(count))
        flowables: list[Flowable] = []
        for start in range(0, max(count, 1), max(band_size, 1)):
            band = indexes[start : start + band_size]
            if start:
                numbers = session_ranges([data["columns"][i] for i in band])
                flowables += [
                    PageBreak(),
                    self.paragraph(
                        _("Teams (continued): sessions %(list)s, with the totals again")
                        % {"list": numbers},
                        "heading",
                    ),
                ]
            flowables.append(self._teams_table(data, size, band, widths, (tp_width, cp_width)))
        return flowables

    def _teams_table(self, data, size: float, band: list[int], widths: dict, session_widths):
        columns = data["columns"]
        head = [_("Place"), _("Team"), _("Members")]
        sub = ["", "", ""]
        col_widths = [widths["place"], widths["team"], widths["members"]]
        for index in band:
            head += [_("Session %(n)s") % {"n": columns[index]}, ""]
            sub += [_("TP"), _("CP")]
            col_widths += list(session_widths)
        head += [_("Total"), "", _("Tie-break")]
        sub += [_("TP"), _("CP"), ""]
        col_widths += [widths["tp_sum"], widths["cp_sum"], widths["tie"]]
        criteria = ["table_points", "contest_points"]
        rows = [head, sub]
        for team in data["teams"]:
            members = list_join(self._member_text(m) for m in team["members"])
            row = [
                team["rank"],
                self._cell(team["name"], widths["team"], size),
                self._cell(members, widths["members"], size),
            ]
            for index in band:
                cell = team["sessions"][index]
                row += ["", ""] if cell is None else [cell["tp"], cell["cp"]]
            tie = tie_break_text(team["tie_break"], criteria)
            row += [team["tp"], team["cp"], self._cell(tie, widths["tie"], size)]
            rows.append(row)
        style = self._style(len(rows), size, first_session=3, sessions=len(band), block=2)
        total_col = 3 + 2 * len(band)
        style += [
            ("ALIGN", (0, 2), (0, -1), "CENTER"),
            ("SPAN", (total_col, 0), (total_col + 1, 0)),
            ("SPAN", (total_col + 2, 0), (total_col + 2, 1)),
            ("LINEBEFORE", (total_col, 0), (total_col, -1), 1, GRID),
            ("FONT", (total_col, 2), (total_col + 1, -1), self.font_bold, size),
            ("ALIGN", (total_col, 2), (total_col + 1, -1), "RIGHT"),
            ("ALIGN", (1, 2), (2, -1), "LEFT"),
        ]
        return self._table(rows, col_widths, style, size)


def render_standings(data: dict) -> bytes:
    return StandingsRenderer().render(data)
