"""The players' writes (issue 28): their personal links, and the hands they enter, confirm,
dispute or withdraw on their phones; the umpire's settling of a disputed entry.

An entry goes through the same doors as the umpire's hand: the sheet is locked, the version
the phone read is checked (412), then the sheet's state (409), and the hand is scored by the
scoring core before it is kept (400). Nothing counts until a player of the table who neither
entered it nor won it confirms it (rule 3.7.1): then it is recorded by `hand_record_win` /
`hand_record_no_win`, as the system (`user=None`) once `policies.may_enter_at_table` was
asked here, with the version the entry was made on, so a sheet that moved on in between
refuses it. A phone's entry sent twice (its queue replayed after the network came back) is
found by its idempotency key and applied once; another hand under the same key is refused
(player_entry.idempotency).
"""

import re
import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from player_entry.idempotency import check_same_request, fingerprint
from player_entry.models import PlayerLink, TableEntry
from player_entry.selectors import live_links
from player_entry.table_version import table_version_touch
from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.models import Hand, Player, TableSession
from tournaments.selectors import eligibility
from tournaments.selectors.session_time import time_stop_check
from tournaments.services.hands import (
    check_winner_not_barred,
    hand_preview,
    hand_record_no_win,
    hand_record_win,
)
from tournaments.services.sheets import HANDS, SheetChanged, sheet_state_refusal
from tournaments.texts import check_text, clean_text, visible_text

TOKEN_BYTES = 24  # 32 characters in the address: guessing one is hopeless
# What a token is made of (secrets.token_urlsafe): anything else is no link, and is never
# looked up (PostgreSQL refuses a NUL character in a query's text).
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
REASON_MAX_LENGTH = TableEntry._meta.get_field("reason").max_length


class EntryRefused(TournamentError):
    """The entry is not in a state that takes this answer (409)."""

    def __init__(self, message: str):
        super().__init__(message, code="invalid_state")


# -- links ------------------------------------------------------------------------------------


def player_link_issue(*, player: Player) -> PlayerLink:
    """The player's live link, made if he has none."""
    link = PlayerLink.objects.filter(player=player, revoked_at__isnull=True).first()
    if link is not None:
        return link
    try:
        with transaction.atomic():
            return PlayerLink.objects.create(player=player, token=_new_token())
    except IntegrityError:  # made at the same moment by another request
        return PlayerLink.objects.get(player=player, revoked_at__isnull=True)


def player_links_issue(*, tournament) -> list[PlayerLink]:
    """Every player's live link (made where missing), in player-number order; none for a
    disqualified or excluded player, who plays no more (3.11.4-5)."""
    players = tournament.players.order_by("lot_number", "registration_number")
    players = eligibility.not_barred(players)
    return [player_link_issue(player=player) for player in players]


@transaction.atomic
def player_link_revoke(*, player: Player, user=None) -> PlayerLink:
    """Ends the player's link at once (a phone signed in with it is signed out at its next
    request, its next poll included: player_entry.poll_tickets reads the link) and gives him a
    new one. `user=None`: the system (the command line)."""
    if user is not None:
        roles.require(
            policies.may_manage_player_links(user),
            _("Only an organiser or the chief umpire revokes a player's link."),
        )
    PlayerLink.objects.select_for_update().filter(player=player, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    try:
        with transaction.atomic():
            return PlayerLink.objects.create(player=player, token=_new_token())
    except IntegrityError:  # revoked twice at once: the other made the new link
        return PlayerLink.objects.get(player=player, revoked_at__isnull=True)


def _new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def player_link_find(token: str) -> PlayerLink | None:
    """The live link of this token, with its player and tournament; None if there is none."""
    if not TOKEN.fullmatch(token or ""):
        return None
    return live_links().filter(token=token).first()


# -- entries ----------------------------------------------------------------------------------


def _not_at_table() -> str:
    return _("Only a player seated at this table enters or answers its hands.")


def _lock_sheet(table_session_id: int) -> TableSession:
    return (
        TableSession.objects.select_for_update(of=("self",))
        .select_related("session__tournament")
        .get(pk=table_session_id)
    )


def table_entry_submit(
    *, player: Player, table_session: TableSession, data: dict, key: str, seen_version: int
) -> tuple[TableEntry, bool]:
    """Keeps a hand the player entered, pending: (the entry, True); the entry this key already
    made, as it is now: (the entry, False); the key sent with another hand: KeyReused (422).
    `data`: outcome, winner, discarder (None: self-drawn), points, flowers, hand (tiles), as
    the umpire's API takes them."""
    sent = fingerprint(data)
    existing = _made_by_key(player, key, sent)
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            return _submit(player, table_session.pk, data, key, sent, seen_version)
    except IntegrityError:
        existing = _made_by_key(player, key, sent)
        if existing is None:  # not a replay: another entry of the table got in first
            raise EntryRefused(_waiting_message()) from None
        return existing, False


def _made_by_key(player: Player, key: str, sent: str) -> TableEntry | None:
    """The entry the player's key made, if it made one of this very request (`sent`: its
    fingerprint); KeyReused if it made one of another."""
    existing = TableEntry.objects.filter(entered_by=player, key=key).first()
    if existing is not None:
        check_same_request(key=key, kept=existing.fingerprint, sent=sent)
    return existing


def _submit(
    player: Player, sheet_id: int, data: dict, key: str, sent: str, seen_version: int
) -> tuple[TableEntry, bool]:
    sheet = _lock_sheet(sheet_id)
    # Read again under the lock: the same entry sent twice at once (a slow network, two tabs)
    # waited here while the first made it.
    existing = _made_by_key(player, key, sent)
    if existing is not None:
        return existing, False
    roles.require(policies.may_enter_at_table(player, sheet), _not_at_table())
    if sheet.version != seen_version:
        raise SheetChanged()
    refusal = sheet_state_refusal(sheet, HANDS)
    if refusal is not None:
        raise refusal
    if TableEntry.objects.filter(table_session=sheet, status__in=TableEntry.OPEN).exists():
        raise EntryRefused(_waiting_message())
    number = sheet.hands.count() + 1
    winner = data.get("winner") or ""
    discarder = data.get("discarder") or ""
    points, flowers = data.get("points"), data.get("flowers") or 0
    if data["outcome"] == Hand.Outcome.WIN:
        preview = hand_preview(  # the scoring core refuses an invalid or under-8 hand now
            table_session=sheet,
            winner=winner,
            discarder=discarder or None,
            tiles=data.get("hand"),
            points=points,
            flowers=flowers,
        )
        # A tiles hand's points are the core's: kept, the other players check them.
        number, points, flowers = preview.number, preview.points, preview.flowers
        _check_winner_plays(sheet, winner)
    elif data["outcome"] == Hand.Outcome.TIME_LIMIT:
        time_stop_check(sheet.session)
    entry = TableEntry.objects.create(
        table_session=sheet,
        number=number,
        outcome=data["outcome"],
        winner=winner,
        discarder=discarder,
        points=points,
        flowers=flowers,
        tiles=data.get("hand"),
        entered_by=player,
        key=key,
        fingerprint=sent,
        seen_version=seen_version,
    )
    table_version_touch(sheet.pk)
    return entry, True


def _check_winner_plays(sheet: TableSession, winner: str) -> None:
    """Refused at once, as the umpire's hand would be (`check_winner_not_barred`)."""
    seats = list(
        sheet.seats.filter(position=winner).annotate(player_barred=eligibility.barred_now("player"))
    )
    if seats:
        check_winner_not_barred(seats, winner)


def _waiting_message() -> str:
    return _(
        "A hand entered at this table awaits its answer: confirm or dispute it before "
        "entering the next."
    )


def _lock_entry(entry_id: int) -> TableEntry:
    entry = (
        TableEntry.objects.select_for_update(of=("self",))
        .select_related("table_session__session__tournament", "entered_by")
        .filter(pk=entry_id)
        .first()
    )
    if entry is None:
        raise TableEntry.DoesNotExist
    return entry


def _answer_check(entry: TableEntry, player: Player) -> None:
    roles.require(policies.may_enter_at_table(player, entry.table_session), _not_at_table())
    roles.require(
        entry.entered_by_id != player.pk,
        _("The player who entered a hand cannot confirm or dispute it: another player does."),
    )


def table_entry_confirm_refusal(*, entry: TableEntry, position: str | None) -> str | None:
    """Why the player seated at `position` of the entry's table may not confirm it; None when
    he may. Rule 3.7.1: the winner announces his hand, and "el árbitro y los otros 3 jugadores
    verificarán y confirmarán la corrección": the check is the others'. So an entry counts once
    confirmed by a player who neither entered it nor won it: whoever entered it, a player who
    pays the hand confirms it. A draw or a time-limit stop has no winner: any player but the
    one who entered it. (The winner may still dispute it: a wrong hand of his calls the
    umpire too.)"""
    if entry.winner and position == entry.winner:
        return _(
            "The winner of a hand does not confirm it: one of the other players of the table "
            "checks it and confirms it (rule 3.7.1)."
        )
    return None


def _confirm_check(entry: TableEntry, player: Player) -> None:
    _answer_check(entry, player)
    position = (
        entry.table_session.seats.filter(player=player).values_list("position", flat=True).first()
    )
    refusal = table_entry_confirm_refusal(entry=entry, position=position)
    roles.require(refusal is None, refusal)


@transaction.atomic
def table_entry_confirm(*, player: Player, entry_id: int) -> TableEntry:
    """A player of the table who neither entered the entry nor won it confirms it (rule
    3.7.1: `table_entry_confirm_refusal`): it is recorded now, or refused (kept as refused,
    with the reason) when the sheet no longer takes it."""
    entry = _lock_entry(entry_id)
    if entry.status == TableEntry.Status.RECORDED and entry.answered_by_id == player.pk:
        return entry  # his confirmation sent twice
    _confirm_check(entry, player)
    if entry.status != TableEntry.Status.PENDING:
        raise EntryRefused(_no_longer_pending(entry))
    entry.answered_by, entry.answered_at = player, timezone.now()
    try:
        with transaction.atomic():
            entry.hand = _record(entry, author=player.user)
            entry.status = TableEntry.Status.RECORDED
    except TournamentError as error:
        entry.status = TableEntry.Status.REFUSED
        entry.reason = str(error.message)[:REASON_MAX_LENGTH]
    entry.save()
    table_version_touch(entry.table_session_id)
    return entry


def _record(entry: TableEntry, *, author) -> Hand:
    """The entry as a hand of its sheet, through the umpire's services, on the version it was
    entered on."""
    common = {
        "table_session": entry.table_session,
        "expected_version": entry.seen_version,
        "user": None,
        "author": author,
    }
    if entry.number != entry.table_session.hands.count() + 1:
        raise SheetChanged()
    if eligibility.player_is_barred(entry.entered_by):
        raise TournamentError(
            _(
                "This hand was entered by a player since disqualified or excluded (rules "
                "3.11.4-5): it is not recorded; the umpire enters it if it stands."
            ),
            code="invalid_state",
        )
    if entry.outcome == Hand.Outcome.WIN:
        return hand_record_win(
            winner=entry.winner,
            discarder=entry.discarder or None,
            tiles=entry.tiles,
            points=entry.points,
            flowers=entry.flowers,
            **common,
        )
    return hand_record_no_win(outcome=entry.outcome, **common)


def _reason_field() -> str:
    return str(TableEntry._meta.get_field("reason").verbose_name)


def _dispute_reason(reason: str) -> str:
    """A player's reason for a dispute (optional) without the invisible characters around it,
    refused when it holds a NUL character or a lone surrogate (`check_text`); cut to the
    column's length, as the page's field is."""
    reason = check_text(str(reason or ""), field=_reason_field())
    return visible_text(reason)[:REASON_MAX_LENGTH]


def _no_longer_pending(entry: TableEntry) -> str:
    return _("This hand no longer awaits an answer: it is %(status)s.") % {
        "status": entry.get_status_display()
    }


@transaction.atomic
def table_entry_dispute(*, player: Player, entry_id: int, reason: str = "") -> TableEntry:
    """Another player of the table disputes the entry: the umpire is called, and only he
    settles it. The reason is optional; one holding what no database stores is refused before
    anything is read."""
    reason = _dispute_reason(reason)
    entry = _lock_entry(entry_id)
    if entry.status == TableEntry.Status.DISPUTED and entry.answered_by_id == player.pk:
        return entry
    _answer_check(entry, player)
    if entry.status != TableEntry.Status.PENDING:
        raise EntryRefused(_no_longer_pending(entry))
    entry.status = TableEntry.Status.DISPUTED
    entry.answered_by, entry.answered_at = player, timezone.now()
    entry.reason = reason
    entry.save()
    table_version_touch(entry.table_session_id)
    return entry


@transaction.atomic
def table_entry_withdraw(*, player: Player, entry_id: int) -> TableEntry:
    """The player who entered a hand takes it back before anyone answered it (to enter it
    again, corrected)."""
    entry = _lock_entry(entry_id)
    roles.require(
        entry.entered_by_id == player.pk, _("Only the player who entered a hand withdraws it.")
    )
    roles.require(policies.may_enter_at_table(player, entry.table_session), _not_at_table())
    if entry.status == TableEntry.Status.WITHDRAWN:
        return entry
    if entry.status != TableEntry.Status.PENDING:
        raise EntryRefused(_no_longer_pending(entry))
    entry.status = TableEntry.Status.WITHDRAWN
    entry.save()
    table_version_touch(entry.table_session_id)
    return entry


@transaction.atomic
def table_entry_settle(*, user, entry_id: int, record: bool, reason: str) -> TableEntry:
    """The umpire settles an entry (disputed, or pending when the table calls him): records
    it as entered, or rejects it (the right hand is then entered again). A reason is kept."""
    entry = _lock_entry(entry_id)
    roles.require(
        policies.may_settle_entry(user, entry.table_session),
        _("Only the umpire of this table or the chief umpire settles its entries."),
    )
    if entry.status not in TableEntry.OPEN:
        raise EntryRefused(_no_longer_pending(entry))
    reason = clean_text(  # as every reason: one that shows nothing is none (zero-width spaces)
        reason,
        missing=_("Give the reason of the ruling."),
        field=_reason_field(),
        max_length=REASON_MAX_LENGTH,
    )
    if record:
        entry.hand = _record(entry, author=user)  # a refusal leaves the entry open
    entry.status = TableEntry.Status.SETTLED
    entry.settled_by, entry.reason = user, reason
    entry.answered_at = entry.answered_at or timezone.now()
    entry.save()
    table_version_touch(entry.table_session_id)
    return entry
