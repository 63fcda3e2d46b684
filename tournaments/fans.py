"""The 81 fans' names in the reader's language (docs/fans.md).

The scoring core names each fan in English (`scoring/fans`); pages and printed forms show the
name through `fan_name`, translated in the catalogues with the context "fan" (the Spanish names
of Appendix 1, the standard Chinese ones). A test checks that this list is the engine's.
"""

from functools import cache

from django.utils import translation
from django.utils.translation import pgettext_lazy

FAN_NAMES = {
    1: pgettext_lazy("fan", "Big Four Winds"),
    2: pgettext_lazy("fan", "Big Three Dragons"),
    3: pgettext_lazy("fan", "All Green"),
    4: pgettext_lazy("fan", "Nine Gates"),
    5: pgettext_lazy("fan", "Four Kongs"),
    6: pgettext_lazy("fan", "Seven Shifted Pairs"),
    7: pgettext_lazy("fan", "Thirteen Orphans"),
    8: pgettext_lazy("fan", "All Terminals"),
    9: pgettext_lazy("fan", "Little Four Winds"),
    10: pgettext_lazy("fan", "Little Three Dragons"),
    11: pgettext_lazy("fan", "All Honors"),
    12: pgettext_lazy("fan", "Four Concealed Pungs"),
    13: pgettext_lazy("fan", "Pure Terminal Chows"),
    14: pgettext_lazy("fan", "Quadruple Chow"),
    15: pgettext_lazy("fan", "Four Pure Shifted Pungs"),
    16: pgettext_lazy("fan", "Four Pure Shifted Chows"),
    17: pgettext_lazy("fan", "Three Kongs"),
    18: pgettext_lazy("fan", "All Terminals and Honors"),
    19: pgettext_lazy("fan", "Seven Pairs"),
    20: pgettext_lazy("fan", "Greater Honors and Knitted Tiles"),
    21: pgettext_lazy("fan", "All Even Pungs"),
    22: pgettext_lazy("fan", "Full Flush"),
    23: pgettext_lazy("fan", "Pure Triple Chow"),
    24: pgettext_lazy("fan", "Pure Shifted Pungs"),
    25: pgettext_lazy("fan", "Upper Tiles"),
    26: pgettext_lazy("fan", "Middle Tiles"),
    27: pgettext_lazy("fan", "Lower Tiles"),
    28: pgettext_lazy("fan", "Pure Straight"),
    29: pgettext_lazy("fan", "Three-Suited Terminal Chows"),
    30: pgettext_lazy("fan", "Pure Shifted Chows"),
    31: pgettext_lazy("fan", "All Fives"),
    32: pgettext_lazy("fan", "Triple Pung"),
    33: pgettext_lazy("fan", "Three Concealed Pungs"),
    34: pgettext_lazy("fan", "Lesser Honors and Knitted Tiles"),
    35: pgettext_lazy("fan", "Knitted Straight"),
    36: pgettext_lazy("fan", "Upper Four"),
    37: pgettext_lazy("fan", "Lower Four"),
    38: pgettext_lazy("fan", "Big Three Winds"),
    39: pgettext_lazy("fan", "Mixed Straight"),
    40: pgettext_lazy("fan", "Reversible Tiles"),
    41: pgettext_lazy("fan", "Mixed Triple Chow"),
    42: pgettext_lazy("fan", "Mixed Shifted Pungs"),
    43: pgettext_lazy("fan", "Chicken Hand"),
    44: pgettext_lazy("fan", "Last Tile Draw"),
    45: pgettext_lazy("fan", "Last Tile Claim"),
    46: pgettext_lazy("fan", "Out with Replacement Tile"),
    47: pgettext_lazy("fan", "Robbing the Kong"),
    48: pgettext_lazy("fan", "Two Concealed Kongs"),
    49: pgettext_lazy("fan", "All Pungs"),
    50: pgettext_lazy("fan", "Half Flush"),
    51: pgettext_lazy("fan", "Mixed Shifted Chows"),
    52: pgettext_lazy("fan", "All Types"),
    53: pgettext_lazy("fan", "Melded Hand"),
    54: pgettext_lazy("fan", "Two Dragon Pungs"),
    55: pgettext_lazy("fan", "Outside Hand"),
    56: pgettext_lazy("fan", "Fully Concealed Hand"),
    57: pgettext_lazy("fan", "Two Melded Kongs"),
    58: pgettext_lazy("fan", "Last Tile"),
    59: pgettext_lazy("fan", "Dragon Pung"),
    60: pgettext_lazy("fan", "Prevalent Wind"),
    61: pgettext_lazy("fan", "Seat Wind"),
    62: pgettext_lazy("fan", "Concealed Hand"),
    63: pgettext_lazy("fan", "All Chows"),
    64: pgettext_lazy("fan", "Tile Hog"),
    65: pgettext_lazy("fan", "Double Pung"),
    66: pgettext_lazy("fan", "Two Concealed Pungs"),
    67: pgettext_lazy("fan", "Concealed Kong"),
    68: pgettext_lazy("fan", "All Simples"),
    69: pgettext_lazy("fan", "Pure Double Chow"),
    70: pgettext_lazy("fan", "Mixed Double Chow"),
    71: pgettext_lazy("fan", "Short Straight"),
    72: pgettext_lazy("fan", "Two Terminal Chows"),
    73: pgettext_lazy("fan", "Pung of Terminals or Honors"),
    74: pgettext_lazy("fan", "Melded Kong"),
    75: pgettext_lazy("fan", "One Voided Suit"),
    76: pgettext_lazy("fan", "No Honors"),
    77: pgettext_lazy("fan", "Edge Wait"),
    78: pgettext_lazy("fan", "Closed Wait"),
    79: pgettext_lazy("fan", "Single Wait"),
    80: pgettext_lazy("fan", "Self-Drawn"),
    81: pgettext_lazy("fan", "Flower Tiles"),
}


def fan_name(fan_id: int | None, english: str = "") -> str:
    """The fan's name in the active language, by its id or else by its English name (as
    stored with a hand and as a printed form's data keeps it, so that the form's fingerprint
    does not depend on the language printed); an unknown fan keeps its English name."""
    if fan_id is None:
        fan_id = _ids_by_english_name().get(english)
    name = FAN_NAMES.get(fan_id)
    return str(name) if name is not None else english


@cache
def _ids_by_english_name() -> dict[str, int]:
    with translation.override(None):  # no catalogue: each name as written above
        return {str(name): fan_id for fan_id, name in FAN_NAMES.items()}
