"""API of the series (docs/federation.md, "Series"): one view per endpoint.

- `GET /api/series/`: every series (any logged-in user); `POST`: a new one (organisers and
  the chief umpire: a series spans tournaments, so any organiser of the system).
- `GET /api/series/{slug}/standings/`: its standings from each tournament's official
  standings. Any logged-in user; a tournament whose standings he may not read
  (tournaments.policies.may_read_standings: held back, staff only) is left out, as the
  public page `/s/{slug}/` leaves it out for everyone.
- `GET /api/series/{slug}/links/`: the confirmed links and the suggested ones (organisers);
  `POST`: confirm a link; `DELETE /api/series/{slug}/links/{player}/`: undo a player's.

Writes go through series.services, which checks the role and the input and writes all or
nothing; a refusal is the API's error format, naming the field.
"""

from functools import partial

from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import MAX_INTEGER, error_responses
from api.views.event import PAGE_PARAMETERS, page_of, paginated
from series import selectors
from series.models import Series, SeriesPlayerLink
from series.services import (
    SeriesRefused,
    series_create,
    series_player_link,
    series_player_unlink,
)
from tournaments import policies, roles
from tournaments.models import Player

MAX_TOURNAMENTS = 200
SLUG = OpenApiParameter(
    "slug",
    str,
    OpenApiParameter.PATH,
    description=gettext_lazy("The series' slug, as in its public address /s/{slug}/."),
)
PLAYER = OpenApiParameter(
    "player",
    int,
    OpenApiParameter.PATH,
    description=gettext_lazy("The player record's id (as the links and the standings give it)."),
)
MAX_LINKED = 50


def series_for(slug: str) -> Series:
    return get_object_or_404(Series, slug=slug)


def _require_organiser(user) -> None:
    roles.require(policies.may_organise(user), _("Only an organiser creates and changes a series."))


class SeriesOutput(serializers.ModelSerializer):
    tournaments = serializers.SlugRelatedField(
        slug_field="slug",
        many=True,
        read_only=True,
        help_text=gettext_lazy("slugs of its tournaments"),
    )

    class Meta:
        model = Series
        fields = ["name", "slug", "tournaments", "created_at"]
        read_only_fields = fields
        extra_kwargs = {
            "name": {"help_text": gettext_lazy("the series' name")},
            "slug": {"help_text": gettext_lazy("its short name in addresses: /s/{slug}/")},
            "created_at": {"help_text": gettext_lazy("when it was created")},
        }


class SeriesInput(serializers.Serializer):
    name = serializers.CharField(max_length=200, help_text=gettext_lazy("the series' name"))
    slug = serializers.SlugField(
        max_length=80, help_text=gettext_lazy("its short name in addresses, e.g. league-2026")
    )
    tournaments = serializers.ListField(
        child=serializers.CharField(max_length=80),
        allow_empty=False,
        max_length=MAX_TOURNAMENTS,
        help_text=gettext_lazy("slugs of its tournaments (at least one)"),
    )


class SeriesListApi(APIView):
    """The series (any logged-in user), and a new one (organisers, the chief umpire)."""

    @extend_schema(
        operation_id="series_list",
        summary=gettext_lazy("List the series"),
        parameters=PAGE_PARAMETERS,
        responses={200: page_of("SeriesPage", SeriesOutput), **error_responses(400, 401, 404)},
    )
    def get(self, request):
        """Every series, newest first."""
        found = Series.objects.prefetch_related("tournaments")
        return paginated(request, self, found, SeriesOutput)

    @extend_schema(
        operation_id="series_create",
        summary=gettext_lazy("Create a series"),
        request=SeriesInput,
        responses={201: SeriesOutput, **error_responses(400, 401, 403)},
    )
    def post(self, request):
        """A series groups tournaments: `name`, `slug` (not taken) and `tournaments` (the
        slugs of existing tournaments, at least one). Organisers and the chief umpire."""
        _require_organiser(request.user)  # who first, then what
        serializer = SeriesInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        series = series_create(
            name=data["name"],
            slug=data["slug"],
            tournament_slugs=data["tournaments"],
            user=request.user,
        )
        return Response(SeriesOutput(series).data, status=status.HTTP_201_CREATED)


_Figures = inline_serializer(
    name="SeriesTournamentFigures",
    fields={
        "tournament": serializers.CharField(help_text=gettext_lazy("the tournament's slug")),
        "played": serializers.BooleanField(
            help_text=gettext_lazy(
                "he has a counted session there (official standings); false: no other field"
            )
        ),
        "player_id": serializers.IntegerField(
            required=False, help_text=gettext_lazy("his player record there")
        ),
        "number": serializers.IntegerField(
            required=False, allow_null=True, help_text=gettext_lazy("his player number there")
        ),
        "rank": serializers.IntegerField(
            required=False,
            allow_null=True,
            help_text=gettext_lazy("his place there; null: disqualified"),
        ),
        "status": serializers.CharField(
            required=False,
            help_text=gettext_lazy(
                "disqualified, loss_of_rank, withdrawn, or empty: a plain place"
            ),
        ),
        "counted": serializers.BooleanField(
            required=False,
            help_text=gettext_lazy("counts for the series (false: he was disqualified there)"),
        ),
        "table_points": serializers.FloatField(
            required=False, help_text=gettext_lazy("table points there")
        ),
        "contest_points": serializers.IntegerField(
            required=False, help_text=gettext_lazy("contest points there")
        ),
    },
)

_Person = inline_serializer(
    name="SeriesPerson",
    fields={
        "rank": serializers.IntegerField(
            allow_null=True,
            help_text=gettext_lazy("place in the series; null: no tournament counts"),
        ),
        "key": serializers.CharField(
            help_text=gettext_lazy(
                "who he is in the series: ema-<number>, person-<link> or player-<id>"
            )
        ),
        "name": serializers.CharField(help_text=gettext_lazy("his name in his latest tournament")),
        "ema_id": serializers.CharField(help_text=gettext_lazy("EMA number, or empty")),
        "country": serializers.CharField(
            help_text=gettext_lazy("ISO 3166-1 alpha-2 code of his country, or empty")
        ),
        "matched_by": serializers.CharField(
            help_text=gettext_lazy(
                "ema (same EMA number), link (confirmed by the organiser), or empty: one "
                "tournament's player alone"
            )
        ),
        "table_points": serializers.FloatField(
            help_text=gettext_lazy("sum of the table points counted")
        ),
        "contest_points": serializers.IntegerField(
            help_text=gettext_lazy("sum of the contest points counted")
        ),
        "tournaments": serializers.ListField(
            child=_Figures, help_text=gettext_lazy("his figures in each tournament, in order")
        ),
    },
)


class SeriesColumn(serializers.Serializer):
    slug = serializers.CharField(help_text=gettext_lazy("the tournament's slug"))
    name = serializers.CharField(help_text=gettext_lazy("the tournament's name"))


StandingsOutput = inline_serializer(
    name="SeriesStandings",
    fields={
        "series": inline_serializer(
            name="SeriesName",
            fields={
                "name": serializers.CharField(help_text=gettext_lazy("the series' name")),
                "slug": serializers.CharField(help_text=gettext_lazy("the series' slug")),
            },
        ),
        "tournaments": serializers.ListField(
            child=SeriesColumn(), help_text=gettext_lazy("its tournaments, by start date")
        ),
        "held": serializers.ListField(
            child=SeriesColumn(),
            help_text=gettext_lazy(
                "its tournaments whose standings you may not read yet (their director holds "
                "them back): left out, their players and figures too"
            ),
        ),
        "people": serializers.ListField(
            child=_Person,
            help_text=gettext_lazy(
                "people in order: table points, then contest points; those no tournament "
                "counts for last, without a rank"
            ),
        ),
    },
)


class SeriesStandingsApi(APIView):
    """A series' standings across its tournaments."""

    @extend_schema(
        operation_id="series_standings_retrieve",
        parameters=[SLUG],
        summary=gettext_lazy("Read a series' standings"),
        responses={200: StandingsOutput, **error_responses(401, 404)},
    )
    def get(self, request, slug):
        """Players matched by EMA number, else by a link the organiser confirmed, ranked by
        the sum of their table points, then contest points, from each tournament's official
        standings (signed sheets only); a tournament where a player was disqualified does
        not count for him. Any logged-in user; a tournament whose standings he may not read
        yet (held back by its director: staff read them) is left out, named in `held`."""
        standings = selectors.series_standings(
            series_for(slug), readable=partial(policies.may_read_standings, request.user)
        )
        return Response(selectors.series_standings_as_dict(standings))


class LinkedPlayerOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text=gettext_lazy("the player record's id"))
    tournament = serializers.CharField(help_text=gettext_lazy("its tournament's slug"))
    number = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("player number (lot), or null")
    )
    name = serializers.CharField(help_text=gettext_lazy("player's name"))
    ema_id = serializers.CharField(help_text=gettext_lazy("EMA number, or empty"))


LinkOutput = inline_serializer(
    name="SeriesLink",
    fields={
        "person": serializers.IntegerField(help_text=gettext_lazy("the linked person's id")),
        "players": serializers.ListField(
            child=LinkedPlayerOutput(), help_text=gettext_lazy("his players, one per tournament")
        ),
    },
)

LinksOutput = inline_serializer(
    name="SeriesLinks",
    fields={
        "links": serializers.ListField(
            child=LinkOutput, help_text=gettext_lazy("the links confirmed")
        ),
        "suggestions": serializers.ListField(
            child=inline_serializer(
                name="SeriesLinkSuggestion",
                fields={
                    "name": serializers.CharField(help_text=gettext_lazy("the name they share")),
                    "players": serializers.ListField(
                        child=LinkedPlayerOutput(),
                        help_text=gettext_lazy("players of several tournaments with this name"),
                    ),
                },
            ),
            help_text=gettext_lazy(
                "players with the same name in several tournaments, not yet one person: to "
                "confirm (POST) or not; never joined by name alone"
            ),
        ),
    },
)


class LinkInput(serializers.Serializer):
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_INTEGER),
        min_length=2,
        max_length=MAX_LINKED,
        help_text=gettext_lazy("ids of the players who are one person (one per tournament)"),
    )


def _player_dict(player: Player) -> dict:
    return {
        "id": player.pk,
        "tournament": player.tournament.slug,
        "number": player.lot_number,
        "name": player.name,
        "ema_id": player.ema_id,
    }


def _links(series: Series) -> list[dict]:
    people: dict[int, list[dict]] = {}
    found = SeriesPlayerLink.objects.filter(series=series).select_related("player__tournament")
    for link in found.order_by("person_id", "tournament__start_date", "pk"):
        people.setdefault(link.person_id, []).append(_player_dict(link.player))
    return [{"person": person, "players": players} for person, players in people.items()]


def _suggestion_dict(suggestion: selectors.LinkSuggestion) -> dict:
    return {
        "name": suggestion.name,
        "players": [
            {
                "id": p.player_id,
                "tournament": p.tournament,
                "number": p.number,
                "name": p.name,
                "ema_id": p.ema_id,
            }
            for p in suggestion.players
        ],
    }


class SeriesLinksApi(APIView):
    """The links between players of a series: read them with the suggestions, confirm one
    (organisers, the chief umpire)."""

    @extend_schema(
        operation_id="series_links_retrieve",
        parameters=[SLUG],
        summary=gettext_lazy("Read a series' links and suggested links"),
        responses={200: LinksOutput, **error_responses(401, 403, 404)},
    )
    def get(self, request, slug):
        """The confirmed links, and the players with the same name in several tournaments who
        are not yet one person (no shared EMA number, no link)."""
        series = series_for(slug)
        _require_organiser(request.user)
        suggestions = selectors.series_link_suggestions(series)
        return Response(
            {"links": _links(series), "suggestions": [_suggestion_dict(s) for s in suggestions]}
        )

    @extend_schema(
        operation_id="series_links_create",
        parameters=[SLUG],
        summary=gettext_lazy("Confirm that players are one person"),
        request=LinkInput,
        responses={201: LinkOutput, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request, slug):
        """These players (ids, of different tournaments of the series) are one person; a
        player already linked brings his links along. Refused (400, `players`): an unknown
        id, a player of another tournament, two of one tournament, two EMA numbers."""
        series = series_for(slug)
        _require_organiser(request.user)
        serializer = LinkInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        ids = list(dict.fromkeys(serializer.validated_data["players"]))
        players = list(Player.objects.filter(pk__in=ids).select_related("tournament"))
        unknown = sorted(set(ids) - {p.pk for p in players})
        if unknown:
            raise SeriesRefused(
                _("No player has the id %(ids)s.") % {"ids": ", ".join(map(str, unknown))},
                field="players",
                code="unknown_player",
            )
        person = series_player_link(series=series, players=players, user=request.user)
        linked = person.links.select_related("player__tournament").order_by("pk")
        body = {"person": person.pk, "players": [_player_dict(link.player) for link in linked]}
        return Response(body, status=status.HTTP_201_CREATED)


class SeriesLinkDetailApi(APIView):
    """One player's link in a series."""

    @extend_schema(
        operation_id="series_links_destroy",
        parameters=[SLUG, PLAYER],
        summary=gettext_lazy("Undo a player's link"),
        responses={204: None, **error_responses(400, 401, 403, 404)},
    )
    def delete(self, request, slug, player):
        """The player is no longer linked to anyone in the series (his EMA number still
        joins him). Organisers and the chief umpire."""
        series = series_for(slug)
        _require_organiser(request.user)
        found = get_object_or_404(Player, pk=player) if player <= MAX_INTEGER else None
        if found is None:
            raise SeriesRefused(_("No such player."), field="player", code="not_found")
        series_player_unlink(series=series, player=found, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


urlpatterns = [
    path("api/series/", SeriesListApi.as_view(), name="api-series"),
    path(
        "api/series/<slug:slug>/standings/",
        SeriesStandingsApi.as_view(),
        name="api-series-standings",
    ),
    path("api/series/<slug:slug>/links/", SeriesLinksApi.as_view(), name="api-series-links"),
    path(
        "api/series/<slug:slug>/links/<int:player>/",
        SeriesLinkDetailApi.as_view(),
        name="api-series-link",
    ),
]
