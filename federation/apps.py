from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FederationConfig(AppConfig):
    """The federation's results: the EMA export of a tournament's official standings."""

    name = "federation"
    verbose_name = _("Federation")
