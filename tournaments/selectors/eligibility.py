"""Who may play: a disqualified or excluded player plays no later session (3.11.4-5).

"Por faltas graves o beneficio ilegal del concurso, un jugador puede perder rango competitivo
y puede ser descalificado de la competición" (3.11.5), and an excluded player loses "el
derecho a entrar en las competiciones más tarde" (3.11.4). Our reading (docs/penalties.md,
"Disqualification and exclusion"): a disqualification or an exclusion in force (not lifted on
appeal) bars the player from every session that starts after it was decided. The hands he
played before stand. Every door asks this module: starting a session, recording a hand he won,
his personal link, the list of links.
"""

import datetime

from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, Q, QuerySet

from tournaments.models import Player, Sanction, Session


def barring_sanctions() -> QuerySet:
    """The sanctions in force that keep their player from later sessions."""
    return Sanction.objects.in_force().filter(kind__in=Sanction.BARRING_KINDS)


def barred_players(players: QuerySet, *, at: datetime.datetime | None = None) -> QuerySet:
    """Those of `players` barred from a session starting at `at` (None: barred now): one with a
    disqualification or an exclusion in force decided by then, or disqualified with no such
    sanction to date it (a status restored from an archive)."""
    barring = barring_sanctions().filter(player=OuterRef("pk"))
    if at is None:
        return players.filter(Q(status=Player.Status.DISQUALIFIED) | Exists(barring))
    disqualified_later = barring.filter(
        kind=Sanction.Kind.DISQUALIFICATION, decided_at__gt=at
    )
    return players.filter(
        Q(~Exists(disqualified_later), status=Player.Status.DISQUALIFIED)
        | Exists(barring.filter(decided_at__lte=at))
    )


def barred_now(player_field: str) -> ExpressionWrapper:
    """An annotation: whether the player `player_field` names is barred now (as
    `barred_players` with no time), for a query that reads his seat anyway."""
    sanctions = barring_sanctions().filter(player=OuterRef(player_field))
    return ExpressionWrapper(
        Q(**{f"{player_field}__status": Player.Status.DISQUALIFIED}) | Exists(sanctions),
        output_field=BooleanField(),
    )


def player_is_barred(player: Player) -> bool:
    """Whether the player is barred from playing from now on."""
    return barred_players(Player.objects.filter(pk=player.pk)).exists()


def player_barred_from_session(player: Player, session: Session) -> bool:
    """Whether the player was barred before this session started (or, not started, is now)."""
    return barred_players(Player.objects.filter(pk=player.pk), at=session.actual_start).exists()


def not_barred(players: QuerySet) -> QuerySet:
    """`players` without those barred now (one query, for lists such as the players' links)."""
    return players.exclude(pk__in=barred_players(Player.objects.all()).values("pk"))
