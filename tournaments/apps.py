from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from tournaments.live import connect_registration_signals

        connect_registration_signals()
        # The chief umpire's button to countersign a session at once, on the dashboard.
        from tournaments.admin.dashboard import dashboard_panel_register
        from tournaments.admin.session_countersign import countersign_dashboard_panel

        dashboard_panel_register(countersign_dashboard_panel)
        # The archive from the browser, as background jobs (kinds "backup" and "restore").
        from tournaments.services.archive_restore import archive_jobs_register

        archive_jobs_register()
