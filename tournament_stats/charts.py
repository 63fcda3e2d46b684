"""The geometry of the statistics' pictures, drawn as inline SVG by small templates
(tournament_stats/_fan_bars.html, _points_histogram.html, _bump_chart.html, and
_player_chart.html on a player's page): no script, no image made per request, and they print
as they show. Coordinates are in the SVG's own units; the SVG
scales to the page's width (its viewBox)."""

import unicodedata
from dataclasses import dataclass

from django.utils.translation import gettext as _

WIDTH = 400  # the viewBox's width; a phone of 390 px shows it at about its own size
FAN_ROW = 30  # a fan's name above its bar
FAN_BAR = 12
FAN_TOP = 4
BAR_SPACE = WIDTH - 40  # what the longest bar takes; its count is written after it
HISTOGRAM_HEIGHT = 180  # of the bars' area
HISTOGRAM_TOP = 18  # room for the count above the highest bar
HISTOGRAM_LABELS = 34  # room for the buckets' labels under the bars


@dataclass(frozen=True)
class Bar:
    label: str
    count: int
    x: float
    y: float
    width: float
    height: float
    label_x: float
    label_y: float
    count_x: float
    count_y: float


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    bars: tuple[Bar, ...]
    baseline: float = 0


def _r(value: float) -> float:
    return round(value, 1)


def fan_bars(fans: list[dict]) -> Chart:
    """A bar per fan scored, the most frequent first: its name, then its bar and count."""
    top = max((fan["count"] for fan in fans), default=0) or 1
    bars = []
    for i, fan in enumerate(fans):
        y = FAN_TOP + i * FAN_ROW
        width = _r(max(BAR_SPACE * fan["count"] / top, 1))
        bars.append(
            Bar(
                label=fan["name"],
                count=fan["count"],
                x=0,
                y=y + 15,
                width=width,
                height=FAN_BAR,
                label_x=0,
                label_y=y + 11,
                count_x=_r(width + 4),
                count_y=y + 25,
            )
        )
    return Chart(width=WIDTH, height=FAN_TOP + len(fans) * FAN_ROW + 4, bars=tuple(bars))


def bucket_label(bucket: dict) -> str:
    if bucket["to"] is None:
        return _("%(points)s+") % {"points": bucket["from"]}
    return _("%(low)s–%(high)s") % {"low": bucket["from"], "high": bucket["to"]}


def points_histogram(buckets: list[dict]) -> Chart:
    """A bar per bucket of points, left to right, its count above it and its points under."""
    top = max((bucket["count"] for bucket in buckets), default=0) or 1
    slot = WIDTH / max(len(buckets), 1)
    baseline = HISTOGRAM_TOP + HISTOGRAM_HEIGHT
    bars = []
    for i, bucket in enumerate(buckets):
        height = _r(HISTOGRAM_HEIGHT * bucket["count"] / top)
        x = _r(i * slot + slot * 0.1)
        width = _r(slot * 0.8)
        middle = _r(i * slot + slot / 2)
        bars.append(
            Bar(
                label=bucket_label(bucket),
                count=bucket["count"],
                x=x,
                y=_r(baseline - height),
                width=width,
                height=height,
                label_x=middle,
                label_y=baseline + 16,
                count_x=middle,
                count_y=_r(baseline - height - 4),
            )
        )
    return Chart(
        width=WIDTH,
        height=baseline + HISTOGRAM_LABELS,
        bars=tuple(bars),
        baseline=baseline,
    )


# -- places session by session: the top players' bump chart, and one player's sessions -------

BUMP_LEFT = 34  # the places' numbers, left of the first session
BUMP_TOP = 24  # the sessions' numbers, above the first place
BUMP_NAMES = 140  # the players' names, right of the last session
BUMP_ROW = 24  # between two places, while the chart shows every place
BUMP_ROWS = 12  # more places than this: the scale shrinks to keep the chart this tall
BUMP_BOTTOM = 10
NAME_GAP = 14  # the least distance between two names at the right end (12-unit type)
LABEL_OFFSET = 10  # from the last session to the names
NAME_SIZE = 12  # the names' type (stats.css)
NAME_LENGTH = 17  # a longer name is cut, whole in its tooltip and in the table
MARKER_RADIUS = 4.5
# Each line's marker: its shape, and whether it is hollow. With the colours and the dashes of
# every other line (stats.css), eight lines stay apart in greyscale too.
MARKERS = (
    ("circle", False),
    ("square", False),
    ("triangle", False),
    ("diamond", False),
    ("triangle-down", False),
    ("circle", True),
    ("square", True),
    ("diamond", True),
)


@dataclass(frozen=True)
class Tick:
    label: str
    x: float
    y: float


@dataclass(frozen=True)
class Mark:
    """A dot of a line: the player's place after a session, and the marker drawn there."""

    session: int
    place: int
    x: float
    y: float
    path: str


@dataclass(frozen=True)
class Line:
    """One player's line: its runs (a session without a place breaks the line), its marks and
    his name at the right end, moved up or down off his last mark where names would meet."""

    index: int  # 0-7: its colour, dashes and marker (stats.css)
    name: str
    label: str
    rank: int | None  # his place after the last session, written before his name
    fit: float | None  # the width the name is squeezed into where it would run off the chart
    hollow: bool
    runs: tuple[str, ...]  # SVG polyline points, one per run of places
    marks: tuple[Mark, ...]
    places: tuple[int | None, ...]
    end_x: float
    end_y: float
    label_x: float
    label_y: float

    @property
    def leader(self) -> bool:
        """A thin line from the last mark to the name, where the name is not beside it."""
        return self.label_y != self.end_y or self.label_x - self.end_x > LABEL_OFFSET

    @property
    def leader_x(self) -> float:
        return self.label_x - 3


@dataclass(frozen=True)
class BumpChart:
    width: int
    height: int
    left: float  # the plot's edges, for the places' guide lines
    right: float
    sessions: tuple[Tick, ...]
    places: tuple[Tick, ...]
    lines: tuple[Line, ...]


def _polygon(points: list[tuple[float, float]]) -> str:
    first, *rest = points
    return f"M{_r(first[0])},{_r(first[1])}" + "".join(f"L{_r(x)},{_r(y)}" for x, y in rest) + "Z"


def marker_path(shape: str, x: float, y: float, r: float = MARKER_RADIUS) -> str:
    """The outline (SVG path data) of a marker of `shape` centred on (x, y)."""
    if shape == "circle":
        return f"M{_r(x - r)},{_r(y)}a{r},{r} 0 1,0 {_r(2 * r)},0a{r},{r} 0 1,0 {_r(-2 * r)},0Z"
    if shape == "square":
        s = r * 0.85
        return _polygon([(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)])
    if shape in ("triangle", "triangle-down"):
        tip = -1 if shape == "triangle" else 1
        return _polygon(
            [(x, y + tip * r * 1.15), (x + r, y - tip * r * 0.85), (x - r, y - tip * r * 0.85)]
        )
    if shape == "diamond":
        d = r * 1.25
        return _polygon([(x, y - d), (x + d, y), (x, y + d), (x - d, y)])
    raise ValueError(shape)


def short_name(name: str, length: int = NAME_LENGTH) -> str:
    return name if len(name) <= length else name[: length - 1].rstrip() + "…"


def text_width(text: str, size: float) -> float:
    """About how wide `text` is in `size`-unit sans-serif type (wide letters and Chinese
    characters count more): enough to tell whether a name fits."""
    em = 0.0
    for char in text:
        if unicodedata.east_asian_width(char) in ("W", "F"):
            em += 1.0
        elif char in "MWmw@":
            em += 0.9
        elif char.isupper():
            em += 0.7
        elif char in "iljtf.,;:'!| ":
            em += 0.32
        else:
            em += 0.58
    return em * size


def _name_fit(rank: int | None, label: str) -> float | None:
    """The width to squeeze a name into, None where it fits as it is."""
    room = BUMP_NAMES - LABEL_OFFSET - 2
    text = f"{rank} {label}" if rank else label
    return room if text_width(text, NAME_SIZE) > room else None


def session_label(number: int) -> str:
    return _("S%(number)s") % {"number": number}


def _columns(count: int, left: float, right: float) -> list[float]:
    """The x of each of `count` sessions, evenly from `left` to `right` (one: in the middle)."""
    if count == 1:
        return [_r((left + right) / 2)]
    step = (right - left) / (count - 1)
    return [_r(left + i * step) for i in range(count)]


def place_ticks(worst: int, rows: int = BUMP_ROWS) -> list[int]:
    """The places numbered on the axis: every one up to `rows`, else 1 and round numbers."""
    if worst <= rows:
        return list(range(1, worst + 1))
    step = next(s for s in (2, 5, 10, 20, 50, 100, 200, 500, 1000) if worst / s <= 8)
    return [1, *range(step, worst + 1, step)]


def spread(ys: list[float], gap: float, low: float, high: float) -> list[float]:
    """`ys` moved as little as needed to be `gap` apart, in their order, within low..high
    where there is room: names at the right end never overlap (ties included), and a crowd
    of them spreads around where their marks are, not all below them."""
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    at = [float(ys[i]) for i in order]
    for _round in range(200):
        moved = False
        for k in range(1, len(at)):
            overlap = gap - (at[k] - at[k - 1])
            if overlap > 0.01:
                at[k - 1] -= overlap / 2
                at[k] += overlap / 2
                moved = True
        if at:
            at[0], at[-1] = max(at[0], low), min(at[-1], high)
        if not moved:
            break
    for k in range(1, len(at)):  # no room left between low and high: below it, then
        at[k] = max(at[k], at[k - 1] + gap)
    placed = dict(zip(order, at, strict=True))
    return [_r(placed[i]) for i in range(len(ys))]


def _marks(shape: str, sessions: list[int], xs: list[float], places: list, y_of):
    """(the marks, the runs of points between them) of a line of `places`: a session without
    a place ends a run, and the line starts again after it."""
    marks, runs, run = [], [], []
    for session, x, place in zip(sessions, xs, places, strict=True):
        if place is None:
            if run:
                runs.append(run)
            run = []
            continue
        y = y_of(place)
        marks.append(Mark(session, place, x, y, marker_path(shape, x, y)))
        run.append(f"{x},{y}")
    if run:
        runs.append(run)
    return marks, runs


def _line(index: int, line: dict, hollow: bool, marks, runs, *, last: int, label_y: float) -> Line:
    """A player's line; his name at `label_y`, numbered if he has a place after `last`."""
    rank = marks[-1].place if marks[-1].session == last else None
    label = short_name(line["name"])
    return Line(
        index=index,
        name=line["name"],
        label=label,
        rank=rank,
        fit=_name_fit(rank, label),
        hollow=hollow,
        runs=tuple(" ".join(points) for points in runs if len(points) > 1),
        marks=tuple(marks),
        places=tuple(line["places"]),
        end_x=marks[-1].x,
        end_y=marks[-1].y,
        label_x=WIDTH - BUMP_NAMES + LABEL_OFFSET,
        label_y=label_y,
    )


def bump_chart(sessions: list[int], lines: list[dict]) -> BumpChart:
    """The places of a few players after each session: a line each, place 1 at the top.

    `lines`: {"name", "places"} in the order of the current standings, `places` a place (or
    None: no place after that session) for each of `sessions`."""
    places_seen = [p for line in lines for p in line["places"] if p is not None]
    worst = max(places_seen, default=1)
    height_of_plot = BUMP_ROW * (min(max(worst, 2), BUMP_ROWS) - 1)
    scale = height_of_plot / max(worst - 1, 1)
    left, right = BUMP_LEFT + 10, WIDTH - BUMP_NAMES

    def y_of(place: int) -> float:
        return _r(BUMP_TOP + (place - 1) * scale)

    xs = _columns(len(sessions), left, right)
    drawn = []
    for index, line in enumerate(lines):
        shape, hollow = MARKERS[index % len(MARKERS)]
        marks, runs = _marks(shape, sessions, xs, line["places"], y_of)
        if marks:
            drawn.append((index, line, shape, hollow, marks, runs))
    bottom = BUMP_TOP + height_of_plot
    label_ys = spread([marks[-1].y for *_rest, marks, _runs in drawn], NAME_GAP, BUMP_TOP, bottom)
    chart_lines = tuple(
        _line(index, line, hollow, marks, runs, last=sessions[-1], label_y=label_y)
        for (index, line, _shape, hollow, marks, runs), label_y in zip(drawn, label_ys, strict=True)
    )
    lowest = max([bottom, *(line.label_y for line in chart_lines)])
    return BumpChart(
        width=WIDTH,
        height=int(lowest + BUMP_BOTTOM),
        left=left,
        right=right,
        sessions=tuple(
            Tick(session_label(n), x, BUMP_TOP - 12) for n, x in zip(sessions, xs, strict=True)
        ),
        places=tuple(Tick(str(p), BUMP_LEFT, y_of(p)) for p in place_ticks(worst)),
        lines=chart_lines,
    )


# One player's sessions: his place in the standings after each (a line, 1 at the top) above
# the table points he took in each (bars).
PLAYER_LEFT = 34
PLAYER_RIGHT = 12
PLACE_TOP = 40  # under the caption, and the first place's number above its mark
PLACE_HEIGHT = 70
BARS_TOP = PLACE_TOP + PLACE_HEIGHT + 54  # under the place panel, its numbers and caption
BARS_HEIGHT = 60
MOST_TABLE_POINTS = 4  # a table's first (3.9.2)


@dataclass(frozen=True)
class PlayerSession:
    session: int
    label: str
    x: float
    place: int | None
    place_y: float | None
    table_points: float | None
    bar_x: float
    bar_y: float
    bar_width: float
    bar_height: float


@dataclass(frozen=True)
class PlayerChart:
    width: int
    height: int
    left: float
    right: float
    place_caption_y: float
    place_top: float  # the place panel's edges: place 1, the field's last place
    place_bottom: float
    field: int
    bars_caption_y: float
    baseline: float
    sessions_y: float
    runs: tuple[str, ...]
    sessions: tuple[PlayerSession, ...]


def player_chart(
    sessions: list[int],
    places: list[int | None],
    table_points: list[float | None],
    field: int,
) -> PlayerChart:
    """A player's place after each session (of `field` players ranked) and his table points
    in each; None where he has no place or did not play."""
    left, right = PLAYER_LEFT, WIDTH - PLAYER_RIGHT
    slot = (right - left) / max(len(sessions), 1)
    field = max(field, *(p for p in places if p is not None), 2)
    top = max([MOST_TABLE_POINTS, *(tp for tp in table_points if tp is not None)])
    baseline = BARS_TOP + BARS_HEIGHT
    bar_width = _r(min(slot * 0.5, 36))

    def place_y(place: int) -> float:
        return _r(PLACE_TOP + (place - 1) * PLACE_HEIGHT / (field - 1))

    shown, runs, run = [], [], []
    for i, (session, place, tp) in enumerate(zip(sessions, places, table_points, strict=True)):
        x = _r(left + slot * (i + 0.5))
        height = _r(BARS_HEIGHT * (tp or 0) / top)
        y = place_y(place) if place is not None else None
        if y is None:
            if run:
                runs.append(run)
            run = []
        else:
            run.append(f"{x},{y}")
        shown.append(
            PlayerSession(
                session=session,
                label=session_label(session),
                x=x,
                place=place,
                place_y=y,
                table_points=tp,
                bar_x=_r(x - bar_width / 2),
                bar_y=_r(baseline - height),
                bar_width=bar_width,
                bar_height=height,
            )
        )
    if run:
        runs.append(run)
    return PlayerChart(
        width=WIDTH,
        height=baseline + 26,
        left=left,
        right=right,
        place_caption_y=15,
        place_top=PLACE_TOP,
        place_bottom=PLACE_TOP + PLACE_HEIGHT,
        field=field,
        bars_caption_y=BARS_TOP - 22,
        baseline=baseline,
        sessions_y=baseline + 18,
        runs=tuple(" ".join(points) for points in runs if len(points) > 1),
        sessions=tuple(shown),
    )
