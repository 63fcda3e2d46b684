"""Fans of how the hand was won (44-47, 53, 56, 58, 62, 80) and of the wait (77-79)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..reading import REGULAR
from ..shapes import CHOW
from .ids import (
    CLOSED_WAIT,
    CONCEALED_HAND,
    EDGE_WAIT,
    FULLY_CONCEALED_HAND,
    LAST_TILE,
    LAST_TILE_CLAIM,
    LAST_TILE_DRAW,
    MELDED_HAND,
    OUT_WITH_REPLACEMENT_TILE,
    ROBBING_THE_KONG,
    SELF_DRAWN,
    SINGLE_WAIT,
)
from .registry import HOW_WON, TILES_OF, hand_fan, reading_fan

if TYPE_CHECKING:
    from ..reading import Reading, WholeHand


@hand_fan(LAST_TILE_DRAW, "Last Tile Draw", 8, on=HOW_WON, excludes={SELF_DRAWN})
def last_tile_draw(hand: WholeHand) -> bool:
    """Rule 44: won on the last tile of the wall, drawn."""
    return hand.hand.last_wall_tile and hand.hand.self_drawn


@hand_fan(LAST_TILE_CLAIM, "Last Tile Claim", 8, on=HOW_WON)
def last_tile_claim(hand: WholeHand) -> bool:
    """Rule 45: won on the discard of the last tile of the wall."""
    return hand.hand.last_wall_tile and not hand.hand.self_drawn


@hand_fan(OUT_WITH_REPLACEMENT_TILE, "Out with Replacement Tile", 8, on=HOW_WON,
          excludes={SELF_DRAWN})
def out_with_replacement_tile(hand: WholeHand) -> bool:
    """Rule 46: won on the tile drawn after declaring a kong (drawn from the wall, so
    Self-Drawn is implied, 3.9.1.5 (1))."""
    return hand.hand.kong_replacement


@hand_fan(ROBBING_THE_KONG, "Robbing the Kong", 8, on=HOW_WON, excludes={
    FULLY_CONCEALED_HAND, LAST_TILE,
})
def robbing_the_kong(hand: WholeHand) -> bool:
    """Rule 47: won on the tile another player adds to a melded pung to make a kong."""
    return hand.hand.robbing_kong


@hand_fan(MELDED_HAND, "Melded Hand", 6, on=HOW_WON, excludes={SINGLE_WAIT})
def melded_hand(hand: WholeHand) -> bool:
    """Rule 53: every set claimed, and the pair completed with a discard."""
    return hand.exposed == 4 and not hand.hand.self_drawn


@hand_fan(FULLY_CONCEALED_HAND, "Fully Concealed Hand", 4, on=HOW_WON, excludes={
    CONCEALED_HAND, SELF_DRAWN,
})
def fully_concealed_hand(hand: WholeHand) -> bool:
    """Rule 56: nothing claimed, and won on a self-drawn tile. WMO also scores it for
    Seven Pairs and the other concealed special hands ("si cierras del muro cuenta mano
    completamente oculta")."""
    return hand.exposed == 0 and hand.hand.self_drawn


@hand_fan(LAST_TILE, "Last Tile", 4, on=HOW_WON)
def last_tile(hand: WholeHand) -> bool:
    """Rule 58: won on the last copy of a tile, three being in view: the umpire says so,
    or the winner's own exposed sets show the other three (docs/fans.md: then it is scored
    without the umpire's word). Never on a tile the hand already holds."""
    if hand.win in hand.hand.concealed:
        return False
    return hand.hand.last_tile or hand.shown == 3


@hand_fan(CONCEALED_HAND, "Concealed Hand", 2, on=HOW_WON)
def concealed_hand(hand: WholeHand) -> bool:
    """Rule 62: nothing claimed, and won on a discard."""
    return hand.exposed == 0 and not hand.hand.self_drawn


@hand_fan(SELF_DRAWN, "Self-Drawn", 1, on=HOW_WON)
def self_drawn(hand: WholeHand) -> bool:
    """Rule 80: won on a tile drawn from the wall."""
    return hand.hand.self_drawn


# -- the wait --------------------------------------------------------------------------

def place_of_the_winning_tile(reading: Reading) -> int:
    """Where the winning tile sits in the concealed sets of a reading: at the edge of a
    chow (the 3 of 1-2-3 or the 7 of 7-8-9, Edge Wait), in its middle (Closed Wait), or in
    the pair (Single Wait), in that order when it could sit in several places; 0 when it
    sits in none of them."""
    win = reading.whole.win
    edge = closed = False
    for kind, t in reading.held:
        if kind != CHOW or not t <= win <= t + 2:
            continue
        if win == t + 1:
            closed = True
        elif (win == t + 2 and t % 9 == 0) or (win == t and t % 9 == 6):
            edge = True
    if edge:
        return EDGE_WAIT
    if closed:
        return CLOSED_WAIT
    return SINGLE_WAIT if reading.pair == win else 0


def _waited_there(reading: Reading, fan: int) -> list:
    """The winning tile, when it sits where ``fan`` says and the hand waited on that one
    tile alone (rules 77-79 are only scored then)."""
    if place_of_the_winning_tile(reading) != fan:
        return []
    if not reading.whole.waited_on_one_tile(regular=reading.shape == REGULAR):
        return []
    return [(TILES_OF, (reading.whole.win,))]


@reading_fan(EDGE_WAIT, "Edge Wait", 1)
def edge_wait(reading: Reading) -> list:
    """Rule 77: won on the 3 of 1-2-3 or the 7 of 7-8-9, the only tile waited on."""
    return _waited_there(reading, EDGE_WAIT)


@reading_fan(CLOSED_WAIT, "Closed Wait", 1)
def closed_wait(reading: Reading) -> list:
    """Rule 78: won on the middle tile of a chow, the only tile waited on."""
    return _waited_there(reading, CLOSED_WAIT)


@reading_fan(SINGLE_WAIT, "Single Wait", 1)
def single_wait(reading: Reading) -> list:
    """Rule 79: won on the tile of the pair, the only tile waited on."""
    return _waited_there(reading, SINGLE_WAIT)
