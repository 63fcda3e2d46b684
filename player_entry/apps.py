from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayerEntryConfig(AppConfig):
    name = "player_entry"
    verbose_name = _("Players' entry")

    def ready(self):
        # Builds on tournaments: its disputes join the tournament's dashboard through the
        # registry tournaments.admin.dashboard owns, which never imports this app.
        from player_entry.admin_pages import slips_urls
        from player_entry.dashboard import (
            disputes_dashboard_panel,
            disputes_waiting,
            sheet_entry_panel,
            umpire_home_disputes,
        )
        from player_entry.printing import seat_card_links
        from player_entry.umpire_views import umpire_queue_panel
        from reports.data.chart import player_links_provider_register
        from tournaments.admin.dashboard import (
            dashboard_counter_register,
            dashboard_panel_register,
        )
        from tournaments.admin.extensions import sheet_panel_register, tournament_urls_register

        dashboard_panel_register(disputes_dashboard_panel)
        # ... and its disputed hands counted among what waits, at the top (the next thing to do).
        dashboard_counter_register(disputes_waiting)
        # ... and the umpire's score-sheet page shows the table's open entry at once.
        sheet_panel_register(sheet_entry_panel)
        # ... and its queue of the hands saved with no network (player_entry.umpire_views).
        sheet_panel_register(umpire_queue_panel)
        # ... and the disputed hands of his tables first on the umpire's home (/umpire/).
        from tournaments.selectors.umpire_home import umpire_disputes_register

        umpire_disputes_register(umpire_home_disputes)
        # The players' links on paper: the seat cards (reports, which never imports this app)
        # print each player's as a QR code where players enter hands; the tournament's admin
        # prints the player-number slips.
        player_links_provider_register(seat_card_links)
        # The phones' unchanged polls answered early hold until who sits where changes.
        from django.db.models.signals import post_delete, post_save

        from player_entry.poll_tickets import expire_on_change
        from tournaments.models import Seat, Session

        for model in (Seat, Session):
            post_save.connect(expire_on_change, sender=model, dispatch_uid=f"tickets-{model}")
        post_delete.connect(expire_on_change, sender=Seat, dispatch_uid="tickets-seat-deleted")
        tournament_urls_register(slips_urls)
        # A hand its players dispute holds its sheet back from the session's countersigning.
        from tournaments.services.signoff import countersign_blockers_register

        countersign_blockers_register(disputed_hands)


def disputed_hands(table_sessions) -> dict[int, str]:
    """The sheets among these with a disputed players' entry, each with the hands disputed."""
    from django.utils.translation import gettext

    from player_entry.models import TableEntry

    disputed = TableEntry.objects.filter(
        table_session__in=table_sessions, status=TableEntry.Status.DISPUTED
    ).order_by("number")
    hands: dict[int, list[str]] = {}
    for sheet_id, number in disputed.values_list("table_session_id", "number"):
        hands.setdefault(sheet_id, []).append(str(number))
    return {
        sheet_id: gettext("Disputed by its players: hand %(hands)s.") % {"hands": ", ".join(n)}
        for sheet_id, n in hands.items()
    }
