"""A tournament's statistics, read from its hands (docs/statistics.md).

Every hand of every score sheet counts, whatever the sheet's state (open, complete, signed):
statistics are not rankings, and a hand taken back or replaced by a correction is no longer a
hand. The figures are those of `GET …/exports/hands.json`: the same hands, the same player at
each seat (the player paid at the seat where a correction moved him, else the seat's).

The computation reads flat rows, never a model instance per hand: one query of the hands
(outcome, seats of the winner and the discarder, points, flowers, fans), one of the seats, one
of the payments whose player is not the seat's (a seat swap), one of the players, and one of
the few biggest hands' tiles. It is kept in the cache under the statistics' version
(`stats_version`: the public pages' published version, but while a session is played moving
on at most once every `STATS_REFRESH_SECONDS`), computed by one process per version; what is
kept holds no text of any language, and the fans are named in the reader's language when the
figures are read.

The places after each session (the bump chart, a player's page) are the tournaments app's live
standings through each session in turn, kept the same way (`session_places`).
"""

import heapq
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.conf import settings
from django.core.cache import cache
from django.db.models import Exists, OuterRef

from tournaments.fans import fan_name
from tournaments.live import lagging_version, published_version
from tournaments.models import Hand, HandScore, Player, Seat, Session, Tournament
from tournaments.selectors.standings import points_value, standings_compute
from tournaments.shared_compute import computed_once, kept_per_version

# The points histogram's buckets: each edge starts one, the last is open ("88 and more").
# A win below the 8-point minimum (none should exist) gets a bucket of its own before them.
POINT_EDGES = (8, 12, 16, 24, 32, 48, 64, 88)
BIGGEST_HANDS = 10
CACHE_TIMEOUT = 6 * 3600  # a safety net only: the key changes with every version
COMPUTE_LOCK_SECONDS = 60  # a process that died while computing holds the others no longer
COMPUTE_WAIT_SECONDS = 5  # how long a request waits for another's computation before its own


def cache_key(tournament_id: int, version: str) -> str:
    return f"tournament_stats:{tournament_id}:{version}"


def held_figures(stats: dict) -> dict:
    """The statistics as everyone reads them while the standings are held back (the page and
    the API alike): the tournament's own figures stay; each player's figures go, and the
    names of the biggest hands' players (the page shows no such column then)."""
    return {
        **stats,
        "players": [],
        "biggest_hands": [
            {**hand, "winner": None, "discarder": None} for hand in stats["biggest_hands"]
        ],
    }


def session_numbers(tournament_id: int) -> list[int]:
    return sorted(
        Session.objects.filter(tournament_id=tournament_id).values_list("number", flat=True)
    )


# -- the computation -----------------------------------------------------------------------


@dataclass
class _PlayerCounts:
    hands: int = 0
    wins: int = 0
    self_drawn: int = 0
    dealt_in: int = 0
    win_points: int = 0
    biggest_hand: int | None = None


@dataclass
class _Counts:
    hands: int = 0
    wins: int = 0
    self_drawn: int = 0
    draws: int = 0
    time_limit: int = 0
    # a fan by its id (its English name when a stored fan has no id): [id, English name, hands]
    fans: dict = field(default_factory=dict)
    points: Counter = field(default_factory=Counter)
    players: dict = field(default_factory=lambda: defaultdict(_PlayerCounts))
    wins_seen: list = field(default_factory=list)  # the rows of the wins, for the biggest


def _seat_players(tournament_id: int) -> tuple[dict, dict]:
    """({sheet id: {position: player id}}, {hand id: {position: player id}}): the seats of
    every sheet, and the payments made to another player than the seat's (after a seat swap
    the export names the player paid; those rows are few, and the database finds them)."""
    seats: dict[int, dict[str, int]] = defaultdict(dict)
    for sheet_id, position, player_id in Seat.objects.filter(
        session__tournament_id=tournament_id
    ).values_list("table_session_id", "position", "player_id"):
        seats[sheet_id][position] = player_id
    # An anti-join (a seat is unique per sheet and position): a subquery of the seat's player
    # per payment, ordered as Seat's Meta orders, took 8 s at 1,000 players on PostgreSQL.
    paid_at_the_seat = Seat.objects.filter(
        table_session_id=OuterRef("hand__table_session_id"),
        position=OuterRef("position"),
        player_id=OuterRef("player_id"),
    )
    moved: dict[int, dict[str, int]] = defaultdict(dict)
    for hand_id, position, player_id in (
        HandScore.objects.filter(hand__table_session__session__tournament_id=tournament_id)
        .filter(~Exists(paid_at_the_seat))
        .values_list("hand_id", "position", "player_id")
    ):
        moved[hand_id][position] = player_id
    return seats, moved


def _count_win(counts: _Counts, row: tuple, at: dict) -> None:
    _pk, _sheet, _session, _table, _number, _outcome, winner, discarder, points, _f, fans = row
    counts.wins += 1
    counts.points[points] += 1
    winner_id = at.get(winner)
    if not discarder:
        counts.self_drawn += 1
    if winner_id is not None:
        figures = counts.players[winner_id]
        figures.wins += 1
        figures.self_drawn += not discarder
        figures.win_points += points
        if figures.biggest_hand is None or points > figures.biggest_hand:
            figures.biggest_hand = points
    if discarder and at.get(discarder) is not None:
        counts.players[at[discarder]].dealt_in += 1
    seen = set()
    for fan in fans or ():
        key = fan.get("id") if fan.get("id") is not None else str(fan.get("name", ""))
        if key in seen:
            continue
        seen.add(key)
        entry = counts.fans.setdefault(key, [fan.get("id"), str(fan.get("name", "")), 0])
        entry[2] += 1
    counts.wins_seen.append(row)


def _buckets(points: Counter) -> list[dict]:
    """{"from", "to", "count"} of each bucket of POINT_EDGES (`to` None: the open last one)."""
    buckets = []
    below = sum(n for value, n in points.items() if value < POINT_EDGES[0])
    if below:
        buckets.append({"from": 0, "to": POINT_EDGES[0] - 1, "count": below})
    for i, start in enumerate(POINT_EDGES):
        end = POINT_EDGES[i + 1] - 1 if i + 1 < len(POINT_EDGES) else None
        count = sum(
            n for value, n in points.items() if value >= start and (end is None or value <= end)
        )
        buckets.append({"from": start, "to": end, "count": count})
    return buckets


def _person(position: str, at: dict, people: dict) -> dict | None:
    if not position:
        return None
    number, name = people.get(at.get(position), (None, ""))
    return {"position": position, "number": number, "name": name}


def _biggest(counts: _Counts, seats: dict, moved: dict, people: dict) -> list[dict]:
    """The biggest wins, by points, then in session, table and hand order."""
    rows = heapq.nsmallest(
        BIGGEST_HANDS, counts.wins_seen, key=lambda r: (-r[8], r[2], r[3], r[4], r[0])
    )
    tiles = dict(Hand.objects.filter(pk__in=[r[0] for r in rows]).values_list("pk", "tiles"))
    biggest = []
    for pk, sheet, session, table, number, _o, winner, discarder, points, flowers, fans in rows:
        at = {**seats.get(sheet, {}), **moved.get(pk, {})}
        biggest.append(
            {
                "session": session,
                "table": table,
                "hand": number,
                "winner": _person(winner, at, people),
                "discarder": _person(discarder, at, people),
                "self_drawn": not discarder,
                "points": points,
                "flowers": flowers,
                "fans": [
                    {
                        "id": fan.get("id"),
                        "english": str(fan.get("name", "")),
                        "count": int(fan.get("count", 1)),
                        "points": int(fan.get("points", 0)),
                    }
                    for fan in fans or ()
                ],
                "tiles": tiles.get(pk),
            }
        )
    return biggest


def _players(counts: _Counts, people: dict) -> list[dict]:
    """Every player who played a hand, by number (players without one last, by name)."""
    rows = []
    for player_id, figures in counts.players.items():
        number, name = people.get(player_id, (None, ""))
        rows.append(
            {
                "number": number,
                "name": name,
                "hands": figures.hands,
                "wins": figures.wins,
                "self_drawn": figures.self_drawn,
                "dealt_in": figures.dealt_in,
                "win_points_avg": (
                    round(figures.win_points / figures.wins, 2) if figures.wins else None
                ),
                "biggest_hand": figures.biggest_hand,
            }
        )
    rows.sort(key=lambda r: (r["number"] is None, r["number"] or 0, r["name"]))
    return rows


def stats_compute(tournament_id: int) -> dict:
    """The statistics of every hand of the tournament, in no language (see `stats_named`)."""
    counts = _Counts()
    seats, moved = _seat_players(tournament_id)
    rows = Hand.objects.filter(table_session__session__tournament_id=tournament_id).values_list(
        "pk",
        "table_session_id",
        "table_session__session__number",
        "table_session__table__number",
        "number",
        "outcome",
        "winner_position",
        "discarder_position",
        "points",
        "flowers",
        "fans",
    )
    for row in rows.iterator(chunk_size=5000):
        at = seats.get(row[1], {})
        if row[0] in moved:
            at = {**at, **moved[row[0]]}
        counts.hands += 1
        for player_id in at.values():
            counts.players[player_id].hands += 1
        outcome = row[5]
        if outcome == Hand.Outcome.WIN:
            _count_win(counts, row, at)
        elif outcome == Hand.Outcome.DRAW:
            counts.draws += 1
        elif outcome == Hand.Outcome.TIME_LIMIT:
            counts.time_limit += 1
    people = {
        pk: (number, name)
        for pk, number, name in Player.objects.filter(tournament_id=tournament_id).values_list(
            "pk", "lot_number", "name"
        )
    }
    fans = sorted(counts.fans.values(), key=lambda f: (-f[2], f[0] is None, f[0] or 0, f[1]))
    return {
        "hands": counts.hands,
        "wins": counts.wins,
        "self_drawn": counts.self_drawn,
        "draws": counts.draws,
        "time_limit": counts.time_limit,
        "fans": [{"id": fan_id, "english": english, "count": n} for fan_id, english, n in fans],
        "points": _buckets(counts.points),
        "biggest_hands": _biggest(counts, seats, moved, people),
        "players": _players(counts, people),
    }


def stats_named(stats: dict) -> dict:
    """The statistics with each fan named in the active language (`tournaments.fans`)."""
    return {
        **stats,
        "fans": [
            {"id": f["id"], "name": fan_name(f["id"], f["english"]), "count": f["count"]}
            for f in stats["fans"]
        ],
        "biggest_hands": [
            {
                **hand,
                "fans": [
                    {
                        "id": f["id"],
                        "name": fan_name(f["id"], f["english"]),
                        "count": f["count"],
                        "points": f["points"],
                    }
                    for f in hand["fans"]
                ],
            }
            for hand in stats["biggest_hands"]
        ],
    }


def stats_version(tournament_id: int) -> str:
    """The version the statistics show: the public pages' published version, except while a
    session is played, when it moves on at most once every `STATS_REFRESH_SECONDS`. During
    play the published version moves every few seconds, and the statistics and the places read
    every hand of the tournament (a second of CPU at 1,000 players): computed at each version,
    a player's page read now and then cost the web processes a fifth of their CPU (#31).
    Between sessions nothing waits: the write that ends a session moves it at once."""
    key = f"tournament_stats:version:{tournament_id}"
    return lagging_version(
        key,
        published_version(tournament_id),
        cache.get(key),
        settings.STATS_REFRESH_SECONDS,
        lag=lambda: session_running(tournament_id),
    )


# This process's copy of each value kept per statistics' version, by its kind and tournament:
# (cache key, value). The key holds the version, so a copy serves its own version only. A
# player's page reads one line of the statistics and of the places: fetched from the cache and
# unpickled whole at every page, the two were a third of the players' pages' CPU at 1,000
# players (issue #31). Requests share the values: they read them, never change them.
_HERE: dict[str, tuple[str, object]] = {}


def _kept_here(kind: str, key: str, compute):
    """The value under `key` (`_computed_once`), fetched once per key in this process."""
    return kept_per_version(_HERE, kind, key, lambda: _computed_once(key, compute))


def stats_forget(tournament_id: int) -> None:
    """The statistics of the current version dropped, from the cache and this process: the
    next read computes them (bench_stats' cold runs)."""
    cache.delete(cache_key(tournament_id, stats_version(tournament_id)))
    _HERE.pop(f"stats:{tournament_id}", None)


def _computed_once(key: str, compute):
    """The value kept under `key`, computed by one process while the others wait for it (up to
    COMPUTE_WAIT_SECONDS, then each computes it itself rather than answer nothing); see
    tournaments/shared_compute.py."""
    return computed_once(
        key,
        compute,
        fetch=lambda: cache.get(key),
        store=lambda value: cache.set(key, value, CACHE_TIMEOUT),
        lock_seconds=COMPUTE_LOCK_SECONDS,
        wait_seconds=COMPUTE_WAIT_SECONDS,
    )


def _stats_kept(tournament_id: int) -> dict:
    """The statistics in no language, computed once per statistics' version (see the module)."""
    key = cache_key(tournament_id, stats_version(tournament_id))
    return _kept_here(f"stats:{tournament_id}", key, lambda: stats_compute(tournament_id))


def tournament_stats(tournament_id: int) -> dict:
    """The tournament's statistics, computed once per statistics' version and kept in the
    cache (no query at all while the version stands), fans named in the active language."""
    return stats_named(_stats_kept(tournament_id))


def player_stats(tournament_id: int, number: int) -> dict | None:
    """A player's entry of the statistics' `players` (by his player number), from the kept
    statistics; None if he has played no hand."""
    return next(
        (row for row in _stats_kept(tournament_id)["players"] if row["number"] == number), None
    )


# -- places session by session -----------------------------------------------------------------

BUMP_PLAYERS = 8  # the bump chart's lines: the first of the current standings


def places_compute(tournament_id: int) -> dict:
    """Each player's place in the live standings (those of the public pages) after each
    session that has a result, and the table points he took in each, as
    {"sessions": [numbers], "field": players ranked, "players": [{"number", "name", "rank",
    "places", "table_points"}]}, the players in the order of the current standings and each
    list aligned with "sessions" (None: no place, no result). The standings are the
    tournaments app's, through each session in turn: their rules are not repeated here."""
    tournament = Tournament.objects.get(pk=tournament_id)
    current = standings_compute(tournament=tournament, live=True)
    sessions = current.session_numbers
    after = {
        number: {
            row.player_id: row.rank
            for row in standings_compute(
                tournament=tournament, through_session=number, live=True
            ).players
        }
        for number in sessions[:-1]
    }
    if sessions:
        after[sessions[-1]] = {row.player_id: row.rank for row in current.players}
    players = []
    for row in current.players:
        by_session = {line.session: line for line in row.sessions}
        players.append(
            {
                "number": row.number,
                "name": row.name,
                "rank": row.rank,
                "places": [after[n].get(row.player_id) for n in sessions],
                "table_points": [
                    points_value(by_session[n].table_points) if n in by_session else None
                    for n in sessions
                ],
            }
        )
    return {
        "sessions": sessions,
        "field": sum(1 for row in current.players if row.rank is not None),
        "players": players,
    }


def session_places(tournament_id: int) -> dict:
    """`places_compute`, computed once per statistics' version and kept in the cache (as the
    statistics: the standings after every session are read once, not at each request)."""
    key = f"tournament_stats:places:{tournament_id}:{stats_version(tournament_id)}"
    return _kept_here(f"places:{tournament_id}", key, lambda: places_compute(tournament_id))


def leaders_places(places: dict, count: int = BUMP_PLAYERS) -> list[dict]:
    """The first `count` ranked players of the current standings, with their places."""
    return [row for row in places["players"] if row["rank"] is not None][:count]


def player_places(places: dict, number: int) -> dict | None:
    return next((row for row in places["players"] if row["number"] == number), None)


# -- the projector -----------------------------------------------------------------------------


def session_running(tournament_id: int) -> bool:
    return Session.objects.filter(
        tournament_id=tournament_id, actual_start__isnull=False, actual_end__isnull=True
    ).exists()


def projector_pictures(tournament_id: int, standings_public: bool) -> list[str]:
    """The pictures the hall's projector shows between sessions, in order: "points" and
    "fans" once a hand is won (fans: once one is recorded), "places" (the bump chart) while
    the standings are published and two sessions have results. Read from the kept figures."""
    stats = _stats_kept(tournament_id)
    pictures = []
    if stats["wins"]:
        pictures.append("points")
    if stats["fans"]:
        pictures.append("fans")
    if standings_public and len(session_places(tournament_id)["sessions"]) >= 2:
        pictures.append("places")
    return pictures
