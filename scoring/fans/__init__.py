"""The 81 fans of the WMO 2006 rules (section 3.8.1): the registry :data:`FANS`.

Each fan is one entry, written where it is detected (see :mod:`.registry`): its number,
English name and points (the rulebook's, ``docs/fans.md``), the fans it implies or may not
be combined with, and its detection. The entries are grouped as the rulebook groups the
fans: :mod:`.tiles` (suits, terminals, ranges: properties of all the tiles), :mod:`.chows`
and :mod:`.pungs` (groups of sets, the sets of a reading), :mod:`.kongs`, :mod:`.sets`
(every set and the pair), :mod:`.special` (the special shapes) and :mod:`.winning` (how the
hand was won, the wait). Chicken Hand and Flower Tiles are awarded by the scoring itself
(:mod:`scoring.combine`, :mod:`scoring`).
"""

from __future__ import annotations

from . import chows, kongs, pungs, sets, special, tiles, winning  # noqa: F401  (registers)
from .ids import *  # noqa: F403  (the fans' numbers, e.g. FULL_FLUSH)
from .ids import CHICKEN_HAND, FLOWER_TILES, MELDED_AND_CONCEALED_KONG, TWO_MELDED_KONGS
from .registry import ENTRIES, Fan, awarded_fan

awarded_fan(CHICKEN_HAND, "Chicken Hand", 8)  # rule 43: no other fan scores
awarded_fan(FLOWER_TILES, "Flower Tiles", 1)  # rule 81: one point a flower, not in the 8

# The registry: the 81 fans by number. ``ENTRIES`` also holds the internal entry of one
# melded and one concealed kong (MELDED_AND_CONCEALED_KONG), reported as fan 57.
FANS: dict[int, Fan] = {n: ENTRIES[n] for n in sorted(ENTRIES) if n <= FLOWER_TILES}
if sorted(FANS) != list(range(1, 82)):
    raise ImportError(f"the registry misses fans {set(range(1, 82)) - set(FANS)}")


def fan_points(fan_id: int) -> int:
    return ENTRIES[fan_id].points


def public_id(fan_id: int) -> int:
    """The rulebook number a fan is reported under."""
    return TWO_MELDED_KONGS if fan_id == MELDED_AND_CONCEALED_KONG else fan_id
