"""A refused hand is explained in the words of the score sheet, not in the hand format's field
names; the API keeps the scoring core's code."""

import pytest

from tests.tournaments.admin_fixtures import *  # noqa: F403  (the pytest fixtures)
from tests.tournaments.admin_fixtures import VALID_HAND, hand_post, post_sheet
from tournaments.models import Hand
from tournaments.scoring_adapter import umpire_words

pytestmark = pytest.mark.django_db


def test_the_core_field_names_become_the_sheets_words():
    words = umpire_words(
        "robbing_kong and self_drawn are both set: a robbed tile is taken from another player"
    )
    assert words.startswith("“Robbing a kong” is ticked on a self-drawn hand")
    assert "robbing_kong" not in words and "self_drawn" not in words


def test_the_score_sheet_explains_a_contradiction_in_its_own_words(admin_client, sheet):
    data = hand_post({**VALID_HAND, "robbing_kong": "on"}, discarder=None)
    page = post_sheet(admin_client, sheet, data).content.decode()
    assert "Robbing a kong&rdquo; is ticked on a self-drawn hand" in page or (
        "Robbing a kong” is ticked on a self-drawn hand" in page
    )
    assert "robbing_kong and self_drawn" not in page
    assert not Hand.objects.exists()
