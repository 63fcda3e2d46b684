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
  Correction (before/after), SessionResult, Sanction, Appeal (with the ruling),
  RegistrationCorrection ("registration_corrections": the player by his registration number
  or the team by its name, before/after, reason, who and when); and the sections apps built
  on tournaments register (tournaments.archive.sections): PrintRecord ("print_records",
  reports.archive), DeskEntry ("desk_entries", desk.archive).
- Correction before/after: the database ids they hold are written as natural keys, a penalty
  as its number on the correction's sheet, a player as his registration number (an id the
  export does not know, as null): a voided penalty ("penalty_void": "penalty"); a swapped
  seat's players ("seat": position → player); an added penalty and its player ("penalty":
  "penalty", "player"); the penalties a removed hand renumbered ("hand_removed":
  "penalties_renumbered"[…]."penalty"); a corrected check-in's player and late-arrival
  penalty ("check_in": "player", "late_penalty"."penalty"). The other values hold no id.
- Correction.appeal (the appeal it applies) as the appeal's number in the file's "appeals"
  list: 1 for the first, in the order of that list (filed_at, then the order they were
  recorded); null for none, and for a file written before corrections named their appeal.
- RegistrationCorrection before/after: a team there ({"id", "name"}: the team's id and its
  name then) is written as {"team": the team's name now (its natural key; null when it is no
  team of the tournament), "name": its name then}. The other values hold no id.

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

from django.db.models import F, Model

from tournaments.archive.schema import FORMAT, VERSION, encode
from tournaments.archive.sections import SECTIONS
from tournaments.models import (
    Appeal,
    CheckIn,
    Correction,
    CutOffDecision,
    Hand,
    HandScore,
    Penalty,
    Player,
    RegistrationCorrection,
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
    "hand_entry",
    "appeal_fee",
    "appeal_currency",
    "qualifying_sessions",
    "finalists",
    "carry_over_points",
    "forfeit_contest_points",
    "team_counts_disqualified",
    "oath_required",
    "standings_public",
    "lots_seed",
    "seating_seed",
    "status",
    "created_at",
]
# Settings added after files were written without them: an older file is read with these
# values, those of every tournament made before the setting existed (migration 0009).
TOURNAMENT_FIELDS_ADDED = {
    "forfeit_contest_points": 0,
    "team_counts_disqualified": False,
    "oath_required": False,
    "hand_entry": "umpires",
    "standings_public": True,
}
# Added after files were written without it (migration 0016): no EMA number then.
PLAYER_FIELDS_ADDED = {"ema_id": ""}
TEAM_FIELDS = ["name", "country"]
PLAYER_FIELDS = [
    "registration_number",
    "name",
    "native_name",
    "country",
    "ema_id",
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
CHECK_IN_FIELDS = ["arrived_at", "absent", "recorded_at"]
# Added after files were written without it: every check-in then was an arrival.
CHECK_IN_FIELDS_ADDED = {"absent": False}
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
# before/after: translated; appeal: its number in "appeals" (see above)
CORRECTION_FIELDS = ["kind", "reason", "made_at"]
RESULT_FIELDS = ["position", "score", "rank", "table_points_12", "forfeited"]
SANCTION_FIELDS = ["kind", "reason", "decided_at", "status_before", "voided_at", "void_reason"]
# A file of version 2 or older: its sanctions were all in force (none lifted then).
SANCTION_FIELDS_ADDED = {
    "status_before": "",
    "voided_at": None,
    "void_reason": "",
    "voided_by": None,
    "void_appeal": None,
}
CUT_OFF_DECISION_FIELDS = [
    "session_number",
    "finalists",
    "first_place",
    "last_place",
    "advancing",
    "order",
    "method",
    "seed",
    "result",
    "decided_at",
]
# player, team: natural keys; before/after: a team translated (see above)
REGISTRATION_CORRECTION_FIELDS = ["reason", "made_at"]
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
    Sanction: ["decided_by", "voided_by"],
    CutOffDecision: ["decided_by"],
    Appeal: ["filed_by", "ruled_by"],
    RegistrationCorrection: ["made_by"],
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
        # an appeal's number in the document's "appeals" list (1 for the first)
        self.appeals: dict[int, int] = {}

    def users_of(self, obj: Model) -> dict:
        return {name: self.users.get(getattr(obj, name + "_id")) for name in USER_FIELDS[type(obj)]}

    def player(self, pk: int | None) -> int | None:
        return None if pk is None else self.players[pk]

    def penalty_number(self, pk, sheet_id: int) -> int | None:
        """A penalty of the sheet `sheet_id` by its number there (None: not one of them)."""
        key = self.penalties.get(pk) if _is_id(pk) else None
        if key is None or _sheet_of(key) != self.sheets.get(sheet_id):
            return None
        return key["number"]

    def registration(self, pk) -> int | None:
        """A player of the tournament by his registration number (None: not one of them)."""
        return self.players.get(pk) if _is_id(pk) else None


def _is_id(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _sheet_of(key: dict) -> dict:
    return {"session": key["session"], "table": key["table"]}


def _number_on_sheets(keys: _Keys, *, hands: dict, penalties: dict, corrections: dict) -> None:
    """The natural keys of what is numbered on a sheet (by sheet id, in order): a hand by its
    own number, a penalty or a correction by its place on the sheet (1, 2...)."""
    for sheet_id, rows in hands.items():
        for hand in rows:
            keys.hands[hand.pk] = {**keys.sheets[sheet_id], "number": hand.number}
    for rows, index in ((penalties, keys.penalties), (corrections, keys.corrections)):
        for sheet_id, sheet_rows in rows.items():
            for number, row in enumerate(sheet_rows, start=1):
                index[row.pk] = {**keys.sheets[sheet_id], "number": number}


def export_tournament(tournament: Tournament) -> dict:
    """The whole tournament as one JSON-ready document (see the module's docstring)."""
    from django.contrib.auth import get_user_model

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
    penalties = by_sheet(Penalty.objects.all(), ["recorded_at", "pk"])
    corrections = by_sheet(Correction.objects.all(), ["made_at", "pk"])
    _number_on_sheets(keys, hands=hands, penalties=penalties, corrections=corrections)
    appeals = list(Appeal.objects.filter(session__tournament=tournament).order_by("filed_at", "pk"))
    keys.appeals = {appeal.pk: number for number, appeal in enumerate(appeals, start=1)}
    scores: dict[int, list] = {}
    for score in HandScore.objects.filter(
        hand__table_session__session__tournament=tournament
    ).order_by("position", "pk"):
        scores.setdefault(score.hand_id, []).append(score)
    seats = by_sheet(Seat.objects.all(), ["position"])
    confirmations = by_sheet(SheetConfirmation.objects.all(), ["confirmed_at", "pk"])
    # A seat has two results when a substitute took it (3.11.2): the player number decides.
    results = by_sheet(SessionResult.objects.all(), ["position", "player__registration_number"])
    check_ins: dict[int, list] = {}
    # No-shows (no arrival time) last, on every database alike.
    arrival = F("arrived_at").asc(nulls_last=True)
    for check_in in CheckIn.objects.filter(session__tournament=tournament).order_by(arrival, "pk"):
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
                    "before": _correction_values(c.kind, c.before, keys, pk),
                    "after": _correction_values(c.kind, c.after, keys, pk),
                    "appeal": keys.appeals.get(c.appeal_id),
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
                "void_appeal": keys.appeals.get(s.void_appeal_id),
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
            for a in appeals
        ],
        "registration_corrections": [
            {
                **plain(c, REGISTRATION_CORRECTION_FIELDS),
                **keys.users_of(c),
                "player": keys.player(c.player_id),
                "team": team_names.get(c.team_id),
                "before": _registration_values(c.before, team_names),
                "after": _registration_values(c.after, team_names),
            }
            for c in tournament.registration_corrections.order_by("made_at", "pk")
        ],
        "cut_off_decisions": [
            {**plain(d, CUT_OFF_DECISION_FIELDS), **keys.users_of(d)}
            for d in tournament.cut_off_decisions.order_by("decided_at", "pk")
        ],
    }
    for section in SECTIONS.values():  # the sections of apps built on tournaments
        document[section.name] = section.export(tournament, keys)
    document["users"] = sorted(_usernames(document))
    return document


# The keys whose values are JSON data of a row (hands, values before and after, what was keyed
# at the desk): their keys are not the users' keys.
_JSON_VALUES = ("tiles", "fans", "before", "after", "params", "deltas", "payload")


def _usernames(document: dict) -> set[str]:
    """Every username the document refers to."""
    found: set[str] = set()
    user_keys = {name for names in USER_FIELDS.values() for name in names}
    user_keys |= {name for section in SECTIONS.values() for name in section.user_keys}

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in user_keys and isinstance(value, str):
                    found.add(value)
                elif key not in _JSON_VALUES:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    return found


def _correction_values(kind: str, values: dict, keys: _Keys, sheet_id: int) -> dict:
    """A correction's before/after with its database ids written as natural keys (see the
    module's docstring): a penalty as its number on the sheet, a player as his registration
    number. Everything else is written as it is."""
    if not isinstance(values, dict):
        return values
    if kind == Correction.Kind.PENALTY_VOID and "penalty" in values:
        return {**values, "penalty": keys.penalty_number(values["penalty"], sheet_id)}
    if kind == Correction.Kind.SEAT:
        return {
            position: keys.players.get(pk) if isinstance(pk, int) else pk
            for position, pk in values.items()
        }
    if kind == Correction.Kind.PENALTY:
        return _with(
            values,
            penalty=lambda pk: keys.penalty_number(pk, sheet_id),
            player=keys.registration,
        )
    if kind == Correction.Kind.HAND_REMOVED and isinstance(
        values.get("penalties_renumbered"), list
    ):
        moved = [
            _with(line, penalty=lambda pk: keys.penalty_number(pk, sheet_id))
            for line in values["penalties_renumbered"]
        ]
        return {**values, "penalties_renumbered": moved}
    if kind == Correction.Kind.CHECK_IN:
        values = _with(values, player=keys.registration)
        if isinstance(values.get("late_penalty"), dict):
            late = _with(
                values["late_penalty"], penalty=lambda pk: keys.penalty_number(pk, sheet_id)
            )
            values = {**values, "late_penalty": late}
        return values
    return values


def _registration_values(values, team_names: dict) -> dict:
    """A registration correction's before/after with a team's id written as the team's name
    now (see the module's docstring); everything else as it is."""
    team = values.get("team") if isinstance(values, dict) else None
    if not isinstance(team, dict):
        return values
    pk = team.get("id")
    written = {"team": team_names.get(pk) if _is_id(pk) else None, "name": team.get("name")}
    return {**values, "team": written}


def _with(values, **translate) -> dict:
    """`values` with each named key's value translated (a null kept null); a key it lacks
    stays absent, and what is not a dict is kept as it is."""
    if not isinstance(values, dict):
        return values
    return {
        key: (translate[key](value) if key in translate and value is not None else value)
        for key, value in values.items()
    }
