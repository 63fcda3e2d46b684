"""Registration of players, teams and substitutes; CSV import with a dry run; the Player's
Oath (Appendix 2)."""

import csv
import io
import re
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from simple_history.utils import bulk_create_with_history

from tournaments import policies, roles
from tournaments.countries import country_code, country_problem, ema_id_problem
from tournaments.errors import TournamentError
from tournaments.history import history_user
from tournaments.live import live_touch
from tournaments.models import Player, Seat, TableSession, Team, Tournament
from tournaments.selectors.exports import FORMULA_STARTS
from tournaments.texts import shows_nothing, shows_nothing_message, visible_text

CSV_COLUMNS = ("name", "native_name", "country", "club", "team", "ema_id")
PLAYER_TEXT_FIELDS = ("name", "native_name", "club")
TEAM_TEXT_FIELDS = ("name", "country")
# Columns whose value a spreadsheet would run as a formula if it starts like one: warned about.
FORMULA_WARNED_COLUMNS = ("name", "native_name", "club", "team")
_LINE_END = re.compile(r"\r\n|\r|\n")


def _check_registration_open(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is finished; registration is closed."))


def _check_organiser(user) -> None:
    """Registration is the organiser's (the chief umpire's too); `user=None` is the system."""
    if user is not None:
        roles.require(policies.may_organise(user), _("Only an organiser registers players."))


def _lock_tournament(tournament: Tournament) -> Tournament:
    """Serialise registration numbering in a tournament (player_create, the CSV import)."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def text_problem(model: type[models.Model], field_name: str, value: str) -> str | None:
    """What is wrong with a text for a column, or None: typed but showing nothing (only
    spaces, zero-width, control or format characters such as U+202E), a NUL character
    (PostgreSQL refuses it) or more characters than the column holds (never stored cut
    short)."""
    model_field = model._meta.get_field(field_name)
    if shows_nothing(value):
        return shows_nothing_message(model_field.verbose_name)
    if "\x00" in value:
        return _("The %(field)s contains a NUL character (\\x00).") % {
            "field": model_field.verbose_name
        }
    if model_field.max_length is not None and len(value) > model_field.max_length:
        return _("The %(field)s is longer than %(max)s characters (%(length)s).") % {
            "field": model_field.verbose_name,
            "max": model_field.max_length,
            "length": len(value),
        }
    return None


def tidy_text(value: str) -> str:
    """A typed text without the spaces and invisible characters around it; one that shows
    nothing is only stripped of spaces (so that `text_problem` refuses it)."""
    value = value or ""
    return visible_text(value) or value.strip()


def _check_texts(obj: models.Model, field_names: tuple[str, ...]) -> None:
    for name in field_names:
        problem = text_problem(type(obj), name, getattr(obj, name) or "")
        if problem:
            raise TournamentError(problem)


def _field_error(message: str, field: str) -> TournamentError:
    """A refusal naming the field (the API's error says which)."""
    error = TournamentError(message)
    error.field = field
    return error


def _federation_country(country: str) -> str:
    """The ISO code of a typed country (see tournaments.countries), or a refusal naming it."""
    problem = country_problem(str(country or ""))
    if problem:
        raise _field_error(problem, "country")
    return country_code(str(country or ""))


def _check_ema_id(player: Player) -> None:
    """An EMA number has 8 digits and belongs to one player of the tournament."""
    problem = ema_id_problem(player.ema_id)
    if problem:
        raise _field_error(problem, "ema_id")
    if not player.ema_id:
        return
    holder = (
        Player.objects.filter(tournament_id=player.tournament_id, ema_id=player.ema_id)
        .exclude(pk=player.pk)
        .first()
    )
    if holder is not None:
        raise _field_error(
            _("The EMA number %(number)s is already %(player)s's.")
            % {"number": player.ema_id, "player": holder.name},
            "ema_id",
        )


@transaction.atomic
def team_create(*, tournament: Tournament, name: str, country: str = "", user=None) -> Team:
    """A new team of the tournament; none once it is finished (its team standings are final)."""
    _check_organiser(user)
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(
            _("The tournament is finished: no team can be created in it."), code="invalid_state"
        )
    name = tidy_text(name)
    if not name:
        raise TournamentError(_("A team needs a name."))
    team = Team(tournament=tournament, name=name, country=tidy_text(country))
    _check_texts(team, TEAM_TEXT_FIELDS)
    if tournament.teams.filter(name__iexact=name).exists():
        raise TournamentError(_("There is already a team named %(name)s.") % {"name": name})
    team.save()
    return team


def _next_registration_number(tournament: Tournament) -> int:
    current = tournament.players.aggregate(top=Max("registration_number"))["top"]
    return (current or 0) + 1


@transaction.atomic
def player_create(
    *,
    tournament: Tournament,
    name: str,
    native_name: str = "",
    country: str = "",
    club: str = "",
    team: Team | None = None,
    status: str = Player.Status.ACTIVE,
    ema_id: str = "",
    user=None,
) -> Player:
    _check_organiser(user)
    _check_registration_open(tournament)
    name = tidy_text(name)
    if not name:
        raise TournamentError(_("A player needs a name."))
    if team is not None and team.tournament_id != tournament.id:
        raise TournamentError(
            _("The team %(team)s belongs to another tournament.") % {"team": team}
        )
    player = Player(
        tournament=tournament,
        name=name,
        native_name=tidy_text(native_name),
        country=_federation_country(tidy_text(country)),
        club=tidy_text(club),
        team=team,
        status=status,
        ema_id=(ema_id or "").strip(),
    )
    _check_texts(player, PLAYER_TEXT_FIELDS)
    _lock_tournament(tournament)  # serialises numbering (and the EMA numbers' check)
    _check_ema_id(player)
    player.registration_number = _next_registration_number(tournament)
    player.save()
    return player


# -- settled registration -------------------------------------------------------------------
#
# Issue #26: an organiser changed a player's team and name after the tournament finished; the
# team standings flipped and the verify page said nothing had changed. What results depend on
# (who a player is, his number, which team his points count for) is *settled* once results are
# final for him: his tournament is finished, or a score sheet he sat at (or lost his seat at) is
# signed or countersigned (Appendix 5: "Resultados son definitivos una vez firmado"). From then
# on those fields change only by the chief umpire's correction with a reason
# (`tournaments.services.registration_corrections.registration_correct`), which keeps the
# values before and after, writes the reason into the history and is named on the verify page.
# Other details (country, club, captain…) stay the organisers'.

# The fields results and printed forms depend on.
SETTLED_PLAYER_FIELDS = ("name", "native_name", "registration_number", "team")
SETTLED_TEAM_FIELDS = ("name",)
_SIGNED = (TableSession.Status.SIGNED, TableSession.Status.FINAL)


def _finished(tournament_id: int) -> bool:
    """Read from the database: the instance being edited may carry a stale tournament."""
    return Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.FINISHED).exists()


def player_settled(player: Player) -> bool:
    """Results depend on the player's registration: his tournament is finished, or a sheet he
    was seated at (or replaced at) is signed or final (see the note on SETTLED_PLAYER_FIELDS)."""
    if player.pk is None:
        return False
    if _finished(player.tournament_id):
        return True
    at_the_table = Q(player_id=player.pk) | Q(replaced_player_id=player.pk)
    return Seat.objects.filter(at_the_table, table_session__status__in=_SIGNED).exists()


def team_settled(team: Team) -> bool:
    """The team's name is settled when its tournament is finished or any member's registration
    is (`player_settled`): the team standings print it."""
    if team.pk is None:
        return False
    if _finished(team.tournament_id):
        return True
    members = Q(player__team_id=team.pk) | Q(replaced_player__team_id=team.pk)
    return Seat.objects.filter(members, table_session__status__in=_SIGNED).exists()


def _attname(model: type[models.Model], name: str) -> str:
    return model._meta.get_field(name).attname


def settled_changes(obj: Player | Team) -> list[str]:
    """The settled fields whose value on `obj` (edited, unsaved) differs from its database
    row; empty for a new object or one whose registration is not settled."""
    model = type(obj)
    fields = SETTLED_PLAYER_FIELDS if model is Player else SETTLED_TEAM_FIELDS
    if obj.pk is None:
        return []
    columns = [_attname(model, name) for name in fields]
    stored = model.objects.filter(pk=obj.pk).values(*columns).first()
    if stored is None:
        return []
    changed = [
        name
        for name, column in zip(fields, columns, strict=True)
        if getattr(obj, column) != stored[column]
    ]
    if not changed:
        return []
    settled = player_settled(obj) if model is Player else team_settled(obj)
    return changed if settled else []


def settled_refusal(obj: Player | Team, changed: list[str]) -> TournamentError:
    """The refusal of an organiser's change to these settled fields of `obj` (the admin shows
    it on a change form posted from a page opened before the registration settled)."""
    names = ", ".join(str(type(obj)._meta.get_field(name).verbose_name) for name in changed)
    return TournamentError(
        _(
            "Results depend on these details of %(name)s now (the tournament is finished or "
            "a score sheet is signed): %(fields)s. They change only by a director's "
            "correction with a reason."
        )
        % {"fields": names, "name": type(obj).objects.get(pk=obj.pk)},
        code="invalid_state",
    )


def _refuse_settled_changes(obj: Player | Team) -> None:
    changed = settled_changes(obj)
    if changed:
        raise settled_refusal(obj, changed)


def player_check(*, player: Player) -> None:
    """What an edit of a player's details must satisfy (raises TournamentError): a settled
    registration's name, native name, number and team change only by correction."""
    if not player.name.strip():
        raise TournamentError(_("A player needs a name."))
    _check_texts(player, PLAYER_TEXT_FIELDS)
    player.country = _federation_country(player.country)
    _check_ema_id(player)
    if player.team is not None and player.team.tournament_id != player.tournament_id:
        raise TournamentError(
            _("The team %(team)s belongs to another tournament.") % {"team": player.team}
        )
    _refuse_settled_changes(player)


@transaction.atomic
def player_update(*, player: Player) -> Player:
    """Save edits to a player's details; the team must be of the same tournament, and a
    settled registration (`player_settled`) keeps its name, number and team."""
    # The tournament's lock, as player_create: the EMA number is checked unique, then written.
    _lock_tournament(player.tournament)
    Player.objects.select_for_update().filter(pk=player.pk).first()  # checked, then written
    player_check(player=player)
    player.save()
    return player


def team_check(*, team: Team) -> None:
    """What an edit of a team must satisfy: a unique name, a captain from its members, and a
    settled team's name changes only by correction."""
    if not team.name.strip():
        raise TournamentError(_("A team needs a name."))
    _check_texts(team, TEAM_TEXT_FIELDS)
    clash = team.tournament.teams.filter(name__iexact=team.name.strip()).exclude(pk=team.pk)
    if clash.exists():
        raise TournamentError(_("There is already a team named %(name)s.") % {"name": team.name})
    if team.captain is not None and team.captain.team_id != team.pk:
        raise TournamentError(
            _("The captain %(player)s is not a member of %(team)s.")
            % {"player": team.captain, "team": team.name}
        )
    _refuse_settled_changes(team)


@transaction.atomic
def team_update(*, team: Team) -> Team:
    """Save edits to a team (a settled team keeps its name: `team_settled`)."""
    Team.objects.select_for_update().filter(pk=team.pk).first()  # checked, then written
    team_check(team=team)
    team.save()
    return team


def player_register_substitute(
    *, tournament: Tournament, name: str, user=None, **details
) -> Player:
    """A substitute fills bye seats and replaces withdrawn players; he is not ranked."""
    return player_create(
        tournament=tournament, name=name, status=Player.Status.SUBSTITUTE, user=user, **details
    )


def player_withdraw(*, player: Player, user=None) -> Player:
    """A withdrawn player keeps his results; re-seat the remaining sessions afterwards.
    A disqualified player stays disqualified (the sanction is his record)."""
    _check_organiser(user)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.status == Player.Status.WITHDRAWN:
        raise TournamentError(_("%(player)s has already withdrawn.") % {"player": player})
    if player.status == Player.Status.DISQUALIFIED:
        raise TournamentError(
            _("%(player)s is disqualified: he cannot be marked withdrawn.") % {"player": player}
        )
    player.status = Player.Status.WITHDRAWN
    player.save(update_fields=["status"])
    return player


@dataclass
class ImportReport:
    rows: int = 0
    created: int = 0
    errors: list[str] = field(default_factory=list)
    # Not refusals: rows imported as typed that the organiser may want to look at.
    warnings: list[str] = field(default_factory=list)
    dry_run: bool = True

    @property
    def ok(self) -> bool:
        return not self.errors


def _nul_error(text: str) -> str | None:
    index = text.find("\x00")
    if index < 0:
        return None
    line = len(_LINE_END.findall(text, 0, index)) + 1
    return _(
        "line %(line)s: the file contains a NUL character (\\x00), so it is not a text CSV "
        "file. Save it again as CSV (UTF-8)."
    ) % {"line": line}


class _CountedLines:
    """The file's lines for the csv reader, split at LF, CRLF or CR (`newline=""`), counted:
    `count` is the line the reader is on, also when it fails."""

    def __init__(self, text: str):
        self._lines = io.StringIO(text, newline="")
        self.count = 0

    def __iter__(self):
        return self

    def __next__(self) -> str:
        line = next(self._lines)
        self.count += 1
        return line


def _read_csv(csv_text: str) -> tuple[list[tuple[int, dict]], list[str]]:
    """The rows of the file with the line each ends on; any line ending (LF, CRLF, CR)."""
    nul = _nul_error(csv_text)
    if nul:
        return [], [nul]
    lines = _CountedLines(csv_text.lstrip("\ufeff"))
    reader = csv.DictReader(lines)
    rows = []
    try:
        header = [h.strip().lower() for h in (reader.fieldnames or [])]
        if "name" not in header:
            return [], [_("The first line must be a header with at least a 'name' column.")]
        unknown = [h for h in header if h not in CSV_COLUMNS]
        if unknown:
            return [], [
                _("Unknown column(s) %(cols)s; allowed: %(allowed)s.")
                % {"cols": ", ".join(unknown), "allowed": ", ".join(CSV_COLUMNS)}
            ]
        reader.fieldnames = header
        for row in reader:
            values = {k: tidy_text(v or "") for k, v in row.items() if k is not None}
            extra = [v for v in row.get(None) or [] if v.strip()]
            if extra:
                values[None] = extra  # values beyond the header's columns: refused per row
            rows.append((lines.count, values))
    except csv.Error as error:
        return [], [
            _("line %(line)s: the file cannot be read as CSV (%(error)s).")
            % {"line": lines.count, "error": error}
        ]
    return rows, []


def _row_errors(row: dict, line: int, teams: dict[str, Team], seen: set, existing: set) -> list:
    errors = []
    name = row.get("name", "")
    if not name:
        errors.append(_("line %(line)s: the name is missing.") % {"line": line})
    if row.get(None):
        errors.append(_("line %(line)s: more values than the header has columns.") % {"line": line})
    for column in PLAYER_TEXT_FIELDS:
        problem = text_problem(Player, column, row.get(column, ""))
        if problem:
            errors.append(_("line %(line)s: %(problem)s") % {"line": line, "problem": problem})
    team_name = row.get("team", "")
    if team_name and team_name.lower() not in teams:
        errors.append(
            _("line %(line)s: unknown team %(team)s.") % {"line": line, "team": team_name}
        )
    key = (name.lower(), row.get("country", "").lower())
    if name and key in seen:
        errors.append(
            _("line %(line)s: %(name)s appears twice in the file.") % {"line": line, "name": name}
        )
    elif name and key in existing:
        errors.append(
            _("line %(line)s: %(name)s is already registered.") % {"line": line, "name": name}
        )
    seen.add(key)
    return errors


def _row_federation_errors(row: dict, line: int, ema_taken: set) -> list:
    """The country must be recognised (the row is given its ISO code) and the EMA number have
    8 digits and be nobody else's (`ema_taken`: the tournament's and the file's so far)."""
    errors = []
    problem = country_problem(row.get("country", ""))
    if problem:
        errors.append(_("line %(line)s: country: %(problem)s") % {"line": line, "problem": problem})
    else:
        row["country"] = country_code(row.get("country", ""))
    ema_id = row.get("ema_id", "")
    problem = ema_id_problem(ema_id)
    if problem:
        errors.append(_("line %(line)s: ema_id: %(problem)s") % {"line": line, "problem": problem})
    elif ema_id in ema_taken:
        errors.append(
            _("line %(line)s: ema_id: the EMA number %(number)s is already another player's.")
            % {"line": line, "number": ema_id}
        )
    elif ema_id:
        ema_taken.add(ema_id)
    return errors


def _row_formula_warning(row: dict, line: int) -> str | None:
    """One warning for a row whose name, native name, club or team starts with =, +, - or @:
    a spreadsheet opening the file (or a copy of it) could run the value as a formula. Such a
    name is legitimate ("-Bob" is a name), so it is imported as typed; the CSV exports write it
    as text (tournaments.selectors.exports.csv_cell)."""
    cells = [
        _("%(column)s “%(value)s”") % {"column": column, "value": row[column]}
        for column in FORMULA_WARNED_COLUMNS
        if row.get(column, "").startswith(FORMULA_STARTS)
    ]
    if not cells:
        return None
    return ngettext(
        "line %(line)s: %(cells)s starts with =, +, - or @, so a spreadsheet could run it as a "
        "formula. It is imported as typed (the CSV exports write it as text).",
        "line %(line)s: %(cells)s start with =, +, - or @, so a spreadsheet could run them as "
        "formulas. They are imported as typed (the CSV exports write them as text).",
        len(cells),
    ) % {"line": line, "cells": ", ".join(cells)}


@transaction.atomic
def players_import_csv(
    *, tournament: Tournament, csv_text: str, dry_run: bool, user=None
) -> ImportReport:
    """Import players from CSV (header: name, native_name, country, club, team, ema_id; the
    country an ISO 3166-1 code or a recognised name, stored as its code).

    Every row is checked first; nothing is written unless all rows are valid and this is not
    a dry run. Teams must exist (create them first). A real import numbers the players under
    the tournament's lock, like `player_create`. A value that starts like a spreadsheet
    formula (=, +, -, @) is a warning, not an error: the row is imported as typed.
    """
    _check_organiser(user)
    if not dry_run:
        tournament = _lock_tournament(tournament)
    _check_registration_open(tournament)
    report = ImportReport(dry_run=dry_run)
    rows, report.errors = _read_csv(csv_text)
    report.rows = len(rows)
    if report.errors:
        return report
    if not rows:
        report.errors.append(_("The file has no player rows."))
        return report
    teams = {t.name.lower(): t for t in tournament.teams.all()}
    registered = list(tournament.players.all())
    existing = {(p.name.lower(), p.country.code.lower()) for p in registered}
    ema_taken = {p.ema_id for p in registered if p.ema_id}
    seen: set = set()
    for line, row in rows:
        report.errors.extend(_row_federation_errors(row, line, ema_taken))
        report.errors.extend(_row_errors(row, line, teams, seen, existing))
        warning = _row_formula_warning(row, line)
        if warning:
            report.warnings.append(warning)
    if report.errors or dry_run:
        return report
    number = _next_registration_number(tournament)
    bulk_create_with_history(
        [
            Player(
                tournament=tournament,
                name=row["name"],
                native_name=row.get("native_name", ""),
                country=row.get("country", ""),
                ema_id=row.get("ema_id", ""),
                club=row.get("club", ""),
                team=teams.get(row.get("team", "").lower()),
                registration_number=number + offset,
            )
            for offset, (_line, row) in enumerate(rows)
        ],
        Player,
        default_user=history_user(),
    )
    report.created = len(rows)
    live_touch(tournament.pk)  # bulk_create sends no post_save
    return report


@transaction.atomic
def player_accept_oath(*, player: Player, accepted_at: datetime | None = None, user=None) -> Player:
    """Record the player's acceptance of the Player's Oath (Appendix 2) and its time.

    The organiser records it (from the signed paper, with the time it was signed, or now), or
    the player accepts it on his own login. Accepting again changes nothing: the first time
    stands.
    """
    if user is not None:
        roles.require(
            policies.may_accept_oath(user, player),
            _("Only an organiser or the player himself can record the Player's Oath."),
        )
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.oath_accepted_at is not None:
        return player
    accepted_at = accepted_at or timezone.now()
    if timezone.is_naive(accepted_at):
        raise TournamentError(_("The time the oath was accepted needs a time zone."))
    if accepted_at > timezone.now():
        raise TournamentError(_("The oath cannot be accepted at a time still to come."))
    player.oath_accepted_at = accepted_at
    player.save(update_fields=["oath_accepted_at"])
    return player


@transaction.atomic
def player_link_login(*, player: Player, username: str | None, user=None) -> Player:
    """Link a login with the role player to this player's record (he then reads his results,
    confirms his sheets and appeals on it), or unlink it with no username. One login is one
    player per tournament. Only the chief umpire links (tournaments.policies.may_link_login)."""
    if user is not None:
        roles.require(
            policies.may_link_login(user),
            _("Only the chief umpire links a login to a player."),
        )
    player = Player.objects.select_for_update().get(pk=player.pk)
    login = None
    if username:
        login = get_user_model().objects.filter(username=username).first()
        if login is None:
            raise TournamentError(_("There is no login %(user)s.") % {"user": username})
        if not policies.may_act_as_player(login):
            raise TournamentError(
                _("%(user)s does not have the role player: give it first.") % {"user": username}
            )
        taken = Player.objects.filter(tournament_id=player.tournament_id, user=login)
        other = taken.exclude(pk=player.pk).first()
        if other is not None:
            raise TournamentError(
                _("%(user)s is already the login of %(player)s in this tournament.")
                % {"user": username, "player": other}
            )
    player.user = login
    player.save(update_fields=["user"])
    return player
