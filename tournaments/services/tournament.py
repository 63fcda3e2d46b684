"""The tournament's own settings and the assignment of umpires to score sheets."""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.models import Hand, TableSession, Tournament
from tournaments.selectors.umpire_rota import LOCKED_STATUSES
from tournaments.services.results import table_session_recompute
from tournaments.services.sheets import SheetChanged, sheet_touch

# Settings whose change alters stored session results, which are then recomputed: the
# table-point tie rule (3.9.2), the contest points of a forfeited session (3.11.2).
RESULT_SETTINGS = {"tie_rule", "forfeit_contest_points"}
# Settings that decide the official ranking: fixed once a sheet is signed. A disqualified
# player's points for his team (3.11.5) decide the team ranking, not a stored result.
RANKING_SETTINGS = RESULT_SETTINGS | {
    "tie_breaks",
    "carry_over_points",
    "qualifying_sessions",
    "finalists",
    "team_counts_disqualified",
}

# Settings of how the event is played: fixed once it is finished (every sheet of every planned
# session countersigned). More or fewer sessions would make a finished tournament one that is
# not (or one that finished earlier than it did), and who enters hands would open the players'
# entry on a closed event. The chief umpire reopens it first if play goes on.
FINISHED_SETTINGS = {"sessions_planned", "hand_entry"}


def tournament_check_change(
    *, tournament: Tournament, changed: list[str], previous_status: str | None = None, user=None
) -> None:
    """Refuse a change that would alter signed results or the official ranking: once a sheet
    is signed its results change only by a correction, and the rules that rank them stay as
    they were. The hand entry (tiles or points only) is fixed once a hand is recorded; the
    number of sessions and who enters hands once the tournament is finished (409).
    Reopening a finished tournament is for the chief umpire."""
    _check_finished_settings(changed, previous_status)
    if RANKING_SETTINGS & set(changed) and _signed_sheets(tournament).exists():
        raise TournamentError(
            _(
                "Score sheets are already signed: the settings that decide results and the "
                "ranking (%(names)s) can no longer change."
            )
            % {"names": ", ".join(sorted(RANKING_SETTINGS & set(changed)))}
        )
    if "entry_mode" in changed and _hands(tournament).exists():
        raise TournamentError(
            _(
                "Hands are already recorded: the hand entry (tiles or points only) can no "
                "longer change, or the sheets would mix both."
            )
        )
    reopening = previous_status == Tournament.Status.FINISHED and "status" in changed
    if reopening and user is not None:
        roles.require(
            policies.may_reopen_tournament(user),
            _("Only the chief umpire reopens a finished tournament."),
        )


def _check_finished_settings(changed: list[str], previous_status: str | None) -> None:
    """A finished tournament that stays finished keeps FINISHED_SETTINGS (reopening it in the
    same change, by the chief umpire, lets them change)."""
    fixed = FINISHED_SETTINGS & set(changed)
    stays_finished = previous_status == Tournament.Status.FINISHED and "status" not in changed
    if fixed and stays_finished:
        raise TournamentError(
            _(
                "The tournament is finished: %(names)s no longer change (the chief umpire "
                "reopens it first)."
            )
            % {"names": ", ".join(str(_setting_label(name)) for name in sorted(fixed))},
            code="invalid_state",
        )


def _setting_label(name: str):
    return Tournament._meta.get_field(name).verbose_name


def tournament_status_refresh(*, tournament_id: int) -> Tournament:
    """The status follows the facts: seated → running once a session has started → finished
    once every session has its sheets and each one is final (countersigned, Appendix 5).
    Registration and the seating set the first two themselves; a finished tournament is
    reopened only by the chief umpire (tournament_check_change). Called inside the
    transaction of the change that may move it."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    status = _status_from_facts(tournament)
    if status != tournament.status:
        tournament.status = status
        tournament.save(update_fields=["status"])
    return tournament


def _status_from_facts(tournament: Tournament) -> str:
    Status = Tournament.Status
    if tournament.status not in (Status.SEATED, Status.RUNNING):
        return tournament.status
    sessions = tournament.sessions.all()
    if not sessions.filter(actual_start__isnull=False).exists():
        return tournament.status
    open_sheets = TableSession.objects.filter(session__tournament_id=tournament.pk).exclude(
        status=TableSession.Status.FINAL
    )
    complete = (
        sessions.count() >= tournament.sessions_planned
        and not sessions.filter(table_sessions__isnull=True).exists()
        and not open_sheets.exists()
    )
    return Status.FINISHED if complete else Status.RUNNING


def _hands(tournament: Tournament):
    return Hand.objects.filter(table_session__session__tournament_id=tournament.pk)


def _signed_sheets(tournament: Tournament):
    return TableSession.objects.filter(
        session__tournament_id=tournament.pk,
        status__in=[TableSession.Status.SIGNED, TableSession.Status.FINAL],
    )


@transaction.atomic
def tournament_save(
    *, tournament: Tournament, changed: list[str] | None = None, user=None
) -> Tournament:
    """Create or update a tournament; a changed tie rule or forfeit score (RESULT_SETTINGS)
    recomputes every session result, each sheet locked, its version bumped (open forms are
    refused) and its confirmations withdrawn, as for any change of the figures."""
    changed = changed or []
    if tournament.pk is None:
        tournament.full_clean()
        tournament.save()
        return tournament
    sheets = list(
        TableSession.objects.select_for_update()
        .filter(session__tournament_id=tournament.pk)
        .order_by("pk")
    )  # locked before the check, so no sheet is signed between the check and the recompute
    previous = Tournament.objects.filter(pk=tournament.pk).values_list("status", flat=True).first()
    tournament_check_change(
        tournament=tournament, changed=changed, previous_status=previous, user=user
    )
    tournament.full_clean()
    tournament.save()
    if RESULT_SETTINGS & set(changed):
        for sheet in sheets:
            sheet_touch(sheet)
            table_session_recompute(table_session=sheet)
    return tournament


def umpires_check_may_change(tournament: Tournament) -> None:
    """A finished tournament's umpires no longer change: its sheets are the final record
    (409). Every door that assigns umpires asks this: the rota, one sheet's PATCH, the
    admin's action on score sheets."""
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(
            _("The tournament is finished: its umpires no longer change."), code="invalid_state"
        )


def sheet_umpire_is_fixed(sheet: TableSession) -> bool:
    """Who umpired a sheet its umpire has signed (or that is final) stays on record: his
    signature is on it (Appendix 5). The rota leaves such a sheet as it is and lists it; one
    sheet's assignment is refused (`sheet_umpire_check_may_change`)."""
    return sheet.status in LOCKED_STATUSES


def sheet_umpire_check_may_change(sheet: TableSession, tournament: Tournament) -> None:
    """The umpire of this sheet (of `tournament`) may be assigned: the tournament is not
    finished and the sheet is not signed (409 otherwise: `umpires_check_may_change`,
    `sheet_umpire_is_fixed`)."""
    umpires_check_may_change(tournament)
    if sheet_umpire_is_fixed(sheet):
        raise TournamentError(
            _("%(sheet)s is signed: who umpired it stays on record.") % {"sheet": sheet},
            code="locked",
        )


@transaction.atomic
def table_sessions_assign_umpire(
    *,
    table_sessions: QuerySet[TableSession],
    umpire: AbstractBaseUser | None,
    expected_version: int | None = None,
    user=None,
) -> int:
    """Make `umpire` the one umpire who may enter hands on these score sheets (each change is
    kept in the sheet's history, and bumps the sheet's version like any write to it); the
    chief umpire assigns them. `expected_version` (one sheet): the version the user read.
    Refused as a whole, nothing changed, when a sheet's umpire may no longer change (a signed
    sheet, a finished tournament: `sheet_umpire_check_may_change`)."""
    if user is not None:
        roles.require(policies.may_assign_umpire(user), _("Only the chief umpire assigns umpires."))
    count = 0
    # The admin's queryset may be annotated (GROUP BY), which FOR UPDATE refuses: lock by pk.
    sheets = TableSession.objects.filter(pk__in=list(table_sessions.values_list("pk", flat=True)))
    tournaments: dict[int, Tournament] = {}
    for sheet in sheets.select_for_update().select_related("session").order_by("pk"):
        if expected_version is not None and sheet.version != expected_version:
            raise SheetChanged()
        tournament_id = sheet.session.tournament_id
        if tournament_id not in tournaments:
            tournaments[tournament_id] = Tournament.objects.get(pk=tournament_id)
        sheet_umpire_check_may_change(sheet, tournaments[tournament_id])
        if sheet.umpire_id != (umpire.pk if umpire else None):
            sheet.umpire = umpire
            sheet.save(update_fields=["umpire"])
            sheet_touch(sheet, keep_confirmations=True)
        count += 1
    return count
