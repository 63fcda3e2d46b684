from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayerEntryConfig(AppConfig):
    name = "player_entry"
    verbose_name = _("Players' entry")

    def ready(self):
        # Builds on tournaments: its disputes join the tournament's dashboard through the
        # registry tournaments.admin.dashboard owns, which never imports this app.
        from player_entry.dashboard import disputes_dashboard_panel, sheet_entry_panel
        from tournaments.admin.dashboard import dashboard_panel_register
        from tournaments.admin.extensions import sheet_panel_register

        dashboard_panel_register(disputes_dashboard_panel)
        # ... and the umpire's score-sheet page shows the table's open entry at once.
        sheet_panel_register(sheet_entry_panel)
