"""The special shapes (rules 4, 6, 7, 19, 20, 34, 35) that are not four sets and a pair.

Knitted Straight with a set and a pair is scored with the decompositions (see
:mod:`scoring.combine`); Nine Gates is a property of the whole concealed hand, scored on
top of its best decomposition.
"""

from __future__ import annotations

from ..shapes import counts_of, honors_and_knitted, is_thirteen_orphans
from ..tiles import Hand, tiles_code
from . import (
    GREATER_HONORS_AND_KNITTED_TILES,
    KNITTED_STRAIGHT,
    LESSER_HONORS_AND_KNITTED_TILES,
    SEVEN_PAIRS,
    SEVEN_SHIFTED_PAIRS,
    THIRTEEN_ORPHANS,
)


def special_shapes(standing: tuple[int, ...]) -> list[tuple[tuple[int, ...], bool, tuple]]:
    """Special readings of 14 concealed tiles: ``[(fans, keeps tile fans, label)]``."""
    out: list[tuple[tuple[int, ...], bool, tuple]] = []
    # cheap filters on the sorted tiles before counting: pairs line up two by two; the other
    # special hands need 13 or 14 different tiles
    firsts = standing[0::2]
    if len(standing) == 14 and firsts == standing[1::2]:
        # 14 sorted tiles that pair up two by two are seven pairs (four alike count as
        # two pairs); shifted when the seven are different, consecutive, of one suit
        if len(set(firsts)) == 7 and firsts[6] < 27 and firsts[6] - firsts[0] == 6 \
                and firsts[0] // 9 == firsts[6] // 9:
            # fan 6 excludes Seven Pairs, Full Flush, ...; it keeps All Simples
            out.append(((SEVEN_SHIFTED_PAIRS,), True, _label("seven shifted pairs", standing)))
        else:
            out.append(((SEVEN_PAIRS,), True, _label("seven pairs", standing)))
        return out
    if len(set(standing)) < 13:
        return out
    counts = counts_of(standing)
    if is_thirteen_orphans(counts):
        out.append(((THIRTEEN_ORPHANS,), False, _label("thirteen orphans", standing)))
    else:
        hk = honors_and_knitted(counts)
        if hk is not None:
            honors, suited = hk
            if honors == 7:
                out.append(((GREATER_HONORS_AND_KNITTED_TILES,), False,
                            _label("greater honors and knitted tiles", standing)))
            else:
                fans = (LESSER_HONORS_AND_KNITTED_TILES,)
                if suited == 9:  # the whole knitted straight is there (rule 34 combines)
                    fans += (KNITTED_STRAIGHT,)
                out.append((fans, False, _label("lesser honors and knitted tiles", standing)))
    return out


def _format(name: str, tiles: tuple[int, ...]) -> str:
    return f"{name}: {tiles_code(tiles)}"


SPECIAL_LABEL = "special"


def _label(name: str, tiles: tuple[int, ...]) -> tuple:
    """A shape label formatted only when read (see ScoreResult.shape and
    combine.shape_text); a tag rather than a function, so the tuple holds only atoms and
    the garbage collector stops tracking it."""
    return (SPECIAL_LABEL, name, tiles)


format_label = _format


_NINE_GATES_RANKS = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def is_nine_gates(hand: Hand) -> bool:
    """Fan 4: fully concealed 1112345678999 of one suit before the win (the nine-sided
    wait), completed with any tile of that suit."""
    concealed = hand.concealed
    if hand.melds or hand.win_tile >= 27 or concealed[0] != concealed[2] \
            or concealed[-1] != concealed[-3]:
        return False  # (sorted: 1112345678999 starts and ends with three alike)
    suit = hand.win_tile // 9
    counts = [0] * 9
    for t in concealed:
        if t // 9 != suit or t >= 27:
            return False
        counts[t % 9] += 1
    return tuple(counts) == _NINE_GATES_RANKS
