"""What the score-sheet endpoints share: who may read which sheet, the sheet and its parts as
JSON (with their serializers for the schema), and the body of a hand entry.

Who reads and writes which sheet is tournaments.policies' answer, the same as the admin's and
the player pages': the chief umpire, organisers and the arbitration committee read every
sheet, an umpire the sheets assigned to him, a player the sheets of his own tables. A write
asks in this order: who you are and whether you may touch this sheet (404 when you may not
read it, 403 when you read it but may not do this), then its version (428/412), then its
state (409); the services check all three again under the row lock.
"""

from collections.abc import Callable
from dataclasses import asdict

from django.contrib.auth import get_user_model
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from tournaments import policies, roles, scoring_adapter, seating_adapter
from tournaments.compiled_query import CompiledQuery
from tournaments.display import penalty_description, start_wind
from tournaments.errors import TournamentError
from tournaments.models import Hand, Penalty, TableSession
from tournaments.models.play import MAX_FLOWERS, POSITIONS
from tournaments.selectors.scoresheet import ScoreSheet, hand_payments, scoresheet_compute
from tournaments.selectors.session_time import TIME_LIMIT_PASSED, time_warnings
from tournaments.selectors.standings import points_value
from tournaments.services.actions import sheet_actions
from tournaments.services.sheets import NOT_THE_SHEETS_UMPIRE
from tournaments.system_texts import system_text

# -- who reads what ------------------------------------------------------------------------


def readable_sheet(user, sheet_id: int, *, players: bool = True) -> TableSession:
    """The sheet, or 404 when it does not exist or this login may not read it."""
    return _readable(user, SHEET_ROWS_RELATED, sheet_id, players=players)


# The rows a sheet's JSON shows with it (its signers' usernames are read with the hands'
# users by sheet_data: none on an open sheet).
SHEET_ROWS_RELATED = ("session__tournament", "table", "umpire")


def sheet_rows():
    """Sheets with the rows their JSON shows."""
    return TableSession.objects.select_related(*SHEET_ROWS_RELATED)


def _sheet_by_id(related: tuple[str, ...], sheet_id: int):
    # (select_related() with no names would follow every foreign key.) No ordering: the
    # sheet's own (by session and table numbers) would join them for nothing.
    sheets = TableSession.objects.select_related(*related) if related else TableSession.objects
    return sheets.filter(pk=sheet_id).order_by()


# Built once per connection and shape: the umpire reads a sheet before every hand (#31).
_SHEET_BY_ID = CompiledQuery(_sheet_by_id, sheet_id=int)


def _readable(user, related: tuple[str, ...], sheet_id: int, *, players: bool = True):
    """The row by its id with its `related` rows, then policies.may_read_sheet asked of it:
    its umpire and the staff who read every sheet without another query (the umpire's read
    before every hand), the others by readable_sheets' own query. 404 either way when he
    may not read it."""
    sheet = _SHEET_BY_ID.first(related=tuple(related), sheet_id=sheet_id)
    if sheet is None or not policies.may_read_sheet(user, sheet, players=players):
        raise Http404
    return sheet


# Who may write what through the sheet endpoints (the services ask the same policies).
WRITES_HANDS = (
    policies.umpires_sheet,
    NOT_THE_SHEETS_UMPIRE,
)
CORRECTS = (
    lambda user, sheet: policies.may_correct(user),
    gettext_lazy("Only the chief umpire makes corrections."),
)
SIGNS_OFF = (
    policies.may_sign_off,
    gettext_lazy("Only the players, the umpire of this table or the chief umpire sign it off."),
)
ASSIGNS_UMPIRE = (
    lambda user, sheet: policies.may_assign_umpire(user),
    gettext_lazy("Only the chief umpire assigns umpires."),
)


def sheet_for_write(
    user, sheet_id: int, may=WRITES_HANDS, *, related=("session__tournament", "table")
) -> TableSession:
    """The sheet to write to: 404 when it does not exist or this login may not read it, 403
    when he reads it but may not do this write (`may`: the policy and its refusal). `related`:
    the rows read with it (the service locks and reads the sheet again)."""
    sheet = _readable(user, related, sheet_id)
    allowed, message = may
    roles.require(allowed(user, sheet), str(message))
    return sheet


# -- the sheet as JSON ---------------------------------------------------------------------


def _username(user) -> str | None:
    return user.get_username() if user is not None else None


def _user_field(row, name: str, usernames: dict[int, str] | None) -> str | None:
    """The username in a user foreign key, from `usernames` (read once per sheet) if given."""
    user_id = getattr(row, f"{name}_id")
    if user_id is None:
        return None
    if usernames is not None and user_id in usernames:
        return usernames[user_id]
    return _username(getattr(row, name))


def _usernames(user_ids, known: dict[int, str] | None = None) -> dict[int, str]:
    """Usernames by id: those `known` already, the others in one query (none when every hand
    was entered by the sheet's umpire, as is usual)."""
    known = dict(known or {})
    ids = {pk for pk in user_ids if pk is not None} - known.keys()
    if ids:
        known.update(get_user_model().objects.filter(pk__in=ids).values_list("pk", "username"))
    return known


def _sheet_users(sheet: TableSession) -> dict[int, str]:
    """The username the sheet's row has loaded with it, its umpire's (sheet_rows)."""
    loaded = TableSession.umpire.is_cached(sheet)
    if loaded and (user := sheet.umpire) is not None:
        return {user.pk: user.get_username()}
    return {}


def player_data(player) -> dict | None:
    if player is None:
        return None
    return {
        "id": player.pk,
        "name": player.name,
        "registration_number": player.registration_number,
        "lot_number": player.lot_number,
    }


def hand_data(hand: Hand, usernames: dict[int, str] | None = None) -> dict:
    payments = dict.fromkeys(POSITIONS, 0)
    payments.update(hand_payments(hand))
    return {
        "number": hand.number,
        "prevalent_wind": hand.prevalent_wind,
        "dealer": hand.dealer_position,
        "outcome": hand.outcome,
        "winner": hand.winner_position or None,
        "discarder": hand.discarder_position or None,
        "self_drawn": hand.self_drawn,
        "winner_seat_wind": (
            seating_adapter.seat_wind(hand.winner_position, hand.number)
            if hand.winner_position
            else None
        ),
        "hand": hand.tiles,
        "fans": [
            {
                "id": fan.get("id"),
                "name": fan.get("name", ""),
                "points": fan.get("points", 0),
                "count": fan.get("count", 1),
            }
            for fan in hand.fans or []
        ],
        "points": hand.points,
        "flowers": hand.flowers,
        "total": hand.total if hand.outcome == Hand.Outcome.WIN else 0,
        "payments": payments,
        "entered_by": _user_field(hand, "entered_by", usernames),
        "entered_at": hand.entered_at,
    }


def penalty_data(
    penalty: Penalty, positions: dict[int, str], usernames: dict[int, str] | None = None
) -> dict:
    return {
        "id": penalty.pk,
        "offender": positions.get(penalty.player_id),
        "player": player_data(penalty.player),
        "kind": penalty.kind,
        "foul": penalty.foul or None,
        "occurrence": penalty.occurrence,
        "victim": positions.get(penalty.victim_id) if penalty.victim_id else None,
        "amount": penalty.amount,
        "invalid_claim": penalty.invalid_claim,
        "minutes_late": penalty.minutes_late,
        "forfeited": penalty.forfeited,
        "dead_hand": penalty.dead_hand,
        "hand_number": penalty.hand_number,
        "reason": system_text(penalty.reason),
        "remarks": penalty.remarks,
        "deltas": {p: int(penalty.deltas.get(p, 0)) for p in POSITIONS},
        "description": penalty_description(penalty),
        "recorded_by": _user_field(penalty, "recorded_by", usernames),
        "recorded_at": penalty.recorded_at,
        "voided": penalty.voided_at is not None,
        "voided_at": penalty.voided_at,
        "voided_by": _user_field(penalty, "voided_by", usernames),
        "void_reason": system_text(penalty.void_reason) or None,
    }


def seat_positions(sheet: TableSession) -> dict[int, str]:
    """Player id → position at this sheet (a replaced player keeps the seat he lost)."""
    positions = {}
    for seat in sheet.seats.all():
        positions[seat.player_id] = seat.position
        if seat.replaced_player_id:
            positions.setdefault(seat.replaced_player_id, seat.position)
    return positions


def _signature(by_id: int | None, at, usernames: dict[int, str]) -> dict | None:
    return {"by": usernames.get(by_id), "at": at} if at is not None else None


def sheet_data(sheet: TableSession, user) -> dict:
    """The sheet as JSON for this login, with what he may do to it now."""
    computed: ScoreSheet = scoresheet_compute(table_session=sheet, teams=False)
    positions = {}
    for seat in computed.seats:
        positions[seat.player.pk] = seat.position
        if seat.replaced_player is not None:
            positions.setdefault(seat.replaced_player.pk, seat.position)
    session = sheet.session
    hands = [row.hand for row in computed.rows if row.hand is not None]
    usernames = _usernames(
        [hand.entered_by_id for hand in hands]
        + [line.penalty.recorded_by_id for line in computed.penalties]
        + [line.penalty.voided_by_id for line in computed.penalties]
        + [sheet.umpire_signed_by_id, sheet.countersigned_by_id],
        known=_sheet_users(sheet),
    )
    return {
        "id": sheet.pk,
        "tournament": session.tournament.slug,
        "session": session.number,
        "table": sheet.table.number,
        "umpire": _username(sheet.umpire) if sheet.umpire_id else None,
        "version": sheet.version,
        "actions": asdict(sheet_actions(user=user, sheet=sheet)),
        "seats": [
            {
                "position": seat.position,
                "player": player_data(seat.player),
                "seat_wind": start_wind(seat.position),
                "replaced_player": player_data(seat.replaced_player),
            }
            for seat in computed.seats
        ],
        "hands": [hand_data(hand, usernames=usernames) for hand in hands],
        "next_hand": computed.next_number if sheet.status == TableSession.Status.OPEN else None,
        "penalties": [
            penalty_data(line.penalty, positions, usernames) for line in computed.penalties
        ],
        "results": [
            {
                "position": seat.position,
                "player": player_data(seat.player),
                "hands": seat.total - seat.penalties,
                "penalties": seat.penalties,
                "score": seat.total,
                "rank": seat.rank,
                "table_points": (
                    points_value(seat.table_points) if seat.table_points is not None else None
                ),
                "forfeited": seat.forfeited,
                "absent": seat.absent,
            }
            for seat in computed.seats
        ],
        "signoff": {
            "status": sheet.status,
            "closed_by": sheet.closed_by or None,
            "confirmations": [
                {
                    "position": seat.position,
                    "player": player_data(seat.player),
                    "confirmed_at": seat.confirmation.confirmed_at,
                    "recorded_by": _username(seat.confirmation.recorded_by),
                }
                for seat in computed.seats
                if seat.confirmation is not None
            ],
            "umpire_signature": _signature(
                sheet.umpire_signed_by_id, sheet.umpire_signed_at, usernames
            ),
            "countersignature": _signature(
                sheet.countersigned_by_id, sheet.countersigned_at, usernames
            ),
        },
        "warnings": time_warnings(session),
    }


# -- serializers (the schema of the JSON above) ----------------------------------------------

POSITION_HELP = gettext_lazy("A seat of the table: A, B, C or D (A is East in hand 1).")


class SheetPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text=gettext_lazy("the player's id"))
    name = serializers.CharField(help_text=gettext_lazy("the player's name"))
    registration_number = serializers.IntegerField(
        help_text=gettext_lazy("his registration number")
    )
    lot_number = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("his player number from the draw of lots")
    )


class SheetSeatSerializer(serializers.Serializer):
    position = serializers.CharField(help_text=POSITION_HELP)
    player = SheetPlayerSerializer(help_text=gettext_lazy("who sits there"))
    seat_wind = serializers.CharField(
        help_text=gettext_lazy("his seat wind in hand 1 (E, S, W, N; Appendix 4)")
    )
    replaced_player = SheetPlayerSerializer(
        allow_null=True,
        help_text=gettext_lazy("the player who lost the session and whose seat this player took"),
    )


class SheetFanSerializer(serializers.Serializer):
    id = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("the fan's number in the rules (1-81)")
    )
    name = serializers.CharField(help_text=gettext_lazy("the fan's English name"))
    points = serializers.IntegerField(help_text=gettext_lazy("points of one such fan"))
    count = serializers.IntegerField(help_text=gettext_lazy("how many times it counts"))


def _payments_field(help_text):
    return serializers.DictField(child=serializers.IntegerField(), help_text=help_text)


class SheetHandSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text=gettext_lazy("hand number, 1-16"))
    prevalent_wind = serializers.CharField(
        help_text=gettext_lazy("prevalent wind of this hand (E, S, W, N), from its number")
    )
    dealer = serializers.CharField(help_text=gettext_lazy("the dealer's position (A-D)"))
    outcome = serializers.ChoiceField(
        choices=Hand.Outcome.values,
        help_text=gettext_lazy("win, draw (wall exhausted) or time (stopped by the time limit)"),
    )
    winner = serializers.CharField(allow_null=True, help_text=gettext_lazy("winner's position"))
    discarder = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("discarder's position; null when self-drawn")
    )
    self_drawn = serializers.BooleanField(help_text=gettext_lazy("won with a tile from the wall"))
    winner_seat_wind = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("the winner's seat wind in this hand")
    )
    hand = serializers.JSONField(
        allow_null=True,
        help_text=gettext_lazy("the hand as entered (scoring core's hand JSON); null if none"),
    )
    fans = SheetFanSerializer(many=True, help_text=gettext_lazy("the fans scored"))
    points = serializers.IntegerField(help_text=gettext_lazy("points without flowers"))
    flowers = serializers.IntegerField(help_text=gettext_lazy("flowers (1 point each)"))
    total = serializers.IntegerField(help_text=gettext_lazy("points plus flowers"))
    payments = _payments_field(gettext_lazy("what the hand paid or cost each position A-D"))
    entered_by = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("username of who entered it")
    )
    entered_at = serializers.DateTimeField(help_text=gettext_lazy("when it was entered"))


class SheetPenaltySerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text=gettext_lazy("the penalty's id"))
    offender = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("the offender's position")
    )
    player = SheetPlayerSerializer(help_text=gettext_lazy("the offender"))
    kind = serializers.ChoiceField(
        choices=Penalty.Kind.values, help_text=gettext_lazy("kind of penalty (rule 3.11)")
    )
    foul = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("for a repeated foul: which foul")
    )
    occurrence = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("for a repeated foul: the n-th time this session")
    )
    victim = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("for a revealed tile: the position paid")
    )
    amount = serializers.IntegerField(help_text=gettext_lazy("the penalty's points"))
    invalid_claim = serializers.BooleanField(
        help_text=gettext_lazy("a False Hu claimed on a discard")
    )
    minutes_late = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("for a late arrival: minutes late")
    )
    forfeited = serializers.BooleanField(
        help_text=gettext_lazy("forfeit: the player lost the session (late or absent, rule 3.11.2)")
    )
    dead_hand = serializers.BooleanField(
        help_text=gettext_lazy("the player lost the right to win hand `hand_number`")
    )
    hand_number = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("the hand of the foul")
    )
    reason = serializers.CharField(help_text=gettext_lazy("the nature of the foul"))
    remarks = serializers.CharField(allow_blank=True, help_text=gettext_lazy("remarks"))
    deltas = _payments_field(gettext_lazy("score change per position A-D"))
    description = serializers.CharField(help_text=gettext_lazy("the penalty in words"))
    recorded_by = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("username of who recorded it")
    )
    recorded_at = serializers.DateTimeField(help_text=gettext_lazy("when it was recorded"))
    voided = serializers.BooleanField(help_text=gettext_lazy("voided: counts for nothing"))
    voided_at = serializers.DateTimeField(allow_null=True, help_text=gettext_lazy("when voided"))
    voided_by = serializers.CharField(allow_null=True, help_text=gettext_lazy("who voided it"))
    void_reason = serializers.CharField(allow_null=True, help_text=gettext_lazy("why voided"))


class SheetResultSerializer(serializers.Serializer):
    position = serializers.CharField(help_text=POSITION_HELP)
    player = SheetPlayerSerializer(help_text=gettext_lazy("the seat's player"))
    hands = serializers.IntegerField(help_text=gettext_lazy("sum of the hands' payments"))
    penalties = serializers.IntegerField(help_text=gettext_lazy("sum of the penalties"))
    score = serializers.IntegerField(help_text=gettext_lazy("the session's score"))
    rank = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("rank at the table (1-4); null before any result")
    )
    table_points = serializers.FloatField(
        allow_null=True, help_text=gettext_lazy("table points (4, 2, 1, 0; shared on ties)")
    )
    forfeited = serializers.BooleanField(help_text=gettext_lazy("lost the session (late arrival)"))
    absent = serializers.BooleanField(
        help_text=gettext_lazy("did not come to the session: confirms nothing (rule 3.9.2)")
    )


class SheetConfirmationSerializer(serializers.Serializer):
    position = serializers.CharField(help_text=POSITION_HELP)
    player = SheetPlayerSerializer(help_text=gettext_lazy("the player who confirmed"))
    confirmed_at = serializers.DateTimeField(help_text=gettext_lazy("when"))
    recorded_by = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("the login that recorded it")
    )


class SheetSignatureSerializer(serializers.Serializer):
    by = serializers.CharField(allow_null=True, help_text=gettext_lazy("username"))
    at = serializers.DateTimeField(help_text=gettext_lazy("when"))


class SheetSignoffSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=TableSession.Status.values,
        help_text=gettext_lazy(
            "open (takes hands), complete, signed by the umpire (locked), final (countersigned)"
        ),
    )
    closed_by = serializers.CharField(
        allow_null=True,
        help_text=gettext_lazy("why it stopped taking hands: all_hands, time_limit, session_end"),
    )
    confirmations = SheetConfirmationSerializer(
        many=True, help_text=gettext_lazy("the players' confirmations")
    )
    umpire_signature = SheetSignatureSerializer(
        allow_null=True, help_text=gettext_lazy("the umpire's signature")
    )
    countersignature = SheetSignatureSerializer(
        allow_null=True, help_text=gettext_lazy("the chief umpire's countersignature")
    )


class SheetWarningSerializer(serializers.Serializer):
    code = serializers.ChoiceField(
        choices=[TIME_LIMIT_PASSED],
        help_text=gettext_lazy(
            "time_limit_passed: the session's start plus its length is past and the chief "
            "umpire has not ended it (rule 3.5.6); hands are still accepted until he does"
        ),
    )
    message = serializers.CharField(help_text=gettext_lazy("the warning in words"))
    minutes = serializers.IntegerField(
        help_text=gettext_lazy("minutes since the time limit passed (a started minute counts)")
    )


WARNINGS_HELP = gettext_lazy(
    "warnings that refuse nothing: the time limit passed (rule 3.5.6); empty when none"
)


class HandRecordedSerializer(SheetHandSerializer):
    """The answer to a hand recorded: the hand, and the sheet's warnings."""

    warnings = SheetWarningSerializer(many=True, help_text=WARNINGS_HELP)


class SheetActionsSerializer(serializers.Serializer):
    """What the caller may do to this sheet now (his role and the sheet's state): the
    admin's page shows the same buttons."""

    read = serializers.BooleanField(help_text=gettext_lazy("reading it"))
    enter_hand = serializers.BooleanField(help_text=gettext_lazy("a hand, a draw, a time stop"))
    record_foul = serializers.BooleanField(
        help_text=gettext_lazy("a penalty, voiding one, removing the last hand")
    )
    check_in = serializers.BooleanField(help_text=gettext_lazy("a player's arrival"))
    substitute = serializers.BooleanField(help_text=gettext_lazy("a substitute takes a seat"))
    confirm = serializers.BooleanField(help_text=gettext_lazy("recording a confirmation"))
    sign = serializers.BooleanField(help_text=gettext_lazy("the umpire's signature"))
    countersign = serializers.BooleanField(help_text=gettext_lazy("the chief umpire's"))
    correct = serializers.BooleanField(help_text=gettext_lazy("a director's correction"))
    assign_umpire = serializers.BooleanField(help_text=gettext_lazy("giving it an umpire"))


class SheetDetailSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text=gettext_lazy("the sheet's id"))
    tournament = serializers.CharField(help_text=gettext_lazy("the tournament's slug"))
    session = serializers.IntegerField(help_text=gettext_lazy("session number"))
    table = serializers.IntegerField(help_text=gettext_lazy("table number"))
    umpire = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("the assigned umpire's username")
    )
    version = serializers.IntegerField(
        help_text=gettext_lazy("bumped by every write; the ETag carries it")
    )
    actions = SheetActionsSerializer(
        help_text=gettext_lazy("what you may do to it now (tournaments.policies and its state)")
    )
    seats = SheetSeatSerializer(many=True, help_text=gettext_lazy("the four seats"))
    hands = SheetHandSerializer(many=True, help_text=gettext_lazy("the hands recorded"))
    next_hand = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("the next hand's number; null once closed")
    )
    penalties = SheetPenaltySerializer(many=True, help_text=gettext_lazy("the Record of Fouls"))
    results = SheetResultSerializer(many=True, help_text=gettext_lazy("the results per seat"))
    signoff = SheetSignoffSerializer(help_text=gettext_lazy("the sign-off state"))
    warnings = SheetWarningSerializer(many=True, help_text=WARNINGS_HELP)


# -- a hand entry's body (hands and corrections) ----------------------------------------------

HAND_HELP = gettext_lazy(
    "The winning hand in the scoring core's hand JSON (melds, concealed, win_tile, flowers and "
    "the special-win flags). seat_wind, prevalent_wind and self_drawn follow from the hand "
    "number and the discarder and may be left out; when sent they must agree, or the hand is "
    "refused (400, field hand.seat_wind / hand.prevalent_wind / hand.self_drawn)."
)


class HandEntryInput(serializers.Serializer):
    outcome = serializers.ChoiceField(
        choices=Hand.Outcome.values,
        help_text=gettext_lazy("win, draw (wall exhausted) or time (stopped by the time limit)"),
    )
    winner = serializers.ChoiceField(
        choices=POSITIONS,
        required=False,
        allow_null=True,
        help_text=gettext_lazy("for a win: the winner's position A-D"),
    )
    discarder = serializers.ChoiceField(
        choices=POSITIONS,
        required=False,
        allow_null=True,
        help_text=gettext_lazy("for a win: who discarded the winning tile; null when self-drawn"),
    )
    hand = serializers.DictField(required=False, allow_null=True, help_text=HAND_HELP)
    points = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        help_text=gettext_lazy("points-only tournaments: the hand's points without flowers"),
    )
    flowers = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_FLOWERS,
        default=0,
        help_text=gettext_lazy("points-only tournaments: flowers (0-8); else in `hand`"),
    )

    def validate(self, data):
        if data["outcome"] == Hand.Outcome.WIN:
            if not data.get("winner"):
                raise serializers.ValidationError(
                    {"winner": _("A win needs the winner's position.")}, code="required"
                )
            if data.get("hand") is not None and data.get("points") is not None:
                raise serializers.ValidationError(
                    {"points": _("Send the tiles (`hand`) or the points, not both.")},
                    code="invalid",
                )
            return data
        for name in ("winner", "discarder", "hand", "points"):
            if data.get(name) is not None:
                raise serializers.ValidationError(
                    {name: _("A draw or a time-limit stop has no winner, discarder or hand.")},
                    code="invalid",
                )
        return data


def _same_wind(sent, expected: str, field: str) -> None:
    try:
        agrees = scoring_adapter.winds_agree(sent, expected, field)
    except TournamentError as error:
        raise serializers.ValidationError(
            {"hand": {field: error.message}}, code="bad_wind"
        ) from None
    if not agrees:
        raise serializers.ValidationError(
            {
                "hand": {
                    field: _(
                        "%(field)s is %(expected)s in this hand (from its number and the "
                        "winner's seat); leave it out or send %(expected)s."
                    )
                    % {"field": field, "expected": expected}
                }
            },
            code="wind_mismatch",
        )


def check_hand_winds(data: dict, *, number: int | Callable[[], int]) -> None:
    """The winds and self-draw the client put in the hand must agree with the sheet's (the
    scoring adapter takes the sheet's): a disagreement means the client counts hands or seats
    differently, which is refused rather than silently rescored. `number` may be a function:
    it is asked only when the hand names a wind (counting the hands is a query)."""
    tiles = data.get("hand")
    if tiles is None or not data.get("winner"):
        return
    if "prevalent_wind" in tiles or "seat_wind" in tiles:
        _check_winds(data, tiles, number() if callable(number) else number)
    if "self_drawn" in tiles and tiles["self_drawn"] is not (not data.get("discarder")):
        raise serializers.ValidationError(
            {
                "hand": {
                    "self_drawn": _(
                        "self_drawn must agree with the discarder (null discarder: self-drawn)."
                    )
                }
            },
            code="self_drawn_mismatch",
        )


def _check_winds(data: dict, tiles: dict, number: int) -> None:
    winds = seating_adapter.hand_winds(number)
    if "prevalent_wind" in tiles:
        _same_wind(tiles["prevalent_wind"], winds.prevalent_wind, "prevalent_wind")
    if "seat_wind" in tiles:
        seat = seating_adapter.seat_wind(data["winner"], number)
        _same_wind(tiles["seat_wind"], seat, "seat_wind")


def hand_kwargs(data: dict) -> dict:
    """The keywords of hand_record_win / correction_hand_replace for a win."""
    return {
        "winner": data["winner"],
        "discarder": data.get("discarder") or None,
        "tiles": data.get("hand"),
        "points": data.get("points"),
        "flowers": data.get("flowers", 0),
    }
