"""The public page of a series, `/s/{slug}/`: its standings across its tournaments, for
everyone, no login, no JavaScript (docs/federation.md, "Series").

The page is the same for everyone: a tournament whose standings the public may not read
(tournaments.policies.may_read_standings: the director holds them back) is left out of it
entirely, its players and figures too, and a notice names it; the API asks the same rule for
its reader (staff read every tournament).
"""

import hashlib
from functools import partial

from django.core.cache import cache
from django.db.models import Count, Max
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from series.models import Series, SeriesPlayerLink
from series.selectors import PersonRow, TournamentFigures, series_standings
from tournaments.live import published_version
from tournaments.policies import may_read_standings
from tournaments.selectors.standings import points_value

PAGE_SECONDS = 3600  # an unchanged series is rendered again at least this often


def _cell(figures: TournamentFigures | None) -> dict | None:
    if figures is None:
        return None
    return {
        "rank": figures.rank,
        "label": figures.label,
        "counted": figures.counted,
        "table_points": points_value(figures.table_points),
        "contest_points": figures.contest_points,
    }


def _row(row: PersonRow) -> dict:
    return {
        "rank": row.rank,
        "name": row.name,
        "ema_id": row.ema_id,
        "country": row.country if row.country.code else None,
        "flag": f"flags/{row.country.code.lower()}.gif" if row.country.code else "",
        "matched_by": row.matched_by,
        "table_points": points_value(row.table_points),
        "contest_points": row.contest_points,
        "cells": [_cell(figures) for figures in row.figures],
    }


def _page_key(series: Series) -> str:
    """What the page shows depends on: the series (its name, its tournaments), each
    tournament's published version and publication of its standings, the links confirmed,
    and the reader's language. Three queries and one cache read per tournament, instead of
    every tournament's standings."""
    tournaments = series.tournaments.order_by("pk").values_list("pk", "standings_public")
    links = SeriesPlayerLink.objects.filter(series=series).aggregate(n=Count("pk"), top=Max("pk"))
    changed = series.history.aggregate(top=Max("history_id"))["top"]
    parts = [series.pk, changed, links["n"], links["top"], get_language()]
    parts += [f"{pk}.{published_version(pk)}.{int(shown)}" for pk, shown in tournaments]
    return "series-page:" + hashlib.sha256(repr(parts).encode()).hexdigest()


@require_GET
def series_page(request, slug: str):
    series = get_object_or_404(Series, slug=slug)
    key = _page_key(series)
    html = cache.get(key)
    if html is None:
        html = _render(request, series)
        cache.set(key, html, PAGE_SECONDS)
    response = HttpResponse(html)
    response["Cache-Control"] = "public, max-age=0, must-revalidate"
    return response


def _render(request, series: Series) -> str:
    standings = series_standings(series, readable=partial(may_read_standings, None))
    return render_to_string(
        "series/page.html",
        {
            "series": series,
            "title": _("Series standings"),
            "standings": standings,
            "rows": [_row(row) for row in standings.people],
            "path": request.path,
        },
    )
