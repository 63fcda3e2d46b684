"""How a fan is written: one entry, made by decorating the function that detects it.

An entry holds the fan's number (its rule in 3.8.1), English name and points, the fans it
implies or may not be combined with (``excludes``: "No se puede combinar con", Appendix 1,
and the principle of not repeating, 3.9.1.5 (1)) and its detection::

    @hand_fan(FULL_FLUSH, "Full Flush", 24, excludes={NO_HONORS}, on=ALL_TILES)
    def full_flush(hand: WholeHand) -> bool:
        '''Rule 22: tiles of one suit only, no honor.'''
        return hand.suits == 1 and not hand.honors

What a detection looks at says what kind of entry it is:

* :func:`hand_fan`: the whole hand, the same in every reading of it (its tiles, how it was
  won, its declared kongs), a :class:`scoring.reading.WholeHand`;
* :func:`reading_fan`: one reading of the hand (its shape, sets and pair), a
  :class:`scoring.reading.Reading`;
* :func:`chows_fan` and :func:`pungs_fan`: a group of two, three or four chows (or pungs and
  kongs) of a reading, given as their tiles (the lowest tile of a chow), sorted. Which
  groups are scored together is the combination principles' choice (3.9.1.5,
  :func:`scoring.combine.set_group_fans`), not the entry's;
* :func:`awarded_fan`: a fan no detection finds (Chicken Hand, Flower Tiles).

A detection returns ``True`` (found once, on the entry's ``on``), ``False``, or a list of
what each unit of the fan is scored on (``[]`` when not found): a phrase, or a
``(kind, tiles)`` naming sets or tiles (see :func:`scoring.explain.detail_text`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

# what the units of a fan are scored on, as the explanation says it
CHOWS_OF = "chows"
PUNGS_OF = "pungs"
KONGS_OF = "kongs"
TILES_OF = "tiles"
ALL_TILES = "all tiles"
HOW_WON = "how the hand was won"
WHOLE_HAND = "the whole hand"

# what a detection looks at
HAND = "hand"
READING = "reading"
CHOWS = "chows"
PUNGS = "pungs"
AWARDED = "awarded"


@dataclass(frozen=True, slots=True)
class Fan:
    """A fan of 3.8.1: its number (the rulebook's, Appendix 1's entry), English name and
    points, the fans it removes when found, and how it is found (see the module)."""

    id: int
    name: str
    points: int
    excludes: frozenset[int] = frozenset()
    scope: str = AWARDED
    detect: Callable | None = field(default=None, repr=False, compare=False)
    on: object = WHOLE_HAND
    sets: int = 0  # chows_fan / pungs_fan: how many sets the group holds


# every entry, by fan id, in the order the modules of scoring.fans define them
ENTRIES: dict[int, Fan] = {}


def _entry(fan: Fan) -> None:
    if fan.id in ENTRIES:
        raise ValueError(f"fan {fan.id} is registered twice")
    ENTRIES[fan.id] = fan


def _decorator(fan_id: int, name: str, points: int, scope: str, excludes: Iterable[int],
               on: object = WHOLE_HAND, sets: int = 0) -> Callable[[Callable], Callable]:
    def register(detect: Callable) -> Callable:
        _entry(Fan(fan_id, name, points, frozenset(excludes), scope, detect, on, sets))
        return detect
    return register


def hand_fan(fan_id: int, name: str, points: int, *, excludes: Iterable[int] = (),
             on: object = WHOLE_HAND) -> Callable[[Callable], Callable]:
    """Register a fan of the whole hand: ``detect(hand: WholeHand)``."""
    return _decorator(fan_id, name, points, HAND, excludes, on)


def reading_fan(fan_id: int, name: str, points: int, *, excludes: Iterable[int] = (),
                on: object = WHOLE_HAND) -> Callable[[Callable], Callable]:
    """Register a fan of one reading of the hand: ``detect(reading: Reading)``."""
    return _decorator(fan_id, name, points, READING, excludes, on)


def chows_fan(fan_id: int, name: str, points: int, *, sets: int,
              excludes: Iterable[int] = ()) -> Callable[[Callable], Callable]:
    """Register a fan of ``sets`` chows: ``detect(*chows) -> bool``, the chows' lowest
    tiles sorted."""
    return _decorator(fan_id, name, points, CHOWS, excludes, sets=sets)


def pungs_fan(fan_id: int, name: str, points: int, *, sets: int,
              excludes: Iterable[int] = ()) -> Callable[[Callable], Callable]:
    """Register a fan of ``sets`` pungs or kongs: ``detect(*pungs) -> bool``, their tiles
    sorted."""
    return _decorator(fan_id, name, points, PUNGS, excludes, sets=sets)


def awarded_fan(fan_id: int, name: str, points: int, *, excludes: Iterable[int] = ()) -> None:
    """Register a fan that no detection finds (the combination awards it)."""
    _entry(Fan(fan_id, name, points, frozenset(excludes)))
