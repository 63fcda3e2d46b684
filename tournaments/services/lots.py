"""Drawing lots for player numbers (rule 3.5.1): seeded, recorded, re-runnable."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import seating_adapter
from tournaments.errors import TournamentError
from tournaments.models import Player, Tournament


@transaction.atomic
def lots_draw(*, tournament: Tournament, seed: str | None = None) -> str:
    """Give every active player a number 1..N from a seed that is recorded and printed.

    Anyone can re-run the draw from the seed and the registration numbers to verify it.
    Refused once the seating chart exists (numbers are what the chart is made of).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.sessions.exists():
        raise TournamentError(_("The seating chart already exists; lots cannot be drawn again."))
    players = list(tournament.players.filter(status=Player.Status.ACTIVE))
    if len(players) < 4:
        raise TournamentError(_("At least four active players are needed to draw lots."))
    seed = (seed or "").strip() or seating_adapter.new_seed()
    lots = seating_adapter.draw_lots([p.registration_number for p in players], seed)
    tournament.players.update(lot_number=None)
    for player in players:
        player.lot_number = lots[player.registration_number]
    Player.objects.bulk_update(players, ["lot_number"])
    tournament.lots_seed = seed
    tournament.save(update_fields=["lots_seed"])
    return seed
