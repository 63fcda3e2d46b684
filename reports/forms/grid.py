"""A ruled grid drawn straight on the canvas: the score sheet's grid, laid out as a platypus
`Table` would lay it out, at a fraction of the cost.

A `Table` resolves its style commands again for every table and draws each cell with a text
object of its own, empty cells included: for a session's 125 sheets, 49,000 cells and half the
printing time. Here `GridStyle` resolves the same commands once (the subset the sheets use:
FONT, ALIGN, VALIGN, the paddings, TEXTCOLOR, BACKGROUND, SPAN and the rules), and `Grid`
sizes its rows by Table's rule, then draws the shading, the texts (empty cells skipped), the
cells' flowables and the rules. `PagedGrid` is a long grid over pages, its headings repeated
(the standings' tables of 1,000 players: a Table spent most of their printing time).
"""

from dataclasses import dataclass, replace

from reportlab.lib import colors
from reportlab.platypus import Flowable, Table, TableStyle
from reportlab.platypus.tables import spanFixDim

_STYLE_OPS = {
    "ALIGN": "align",
    "VALIGN": "valign",
    "LEFTPADDING": "left",
    "RIGHTPADDING": "right",
    "TOPPADDING": "top",
    "BOTTOMPADDING": "bottom",
    "TEXTCOLOR": "colour",
}
_LINE_OPS = {"GRID", "BOX", "LINEABOVE", "LINEBELOW", "LINEBEFORE", "LINEAFTER"}


@dataclass(frozen=True, slots=True)
class CellLook:
    """How a cell draws its text: ReportLab's CellStyle, frozen."""

    font: str
    size: float
    leading: float
    align: str = "LEFT"
    valign: str = "MIDDLE"
    left: float = 6
    right: float = 6
    top: float = 3
    bottom: float = 3
    colour: object = colors.black


class GridStyle:
    """A grid's columns, rows, spans, shading, rules and cell looks, resolved once from
    TableStyle commands and shared by every grid drawn with them."""

    def __init__(self, widths, row_count: int, commands, base: CellLook):
        self.widths = list(widths)
        self.commands = list(commands)
        self.base = base
        columns, rows = len(self.widths), row_count
        self.shape = (columns, rows)
        self.positions = [0.0]
        for width in self.widths:
            self.positions.append(self.positions[-1] + width)
        self.looks = [[base] * columns for _row in range(rows)]
        self.spans: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self.hidden: set[tuple[int, int]] = set()  # covered by a span, not its first cell
        self.row_spanned: set[tuple[int, int]] = set()  # in a span over several rows
        self.backgrounds: list[tuple[tuple[int, int, int, int], object]] = []
        self.spanned = any(command[0] == "SPAN" for command in self.commands)
        rule_commands = []
        for command in self.commands:
            op, start, stop, *values = command
            box = self.normalise(start, stop)
            if op in _STYLE_OPS or op == "FONT":
                self._restyle(op, self._styled(start, stop), values)
            elif op == "SPAN":
                self._span(box)
            elif op == "BACKGROUND":
                self.backgrounds.append((box, values[0]))
            elif op in _LINE_OPS:
                if len(values) > 2:  # a cap, dashes, a double line: drawn only by a Table
                    raise ValueError(f"GridStyle draws {op} with a weight and a colour only")
                rule_commands.append((op, box, *values))
            else:
                raise ValueError(f"GridStyle does not draw {op}")
        self.rules = [self._rule(*rule) for rule in rule_commands]

    def normalise(self, start, stop) -> tuple[int, int, int, int]:
        columns, rows = self.shape
        (c0, r0), (c1, r1) = start, stop
        c0, c1 = (c + columns if c < 0 else c for c in (c0, c1))
        r0, r1 = (r + rows if r < 0 else r for r in (r0, r1))
        return min(c0, c1), min(r0, r1), max(c0, c1), max(r0, r1)

    def _styled(self, start, stop) -> tuple[int, int, int, int]:
        """The cells a style command sets, as Table reads it: ends counted back from the last
        row or column, never swapped (rows 2 to -1 of a grid of two rows are none)."""
        columns, rows = self.shape
        (c0, r0), (c1, r1) = start, stop
        c0, c1 = (c + columns if c < 0 else c for c in (c0, c1))
        r0, r1 = (r + rows if r < 0 else r for r in (r0, r1))
        return max(0, c0), max(0, r0), min(columns - 1, c1), min(rows - 1, r1)

    def _span(self, box) -> None:
        c0, r0, c1, r1 = box
        if box[:2] == box[2:]:
            return
        for row in range(r0, r1 + 1):
            for column in range(c0, c1 + 1):
                self.hidden.add((column, row))
                self.spans.pop((column, row), None)
        self.hidden.discard((c0, r0))
        self.spans[c0, r0] = box
        if r0 != r1:
            self.row_spanned.update(
                (column, row) for row in range(r0, r1 + 1) for column in range(c0, c1 + 1)
            )

    def _restyle(self, op: str, box, values) -> None:
        if op == "FONT":  # name, size, leading: as Table, a size alone leads by 1.2
            change = {"font": values[0]}
            if len(values) > 1:
                leading = values[2] if len(values) > 2 else values[1] * 1.2
                change.update(size=values[1], leading=leading)
        else:
            change = {_STYLE_OPS[op]: values[0]}
        c0, r0, c1, r1 = box
        changed: dict[int, CellLook] = {}  # most cells share a look: each is changed once
        for row in range(r0, r1 + 1):
            looks = self.looks[row]
            for column in range(c0, c1 + 1):
                look = looks[column]
                if id(look) not in changed:
                    changed[id(look)] = replace(look, **change)
                looks[column] = changed[id(look)]

    # -- rules ------------------------------------------------------------------------------------

    def _rule(self, op: str, box, weight: float, colour) -> tuple[float, object, list]:
        """The segments of a rule command, as ((column, row), (column, row)) corners, cut
        where a span covers them (as Table does)."""
        c0, r0, c1, r1 = box
        rows, columns = {  # the row and the column boundaries ruled
            "GRID": (range(r0, r1 + 2), range(c0, c1 + 2)),
            "BOX": ((r0, r1 + 1), (c0, c1 + 1)),
            "LINEABOVE": (range(r0, r1 + 1), ()),
            "LINEBELOW": (range(r0 + 1, r1 + 2), ()),
            "LINEBEFORE": ((), range(c0, c1 + 1)),
            "LINEAFTER": ((), range(c0 + 1, c1 + 2)),
        }[op]
        segments = []
        for row in rows:
            segments += self._cut(row, c0, c1 + 1, horizontal=True)
        for column in columns:
            segments += self._cut(column, r0, r1 + 1, horizontal=False)
        return weight, colour, segments

    def _cut(self, at: int, start: int, end: int, *, horizontal: bool) -> list:
        """A rule along boundary `at` from `start` to `end`, without the stretches inside a
        span (a horizontal one runs left to right, a vertical one bottom to top)."""
        blocked = set()
        for c0, r0, c1, r1 in self.spans.values():
            if horizontal and r0 < at <= r1:
                blocked.update(range(c0, c1 + 1))
            if not horizontal and c0 < at <= c1:
                blocked.update(range(r0, r1 + 1))
        pieces, first = [], None
        for index in range(start, end):
            if index in blocked:
                if first is not None:
                    pieces.append((first, index))
                first = None
            elif first is None:
                first = index
        if first is not None:
            pieces.append((first, end))
        if horizontal:
            return [((a, at), (b, at)) for a, b in pieces]
        return [((at, b), (at, a)) for a, b in pieces]


class Grid(Flowable):
    """One grid of `style`: `rows` of cells (a string, "\\n" between its lines, or a
    flowable), row `heights` (None: as tall as the row's cells need), and shading of its own
    drawn after the style's (`backgrounds`: BACKGROUND commands)."""

    def __init__(self, style: GridStyle, rows, heights=None, backgrounds=()):
        super().__init__()
        self.style = style
        self.rows = rows
        self.fixed = list(heights) if heights else [None] * len(rows)
        self.extra = [
            (style.normalise(start, stop), colour) for _op, start, stop, colour in backgrounds
        ]
        self.width = style.positions[-1]
        self.hAlign = "LEFT"

    # -- layout ---------------------------------------------------------------------------------

    def wrap(self, avail_width, avail_height):
        heights, stretch = list(self.fixed), {}
        self.sizes = {}  # (column, row) -> a flowable's wrapped width and height
        for index, fixed in enumerate(self.fixed):
            if fixed is None:
                heights[index] = self._row_height(index, stretch)
        if stretch:
            spanFixDim(self.fixed, heights, stretch)
        self.heights = heights
        tops = [sum(heights)]  # each row's top, from the grid's foot
        for height in heights:
            tops.append(tops[-1] - height)
        self.tops = tops
        self.height = tops[0]
        return self.width, self.height

    def _row_height(self, index: int, stretch: dict) -> float:
        """As Table sizes a row: the tallest cell, a cell spanning rows aside (its height is
        shared out afterwards), hidden cells of a row span skipped."""
        style, tallest = self.style, 0.0
        looks = style.looks[index]
        for column, value in enumerate(self.rows[index]):
            look = looks[column]
            span = style.spans.get((column, index))
            if (column, index) in style.hidden and (
                isinstance(value, Flowable) or (column, index) in style.row_spanned
            ):
                continue
            if isinstance(value, Flowable):
                height = self._fit(value, column, index)
            else:
                height = look.leading * (str(value).count("\n") + 1)
            height += look.top + look.bottom
            if span and span[1] != span[3]:
                key = (span[1], span[3])
                stretch[key] = max(stretch.get(key, height), height)
                continue
            tallest = max(tallest, height)
        return tallest

    def _cell_width(self, column: int, row: int) -> float:
        span = self.style.spans.get((column, row))
        last = span[2] if span else column
        return self.style.positions[last + 1] - self.style.positions[column]

    def _fit(self, flowable: Flowable, column: int, row: int) -> float:
        """The height of a cell's flowable, wrapped once to the cell's width (Table wraps it
        again to draw it: same width, same lines)."""
        look = self.style.looks[row][column]
        room = self._cell_width(column, row) - look.left - look.right
        size = flowable.wrapOn(getattr(self, "canv", None), room, 72000 - look.top - look.bottom)
        self.sizes[column, row] = size
        return size[1]

    def split(self, avail_width, avail_height):
        """Too tall for the page: a platypus Table of the same cells splits it by rows."""
        return self.as_table().split(avail_width, avail_height)

    def as_table(self) -> Table:
        table = Table(self.rows, colWidths=self.style.widths, rowHeights=self.fixed)
        table.hAlign = "LEFT"
        base = self.style.base
        start = [
            ("FONT", (0, 0), (-1, -1), base.font, base.size, base.leading),
            ("LEFTPADDING", (0, 0), (-1, -1), base.left),
            ("RIGHTPADDING", (0, 0), (-1, -1), base.right),
            ("TOPPADDING", (0, 0), (-1, -1), base.top),
            ("BOTTOMPADDING", (0, 0), (-1, -1), base.bottom),
            ("VALIGN", (0, 0), (-1, -1), base.valign),
        ]
        extra = [("BACKGROUND", box[:2], box[2:], colour) for box, colour in self.extra]
        table.setStyle(TableStyle([*start, *self.style.commands, *extra]))
        return table

    # -- drawing --------------------------------------------------------------------------------

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        self._draw_shading(canvas)
        self._draw_cells(canvas)
        self._draw_rules(canvas)
        canvas.restoreState()

    def _rect(self, box) -> tuple[float, float, float, float]:
        """(x, y, width, height) of cells c0..c1, r0..r1."""
        c0, r0, c1, r1 = box
        positions, tops = self.style.positions, self.tops
        return (
            positions[c0],
            tops[r1 + 1],
            positions[c1 + 1] - positions[c0],
            tops[r0] - tops[r1 + 1],
        )

    def _draw_shading(self, canvas) -> None:
        positions, tops = self.style.positions, self.tops
        for box, colour in [*self.style.backgrounds, *self.extra]:
            c0, r0, c1, r1 = box
            if box[:2] == box[2:] and self.style.spanned and (c0, r0) not in self.style.hidden:
                rect = self._rect(self.style.spans.get((c0, r0), box))  # as Table: the span
            else:
                width = positions[c1 + 1] - positions[c0]
                rect = (positions[c0], tops[r0], width, tops[r1 + 1] - tops[r0])
            canvas.setFillColor(colour)
            canvas.rect(*rect, stroke=0, fill=1)

    def _draw_cells(self, canvas) -> None:
        """Every cell in Table's order (text extraction reads them the same), empty ones
        skipped."""
        font = colour = None
        style = self.style
        for row, values in enumerate(self.rows):
            for column, value in enumerate(values):
                if value == "" or (column, row) in style.hidden:
                    continue
                look = style.looks[row][column]
                rect = self._rect(style.spans.get((column, row), (column, row) * 2))
                if isinstance(value, Flowable):
                    if (column, row) not in self.sizes:  # in a row of a fixed height
                        self._fit(value, column, row)
                    place = self._flowable_place(self.sizes[column, row], look, *rect)
                    value.drawOn(canvas, *place)
                    continue
                if font != (look.font, look.size, look.leading):
                    font = (look.font, look.size, look.leading)
                    canvas.setFont(*font)
                if colour != look.colour:
                    colour = look.colour
                    canvas.setFillColor(colour)
                self._write(canvas, str(value), look, *rect)

    @staticmethod
    def _write(canvas, value: str, look: CellLook, x, y, width, height) -> None:
        """A string cell as Table's _drawCell places it: a text object a line, so that text
        extraction reads each cell apart."""
        lines = value.split("\n")
        if look.align == "LEFT":
            draw, anchor = canvas.drawString, x + look.left
        elif look.align in ("CENTRE", "CENTER"):
            draw, anchor = canvas.drawCentredString, x + (width + look.left - look.right) * 0.5
        else:
            draw, anchor = canvas.drawRightString, x + width - look.right
        if look.valign == "BOTTOM":
            baseline = y + look.bottom + len(lines) * look.leading - look.size
        elif look.valign == "TOP":
            baseline = y + height - look.top - look.size
        else:
            middle = look.bottom + height - look.top + len(lines) * look.leading
            baseline = y + middle / 2.0 - look.size
        for line in lines:
            draw(anchor, baseline, line)
            baseline -= look.leading

    @staticmethod
    def _flowable_place(size, look: CellLook, x, y, width, height) -> tuple[float, float]:
        """Where a cell's flowable of `size` is drawn (its lower left corner), as Table
        places it."""
        wide, tall = size
        if look.valign == "TOP":
            top = y + height - look.top
        elif look.valign == "BOTTOM":
            top = y + look.bottom + tall
        else:
            top = y + (height + look.bottom - look.top + tall) / 2.0
        if look.align == "LEFT":
            left = x + look.left
        elif look.align == "RIGHT":
            left = x + width - look.right - wide
        else:
            left = x + (width + look.left - look.right - wide) / 2.0
        return left, top - tall

    def _draw_rules(self, canvas) -> None:
        positions, tops = self.style.positions, self.tops
        canvas.setLineCap(1)  # Table's default caps and joins: round
        canvas.setLineJoin(1)
        for weight, colour, segments in self.style.rules:
            canvas.setStrokeColor(colour)
            canvas.setLineWidth(weight)
            for (a, b), (c, d) in segments:  # one stroke each, as Table strokes them
                canvas.line(positions[a], tops[b], positions[c], tops[d])


class PagedGrid(Flowable):
    """A grid of many rows over as many pages as it needs, its first `repeat` rows (the
    headings) again at the top of each page, as a Table with repeatRows splits; each page is a
    `Grid`. Every row's height is given. `commands` are TableStyle commands for the whole grid
    as for one page (negative rows count from each page's last row); `stripes` alternate over
    each page's rows after the headings (ROWBACKGROUNDS)."""

    def __init__(self, rows, widths, commands, heights, *, base: CellLook, repeat: int, stripes=()):
        super().__init__()
        self.rows, self.heights = rows, list(heights)
        self.widths, self.commands, self.base = list(widths), list(commands), base
        self.repeat, self.stripes = repeat, tuple(stripes)
        self.styles: dict[int, GridStyle] = {}  # by a page's row count, shared with the rest
        self.width = sum(self.widths)
        self.hAlign = "LEFT"

    def wrap(self, avail_width, avail_height):
        self.height = sum(self.heights)
        return self.width, self.height

    def split(self, avail_width, avail_height):
        """As many rows as fit below the headings, and the rest with the headings again."""
        used, count = sum(self.heights[: self.repeat]), self.repeat
        while count < len(self.rows) and used + self.heights[count] <= avail_height:
            used += self.heights[count]
            count += 1
        if count == self.repeat:
            return []
        if count == len(self.rows):
            return [self]
        head = self.rows[: self.repeat]
        rest = PagedGrid(
            head + self.rows[count:],
            self.widths,
            self.commands,
            self.heights[: self.repeat] + self.heights[count:],
            base=self.base,
            repeat=self.repeat,
            stripes=self.stripes,
        )
        rest.styles = self.styles
        return [self._page(count), rest]

    def _page(self, count: int) -> Grid:
        if count not in self.styles:
            self.styles[count] = GridStyle(self.widths, count, self.commands, self.base)
        colours = self.stripes
        stripes = [
            ("BACKGROUND", (0, row), (-1, row), colours[(row - self.repeat) % len(colours)])
            for row in range(self.repeat, count if colours else self.repeat)
        ]
        return Grid(self.styles[count], self.rows[:count], self.heights[:count], stripes)

    def draw(self):
        grid = self._page(len(self.rows))
        grid.wrapOn(self.canv, self.width, self.height)
        grid.drawOn(self.canv, 0, 0)
