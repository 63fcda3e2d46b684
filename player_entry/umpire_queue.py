"""The umpire's hands sent from the offline queue of his score-sheet page (issue 28): recorded
by the same services as the page's forms (`hand_record_win`, `hand_record_no_win`), with the
same checks (the sheet's umpire or the chief umpire, `policies.umpire_enters_hands`, the
version the page showed, the sheet's state), and kept by their idempotency key in the same
transaction: the same key sent again finds the hand it recorded and records nothing.

A post of the page's own form whose answer the network lost reaches the queue too (the
service worker keeps it) under a new key, though the server may have recorded it: when the
sheet moved on since and its last hand is that very hand (the number the page expected, this
login's, the same outcome, seats, points or tiles and flowers), it is that hand, kept under
the key, not a refusal the umpire would answer by entering it twice."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from player_entry.idempotency import check_same_request, fingerprint
from player_entry.models import UmpireSubmission
from tournaments.errors import TournamentError
from tournaments.models import Hand, TableSession
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.sheets import SheetChanged


class KeyUsed(TournamentError):
    """Another login sent a hand of this sheet under this key (409)."""

    def __init__(self):
        super().__init__(
            _("This idempotency key was already used on this sheet by someone else."),
            code="invalid_state",
        )


def _submitted(table_session_id: int, key: str, user, sent: str) -> UmpireSubmission | None:
    """The hand this key already recorded on the sheet, if it is this user's and was sent by
    this very request (`sent`: its fingerprint; another request: KeyReused, 422)."""
    found = (
        UmpireSubmission.objects.select_related("hand")
        .filter(table_session_id=table_session_id, key=key)
        .first()
    )
    if found is not None:
        if found.user_id != user.pk:
            raise KeyUsed()
        check_same_request(key=key, kept=found.fingerprint, sent=sent)
    return found


def umpire_hand_submit(
    *,
    user,
    table_session: TableSession,
    key: str,
    outcome: str,
    expected_version: int,
    hand: dict | None = None,
    number: int | None = None,
) -> tuple[UmpireSubmission, bool]:
    """Records the hand (`outcome` win, with `hand` the hand form's `service_kwargs()`; draw or
    time) on the sheet as it was at `expected_version`: (its submission, True). The submission
    this key already made on this sheet, or the same hand at `number` (the number the page
    expected) already recorded by this login, the sheet having moved on: (it, False). The key
    sent again with another hand: KeyReused (422)."""
    sent = fingerprint({"outcome": outcome, "hand": hand, "number": number})
    existing = _submitted(table_session.pk, key, user, sent)
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            return _record(
                user, table_session.pk, (key, sent), outcome, expected_version, hand, number
            )
    except IntegrityError:
        existing = _submitted(table_session.pk, key, user, sent)  # sent twice at once
        if existing is None:
            raise
        return existing, False


def _record(
    user,
    sheet_id: int,
    request: tuple[str, str],
    outcome: str,
    expected_version: int,
    hand: dict | None,
    number: int | None,
) -> tuple[UmpireSubmission, bool]:
    # The sheet's row first (the services lock it again, in this transaction): the same key
    # sent twice at once waits here, then finds the hand the first one recorded.
    sheet = (
        TableSession.objects.select_for_update(of=("self",))
        .select_related("session__tournament")
        .get(pk=sheet_id)
    )
    existing = _submitted(sheet_id, request[0], user, request[1])
    if existing is not None:
        return existing, False
    try:
        if outcome == Hand.Outcome.WIN:
            recorded = hand_record_win(
                table_session=sheet, expected_version=expected_version, user=user, **(hand or {})
            )
        else:
            recorded = hand_record_no_win(
                table_session=sheet, outcome=outcome, expected_version=expected_version, user=user
            )
    except SheetChanged:
        recorded = _same_last_hand(sheet, user, number, outcome, hand or {})
        if recorded is None:
            raise
        return _kept(user, sheet, request, recorded), False
    return _kept(user, sheet, request, recorded), True


def _kept(user, sheet: TableSession, request: tuple[str, str], recorded: Hand) -> UmpireSubmission:
    """`request`: the key and the fingerprint of the request that sent the hand."""
    key, sent = request
    return UmpireSubmission.objects.create(
        user=user,
        table_session=sheet,
        key=key,
        fingerprint=sent,
        hand=recorded,
        number=recorded.number,
        # The version this hand left the sheet at: the next hand queued behind it expects it.
        sheet_version=recorded.table_session.version,
    )


def _same_last_hand(
    sheet: TableSession, user, number: int | None, outcome: str, hand: dict
) -> Hand | None:
    """The sheet's last hand, when it is the hand this post describes (see the module's
    docstring) and no other key of the queue holds it."""
    last = sheet.hands.order_by("-number").first()
    if number is None or last is None or last.number != number:
        return None
    if last.entered_by_id != user.pk or last.outcome != outcome:
        return None
    if UmpireSubmission.objects.filter(hand=last).exists():
        return None
    if outcome != Hand.Outcome.WIN:
        return last
    same_seats = (last.winner_position, last.discarder_position or None) == (
        hand.get("winner"),
        hand.get("discarder") or None,
    )
    if "tiles" in hand:
        same_hand = last.tiles == hand["tiles"]
    else:
        same_hand = (last.points, last.flowers) == (hand.get("points"), hand.get("flowers", 0))
    return last if same_seats and same_hand else None
