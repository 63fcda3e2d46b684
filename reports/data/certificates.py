"""The award certificates' data: the leading players and teams of the official standings.

Rule 3.5.3: "Los premios se otorgan a los mejores equipos y los mejores jugadores" (the awards
go to the best teams and the best players). Places come from the standings' ranks, so players
or teams the ranking cannot separate share a place and each gets a certificate for it. A
disqualified player has no place and so no certificate (3.11.5).
"""

from collections import Counter

from reports.data.standings import standings_data, standings_state_code
from tournaments.models import Tournament


def _leaders(rows: list[dict], places: int) -> list[tuple[dict, bool]]:
    """The rows placed `places` or better, each with whether its place is shared."""
    count = Counter(row["rank"] for row in rows)
    return [
        (row, count[row["rank"]] > 1)
        for row in rows
        if row["rank"] is not None and row["rank"] <= places
    ]


def certificates_data(*, tournament: Tournament, places: int = 3) -> list[dict]:
    """One dict per certificate: players first, then teams, each in order of place. None
    before any session counts."""
    standings = standings_data(tournament=tournament)
    if not standings["columns"]:
        return []
    common = {
        "form": "certificate",
        "tournament": tournament.name,
        "venue": tournament.venue,
        "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
        "end_date": tournament.end_date.isoformat() if tournament.end_date else None,
        "final": standings["final"],
        "state": standings_state_code(standings),
        "last_session": standings["last_session"],
    }
    documents = [
        {
            **common,
            "kind": "player",
            "place": player["rank"],
            "shared": shared,
            "name": player["name"],
            "native_name": player["native_name"],
            "number": player["number"],
            "team": player["team"],
            "members": [],
            "tp": player["tp"],
            "cp": player["cp"],
        }
        for player, shared in _leaders(standings["players"], places)
    ]
    documents += [
        {
            **common,
            "kind": "team",
            "place": team["rank"],
            "shared": shared,
            "name": team["name"],
            "native_name": "",
            "number": None,
            "team": "",
            "members": team["members"],
            "tp": team["tp"],
            "cp": team["cp"],
        }
        for team, shared in _leaders(standings["teams"], places)
    ]
    return documents
