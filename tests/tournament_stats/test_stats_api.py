"""GET /api/tournaments/{slug}/stats/: the outcomes, the fans, the points, the biggest hands and
each player's figures of every hand recorded (the `played` tournament of conftest.py)."""

import pytest
from django.utils import translation

from tests.api.helpers import assert_error
from tournament_stats.selectors import tournament_stats
from tournaments.models import Hand, Tournament
from tournaments.roles import Role

URL = "/api/tournaments/stats-open/stats/"


def straight_points(tournament) -> list[int]:
    """The points the scoring core gave the two pure straights (tiles recorded)."""
    return sorted(
        Hand.objects.filter(table_session__session__tournament=tournament)
        .exclude(tiles=None)
        .values_list("points", flat=True)
    )


@pytest.fixture
def stats(played, as_role) -> dict:
    response = as_role(Role.PLAYER).get(URL)
    assert response.status_code == 200, response.content[:500]
    return response.json()


def by_number(stats: dict) -> dict:
    return {row["number"]: row for row in stats["players"]}


def test_the_hands_are_counted_by_outcome(stats):
    assert (stats["hands"], stats["wins"], stats["draws"], stats["time_limit"]) == (6, 4, 1, 1)


def test_self_drawn_wins_are_counted(stats):
    assert stats["self_drawn"] == 2


def test_each_fan_scored_is_counted_once_per_winning_hand_with_its_id_and_name(stats):
    fans = {fan["name"]: fan for fan in stats["fans"]}
    assert fans["Pure Straight"] == {"id": 28, "name": "Pure Straight", "count": 2}
    # only the two straights recorded their tiles: no fan was scored twice as often
    assert max(fan["count"] for fan in stats["fans"]) == 2
    counts = [fan["count"] for fan in stats["fans"]]
    assert counts == sorted(counts, reverse=True)


def test_the_fans_are_named_in_the_readers_language(played):
    with translation.override("es"):
        names = {fan["id"]: fan["name"] for fan in tournament_stats(played.pk)["fans"]}
    assert names[28] == "Escalera Pura"
    with translation.override("en"):
        names = {fan["id"]: fan["name"] for fan in tournament_stats(played.pk)["fans"]}
    assert names[28] == "Pure Straight"


def test_the_winning_points_fall_in_their_buckets(stats, played):
    buckets = {(b["from"], b["to"]): b["count"] for b in stats["points"]}
    assert list(buckets)[0] == (8, 11) and list(buckets)[-1] == (88, None)
    assert sum(buckets.values()) == stats["wins"] == 4
    assert buckets[8, 11] == 1  # C's self-drawn 8
    assert buckets[12, 15] == 1  # A's 12 (flowers are not counted)
    for points in straight_points(played):
        bucket = next(k for k in buckets if k[0] <= points and (k[1] is None or points <= k[1]))
        assert buckets[bucket] >= 1
    assert buckets[88, None] == 0


def test_the_biggest_hands_come_first_with_their_fans_and_tiles(stats, played):
    biggest = stats["biggest_hands"]
    points = [hand["points"] for hand in biggest]
    assert points == sorted([*straight_points(played), 12, 8], reverse=True)
    straight = biggest[0]
    assert straight["tiles"]["concealed"] == "123456789m234p5p"
    assert "Pure Straight" in [fan["name"] for fan in straight["fans"]]
    assert sum(f["points"] * f["count"] for f in straight["fans"]) == straight["points"]
    twelve = next(hand for hand in biggest if hand["points"] == 12)
    assert twelve["tiles"] is None and twelve["fans"] == []
    assert twelve["flowers"] == 1 and twelve["self_drawn"] is False
    assert (twelve["session"], twelve["table"], twelve["hand"]) == (1, 1, 4)
    assert twelve["winner"] == {"position": "A", "number": 1, "name": "Player A"}
    assert twelve["discarder"] == {"position": "D", "number": 4, "name": "Player D"}
    eight = next(hand for hand in biggest if hand["points"] == 8)
    assert eight["self_drawn"] is True and eight["discarder"] is None


def test_each_player_has_his_figures(stats, played):
    players = by_number(stats)
    assert sorted(players) == list(range(1, 9))
    straight = Hand.objects.get(
        table_session__session__tournament=played, table_session__table__number=1, number=1
    ).points
    assert players[1] == {
        "number": 1,
        "name": "Player A",
        "hands": 4,
        "wins": 2,
        "self_drawn": 0,
        "dealt_in": 0,
        "win_points_avg": round((straight + 12) / 2, 2),
        "biggest_hand": max(straight, 12),
    }
    assert (players[2]["dealt_in"], players[4]["dealt_in"], players[3]["dealt_in"]) == (1, 1, 0)
    assert (players[3]["wins"], players[3]["self_drawn"], players[3]["biggest_hand"]) == (1, 1, 8)
    assert players[6]["hands"] == 2 and players[6]["self_drawn"] == 1
    assert players[5]["wins"] == 0
    assert players[5]["win_points_avg"] is None and players[5]["biggest_hand"] is None


def test_a_tournament_without_hands_has_empty_statistics(as_role):
    from tests.tournaments.factories import TournamentFactory

    TournamentFactory(slug="empty-open")
    body = as_role(Role.PLAYER).get("/api/tournaments/empty-open/stats/").json()
    assert (body["hands"], body["wins"], body["fans"], body["players"]) == (0, 0, [], [])
    assert body["biggest_hands"] == [] and sum(b["count"] for b in body["points"]) == 0


def test_an_unknown_tournament_is_a_404_in_the_apis_format(played, as_role):
    response = as_role(Role.ORGANISER).get("/api/tournaments/no-such-open/stats/")
    assert_error(response, 404, code="not_found")


def test_an_anonymous_request_is_refused_as_the_standings_are(played, anonymous):
    assert_error(anonymous.get(URL), 401)
    assert_error(anonymous.get("/api/tournaments/stats-open/standings/"), 401)


def test_while_the_standings_are_held_staff_read_every_figure(played, as_role):
    Tournament.objects.filter(pk=played.pk).update(standings_public=False)
    response = as_role(Role.ORGANISER).get(URL)
    assert response.status_code == 200
    assert len(response.json()["players"]) == 8
    assert response.json()["biggest_hands"][0]["winner"]["name"]


def test_while_the_standings_are_held_a_player_reads_what_the_public_page_shows(played, as_role):
    """The statistics page holds the players' figures and the biggest hands' names while the
    standings are held (tournaments.policies.may_read_standings): so does the API."""
    Tournament.objects.filter(pk=played.pk).update(standings_public=False)
    response = as_role(Role.PLAYER).get(URL)
    assert response.status_code == 200
    body = response.json()
    assert body["players"] == []
    assert body["biggest_hands"] and all(
        hand["winner"] is None and hand["discarder"] is None for hand in body["biggest_hands"]
    )
    assert (body["hands"], body["wins"]) == (6, 4)  # the tournament's own figures stay


def test_the_schema_documents_the_endpoint():
    from tests.api.openapi_schema import generated_schema

    schema, problems = generated_schema()
    assert problems == []
    operation = schema["paths"]["/api/tournaments/{slug}/stats/"]["get"]
    assert {"200", "401", "404"} <= set(operation["responses"])
    fields = schema["components"]["schemas"]["StatsPlayer"]["properties"]
    assert set(fields) == {
        *("number", "name", "hands", "wins", "self_drawn", "dealt_in"),
        *("win_points_avg", "biggest_hand"),
    }
    assert set(schema["components"]["schemas"]["StatsBucket"]["properties"]) == {
        "from",
        "to",
        "count",
    }
