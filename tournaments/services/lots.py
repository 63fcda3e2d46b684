"""Drawing lots for player numbers (rule 3.5.1): seeded, recorded, re-runnable, with who drew
for an absent player, and, where the tournament requires it, only for players who took the
Player's Oath (Appendix 2) unless the organiser confirms drawing without it."""

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from simple_history.utils import bulk_update_with_history

from tournaments import policies, roles, seating_adapter
from tournaments.errors import TournamentError
from tournaments.history import history_user
from tournaments.live import live_touch
from tournaments.models import Player, Tournament
from tournaments.services.registration import text_problem
from tournaments.system_texts import system_text_store


class OathNotTaken(TournamentError):
    """Lots refused: the tournament requires the Player's Oath (Appendix 2) and these active
    players have not taken it. `players` are they, by registration number; the organiser
    records their oath, or confirms the draw without it (`lots_draw(without_oath=True)`)."""

    field = "without_oath"  # the API's error names the input that confirms

    def __init__(self, players: list[Player]):
        self.players = players
        message = ngettext(
            "The Player's Oath is required before the lots (Appendix 2) and %(n)s player has "
            "not taken it: %(players)s. Record the oath, or confirm drawing lots without it.",
            "The Player's Oath is required before the lots (Appendix 2) and %(n)s players have "
            "not taken it: %(players)s. Record their oath, or confirm drawing lots without it.",
            len(players),
        ) % {"n": len(players), "players": player_names(players)}
        super().__init__(message, code="invalid_state")


def player_names(players: list[Player]) -> str:
    """Players as "r3 Ana García, r7 Li Wei" (r: the registration number; numbers drawn by lot
    may still change)."""
    return ", ".join(f"r{p.registration_number} {p.name}" for p in players)


def lots_players_without_oath(*, tournament: Tournament) -> list[Player]:
    """The active players (those the lots number) who have not taken the Player's Oath, by
    registration number; none when the tournament does not require it (Appendix 2)."""
    if not tournament.oath_required:
        return []
    return list(
        tournament.players.filter(
            status=Player.Status.ACTIVE, oath_accepted_at__isnull=True
        ).order_by("registration_number")
    )


def _check_organiser(user) -> None:
    if user is not None:
        roles.require(policies.may_organise(user), _("Only an organiser can draw lots."))


def _drawer_name(name: str) -> str:
    name = (name or "").strip()
    problem = text_problem(Player, "lot_drawn_by", name)
    if problem:
        raise TournamentError(problem)
    return name


def _checked_drawers(drawn_by: dict[int, str], players: list[Player]) -> dict[int, str]:
    active = {p.registration_number for p in players}
    drawers = {}
    for number, name in drawn_by.items():
        if number not in active:
            raise TournamentError(
                _("No active player has the registration number %(n)s.") % {"n": number}
            )
        drawers[number] = _drawer_name(name)
        if not drawers[number]:
            raise TournamentError(_("Name who drew the lot for player %(n)s.") % {"n": number})
    return drawers


@transaction.atomic
def lots_draw(
    *,
    tournament: Tournament,
    seed: str | None = None,
    drawn_by: dict[int, str] | None = None,
    without_oath: bool = False,
    user=None,
) -> str:
    """Give every active player a number 1..N from a seed that is recorded and printed.

    Anyone can re-run the draw from the seed and the registration numbers to verify it.
    Refused once the seating chart exists (numbers are what the chart is made of).

    Rule 3.5.1: for a player absent at the draw, someone the organising committee names draws
    in his place and the draw is valid. `drawn_by` maps such a player's registration number
    to that person's name; it is recorded on the player (Player.lot_drawn_by). Players not in
    it keep what was recorded before (see `player_set_lot_drawer`).

    Appendix 2: when the tournament requires the Player's Oath (`Tournament.oath_required`),
    lots are drawn only once every active player took it (OathNotTaken names those who did
    not), unless the organiser confirms the draw without it (`without_oath=True`). Such a draw
    is noted, with the players concerned, in the history of the tournament and of each of
    them. A tournament that does not require the oath draws as before.
    """
    _check_organiser(user)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.sessions.exists():
        raise TournamentError(_("The seating chart already exists; lots cannot be drawn again."))
    # Locked: their oath is read and their numbers written (player_accept_oath locks them).
    players = list(
        tournament.players.select_for_update().filter(status=Player.Status.ACTIVE).order_by("pk")
    )
    if len(players) < 4:
        raise TournamentError(_("At least four active players are needed to draw lots."))
    drawers = _checked_drawers(drawn_by or {}, players)
    unsworn = []
    if tournament.oath_required:
        unsworn = sorted(
            (p for p in players if p.oath_accepted_at is None),
            key=lambda p: p.registration_number,
        )
    if unsworn and not without_oath:
        raise OathNotTaken(unsworn)
    seed = (seed or "").strip() or seating_adapter.new_seed()
    lots = seating_adapter.draw_lots([p.registration_number for p in players], seed)
    tournament.players.update(lot_number=None)
    for player in players:
        player.lot_number = lots[player.registration_number]
        player.lot_drawn_by = drawers.get(player.registration_number, player.lot_drawn_by)
    sworn = [p for p in players if p not in unsworn]
    fields = ["lot_number", "lot_drawn_by"]
    bulk_update_with_history(sworn, Player, fields, default_user=history_user())
    if unsworn:
        bulk_update_with_history(
            unsworn,
            Player,
            fields,
            default_user=history_user(),
            default_change_reason=system_text_store("lots.player_without_oath"),
        )
        tournament._change_reason = system_text_store(
            "lots.drawn_without_oath", players=player_names(unsworn)
        )
    tournament.lots_seed = seed
    tournament.save(update_fields=["lots_seed"])
    live_touch(tournament.pk)
    return seed


@transaction.atomic
def player_set_lot_drawer(*, player: Player, drawn_by: str, user=None) -> Player:
    """Record who drew the lot for a player absent at the draw (rule 3.5.1: "el Comité
    Organizador designará a alguien para que lo haga en lugar, y el sorteo será considerado
    válido"); an empty name says the player drew it himself.

    Allowed before the draw or after it, until the seating chart is made from the numbers.
    """
    _check_organiser(user)
    tournament = Tournament.objects.select_for_update().get(pk=player.tournament_id)
    if tournament.sessions.exists():
        raise TournamentError(
            _("The seating chart already exists; who drew the lots can no longer change.")
        )
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.status != Player.Status.ACTIVE:
        raise TournamentError(
            _("Only active players draw lots; %(player)s is %(status)s.")
            % {"player": player.name, "status": player.get_status_display().lower()}
        )
    player.lot_drawn_by = _drawer_name(drawn_by)
    player.save(update_fields=["lot_drawn_by"])
    return player
