"""The tournament's own settings and the assignment of umpires to score sheets."""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from tournaments import roles
from tournaments.errors import TournamentError
from tournaments.models import TableSession, Tournament
from tournaments.services.results import table_session_recompute

# Settings whose change alters stored session results, which are then recomputed.
RESULT_SETTINGS = {"tie_rule"}


def tournament_check_change(*, tournament: Tournament, changed: list[str]) -> None:
    """Refuse a change of a setting that alters results once a sheet is signed: a signed
    result changes only by a correction."""
    if not RESULT_SETTINGS & set(changed):
        return
    signed = TableSession.objects.filter(
        session__tournament_id=tournament.pk,
        status__in=[TableSession.Status.SIGNED, TableSession.Status.FINAL],
    )
    if signed.exists():
        raise TournamentError(
            _(
                "Score sheets are already signed: the table-point tie rule can no longer "
                "change, since it would change signed results."
            )
        )


@transaction.atomic
def tournament_save(*, tournament: Tournament, changed: list[str] | None = None) -> Tournament:
    """Create or update a tournament; a changed tie rule recomputes every session result.

    Refused once a sheet is signed: a signed result changes only by a correction.
    """
    creating = tournament.pk is None
    if not creating:
        tournament_check_change(tournament=tournament, changed=changed or [])
    tournament.full_clean()
    tournament.save()
    if not creating and RESULT_SETTINGS & set(changed or []):
        sheets = TableSession.objects.filter(session__tournament=tournament).select_related(
            "session__tournament"
        )
        for table_session in sheets:
            table_session_recompute(table_session=table_session)
    return tournament


@transaction.atomic
def table_sessions_assign_umpire(
    *, table_sessions: QuerySet[TableSession], umpire: AbstractBaseUser | None, user=None
) -> int:
    """Make `umpire` the one umpire who may enter hands on these score sheets (each change is
    kept in the sheet's history); the chief umpire assigns them."""
    if user is not None:
        roles.require(roles.is_director(user), _("Only the chief umpire assigns umpires."))
    count = 0
    # The admin's queryset may be annotated (GROUP BY), which FOR UPDATE refuses: lock by pk.
    sheets = TableSession.objects.filter(pk__in=list(table_sessions.values_list("pk", flat=True)))
    for sheet in sheets.select_for_update().order_by("pk"):
        if sheet.umpire_id != (umpire.pk if umpire else None):
            sheet.umpire = umpire
            sheet.save(update_fields=["umpire"])
        count += 1
    return count
