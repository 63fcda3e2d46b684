"""The Player's Oath sheets (Appendix 2) as plain data: one dict per registered player."""

from collections.abc import Iterable

from django.db.models import F

from reports.data.scoresheet import moment
from tournaments.models import Player, Tournament


def _ordered(tournament: Tournament, players: Iterable[Player] | None):
    """In player-number order (the order of the desk at registration), players without a
    number yet by registration number."""
    queryset = tournament.players.select_related("team")
    if players is not None:
        queryset = queryset.filter(pk__in=[p.pk for p in players])
    return queryset.order_by(F("lot_number").asc(nulls_last=True), "registration_number")


def oath_data(*, tournament: Tournament, players: Iterable[Player] | None = None) -> list[dict]:
    return [
        {
            "form": "oath",
            "tournament": tournament.name,
            "name": player.name,
            "native_name": player.native_name,
            "number": player.lot_number,
            "registration_number": player.registration_number,
            "team": player.team.name if player.team_id else "",
            "country": player.country.name,
            "oath_accepted_at": moment(player.oath_accepted_at),
        }
        for player in _ordered(tournament, players)
    ]
