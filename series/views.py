"""The public page of a series, `/s/{slug}/`: its standings across its tournaments, for
everyone, no login, no JavaScript (docs/federation.md, "Series").

The page is the same for everyone: a tournament whose standings are not published
(`Tournament.standings_public` off) is left out of it entirely, its players and figures
too, and a notice names it; the API gives logged-in users every tournament.
"""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from series.models import Series
from series.selectors import PersonRow, TournamentFigures, series_standings
from tournaments.selectors.standings import points_value


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


@require_GET
def series_page(request, slug: str):
    series = get_object_or_404(Series, slug=slug)
    standings = series_standings(series, published_only=True)
    html = render_to_string(
        "series/page.html",
        {
            "series": series,
            "title": _("Series standings"),
            "standings": standings,
            "rows": [_row(row) for row in standings.people],
            "path": request.path,
        },
    )
    response = HttpResponse(html)
    response["Cache-Control"] = "public, max-age=0, must-revalidate"
    return response
