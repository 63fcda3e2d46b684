"""A tournament's statistics: `GET /api/tournaments/{slug}/stats/` and the public page
`/t/{slug}/stats/` (docs/statistics.md).

The API answers every logged-in user; an anonymous request gets the API's 401. The public page
needs no login. While the director holds the standings back (`Tournament.standings_public`
off), whoever may not read them (tournaments.policies.may_read_standings: the public, a
player) gets the tournament's figures (hands, fans, points) but neither the players' figures
nor the names of the biggest hands' players (`selectors.held_figures`), as the public
standings page shows a notice instead of them, nor (on the page) the leaders' places session
by session (the bump chart); staff read them all in the API.

`/t/{slug}/stats/?projector=1` is the same pictures for the hall's projector, between
sessions (see `_projector`).
"""

from django.core.cache import cache
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import error_responses, tournament_for
from tournament_stats import charts, selectors
from tournaments import policies
from tournaments.selectors.tournament_info import tournament_info

PAGE_TIMEOUT = 6 * 3600  # a safety net only: the key changes with every version


# -- the API -----------------------------------------------------------------------------------


class StatsFanSerializer(serializers.Serializer):
    id = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("the fan's number (1-81); null if unknown")
    )
    name = serializers.CharField(help_text=gettext_lazy("the fan's name in your language"))
    count = serializers.IntegerField(help_text=gettext_lazy("winning hands that scored it"))


class StatsHandFanSerializer(serializers.Serializer):
    id = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("the fan's number (1-81); null if unknown")
    )
    name = serializers.CharField(help_text=gettext_lazy("the fan's name in your language"))
    count = serializers.IntegerField(help_text=gettext_lazy("how many times it counts"))
    points = serializers.IntegerField(help_text=gettext_lazy("points of one occurrence"))


class StatsBucketSerializer(serializers.Serializer):
    # `from` is a Python keyword: the field is named in the constructor's `source` instead.
    to = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("the bucket's highest points; null: no limit")
    )
    count = serializers.IntegerField(help_text=gettext_lazy("winning hands in the bucket"))

    def get_fields(self):
        fields = super().get_fields()
        start = serializers.IntegerField(help_text=gettext_lazy("the bucket's lowest points"))
        return {"from": start, **fields}


class StatsPersonSerializer(serializers.Serializer):
    position = serializers.CharField(help_text=gettext_lazy("seat (A-D)"))
    number = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("player number (lot)")
    )
    name = serializers.CharField(allow_blank=True, help_text=gettext_lazy("player's name"))


class StatsBigHandSerializer(serializers.Serializer):
    session = serializers.IntegerField(help_text=gettext_lazy("session number"))
    table = serializers.IntegerField(help_text=gettext_lazy("table number"))
    hand = serializers.IntegerField(help_text=gettext_lazy("hand number, 1-16"))
    winner = StatsPersonSerializer(
        allow_null=True,
        help_text=gettext_lazy("who won; null while the standings are held from you"),
    )
    discarder = StatsPersonSerializer(
        allow_null=True,
        help_text=gettext_lazy("null when self-drawn, or while the standings are held from you"),
    )
    self_drawn = serializers.BooleanField(help_text=gettext_lazy("the winner drew the tile"))
    points = serializers.IntegerField(help_text=gettext_lazy("points without flowers"))
    flowers = serializers.IntegerField(help_text=gettext_lazy("flowers"))
    fans = StatsHandFanSerializer(
        many=True, help_text=gettext_lazy("the fans scored (none when only points were entered)")
    )
    tiles = serializers.JSONField(
        allow_null=True,
        help_text=gettext_lazy("the hand in the shared format, null when not recorded"),
    )


class StatsPlayerSerializer(serializers.Serializer):
    number = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("player number (lot)")
    )
    name = serializers.CharField(allow_blank=True, help_text=gettext_lazy("player's name"))
    hands = serializers.IntegerField(help_text=gettext_lazy("hands played"))
    wins = serializers.IntegerField(help_text=gettext_lazy("hands won"))
    self_drawn = serializers.IntegerField(help_text=gettext_lazy("wins on a tile he drew"))
    dealt_in = serializers.IntegerField(
        help_text=gettext_lazy("wins on a tile he discarded (he paid the winner's points)")
    )
    win_points_avg = serializers.FloatField(
        allow_null=True, help_text=gettext_lazy("average points of his wins; null without one")
    )
    biggest_hand = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("points of his biggest win; null without one")
    )


class StatsSerializer(serializers.Serializer):
    hands = serializers.IntegerField(help_text=gettext_lazy("hands recorded, every sheet"))
    wins = serializers.IntegerField(help_text=gettext_lazy("hands won"))
    self_drawn = serializers.IntegerField(help_text=gettext_lazy("wins on a self-drawn tile"))
    draws = serializers.IntegerField(help_text=gettext_lazy("draws (wall exhausted)"))
    time_limit = serializers.IntegerField(help_text=gettext_lazy("hands stopped by the time limit"))
    fans = StatsFanSerializer(
        many=True, help_text=gettext_lazy("each fan scored, the most frequent first")
    )
    points = StatsBucketSerializer(
        many=True, help_text=gettext_lazy("winning hands by points (without flowers)")
    )
    biggest_hands = StatsBigHandSerializer(
        many=True, help_text=gettext_lazy("the biggest wins, by points")
    )
    players = StatsPlayerSerializer(
        many=True,
        help_text=gettext_lazy(
            "each player who played a hand, by number; none while the standings are held from you"
        ),
    )


class StatsApi(APIView):
    """A tournament's statistics from every hand of every score sheet (signed or not): the
    outcomes, the fans scored, the winning hands' points, the biggest hands and each player's
    figures. The same hands as `exports/hands.json`. Any logged-in user; while the director
    holds the standings back, a login that may not read them (tournaments.policies.
    may_read_standings: not staff) gets what the public page shows: no player's figures and
    no names of the biggest hands' players."""

    @extend_schema(
        operation_id="tournament_stats_retrieve",
        summary=gettext_lazy("Read the statistics"),
        responses={200: StatsSerializer, **error_responses(401, 404)},
    )
    def get(self, request, slug):
        tournament = tournament_for(slug)
        stats = selectors.tournament_stats(tournament.pk)
        if not policies.may_read_standings(request.user, tournament):
            stats = selectors.held_figures(stats)
        return Response(stats)


# -- the public page ---------------------------------------------------------------------------


def _places_chart(info: dict):
    """The leaders' bump chart and its sessions, or (None, []) while the standings are not
    published or fewer than two sessions have results (a single column shows no move)."""
    if not info["standings_public"]:
        return None, []
    places = selectors.session_places(info["pk"])
    if len(places["sessions"]) < 2:
        return None, []
    leaders = selectors.leaders_places(places)
    return charts.bump_chart(places["sessions"], leaders), places["sessions"]


def _page_html(info: dict, path: str) -> str:
    stats = selectors.tournament_stats(info["pk"])
    shown = info["standings_public"]
    if not shown:
        stats = selectors.held_figures(stats)
    places_chart, places_sessions = _places_chart(info)
    return render_to_string(
        "tournament_stats/page.html",
        {
            "info": info,
            "title": _("Statistics"),
            "page": "stats",
            "sessions": selectors.session_numbers(info["pk"]),
            "stats": stats,
            "standings_public": shown,
            "fan_chart": charts.fan_bars(stats["fans"]),
            "points_chart": charts.points_histogram(stats["points"]),
            "places_chart": places_chart,
            "places_sessions": [charts.session_label(n) for n in places_sessions],
            "path": path,
        },
    )


def _page_key(info: dict, version: str, name: str) -> str:
    shown = "p" if info["standings_public"] else "u"
    language = translation.get_language()
    return f"tournament_stats:page:{info['pk']}:{version}:{language}:{shown}:{name}"


@require_GET
def stats_page(request, slug: str):
    """`/t/{slug}/stats/`: the statistics, with their pictures, for everyone."""
    info = tournament_info(slug)
    if info is None:
        raise Http404
    if request.GET.get("projector"):
        return _projector(request, info)
    key = _page_key(info, selectors.stats_version(info["pk"]), request.path)
    html = cache.get(key)
    if html is None:
        html = _page_html(info, request.path)
        cache.set(key, html, PAGE_TIMEOUT)
    response = HttpResponse(html)
    response["Cache-Control"] = "public, max-age=0, must-revalidate"
    return response


# -- the hall's projector, between sessions ----------------------------------------------------

PROJECTOR_SECONDS = 15  # each picture stays this long
PROJECTOR_FANS = 12  # the most frequent fans: the projector's bars must fit its screen


def _picture_number(raw: str | None, count: int) -> int:
    """The picture `?picture=` asks for, within 1..count (1 for anything else)."""
    number = int(raw) if raw and raw.isascii() and raw.isdigit() and len(raw) < 4 else 1
    return min(max(number, 1), count)


def _projector_html(info: dict, pictures: list[str], number: int, draw_url: str) -> str:
    stats = selectors.tournament_stats(info["pk"])
    places_chart, _sessions = _places_chart(info) if "places" in pictures else (None, [])
    is_last = number == len(pictures)
    return render_to_string(
        "tournament_stats/projector.html",
        {
            "info": info,
            "pictures": pictures,
            "current": pictures[number - 1],
            "points_chart": charts.points_histogram(stats["points"]),
            "fan_chart": charts.fan_bars(stats["fans"][:PROJECTOR_FANS]),
            "more_fans": max(len(stats["fans"]) - PROJECTOR_FANS, 0),
            "places_chart": places_chart,
            "seconds": PROJECTOR_SECONDS,
            "draw_url": draw_url,
            "next_url": draw_url if is_last else f"?projector=1&picture={number + 1}",
        },
    )


def _projector(request, info: dict) -> HttpResponse:
    """`?projector=1[&picture=k]`: the statistics' pictures in large type, one at a time, for
    the hall's projector, which the draw (public `/t/{slug}/draw/`) turns to between sessions:
    each stays PROJECTOR_SECONDS, then the next, then back to the draw (a small script; a
    refresh where scripts do not run). While a session runs, or with nothing to show yet,
    the draw at once: the players look for their seats, not for pictures."""
    draw_url = reverse("public-draw", args=[info["slug"]])
    pictures = selectors.projector_pictures(info["pk"], info["standings_public"])
    if not pictures or selectors.session_running(info["pk"]):
        response = HttpResponseRedirect(draw_url)
        response["Cache-Control"] = "no-store"
        return response
    number = _picture_number(request.GET.get("picture"), len(pictures))
    key = _page_key(info, selectors.stats_version(info["pk"]), f"projector:{number}")
    html = cache.get(key)
    if html is None:
        html = _projector_html(info, pictures, number, draw_url)
        cache.set(key, html, PAGE_TIMEOUT)
    response = HttpResponse(html)
    response["Cache-Control"] = "no-cache"
    return response
