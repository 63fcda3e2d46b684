"""Fans of how the hand was won (44-47, 53, 56, 58, 62, 80) and of the wait (77-79)."""

from __future__ import annotations

from ..shapes import CHOW
from ..tiles import Hand
from . import (
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


def win_fans(hand: Hand, melded: int, shown: int | None = None) -> tuple[int, ...]:
    """Fans of the winning move; ``melded`` is the number of exposed melds (a concealed
    kong is not exposed), ``shown`` how many copies of the winning tile they show."""
    return WIN_FANS[win_code(hand.self_drawn, melded, hand.last_wall_tile,
                             hand.kong_replacement, hand.robbing_kong,
                             is_last_tile(hand, shown))]


def win_code(self_drawn: bool, melded: int, last_wall_tile: bool, kong_replacement: bool,
             robbing_kong: bool, last_tile: bool) -> int:
    """The key of :data:`WIN_FANS`: everything the fans of the winning move depend on, in one
    small int (``last_tile`` as :func:`is_last_tile` decides it)."""
    return (self_drawn | melded << 1 | last_wall_tile << 4 | kong_replacement << 5
            | robbing_kong << 6 | last_tile << 7)


def _win_fans_of_code(code: int) -> tuple[int, ...]:
    self_drawn, melded = code & 1, code >> 1 & 7
    fans: list[int] = []
    if self_drawn:
        # rule 56: no exposed meld and self-drawn; WMO also scores it for Seven Pairs and
        # the other concealed special hands ("si cierras del muro cuenta mano
        # completamente oculta")
        fans.append(FULLY_CONCEALED_HAND if melded == 0 else SELF_DRAWN)
    elif melded == 0:
        fans.append(CONCEALED_HAND)  # rule 62: concealed, won on a discard
    elif melded == 4:
        fans.append(MELDED_HAND)  # rule 53: every set claimed, pair on a discard
    if code >> 4 & 1:
        fans.append(LAST_TILE_DRAW if self_drawn else LAST_TILE_CLAIM)  # 44 / 45
    if code >> 5 & 1:
        fans.append(OUT_WITH_REPLACEMENT_TILE)  # rule 46
    if code >> 6 & 1:
        fans.append(ROBBING_THE_KONG)  # rule 47
    if code >> 7 & 1:
        fans.append(LAST_TILE)  # rule 58
    return tuple(fans)


# win_code(...) -> the fans of the winning move (every code is computed ahead: 256 tuples)
WIN_FANS: tuple[tuple[int, ...], ...] = tuple(_win_fans_of_code(code) for code in range(256))


def is_last_tile(hand: Hand, shown: int | None = None) -> bool:
    """Rule 58: the umpire's flag, or the winner's own exposed melds show the other three
    copies of the winning tile (fans.md: then it is scored without the flag)."""
    win = hand.win_tile
    if win in hand.concealed:
        return False
    if hand.last_tile:
        return True
    if shown is None:
        shown = sum(m.tiles.count(win) for m in hand.melds if not m.concealed)
    return shown == 3


# where a winning tile sits in a concealed chow (by 34 * chow + tile): 1 in it, 2 in its
# middle, 4 at its edge (the 3 of 1-2-3, the 7 of 7-8-9); the ORs of a reading's chows
# give its wait fan, as wait_fan finds it, unless the tile is the pair's (single wait)
IN_CHOW, _CLOSED, _EDGE = 1, 2, 4
CHOW_ROLE = tuple(
    (IN_CHOW if t <= win <= t + 2 else 0) | (_CLOSED if win == t + 1 else 0)
    | (_EDGE if (win == t + 2 and t % 9 == 0) or (win == t and t % 9 == 6) else 0)
    for t in range(34) for win in range(34))
WAIT_OF_ROLE = tuple(EDGE_WAIT if role & _EDGE else CLOSED_WAIT if role & _CLOSED else 0
                     for role in range(8))


def wait_fan(sets: tuple, pair: int, win: int) -> int:
    """Where the winning tile sits in the concealed sets: edge (77: the 3 of 1-2-3 or the
    7 of 7-8-9), closed (78: the middle of a chow) or the pair (79). Edge first, then
    closed, then single when it could sit in several places. Only scored when the hand
    waited on that one tile (checked by the caller)."""
    edge = closed = False
    for kind, t in sets:
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
    if pair == win:
        return SINGLE_WAIT
    return 0
