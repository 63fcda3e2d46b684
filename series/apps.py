from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeriesConfig(AppConfig):
    """Series of tournaments (a club's league): players ranked across its tournaments."""

    name = "series"
    verbose_name = _("Series")
