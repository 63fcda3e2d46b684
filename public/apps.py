from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublicConfig(AppConfig):
    name = "public"
    verbose_name = _("Public pages")

    def ready(self):
        # A tournament's info the public pages keep (its name, whether its standings are
        # published) is read again as soon as a change of it commits.
        from django.db.models.signals import post_delete, post_save

        from public.views import tournament_info_refresh
        from tournaments.models import Tournament

        post_save.connect(tournament_info_refresh, sender=Tournament, dispatch_uid="public-info")
        post_delete.connect(
            tournament_info_refresh, sender=Tournament, dispatch_uid="public-info-deleted"
        )
