"""Restore a tournament from its archive (`manage.py import_tournament`).

The import is the system: it writes the rows as the archive has them, without the services'
role checks or the rules' checks of a new entry (the archive holds what was accepted), but
every model constraint still applies: each row's fields are validated (types, choices,
lengths) and the database enforces its check and unique constraints. Everything happens in
one transaction: a refused file writes nothing. Timestamps the database would set itself
(`entered_at`, `recorded_at`, `made_at`, `decided_at`, `created_at`, `printed_at`) are
restored as written. No history rows are written (the archive holds none). A file written
before a tournament setting existed is read with the value tournaments had then
(`export.TOURNAMENT_FIELDS_ADDED`, `CHECK_IN_FIELDS_ADDED`, `PLAYER_FIELDS_ADDED`); exported
again, it names it. A player's country typed as text before it was an ISO code (migration 0016)
is read as its code; one that is not recognised is refused.
The natural keys in a correction's before/after are read back as the ids of the rows restored
(a penalty number not on the correction's sheet, or a registration number not in the file, is
refused). A correction's appeal (its number in "appeals") is set once the appeals exist (they
name their corrections, which are written first); a file without it: no appeal. A file of an
older version (schema.VERSIONS_READ) is read as having none of the rows it could not hold:
version 1, no registration corrections and no desk entries.

What is imported is verified (issue 26): each hand's payments add up to zero, a win scores at
least 8 points without flowers (3.7.2), the stored session results are what the sheets give
(recomputed as tournaments.services.results does, nothing written), and no player is bound
to a login that exists already (`players[].user` names only users the import creates,
inactive; a director re-links logins after the import). The other references to users
(umpires, who recorded what...) are history and may name existing users. A registration
correction names one player or one team of the file, and its before/after name the same
fields, those a registration correction changes (a team as a team of the file, or null).
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.utils.translation import gettext as _

from scoring.result import MINIMUM_POINTS
from tournaments.archive import export as spec
from tournaments.archive.schema import FORMAT, VERSIONS_READ, ArchiveError, decode
from tournaments.archive.sections import SECTIONS
from tournaments.countries import country_code, country_problem
from tournaments.live import live_touch
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
    Table,
    TableSession,
    Team,
    Tournament,
)
from tournaments.models.play import POSITIONS
from tournaments.services.registration import SETTLED_PLAYER_FIELDS, SETTLED_TEAM_FIELDS
from tournaments.services.results import table_session_expected_results

# The archive version that first wrote the registration corrections.
REGISTRATION_CORRECTIONS_SINCE = 2
# ... and the decisions of ties at a final's cut-off.
CUT_OFF_DECISIONS_SINCE = 3

# JSON fields and the type each holds (None allowed where the model allows it).
JSON_TYPES = {
    "tie_breaks": list,
    "order": list,
    "tiles": dict,
    "fans": list,
    "deltas": dict,
    "before": dict,
    "after": dict,
    "params": dict,
}


@dataclass
class ImportReport:
    tournament: Tournament
    created_users: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def check_header(document: dict) -> None:
    if document.get("format") != FORMAT:
        raise ArchiveError(
            _('The file is not a tournament archive ("format" is not "%(format)s").')
            % {"format": FORMAT}
        )
    version = document.get("version")
    if not _is_number(version) or version not in VERSIONS_READ:
        raise ArchiveError(
            _("The archive is of version %(found)r; this site reads versions %(versions)s.")
            % {"found": version, "versions": ", ".join(map(str, VERSIONS_READ))}
        )


def import_tournament(document: dict) -> ImportReport:
    """Create the archived tournament; ArchiveError (nothing written) when it cannot be."""
    check_header(document)
    try:
        with transaction.atomic():
            return _Importer(document).run()
    except DatabaseError as error:
        raise ArchiveError(
            _("The file breaks a rule of the database: %(error)s.") % {"error": error}
        ) from None


def _dict(node, where: str) -> dict:
    if not isinstance(node, dict):
        raise ArchiveError(_("%(where)s: expected an object.") % {"where": where})
    return node


def _list(node: dict, key: str, where: str) -> list:
    value = _required(node, key, where)
    if not isinstance(value, list):
        raise ArchiveError(_("%(where)s: %(key)s must be a list.") % {"where": where, "key": key})
    return value


def _required(node: dict, key: str, where: str):
    if key not in _dict(node, where):
        raise ArchiveError(_("%(where)s: %(key)s is missing.") % {"where": where, "key": key})
    return node[key]


def _unique(keys: list, what: str) -> None:
    """Refuse a key named twice; one that is an array or an object is left to its field's
    check, which refuses it naming where."""
    seen = set()
    for key in filter(_is_key, keys):
        if key in seen:
            raise ArchiveError(
                _("The file names %(what)s %(key)s twice.") % {"what": what, "key": key}
            )
        seen.add(key)


def _is_key(value) -> bool:
    """Whether the file's `value` may name a row (a username, a number): not an array nor an
    object, which name nothing (and cannot be looked up)."""
    return not isinstance(value, list | dict)


def _is_number(value) -> bool:
    """An integer as JSON writes it (not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _with(values, where: str, **read) -> dict:
    """A correction's `values` (a dict) with each named key's value read back by
    `read[key](value, where)`; a null stays null, the other keys stay as they are."""
    if not isinstance(values, dict):
        raise ArchiveError(_("%(where)s: expected an object.") % {"where": where})
    return {
        key: read[key](value, where) if key in read and value is not None else value
        for key, value in values.items()
    }


def _build(model: type[models.Model], data: dict, names: list[str], where: str, **refs):
    """A model instance from the archive's plain fields and resolved references, its fields
    validated as a form would (types, choices, lengths, required values)."""
    data = _dict(data, where)
    fields = {f.name: f for f in model._meta.concrete_fields}
    values = {}
    for name in names:
        value = decode(fields[name], _required(data, name, where), f"{where}, {name}")
        expected = JSON_TYPES.get(name)
        if expected and not (isinstance(value, expected) or (value is None and fields[name].null)):
            raise ArchiveError(
                _("%(where)s: %(key)s must be a %(type)s.")
                % {"where": where, "key": name, "type": expected.__name__}
            )
        values[fields[name].attname] = value
    obj = model(**values, **refs)
    skip = [f.name for f in fields.values() if f.is_relation or f.name in JSON_TYPES]
    try:
        obj.clean_fields(exclude=skip)
    except ValidationError as error:
        problems = "; ".join(
            f"{name}: {' '.join(messages)}" for name, messages in error.message_dict.items()
        )
        raise ArchiveError(f"{where}: {problems}") from None
    return obj


def _deltas_check(penalty: Penalty, where: str) -> None:
    """A penalty's effect as the scoring core writes it: whole points by seat position."""
    if not all(
        position in POSITIONS and _is_number(points) for position, points in penalty.deltas.items()
    ):
        raise ArchiveError(
            _("%(where)s: deltas must give whole points by seat (A to D).") % {"where": where}
        )


def _federation_details(data: dict, where: str) -> dict:
    """A player's EMA number (none in files written before it existed) and his country as an
    ISO code: files written before migration 0016 hold the country as typed, read as
    `player_create` reads it; one that is not recognised is refused, to be corrected in the
    file, rather than dropped."""
    data = {**spec.PLAYER_FIELDS_ADDED, **data}
    country = data.get("country")
    if isinstance(country, str):
        problem = country_problem(country)
        if problem:
            raise ArchiveError(f"{where}, country: {problem}")
        data["country"] = country_code(country)
    return data


def _check_decision(decision: CutOffDecision, numbers: set, where: str) -> None:
    """The order names players of the file by number, each once; the rest as the database
    asks (a lot with its seed, a play-off with its result, two places at least)."""
    order = decision.order
    if not all(_is_number(n) and n in numbers for n in order) or len(set(order)) != len(order):
        raise ArchiveError(
            _("%(where)s: the order names players by their numbers in the file, each once.")
            % {"where": where}
        )
    try:
        decision.validate_constraints()
    except ValidationError as error:
        raise ArchiveError(f"{where}: {' '.join(error.messages)}") from None


def _check_lifting(sanction: Sanction, appeal, where: str) -> None:
    """A lifted sanction has its time and reason; one in force has neither, nor an appeal
    that lifted it (the database's `sanction_lifted_with_reason`)."""
    in_force = sanction.voided_at is None
    if in_force != (sanction.void_reason == "") or (in_force and appeal is not None):
        raise ArchiveError(
            _(
                "%(where)s: a lifted sanction has its time and its reason; one in force has "
                "neither, nor an appeal that lifted it."
            )
            % {"where": where}
        )


def _create(model: type[models.Model], objs: list, restore: tuple[str, ...] = ()) -> list:
    """bulk_create (no history rows), then the timestamps the database set itself put back."""
    kept = [[getattr(obj, name) for name in restore] for obj in objs]
    model.objects.bulk_create(objs, batch_size=500)
    if restore and objs:
        for obj, values in zip(objs, kept, strict=True):
            for name, value in zip(restore, values, strict=True):
                setattr(obj, name, value)
        model.objects.bulk_update(objs, list(restore), batch_size=500)
    return objs


class _Importer:
    def __init__(self, document: dict):
        self.doc = document
        self.version: int = document["version"]  # one of VERSIONS_READ (check_header)
        self.report: ImportReport | None = None
        self.users: dict[str, object] = {}
        self.players: dict[int, Player] = {}
        self.teams: dict[str, Team] = {}
        self.sessions: dict[int, Session] = {}
        self.tables: dict[int, Table] = {}
        self.created_users: list[str] = []
        self.existing_users: set[str] = set()
        self.sheets: dict[tuple[int, int], TableSession] = {}
        self.seat_positions: dict[tuple[int, int], set[str]] = {}
        self.hands: dict[tuple[int, int, int], Hand] = {}
        self.penalties: dict[tuple[int, int, int], Penalty] = {}
        self.corrections: dict[tuple[int, int, int], Correction] = {}
        # each correction with the appeal it names (its number in "appeals") and where
        self.correction_appeals: list[tuple[Correction, object, str]] = []
        self.appeals: list[Appeal] = []
        self.sanction_appeals: list[tuple[Sanction, object, str]] = []

    # -- references ------------------------------------------------------------------------

    def user(self, data: dict, name: str, where: str):
        username = _required(data, name, where)
        if username is None:
            return None
        if not _is_key(username) or username not in self.users:
            raise ArchiveError(
                _("%(where)s: user %(user)r is not in the file's list of users.")
                % {"where": where, "user": username}
            )
        return self.users[username]

    def user_refs(self, model, data: dict, where: str) -> dict:
        return {name: self.user(data, name, where) for name in spec.USER_FIELDS[model]}

    def player(self, data: dict, name: str, where: str, *, optional: bool = False):
        number = _required(data, name, where)
        if number is None and optional:
            return None
        if not _is_key(number) or number not in self.players:
            raise ArchiveError(
                _("%(where)s: no player with registration number %(number)r in the file.")
                % {"where": where, "number": number}
            )
        return self.players[number]

    def sheet_key(self, value, where: str, index: dict, what: str, *, size: int = 2):
        """A reference by natural key: {"session", "table"}, with "number" (size 3) for what
        is numbered on a sheet; None for no reference."""
        if value is None:
            return None
        names = ("session", "table", "number")[:size]
        key = None
        if isinstance(value, dict) and set(value) == set(names):
            key = tuple(value[name] for name in names)
            key = key if all(map(_is_key, key)) else None
        if key is None or key not in index:
            raise ArchiveError(
                _("%(where)s: no %(what)s %(key)s in the file.")
                % {"where": where, "what": what, "key": value}
            )
        return index[key]

    # -- the import ------------------------------------------------------------------------

    def run(self) -> ImportReport:
        doc = self.doc
        tournament_data = _dict(_required(doc, "tournament", _("the file")), "tournament")
        slug = _required(tournament_data, "slug", "tournament")
        if Tournament.objects.filter(slug=slug).exists():
            raise ArchiveError(
                _("A tournament with the slug %(slug)r exists already.") % {"slug": slug}
            )
        self._users()
        # An older file lacks the settings added since: the values tournaments had then.
        tournament_data = {**spec.TOURNAMENT_FIELDS_ADDED, **tournament_data}
        tournament = _build(Tournament, tournament_data, spec.TOURNAMENT_FIELDS, "tournament")
        _create(Tournament, [tournament], ("created_at",))
        self.report = ImportReport(tournament=tournament, created_users=self.created_users)
        self._people(tournament)
        self._sessions(tournament)
        self._sheets()
        self._sanctions()
        self._appeals()
        self._correction_appeals()
        self._sanction_appeals()
        self._registration_corrections(tournament)
        self._cut_off_decisions(tournament)
        for section in SECTIONS.values():  # the sections of apps built on tournaments
            if self.version >= section.since:  # an older file: none of its rows
                section.restore(self, tournament)
        # Public pages cached for a tournament of the same id (a database restored or
        # rebuilt) must not be served for this one: a new live version once committed.
        live_touch(tournament.pk)
        return self.report

    def _count(self, what: str, objs: list) -> None:
        self.report.counts[what] = self.report.counts.get(what, 0) + len(objs)

    def _users(self) -> None:
        names = _list(self.doc, "users", _("the file"))
        if not all(isinstance(name, str) and name for name in names):
            raise ArchiveError(_("users: every user is a username."))
        _unique(names, _("the user"))
        model = get_user_model()
        self.users = {u.username: u for u in model.objects.filter(username__in=names)}
        self.existing_users = set(self.users)
        self.created_users = sorted(set(names) - set(self.users))
        for username in self.created_users:
            user = model(username=username, is_active=False)
            user.set_unusable_password()
            try:
                user.clean_fields(exclude=["password"])
            except ValidationError as error:
                raise ArchiveError(f"users, {username!r}: " + " ".join(error.messages)) from None
            user.save()
            self.users[username] = user

    def _people(self, tournament: Tournament) -> None:
        doc = self.doc
        teams_data = _list(doc, "teams", _("the file"))
        _unique(
            [str(_required(_dict(t, "teams"), "name", "teams")).lower() for t in teams_data],
            _("the team"),
        )
        teams = [
            _build(Team, data, spec.TEAM_FIELDS, f"teams[{i}]", tournament=tournament)
            for i, data in enumerate(teams_data)
        ]
        _create(Team, teams)
        by_name = self.teams = {team.name: team for team in teams}
        players_data = _list(doc, "players", _("the file"))
        _unique(
            [
                _required(_dict(p, "players"), "registration_number", "players")
                for p in players_data
            ],
            _("the registration number"),
        )
        players = []
        for i, data in enumerate(players_data):
            where = f"players[{i}]"
            self._not_an_existing_login(data, where)
            data = _federation_details(_dict(data, where), where)
            team = _required(data, "team", where)
            if team is not None and (not _is_key(team) or team not in by_name):
                raise ArchiveError(
                    _("%(where)s: no team %(team)r in the file.") % {"where": where, "team": team}
                )
            players.append(
                _build(
                    Player,
                    data,
                    spec.PLAYER_FIELDS,
                    where,
                    tournament=tournament,
                    team=by_name.get(team),
                    **self.user_refs(Player, data, where),
                )
            )
        _create(Player, players)
        self.players = {p.registration_number: p for p in players}
        for i, (team, data) in enumerate(zip(teams, teams_data, strict=True)):
            team.captain = self.player(data, "captain", f"teams[{i}]", optional=True)
        Team.objects.bulk_update(teams, ["captain"])
        self._count("teams", teams)
        self._count("players", players)

    def _not_an_existing_login(self, data: dict, where: str) -> None:
        """A file never binds a player to a login the site has already: it would take the
        login over. Only the users the import creates (inactive) may be a player's."""
        username = _required(_dict(data, where), "user", where)
        if _is_key(username) and username in self.existing_users:
            raise ArchiveError(
                _(
                    "%(where)s: user %(user)r is a login that exists already; an import does "
                    "not bind a player to an existing login (logins are re-linked by a "
                    "director after import)."
                )
                % {"where": where, "user": username}
            )

    def _sessions(self, tournament: Tournament) -> None:
        tables_data = _list(self.doc, "tables", _("the file"))
        _unique([_required(_dict(t, "tables"), "number", "tables") for t in tables_data], "table")
        tables = [
            _build(Table, data, spec.TABLE_FIELDS, f"tables[{i}]", tournament=tournament)
            for i, data in enumerate(tables_data)
        ]
        self.tables = {t.number: t for t in _create(Table, tables)}
        sessions_data = _list(self.doc, "sessions", _("the file"))
        _unique(
            [_required(_dict(s, "sessions"), "number", "sessions") for s in sessions_data],
            _("the session"),
        )
        sessions, check_ins = [], []
        for i, data in enumerate(sessions_data):
            where = f"sessions[{i}]"
            session = _build(
                Session,
                data,
                spec.SESSION_FIELDS,
                where,
                tournament=tournament,
                **self.user_refs(Session, data, where),
            )
            sessions.append(session)
        _create(Session, sessions)
        self.sessions = {s.number: s for s in sessions}
        for i, (session, data) in enumerate(zip(sessions, sessions_data, strict=True)):
            for j, item in enumerate(_list(data, "check_ins", f"sessions[{i}]")):
                where = f"session {session.number}, check_ins[{j}]"
                if isinstance(item, dict):  # an older file: no no-shows (absent)
                    item = {**spec.CHECK_IN_FIELDS_ADDED, **item}
                check_ins.append(
                    _build(
                        CheckIn,
                        item,
                        spec.CHECK_IN_FIELDS,
                        where,
                        session=session,
                        player=self.player(item, "player", where),
                        **self.user_refs(CheckIn, item, where),
                    )
                )
        _create(CheckIn, check_ins, ("recorded_at",))
        self._count("tables", tables)
        self._count("sessions", sessions)
        self._count("check_ins", check_ins)

    def _sheets(self) -> None:
        sheets_data = _list(self.doc, "score_sheets", _("the file"))
        sheets = [self._new_sheet(i, data) for i, data in enumerate(sheets_data)]
        _create(TableSession, sheets)
        self._count("score_sheets", sheets)
        rows = {name: [] for name in ("seats", "hands", "penalties", "confirmations", "results")}
        corrections = []
        scores: list[tuple[Hand, dict, str]] = []
        for sheet, data in zip(sheets, sheets_data, strict=True):
            where = self._sheet_where(sheet)
            key = (sheet.session.number, sheet.table.number)
            rows["seats"] += self._seats(sheet, data, where)
            for j, item in enumerate(_list(data, "hands", where)):
                hand, hand_scores = self._hand(sheet, key, item, where, f"{where}, hands[{j}]")
                rows["hands"].append(hand)
                scores += hand_scores
            for name, objs in self._sheet_records(sheet, key, data, where).items():
                rows[name] += objs
            corrections += [
                (sheet, key, item, f"{where}, corrections[{j}]")
                for j, item in enumerate(_list(data, "corrections", where))
            ]
        _create(Seat, rows["seats"])
        _create(Hand, rows["hands"], ("entered_at",))
        hand_scores = [self._hand_score(hand, score, where) for hand, score, where in scores]
        self._zero_sum(hand_scores)
        _create(HandScore, hand_scores)
        _create(Penalty, rows["penalties"], ("recorded_at",))
        _create(SheetConfirmation, rows["confirmations"])
        _create(SessionResult, rows["results"])
        self._results_as_the_sheets_give(sheets, rows["seats"], rows["results"])
        self._corrections(corrections)
        for name in rows:
            self._count(name, rows[name])
        self._count("hand_scores", hand_scores)

    def _new_sheet(self, i: int, data) -> TableSession:
        """The score sheet sheets_data[i] (not yet written), indexed in self.sheets."""
        where = f"score_sheets[{i}]"
        data = _dict(data, where)
        number, table = _required(data, "session", where), _required(data, "table", where)
        if not (_is_key(number) and number in self.sessions) or not (
            _is_key(table) and table in self.tables
        ):
            raise ArchiveError(
                _("%(where)s: no session %(session)r or no table %(table)r in the file.")
                % {"where": where, "session": number, "table": table}
            )
        if (number, table) in self.sheets:
            raise ArchiveError(
                _("The file has two score sheets of session %(s)s, table %(t)s.")
                % {"s": number, "t": table}
            )
        sheet = _build(
            TableSession,
            data,
            spec.SHEET_FIELDS,
            where,
            session=self.sessions[number],
            table=self.tables[table],
            **self.user_refs(TableSession, data, where),
        )
        self.sheets[(number, table)] = sheet
        return sheet

    def _hand(
        self, sheet: TableSession, key: tuple, item, where: str, hand_where: str
    ) -> tuple[Hand, list[tuple[Hand, dict, str]]]:
        """One hand of a sheet (not yet written), indexed in self.hands, and its scores."""
        hand = _build(
            Hand,
            item,
            spec.HAND_FIELDS,
            hand_where,
            table_session=sheet,
            **self.user_refs(Hand, item, hand_where),
        )
        for position in filter(None, (hand.winner_position, hand.discarder_position)):
            self._seat_exists(position, self.seat_positions[key], hand_where)
        if hand.outcome == Hand.Outcome.WIN and hand.points < MINIMUM_POINTS:
            raise ArchiveError(
                _(
                    "%(where)s: hand %(n)s is a win of %(points)s points without "
                    "flowers; a win scores at least %(minimum)s (3.7.2)."
                )
                % {
                    "where": hand_where,
                    "n": hand.number,
                    "points": hand.points,
                    "minimum": MINIMUM_POINTS,
                }
            )
        if (*key, hand.number) in self.hands:
            raise ArchiveError(
                _("%(where)s: hand %(n)s appears twice.") % {"where": where, "n": hand.number}
            )
        self.hands[(*key, hand.number)] = hand
        scores = [
            (hand, score, f"{hand_where}, scores[{k}]")
            for k, score in enumerate(_list(item, "scores", hand_where))
        ]
        return hand, scores

    def _sheet_records(
        self, sheet: TableSession, key: tuple, data: dict, where: str
    ) -> dict[str, list]:
        """A sheet's penalties, confirmations and results (not yet written), by name."""
        records = {}
        for name, model, fields, numbered in (
            ("penalties", Penalty, spec.PENALTY_FIELDS, self.penalties),
            ("confirmations", SheetConfirmation, spec.CONFIRMATION_FIELDS, None),
            ("results", SessionResult, spec.RESULT_FIELDS, None),
        ):
            records[name] = []
            for j, item in enumerate(_list(data, name, where)):
                item_where = f"{where}, {name}[{j}]"
                obj = _build(
                    model, item, fields, item_where, **self._refs(model, sheet, item, item_where)
                )
                if model is SessionResult:
                    self._seat_exists(obj.position, self.seat_positions[key], item_where)
                if model is Penalty:
                    _deltas_check(obj, item_where)
                if numbered is not None:
                    self._number(numbered, key, item, item_where, obj)
                records[name].append(obj)
        return records

    def _refs(self, model, sheet: TableSession, item: dict, where: str) -> dict:
        """The references of a sheet's penalty, confirmation or result."""
        refs = {"table_session": sheet, "player": self.player(item, "player", where)}
        if model is Penalty:
            refs["victim"] = self.player(item, "victim", where, optional=True)
        if model is SessionResult:
            refs["session"] = sheet.session
        if model in spec.USER_FIELDS:
            refs.update(self.user_refs(model, item, where))
        return refs

    def _hand_score(self, hand: Hand, score: dict, where: str) -> HandScore:
        """One payment of a hand (not yet written), at a seat of its sheet."""
        obj = _build(
            HandScore,
            score,
            spec.HAND_SCORE_FIELDS,
            where,
            hand=hand,
            player=self.player(score, "player", where),
        )
        key = (hand.table_session.session.number, hand.table_session.table.number)
        self._seat_exists(obj.position, self.seat_positions[key], where)
        return obj

    @staticmethod
    def _sheet_where(sheet: TableSession) -> str:
        return _("session %(s)s, table %(t)s") % {
            "s": sheet.session.number,
            "t": sheet.table.number,
        }

    def _zero_sum(self, hand_scores: list[HandScore]) -> None:
        """Each hand's payments add up to zero (what one pays another receives)."""
        totals: dict[int, int] = defaultdict(int)
        hands: dict[int, Hand] = {}
        for score in hand_scores:
            totals[id(score.hand)] += score.points
            hands[id(score.hand)] = score.hand
        for key, total in totals.items():
            if total:
                hand = hands[key]
                raise ArchiveError(
                    _("%(where)s: the payments of hand %(n)s add up to %(total)s, not 0.")
                    % {
                        "where": self._sheet_where(hand.table_session),
                        "n": hand.number,
                        "total": total,
                    }
                )

    def _results_as_the_sheets_give(
        self, sheets: list[TableSession], seats: list[Seat], results: list[SessionResult]
    ) -> None:
        """The stored results of each sheet are those its hands and penalties give (computed
        as table_session_recompute does, from the rows just written; nothing written)."""
        seats_of: dict[int, list[Seat]] = defaultdict(list)
        for seat in seats:
            seats_of[seat.table_session.pk].append(seat)
        stored_of: dict[int, dict[int, SessionResult]] = defaultdict(dict)
        for result in results:
            stored_of[result.table_session.pk][result.player_id] = result
        by_pk = {player.pk: player for player in self.players.values()}
        compared = ("position", "score", "rank", "table_points_12", "forfeited")
        for sheet in sheets:
            where = self._sheet_where(sheet)
            stored = stored_of[sheet.pk]
            expected = {
                line.player_id: line
                for line in table_session_expected_results(
                    table_session=sheet, seats=seats_of[sheet.pk]
                )
            }
            for player_id in sorted(stored.keys() | expected.keys()):
                player = by_pk[player_id]
                names = {"where": where, "number": player.registration_number, "name": player.name}
                if player_id not in stored:
                    raise ArchiveError(
                        _(
                            "%(where)s: the sheet gives player %(number)s (%(name)s) a result "
                            "the file does not have."
                        )
                        % names
                    )
                if player_id not in expected:
                    raise ArchiveError(
                        _(
                            "%(where)s: the file has a result for player %(number)s (%(name)s) "
                            "that the sheet does not give."
                        )
                        % names
                    )
                differences = [
                    _("%(field)s %(stored)s, the sheet gives %(expected)s")
                    % {
                        "field": name,
                        "stored": getattr(stored[player_id], name),
                        "expected": getattr(expected[player_id], name),
                    }
                    for name in compared
                    if getattr(stored[player_id], name) != getattr(expected[player_id], name)
                ]
                if differences:
                    raise ArchiveError(
                        _(
                            "%(where)s: the stored result of player %(number)s (%(name)s) is "
                            "not what the sheet gives: %(differences)s."
                        )
                        % {**names, "differences": "; ".join(differences)}
                    )

    def _seats(self, sheet: TableSession, data: dict, where: str) -> list[Seat]:
        seats = []
        for j, item in enumerate(_list(data, "seats", where)):
            seat_where = f"{where}, seats[{j}]"
            seats.append(
                Seat(
                    table_session=sheet,
                    session=sheet.session,
                    position=decode(
                        Seat._meta.get_field("position"),
                        _required(_dict(item, seat_where), "position", seat_where),
                        seat_where,
                    ),
                    player=self.player(item, "player", seat_where),
                    replaced_player=self.player(item, "replaced_player", seat_where, optional=True),
                )
            )
        for seat in seats:
            try:
                seat.clean_fields(exclude=["table_session", "session", "player", "replaced_player"])
            except ValidationError as error:
                raise ArchiveError(f"{where}, seats: " + " ".join(error.messages)) from None
        positions = [seat.position for seat in seats]
        _unique(positions, _("(on %(where)s) the seat") % {"where": where})
        self.seat_positions[(sheet.session.number, sheet.table.number)] = set(positions)
        return seats

    @staticmethod
    def _seat_exists(position: str, positions: set[str], where: str) -> None:
        if position not in positions:
            raise ArchiveError(
                _("%(where)s: refers to seat %(position)s, which this sheet does not have.")
                % {"where": where, "position": position}
            )

    @staticmethod
    def _number(index: dict, key: tuple, item: dict, where: str, obj) -> None:
        number = _required(item, "number", where)
        if not _is_number(number):
            raise ArchiveError(
                _("%(where)s: %(value)r is not a valid %(field)s.")
                % {"where": where, "value": number, "field": "number"}
            )
        if (*key, number) in index:
            raise ArchiveError(_("%(where)s: number %(n)r twice.") % {"where": where, "n": number})
        index[(*key, number)] = obj

    def _corrections(self, items: list) -> None:
        corrections = []
        for sheet, key, item, where in items:
            refs = self.user_refs(Correction, _dict(item, where), where)
            obj = _build(
                Correction, item, spec.CORRECTION_FIELDS, where, table_session=sheet, **refs
            )
            for side in ("before", "after"):
                values = _required(item, side, where)
                if not isinstance(values, dict):
                    raise ArchiveError(
                        _("%(where)s: %(key)s must be a dict.") % {"where": where, "key": side}
                    )
                setattr(
                    obj, side, self._correction_values(obj.kind, values, key, f"{where}, {side}")
                )
            self._number(self.corrections, key, item, where, obj)
            # An older file does not name the appeal a correction applies: none.
            if item.get("appeal") is not None:
                self.correction_appeals.append((obj, item["appeal"], where))
            corrections.append(obj)
        _create(Correction, corrections, ("made_at",))
        self._count("corrections", corrections)

    def _correction_values(self, kind: str, values: dict, key: tuple, where: str) -> dict:
        """The reverse of export._correction_values: natural keys back to database ids."""
        if kind == Correction.Kind.PENALTY_VOID and values.get("penalty") is not None:
            return {**values, "penalty": self._penalty_pk(values["penalty"], key, where)}
        if kind == Correction.Kind.SEAT:
            return {
                position: self.players[number].pk
                if _is_key(number) and number in self.players
                else number
                for position, number in values.items()
            }

        def penalty(number, at: str) -> int:
            return self._penalty_pk(number, key, at)

        if kind == Correction.Kind.PENALTY:
            return _with(values, where, penalty=penalty, player=self._player_pk)
        if kind == Correction.Kind.HAND_REMOVED and "penalties_renumbered" in values:
            lines = values["penalties_renumbered"]
            if not isinstance(lines, list):
                raise ArchiveError(
                    _("%(where)s: %(key)s must be a %(type)s.")
                    % {"where": where, "key": "penalties_renumbered", "type": "list"}
                )
            moved = [
                _with(line, f"{where}, penalties_renumbered[{j}]", penalty=penalty)
                for j, line in enumerate(lines)
            ]
            return {**values, "penalties_renumbered": moved}
        if kind == Correction.Kind.CHECK_IN:
            values = _with(values, where, player=self._player_pk)
            if values.get("late_penalty") is not None:
                late = _with(values["late_penalty"], f"{where}, late_penalty", penalty=penalty)
                values = {**values, "late_penalty": late}
            return values
        return values

    def _penalty_pk(self, number, key: tuple, where: str) -> int:
        """The id of penalty `number` of the sheet `key` (session, table)."""
        reference = dict(zip(("session", "table", "number"), (*key, number), strict=True))
        if not _is_number(number):
            raise ArchiveError(
                _("%(where)s: no %(what)s %(key)s in the file.")
                % {"where": where, "what": _("penalty"), "key": reference}
            )
        return self.sheet_key(reference, where, self.penalties, _("penalty"), size=3).pk

    def _player_pk(self, number, where: str) -> int:
        """The id of the player with registration number `number`."""
        if not _is_number(number) or number not in self.players:
            raise ArchiveError(
                _("%(where)s: no player with registration number %(number)r in the file.")
                % {"where": where, "number": number}
            )
        return self.players[number].pk

    def _sanctions(self) -> None:
        sanctions = []
        for i, item in enumerate(_list(self.doc, "sanctions", _("the file"))):
            where = f"sanctions[{i}]"
            item = {**spec.SANCTION_FIELDS_ADDED, **_dict(item, where)}
            session = _required(item, "session", where)
            if session is not None and (not _is_key(session) or session not in self.sessions):
                raise ArchiveError(
                    _("%(where)s: no session %(n)r in the file.") % {"where": where, "n": session}
                )
            sanctions.append(
                _build(
                    Sanction,
                    item,
                    spec.SANCTION_FIELDS,
                    where,
                    player=self.player(item, "player", where),
                    session=self.sessions.get(session),
                    **self.user_refs(Sanction, item, where),
                )
            )
            _check_lifting(sanctions[-1], item["void_appeal"], where)
            if item["void_appeal"] is not None:
                self.sanction_appeals.append((sanctions[-1], item["void_appeal"], where))
        _create(Sanction, sanctions, ("decided_at",))
        self._count("sanctions", sanctions)

    def _appeals(self) -> None:
        appeals = []
        for i, item in enumerate(_list(self.doc, "appeals", _("the file"))):
            where = f"appeals[{i}]"
            session = _required(_dict(item, where), "session", where)
            if not _is_key(session) or session not in self.sessions:
                raise ArchiveError(
                    _("%(where)s: no session %(n)r in the file.") % {"where": where, "n": session}
                )
            refs = {
                "session": self.sessions[session],
                "player": self.player(item, "player", where),
                "table_session": self.sheet_key(
                    _required(item, "score_sheet", where), where, self.sheets, _("score sheet")
                ),
                "hand": self.sheet_key(
                    _required(item, "hand", where), where, self.hands, _("hand"), size=3
                ),
                "penalty": self.sheet_key(
                    _required(item, "penalty", where), where, self.penalties, _("penalty"), size=3
                ),
                "correction": self.sheet_key(
                    _required(item, "correction", where),
                    where,
                    self.corrections,
                    _("correction"),
                    size=3,
                ),
                **self.user_refs(Appeal, item, where),
            }
            appeals.append(_build(Appeal, item, spec.APPEAL_FIELDS, where, **refs))
        _create(Appeal, appeals)
        self.appeals = appeals
        self._count("appeals", appeals)

    def _sanction_appeals(self) -> None:
        """The appeal that lifted each sanction, by its number in "appeals"."""
        named = []
        for sanction, number, where in self.sanction_appeals:
            if not _is_number(number) or not 1 <= number <= len(self.appeals):
                raise ArchiveError(
                    _("%(where)s: no %(what)s %(key)s in the file.")
                    % {"where": where, "what": _("appeal"), "key": number}
                )
            sanction.void_appeal = self.appeals[number - 1]
            named.append(sanction)
        Sanction.objects.bulk_update(named, ["void_appeal"], batch_size=500)

    def _cut_off_decisions(self, tournament: Tournament) -> None:
        """How ties at a final's cut-off were decided (3.10.1): a file of version 2 or older
        has none."""
        if self.version < CUT_OFF_DECISIONS_SINCE:
            return
        decisions = []
        numbers = {player.lot_number for player in self.players.values()}
        for i, item in enumerate(_list(self.doc, "cut_off_decisions", _("the file"))):
            where = f"cut_off_decisions[{i}]"
            decision = _build(
                CutOffDecision,
                item,
                spec.CUT_OFF_DECISION_FIELDS,
                where,
                tournament=tournament,
                **self.user_refs(CutOffDecision, item, where),
            )
            _check_decision(decision, numbers, where)
            decisions.append(decision)
        _create(CutOffDecision, decisions)
        self._count("cut_off_decisions", decisions)

    def _correction_appeals(self) -> None:
        """Each correction's appeal, by its number in "appeals" (1 for the first)."""
        named = []
        for correction, number, where in self.correction_appeals:
            if not _is_number(number) or not 1 <= number <= len(self.appeals):
                raise ArchiveError(
                    _("%(where)s: no %(what)s %(key)s in the file.")
                    % {"where": where, "what": _("appeal"), "key": number}
                )
            correction.appeal = self.appeals[number - 1]
            named.append(correction)
        Correction.objects.bulk_update(named, ["appeal"], batch_size=500)

    def _registration_corrections(self, tournament: Tournament) -> None:
        if self.version < REGISTRATION_CORRECTIONS_SINCE:
            return  # an older file: none
        corrections = []
        for i, item in enumerate(_list(self.doc, "registration_corrections", _("the file"))):
            where = f"registration_corrections[{i}]"
            player = self.player(_dict(item, where), "player", where, optional=True)
            team = self._team(_required(item, "team", where), where)
            if (player is None) == (team is None):
                raise ArchiveError(
                    _("%(where)s: a registration correction is of one player or of one team.")
                    % {"where": where}
                )
            fields = SETTLED_PLAYER_FIELDS if player is not None else SETTLED_TEAM_FIELDS
            before, after = (
                self._registration_values(_required(item, side, where), fields, f"{where}, {side}")
                for side in ("before", "after")
            )
            if not after or set(before) != set(after):
                raise ArchiveError(
                    _("%(where)s: before and after must name the same fields, at least one.")
                    % {"where": where}
                )
            refs = self.user_refs(RegistrationCorrection, item, where)
            if refs["made_by"] is None:
                raise ArchiveError(
                    _("%(where)s: %(key)s is missing.") % {"where": where, "key": "made_by"}
                )
            corrections.append(
                _build(
                    RegistrationCorrection,
                    item,
                    spec.REGISTRATION_CORRECTION_FIELDS,
                    where,
                    tournament=tournament,
                    player=player,
                    team=team,
                    before=before,
                    after=after,
                    **refs,
                )
            )
        _create(RegistrationCorrection, corrections, ("made_at",))
        self._count("registration_corrections", corrections)

    def _team(self, name, where: str) -> Team | None:
        """The team of the file named `name` (None for null)."""
        if name is None:
            return None
        if not isinstance(name, str) or name not in self.teams:
            raise ArchiveError(
                _("%(where)s: no team %(team)r in the file.") % {"where": where, "team": name}
            )
        return self.teams[name]

    def _registration_values(self, values, fields: tuple[str, ...], where: str) -> dict:
        """The reverse of export._registration_values: a team's name now back to its id, the
        fields only those a registration correction changes."""
        values = _dict(values, where)
        unknown = sorted(str(name) for name in values if name not in fields)
        if unknown:
            raise ArchiveError(
                _("%(where)s: a registration correction does not change %(fields)s.")
                % {"where": where, "fields": ", ".join(unknown)}
            )
        team = values.get("team")
        if team is None:
            return values
        team_where = f"{where}, team"
        if set(_dict(team, team_where)) != {"team", "name"}:
            raise ArchiveError(
                _("%(where)s: %(key)s must be a %(type)s.")
                % {"where": team_where, "key": "team", "type": '{"team", "name"}'}
            )
        now = self._team(team["team"], team_where)
        return {**values, "team": {"id": now.pk if now else None, "name": team["name"]}}

    # -- what the sections of apps built on tournaments use (tournaments.archive.sections) ----

    def items(self, name: str) -> list:
        """The rows of the document's list `name`."""
        return _list(self.doc, name, _("the file"))

    @staticmethod
    def build(model: type[models.Model], data: dict, names: list[str], where: str, **refs):
        """A row as a model instance, its fields validated (not yet written)."""
        return _build(model, data, names, where, **refs)

    def sheet(self, data, name: str, where: str) -> TableSession | None:
        """The score sheet a row names by {"session", "table"} under `name` (None: none)."""
        return self.sheet_key(
            _required(_dict(data, where), name, where), where, self.sheets, _("score sheet")
        )

    @staticmethod
    def unique(keys: list, what: str) -> None:
        """Refuse a file that names one of `keys` twice."""
        _unique(keys, what)

    def create(
        self, what: str, model: type[models.Model], objs: list, restore: tuple[str, ...] = ()
    ) -> None:
        """Write the rows (the timestamps in `restore` as the file has them), counted as
        `what` in the report."""
        _create(model, objs, restore)
        self._count(what, objs)
