"""The statistics on other apps' pages: a player's figures and sessions on his public page,
and the projector's turn to the statistics between sessions. The public pages load these
tags in their templates and import nothing of this app (docs/statistics.md)."""

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament_stats import charts, selectors
from tournaments import policies

register = template.Library()


@register.inclusion_tag("tournament_stats/_player_panel.html")
def player_stats_panel(tournament, player, standings_public: bool = True) -> dict:
    """A player's line of the statistics and a picture of his sessions (his place in the
    standings after each, the table points he took in each), for his public page. Nothing
    while the standings are not published (the statistics page then hides the players'
    figures too), neither by the tournament nor by the page (`standings_public`: the state
    the page is rendered and kept for). Read from the figures kept per statistics' version."""
    shown = standings_public and policies.may_read_standings(None, tournament)
    if not shown or player.number is None:
        return {"shown": False}
    places = selectors.session_places(tournament.pk)
    history = selectors.player_places(places, player.number)
    chart = None
    if history is not None and any(p is not None for p in history["places"]):
        chart = charts.player_chart(
            places["sessions"], history["places"], history["table_points"], places["field"]
        )
    return {
        "shown": True,
        "slug": tournament.slug,
        "figures": _figures(selectors.player_stats(tournament.pk, player.number)),
        "chart": chart,
    }


def _figures(row: dict | None) -> list[tuple[str, object]]:
    """(heading, value) of his line of the statistics, as the statistics page's columns."""
    if row is None:
        return []
    return [
        (_("Hands"), row["hands"]),
        (_("Wins"), row["wins"]),
        (_("Self-drawn"), row["self_drawn"]),
        (_("Dealt in"), row["dealt_in"]),
        (_("Average win"), row["win_points_avg"]),
        (_("Biggest win"), row["biggest_hand"]),
    ]


@register.simple_tag
def stats_projector_url(info: dict, draw) -> str:
    """Where the projector's draw turns after its last page: the statistics' pictures while
    no session is running and there is one to show, else "" (the draw starts over)."""
    if draw.running or not selectors.projector_pictures(info["pk"], info["standings_public"]):
        return ""
    return reverse("public-stats", args=[info["slug"]]) + "?projector=1"
