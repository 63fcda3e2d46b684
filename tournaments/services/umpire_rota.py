"""The umpire rota (issue 29): the chief umpire gives an umpire several tables for several
sessions at once ("X takes tables 1-4 for the whole event", "for sessions 3-5"), or takes
them away (no umpire).

The rota is the score sheets' own umpire (`TableSession.umpire`): each sheet of those tables
in those sessions is assigned through `table_sessions_assign_umpire`, as one sheet is from the
score sheet page (kept in the sheet's history, its version bumped, its confirmations kept).
What the rota leaves as it is, and reports:

- a (session, table) with no sheet yet (that session's seating is not generated): nothing is
  kept for it; assign the rota again once the sheets exist;
- a sheet its umpire has signed (or final): who umpired a played sheet stays on record
  (`sheet_umpire_is_fixed`, the rule one sheet's assignment asks too, where it is refused).

Refused as a whole, with nothing written: a login that may not assign umpires, a login that
is not an umpire, a table or session the tournament does not have, a finished tournament.
"""

from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.models import TableSession, Tournament
from tournaments.selectors.umpire_rota import rota_session_numbers, rota_table_numbers
from tournaments.services.tournament import (
    sheet_umpire_is_fixed,
    table_sessions_assign_umpire,
    umpires_check_may_change,
)


class RotaRefused(TournamentError):
    """The rota's input is refused (`field`: tables, sessions or umpire); nothing changed."""

    def __init__(self, message: str, *, field: str | None = None, code: str = "invalid"):
        super().__init__(message, code=code)
        self.field = field


class NotAnUmpire(RotaRefused):
    """The login given the tables is not an active umpire or chief umpire."""

    def __init__(self, username: str):
        super().__init__(
            _(
                "%(username)s is not an umpire: only an active umpire or chief umpire can be "
                "given tables."
            )
            % {"username": username},
            field="umpire",
            code="not_an_umpire",
        )


@dataclass
class RotaResult:
    """What one assignment did: the sheets that have the umpire now (`assigned`, those that
    already had him included), how many changed, the (session, table) pairs without a sheet
    (`missing`), and the signed sheets left as they are (`locked`: session, table, their
    umpire's username or None)."""

    umpire: AbstractBaseUser | None
    assigned: list[TableSession] = field(default_factory=list)
    changed: int = 0
    missing: list[tuple[int, int]] = field(default_factory=list)
    locked: list[tuple[int, int, str | None]] = field(default_factory=list)


def _numbers(values: list[int], *, name: str, known: list[int]) -> list[int]:
    """The numbers asked, sorted and once each; refused when empty, not whole numbers, or not
    among the tournament's `known` ones."""
    if not values:
        message = {
            "tables": _("Name at least one table."),
            "sessions": _("Name at least one session."),
        }[name]
        raise RotaRefused(message, field=name)
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in values):
        raise RotaRefused(_("Table and session numbers are whole numbers from 1."), field=name)
    numbers = sorted(set(values))
    known_numbers = set(known)
    unknown = [n for n in numbers if n not in known_numbers]
    if unknown:
        listed = ", ".join(str(n) for n in unknown[:10]) + ("…" if len(unknown) > 10 else "")
        message = {
            "tables": _("This tournament has no table %(numbers)s."),
            "sessions": _("This tournament has no session %(numbers)s."),
        }[name]
        raise RotaRefused(message % {"numbers": listed}, field=name)
    return numbers


@transaction.atomic
def umpire_rota_assign(
    *,
    user,
    tournament: Tournament,
    umpire: AbstractBaseUser | None,
    table_numbers: list[int],
    session_numbers: list[int],
) -> RotaResult:
    """Give `umpire` (None: no umpire) every existing sheet of these tables in these sessions
    of the tournament, in one transaction, the sheets locked before they are read; see the
    module's docstring for what is left as it is and what is refused."""
    roles.require(policies.may_assign_umpire(user), _("Only the chief umpire assigns umpires."))
    tournament = Tournament.objects.get(pk=tournament.pk)  # its status as it is now
    umpires_check_may_change(tournament)
    if umpire is not None and not policies.assignable_umpires().filter(pk=umpire.pk).exists():
        raise NotAnUmpire(umpire.get_username())
    tables = _numbers(table_numbers, name="tables", known=rota_table_numbers(tournament))
    sessions = _numbers(session_numbers, name="sessions", known=rota_session_numbers(tournament))
    sheets = list(
        TableSession.objects.select_for_update(of=("self",))
        .filter(
            session__tournament=tournament, session__number__in=sessions, table__number__in=tables
        )
        .select_related("session", "table", "umpire")
        .order_by("pk")
    )
    result = RotaResult(umpire=umpire)
    found = {(sheet.session.number, sheet.table.number): sheet for sheet in sheets}
    result.missing = [(s, t) for s in sessions for t in tables if (s, t) not in found]
    open_sheets = []
    for key in sorted(found):
        sheet = found[key]
        if sheet_umpire_is_fixed(sheet):
            username = sheet.umpire.get_username() if sheet.umpire_id else None
            result.locked.append((*key, username))
        else:
            open_sheets.append(sheet)
    target = umpire.pk if umpire is not None else None
    result.changed = sum(sheet.umpire_id != target for sheet in open_sheets)
    result.assigned = open_sheets
    if open_sheets:
        table_sessions_assign_umpire(
            table_sessions=TableSession.objects.filter(pk__in=[s.pk for s in open_sheets]),
            umpire=umpire,
            user=user,
        )
    return result
