from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentStatsConfig(AppConfig):
    """A tournament's statistics (docs/statistics.md): built on tournaments, read-only, no
        models. Nothing in tournaments, public or api imports it in Python; public's player page
    loads its template tag (`stats_tags`) and the draw links to its projector view."""

    name = "tournament_stats"
    verbose_name = _("Statistics")
