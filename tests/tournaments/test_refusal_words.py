"""A refused hand is explained in the words of the score sheet, not in the hand format's field
names; the API keeps the scoring core's code."""

import pytest

from scoring import score_hand
from tests.tournaments.admin_helpers import VALID_HAND, hand_post, post_sheet
from tournaments.models import Hand
from tournaments.scoring_adapter import refusal_words, umpire_words

pytestmark = pytest.mark.django_db


def test_the_core_field_names_become_the_sheets_words():
    words = umpire_words(
        "robbing_kong and self_drawn are both set: a robbed tile is taken from another player"
    )
    assert words.startswith("“Robbing a kong” is ticked on a self-drawn hand")
    assert "robbing_kong" not in words and "self_drawn" not in words


def test_the_score_sheet_explains_a_contradiction_in_its_own_words(admin_client, admin_sheet):
    data = hand_post({**VALID_HAND, "robbing_kong": "on"}, discarder=None)
    page = post_sheet(admin_client, admin_sheet, data).content.decode()
    assert "Robbing a kong&rdquo; is ticked on a self-drawn hand" in page or (
        "Robbing a kong” is ticked on a self-drawn hand" in page
    )
    assert "robbing_kong and self_drawn" not in page
    assert not Hand.objects.exists()


BASE = {
    "melds": [],
    "concealed": "123m456p789s1122z",
    "win_tile": "2z",
    "seat_wind": "E",
    "prevalent_wind": "E",
}
KONG = {"type": "kong", "tiles": "9999m"}


@pytest.mark.parametrize(
    "changes, code, words",
    [
        ({"concealed": "123m456p789s112z"}, "tile_count", "The tiles do not add up to 14"),
        ({"concealed": "1111m456p789s122z", "win_tile": "1m"}, "five_copies", "5 copies of 1m"),
        ({"kong_replacement": True, "self_drawn": True}, "contradiction", "has no kong"),
        (
            {"melds": [KONG], "concealed": "456p789s1122z", "kong_replacement": True},
            "contradiction",
            "won on a discard",
        ),
        ({"robbing_kong": True, "self_drawn": True}, "contradiction", "on a self-drawn hand"),
        ({"robbing_kong": True}, "contradiction", "on 2z, but the winner holds another 2z"),
        ({"last_tile": True}, "contradiction", "holds another 2z"),
        (
            {"melds": [{"type": "chow", "tiles": "12m"}], "concealed": "456p789s1122z"},
            "bad_meld",
            "Meld 1: a chow has 3 tiles, not 12m",
        ),
        (
            {"melds": [{"type": "chow", "tiles": "123z"}], "concealed": "456p789s1122z"},
            "bad_meld",
            "only suit tiles form chows",
        ),
        (
            {"melds": [{"type": "chow", "tiles": "135m"}], "concealed": "456p789s1122z"},
            "bad_meld",
            "135m is not a chow",
        ),
        (
            {"melds": [{"type": "pung", "tiles": "112m"}], "concealed": "456p789s1122z"},
            "bad_meld",
            "a pung is 3 identical tiles",
        ),
        (
            {"melds": [{"type": "kong", "tiles": "1112m"}], "concealed": "456p789s1122z"},
            "bad_meld",
            "a kong is 4 identical tiles",
        ),
        ({"concealed": "123m456p789s1134z"}, "not_winning", "do not form four sets and a pair"),
    ],
)
def test_every_refusal_a_sheet_can_meet_is_said_in_the_sheets_words(changes, code, words):
    result = score_hand({**BASE, **changes})
    assert not result.winning
    issue = result.errors[0]
    assert issue.code == code
    said = refusal_words(issue)
    assert words in said
    for field in ("robbing_kong", "self_drawn", "kong_replacement", "last_tile", "meld 1"):
        assert field not in said


MALFORMED_BY_API = [
    [],
    {"concealed": "123m"},
    {**BASE, "colour": "red"},
    {**BASE, "melds": "123m"},
    {**BASE, "melds": [{}] * 5},
    {**BASE, "melds": ["123m"], "concealed": "456p789s1122z"},
    {**BASE, "melds": [{"type": "chow", "tiles": "123m", "x": 1}], "concealed": "456p789s1122z"},
    {**BASE, "melds": [{"type": "set", "tiles": "123m"}], "concealed": "456p789s1122z"},
    {**BASE, "melds": [{"type": "chow"}], "concealed": "456p789s1122z"},
    {**BASE, "melds": [{"type": "chow", "tiles": "12x"}], "concealed": "456p789s1122z"},
    {
        **BASE,
        "melds": [{"type": "chow", "tiles": "123m", "concealed": 1}],
        "concealed": "456p789s1122z",
    },
    {
        **BASE,
        "melds": [{"type": "pung", "tiles": "111m", "concealed": True}],
        "concealed": "456p789s1122z",
    },
    {**BASE, "concealed": 123},
    {**BASE, "concealed": "1" * 201 + "m"},
    {**BASE, "concealed": "123m456p789s11228z"},
    {**BASE, "win_tile": "22z"},
    {**BASE, "win_tile": "x"},
    {**BASE, "seat_wind": "up"},
    {**BASE, "self_drawn": "yes"},
    {**BASE, "flowers": 9},
    {**BASE, "flowers": "two"},
]


@pytest.mark.parametrize("hand", MALFORMED_BY_API, ids=range(len(MALFORMED_BY_API)))
def test_a_malformed_hand_sent_by_the_api_is_refused_in_words(hand):
    issue = score_hand(hand).errors[0]
    said = refusal_words(issue)
    assert said != umpire_words(issue.message), issue


def test_every_generated_malformed_or_non_winning_hand_is_refused_in_words():
    from scoring.generate import generate_malformed_hands, generate_non_winning_hands

    hands = generate_malformed_hands(1500, 5) + generate_non_winning_hands(300, 5)
    unworded = set()
    for hand in hands:
        hand = {key: value for key, value in hand.items() if key != "_defect"}
        for issue in score_hand(hand).errors:
            if refusal_words(issue) == umpire_words(issue.message):
                unworded.add((issue.code, issue.message[:60]))
    assert not unworded, sorted(unworded)[:10]
