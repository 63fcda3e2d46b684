"""The geometry of the statistics page's pictures, drawn as inline SVG by small templates
(tournament_stats/_fan_bars.svg.html, _points_histogram.svg.html): no script, no image made
per request, and they print as they show. Coordinates are in the SVG's own units; the SVG
scales to the page's width (its viewBox)."""

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
