"""The umpire's hands sent from the offline queue of his score-sheet page (issue 28): recorded
by the same services as the page's forms (`hand_record_win`, `hand_record_no_win`), with the
same checks (the sheet's umpire or the chief umpire, `policies.umpire_enters_hands`, the
version the page showed, the sheet's state), and kept by their idempotency key in the same
transaction: the same key sent again finds the hand it recorded and records nothing."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from player_entry.models import UmpireSubmission
from tournaments.errors import TournamentError
from tournaments.models import Hand, TableSession
from tournaments.services.hands import hand_record_no_win, hand_record_win


class KeyUsed(TournamentError):
    """Another login sent a hand of this sheet under this key (409)."""

    def __init__(self):
        super().__init__(
            _("This idempotency key was already used on this sheet by someone else."),
            code="invalid_state",
        )


def _submitted(table_session_id: int, key: str, user) -> UmpireSubmission | None:
    """The hand this key already recorded on the sheet, if it is this user's."""
    found = (
        UmpireSubmission.objects.select_related("hand")
        .filter(table_session_id=table_session_id, key=key)
        .first()
    )
    if found is not None and found.user_id != user.pk:
        raise KeyUsed()
    return found


def umpire_hand_submit(
    *,
    user,
    table_session: TableSession,
    key: str,
    outcome: str,
    expected_version: int,
    hand: dict | None = None,
) -> tuple[UmpireSubmission, bool]:
    """Records the hand (`outcome` win, with `hand` the hand form's `service_kwargs()`; draw or
    time) on the sheet as it was at `expected_version`: (its submission, True). The submission
    this key already made on this sheet, as it is: (it, False)."""
    existing = _submitted(table_session.pk, key, user)
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            return _record(user, table_session.pk, key, outcome, expected_version, hand)
    except IntegrityError:
        existing = _submitted(table_session.pk, key, user)  # the same key sent twice at once
        if existing is None:
            raise
        return existing, False


def _record(
    user, sheet_id: int, key: str, outcome: str, expected_version: int, hand: dict | None
) -> tuple[UmpireSubmission, bool]:
    # The sheet's row first (the services lock it again, in this transaction): the same key
    # sent twice at once waits here, then finds the hand the first one recorded.
    sheet = (
        TableSession.objects.select_for_update(of=("self",))
        .select_related("session__tournament")
        .get(pk=sheet_id)
    )
    existing = _submitted(sheet_id, key, user)
    if existing is not None:
        return existing, False
    if outcome == Hand.Outcome.WIN:
        recorded = hand_record_win(
            table_session=sheet, expected_version=expected_version, user=user, **(hand or {})
        )
    else:
        recorded = hand_record_no_win(
            table_session=sheet, outcome=outcome, expected_version=expected_version, user=user
        )
    submission = UmpireSubmission.objects.create(
        user=user,
        table_session=sheet,
        key=key,
        hand=recorded,
        number=recorded.number,
        # The version this hand left the sheet at: the next hand queued behind it expects it.
        sheet_version=recorded.table_session.version,
    )
    return submission, True
