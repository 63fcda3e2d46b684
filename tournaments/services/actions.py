"""Which actions are open now: who may (tournaments.policies) and what the object's state
allows (the services' own state rules), in one answer that the admin, the player pages and
the API show instead of re-stating either."""

from dataclasses import dataclass

from tournaments import policies
from tournaments.models import Appeal, TableSession, Tournament
from tournaments.services.sheets import (
    CHECKIN,
    FOULS,
    HANDS,
    SIGN,
    sheet_is_locked,
    sheet_state_refusal,
)


@dataclass(frozen=True)
class SheetActions:
    read: bool = False
    enter_hand: bool = False  # a hand, a draw, the time-limit stop
    record_foul: bool = False  # a penalty, voiding one, removing the last hand
    check_in: bool = False  # an arrival
    substitute: bool = False  # a substitute takes a lost seat
    confirm: bool = False  # recording a player's confirmation
    sign: bool = False
    countersign: bool = False
    correct: bool = False
    assign_umpire: bool = False


def sheet_actions(*, user, sheet: TableSession) -> SheetActions:
    """What this login may do to this sheet now."""
    if not policies.may_read_sheet(user, sheet):
        return SheetActions()
    umpire = policies.umpires_sheet(user, sheet)
    status = sheet.status
    complete = status == TableSession.Status.COMPLETE
    signed_by_him = user is not None and sheet.umpire_signed_by_id == user.pk
    return SheetActions(
        read=True,
        enter_hand=policies.umpire_enters_hands(user, sheet) and state_allows(sheet, HANDS),
        record_foul=umpire and state_allows(sheet, FOULS),
        check_in=policies.may_check_in(user, sheet) and state_allows(sheet, CHECKIN),
        substitute=umpire and state_allows(sheet, CHECKIN),
        confirm=umpire and complete and state_allows(sheet, FOULS),
        sign=umpire and complete and state_allows(sheet, SIGN),
        countersign=policies.may_countersign(user)
        and status == TableSession.Status.SIGNED
        and not signed_by_him
        and state_allows(sheet, SIGN),
        correct=policies.may_correct(user) and sheet_is_locked(sheet),
        assign_umpire=policies.may_assign_umpire(user)
        and sheet.session.tournament.status != Tournament.Status.FINISHED,
    )


def player_may_confirm(sheet: TableSession) -> bool:
    """A seated player's own confirmation is open: the sheet is complete and not yet signed
    (3.9.2, Appendix 5)."""
    return sheet.status == TableSession.Status.COMPLETE and state_allows(sheet, FOULS)


def state_allows(sheet: TableSession, purpose: str) -> bool:
    return sheet_state_refusal(sheet, purpose) is None


@dataclass(frozen=True)
class AppealActions:
    review: bool = False
    decide: bool = False
    withdraw: bool = False


def appeal_actions(*, user, appeal: Appeal) -> AppealActions:
    """What this login may do to this appeal now (3.12)."""
    is_open = appeal.status in Appeal.OPEN_STATUSES
    rules = policies.may_rule_on_appeal(user)
    return AppealActions(
        review=rules and appeal.status == Appeal.Status.FILED,
        decide=rules and appeal.status == Appeal.Status.UNDER_REVIEW,
        withdraw=is_open and policies.may_withdraw_appeal(user, appeal),
    )
