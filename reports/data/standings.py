"""The data of the printed standings (Appendix 7, "Sheet for Tabulating Results of
Competitions") as a plain dict.

This dict is what the standings' fingerprint is computed from, and the verification page
recomputes it later, possibly in another language: so it holds values and codes only (no
translated words, no print time), and the renderer in reports.forms.standings turns the codes
into words. Official standings only: complete sheets (tournaments.selectors.standings).
"""

from collections import defaultdict

from django.db.models import Max

from tournaments.models import Player, SessionResult, TableSession, Tournament
from tournaments.selectors.standings import (
    PlayerRow,
    TeamRow,
    deciding_criterion,
    points_value,
    standings_compute,
    team_deciding_criterion,
)

_SIGNED = (TableSession.Status.SIGNED, TableSession.Status.FINAL)


def points_text(value) -> str:
    """Table points as printed: "4", "2.5", "2.33"."""
    return str(points_value(value))


def last_counted_session(*, tournament: Tournament) -> int | None:
    """The last session whose results the official standings count (a sheet not open)."""
    results = SessionResult.objects.filter(session__tournament=tournament).exclude(
        table_session__status=TableSession.Status.OPEN
    )
    return results.aggregate(last=Max("session__number"))["last"]


def standings_data(*, tournament: Tournament, through_session: int | None = None) -> dict:
    standings = standings_compute(tournament=tournament, through_session=through_session)
    sheets = _sheet_counts(tournament)
    shown = {n: c for n, c in sheets.items() if through_session is None or n <= through_session}
    columns = standings.session_numbers
    players = tournament.players.values_list("pk", "native_name")
    native = {pk: name for pk, name in players}
    tie_breaks = list(tournament.tie_breaks or [])
    return {
        "form": "standings",
        "tournament": tournament.name,
        "through_session": through_session,
        "final": _is_final(tournament, sheets, through_session),
        "last_session": columns[-1] if columns else None,
        "sessions_planned": tournament.sessions_planned,
        "sessions": [{"number": n, **shown[n]} for n in sorted(shown)],
        "columns": columns,
        "tie_breaks": tie_breaks,
        "final_stage_only": not tournament.carry_over_points
        and any(row.finalist for row in standings.players),
        "players": _player_rows(standings.players, columns, native, tie_breaks),
        "teams": _team_rows(standings.teams, standings.players, native, columns),
    }


# -- which sessions count, and whether the standings are final -----------------------------------


def _sheet_counts(tournament: Tournament) -> dict[int, dict]:
    """Per session with score sheets: how many, how many count (not open) and how many are
    signed by the umpire."""
    sheets = TableSession.objects.filter(session__tournament=tournament)
    counts: dict[int, dict] = defaultdict(lambda: {"sheets": 0, "counted": 0, "signed": 0})
    for number, status in sheets.values_list("session__number", "status"):
        entry = counts[number]
        entry["sheets"] += 1
        entry["counted"] += status != TableSession.Status.OPEN
        entry["signed"] += status in _SIGNED
    return dict(counts)


def _is_final(tournament: Tournament, sheets: dict[int, dict], through_session: int | None) -> bool:
    """Final when nothing can change them any more: every session of the tournament counted,
    each with all its sheets signed. Once the tournament is marked finished, the sessions it
    had are all it has (one may have been cancelled)."""
    played = set(sheets)
    if not played:
        return False
    expected = set(played)
    if tournament.status != Tournament.Status.FINISHED:
        expected |= set(range(1, tournament.sessions_planned + 1))
    if not expected <= played:
        return False
    if through_session is not None and through_session < max(expected):
        return False
    return all(c["signed"] == c["sheets"] for c in sheets.values())


# -- the tables ----------------------------------------------------------------------------------


def _session_cells(lines, columns: list[int]) -> list[dict | None]:
    by_session = {line.session: line for line in lines}
    cells = []
    for number in columns:
        line = by_session.get(number)
        cells.append(
            None
            if line is None
            else {"tp": points_text(line.table_points), "cp": line.score, "rank": line.rank}
        )
    return cells


def _tie_note(side: str, decided_by: str | None) -> dict:
    """`side`: the neighbour the note is about ("above" or "below"); `decided_by`: the first
    ranking key that differed, None when none did (a shared place)."""
    return {"side": side, "decided_by": decided_by}


def _player_tie(rows: list[PlayerRow], index: int, tie_breaks: list[str]) -> dict | None:
    """How this player's place was decided against a neighbour with equal table points: the
    player just above, or for the first of such a group, the player just below."""
    row = rows[index]
    for side, other in (("above", index - 1), ("below", index + 1)):
        if not 0 <= other < len(rows):
            continue
        upper, lower = (rows[other], row) if side == "above" else (row, rows[other])
        decided_by = deciding_criterion(upper, lower, tie_breaks)
        if decided_by not in ("final_stage", "table_points"):
            return _tie_note(side, decided_by)
    return None


def _player_rows(
    rows: list[PlayerRow], columns: list[int], native: dict[int, str], tie_breaks: list[str]
) -> list[dict]:
    return [
        {
            "rank": row.rank,
            "number": row.number,
            "name": row.name,
            "native_name": native.get(row.player_id, ""),
            "team": row.team,
            "status": "" if row.status == Player.Status.ACTIVE else row.status,
            "sessions": _session_cells(row.sessions, columns),
            "tp": points_text(row.table_points),
            "cp": row.contest_points,
            "tie_break": _player_tie(rows, index, tie_breaks),
        }
        for index, row in enumerate(rows)
    ]


def _team_tie(teams: list[TeamRow], index: int) -> dict | None:
    team = teams[index]
    for side, other in (("above", index - 1), ("below", index + 1)):
        if not 0 <= other < len(teams):
            continue
        upper, lower = (teams[other], team) if side == "above" else (team, teams[other])
        decided_by = team_deciding_criterion(upper, lower)
        if decided_by != "table_points":
            return _tie_note(side, decided_by)
    return None


def _members(players: list[PlayerRow], native: dict[int, str]) -> dict[str, list[dict]]:
    members: dict[str, list[dict]] = defaultdict(list)
    for row in players:
        if row.team:
            members[row.team].append(
                {
                    "number": row.number,
                    "name": row.name,
                    "native_name": native.get(row.player_id, ""),
                }
            )
    return members


def _team_rows(
    teams: list[TeamRow], players: list[PlayerRow], native: dict[int, str], columns: list[int]
) -> list[dict]:
    members = _members(players, native)
    result = []
    for index, team in enumerate(teams):
        sessions = []
        for number in columns:
            tp, cp = team.sessions.get(number, (None, None))
            sessions.append(None if tp is None else {"tp": points_text(tp), "cp": cp})
        result.append(
            {
                "rank": team.rank,
                "name": team.name,
                "members": members[team.name],
                "sessions": sessions,
                "tp": points_text(team.table_points),
                "cp": team.contest_points,
                "tie_break": _team_tie(teams, index),
            }
        )
    return result
