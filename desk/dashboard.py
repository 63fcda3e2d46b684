"""The score desk's panel on the tournament's dashboard (registered in DeskConfig.ready): per
started session, the sheets awaiting a first entry, a second entry, or whose entries differ."""

from django.template.loader import render_to_string

from desk.selectors import desk_in_use, desk_progress

TEMPLATE = "desk/dashboard_panel.html"


def desk_dashboard_panel(request, tournament) -> str:
    """Shown once the desk keyed a sheet of this tournament (a tournament whose umpires enter
    every hand has nothing to show here)."""
    if not desk_in_use(tournament):
        return ""
    return render_to_string(
        TEMPLATE, {"progress": desk_progress(tournament), "tournament": tournament}, request=request
    )
