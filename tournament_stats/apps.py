from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentStatsConfig(AppConfig):
    """A tournament's statistics (docs/statistics.md): built on tournaments, read-only, no
    models. Nothing in tournaments, public or api imports it."""

    name = "tournament_stats"
    verbose_name = _("Statistics")
