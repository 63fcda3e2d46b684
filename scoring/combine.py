"""Scoring a hand: every reading is scored and the highest total wins (rule 3.9.1.5 (4),
freedom to choose the highest); within a reading the combination principles of 3.9.1.5 are
applied, here and nowhere else:

* the groups of sets scored together (:func:`set_group_fans`): non-separation, a set
  accounted once, non-identical (3.9.1.5 (2), (3));
* the fans a fan found implies or may not be combined with, from each entry's ``excludes``
  in the registry (:func:`without_excluded`; 3.9.1.5 (1) and Appendix 1).

The fans themselves are found by their entries' detections (:mod:`scoring.fans`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from .fans import FANS
from .fans.ids import (
    CHICKEN_HAND,
    GREATER_HONORS_AND_KNITTED_TILES,
    LESSER_HONORS_AND_KNITTED_TILES,
    PURE_TRIPLE_CHOW,
    SEVEN_PAIRS,
    SEVEN_SHIFTED_PAIRS,
    THIRTEEN_ORPHANS,
    TRIPLE_PUNG,
)
from .fans.registry import CHOWS, CHOWS_OF, ENTRIES, HAND, PUNGS, PUNGS_OF, READING, Fan
from .reading import REGULAR, Reading, WholeHand, readings
from .tiles import Hand

# (fan id, what this unit of it is scored on): see scoring.explain.detail_text
Item = tuple[int, object]

HAND_FANS = tuple(f for f in ENTRIES.values() if f.scope == HAND)
READING_FANS = tuple(f for f in ENTRIES.values() if f.scope == READING)


class SetGroups(NamedTuple):
    """The fans of groups of four, three and two sets of one kind (chows, or pungs)."""

    of: str  # how the explanation names the sets
    fours: tuple[Fan, ...]
    threes: tuple[Fan, ...]
    twos: tuple[Fan, ...]


def _set_groups(scope: str, of: str) -> SetGroups:
    fans = [f for f in ENTRIES.values() if f.scope == scope]
    return SetGroups(of, *(tuple(f for f in fans if f.sets == n) for n in (4, 3, 2)))


CHOW_GROUPS = _set_groups(CHOWS, CHOWS_OF)
PUNG_GROUPS = _set_groups(PUNGS, PUNGS_OF)


@dataclass(frozen=True, slots=True)
class Scored:
    """A reading scored: its points (flowers aside), the fans kept and what each unit of
    them was scored on."""

    points: int
    fans: frozenset[int]
    items: tuple[Item, ...]
    reading: Reading

    def shape_text(self) -> str:
        """The reading, a special shape named after its fan."""
        shape_fan = next((FANS[f].name.lower() for f in _SHAPE_FANS if f in self.fans), "")
        return self.reading.text(shape_fan)


_SHAPE_FANS = (SEVEN_SHIFTED_PAIRS, THIRTEEN_ORPHANS, SEVEN_PAIRS,
               GREATER_HONORS_AND_KNITTED_TILES, LESSER_HONORS_AND_KNITTED_TILES)


def best_score(hand: Hand) -> Scored | None:
    """The highest-scoring reading of a validated hand, or None if it is not a win.

    Readings of equal value: the first found wins (see :func:`scoring.reading.readings`),
    except between readings of four sets and a pair, settled by :func:`prefer`."""
    whole = WholeHand(hand)
    hand_items = found(HAND_FANS, whole)  # the same in every reading
    best: Scored | None = None
    for reading in readings(whole):
        scored = score_reading(reading, hand_items)
        if best is None or scored.points > best.points or (
                reading.shape == REGULAR and scored.points == best.points
                and prefer(scored.fans, best.fans)):
            best = scored
    return best


def score_reading(reading: Reading, hand_items: list[Item]) -> Scored:
    """Every fan of one reading (those of the whole hand given), combined."""
    items = (hand_items + found(READING_FANS, reading)
             + set_group_fans(reading.chows, CHOW_GROUPS)
             + set_group_fans(reading.pungs, PUNG_GROUPS))
    kept = without_excluded(items)
    points = sum(ENTRIES[fan].points for fan, _on in kept)
    return Scored(points, frozenset(fan for fan, _on in kept), tuple(kept), reading)


def found(fans: Iterable[Fan], subject: object) -> list[Item]:
    """The units of the fans whose detection finds them in ``subject`` (see
    :mod:`scoring.fans.registry`)."""
    items: list[Item] = []
    for fan in fans:
        units = fan.detect(subject)
        if units is True:
            items.append((fan.id, fan.on))
        elif units:
            items.extend((fan.id, on) for on in units)
    return items


def without_excluded(items: list[Item]) -> list[Item]:
    """The items left when every fan found removes the fans it implies or may not be
    combined with (its registry entry's ``excludes``). Removal looks at everything found,
    so a fan implied by a removed fan stays removed (Nine Gates removes Full Flush, and No
    Honors, implied by Full Flush, goes too). Chicken Hand (rule 43) when nothing is left."""
    excluded: set[int] = set()
    for fan in {fan for fan, _on in items}:
        excluded |= ENTRIES[fan].excludes
    kept = [item for item in items if item[0] not in excluded]
    return kept or [(CHICKEN_HAND, "no other fan scores")]


def prefer(found_fans: frozenset[int], incumbent: frozenset[int]) -> bool:
    """Tie-break between readings of four sets and a pair of equal total, as the reference
    calculator does: four sets over Seven Pairs, and Pure Triple Chow / Triple Pung
    readings."""
    return SEVEN_PAIRS in incumbent or bool(found_fans & _PREFERRED)


_PREFERRED = frozenset({PURE_TRIPLE_CHOW, TRIPLE_PUNG})


# -- groups of sets: 3.9.1.5 (2), (3) ----------------------------------------------------

def set_group_fans(sets: tuple[int, ...], groups: SetGroups) -> list[Item]:
    """The fans of groups of the chows (or of the pungs and kongs) of a reading, sorted
    tiles, as the combination principles choose them:

    * a fan of four sets takes them all; no other group is scored with it (non-separation);
    * else the best fan of three sets, and the set left over combines once with one of
      them (a set is accounted once);
    * else the most pairs, chosen so that the pairs form no cycle (each new set combines
      once with a set already used) and no set takes part twice in the same fan
      (non-identical); between as many pairs, the lower fan numbers (as the reference
      calculator drops the higher ones first).
    """
    if len(sets) == 4 and (fan := _fan_of(groups.fours, sets)):
        return [(fan.id, (groups.of, sets))]
    if len(sets) >= 3 and (best := _best_with_three(sets, groups)):
        return best
    return _most_pairs(sets, groups) if len(sets) >= 2 else []


def _fan_of(fans: tuple[Fan, ...], group: tuple[int, ...]) -> Fan | None:
    """The fan a group of sets (sorted) makes, if any (a group makes at most one)."""
    return next((fan for fan in fans if fan.detect(*group)), None)


def _best_with_three(sets: tuple[int, ...], groups: SetGroups) -> list[Item]:
    """The highest-scoring fan of three sets with what the set left over adds (the first
    found between equals)."""
    best: list[Item] = []
    best_points = 0
    for trio in combinations(range(len(sets)), 3):
        three = tuple(sets[i] for i in trio)
        fan = _fan_of(groups.threes, three)
        if fan is None:
            continue
        items: list[Item] = [(fan.id, (groups.of, three))]
        points = fan.points
        for left_over in (sets[i] for i in range(len(sets)) if i not in trio):
            if (partner := _partner(left_over, three, groups)) is not None:
                items.append((partner.id, (groups.of, partner.sets)))
                points += partner.points
        if points > best_points:
            best, best_points = items, points
    return best


class _Partner(NamedTuple):
    id: int
    points: int
    sets: tuple[int, int]


def _partner(left_over: int, three: tuple[int, ...], groups: SetGroups) -> _Partner | None:
    """The one pair fan the set left out of a fan of three adds with one of the three:
    the most points, then the lowest fan number, then the lowest set."""
    options = []
    for other in three:
        fan = _fan_of(groups.twos, tuple(sorted((other, left_over))))
        if fan is not None:
            options.append(_Partner(fan.id, fan.points, (other, left_over)))
    return max(options, key=lambda p: (p.points, -p.id, -p.sets[0]), default=None)


def _most_pairs(sets: tuple[int, ...], groups: SetGroups) -> list[Item]:
    """The largest allowed choice of pair fans (see :func:`set_group_fans`)."""
    pairs = [(i, j, fan) for i, j in combinations(range(len(sets)), 2)
             if (fan := _fan_of(groups.twos, (sets[i], sets[j])))]
    for size in range(len(pairs), 0, -1):
        allowed = [chosen for chosen in combinations(pairs, size)
                   if _allowed(chosen, len(sets))]
        if allowed:
            chosen = min(allowed, key=lambda c: sum(fan.id for _i, _j, fan in c))
            return [(fan.id, (groups.of, (sets[i], sets[j]))) for i, j, fan in chosen]
    return []


def _allowed(pairs: tuple, n_sets: int) -> bool:
    """No cycle (a set accounted once) and no set twice in the same fan (non-identical)."""
    component = list(range(n_sets))
    used: set[tuple[int, int]] = set()
    for i, j, fan in pairs:
        if (i, fan.id) in used or (j, fan.id) in used:
            return False
        used |= {(i, fan.id), (j, fan.id)}
        if component[i] == component[j]:
            return False
        joined = component[j]
        component = [component[i] if c == joined else c for c in component]
    return True
