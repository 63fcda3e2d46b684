"""Write a whole tournament as one JSON document (`manage.py export_tournament`).

Natural keys only, never a database id: the tournament by its slug, a player by his
registration number, a team by its name, a session, a table, a hand by their numbers, a
score sheet by (session, table), a penalty or a correction by its number on its sheet (1, 2…
in the order they were recorded), a user by his username. Lists are in a fixed order, so
two exports of the same data are byte-identical (`schema.dumps`).

What is exported, model by model (every field not named below is):
- Tournament, Team, Player, Table, Session, TableSession (score sheet: umpire assignment,
  status, version, sign-offs), Seat (with the replaced player), Hand (with its hand JSON and
  fans), HandScore, Penalty (voided ones too, with the reason), SheetConfirmation, CheckIn,
  Correction (before/after), SessionResult, Sanction, Appeal (with the ruling), PrintRecord.
- Correction before/after: the database ids they hold are written as natural keys (a voided
  penalty as its number on the sheet, a swapped seat's players as registration numbers).

What is not exported, and why:
- Database ids (`id`, and the redundant `Seat.session`/`SessionResult.session`, which follow
  from the sheet).
- History tables (django-simple-history): the audit trail of the database that kept it; an
  import starts a new trail and writes no history rows.
- Users beyond their usernames: passwords, e-mail, roles (groups) and tokens belong to the
  site, not to the tournament; an import creates a missing user inactive, without a password.
- Job (background print and seating jobs): transient work whose result files can be made
  again; the print records of what was printed are exported.
- PrintRecord.fingerprint is exported as is: it verifies only with the signing key of the
  site that printed it.
"""

from django.db.models import Model

from tournaments.archive.schema import FORMAT, VERSION, encode
from tournaments.models import (
    Appeal,
    CheckIn,
    Correction,
    Hand,
    HandScore,
    Penalty,
    Player,
    Sanction,
    Seat,
    Session,
    SessionResult,
    SheetConfirmation,
    TableSession,
    Tournament,
)

# The plain fields of each model, as written (foreign keys are written by natural key apart).
TOURNAMENT_FIELDS = [
    "name",
    "slug",
    "start_date",
    "end_date",
    "venue",
    "format",
    "sessions_planned",
    "session_minutes",
    "tie_rule",
    "tie_breaks",
    "entry_mode",
    "appeal_fee",
    "appeal_currency",
    "qualifying_sessions",
    "finalists",
    "carry_over_points",
    "lots_seed",
    "seating_seed",
    "status",
    "created_at",
]
TEAM_FIELDS = ["name", "country"]
PLAYER_FIELDS = [
    "registration_number",
    "name",
    "native_name",
    "country",
    "club",
    "lot_number",
    "lot_drawn_by",
    "status",
    "oath_accepted_at",
]
TABLE_FIELDS = ["number", "group"]
SESSION_FIELDS = [
    "number",
    "stage",
    "group",
    "scheduled_start",
    "scheduled_end",
    "actual_start",
    "actual_end",
]
CHECK_IN_FIELDS = ["arrived_at", "recorded_at"]
SHEET_FIELDS = ["status", "closed_by", "version", "umpire_signed_at", "countersigned_at"]
HAND_FIELDS = [
    "number",
    "prevalent_wind",
    "dealer_position",
    "outcome",
    "winner_position",
    "discarder_position",
    "tiles",
    "fans",
    "points",
    "flowers",
    "entered_at",
]
HAND_SCORE_FIELDS = ["position", "points"]
PENALTY_FIELDS = [
    "kind",
    "foul",
    "occurrence",
    "amount",
    "invalid_claim",
    "minutes_late",
    "forfeited",
    "dead_hand",
    "hand_number",
    "reason",
    "remarks",
    "deltas",
    "recorded_at",
    "voided_at",
    "void_reason",
]
CONFIRMATION_FIELDS = ["confirmed_at"]
CORRECTION_FIELDS = ["kind", "reason", "made_at"]  # before/after: translated (see above)
RESULT_FIELDS = ["position", "score", "rank", "table_points_12", "forfeited"]
SANCTION_FIELDS = ["kind", "reason", "decided_at"]
APPEAL_FIELDS = [
    "filed_as_captain",
    "filed_at",
    "subject",
    "statement",
    "confirmed_by_filer",
    "fee_amount",
    "fee_currency",
    "fee_status",
    "status",
    "ruling",
    "reasons",
    "ruled_at",
]
PRINT_RECORD_FIELDS = ["fingerprint", "kind", "params", "printed_at"]

# The users each model refers to (field → written as a username, or null).
USER_FIELDS = {
    Player: ["user"],
    Session: ["started_by", "ended_by"],
    CheckIn: ["recorded_by"],
    TableSession: ["umpire", "umpire_signed_by", "countersigned_by"],
    Hand: ["entered_by"],
    Penalty: ["recorded_by", "voided_by"],
    SheetConfirmation: ["recorded_by"],
    Correction: ["made_by"],
    Sanction: ["decided_by"],
    Appeal: ["filed_by", "ruled_by"],
}


def plain(obj: Model, names: list[str]) -> dict:
    fields = {f.name: f for f in obj._meta.concrete_fields}
    return {name: encode(fields[name], getattr(obj, fields[name].attname)) for name in names}


class _Keys:
    """Natural keys of the rows already read, by database id."""

    def __init__(self):
        self.users: dict[int, str] = {}
        self.players: dict[int, int] = {}
        # {"session": n, "table": t}, and with "number" for what is numbered on a sheet
        self.sheets: dict[int, dict] = {}
        self.hands: dict[int, dict] = {}
        self.penalties: dict[int, dict] = {}
        self.corrections: dict[int, dict] = {}

    def users_of(self, obj: Model) -> dict:
        return {name: self.users.get(getattr(obj, name + "_id")) for name in USER_FIELDS[type(obj)]}

    def player(self, pk: int | None) -> int | None:
        return None if pk is None else self.players[pk]


def export_tournament(tournament: Tournament) -> dict:
    """The whole tournament as one JSON-ready document (see the module's docstring)."""
    from django.contrib.auth import get_user_model

    from reports.models import PrintRecord

    keys = _Keys()
    keys.users = dict(get_user_model().objects.values_list("pk", "username"))
    players = list(tournament.players.order_by("registration_number"))
    keys.players = {p.pk: p.registration_number for p in players}
    teams = sorted(tournament.teams.all(), key=lambda t: (t.name, t.pk))  # not the DB collation
    team_names = {t.pk: t.name for t in teams}
    sessions = list(tournament.sessions.order_by("number"))
    session_numbers = {s.pk: s.number for s in sessions}
    sheets = list(
        TableSession.objects.filter(session__tournament=tournament)
        .select_related("session", "table")
        .order_by("session__number", "table__number")
    )
    keys.sheets = {s.pk: {"session": s.session.number, "table": s.table.number} for s in sheets}

    def by_sheet(queryset, order):
        rows: dict[int, list] = {}
        for row in queryset.filter(table_session__session__tournament=tournament).order_by(*order):
            rows.setdefault(row.table_session_id, []).append(row)
        return rows

    hands = by_sheet(Hand.objects.all(), ["number"])
    for sheet_id, rows in hands.items():
        for hand in rows:
            keys.hands[hand.pk] = {**keys.sheets[sheet_id], "number": hand.number}
    penalties = by_sheet(Penalty.objects.all(), ["recorded_at", "pk"])
    corrections = by_sheet(Correction.objects.all(), ["made_at", "pk"])
    for rows, index in ((penalties, keys.penalties), (corrections, keys.corrections)):
        for sheet_id, sheet_rows in rows.items():
            for number, row in enumerate(sheet_rows, start=1):
                index[row.pk] = {**keys.sheets[sheet_id], "number": number}
    scores: dict[int, list] = {}
    for score in HandScore.objects.filter(
        hand__table_session__session__tournament=tournament
    ).order_by("position", "pk"):
        scores.setdefault(score.hand_id, []).append(score)
    seats = by_sheet(Seat.objects.all(), ["position"])
    confirmations = by_sheet(SheetConfirmation.objects.all(), ["confirmed_at", "pk"])
    results = by_sheet(SessionResult.objects.all(), ["position"])
    check_ins: dict[int, list] = {}
    for check_in in CheckIn.objects.filter(session__tournament=tournament).order_by(
        "arrived_at", "pk"
    ):
        check_ins.setdefault(check_in.session_id, []).append(check_in)

    def hand_dict(hand: Hand) -> dict:
        return {
            **plain(hand, HAND_FIELDS),
            **keys.users_of(hand),
            "scores": [
                {**plain(s, HAND_SCORE_FIELDS), "player": keys.player(s.player_id)}
                for s in scores.get(hand.pk, [])
            ],
        }

    def sheet_dict(sheet: TableSession) -> dict:
        pk = sheet.pk
        return {
            "session": sheet.session.number,
            "table": sheet.table.number,
            **plain(sheet, SHEET_FIELDS),
            **keys.users_of(sheet),
            "seats": [
                {
                    "position": s.position,
                    "player": keys.player(s.player_id),
                    "replaced_player": keys.player(s.replaced_player_id),
                }
                for s in seats.get(pk, [])
            ],
            "hands": [hand_dict(h) for h in hands.get(pk, [])],
            "penalties": [
                {
                    "number": number,
                    **plain(p, PENALTY_FIELDS),
                    **keys.users_of(p),
                    "player": keys.player(p.player_id),
                    "victim": keys.player(p.victim_id),
                }
                for number, p in enumerate(penalties.get(pk, []), start=1)
            ],
            "confirmations": [
                {
                    **plain(c, CONFIRMATION_FIELDS),
                    **keys.users_of(c),
                    "player": keys.player(c.player_id),
                }
                for c in confirmations.get(pk, [])
            ],
            "corrections": [
                {
                    "number": number,
                    **plain(c, CORRECTION_FIELDS),
                    **keys.users_of(c),
                    "before": _correction_values(c.kind, c.before, keys),
                    "after": _correction_values(c.kind, c.after, keys),
                }
                for number, c in enumerate(corrections.get(pk, []), start=1)
            ],
            "results": [
                {**plain(r, RESULT_FIELDS), "player": keys.player(r.player_id)}
                for r in results.get(pk, [])
            ],
        }

    document = {
        "format": FORMAT,
        "version": VERSION,
        "tournament": plain(tournament, TOURNAMENT_FIELDS),
        "teams": [{**plain(t, TEAM_FIELDS), "captain": keys.player(t.captain_id)} for t in teams],
        "players": [
            {
                **plain(p, PLAYER_FIELDS),
                **keys.users_of(p),
                "team": team_names.get(p.team_id),
            }
            for p in players
        ],
        "tables": [plain(t, TABLE_FIELDS) for t in tournament.tables.order_by("number")],
        "sessions": [
            {
                **plain(s, SESSION_FIELDS),
                **keys.users_of(s),
                "check_ins": [
                    {
                        **plain(c, CHECK_IN_FIELDS),
                        **keys.users_of(c),
                        "player": keys.player(c.player_id),
                    }
                    for c in check_ins.get(s.pk, [])
                ],
            }
            for s in sessions
        ],
        "score_sheets": [sheet_dict(s) for s in sheets],
        "sanctions": [
            {
                **plain(s, SANCTION_FIELDS),
                **keys.users_of(s),
                "player": keys.player(s.player_id),
                "session": session_numbers.get(s.session_id),
            }
            for s in Sanction.objects.filter(player__tournament=tournament).order_by(
                "decided_at", "pk"
            )
        ],
        "appeals": [
            {
                **plain(a, APPEAL_FIELDS),
                **keys.users_of(a),
                "session": session_numbers[a.session_id],
                "score_sheet": keys.sheets.get(a.table_session_id),
                "player": keys.player(a.player_id),
                "hand": keys.hands.get(a.hand_id),
                "penalty": keys.penalties.get(a.penalty_id),
                "correction": keys.corrections.get(a.correction_id),
            }
            for a in Appeal.objects.filter(session__tournament=tournament).order_by(
                "filed_at", "pk"
            )
        ],
        "print_records": [
            {
                **plain(r, PRINT_RECORD_FIELDS),
                "score_sheet": keys.sheets.get(r.table_session_id),
                "printed_by": keys.users.get(r.printed_by_id),
            }
            for r in PrintRecord.objects.filter(tournament=tournament).order_by(
                "printed_at", "fingerprint"
            )
        ],
    }
    document["users"] = sorted(_usernames(document))
    return document


def _usernames(document: dict) -> set[str]:
    """Every username the document refers to."""
    found: set[str] = set()
    user_keys = {name for names in USER_FIELDS.values() for name in names} | {"printed_by"}

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in user_keys and isinstance(value, str):
                    found.add(value)
                elif key not in ("tiles", "fans", "before", "after", "params", "deltas"):
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    return found


def _correction_values(kind: str, values: dict, keys: _Keys) -> dict:
    """A correction's before/after with its database ids written as natural keys: a voided
    penalty as its number on the sheet; a seat swap's players as registration numbers."""
    if not isinstance(values, dict):
        return values
    if kind == Correction.Kind.PENALTY_VOID and "penalty" in values:
        key = keys.penalties.get(values["penalty"])
        return {**values, "penalty": key["number"] if key else None}
    if kind == Correction.Kind.SEAT:
        return {
            position: keys.players.get(pk) if isinstance(pk, int) else pk
            for position, pk in values.items()
        }
    return values
