"""Mahjong Competition Rules (WMO 2006) scoring engine, pure Python, no Django.

Public API::

    parse_hand(data) -> Hand          # the JSON object of hand-format.md; raises HandError
    parse_tiles("123m456p11z")        # -> tuple of tiles (ints 0..33)
    score_hand(data_or_hand) -> ScoreResult   # refusals (HandError) are in .errors
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import Any

from .combine import Scored, best_score
from .errors import (
    ContradictionError,
    FiveCopiesError,
    HandError,
    InputError,
    MeldError,
    NotWinningError,
    TileCountError,
    TileError,
)
from .fans import FANS, FLOWER_TILES, Fan, fan_points, public_id
from .result import MINIMUM_POINTS, ExplanationItem, FanScore, Issue, ScoreResult
from .tiles import Hand, Meld, Tile, parse_hand, parse_tile, parse_tiles, tile_code, tiles_code
from .tiles import validate_hand as _validate

__all__ = [
    "FANS",
    "ContradictionError",
    "ExplanationItem",
    "Fan",
    "FanScore",
    "FiveCopiesError",
    "Hand",
    "HandError",
    "InputError",
    "Issue",
    "Meld",
    "MeldError",
    "NotWinningError",
    "ScoreResult",
    "Tile",
    "TileCountError",
    "TileError",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
    "score_hand",
    "tile_code",
    "tiles_code",
]


def score_hand(hand: dict | Hand | Any) -> ScoreResult:
    """Score a hand (the JSON object of hand-format.md, or a parsed :class:`Hand`).

    Never raises for bad input: a malformed, contradictory or non-winning hand gives
    ``winning=False`` with ``errors`` (a ``HandError`` turned into a refusal). Any other
    exception is a bug of the engine and propagates. A winning hand under 8 points is
    ``winning=True`` with ``meets_minimum=False``.
    """
    try:
        if isinstance(hand, Hand):
            parsed = _normalized(hand)
            _validate(parsed)
        else:
            parsed = parse_hand(hand)
        best = best_score(parsed)
        if best is None:
            raise NotWinningError(_not_winning_message(parsed))
    except HandError as exc:  # a refusal; anything else is a bug of the engine, and raises
        return ScoreResult.refused(exc.code, exc.message, exc.params)
    return _result(best, parsed.flowers)


def _result(best: Scored, flowers: int) -> ScoreResult:
    """The result of a winning hand from its best reading (see combine.best_score)."""
    counts = Counter(fan for fan, _on in best.items)
    # by rulebook number (the melded-and-concealed kong is reported as fan 57)
    fans = sorted((_fan_score(fan, n) for fan, n in counts.items()), key=attrgetter("id"))
    if flowers:
        fans.append(_fan_score(FLOWER_TILES, flowers))
    return ScoreResult(
        winning=True, fans=fans, points=best.points, flowers=flowers,
        total=best.points + flowers, meets_minimum=best.points >= MINIMUM_POINTS,
        raw_items=best.items, raw_shape=best)


def _fan_score(fan: int, count: int) -> FanScore:
    reported = public_id(fan)
    return FanScore(reported, FANS[reported].name, fan_points(fan), count)


def _normalized(hand: Hand) -> Hand:
    """A Hand built by a caller, checked for types and made hashable and sorted."""
    def tile_ok(t: object) -> bool:
        return type(t) is int and 0 <= t < 34

    try:
        melds = tuple(m if isinstance(m, Meld) else Meld(*m) for m in hand.melds)
        concealed = tuple(sorted(hand.concealed))
    except Exception as exc:
        raise InputError(f"malformed Hand: {exc}") from None
    if not all(tile_ok(t) for t in concealed) or not tile_ok(hand.win_tile) or not all(
            m.kind in ("chow", "pung", "kong") and tile_ok(m.tile) for m in melds):
        raise InputError("malformed Hand: tiles must be ints 0..33 and melds chow/pung/kong")
    if hand.seat_wind not in (0, 1, 2, 3) or hand.prevalent_wind not in (0, 1, 2, 3):
        raise InputError("malformed Hand: winds must be 0..3", "bad_wind")
    if type(hand.flowers) is not int:
        raise InputError("malformed Hand: flowers must be an int", "bad_flowers")
    return hand._replace(melds=melds, concealed=concealed)


def _not_winning_message(hand: Hand) -> str:
    melds = " ".join(f"[{m.code()}{' concealed' if m.concealed else ''}]" for m in hand.melds)
    tiles = tiles_code(hand.concealed)
    return (f"not a winning hand: concealed {tiles} + winning tile {tile_code(hand.win_tile)}"
            + (f" with melds {melds}" if melds else "")
            + " do not form four sets and a pair, seven pairs, thirteen orphans, honors and "
              "knitted tiles, or a knitted straight with a set and a pair")
