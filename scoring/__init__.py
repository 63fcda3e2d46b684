"""Mahjong Competition Rules (WMO 2006) scoring engine, pure Python, no Django.

Public API::

    parse_hand(data) -> Hand          # the JSON object of hand-format.md; raises HandError
    parse_tiles("123m456p11z")        # -> tuple of tiles (ints 0..33)
    score_hand(data_or_hand) -> ScoreResult   # refusals (HandError) are in .errors
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from .combine import best_score
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
from .fans import FANS, FLOWER_TILES, MELDED_AND_CONCEALED_KONG, Fan, fan_points, public_id
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


def _fan_score(fan: int, count: int) -> FanScore:
    pid = public_id(fan)
    return FanScore(pid, FANS[pid].name, fan_points(fan), count)


# Interned FanScores, ``_FAN_SCORES[fan][count]``, for every internal fan id and every count
# a hand can reach: sharing them keeps scoring from allocating objects the garbage collector
# has to track, and two list look-ups per fan build the result's list.
_FAN_SCORES: list[list[FanScore | None]] = [
    [None] + [_fan_score(fan, count) for count in range(1, 9)]
    if fan in FANS or fan == MELDED_AND_CONCEALED_KONG else []
    for fan in range(MELDED_AND_CONCEALED_KONG + 1)]


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


def _result(best: tuple, flowers: int) -> ScoreResult:
    """The result of a winning hand from its best reading (see combine.best_score)."""
    points, _fans, counts, chunks, removed, shape = best
    # sorted by rulebook number (public ids are distinct within one hand; the melded-and-
    # concealed kong, the highest internal fan id, is reported as fan 57)
    fan_list = sorted(_fan_scores(counts), key=attrgetter("id"))
    if flowers:
        fan_list.append(_FAN_SCORES[FLOWER_TILES][flowers])
    # positional: (winning, fans, points, flowers, total, meets_minimum, errors, raw_items,
    # raw_removed, raw_shape)
    return ScoreResult(True, fan_list, points, flowers, points + flowers,
                       points >= MINIMUM_POINTS, [], chunks, removed, shape)


def _fan_scores(counts: int) -> tuple[FanScore, ...]:
    """The FanScores of counts packed one hexadecimal digit per fan id (see
    scoring.combine.Facts), by fan id."""
    scores = []
    while counts:
        fan = ((counts & -counts).bit_length() - 1) >> 2
        n = counts >> 4 * fan & 15
        scores.append(_FAN_SCORES[fan][n])
        counts -= n << 4 * fan
    return tuple(scores)



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
