"""The Player's Oath (Appendix 2) before a player's first seat.

Where the tournament requires the oath (`Tournament.oath_required`), no seating gives a player
his first seat of the tournament until he took it, unless the organiser confirms seating him
without it, as the draw of lots does (`tournaments.services.lots`). The draw asks it of the
players it numbers; this asks it of everyone a seating seats for the first time: the whole
chart, a re-seat (players registered after the draw, substitutes filling its empty seats), a
seeded final session, and a substitute taking a lost seat at the table (3.11.2). Every door
(admin, API, commands) reaches it through those services.

A seat in a session that stays is a first seat already taken: only a seat in a session that is
drawn again does not count (a re-seat replaces it).
"""

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from simple_history.utils import bulk_update_with_history

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.history import history_user
from tournaments.models import Player, Seat, Session, Tournament
from tournaments.services.lots import player_names
from tournaments.system_texts import system_text_store


class FirstSeatWithoutOath(TournamentError):
    """A seating refused: these players would take their first seat without the Player's Oath
    the tournament requires (Appendix 2). The organiser records their oath, or confirms the
    seating without it (`without_oath=True` on the seating service)."""

    field = "without_oath"  # the API's error names the input that confirms

    def __init__(self, players: list[Player]):
        self.players = players
        message = ngettext(
            "The Player's Oath is required (Appendix 2) and %(n)s player would take his first "
            "seat without having taken it: %(players)s. Record the oath, or confirm seating "
            "without it.",
            "The Player's Oath is required (Appendix 2) and %(n)s players would take their "
            "first seat without having taken it: %(players)s. Record their oath, or confirm "
            "seating without it.",
            len(players),
        ) % {"n": len(players), "players": player_names(players)}
        super().__init__(message, code="invalid_state")


def first_seats_without_oath(
    *, tournament: Tournament, players, sessions_kept: QuerySet[Session]
) -> list[Player]:
    """Of the `players` a seating gives a seat, those for whom it is their first seat of the
    tournament (no seat in `sessions_kept`, the sessions that stay) and who have not taken the
    oath the tournament requires; by registration number. None when it does not require it."""
    if not tournament.oath_required:
        return []
    unsworn = {p.pk: p for p in players if p.oath_accepted_at is None}
    if not unsworn:
        return []
    seated = set(
        Seat.objects.filter(session__in=sessions_kept, player_id__in=unsworn).values_list(
            "player_id", flat=True
        )
    )
    first = [p for pk, p in unsworn.items() if pk not in seated]
    return sorted(first, key=lambda p: p.registration_number)


def oath_check_first_seats(
    *,
    tournament: Tournament,
    players,
    sessions_kept: QuerySet[Session],
    without_oath: bool = False,
    user=None,
) -> list[Player]:
    """Appendix 2 at a first seat: refuse (FirstSeatWithoutOath, naming them) while players
    would take their first seat without the oath, unless `without_oath`, the organiser's
    confirmation (a login that may not organise is refused it). Returns those players: the
    seating notes them (`oath_note_first_seats`)."""
    unsworn = first_seats_without_oath(
        tournament=tournament, players=players, sessions_kept=sessions_kept
    )
    if unsworn and not without_oath:
        raise FirstSeatWithoutOath(unsworn)
    if unsworn and user is not None:
        roles.require(
            policies.may_organise(user),
            _("Only an organiser confirms seating a player without the Player's Oath."),
        )
    return unsworn


def oath_note_first_seats(players: list[Player]) -> None:
    """Note in each player's history that he took his first seat without the oath, as the
    organiser confirmed (the dashboard keeps listing him until he takes it)."""
    if players:
        bulk_update_with_history(
            players,
            Player,
            ["oath_accepted_at"],
            default_user=history_user(),
            default_change_reason=system_text_store("seating.first_seat_without_oath"),
        )
