"""The data of the seating forms as plain dicts: the table-rotation chart (Appendix 3), the
list of each player's table and seat by session, and the seat cards with the seat rotation
(Appendix 4). Built from tournaments.selectors.chart; texts are translated here, so that the
renderers in reports.forms.chart only lay them out.
"""

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from reports.base import after, list_join
from tournaments.display import wind_legend, wind_letter, wind_name
from tournaments.models import Session, Tournament
from tournaments.selectors.chart import (
    ChartSeat,
    SeatCard,
    player_schedule,
    seat_cards,
    seating_chart,
)

# The appendix names sessions "Game One", "Game Two", ...; beyond twelve, by number.
_GAME_TITLES = (
    gettext_lazy("Game One"),
    gettext_lazy("Game Two"),
    gettext_lazy("Game Three"),
    gettext_lazy("Game Four"),
    gettext_lazy("Game Five"),
    gettext_lazy("Game Six"),
    gettext_lazy("Game Seven"),
    gettext_lazy("Game Eight"),
    gettext_lazy("Game Nine"),
    gettext_lazy("Game Ten"),
    gettext_lazy("Game Eleven"),
    gettext_lazy("Game Twelve"),
)
_ROUND_TITLES = {
    "E": gettext_lazy("East Wind Round"),
    "S": gettext_lazy("South Wind Round"),
    "W": gettext_lazy("West Wind Round"),
    "N": gettext_lazy("North Wind Round"),
}


def game_title(number: int) -> str:
    if 1 <= number <= len(_GAME_TITLES):
        return str(_GAME_TITLES[number - 1])
    return _("Game %(n)s") % {"n": number}


def _session_note(*, group: str, stage: str) -> str:
    parts = [_("group %(g)s") % {"g": group}] if group else []
    if stage == Session.Stage.FINAL:
        parts.append(_("final stage"))
    return list_join(parts)


def _chart_cell(seat: ChartSeat) -> str:
    """A seat as the chart prints it: the number; a substitute's mark, with the number of the
    player he replaces."""
    if seat.replaced is not None:
        return after(seat.label, seat.replaced.label)
    return seat.label


def chart_data(*, tournament: Tournament) -> dict:
    """Appendix 3: per session ("Game One", ...) its tables and their four player numbers at
    East, South, West, North at the start."""
    chart = seating_chart(tournament=tournament)
    return {
        "tournament": chart.tournament,
        "winds": wind_legend(),
        "sessions": [
            {
                "number": session.number,
                "title": game_title(session.number),
                "note": _session_note(group=session.group, stage=session.stage),
                "tables": [
                    {
                        "number": table.number,
                        "group": table.group,
                        "players": [_chart_cell(seat) for seat in table.seats],
                    }
                    for table in session.tables
                ],
            }
            for session in chart.sessions
        ],
        "substitutes": [
            {"mark": s.mark, "name": s.name, "native_name": s.native_name}
            for s in chart.substitutes
        ],
        "replacement": _first_replacement(chart),
    }


def _first_replacement(chart) -> dict | None:
    """The chart's first substitute in a replaced player's seat, which its legend explains
    ("S1 (14)": substitute S1 in the seat of player 14), or None."""
    for session in chart.sessions:
        for table in session.tables:
            for seat in table.seats:
                if seat.replaced is not None:
                    return {
                        "cell": _chart_cell(seat),
                        "mark": seat.label,
                        "number": seat.replaced.label,
                    }
    return None


def schedule_data(*, tournament: Tournament) -> dict:
    """Each player's table and starting seat per session, by player number."""
    schedule = player_schedule(tournament=tournament)
    return {
        "tournament": schedule.tournament,
        "sessions": [{"number": n, "title": game_title(n)} for n in schedule.sessions],
        "rows": [
            {
                "number": row.label,
                "name": row.name,
                "native_name": row.native_name,
                "team": row.team,
                "substitute": row.substitute,
                "cells": [
                    None
                    if cell is None
                    else {
                        "table": cell.table,
                        "wind": wind_letter(cell.wind),
                        "replaced": cell.replaced,
                    }
                    for cell in row.cells
                ],
            }
            for row in schedule.rows
        ],
    }


# -- the players' own links on the seat cards (issue 28) ------------------------------------
# An app that gives players a personal link to their table on their phones (player_entry)
# registers `provider(tournament, player_ids) -> {player_id: absolute URL}` from its
# AppConfig.ready; reports never imports it. Where players enter hands, each seat of a card
# then carries its player's link (printed as a QR code); otherwise no seat has one.
PLAYER_LINKS_PROVIDERS: list[Callable[[Tournament, list[int]], dict[int, str]]] = []


def player_links_provider_register(provider: Callable) -> None:
    """Print on the seat cards the links `provider(tournament, player_ids)` gives (once)."""
    if provider not in PLAYER_LINKS_PROVIDERS:
        PLAYER_LINKS_PROVIDERS.append(provider)


def player_links(tournament: Tournament, player_ids: list[int]) -> dict[int, str]:
    """The players' links to print on their seat cards: none unless players enter hands."""
    if tournament.hand_entry == Tournament.HandEntry.UMPIRES or not player_ids:
        return {}
    links: dict[int, str] = {}
    for provider in PLAYER_LINKS_PROVIDERS:
        links.update(provider(tournament, player_ids))
    return links


def _person(seat: ChartSeat) -> dict:
    return {
        "label": seat.label,
        "name": seat.name,
        "native_name": seat.native_name,
        "team": seat.team,
        "substitute": seat.substitute,
        "replaced": seat.replaced.label if seat.replaced is not None else "",
    }


def _card(card: SeatCard, links: dict[int, str]) -> dict:
    return {
        "session": card.session,
        "session_title": game_title(card.session),
        "note": _session_note(group=card.session_group, stage=card.stage),
        "table": card.table,
        "table_group": card.table_group,
        "seats": [
            {
                "position": s.position,
                "wind": s.wind,
                "wind_name": wind_name(s.wind),
                "player_id": s.player_id,
                "link": links.get(s.player_id, ""),
            }
            | _person(s)
            for s in card.seats
        ],
        "rounds": [
            {
                "number": r.number,
                "title": str(_ROUND_TITLES[r.prevalent_wind]),
                "first_hand": r.first_hand,
                "last_hand": r.first_hand + 3,
                "dealer_position": r.dealer_position,
                "seats": [
                    {
                        "wind": s.wind,
                        "position": s.position,
                        "dealer": s.position == r.dealer_position,
                    }
                    | _person(s.seat)
                    for s in r.seats
                ],
            }
            for r in card.rounds
        ],
    }


def seat_cards_data(
    *, tournament: Tournament, session: int | None = None, table: int | None = None
) -> dict:
    """One card per table and session (all, or one session's, or one table's): the four
    players at their starting seats and the seat rotation of Appendix 4, dealers marked; where
    players enter hands, each seat's `link` is its player's own (see player_links), else ""."""
    cards = seat_cards(tournament=tournament, session=session, table=table)
    seated = sorted({seat.player_id for card in cards for seat in card.seats})
    links = player_links(tournament, seated)
    return {
        "tournament": tournament.name,
        "winds": wind_legend(),
        "cards": [_card(c, links) for c in cards],
    }
