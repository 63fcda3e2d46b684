from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DeskConfig(AppConfig):
    name = "desk"
    verbose_name = _("Score desk")

    def ready(self):
        # The desk builds on tournaments: it adds its counts to the tournament's dashboard
        # through the registry tournaments.admin.dashboard owns, which never imports desk.
        from desk.archive import SECTION
        from desk.dashboard import desk_dashboard_panel, desk_waiting
        from desk.demo import desk_demo_key
        from tournaments.admin.dashboard import (
            dashboard_counter_register,
            dashboard_panel_register,
        )
        from tournaments.archive.sections import archive_section_register
        from tournaments.demo.paper import demo_paper_keyer_register

        dashboard_panel_register(desk_dashboard_panel)
        # ... and the sheets waiting at the desk among what waits, at the top of the dashboard.
        dashboard_counter_register(desk_waiting)
        # Its entries are a section of the tournament's archive (desk.archive).
        archive_section_register(SECTION)
        # The demo's paper session is keyed at the desk.
        demo_paper_keyer_register(desk_demo_key)
