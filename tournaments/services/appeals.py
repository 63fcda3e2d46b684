"""Appeals against an umpire's ruling (rules 3.12-3.13): filing, review, ruling, withdrawal.

- 3.12.1: the player concerned or his team's captain appeals (the chief umpire may enter a
  written appeal handed in on paper on their behalf).
- 3.12.2: within 30 minutes after the end of the session concerned, with a fee returned if
  the appeal is upheld and forfeited otherwise.
- 3.12.3: in writing, confirmed by the filer.
- 3.12.4 / 3.13.3: the arbitration committee rules; it may judge and verify but may not
  overturn an umpire's ruling made according to the rules. An upheld appeal that changes a
  result does so through a director's correction, which the ruling links.
"""

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.models import (
    Appeal,
    Correction,
    Hand,
    Penalty,
    Player,
    Seat,
    Session,
    TableSession,
)
from tournaments.selectors.appeals import appeal_deadline, local_time
from tournaments.system_texts import system_text_store
from tournaments.texts import clean_text

# A paper appeal's time may be entered a little ahead of the server's clock (a wrist watch);
# anything later is a typing error.
CLOCK_TOLERANCE = timedelta(minutes=2)
# The statement, the ruling and its reasons are text fields: their limits are kept here.
STATEMENT_MAX_LENGTH = 2000
RULING_MAX_LENGTH = 2000
# Appeals of one player open at once (filed or under review) in a tournament.
MAX_OPEN_APPEALS = 3


def _field(name: str) -> str:
    return Appeal._meta.get_field(name).verbose_name


def _refuse_too_many_open(player: Player) -> None:
    """A player has at most MAX_OPEN_APPEALS appeals open at once (not yet decided or
    withdrawn); the player's row is locked so that two filings cannot both pass."""
    Player.objects.select_for_update().filter(pk=player.pk).first()
    open_count = Appeal.objects.filter(player=player, status__in=Appeal.OPEN_STATUSES).count()
    if open_count >= MAX_OPEN_APPEALS:
        raise TournamentError(
            _(
                "%(player)s already has %(count)s open appeals, the most a player may have "
                "at once (%(max)s): wait for their rulings or withdraw one first."
            )
            % {"player": player, "count": open_count, "max": MAX_OPEN_APPEALS},
            code="invalid_state",
        )


def appeal_filer_capacity(*, user, player: Player) -> str:
    """How this login may file for this player: "player", "captain" or "paper" (the chief
    umpire entering a written appeal). Refuses anyone else (3.12.1)."""
    capacity = policies.appeal_capacity(user, player)
    if capacity is not None:
        return capacity
    raise roles.PermissionRefused(
        _(
            "Only the player concerned or his team's captain may appeal (rule 3.12.1); the "
            "chief umpire may enter a written appeal handed in on paper."
        )
    )


def _sheet_of(session: Session, player: Player) -> TableSession | None:
    """The sheet the player sat at in this session (or was replaced at, 3.11.2)."""
    seat = (
        Seat.objects.filter(session=session)
        .filter(Q(player=player) | Q(replaced_player=player))
        .select_related("table_session")
        .first()
    )
    return seat.table_session if seat is not None else None


def _check_what(
    *,
    subject: str,
    sheet: TableSession,
    hand: Hand | None,
    penalty: Penalty | None,
) -> None:
    if subject not in Appeal.Subject.values:
        raise TournamentError(_("Say what the appeal is against."))
    if subject == Appeal.Subject.HAND and hand is None:
        raise TournamentError(_("Name the hand the appeal is against."))
    if subject == Appeal.Subject.PENALTY and penalty is None:
        raise TournamentError(_("Name the penalty the appeal is against."))
    if hand is not None and subject != Appeal.Subject.HAND:
        raise TournamentError(_("Name a hand only in an appeal against a hand."))
    if penalty is not None and subject != Appeal.Subject.PENALTY:
        raise TournamentError(_("Name a penalty only in an appeal against a penalty."))
    if hand is not None and hand.table_session_id != sheet.pk:
        raise TournamentError(
            _("Hand %(n)s is not on the player's score sheet (%(sheet)s).")
            % {"n": hand.number, "sheet": sheet}
        )
    if penalty is not None and penalty.table_session_id != sheet.pk:
        raise TournamentError(
            _("This penalty is not on the player's score sheet (%(sheet)s).") % {"sheet": sheet}
        )


def _check_deadline(session: Session, filed_at: datetime) -> None:
    refusal = appeal_window_refusal(session, filed_at)
    if refusal is not None:
        raise refusal


def appeal_window_refusal(session: Session, at: datetime) -> TournamentError | None:
    """Why an appeal about this session cannot be filed at `at`, or None when it can.
    Rule 3.12.2: "dentro de los 30 minutos después del final de la partida en cuestión".
    A session still running is open to appeals; the window closes 30 minutes after its end."""
    if session.actual_start is None:
        return TournamentError(
            _("%(session)s has not started: there is no ruling to appeal yet.")
            % {"session": session}
        )
    if at < session.actual_start:
        return TournamentError(
            _("An appeal cannot be filed before %(session)s started (%(start)s).")
            % {"session": session, "start": local_time(session.actual_start)}
        )
    deadline = appeal_deadline(session)
    if deadline is not None and at > deadline:
        return TournamentError(
            _(
                "Too late: an appeal about %(session)s had to be filed by %(deadline)s, "
                "30 minutes after the session ended (rule 3.12.2)."
            )
            % {"session": session, "deadline": local_time(deadline)},
            code="late",
        )
    return None


@transaction.atomic
def appeal_file(
    *,
    session: Session,
    player: Player,
    subject: str,
    statement: str,
    confirmed: bool,
    hand: Hand | None = None,
    penalty: Penalty | None = None,
    table_session: TableSession | None = None,
    filed_at: datetime | None = None,
    signed_by_captain: bool = False,
    user,
) -> Appeal:
    """File an appeal against a ruling in `session` for `player` (rules 3.12.1-3.12.3).

    The filer is the player himself or his team's captain on their own login, or the chief
    umpire entering a written appeal handed in on paper (then `filed_at` is the time it was
    handed in, and `signed_by_captain` says whether the captain signed it). `confirmed` is the
    filer's written confirmation of the appeal and its fee. The fee is copied from the
    tournament. `user=None` (the system, e.g. the demo builder) needs `filed_by` anyway: pass
    the chief umpire's login.
    """
    if user is None:
        raise TournamentError(_("An appeal records who filed it: log in to file one."))
    session = (
        Session.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=session.pk)
    )
    tournament = session.tournament
    if player.tournament_id != tournament.pk:
        raise TournamentError(
            _("%(player)s does not play in this tournament.") % {"player": player}
        )
    capacity = appeal_filer_capacity(user=user, player=player)
    now = timezone.now()
    if filed_at is None:
        filed_at = now
    elif capacity != "paper":
        raise roles.PermissionRefused(
            _("Only the chief umpire enters the time a written appeal was handed in.")
        )
    elif filed_at > now + CLOCK_TOLERANCE:
        raise TournamentError(_("The time the appeal was handed in is in the future."))
    if not confirmed:
        raise TournamentError(
            _(
                "An appeal is made in writing and confirmed by the filer: tick "
                '"I confirm this appeal and its fee" (rule 3.12.3).'
            )
        )
    statement = clean_text(
        statement,
        missing=_("Write the appeal: which ruling, and why it is wrong."),
        field=_field("statement"),
        max_length=STATEMENT_MAX_LENGTH,
    )
    _check_deadline(session, filed_at)
    sheet = _sheet_of(session, player)
    if sheet is None:
        raise TournamentError(
            _("%(player)s did not play in %(session)s.") % {"player": player, "session": session}
        )
    if table_session is not None and table_session.pk != sheet.pk:
        raise TournamentError(
            _("%(player)s did not sit at %(sheet)s.") % {"player": player, "sheet": table_session}
        )
    _check_what(subject=subject, sheet=sheet, hand=hand, penalty=penalty)
    _refuse_too_many_open(player)

    appeal = Appeal(
        session=session,
        table_session=sheet,
        player=player,
        filed_by=user,
        filed_as_captain=capacity == "captain" or (capacity == "paper" and signed_by_captain),
        filed_at=filed_at,
        subject=subject,
        hand=hand,
        penalty=penalty,
        statement=statement,
        confirmed_by_filer=True,
        fee_amount=tournament.appeal_fee,
        fee_currency=tournament.appeal_currency,
    )
    if capacity == "paper":
        appeal._change_reason = system_text_store("appeal.filed_on_paper")
    elif capacity == "captain":
        appeal._change_reason = system_text_store("appeal.filed_by_captain")
    else:
        appeal._change_reason = system_text_store("appeal.filed_by_player")
    appeal._history_user = user
    appeal.save()
    return appeal


def _lock(appeal: Appeal) -> Appeal:
    return (
        # Lock the appeal row only: PostgreSQL refuses FOR UPDATE on the nullable side of
        # the outer joins that select_related makes.
        Appeal.objects.select_for_update(of=("self",))
        .select_related("session__tournament", "player__team__captain", "table_session")
        .get(pk=appeal.pk)
    )


def _refuse_unless_open(appeal: Appeal, message: str) -> None:
    """`message` names the appeal's status as %(status)s."""
    if appeal.status not in Appeal.OPEN_STATUSES:
        raise TournamentError(
            message % {"status": appeal.get_status_display().lower()}, code="invalid_state"
        )


def _save(appeal: Appeal, *, user, reason: str) -> Appeal:
    appeal._change_reason = reason
    if user is not None:
        appeal._history_user = user
    appeal.save()
    return appeal


def _require_committee(user) -> None:
    if user is not None:
        roles.require(
            policies.may_rule_on_appeal(user),
            _("Only the arbitration committee rules on appeals (rule 3.12.4)."),
        )


@transaction.atomic
def appeal_start_review(*, appeal: Appeal, user) -> Appeal:
    """The arbitration committee takes up a filed appeal (3.12.4: "Se dan todas las
    apelaciones escritas a la Comisión de arbitraje")."""
    _require_committee(user)
    locked = _lock(appeal)
    if locked.status != Appeal.Status.FILED:
        raise TournamentError(
            _("Only a filed appeal can be taken under review; this one is %(status)s.")
            % {"status": locked.get_status_display().lower()},
            code="invalid_state",
        )
    locked.status = Appeal.Status.UNDER_REVIEW
    return _save(locked, user=user, reason=system_text_store("appeal.under_review"))


@transaction.atomic
def appeal_decide(
    *,
    appeal: Appeal,
    upheld: bool,
    ruling: str,
    reasons: str,
    correction: Correction | None = None,
    user,
) -> Appeal:
    """The committee's ruling on an appeal under review (3.12.2, 3.13.3).

    Upheld: the fee is returned; rejected: it is forfeited. The committee judges and verifies
    but may not overturn an umpire's ruling made according to the rules (3.13.3). A result
    changes only through a director's correction of the appeal's own score sheet, which an
    upheld ruling links here (the correction is made first, by the chief umpire).
    """
    _require_committee(user)
    ruling = clean_text(
        ruling,
        missing=_("Write the committee's ruling."),
        field=_field("ruling"),
        max_length=RULING_MAX_LENGTH,
    )
    reasons = clean_text(
        reasons,
        missing=_("Give the reasons for the ruling."),
        field=_field("reasons"),
        max_length=RULING_MAX_LENGTH,
    )
    locked = _lock(appeal)
    _refuse_unless_open(locked, _("This appeal is already %(status)s: it cannot be decided again."))
    if locked.status != Appeal.Status.UNDER_REVIEW:
        raise TournamentError(
            _("Take the appeal under review before deciding it."), code="invalid_state"
        )
    if correction is not None:
        _check_correction(locked, correction, upheld=upheld)
    locked.status = Appeal.Status.UPHELD if upheld else Appeal.Status.REJECTED
    locked.fee_status = Appeal.FeeStatus.RETURNED if upheld else Appeal.FeeStatus.FORFEITED
    locked.ruling = ruling
    locked.reasons = reasons
    locked.ruled_by = user
    locked.ruled_at = timezone.now()
    locked.correction = correction
    reason = system_text_store("appeal.upheld" if upheld else "appeal.rejected")
    return _save(locked, user=user, reason=reason)


def _check_correction(appeal: Appeal, correction: Correction, *, upheld: bool) -> None:
    if not upheld:
        raise TournamentError(_("A rejected appeal changes no result: link no correction."))
    if appeal.table_session_id is None or correction.table_session_id != appeal.table_session_id:
        raise TournamentError(
            _("This correction is of another score sheet (%(sheet)s), not the appeal's.")
            % {"sheet": correction.table_session}
        )
    if correction.made_at < appeal.filed_at:
        raise TournamentError(_("This correction was made before the appeal was filed."))
    other = Appeal.objects.filter(correction=correction).exclude(pk=appeal.pk).values("pk").first()
    if other is not None:
        raise TournamentError(
            _("This correction already settles appeal %(pk)s.") % {"pk": other["pk"]}
        )


@transaction.atomic
def appeal_withdraw(*, appeal: Appeal, user) -> Appeal:
    """Withdraw an open appeal: by whoever filed it, the player concerned or his captain, or
    the chief umpire (a withdrawal handed in on paper). The fee is forfeited (3.12.2: "si el
    jugador gana, el precio volverá al jugador; de lo contrario se pierde el dinero")."""
    locked = _lock(appeal)
    if user is not None:
        roles.require(
            policies.may_withdraw_appeal(user, locked),
            _(
                "Only the filer, the player concerned, his captain or the chief umpire may "
                "withdraw an appeal."
            ),
        )
    _refuse_unless_open(
        locked, _("This appeal is already %(status)s: it can no longer be withdrawn.")
    )
    locked.status = Appeal.Status.WITHDRAWN
    locked.fee_status = Appeal.FeeStatus.FORFEITED
    locked.ruled_at = timezone.now()
    return _save(locked, user=user, reason=system_text_store("appeal.withdrawn"))
