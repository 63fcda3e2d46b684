"""The score desk's writes (issue 27): a clerk's entry of a paper score sheet, the entry of a
second clerk that records it, and the chief umpire's acceptance of one entry alone.

Who: a score-desk clerk or the chief umpire (`policies.may_use_score_desk`), on a sheet whose
session started and on which no umpire recorded play (`policies.may_key_at_desk`); the clerk
whose entry is the only one in play never gives the second (403). Then the sheet's version
(412), then its state (409), as every write to a sheet.

- The first entry is held: nothing counts, the sheet has no hand ("awaiting second entry").
- An entry that agrees, cell by cell, with another clerk's entry in play records the whole
  sheet in one transaction, as if its umpire had entered it hand by hand through the services
  (`hand_record_win`, `hand_record_no_win`, `penalty_record`, `sheet_confirm_player`): the
  same scoring, the same refusals. If any part is refused, nothing is written and the refusal
  names the hand (or penalty). The rows name the clerk whose entry recorded them (entered_by,
  recorded_by, the history's user); their history's reason names both clerks.
- An entry that agrees with none is kept, refused ("differs"), with the differing cells; the
  sheet differs until an entry agrees or the chief umpire accepts one. A clerk who keys the
  sheet again replaces his own entry in play. The double entry stays blind: the clerk is told
  which cells differ and what his own entry holds there, never what the other entry holds
  (`desk_blind_differences`): he reads the paper again, he does not copy a colleague.
- The chief umpire may record one entry alone, with a reason (kept on the entry).

The desk calls the services as the system (`user=None`) once it has checked the policy
itself, with `from_paper` (a paper sheet records points, not tiles; the session's end does not
close it to the hands played before the gong) and `author`.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from desk.models import DeskEntry
from tournaments import policies, roles
from tournaments.errors import HandRejected, TournamentError
from tournaments.history import acting_as
from tournaments.models import Hand, Penalty, Seat, SheetConfirmation, TableSession
from tournaments.roles import PermissionRefused
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.penalties import clean_reason, penalty_record
from tournaments.services.results import results_recomputed_once
from tournaments.services.sheets import (
    PAPER,
    SheetChanged,
    sheet_state_refusal,
    sheet_writes_batched,
)
from tournaments.services.signoff import sheet_confirm_player
from tournaments.system_texts import system_text_store

# What a desk entry holds, in the form of the API's bodies (POST …/hands/, …/penalties/).
HAND_FIELDS = ("outcome", "winner", "discarder", "hand", "points", "flowers")
PENALTY_FIELDS = (
    "offender",
    "kind",
    "foul",
    "amount",
    "victim",
    "invalid_claim",
    "hand_number",
    "reason",
    "remarks",
)
# Compared without regard to case and spacing: two clerks copy the same words.
TEXT_FIELDS = ("reason", "remarks")

# What an entry did (the API's `status`).
AWAITING_SECOND = "awaiting_second_entry"
RECORDED = "recorded"
ACCEPTED_ALONE = "accepted_alone"
DIFFER = "differ"


class DeskRefusal(TournamentError):
    """A part of an entry the services refused: `field` names it (`hands.6`, `hands.6.hand`
    for the scoring core's refusals, `penalties.0`, `confirmed`), the message names the hand
    or penalty."""

    def __init__(self, message: str, *, code: str, field: str, details: list | None = None):
        super().__init__(message, code=code, details=details)
        self.field = field


@dataclass(frozen=True)
class DeskOutcome:
    status: str
    entry: DeskEntry
    matched: DeskEntry | None = None
    compared: DeskEntry | None = None  # a differing entry: the entry it was compared with
    # A differing entry: its differing cells as its clerk may see them (desk_blind_differences).
    differences: list[dict] = field(default_factory=list)


# -- what an entry holds, and how two compare ----------------------------------------------------


def desk_payload(*, hands, penalties=(), confirmed=()) -> dict:
    """An entry's content, every field present, in one form whatever the clerk left out."""
    return {
        "hands": [_hand(hand) for hand in hands],
        "penalties": [_penalty(penalty) for penalty in penalties],
        "confirmed": sorted(set(confirmed)),
    }


def _hand(data: dict) -> dict:
    win = data.get("outcome") == Hand.Outcome.WIN
    tiles = data.get("hand") if win else None
    return {
        "outcome": data["outcome"],
        "winner": (data.get("winner") or None) if win else None,
        "discarder": (data.get("discarder") or None) if win else None,
        "hand": tiles,
        "points": data.get("points") if win and tiles is None else None,
        # With the tiles, the flowers are in the hand JSON.
        "flowers": (data.get("flowers") or 0) if win and tiles is None else 0,
    }


def _penalty(data: dict) -> dict:
    return {
        "offender": data["offender"],
        "kind": data["kind"],
        "foul": data.get("foul") or "",
        "amount": data.get("amount"),
        "victim": data.get("victim") or None,
        "invalid_claim": bool(data.get("invalid_claim", False)),
        "hand_number": data.get("hand_number"),
        "reason": data["reason"],
        "remarks": data.get("remarks") or "",
    }


def desk_differences(first: dict, second: dict) -> list[dict]:
    """The cells where two entries differ: `{"hand": 7, "field": "points", "first": 15,
    "second": 17}`, `{"penalty": 1, "field": "amount", …}` (numbered from 1, as on the paper),
    `{"field": "confirmed", …}`. Empty when they agree."""
    found = []
    for name, rows, fields in (
        ("hand", "hands", HAND_FIELDS),
        ("penalty", "penalties", PENALTY_FIELDS),
    ):
        rows_a, rows_b = first[rows], second[rows]
        for index in range(max(len(rows_a), len(rows_b))):
            a = rows_a[index] if index < len(rows_a) else None
            b = rows_b[index] if index < len(rows_b) else None
            found += [{name: index + 1, **cell} for cell in _cells(a, b, fields)]
    if first["confirmed"] != second["confirmed"]:
        found.append(
            {"field": "confirmed", "first": first["confirmed"], "second": second["confirmed"]}
        )
    return found


def desk_blind_differences(differences: list[dict]) -> list[dict]:
    """The differing cells as the clerk whose entry differs sees them: where (`hand`,
    `penalty`, `field`) and what his entry holds there (`second`), never what the entry it was
    compared with holds (`first`): a double entry is two readings of the paper, and a clerk
    shown his colleague's value would copy it rather than read the paper again."""
    return [{key: value for key, value in cell.items() if key != "first"} for cell in differences]


def _empty(value) -> bool:
    return not value  # None, "", 0, False: a cell left blank


def _same_text(a, b) -> bool:
    def plain(text):
        return " ".join(str(text or "").split()).casefold()

    return plain(a) == plain(b)


def _cells(a: dict | None, b: dict | None, fields: tuple) -> list[dict]:
    """The differing cells of two rows; a row one entry lacks differs in each cell the other
    filled."""
    missing = a is None or b is None
    a, b = a or {}, b or {}
    found = []
    for name in fields:
        x, y = a.get(name), b.get(name)
        if missing and _empty(x) and _empty(y):
            continue
        if isinstance(x, dict) or isinstance(y, dict):
            x, y = x or {}, y or {}
            for key in sorted(set(x) | set(y)):
                if x.get(key) != y.get(key):
                    found.append(
                        {"field": f"{name}.{key}", "first": x.get(key), "second": y.get(key)}
                    )
            continue
        same = _same_text(x, y) if name in TEXT_FIELDS and not missing else x == y
        if not same:
            found.append({"field": name, "first": x, "second": y})
    return found


# -- who and when --------------------------------------------------------------------------------


def desk_clerk_check(*, user, table_session: TableSession) -> None:
    """Refuse (403) the clerk whose entry is the only one in play: the second entry is another
    clerk's. (Asked before the version, like every question of who; again under the lock.)"""
    clerks = set(
        DeskEntry.objects.filter(
            table_session_id=table_session.pk, status__in=DeskEntry.LIVE
        ).values_list("clerk_id", flat=True)
    )
    _refuse_same_clerk(user, clerks)


def _refuse_same_clerk(user, clerks: set) -> None:
    if clerks and clerks == {user.pk}:
        raise PermissionRefused(
            _("You gave the first entry of this sheet: the second entry is another clerk's.")
        )


def _lock(table_session: TableSession) -> tuple[TableSession, list[DeskEntry]]:
    sheet = (
        TableSession.objects.select_for_update(of=("self",))
        .select_related("session__tournament")
        .get(pk=table_session.pk)
    )
    live = list(
        DeskEntry.objects.select_for_update(of=("self",))
        .filter(table_session=sheet, status__in=DeskEntry.LIVE)
        .select_related("clerk")
        .order_by("created_at", "pk")
    )
    return sheet, live


def _check_keyable(sheet: TableSession, user) -> None:
    """The sheet's state lets the desk record it (409 otherwise)."""
    if DeskEntry.objects.filter(table_session=sheet, status__in=DeskEntry.COUNTED).exists():
        raise TournamentError(
            _(
                "This sheet was already recorded at the score desk: it changes now only "
                "through the chief umpire."
            ),
            code="invalid_state",
        )
    refusal = sheet_state_refusal(sheet, PAPER)  # finished, signed, not started, closed
    if refusal is not None:
        raise refusal
    if not policies.may_key_at_desk(user, sheet):
        raise TournamentError(
            _(
                "An umpire has recorded hands or fouls on this sheet: its umpire keeps it, it "
                "is not keyed at the score desk."
            ),
            code="invalid_state",
        )


def _close(entries, status: str, now) -> None:
    for entry in entries:
        entry.status, entry.decided_at = status, now
        entry.save(update_fields=["status", "decided_at"])


# -- the writes ----------------------------------------------------------------------------------


@transaction.atomic
def desk_entry_give(
    *,
    table_session: TableSession,
    hands,
    penalties=(),
    confirmed=(),
    expected_version: int | None = None,
    user,
) -> DeskOutcome:
    """A clerk's entry of a paper sheet: held as the first, recording the sheet when it agrees
    with another clerk's entry, or kept as differing (the outcome lists the cells)."""
    roles.require(
        policies.may_use_score_desk(user),
        _("Only the score desk or the chief umpire keys in paper score sheets."),
    )
    payload = desk_payload(hands=hands, penalties=penalties, confirmed=confirmed)
    sheet, live = _lock(table_session)
    _refuse_same_clerk(user, {entry.clerk_id for entry in live})
    if expected_version is not None and sheet.version != expected_version:
        raise SheetChanged()
    _check_keyable(sheet, user)
    if not live:
        _dry_run(sheet, payload, author=user)
        entry = DeskEntry.objects.create(
            table_session=sheet, clerk=user, payload=payload, status=DeskEntry.Status.FIRST
        )
        return DeskOutcome(AWAITING_SECOND, entry)
    now = timezone.now()
    own = [entry for entry in live if entry.clerk_id == user.pk]
    others = [entry for entry in live if entry.clerk_id != user.pk]
    _close(own, DeskEntry.Status.SUPERSEDED, now)  # he keyed it again
    match = next((e for e in others if not desk_differences(e.payload, payload)), None)
    if match is None:
        # Not checked alone: its differences come first (the clerk reads the paper again); an
        # entry that comes to agree with the first one, checked when it was held, records.
        entry = DeskEntry.objects.create(
            table_session=sheet, clerk=user, payload=payload, status=DeskEntry.Status.DIFFERS
        )
        compared = next((e for e in others if e.status == DeskEntry.Status.FIRST), others[0])
        differences = desk_blind_differences(desk_differences(compared.payload, payload))
        return DeskOutcome(DIFFER, entry, compared=compared, differences=differences)
    _close([match], DeskEntry.Status.RECORDED, now)
    entry = DeskEntry.objects.create(
        table_session=sheet,
        clerk=user,
        payload=payload,
        status=DeskEntry.Status.RECORDED,
        matched_with=match,
        decided_at=now,
    )
    _close([e for e in others if e.pk != match.pk], DeskEntry.Status.SUPERSEDED, now)
    _record(
        sheet,
        payload,
        author=user,
        reason=system_text_store(
            "desk.keyed_twice",
            first=match.clerk.get_username(),
            second=user.get_username(),
            a=match.pk,
            b=entry.pk,
        ),
    )
    return DeskOutcome(RECORDED, entry, matched=match)


@transaction.atomic
def desk_entry_accept(
    *,
    table_session: TableSession,
    reason: str,
    entry_id: int | None = None,
    expected_version: int | None = None,
    user,
) -> DeskOutcome:
    """The chief umpire records the sheet from one entry alone, with a reason: the only entry
    in play, or (when entries differ) the one he names."""
    roles.require(
        policies.may_accept_desk_entry(user),
        _("Only the chief umpire accepts a desk entry alone."),
    )
    reason = clean_reason(reason, missing=_("Say why this entry is accepted alone."))
    sheet, live = _lock(table_session)
    if expected_version is not None and sheet.version != expected_version:
        raise SheetChanged()
    _check_keyable(sheet, user)
    if not live:
        raise TournamentError(
            _("No entry of this sheet awaits a decision: nothing to accept."),
            code="invalid_state",
        )
    if entry_id is None and len(live) > 1:
        raise DeskRefusal(
            _("The entries of this sheet differ: name the entry to accept (`entry`)."),
            code="required",
            field="entry",
        )
    chosen = live[0] if entry_id is None else next((e for e in live if e.pk == entry_id), None)
    if chosen is None:
        raise DeskRefusal(
            _("Entry %(id)s is not an entry of this sheet awaiting a decision.") % {"id": entry_id},
            code="invalid",
            field="entry",
        )
    now = timezone.now()
    _close([e for e in live if e.pk != chosen.pk], DeskEntry.Status.SUPERSEDED, now)
    chosen.status, chosen.decided_at = DeskEntry.Status.ACCEPTED_ALONE, now
    chosen.accepted_by, chosen.reason = user, reason
    chosen._change_reason = reason
    chosen.save(update_fields=["status", "decided_at", "accepted_by", "reason"])
    _record(
        sheet,
        chosen.payload,
        author=user,
        reason=system_text_store(
            "desk.accepted_alone",
            clerk=chosen.clerk.get_username(),
            id=chosen.pk,
            chief=user.get_username(),
            reason=reason,
        ),
    )
    return DeskOutcome(ACCEPTED_ALONE, chosen)


# -- recording a sheet through the services --------------------------------------------------------


class _Rehearsed(Exception):
    """Ends a dry run: its transaction is rolled back."""


def _dry_run(sheet: TableSession, payload: dict, *, author) -> None:
    """Record the entry and roll it all back: a first entry is checked, before it is held, as an
    agreeing one would be (8 points, dead hands, penalty hand numbers, signatures on an open
    sheet), so the clerk learns of a refusal now, while the paper is in his hands, not when a
    second clerk keys it. Raises the DeskRefusal `_record` raises; writes nothing."""
    try:
        with transaction.atomic():
            _record(sheet, payload, author=author, reason="")
            raise _Rehearsed
    except _Rehearsed:
        pass


def _record(sheet: TableSession, payload: dict, *, author, reason: str) -> None:
    """Record the entry's hands, penalties and confirmations through the services, in the
    caller's transaction, as the system acting for `author`.

    The order is the one play gives: the penalties in the entry's order, each recorded once
    the hands before the hand it names are (a dead hand in hand 5 is recorded before hand 5,
    which its player then cannot win); the remaining hands; the confirmations last."""
    players = {
        seat.position: seat.player
        for seat in Seat.objects.filter(table_session=sheet).select_related("player")
    }
    hands = payload["hands"]
    made = {"hands": [], "penalties": [], "confirmations": []}

    def hands_up_to(last: int) -> None:
        while len(made["hands"]) < min(last, len(hands)):
            number = len(made["hands"]) + 1
            made["hands"].append(_record_hand(sheet, number, hands[number - 1], author))

    with acting_as(author), sheet_writes_batched(), results_recomputed_once():
        for index, penalty in enumerate(payload["penalties"]):
            if penalty["hand_number"] is not None:
                hands_up_to(penalty["hand_number"] - 1)
            made["penalties"].append(_record_penalty(sheet, index, penalty, players, author))
        hands_up_to(len(hands))
        for position in payload["confirmed"]:
            try:
                confirmation = sheet_confirm_player(
                    table_session=sheet, player=players[position], author=author
                )
            except TournamentError as error:
                raise DeskRefusal(
                    _("Confirmation of %(position)s: %(error)s")
                    % {"position": position, "error": error.message},
                    code=error.code,
                    field="confirmed",
                ) from error
            made["confirmations"].append(confirmation.pk)
    for model, ids in (
        (Hand, made["hands"]),
        (Penalty, made["penalties"]),
        (SheetConfirmation, made["confirmations"]),
    ):
        model.history.filter(id__in=ids, history_type="+").update(history_change_reason=reason)


def _record_hand(sheet: TableSession, number: int, hand: dict, author) -> int:
    try:
        if hand["outcome"] == Hand.Outcome.WIN:
            recorded = hand_record_win(
                table_session=sheet,
                winner=hand["winner"],
                discarder=hand["discarder"],
                tiles=hand["hand"],
                points=hand["points"],
                flowers=hand["flowers"],
                from_paper=True,
                author=author,
            )
        else:
            recorded = hand_record_no_win(
                table_session=sheet, outcome=hand["outcome"], from_paper=True, author=author
            )
    except TournamentError as error:
        raise _hand_refusal(number, error) from error
    return recorded.pk


def _hand_refusal(number: int, error: TournamentError) -> DeskRefusal:
    def named(message: str) -> str:
        return _("Hand %(n)s: %(error)s") % {"n": number, "error": message}

    if isinstance(error, HandRejected):
        details = [(code, named(message)) for code, message in error.details]
        field = f"hands.{number - 1}.hand"
    else:
        details, field = [], f"hands.{number - 1}"
    return DeskRefusal(named(error.message), code=error.code, field=field, details=details)


def _record_penalty(sheet, index: int, penalty: dict, players: dict, author) -> int:
    try:
        recorded = penalty_record(
            table_session=sheet,
            player=players[penalty["offender"]],
            kind=penalty["kind"],
            reason=penalty["reason"],
            foul=penalty["foul"],
            amount=penalty["amount"],
            victim=players[penalty["victim"]] if penalty["victim"] else None,
            invalid_claim=penalty["invalid_claim"],
            hand_number=penalty["hand_number"],
            remarks=penalty["remarks"],
            author=author,
        )
    except TournamentError as error:
        raise DeskRefusal(
            _("Penalty %(n)s: %(error)s") % {"n": index + 1, "error": error.message},
            code=error.code,
            field=f"penalties.{index}",
        ) from error
    return recorded.pk
