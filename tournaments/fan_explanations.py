"""What each fan of a previewed hand was scored on, in the reader's language.

The scoring core explains each fan in English (`scoring.explain`): the sets or tiles it was
scored on, written as tile codes ("123m 456m 789m", the same in every language), or one of a
few phrases ("all tiles", "how the hand was won"…). The umpire's preview of a hand on the
score sheet shows one line per fan, "<fan>: <what>", the fan under its name in the active
language (`tournaments.fans.fan_name`) and the phrase translated here, with the context
"fan explanation". A test checks that every phrase of the core's registry has its entry.
"""

import re

from django.utils.translation import pgettext, pgettext_lazy

from tournaments.fans import fan_name

# The core's phrases (scoring.fans.registry: ALL_TILES, HOW_WON, WHOLE_HAND, and the `on=`
# of some entries; scoring.combine: Chicken Hand's), by their English text.
PHRASES = {
    "all tiles": pgettext_lazy("fan explanation", "all tiles"),
    "the whole hand": pgettext_lazy("fan explanation", "the whole hand"),
    "how the hand was won": pgettext_lazy("fan explanation", "how the hand was won"),
    "only chows and a suit pair": pgettext_lazy("fan explanation", "only chows and a suit pair"),
    "four pungs or kongs": pgettext_lazy("fan explanation", "four pungs or kongs"),
    "pungs and pair of 2, 4, 6, 8": pgettext_lazy(
        "fan explanation", "pungs and pair of 2, 4, 6, 8"
    ),
    "a 5 in every set and the pair": pgettext_lazy(
        "fan explanation", "a 5 in every set and the pair"
    ),
    "a terminal or honor in every set and the pair": pgettext_lazy(
        "fan explanation", "a terminal or honor in every set and the pair"
    ),
    "no other fan scores": pgettext_lazy("fan explanation", "no other fan scores"),
}

# scoring.explain.explanation_items: a melded and a concealed kong scored together as fan 57
_KONGS_NOTE = re.compile(
    r"^(?P<on>.*) \(one melded and one concealed kong: (?P<points>\d+) points in all\)$"
)


def explanation_text(text: str) -> str:
    """What a fan was scored on, from the core's English text: a phrase translated, tile
    codes as they are; anything else (a phrase the core added later) as it came."""
    match = _KONGS_NOTE.match(text)
    if match:
        return pgettext(
            "fan explanation",
            "%(on)s (one melded and one concealed kong: %(points)s points in all)",
        ) % {"on": explanation_text(match["on"]), "points": match["points"]}
    phrase = PHRASES.get(text)
    return str(phrase) if phrase is not None else text


def explanation_line(fan_id: int, english_name: str, text: str) -> str:
    """One line of a preview's explanation: "Pure Straight: 123m 456m 789m", "清龙：…"."""
    return pgettext("fan explanation", "%(fan)s: %(on)s") % {
        "fan": fan_name(fan_id, english_name),
        "on": explanation_text(text),
    }


def explanation_lines(result) -> list[str]:
    """A scored hand's explanation (a `scoring.ScoreResult`), one line per fan unit, in the
    active language."""
    return [explanation_line(item.fan_id, item.name, item.text) for item in result.explanation]
