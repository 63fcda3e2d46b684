"""Drawing lots for player numbers (rule 3.5.1): seeded, recorded, re-runnable, with who drew
for an absent player."""

from django.db import transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_update_with_history

from tournaments import roles, seating_adapter
from tournaments.errors import TournamentError
from tournaments.history import history_user
from tournaments.live import live_touch
from tournaments.models import Player, Tournament
from tournaments.services.registration import text_problem


def _check_organiser(user) -> None:
    if user is not None:
        roles.require(roles.is_organiser(user), _("Only an organiser can draw lots."))


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
    user=None,
) -> str:
    """Give every active player a number 1..N from a seed that is recorded and printed.

    Anyone can re-run the draw from the seed and the registration numbers to verify it.
    Refused once the seating chart exists (numbers are what the chart is made of).

    Rule 3.5.1: for a player absent at the draw, someone the organising committee names draws
    in his place and the draw is valid. `drawn_by` maps such a player's registration number
    to that person's name; it is recorded on the player (Player.lot_drawn_by). Players not in
    it keep what was recorded before (see `player_set_lot_drawer`).
    """
    _check_organiser(user)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.sessions.exists():
        raise TournamentError(_("The seating chart already exists; lots cannot be drawn again."))
    players = list(tournament.players.filter(status=Player.Status.ACTIVE))
    if len(players) < 4:
        raise TournamentError(_("At least four active players are needed to draw lots."))
    drawers = _checked_drawers(drawn_by or {}, players)
    seed = (seed or "").strip() or seating_adapter.new_seed()
    lots = seating_adapter.draw_lots([p.registration_number for p in players], seed)
    tournament.players.update(lot_number=None)
    for player in players:
        player.lot_number = lots[player.registration_number]
        player.lot_drawn_by = drawers.get(player.registration_number, player.lot_drawn_by)
    bulk_update_with_history(
        players, Player, ["lot_number", "lot_drawn_by"], default_user=history_user()
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
