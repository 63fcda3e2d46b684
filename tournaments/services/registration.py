"""Registration of players, teams and substitutes; CSV import with a dry run."""

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.errors import TournamentError
from tournaments.models import Player, Team, Tournament

CSV_COLUMNS = ("name", "native_name", "country", "club", "team")


def _check_registration_open(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is finished; registration is closed."))


def team_create(*, tournament: Tournament, name: str, country: str = "") -> Team:
    name = name.strip()
    if not name:
        raise TournamentError(_("A team needs a name."))
    if tournament.teams.filter(name__iexact=name).exists():
        raise TournamentError(_("There is already a team named %(name)s.") % {"name": name})
    return Team.objects.create(tournament=tournament, name=name, country=country.strip())


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
) -> Player:
    _check_registration_open(tournament)
    name = name.strip()
    if not name:
        raise TournamentError(_("A player needs a name."))
    if team is not None and team.tournament_id != tournament.id:
        raise TournamentError(
            _("The team %(team)s belongs to another tournament.") % {"team": team}
        )
    Tournament.objects.select_for_update().get(pk=tournament.pk)  # serialises numbering
    return Player.objects.create(
        tournament=tournament,
        name=name,
        native_name=native_name.strip(),
        country=country.strip(),
        club=club.strip(),
        team=team,
        status=status,
        registration_number=_next_registration_number(tournament),
    )


def player_check(*, player: Player) -> None:
    """What an edit of a player's details must satisfy (raises TournamentError)."""
    if not player.name.strip():
        raise TournamentError(_("A player needs a name."))
    if player.team is not None and player.team.tournament_id != player.tournament_id:
        raise TournamentError(
            _("The team %(team)s belongs to another tournament.") % {"team": player.team}
        )


@transaction.atomic
def player_update(*, player: Player) -> Player:
    """Save edits to a player's details; the team must be of the same tournament."""
    player_check(player=player)
    player.save()
    return player


def team_check(*, team: Team) -> None:
    """What an edit of a team must satisfy: a unique name, a captain from its members."""
    if not team.name.strip():
        raise TournamentError(_("A team needs a name."))
    clash = team.tournament.teams.filter(name__iexact=team.name.strip()).exclude(pk=team.pk)
    if clash.exists():
        raise TournamentError(_("There is already a team named %(name)s.") % {"name": team.name})
    if team.captain is not None and team.captain.team_id != team.pk:
        raise TournamentError(
            _("The captain %(player)s is not a member of %(team)s.")
            % {"player": team.captain, "team": team.name}
        )


@transaction.atomic
def team_update(*, team: Team) -> Team:
    """Save edits to a team."""
    team_check(team=team)
    team.save()
    return team


def player_register_substitute(*, tournament: Tournament, name: str, **details) -> Player:
    """A substitute fills bye seats and replaces withdrawn players; he is not ranked."""
    return player_create(
        tournament=tournament, name=name, status=Player.Status.SUBSTITUTE, **details
    )


def player_withdraw(*, player: Player) -> Player:
    """A withdrawn player keeps his results; re-seat the remaining sessions afterwards."""
    if player.status == Player.Status.WITHDRAWN:
        raise TournamentError(_("%(player)s has already withdrawn.") % {"player": player})
    player.status = Player.Status.WITHDRAWN
    player.save(update_fields=["status"])
    return player


@dataclass
class ImportReport:
    rows: int = 0
    created: int = 0
    errors: list[str] = field(default_factory=list)
    dry_run: bool = True

    @property
    def ok(self) -> bool:
        return not self.errors


def _read_csv(csv_text: str) -> tuple[list[dict], list[str]]:
    reader = csv.DictReader(io.StringIO(csv_text.lstrip("\ufeff")))
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
    rows = []
    for row in reader:
        rows.append({k: (v or "").strip() for k, v in row.items() if k is not None})
    return rows, []


def _row_errors(row: dict, line: int, teams: dict[str, Team], seen: set, existing: set) -> list:
    errors = []
    name = row.get("name", "")
    if not name:
        errors.append(_("line %(line)s: the name is missing.") % {"line": line})
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


@transaction.atomic
def players_import_csv(*, tournament: Tournament, csv_text: str, dry_run: bool) -> ImportReport:
    """Import players from CSV (header: name, native_name, country, club, team).

    Every row is checked first; nothing is written unless all rows are valid and this is not
    a dry run. Teams must exist (create them first).
    """
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
    existing = {(p.name.lower(), p.country.lower()) for p in tournament.players.all()}
    seen: set = set()
    for line, row in enumerate(rows, start=2):
        report.errors.extend(_row_errors(row, line, teams, seen, existing))
    if report.errors or dry_run:
        return report
    number = _next_registration_number(tournament)
    Player.objects.bulk_create(
        Player(
            tournament=tournament,
            name=row["name"],
            native_name=row.get("native_name", ""),
            country=row.get("country", ""),
            club=row.get("club", ""),
            team=teams.get(row.get("team", "").lower()),
            registration_number=number + offset,
        )
        for offset, row in enumerate(rows)
    )
    report.created = len(rows)
    return report
