"""Pages that apps built on tournaments add to a tournament's admin (reports: the seating
chart's PDFs and the printed forms). Tournaments does not import those apps: each registers
what it brings from its AppConfig.ready, and the admin adds it.
"""

from collections.abc import Callable

from django.utils.safestring import mark_safe

# Each: model_admin -> a list of URL patterns under the tournament's admin (named
# "tournaments_tournament_...", reversed as "admin:tournaments_tournament_...").
TOURNAMENT_URLS: list[Callable[..., list]] = []


def tournament_urls_register(urls: Callable[..., list]) -> None:
    """Add `urls(model_admin)` to the tournament's admin URLs (once)."""
    if urls not in TOURNAMENT_URLS:
        TOURNAMENT_URLS.append(urls)


def tournament_page(model_admin, view: Callable):
    """`view(model_admin, request, object_id)` as an admin URL's view: wrapped by the admin
    site (login, staff only)."""

    def handler(request, object_id):
        return view(model_admin, request, object_id)

    return model_admin.admin_site.admin_view(handler)


def registered_urls(model_admin) -> list:
    """The URLs every registered app adds, in the order they registered."""
    return [pattern for urls in TOURNAMENT_URLS for pattern in urls(model_admin)]


# Panels that apps add to the umpire's score-sheet page (player_entry: the hand the players
# entered and its dispute), each `panel(request, table_session) -> html`.
SHEET_PANELS: list[Callable] = []


def sheet_panel_register(panel: Callable) -> None:
    """Show `panel(request, table_session)` on every score sheet's page (once)."""
    if panel not in SHEET_PANELS:
        SHEET_PANELS.append(panel)


def sheet_panels_html(request, table_session) -> str:
    # Each panel renders a template (escaped by Django); their concatenation stays safe.
    return mark_safe("".join(str(panel(request, table_session)) for panel in SHEET_PANELS))


# The printed forms' names, in the order the print page offers them ("all": the whole
# tournament's zip); who may print each is tournaments.policies.may_print.
PRINTABLE_FORMS: list[str] = []


def printable_forms_register(names) -> None:
    """The forms an app prints (reports: reports.printing.KIND_NAMES)."""
    PRINTABLE_FORMS.extend(name for name in names if name not in PRINTABLE_FORMS)
