"""The admin's tile fields and picker read and write tiles through the scoring adapter, with
the engine's own notation and parser."""

import pytest

from scoring import score_hand
from tournaments import scoring_adapter
from tournaments.admin.forms import all_tiles


def test_the_picker_offers_the_engines_34_tiles_in_its_order():
    codes = [tile["code"] for tile in all_tiles()]
    assert codes == scoring_adapter.tile_codes()
    assert codes[:3] == ["1m", "2m", "3m"] and codes[-1] == "7z" and len(codes) == 34


@pytest.mark.parametrize(
    "text, tiles",
    [
        ("123m 4p,4p", ["1m", "2m", "3m", "4p", "4p"]),
        ("11Z", ["1z", "1z"]),
        ("", []),
    ],
)
def test_it_reads_tiles_with_the_engines_parser(text, tiles):
    assert scoring_adapter.read_tiles(text) == tiles


@pytest.mark.parametrize("text", ["8z", "12x", "m12", "0p"])
def test_it_refuses_what_the_engine_cannot_read(text):
    with pytest.raises(scoring_adapter.TileTextError) as refused:
        scoring_adapter.read_tiles(text)
    assert refused.value.code == "bad_tile"


def test_it_writes_tiles_in_the_engines_compact_notation():
    assert scoring_adapter.tiles_text(["1z", "3m", "1m", "2m", "9s"]) == "123m9s1z"


def test_an_entered_hand_is_one_the_engine_scores():
    hand = scoring_adapter.entered_hand(
        concealed="456p789s1z",
        win_tile="1z",
        melds=[
            scoring_adapter.EnteredMeld(kind="chow", tiles="123m"),
            scoring_adapter.EnteredMeld(kind="chow", tiles="123m", concealed=True),
        ],
        flowers=2,
        flags={"last_tile": 0, "robbing_kong": None},
    )
    assert hand["melds"][1]["concealed"] is False  # only a kong is concealed
    assert hand["last_tile"] is False and hand["flowers"] == 2
    result = score_hand({**hand, "seat_wind": "E", "prevalent_wind": "E"})
    assert result.winning, result.errors
