"""The data of the printed standings (Appendix 7, "Sheet for Tabulating Results of
Competitions") as a plain dict.

This dict is what the standings' fingerprint is computed from, and the verification page
recomputes it later, possibly in another language: so it holds values and codes only (no
translated words, no print time), and the renderer in reports.forms.standings turns the codes
into words. Official standings only: signed sheets (tournaments.selectors.standings); final
once every sheet of the tournament is countersigned.
"""

from collections import defaultdict

from django.db.models import Max

from tournaments.models import SessionResult, TableSession, Tournament
from tournaments.selectors.cut_off import cut_off_decisions_public
from tournaments.selectors.standings import (
    SIGNED,
    PlayerRow,
    SessionCell,
    TeamRow,
    deciding_criterion,
    points_value,
    session_cells,
    standings_compute,
    team_deciding_criterion,
    team_session_cells,
)


def points_text(value) -> str:
    """Table points as printed: "4", "2.5", "2.33"."""
    return str(points_value(value))


def last_counted_session(*, tournament: Tournament) -> int | None:
    """The last session whose results the official standings count (a signed sheet)."""
    results = SessionResult.objects.filter(
        session__tournament=tournament, table_session__status__in=SIGNED
    )
    return results.aggregate(last=Max("session__number"))["last"]


def standings_data(*, tournament: Tournament, through_session: int | None = None) -> dict:
    # as the players stood after that session: a sanction decided later is not theirs yet
    standings = standings_compute(
        tournament=tournament, through_session=through_session, sanctions_as_of=through_session
    )
    sheets, countersigned = _sheet_counts(tournament)
    shown = {n: c for n, c in sheets.items() if through_session is None or n <= through_session}
    columns = standings.session_numbers
    players = tournament.players.values_list("pk", "native_name")
    native = {pk: name for pk, name in players}
    tie_breaks = list(tournament.tie_breaks or [])
    return {
        "form": "standings",
        "tournament": tournament.name,
        "through_session": through_session,
        "final": _is_final(tournament, sheets, countersigned, through_session),
        "last_session": columns[-1] if columns else None,
        "sessions_planned": tournament.sessions_planned,
        "sessions": [{"number": n, **shown[n]} for n in sorted(shown)],
        "columns": columns,
        "tie_breaks": tie_breaks,
        "final_stage_only": not tournament.carry_over_points
        and any(row.finalist for row in standings.players),
        "players": _player_rows(standings.players, columns, native, tie_breaks),
        "teams": _team_rows(standings.teams, standings.players, native, columns),
        **_cut_off_decisions(tournament, through_session),
    }


def _cut_off_decisions(tournament: Tournament, through_session: int | None) -> dict:
    """How ties at a final's cut-off were decided (3.10.1), for the finals seeded after the
    sessions printed; no key where there is none (the fingerprint of every other print stays
    as it was)."""
    decisions = [
        decision
        for decision in cut_off_decisions_public(tournament=tournament)
        if through_session is None or decision["session"] <= through_session + 1
    ]
    return {"cut_off_decisions": decisions} if decisions else {}


def standings_state_code(data: dict) -> str:
    """What standings are (Appendix 5: "Resultados son definitivos una vez firmado"):
    "final" once every sheet of the tournament is countersigned; "official" (after the last
    session counted) while every sheet of the sessions counted is signed; "provisional" while
    one is not; "none" before any sheet is signed."""
    if data["final"]:
        return "final"
    last = data["last_session"]
    if last is None:
        return "none"
    counted = [e for e in data["sessions"] if e["number"] <= last]
    if all(e["counted"] == e["sheets"] for e in counted):
        return "official"
    return "provisional"


# -- which sessions count, and whether the standings are final -----------------------------------


def _sheet_counts(tournament: Tournament) -> tuple[dict[int, dict], set[int]]:
    """Per session with score sheets: how many, how many count (signed by the umpire,
    Appendix 5) and how many are signed; and the sessions whose every sheet is countersigned."""
    sheets = TableSession.objects.filter(session__tournament=tournament)
    counts: dict[int, dict] = defaultdict(lambda: {"sheets": 0, "counted": 0, "signed": 0})
    not_final: set[int] = set()
    for number, status in sheets.values_list("session__number", "status"):
        entry = counts[number]
        entry["sheets"] += 1
        entry["counted"] += status in SIGNED
        entry["signed"] += status in SIGNED
        if status != TableSession.Status.FINAL:
            not_final.add(number)
    return dict(counts), set(counts) - not_final


def _is_final(
    tournament: Tournament,
    sheets: dict[int, dict],
    countersigned: set[int],
    through_session: int | None,
) -> bool:
    """Final when nothing can change them any more: every session of the tournament counted,
    each with all its sheets countersigned by the chief umpire. Once the tournament is marked
    finished, the sessions it had are all it has (one may have been cancelled)."""
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
    return countersigned == played


# -- the tables ----------------------------------------------------------------------------------


def _session_cell(cell: SessionCell) -> dict:
    printed = {"tp": str(cell.table_points), "cp": cell.contest_points, "rank": cell.rank}
    if cell.forfeited:  # only then: the fingerprints of earlier prints stay as they were
        printed["forfeit"] = True
    return printed


def _tie_note(side: str, decided_by: str | None) -> dict:
    """`side`: the neighbour the note is about ("above" or "below"); `decided_by`: the first
    ranking key that differed, None when none did (a shared place)."""
    return {"side": side, "decided_by": decided_by}


def _player_tie(rows: list[PlayerRow], index: int, tie_breaks: list[str]) -> dict | None:
    """How this player's place was decided against a neighbour with equal table points: the
    player just above, or for the first of such a group, the player just below."""
    row = rows[index]
    if row.rank is None:
        return None
    for side, other in (("above", index - 1), ("below", index + 1)):
        if not 0 <= other < len(rows) or rows[other].rank is None:
            continue
        upper, lower = (rows[other], row) if side == "above" else (row, rows[other])
        decided_by = deciding_criterion(upper, lower, tie_breaks)
        if decided_by not in ("sanction", "final_stage", "table_points"):
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
            "status": "" if row.printed_status == "active" else row.printed_status,
            "sessions": [
                None if cell is None else _session_cell(cell)
                for cell in session_cells(row, columns)
            ],
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
    """Each team's members; a member whose standing is not a plain place (disqualified, lost
    his rank, withdrawn) with his "status", as on his own line."""
    members: dict[str, list[dict]] = defaultdict(list)
    for row in players:
        if row.team:
            member = {
                "number": row.number,
                "name": row.name,
                "native_name": native.get(row.player_id, ""),
            }
            if row.standing_status != "active":  # only then: earlier prints' fingerprints hold
                member["status"] = row.standing_status
            members[row.team].append(member)
    return members


def _team_rows(
    teams: list[TeamRow], players: list[PlayerRow], native: dict[int, str], columns: list[int]
) -> list[dict]:
    members = _members(players, native)
    result = []
    for index, team in enumerate(teams):
        sessions = [
            None if cell is None else {"tp": str(cell.table_points), "cp": cell.contest_points}
            for cell in team_session_cells(team, columns)
        ]
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
