"""Mahjong Competition Rules (WMO 2006) scoring engine, pure Python, no Django.

Public API::

    parse_hand(data) -> Hand          # the JSON object of hand-format.md; raises HandError
    parse_tiles("123m456p11z")        # -> tuple of tiles (ints 0..33)
    score_hand(data_or_hand) -> ScoreResult   # never raises; refusals are in .errors
"""

from __future__ import annotations

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


def _score(hand: Hand) -> tuple | None:
    """The best reading of a validated hand: ``(points, ((fan, count), ...), items, removed,
    shape)``; ``removed`` is the bitmask of fans whose items the explanation leaves out.

    Not memoized on the whole hand: hands scored in bulk are almost all different, and a
    memo keeping every hand's nested result tuples made the garbage collector promote and
    re-walk them (measured: ~15% of the time of a 20,000-hand run). The per-suit and
    per-set memos below it are the ones that hit.
    """
    best = best_score(hand)
    if best is None:
        return None
    total, found, items, removed, shape = best
    # sorted by rulebook number (public ids are distinct within one hand); only fan 570
    # (a melded and a concealed kong, reported as 5) sorts differently from its key
    if MELDED_AND_CONCEALED_KONG in found:
        fans = tuple(sorted(found.items(), key=_public_key))
    else:
        fans = tuple(sorted(found.items()))
    return total, fans, items, removed, shape


def _public_key(item: tuple[int, int]) -> int:
    return public_id(item[0])


_FAN_SCORES: dict[tuple[int, int], FanScore] = {}


def _fan_score(fan: int, count: int) -> FanScore:
    """The shared (frozen) FanScore of ``count`` units of an internal fan id.

    Interned: there are only a few hundred distinct ones, and sharing them keeps scoring
    from allocating objects the garbage collector has to track.
    """
    key = (fan, count)
    fs = _FAN_SCORES.get(key)
    if fs is None:
        pid = public_id(fan)
        fs = _FAN_SCORES[key] = FanScore(pid, FANS[pid].name, fan_points(fan), count)
    return fs


def score_hand(hand: dict | Hand | Any) -> ScoreResult:
    """Score a hand (the JSON object of hand-format.md, or a parsed :class:`Hand`).

    Never raises for bad input: a malformed, contradictory or non-winning hand gives
    ``winning=False`` with ``errors``. A winning hand under 8 points is ``winning=True``
    with ``meets_minimum=False``.
    """
    try:
        if isinstance(hand, Hand):
            parsed = _normalized(hand)
            _validate(parsed)
        else:
            parsed = parse_hand(hand)
        scored = _score(parsed)
        if scored is None:
            raise NotWinningError(_not_winning_message(parsed))
    except HandError as exc:
        return ScoreResult.refused(exc.code, exc.message)
    except Exception as exc:  # the contract: never raise; report it instead
        return ScoreResult.refused("internal", f"could not score the hand: "
                                   f"{type(exc).__name__}: {exc}")
    points, fans, items, removed, shape = scored
    known = _FAN_SCORES.get
    fan_list = [known(fn) or _fan_score(*fn) for fn in fans]
    if parsed.flowers:
        fan_list.append(_fan_score(FLOWER_TILES, parsed.flowers))
    return ScoreResult(
        winning=True,
        fans=fan_list,
        points=points,
        flowers=parsed.flowers,
        total=points + parsed.flowers,
        meets_minimum=points >= MINIMUM_POINTS,
        errors=[],
        raw_items=items,
        raw_removed=removed,
        raw_shape=shape,
    )


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
