"""The statistics' sums are those of `GET …/exports/hands.json`: the same hands, the same
player at each seat (the demo has a seat swap by correction and a hand replaced)."""

import json
from collections import Counter, defaultdict

from tests.tournaments.factories import PlayerFactory
from tournament_stats.selectors import POINT_EDGES
from tournaments.models import Hand, HandScore
from tournaments.roles import Role


def exported_hands(client, slug: str) -> list[dict]:
    response = client.get(f"/api/tournaments/{slug}/exports/hands.json")
    assert response.status_code == 200, response.content[:300]
    return json.loads(response.content)["hands"]


def player_sums(hands: list[dict]) -> dict:
    sums = defaultdict(lambda: {"hands": 0, "wins": 0, "self_drawn": 0, "dealt_in": 0})
    wins = defaultdict(list)
    for hand in hands:
        for payment in hand["payments"]:
            sums[payment["number"]]["hands"] += 1
        if hand["outcome"] == "win":
            sums[hand["winner"]["number"]]["wins"] += 1
            sums[hand["winner"]["number"]]["self_drawn"] += hand["self_drawn"]
            wins[hand["winner"]["number"]].append(hand["points"])
        if hand["discarder"]:
            sums[hand["discarder"]["number"]]["dealt_in"] += 1
    for number, points in wins.items():
        sums[number]["win_points_avg"] = round(sum(points) / len(points), 2)
        sums[number]["biggest_hand"] = max(points)
    return sums


def assert_agree(stats: dict, hands: list[dict]) -> None:
    outcomes = Counter(hand["outcome"] for hand in hands)
    wins = [hand for hand in hands if hand["outcome"] == "win"]
    assert stats["hands"] == len(hands)
    assert (stats["wins"], stats["draws"], stats["time_limit"]) == (
        outcomes["win"],
        outcomes["draw"],
        outcomes["time"],
    )
    assert stats["self_drawn"] == sum(hand["self_drawn"] for hand in wins)

    fans = Counter(name for hand in wins for name in {fan["name"] for fan in hand["fans"]})
    assert {fan["name"]: fan["count"] for fan in stats["fans"]} == fans

    points = Counter()
    for hand in wins:
        start = max((edge for edge in POINT_EDGES if edge <= hand["points"]), default=0)
        points[start] += 1
    assert {b["from"]: b["count"] for b in stats["points"] if b["count"]} == points

    biggest = sorted((hand["points"] for hand in wins), reverse=True)[:10]
    assert [hand["points"] for hand in stats["biggest_hands"]] == biggest

    sums = player_sums(hands)
    assert {row["number"] for row in stats["players"]} == set(sums)
    for row in stats["players"]:
        expected = sums[row["number"]]
        expected.setdefault("win_points_avg", None)
        expected.setdefault("biggest_hand", None)
        assert {k: v for k, v in row.items() if k not in ("number", "name")} == expected, row


def test_the_statistics_agree_with_the_hands_export(played_demo, as_role):
    client = as_role(Role.ORGANISER)
    hands = exported_hands(client, played_demo.slug)
    assert len(hands) > 50 and sum(h["outcome"] == "win" for h in hands) > 10  # worth comparing
    assert_agree(client.get(f"/api/tournaments/{played_demo.slug}/stats/").json(), hands)


def test_a_hand_paid_to_another_player_than_the_seats_counts_for_the_player_paid(played, as_role):
    """The export names the player paid at a seat (a substitute seated after the hand keeps
    none of it): so do the statistics."""
    substitute = PlayerFactory(tournament=played, name="Substitute", lot_number=9)
    first = Hand.objects.get(
        table_session__session__tournament=played, table_session__table__number=1, number=1
    )
    HandScore.objects.filter(hand=first, position="A").update(player=substitute)
    client = as_role(Role.ORGANISER)
    hands = exported_hands(client, played.slug)
    stats = client.get(f"/api/tournaments/{played.slug}/stats/").json()
    assert_agree(stats, hands)
    players = {row["number"]: row for row in stats["players"]}
    assert (players[9]["hands"], players[9]["wins"], players[1]["hands"]) == (1, 1, 3)
