"""Appendix 1 of the WMO 2006 rules (``000_c1837c1d073bda92.txt``): the worked examples as data.

Every "Ejemplo" of Appendix 1 is decoded from the rulebook's keyboard font into the hand
JSON of ``hand-format.md``:

    q w e r t y u i o  = Characters 1..9      a s d f g h j k l  = Dots 1..9
    z x c v b n m , .  = Bamboo 1..9          1 2 3 4 = East South West North
    5 6 7 = White Green Red

The examples show the sets but seldom say which were exposed or which tile won. Unless the
example says otherwise, the choice made here (stated in ``notes``) is:

- hands of pungs: the first three sets shown are exposed pungs, the last pung and the pair
  stand concealed as two pairs, and the hand is won on a discard completing the pung (a
  "two pair" wait, so no wait fan and no concealed-pung fan);
- hands of chows: the first three sets shown are exposed, the last set and the pair stand
  concealed, and the hand is won on a discard of the last tile shown;
- special hands (seven pairs, knitted, orphans): concealed, won on a discard of the last
  tile shown;
- seat and prevalent wind East, unless the example needs another wind.

Each example records the fans its own text says it combines with ("Combina con"), and the
fans the definitions exclude ("No se puede combinar con", "No combina con") — of the
example's own fan and of every fan the example combines with. Where the example text
contradicts a definition, the definition governs (``fans.md``) and ``overrides`` says why,
quoting the rule.

``CONSTRUCTED`` adds hands written here (not in the rulebook) for fans whose Appendix 1
entry has no example, built from the fan's definition.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# --------------------------------------------------------------------------- notation

KEYBOARD = {
    **{key: f"{n}m" for n, key in enumerate("qwertyuio", start=1)},
    **{key: f"{n}p" for n, key in enumerate("asdfghjkl", start=1)},
    **{key: f"{n}s" for n, key in enumerate("zxcvbnm,.", start=1)},
    **{key: f"{n}z" for n, key in enumerate("1234567", start=1)},
}
"""The keyboard font of Appendix 1 (``fans.md``) -> one tile of ``hand-format.md``."""


def kb(text: str) -> str:
    """Keyboard notation -> compact tile string: ``kb("qwe 11")`` == ``"123m11z"``.

    Spaces are ignored; tiles keep their order, consecutive tiles of a suit share a letter.
    """
    out: list[str] = []
    digits = ""
    suit = ""
    for key in text.replace(" ", ""):
        tile = KEYBOARD[key]
        if tile[1] != suit and digits:
            out.append(digits + suit)
            digits = ""
        digits += tile[0]
        suit = tile[1]
    if digits:
        out.append(digits + suit)
    return "".join(out)


def chow(keys: str) -> dict:
    return {"type": "chow", "tiles": kb(keys), "concealed": False}


def pung(keys: str) -> dict:
    return {"type": "pung", "tiles": kb(keys), "concealed": False}


def kong(keys: str) -> dict:
    """A melded (exposed) kong."""
    return {"type": "kong", "tiles": kb(keys), "concealed": False}


def ckong(keys: str) -> dict:
    """A concealed kong, declared face down."""
    return {"type": "kong", "tiles": kb(keys), "concealed": True}


def hand(
    *,
    concealed: str,
    win: str,
    melds: tuple[dict, ...] = (),
    self_drawn: bool = False,
    seat: str = "E",
    prevalent: str = "E",
    flowers: int = 0,
    last_tile: bool = False,
    last_wall_tile: bool = False,
    kong_replacement: bool = False,
    robbing_kong: bool = False,
) -> dict:
    """The hand JSON of ``hand-format.md``; ``concealed`` and ``win`` in keyboard notation."""
    return {
        "melds": list(melds),
        "concealed": kb(concealed),
        "win_tile": kb(win),
        "self_drawn": self_drawn,
        "last_tile": last_tile,
        "last_wall_tile": last_wall_tile,
        "kong_replacement": kong_replacement,
        "robbing_kong": robbing_kong,
        "seat_wind": seat,
        "prevalent_wind": prevalent,
        "flowers": flowers,
    }


# --------------------------------------------------------------------------- fans

NAMES = {
    1: "Big Four Winds", 2: "Big Three Dragons", 3: "All Green", 4: "Nine Gates",
    5: "Four Kongs", 6: "Seven Shifted Pairs", 7: "Thirteen Orphans", 8: "All Terminals",
    9: "Little Four Winds", 10: "Little Three Dragons", 11: "All Honors",
    12: "Four Concealed Pungs", 13: "Pure Terminal Chows", 14: "Quadruple Chow",
    15: "Four Pure Shifted Pungs", 16: "Four Pure Shifted Chows", 17: "Three Kongs",
    18: "All Terminals and Honors", 19: "Seven Pairs", 20: "Greater Honors and Knitted Tiles",
    21: "All Even Pungs", 22: "Full Flush", 23: "Pure Triple Chow", 24: "Pure Shifted Pungs",
    25: "Upper Tiles", 26: "Middle Tiles", 27: "Lower Tiles", 28: "Pure Straight",
    29: "Three-Suited Terminal Chows", 30: "Pure Shifted Chows", 31: "All Fives",
    32: "Triple Pung", 33: "Three Concealed Pungs", 34: "Lesser Honors and Knitted Tiles",
    35: "Knitted Straight", 36: "Upper Four", 37: "Lower Four", 38: "Big Three Winds",
    39: "Mixed Straight", 40: "Reversible Tiles", 41: "Mixed Triple Chow",
    42: "Mixed Shifted Pungs", 43: "Chicken Hand", 44: "Last Tile Draw", 45: "Last Tile Claim",
    46: "Out with Replacement Tile", 47: "Robbing the Kong", 48: "Two Concealed Kongs",
    49: "All Pungs", 50: "Half Flush", 51: "Mixed Shifted Chows", 52: "All Types",
    53: "Melded Hand", 54: "Two Dragon Pungs", 55: "Outside Hand", 56: "Fully Concealed Hand",
    57: "Two Melded Kongs", 58: "Last Tile", 59: "Dragon Pung", 60: "Prevalent Wind",
    61: "Seat Wind", 62: "Concealed Hand", 63: "All Chows", 64: "Tile Hog", 65: "Double Pung",
    66: "Two Concealed Pungs", 67: "Concealed Kong", 68: "All Simples", 69: "Pure Double Chow",
    70: "Mixed Double Chow", 71: "Short Straight", 72: "Two Terminal Chows",
    73: "Pung of Terminals or Honors", 74: "Melded Kong", 75: "One Voided Suit",
    76: "No Honors", 77: "Edge Wait", 78: "Closed Wait", 79: "Single Wait", 80: "Self-Drawn",
    81: "Flower Tiles",
}  # fmt: skip

EXCLUDED_BY_DEFINITION: dict[int, tuple[tuple[int, ...], str]] = {
    1: ((38, 49, 60, 61, 73), "No se puede combinar con Tres Grandes Vientos, Todo Pung ni con "
        "Pung de Viento Dominante ni de Viento Propio ni Pung de Terminales u Honores."),
    2: ((59, 54), "No se puede combinar con Pung de Dragones ni Dos Pung de Dragones."),
    4: ((62, 22, 73), "No se puede combinar con Mano Oculta, Mano Pura ni con Pung de "
        "Terminales y Honores."),
    5: ((79,), "No combina con Espera Simple."),
    6: ((22, 62, 79), "No se puede combinar con Mano Pura, Mano Oculta ni Espera Simple."),
    7: ((52, 62, 79), "No se puede combinar con Todas las Familias y Honores, Mano Oculta ni "
        "Espera Simple."),
    8: ((49, 18, 73, 76), "No se puede combinar con Todo Pung, Todo con Honores y Terminales, "
        "Pung de Terminales u Honores, Sin Honores."),
    9: ((38, 73), "No combina con Tres Grandes Vientos ni con Pung de Terminales u Honores."),
    10: ((59, 54), "No combina con Pung de ni Dos Pung de Dragones."),
    11: ((49, 18, 73), "No combina con Todo Pung, Todo con Honores y Terminales y Pung de "
         "Terminales u Honores."),
    12: ((62, 49), "No se puede combinar con Mano Oculta ni con Todo Pung."),
    13: ((22, 19, 63, 72, 69), "No combina con Mano Pura, Siete Pares, Todo Chow sin Honores, "
         "Dos Chow Extremos Puros y Dos Chow Puros."),
    14: ((24, 64, 69), "No Combina con Tres Pung Escalonados Puros, Ficha Acaparada y Dos Chow "
         "Puros."),
    15: ((49, 23), "No combina con Todo Pung ni Tres Chow Puros"),
    16: ((71,), "No combina con Escalera Corta."),
    18: ((49, 73), "No combina con Todo Pung y Pung de Terminales u Honores."),
    19: ((62, 79), "No combina con Mano Oculta ni Espera Simple."),
    20: ((52, 62, 79), "No combina con Todas las Familias y Honores, Mano Oculta ni Espera "
         "Simple."),
    21: ((49, 68), "No combina con Todo Pung y Todo Simples."),
    22: ((76,), "No Combina con Sin Honores."),
    23: ((24, 69), "No se puede combinar con Tres Pung Consecutivos Puros ni Dos Chow Puros."),
    24: ((23,), "No combina con Tres Chow Puros."),
    25: ((76,), "No combina con Sin Honores."),
    26: ((76, 68), "No Combina con Sin Honores ni Todo Simples."),
    27: ((76,), "No combina con Sin Honores."),
    29: ((70, 72, 76, 63), "No combina con Dos Chow Mixto, Dos Chow Extremos Puros, Sin Honores "
         "y Todo Chow Sin Honores."),
    31: ((68,), "No combina con Todo Simples."),
    34: ((52, 62), "No se puede combinar con Todas las Familias y Honores ni con Mano Oculta."),
    36: ((76,), "No combina con Sin Honores."),
    37: ((76,), "No combina Sin Honores."),
    40: ((75,), "No Combina con Familia Ausente."),
    44: ((80,), "No se puede combinar con Cerrar del Muro."),
    47: ((56,), "No se puede combinar con Mano Completamente Oculta"),
    53: ((79,), "No Combina con Espera Simple."),
    58: ((47,), "No se puede combinar con Robo de Kong."),
}  # fmt: skip
"""Per fan: the fans its Appendix 1 definition excludes, and the rule text saying so.

Spanish names are mapped to fan ids by the 3.8.1 table; where a name is not the table's,
the mapping is: fan 8's "Todo con Honores y Terminales" is All Terminals and Honors (18, the
only terminal fan All Terminals implies); fan 14's "Tres Pung Escalonados Puros" is Pure
Shifted Pungs (24); fan 4's "Pung de Terminales y Honores" is fan 73.
"""


@dataclass(frozen=True)
class Example:
    """One Appendix 1 example (or a constructed hand for a fan without one)."""

    key: str
    fan: int
    raw: str
    hand: dict
    combina: str = ""
    """The example's "Combina con" text, verbatim."""
    combines: dict[int, int] = field(default_factory=dict)
    """Fans the example says it combines with -> how many times (1 unless "dos veces")."""
    one_of: tuple[dict[int, int], ...] = ()
    """"solo una de estas jugadas": the engine's counts of these fans must equal one option."""
    also_expected: dict[int, int] = field(default_factory=dict)
    """Fans the example does not list but its definition or note requires (see notes)."""
    absent: tuple[int, ...] = ()
    """Fans excluded beyond the definitions' lists (with the reason in overrides)."""
    overrides: tuple[str, ...] = ()
    """Where the example text contradicts a definition: what governs, with the rule text."""
    notes: str = ""
    fan_points: int | None = None
    """Points the example's own fan must be listed with, where the WMO text fixes them."""
    exact: bool = False
    """True when the fans scored must be exactly the expected ones (Chicken Hand)."""
    constructed: bool = False

    @property
    def expected(self) -> dict[int, int]:
        """Every fan that must be scored -> minimum count (the example's own fan first)."""
        counts = {self.fan: 1}
        counts.update(self.combines)
        counts.update(self.also_expected)
        return counts

    @property
    def forbidden(self) -> tuple[int, ...]:
        """Fans that must not be scored: excluded by the own fan's definition, by the
        definitions of the fans the example combines with, and ``absent``."""
        out: set[int] = set(self.absent)
        for fan in self.expected:
            out.update(EXCLUDED_BY_DEFINITION.get(fan, ((), ""))[0])
        return tuple(sorted(out))


def ex(key: str, fan: int, raw: str, hand_: dict, **kwargs) -> Example:
    return Example(key=key, fan=fan, raw=raw, hand=hand_, **kwargs)


PUNGS_NOTE = "Three pungs exposed; last pung and pair concealed, won on a discard (two-pair wait)."
CHOWS_NOTE = "First three sets exposed; last set and pair concealed; won on a discard."
SPECIAL_NOTE = "Concealed special hand, won on a discard of the last tile shown."

EXAMPLES: tuple[Example, ...] = (
    # ------------------------------------------------------------------ 88 points
    ex("fan01_example1", 1, "111 222 333 444 77",
       hand(melds=(pung("111"), pung("222"), pung("333")), concealed="4477", win="4"),
       combina="Todo Honores.", combines={11: 1},
       notes=PUNGS_NOTE + " Seat and prevalent East, so Prevalent/Seat Wind would apply "
       "if fan 1 did not exclude them."),
    ex("fan01_example2", 1, "111 222 333 444 oo",
       hand(melds=(pung("111"), pung("222"), pung("333")), concealed="44oo", win="4"),
       combina="Todo Honores y Terminales, y Mano Semipura.", combines={18: 1, 50: 1},
       notes=PUNGS_NOTE),
    ex("fan01_example3", 1, "111 222 333 444 cc",
       hand(melds=(pung("111"), pung("222"), pung("333")), concealed="44cc", win="4"),
       combina="Mano Semipura.", combines={50: 1}, notes=PUNGS_NOTE),
    ex("fan02_example1", 2, "777 666 555 qqq ll",
       hand(melds=(pung("777"), pung("666"), pung("555")), concealed="qqll", win="q"),
       combina="Todo Honores y Terminales y Familia Ausente.", combines={18: 1, 75: 1},
       notes=PUNGS_NOTE),
    ex("fan02_example2", 2, "777 666 555 111 33",
       hand(melds=(pung("777"), pung("666"), pung("555")), concealed="1133", win="1"),
       combina="Todo Honores.", combines={11: 1}, notes=PUNGS_NOTE),
    ex("fan02_example3", 2, "777 666 555 vbn bb",
       hand(melds=(pung("777"), pung("666"), pung("555")), concealed="vbbb", win="n"),
       combina="Mano Semipura.", combines={50: 1},
       notes="Dragon pungs exposed; 4-5-5-5 Bamboo concealed, won on a discarded 6 Bamboo."),
    ex("fan03_example1", 3, "xx cc vv nn ,, ,, 66",
       hand(concealed="xxccvvnn,,,,6", win="6", self_drawn=True),
       combina="Siete Pares, y Mano Semipura. (Si cierras del muro cuenta mano completamente "
       "oculta.)",
       combines={19: 1, 50: 1}, also_expected={56: 1},
       notes="Seven Pairs with the four 8 Bamboo as two pairs; self-drawn on the Green "
       "dragon, so the example's own note asks for Fully Concealed Hand (56)."),
    ex("fan03_example2", 3, "xcv xcv xcv 666 nn",
       hand(melds=(chow("xcv"), chow("xcv"), pung("666")), concealed="xcvn", win="n"),
       combina="Tres Chow Puros, Mano Semipura, y Pung de Dragones.",
       combines={23: 1, 50: 1, 59: 1},
       notes="Two chows and the Green pung exposed; 2-3-4 and a 6 Bamboo concealed, won "
       "on a discarded 6 Bamboo."),
    ex("fan03_example3", 3, "xxx ccc vvv nnn ,,",
       hand(melds=(pung("xxx"), pung("ccc"), pung("vvv")), concealed="nn,,", win="n"),
       combina="Tres Pung Consecutivos Puros, Mano Pura, Todo Pung, y Todo Simples.",
       combines={24: 1, 22: 1, 49: 1, 68: 1}, notes=PUNGS_NOTE),
    ex("fan04_example1", 4, "qqqwertyuiooo o",
       hand(concealed="qqqwertyuiooo", win="o"),
       combina="Escalera Pura y Ficha Acaparada.", combines={28: 1, 64: 1},
       notes="The separated 'o' is the winning tile (9 Characters), taken as a discard."),
    ex("fan05_example1", 5, "xxxx tttt jjjj 1111 77",
       hand(melds=(kong("xxxx"), kong("tttt"), kong("jjjj"), kong("1111")), concealed="7",
            win="7", seat="S", prevalent="S"),
       combina="Todas las Familias y Honores y Pung de Terminales u Honores.",
       combines={52: 1, 73: 1},
       notes="Four melded kongs, won on a discarded Red dragon. Seat and prevalent South so "
       "the East kong is fan 73."),
    ex("fan05_example2", 5, "qqqq xxxx dddd zzzz rr",
       hand(melds=(kong("qqqq"), kong("xxxx"), kong("dddd"), kong("zzzz")), concealed="r",
            win="r"),
       combina="Cuatro Inferiores, Tres Pung Escalonados Mixtos, Dos Pung Iguales y Pung de "
       "Terminales u Honores (dos veces).",
       combines={37: 1, 42: 1, 65: 1, 73: 2},
       notes="Four melded kongs, won on a discarded 4 Characters."),
    ex("fan05_example3", 5, "7777 6666 5555 4444 11",
       hand(melds=(kong("7777"), kong("6666"), kong("5555"), kong("4444")), concealed="1",
            win="1"),
       combina="Tres Grandes Dragones, y Todo Honores.", combines={2: 1, 11: 1},
       notes="Four melded kongs, won on a discarded East wind."),
    ex("fan06_example1", 6, "ss dd ff gg hh jj kk",
       hand(concealed="ssddffgghhjjk", win="k"),
       combina="Todo Simples.", combines={68: 1}, notes=SPECIAL_NOTE),
    ex("fan07_example1", 7, "al z. qo 765 1234 4",
       hand(concealed="alz.qo7651234", win="4"),
       notes="The separated '4' (North) is the winning tile, taken as a discard; the "
       "example lists no combinations."),
    # ------------------------------------------------------------------ 64 points
    ex("fan08_example1", 8, "qqq zzz ooo ... aa",
       hand(melds=(pung("qqq"), pung("zzz"), pung("ooo")), concealed="..aa", win="."),
       combina="Dos Pung Iguales (dos veces).", combines={65: 2}, notes=PUNGS_NOTE),
    ex("fan09_example1", 9, "111 333 444 22 zxc",
       hand(melds=(pung("111"), pung("333"), pung("444")), concealed="22zx", win="c"),
       combina="Mano Semipura y Todo con Honores y Terminales.", combines={50: 1, 55: 1},
       also_expected={60: 1, 61: 1},
       notes="Wind pungs exposed; won on a discarded 3 Bamboo (edge wait). Seat and "
       "prevalent East: the definition says 'Se puede combinar con Viento Dominante y "
       "Viento Propio', so fans 60 and 61 are expected. 'Todo con Honores y Terminales' "
       "is Outside Hand (55): 1-2-3 Bamboo is not all terminals."),
    ex("fan09_example2", 9, "333 222 444 11 555",
       hand(melds=(pung("333"), pung("222"), pung("444")), concealed="1155", win="5"),
       combina="Todo Honores y Pung de Dragón.", combines={11: 1, 59: 1}, notes=PUNGS_NOTE),
    ex("fan10_example1", 10, "777 666 55 aaa lll",
       hand(melds=(pung("777"), pung("666"), pung("aaa")), concealed="55ll", win="l"),
       combina="Mano Semipura y Todo Terminales y Honores.", combines={50: 1, 18: 1},
       notes=PUNGS_NOTE),
    ex("fan10_example2", 10, "777 66 555 zxc aaa",
       hand(melds=(pung("777"), pung("555"), pung("aaa")), concealed="66zx", win="c"),
       combina="Todo con Honores y Terminales, Pung de Terminales u Honores, y Familia "
       "Ausente.",
       combines={55: 1, 73: 1, 75: 1},
       notes="Pungs exposed; Green pair and 1-2 Bamboo concealed, won on a discarded 3 "
       "Bamboo. 'Todo con Honores y Terminales' is Outside Hand (55)."),
    ex("fan10_example3", 10, "77 666 555 111 444",
       hand(melds=(pung("666"), pung("555"), pung("111")), concealed="7744", win="4"),
       combina="Todo Honores.", combines={11: 1}, notes=PUNGS_NOTE),
    ex("fan11_example1", 11, "777 555 111 222 44",
       hand(melds=(pung("777"), pung("555"), pung("111")), concealed="2244", win="2"),
       combina="Dos Pung de Dragones", combines={54: 1}, notes=PUNGS_NOTE),
    ex("fan12_example1", 12, "xxx ddd rrr sss ee",
       hand(concealed="xxxdddrrrssse", win="e"),
       combina="Cuadro Inferiores, Tres Pung Escalonados Mixtos, Dos Pung Iguales y Todo "
       "Simple.",
       combines={37: 1, 42: 1, 65: 1, 68: 1},
       notes="All four pungs concealed; won on a discarded 3 Characters (the pair), so the "
       "four pungs stay concealed."),
    ex("fan13_example1", 13, "zxc zxc m,. m,. bb",
       hand(concealed="zxczxcm,.m,.b", win="b"),
       notes="Concealed, won on a discarded 5 Bamboo; the example lists no combinations."),
    # ------------------------------------------------------------------ 48 points
    ex("fan14_example1", 14, "qwe qwe qwe qwe rr",
       hand(melds=(chow("qwe"), chow("qwe"), chow("qwe")), concealed="qwer", win="r"),
       combina="Mano Pura, Cuatro Inferiores y Todo Chows sin Honores.",
       combines={22: 1, 37: 1, 63: 1}, notes=CHOWS_NOTE),
    ex("fan15_example1", 15, "aaa sss ddd fff xx",
       hand(melds=(pung("aaa"), pung("sss"), pung("ddd")), concealed="ffxx", win="f"),
       combina="Cuatro Inferiores, Familia Ausente, El Espejo, y Pung de Terminales u "
       "Honores.",
       combines={37: 1, 40: 1, 73: 1}, absent=(75,),
       overrides=("The example names both El Espejo (40) and Familia Ausente (75), but fan "
                  "40's definition says 'No Combina con Familia Ausente.' The definition "
                  "governs: 75 must not be scored.",),
       notes=PUNGS_NOTE),
    # ------------------------------------------------------------------ 32 points
    ex("fan16_example1", 16, "qwe wer ert rty qq",
       hand(melds=(chow("qwe"), chow("wer"), chow("ert")), concealed="rtyq", win="q"),
       combina="Mano Pura y Todo Chow Sin Honores.", combines={22: 1, 63: 1},
       notes=CHOWS_NOTE),
    ex("fan16_example2", 16, "zxc cvb bnm m,. gg",
       hand(melds=(chow("zxc"), chow("cvb"), chow("bnm")), concealed="m,.g", win="g"),
       combina="Todo Chow Sin Honores y Familia Ausente.", combines={63: 1, 75: 1},
       notes=CHOWS_NOTE),
    ex("fan17_example1", 17, "wwww eeee rrrr xxx cc",
       hand(melds=(kong("wwww"), kong("eeee"), kong("rrrr")), concealed="xxcc", win="x"),
       combina="Tres Pung Escalonados Puros, Cuatro Inferiores, Todo Pung, Dos Pung Iguales, "
       "Todo Simples, y Familia Ausente.",
       combines={24: 1, 37: 1, 49: 1, 65: 1, 68: 1, 75: 1},
       notes="Three melded kongs; 2 Bamboo pung and 3 Bamboo pair concealed as two pairs, "
       "won on a discarded 2 Bamboo."),
    ex("fan18_example1", 18, "111 qqq ... lll 77",
       hand(melds=(pung("111"), pung("qqq"), pung("...")), concealed="ll77", win="l"),
       combina="Todas las Familias y Honores y Dos Pung Iguales.", combines={52: 1, 65: 1},
       notes=PUNGS_NOTE),
    # ------------------------------------------------------------------ 24 points
    ex("fan19_example1", 19, "jj xx ee 77 55 11 44",
       hand(concealed="jjxxee7755114", win="4"),
       combina="Todas las Familias y Honores.", combines={52: 1}, notes=SPECIAL_NOTE),
    ex("fan19_example2", 19, "aa qq zz ll ll .. oo",
       hand(concealed="aaqqzzllll..o", win="o"),
       combina="Todo Terminales y Ficha Acaparada.", combines={8: 1, 64: 1},
       notes=SPECIAL_NOTE + " The four 9 Dots are two pairs."),
    ex("fan19_example3", 19, "11 22 33 44 55 66 77",
       hand(concealed="1122334455667", win="7"),
       combina="Todo Honores.", combines={11: 1}, notes=SPECIAL_NOTE),
    ex("fan20_example1", 20, "123457qusgcn. 6",
       hand(concealed="123457qusgcn.", win="6"),
       notes="The separated '6' (Green) is the winning tile, taken as a discard."),
    ex("fan21_example1", 21, "www vvv hhh kkk ff",
       hand(melds=(pung("www"), pung("vvv"), pung("hhh")), concealed="kkff", win="k"),
       notes=PUNGS_NOTE + " The text gives no 'Combina con' line for this example."),
    ex("fan21_example2", 21, "www xxx sss rrr vv",
       hand(melds=(pung("www"), pung("xxx"), pung("sss")), concealed="rrvv", win="r"),
       combina="Tres Pung Iguales y Cuatro Inferiores.", combines={32: 1, 37: 1},
       notes=PUNGS_NOTE + " The line reads without its 'Combina con' head."),
    ex("fan21_example3", 21, "nnn yyy ,,, iii xx",
       hand(melds=(pung("nnn"), pung("yyy"), pung(",,,")), concealed="iixx", win="i"),
       combina="Dos Pung Iguales (dos veces), y Familia Ausente.", combines={65: 2, 75: 1},
       notes=PUNGS_NOTE),
    ex("fan22_example1", 22, "yyy uuu iii ooo tt",
       hand(melds=(pung("yyy"), pung("uuu"), pung("iii")), concealed="oott", win="o"),
       combina="Cuatro Pung Consecutivos Puros, y Pung de Terminales u Honores.",
       combines={15: 1, 73: 1}, notes=PUNGS_NOTE),
    ex("fan22_example2", 22, "zz xx vv bb nn ,, ..",
       hand(concealed="zzxxvvbbnn,,.", win=".", self_drawn=True),
       combina="Siete Pares. Si cierras del muro cuenta mano completamente oculta.",
       combines={19: 1}, also_expected={56: 1},
       notes="Concealed Seven Pairs, self-drawn on the 9 Bamboo, so the example's own note "
       "asks for Fully Concealed Hand (56)."),
    ex("fan22_example3", 22, "asd fgh jkl jkl ll",
       hand(melds=(chow("asd"), chow("fgh"), chow("jkl")), concealed="jkll", win="l"),
       combina="Todo Chows Sin Honores, Escalera Pura, Ficha Acaparada, y una de estas "
       "jugadas: Dos Chow Puros o Escalera Corta o Dos Chow Extremos Puros.",
       combines={63: 1, 28: 1, 64: 1}, one_of=({69: 1}, {71: 1}, {72: 1}),
       notes=CHOWS_NOTE),
    ex("fan23_example1", 23, "rty rty rty fgh gg",
       hand(melds=(chow("rty"), chow("rty"), chow("fgh")), concealed="rtyg", win="g"),
       combina="Tres Centrales, Todo Cincos, Todo Chow Sin Honores, Dos Chow Mixtos, y "
       "Familia Ausente.",
       combines={26: 1, 31: 1, 63: 1, 70: 1, 75: 1},
       notes="Two 4-5-6 Characters and the 4-5-6 Dots exposed; the third 4-5-6 Characters "
       "and a 5 Dots concealed, won on a discarded 5 Dots."),
    ex("fan24_example1", 24, "xxx ccc vvv ddd ss",
       hand(melds=(pung("xxx"), pung("ccc"), pung("vvv")), concealed="ddss", win="d"),
       combina="Cuatro Inferiores, Todo Pung, Todo Simples, Dos Pung Iguales, y Familia "
       "Ausente.",
       combines={37: 1, 49: 1, 68: 1, 65: 1, 75: 1}, notes=PUNGS_NOTE),
    ex("fan25_example1", 25, "uio jkl m,. jkl ll",
       hand(melds=(chow("uio"), chow("jkl"), chow("m,.")), concealed="jkll", win="l"),
       combina="Tres Chow Mixtos, Todo Con Honores y Terminales, Ficha Acaparada, Todo Chow "
       "Sin Honores y solo una de estas jugadas Dos Chow Puros o Dos Chow Mixtos(no ambos).",
       combines={41: 1, 55: 1, 64: 1, 63: 1}, one_of=({69: 1}, {70: 1}),
       notes=CHOWS_NOTE + " 'Todo Con Honores y Terminales' is Outside Hand (55)."),
    ex("fan25_example2", 25, "mmm iii jjj ooo ,,",
       hand(melds=(pung("mmm"), pung("iii"), pung("jjj")), concealed="oo,,", win="o"),
       combina="Todo Pung, Dos Pung Iguales, y Pung de terminales u Honores.",
       combines={49: 1, 65: 1, 73: 1}, notes=PUNGS_NOTE),
    ex("fan25_example3", 25, "uio m,. ,,, kkk ii",
       hand(melds=(chow("uio"), chow("m,."), pung(",,,")), concealed="kkii", win="k"),
       combina="Dos Pung Iguales, Ficha Acaparada y Dos Chow Mixtos.",
       combines={65: 1, 64: 1, 70: 1}, notes=PUNGS_NOTE),
    ex("fan26_example1", 26, "vbn vvv bbb nnn hh",
       hand(melds=(pung("vvv"), pung("bbb"), pung("nnn")), concealed="vbnh", win="h"),
       combina="Tres Pung Consecutivos Puros, Ficha Acaparada (tres veces), y Familia "
       "Ausente.",
       combines={24: 1, 64: 3, 75: 1},
       notes="The three pungs are exposed (concealed, the twelve 4-5-6 Bamboo would score "
       "as Quadruple Chow instead); 4-5-6 Bamboo and a 6 Dots concealed, won on a "
       "discarded 6 Dots."),
    ex("fan26_example2", 26, "rr tt gg hh vv bb nn",
       hand(concealed="rrttgghhvvbbn", win="n"),
       combina="Siete Pares. Si cierras del muro cuenta mano completamente oculta.",
       combines={19: 1}, notes=SPECIAL_NOTE),
    ex("fan27_example1", 27, "qwe asd zxc zxc cc",
       hand(melds=(chow("qwe"), chow("asd"), chow("zxc")), concealed="zxcc", win="c"),
       combina="Tres Chow Mixtos, Ficha Acaparada, Todo Chow Sin Honores, y solo una de "
       "estas jugadas Dos Chow Puros o Dos Chow Mixtos(no ambos).",
       combines={41: 1, 64: 1, 63: 1}, one_of=({69: 1}, {70: 1}), notes=CHOWS_NOTE),
    # ------------------------------------------------------------------ 16 points
    ex("fan28_example1", 28, "qwe rty uio qwe uu",
       hand(melds=(chow("qwe"), chow("rty"), chow("uio")), concealed="qweu", win="u"),
       combina="Mano Pura, Todo Chow Sin Honores, y solo una de estas jugadas Dos Chow "
       "Puros o Escaleta Corta o Dos Chow Extremos Puros.",
       combines={22: 1, 63: 1}, one_of=({69: 1}, {71: 1}, {72: 1}), notes=CHOWS_NOTE),
    ex("fan28_example2", 28, "zxc vbn m,. hhh kk",
       hand(melds=(chow("zxc"), chow("vbn"), chow("m,.")), concealed="hhkk", win="h"),
       combina="Sin Honores y Familia Ausente.", combines={76: 1, 75: 1}, notes=PUNGS_NOTE),
    ex("fan29_example1", 29, "asd jkl qwe uio bb",
       hand(melds=(chow("asd"), chow("jkl"), chow("qwe")), concealed="uiob", win="b"),
       notes=CHOWS_NOTE + " The example lists no combinations."),
    ex("fan30_example1", 30, "asd sdf dfg xcv xx",
       hand(melds=(chow("asd"), chow("sdf"), chow("dfg")), concealed="xcvx", win="x"),
       combina="Todo Chow Sin Honores, Dos Chow Mixtos, y Familia Ausente .",
       combines={63: 1, 70: 1, 75: 1}, notes=CHOWS_NOTE),
    ex("fan30_example2", 30, "zxc cvb bnm cvb xx",
       hand(melds=(chow("zxc"), chow("cvb"), chow("bnm")), concealed="cvbx", win="x"),
       combina="Mano Pura, Todo Chow Sin Honores, y Dos Chow Puros.",
       combines={22: 1, 63: 1, 69: 1}, notes=CHOWS_NOTE),
    ex("fan30_example3", 30, "qwe ert tyu kkk mm",
       hand(melds=(chow("qwe"), chow("ert"), chow("tyu")), concealed="kkmm", win="k"),
       combina="Sin Honores.", combines={76: 1}, notes=PUNGS_NOTE),
    ex("fan31_example1", 31, "fgh vbn rty rty tt",
       hand(melds=(chow("fgh"), chow("vbn"), chow("rty")), concealed="rtyt", win="t"),
       combina="Tres Centrales, Tres Chow Mixtos, Ficha Acaparada, Todo Chow Sin Honores y "
       "solo una de estas jugadas Dos Chow Puros o Dos Chow Mixtos(no ambos).",
       combines={26: 1, 41: 1, 64: 1, 63: 1}, one_of=({69: 1}, {70: 1}), notes=CHOWS_NOTE),
    ex("fan31_example2", 31, "ert tyu ggg bbb tt",
       hand(melds=(chow("ert"), chow("tyu"), pung("ggg")), concealed="bbtt", win="b"),
       combina="Dos Pung Iguales y Ficha Acaparada.", combines={65: 1, 64: 1},
       notes=PUNGS_NOTE),
    ex("fan32_example1", 32, "eee ddd ccc xcv rr",
       hand(melds=(pung("eee"), pung("ddd"), pung("ccc")), concealed="xcvr", win="r"),
       combina="Cuatro Inferiores, Ficha Acaparada, y Todo Simple", combines={37: 1, 64: 1, 68: 1},
       notes=CHOWS_NOTE),
    ex("fan32_example2", 32, "qqq aaa zzz lll ..",
       hand(melds=(pung("qqq"), pung("aaa"), pung("zzz")), concealed="ll..", win="l"),
       combina="Todo Terminales y Todo Pung.", combines={8: 1}, absent=(49,),
       overrides=("The example names Todo Terminales (8) and Todo Pung (49), but fan 8's "
                  "definition says 'No se puede combinar con Todo Pung'. The definition "
                  "governs: 49 must not be scored.",),
       notes=PUNGS_NOTE),
    ex("fan33_example1", 33, "777 111 ooo ll zzz",
       hand(concealed="777111ooollzz", win="z", seat="S", prevalent="S"),
       combina="Todo Terminales y Honores, Todas las Familias y Honores, y  Pung de Dragón.",
       combines={18: 1, 52: 1, 59: 1},
       notes="All concealed; won on a discarded 1 Bamboo, so that pung counts as exposed "
       "and three pungs stay concealed. Seat and prevalent South."),
    ex("fan33_example2", 33, "vvv mmm ,,, zxc bb",
       hand(concealed="vvvmmm,,,zxcb", win="b"),
       combina="Mano Pura.", combines={22: 1},
       notes="All concealed; won on a discarded 5 Bamboo (the pair)."),
    # ------------------------------------------------------------------ 12 points
    ex("fan34_example1", 34, "zvm wti dh 123 567",
       hand(concealed="zvmwtidh12356", win="7"),
       notes="Concealed; won on a discarded Red dragon (the text shows no winning tile). "
       "The example lists no combinations."),
    ex("fan34_example2", 34, "qru sgk c. 567 134",
       hand(concealed="qrusgkc.56713", win="4"),
       notes="Concealed; won on a discarded North wind (the text shows no winning tile). "
       "The example lists no combinations."),
    ex("fan34_example3", 34, "afj xb, eyo 234 67",
       hand(concealed="afjxb,eyo2346", win="7"),
       combina="Fichas Cosidas.", combines={35: 1},
       notes="Concealed; won on a discarded Red dragon (the text shows no winning tile)."),
    ex("fan35_example1", 35, "zvm wti dhl vvv ee",
       hand(melds=(pung("vvv"),), concealed="zvmwtidhle", win="e"),
       combina="Ficha Acaparada y Sin Honores.", combines={64: 1, 76: 1},
       notes="4 Bamboo pung exposed; the knitted tiles and a 3 Characters concealed, won on "
       "a discarded 3 Characters."),
    ex("fan35_example2", 35, "qru sgk cn. asd nn",
       hand(melds=(chow("asd"),), concealed="qrusgkcn.n", win="n"),
       combina="Todo Chows Sin Honores.", combines={63: 1},
       notes="1-2-3 Dots exposed; the knitted tiles and a 6 Bamboo concealed, won on a "
       "discarded 6 Bamboo."),
    ex("fan35_example3", 35, "afj xb, eyo 111 77",
       hand(melds=(pung("111"),), concealed="afjxb,eyo7", win="7", seat="S", prevalent="S"),
       combina="Todas las Familias y Honores  y Pung de Terminales u Honores.",
       combines={52: 1, 73: 1},
       notes="East pung exposed; seat and prevalent South so it is fan 73; won on a "
       "discarded Red dragon."),
    ex("fan36_example1", 36, "m,. hjk jjj uio ..",
       hand(melds=(chow("m,."), chow("hjk"), pung("jjj")), concealed="uio.", win="."),
       combina="Ficha Acaparada y Dos Chow Mixtos.", combines={64: 1, 70: 1},
       notes=CHOWS_NOTE),
    ex("fan36_example2", 36, "uio m,. jkl jkl hh",
       hand(melds=(chow("uio"), chow("m,."), chow("jkl")), concealed="jklh", win="h"),
       combina="Tres Chow Mixtos, Todo Chow Sin Honores y solo una de estas jugadas Dos "
       "Chow Puros o Dos Chow Mixtos(no ambos).",
       combines={41: 1, 63: 1}, one_of=({69: 1}, {70: 1}), notes=CHOWS_NOTE),
    ex("fan36_example3", 36, "nn ,, yy uu hh kk ll",
       hand(concealed="nn,,yyuuhhkkl", win="l"),
       combina="Siete Pares. Si cierras del muro cuenta mano completamente oculta.",
       combines={19: 1}, notes=SPECIAL_NOTE),
    ex("fan37_example1", 37, "zxc qwe asd qwe rr",
       hand(melds=(chow("zxc"), chow("qwe"), chow("asd")), concealed="qwer", win="r"),
       combina="Tres Chow Mixtos, Todo Chow Sin Honores y solo una de estas jugadas Dos "
       "Chow Puros o Dos Chow Mixtos(no ambos).",
       combines={41: 1, 63: 1}, one_of=({69: 1}, {70: 1}), notes=CHOWS_NOTE),
    ex("fan37_example2", 37, "zzz xxx ccc vvv ww",
       hand(melds=(pung("zzz"), pung("xxx"), pung("ccc")), concealed="vvww", win="v"),
       combina="Cuatro Pung Consecutivos Puros, Familia Ausente, y Pung de Terminales u "
       "Honores.",
       combines={15: 1, 75: 1, 73: 1}, notes=PUNGS_NOTE),
    ex("fan38_example1", 38, "111 222 333 ooo ..",
       hand(melds=(pung("111"), pung("222"), pung("333")), concealed="oo..", win="o",
            seat="N", prevalent="N"),
       combina="Todo Terminales y Honores, y Familia Ausente.", combines={18: 1, 75: 1},
       notes=PUNGS_NOTE + " Seat and prevalent North."),
    ex("fan38_example2", 38, "222 333 444 wer tt",
       hand(melds=(pung("222"), pung("333"), pung("444")), concealed="wert", win="t"),
       combina="Mano Semipura.", combines={50: 1},
       notes="Wind pungs exposed; 2-3-4-5 Characters concealed, won on a discarded 5 "
       "Characters."),
    ex("fan38_example3", 38, "222 333 444 777 66",
       hand(melds=(pung("222"), pung("333"), pung("444")), concealed="7766", win="7"),
       combina="Todo Honores y Pung de Dragones.", combines={11: 1, 59: 1}, notes=PUNGS_NOTE),
    # ------------------------------------------------------------------ 8 points
    ex("fan39_example1", 39, "zxc fgh uio zxc kk",
       hand(melds=(chow("zxc"), chow("fgh"), chow("uio")), concealed="zxck", win="k"),
       combina="Todo Chow Sin Honores y Dos Chow Puros.", combines={63: 1, 69: 1},
       notes=CHOWS_NOTE),
    ex("fan39_example2", 39, "qwe vbn jkl fgh uu",
       hand(melds=(chow("qwe"), chow("vbn"), chow("jkl")), concealed="fghu", win="u"),
       combina="Todo Chow Sin Honores y solo una de estas jugadas Escalera Corta o Dos Chow "
       "Mixtos (no ambos).",
       combines={63: 1}, one_of=({71: 1}, {70: 1}), notes=CHOWS_NOTE),
    ex("fan40_example1", 40, "dfg dfg vbn vbn bb",
       hand(melds=(chow("dfg"), chow("dfg"), chow("vbn")), concealed="vbnb", win="b"),
       combina="Todo Cincos, Ficha Acaparada, Todo Chow Sin Honores, y Dos Chow Puros (dos "
       "veces).",
       combines={31: 1, 64: 1, 63: 1, 69: 2}, notes=CHOWS_NOTE),
    ex("fan40_example2", 40, "sdf vbn kkk ,,, 55",
       hand(melds=(chow("sdf"), chow("vbn"), pung("kkk")), concealed=",,55", win=","),
       combina="Dos Pung Iguales.", combines={65: 1}, notes=PUNGS_NOTE),
    ex("fan40_example3", 40, "kkk lll ... 555 ,,",
       hand(melds=(pung("kkk"), pung("lll"), pung("...")), concealed="55,,", win="5"),
       combina="Todo Pung, Pung de Dragón, Dos Pung Iguales, y Pung de Terminales u Honores "
       "(dos veces).",
       combines={49: 1, 59: 1, 65: 1, 73: 2}, notes=PUNGS_NOTE),
    ex("fan41_example1", 41, "cvb dfg ert rty rr",
       hand(melds=(chow("cvb"), chow("dfg"), chow("ert")), concealed="rtyr", win="r"),
       combina="Todo Chow Sin Honores, Todo Simples, y Ficha Acaparada.",
       combines={63: 1, 68: 1, 64: 1}, notes=CHOWS_NOTE),
    ex("fan41_example2", 41, "yui nm, hjk hjk ..",
       hand(melds=(chow("yui"), chow("nm,"), chow("hjk")), concealed="hjk.", win="."),
       combina="Cuatro Superiores, Todo Chow Sin Honores  y solo una de estas jugadas Dos "
       "Chow Puros o Dos Chow Mixtos (no ambos).",
       combines={36: 1, 63: 1}, one_of=({69: 1}, {70: 1}), notes=CHOWS_NOTE),
    ex("fan42_example1", 42, "sss ccc rrr ddd ww",
       hand(melds=(pung("sss"), pung("ccc"), pung("rrr")), concealed="ddww", win="d"),
       combina="Cuatro Inferiores, Todo Pung, Dos Pung Iguales y Todo Simples.",
       combines={37: 1, 49: 1, 65: 1, 68: 1}, notes=PUNGS_NOTE),
    ex("fan42_example2", 42, "uuu ,,, lll jkl oo",
       hand(melds=(pung("uuu"), pung(",,,"), pung("lll")), concealed="jklo", win="o"),
       combina="Cuatro Superiores, Ficha Acaparada y Pung de Terminales u Honores.",
       combines={25: 1, 64: 1, 73: 1}, absent=(36,),
       overrides=("The example names Cuatro Superiores (36), but every tile is a 7, 8 or 9, "
                  "so the hand is Tres Superiores (25, 'Mano formada por combinaciones de "
                  "fichas 7, 8 y 9'), which inevitably implies Upper Four; rule 3.9.1.5 (1): "
                  "'Cuando una combinación es inevitablemente implícita por otra "
                  "combinación, ambas combinaciones no pueden ser anotadas.' Upper Tiles is "
                  "expected and Upper Four must not be scored.",),
       notes=CHOWS_NOTE),
    ex("fan43_example1", 43, "das vvv oui / Fichas Ocultas: 77 La Pareja df Esperando el s o el g.",
       hand(melds=(chow("das"), pung("vvv"), chow("oui")), concealed="77df", win="s"),
       exact=True,
       notes="As the text shows: 1-2-3 Dots, 4 Bamboo pung and 7-8-9 Characters exposed; "
       "Red pair and 3-4 Dots concealed, waiting on 2 or 5 Dots; won on a discarded 2 Dots "
       "('no puede ser la Ultima Ficha ni tampoco se puede robar del muro'). Only fan 43 "
       "may be scored."),
    ex("fan48_example1", 48, "zzzz 1111 222 uio ii",
       hand(melds=(ckong("zzzz"), ckong("1111"), pung("222"), chow("uio")), concealed="i",
            win="i", self_drawn=True, seat="W", prevalent="W"),
       combina="Pung de Terminales u Honores (tres veces), Familia Ausente, Espera Simple y "
       "Cerramos del Muro.",
       combines={73: 3, 75: 1, 79: 1, 80: 1}, fan_points=8,
       notes="As the text says: concealed kongs of 1 Bamboo and East, a South pung and 7-8-9 "
       "Characters (taken exposed: the text lists no concealed-hand fan), self-drawn on "
       "the 8 Characters. Seat and prevalent West so the East and South sets are fan 73. "
       "WMO: Two Concealed Kongs is 8 points."),
    # ------------------------------------------------------------------ 6 points
    ex("fan49_example1", 49, "iii kkk ,,, 555 11",
       hand(melds=(pung("iii"), pung("kkk"), pung(",,,")), concealed="5511", win="5"),
       combina="Tres Pung Iguales, Todas las Familias y Honores, y Pung de Dragón.",
       combines={32: 1, 52: 1, 59: 1}, notes=PUNGS_NOTE),
    ex("fan50_example1", 50, "qwe wer ert uio 77",
       hand(melds=(chow("qwe"), chow("wer"), chow("ert")), concealed="uio7", win="7"),
       combina="Tres Chows Escalonados Puros y Dos Chow Extremos Puros.",
       combines={30: 1, 72: 1}, notes=CHOWS_NOTE),
    ex("fan51_example1", 51, "zxc wer dfg vbn tt",
       hand(melds=(chow("zxc"), chow("wer"), chow("dfg")), concealed="vbnt", win="t"),
       combina="Todo Chow Sin Honores, y Escalera Corta.", combines={63: 1, 71: 1},
       notes=CHOWS_NOTE),
    ex("fan52_example1", 52, "qwe fgh m,. 666 44",
       hand(melds=(chow("qwe"), chow("fgh"), chow("m,.")), concealed="6644", win="6"),
       combina="Escalera Mixta y Pung de Dragón.", combines={39: 1, 59: 1}, notes=PUNGS_NOTE),
    ex("fan53_example1", 53, "wwww fgh yui ,,, yy",
       hand(melds=(kong("wwww"), chow("fgh"), chow("yui"), pung(",,,")), concealed="y",
            win="y"),
       notes="Every set melded, won on a discarded 6 Characters completing the pair. The "
       "example lists no combinations. The 3.8.1 table says fan 53 'Se puede combinar con "
       "los puntos de Espera', Appendix 1 says 'No Combina con Espera Simple'; the "
       "Appendix 1 definition is used (a melded hand is always a single wait, so Single "
       "Wait is implied)."),
    ex("fan54_example1", 54, "666 777 qwe uio ,,",
       hand(melds=(pung("666"), pung("777"), chow("qwe")), concealed="uio,", win=","),
       combina="Dos Chow Extremos Puros y Familia Ausente.", combines={72: 1, 75: 1},
       notes=CHOWS_NOTE),
    # ------------------------------------------------------------------ 4 points
    ex("fan55_example1", 55, "jkl uio m,. m,. ..",
       hand(melds=(chow("jkl"), chow("uio"), chow("m,.")), concealed="m,..", win="."),
       combina="Tres Superiores, Tres Chows Mixtos, Ficha Acaparada, Todo Chow Sin Honores y "
       "solo una de estas jugadas Dos Chow Puros o Dos Chow Mixtos (no ambos).",
       combines={25: 1, 41: 1, 64: 1, 63: 1}, one_of=({69: 1}, {70: 1}), notes=CHOWS_NOTE),
    ex("fan55_example2", 55, "qwe qwe uio uio 77",
       hand(melds=(chow("qwe"), chow("qwe"), chow("uio")), concealed="uio7", win="7"),
       combina="Mano Semipura, Dos Chow Puros, y Dos Chow Extremos Puros (dos ves) - o Dos "
       "Chow Extremos Puros, y  Dos Chow Puros (dos veces).",
       combines={50: 1}, one_of=({69: 1, 72: 2}, {69: 2, 72: 1}), notes=CHOWS_NOTE),
    ex("fan55_example3", 55, "qwe asd ooo jkl 11",
       hand(melds=(chow("qwe"), chow("asd"), pung("ooo")), concealed="jkl1", win="1"),
       combina="Dos Chow Mixtos, Dos Chow Extremos Puros, Familia Ausente, y Pung de "
       "Terminales u Honores.",
       combines={70: 1, 72: 1, 75: 1, 73: 1}, notes=CHOWS_NOTE),
    ex("fan56_example1", 56, "wer dfg hjk vv nm,",
       hand(concealed="werdfghjkvvn,", win="m", self_drawn=True),
       combina="Todo Chow Sin Honores, Todo Simples, Escalera Corta, Dos Chow Mixtos, y "
       "Espera Cerrada. (Cierra del muro con el 7 Bambú.)",
       combines={63: 1, 68: 1, 71: 1, 70: 1, 78: 1},
       notes="All concealed, self-drawn on the 7 Bamboo between 6 and 8 (closed wait), as "
       "the text says."),
    ex("fan57_example1", 57, "ffff rrrr 777 qqq ee",
       hand(melds=(kong("ffff"), kong("rrrr"), pung("777")), concealed="qqee", win="q"),
       combina="Todo Pung, Pung de Dragón, Dos Pung Iguales, Pung de Terminales u Honores, y "
       "Familia Ausente.",
       combines={49: 1, 59: 1, 65: 1, 73: 1, 75: 1}, fan_points=4, absent=(74,),
       notes="As the text says: two melded kongs and a Red dragon pung (taken exposed), won "
       "on a discarded 1 Characters (two-pair wait with the 3 Characters). Two Melded "
       "Kongs account for both kongs: no Melded Kong (74) besides."),
    ex("fan57_example2", 57, "ssss 5555 nnn vv dfg",
       hand(melds=(kong("ssss"), ckong("5555"), pung("nnn")), concealed="vvdg", win="f"),
       combina="El Espejo, Pung de Dragón, Espera Cerrada. Un Kong Expuesto y un Kong "
       "Oculto que son 6 puntos.",
       combines={40: 1, 59: 1, 78: 1}, fan_points=6, absent=(67, 74),
       notes="As the text says: melded kong of 2 Dots, concealed kong of White, 6 Bamboo pung "
       "(taken exposed), won on a discarded 4 Dots between 3 and 5 (closed wait). WMO: "
       "'Un Kong expuesto y un Kong oculto son 6 puntos' — scored as fan 57 worth 6, "
       "without Melded Kong (74) or Concealed Kong (67) (hand-format.md)."),
    # ------------------------------------------------------------------ 2 points
    ex("fan62_example1", 62, "wer tyu dfg hjk nn",
       hand(concealed="ertyudfghjknn", win="w"),
       combina="Todo Chow Sin Honores, Todo Simples, y Escalera Corta (dos veces).",
       combines={63: 1, 68: 1, 71: 2},
       notes="All concealed; won on a discarded 2 Characters (3-4 waiting on 2 or 5, so no "
       "wait fan)."),
    ex("fan63_example1", 63, "wer dfg vbn m,. jj",
       hand(melds=(chow("wer"), chow("dfg"), chow("vbn")), concealed="m,.j", win="j"),
       combina="Tres Chow Escalonados Mixtos y Escalera Corta.", combines={51: 1, 71: 1},
       notes=CHOWS_NOTE),
    ex("fan64_example1", 64, "jkl m,. uio uuu dd",
       hand(melds=(chow("jkl"), chow("m,."), chow("uio")), concealed="uudd", win="u"),
       combina="Tres Chow Mixtos y Sin Honores.", combines={41: 1, 76: 1}, notes=PUNGS_NOTE),
    ex("fan65_example1", 65, "www ttt bbb kkk ff",
       hand(melds=(pung("www"), pung("ttt"), pung("bbb")), concealed="kkff", win="k"),
       combina="Todo Pung y Todo Simples.", combines={49: 1, 68: 1}, notes=PUNGS_NOTE),
    ex("fan66_example1", 66, "... llll uio tt qwe",
       hand(melds=(ckong("llll"), chow("uio")), concealed="...ttqw", win="e"),
       combina="Dos Pung Iguales, Kong Oculto, Dos Chow Extremos Puros, Sin Honores, Espera "
       "de Borde, y Pung de Terminales (dos veces).",
       combines={65: 1, 67: 1, 72: 1, 76: 1, 77: 1, 73: 2},
       overrides=("Disputed, decided for the example (lead to confirm): the definition adds "
                  "'Un Kong oculto no vale como Pung oculto', yet its own example counts a "
                  "concealed pung and a concealed kong as Dos Pung Ocultos. The other "
                  "definitions count concealed kongs as concealed pungs (12: 'cuatro Pung (o "
                  "Kong) no expuestos'; 17: 'Puede combinar con Tres Pung Ocultos si los Kong "
                  "son todos ocultos'), as does 003 ('Two Pungs which are achieved without "
                  "claiming'). Read literally the sentence would make 66 incoherent with 12, "
                  "17 and 33, so fan 66 is expected here.",),
       notes="As the text says: concealed 9 Bamboo pung, concealed kong of 9 Dots, 7-8-9 "
       "Characters (taken exposed), 5 Characters pair, won on a discarded 3 Characters "
       "with 1-2 (edge wait)."),
    ex("fan68_example1", 68, "wer dfg vbn mmm ff",
       hand(melds=(chow("wer"), chow("dfg"), chow("vbn")), concealed="mmff", win="m"),
       combina="Tres Chow Mixtos.", combines={51: 1}, absent=(41,),
       overrides=("The example says 'Tres Chow Mixtos' (41, 'tres Chow iguales, pero de "
                  "distinto palo'), but 2-3-4, 3-4-5, 4-5-6 of three suits are not equal: "
                  "they are 'Tres Chows Escalonados Mixtos' (51, 'cuyas fichas iniciales "
                  "están en un intervalo ascendente de un paso'). The definitions govern: "
                  "51 is expected and 41 must not be scored.",),
       notes=PUNGS_NOTE),
    # ------------------------------------------------------------------ 1 point
    ex("fan80_example1", 80, "aaa a vbn m,. fgh xx",
       hand(melds=(kong("aaaa"), chow("vbn")), concealed="m,.fghx", win="x", self_drawn=True),
       combina="Kong Expuesto, Pung de Terminales u Honores, Dos Chow Mixtos, Escalera "
       "Corta, Espera Simple, Familia Ausente, y Sin Honores.",
       combines={74: 1, 73: 1, 70: 1, 71: 1, 79: 1, 75: 1, 76: 1},
       notes="As the text says: melded kong of 1 Dots ('aaa a', 'Kong Expuesto'), self-drawn "
       "on the 2 Bamboo ('Cerrar del Muro con el 2 de Bambú', single wait). 4-5-6 Bamboo "
       "taken exposed, the rest concealed."),
)  # fmt: skip

# A base hand for the constructed examples: Mixed Straight (39, 8 points) made of
# 1-2-3 Characters and 4-5-6 Dots exposed, 7-8-9 Bamboo concealed, plus 2-4 Bamboo and a
# Green pair concealed: the 3 Bamboo completes it (closed wait).
_BASE = {"melds": (chow("qwe"), chow("fgh")), "concealed": "m,.xv66", "win": "c"}

CONSTRUCTED: tuple[Example, ...] = (
    ex("fan44_constructed1", 44, "(none in Appendix 1) qwe fgh m,. xcv 66, last wall tile",
       hand(**_BASE, self_drawn=True, last_wall_tile=True),
       combines={39: 1}, constructed=True,
       notes="Self-drawn on the last tile of the wall: 'Cerrar con la última ficha de la "
       "muralla. No se puede combinar con Cerrar del Muro.'"),
    ex("fan45_constructed1", 45, "(none in Appendix 1) qwe fgh m,. xcv 66, last discard",
       hand(**_BASE, last_wall_tile=True),
       combines={39: 1}, absent=(80,), constructed=True,
       notes="'Cerrar con el descarte de la última ficha del muro.' Won on a discard, so "
       "no Self-Drawn."),
    ex("fan46_constructed1", 46, "(none in Appendix 1) qwe fgh vvvv m,. 77, replacement",
       hand(melds=(chow("qwe"), chow("fgh"), kong("vvvv")), concealed="m,.7", win="7",
            self_drawn=True, kong_replacement=True),
       combines={39: 1, 74: 1}, constructed=True,
       notes="Self-drawn on the replacement tile after the melded 4 Bamboo kong: 'Cerrar con "
       "la ficha suplementaria cogida tras obtener un Kong.'"),
    ex("fan47_constructed1", 47, "(none in Appendix 1) qwe fgh m,. xcv 66, robbing",
       hand(**_BASE, robbing_kong=True),
       combines={39: 1}, absent=(80,), constructed=True,
       notes="Won on the 3 Bamboo another player adds to his melded pung: 'Cerrar con la "
       "ficha robada a un jugador con la que pasaba de Pung expuesto a Kong.' Last Tile "
       "(58) 'No se puede combinar con Robo de Kong'."),
    ex("fan58_constructed1", 58, "(none in Appendix 1) qwe fgh m,. xcv 66, last of its kind",
       hand(**_BASE, last_tile=True),
       combines={39: 1}, constructed=True,
       notes="Won on a discarded 3 Bamboo, the fourth of its kind with the other three "
       "shown: 'Cerrar con una ficha descartada que es la última de ese tipo que queda'."),
    ex("fan58_constructed2", 58, "(none in Appendix 1) qwe vbn jjj (exposed) kl 66 + j",
       hand(melds=(chow("qwe"), chow("vbn"), pung("jjj")), concealed="kl66", win="j"),
       combines={64: 1}, constructed=True,
       notes="Won on a discarded 7 Dots while the winner's own exposed pung shows the other "
       "three, with no last_tile flag: fans.md says Last Tile is 'scored without the "
       "umpire's flag when the winner's own melds show them' (003: 'used in claimed "
       "sets'). The pung and the 7-8-9 Dots use all four 7 Dots: Tile Hog."),
    ex("fan59_constructed1", 59, "(none in Appendix 1) qwe fgh 777 m,. xx",
       hand(melds=(chow("qwe"), chow("fgh"), pung("777")), concealed="m,.x", win="x"),
       combines={39: 1}, absent=(73,), constructed=True,
       notes="A Red dragon pung: 'Pung o Kong de Dragones. Puede ser oculto o expuesto.'"),
    ex("fan60_constructed1", 60, "(none in Appendix 1) qwe fgh 222 m,. xx, prevalent South",
       hand(melds=(chow("qwe"), chow("fgh"), pung("222")), concealed="m,.x", win="x",
            seat="E", prevalent="S"),
       combines={39: 1}, absent=(61, 73), constructed=True,
       notes="A South pung in the South round, seat East: Prevalent Wind only; fan 73 is "
       "for winds 'que no sean ni el Viento Propio ni el de Viento Dominante'."),
    ex("fan61_constructed1", 61, "(none in Appendix 1) qwe fgh 222 m,. xx, seat South",
       hand(melds=(chow("qwe"), chow("fgh"), pung("222")), concealed="m,.x", win="x",
            seat="S", prevalent="E"),
       combines={39: 1}, absent=(60, 73), constructed=True,
       notes="A South pung for the South player in the East round: Seat Wind only."),
    ex("fan66_constructed1", 66, "(none in Appendix 1 but the disputed one) qwe fgh xxx 777 ,,",
       hand(melds=(chow("qwe"), chow("fgh")), concealed="xxx777,", win=","),
       combines={59: 1}, constructed=True,
       notes="Two pungs never claimed (2 Bamboo, Red), won on a discarded 8 Bamboo completing "
       "the pair: 'La mano contiene dos Pung que no han sido expuestos'. Undisputed, unlike "
       "fan66_example1. (5 points: below the minimum, but a complete hand.)"),
    ex("fan67_constructed1", 67, "(none in Appendix 1) qwe fgh 7777 (concealed) m,. xx",
       hand(melds=(chow("qwe"), chow("fgh"), ckong("7777")), concealed="m,.x", win="x"),
       combines={39: 1, 59: 1}, absent=(74,), constructed=True,
       notes="A concealed kong of Red dragons: '4 fichas iguales, ninguna de las cuales es "
       "un descarte, y que ha sido declarada Kong'."),
    ex("fan74_constructed1", 74, "(none in Appendix 1) qwe fgh 7777 (melded) m,. xx",
       hand(melds=(chow("qwe"), chow("fgh"), kong("7777")), concealed="m,.x", win="x"),
       combines={39: 1, 59: 1}, absent=(67,), constructed=True,
       notes="A melded kong of Red dragons: 'Kong obtenido de una ficha descartada'."),
    ex("fan81_constructed1", 81, "(none in Appendix 1) qwe fgh m,. xcv 66, three flowers",
       hand(**_BASE, flowers=3),
       combines={39: 1}, also_expected={81: 3}, constructed=True,
       notes="Three flowers: 'Cada Flor vale 1 punto ... No sirven para la puntuación "
       "mínima de 8 puntos.' Fan 81 is listed with count 3."),
)  # fmt: skip


def _self_drawn(example: Example, quote: str) -> Example:
    """The example won from the wall instead, where the fan's text says what that adds."""
    return Example(
        key=example.key + "_selfdrawn",
        fan=example.fan,
        raw=example.raw + " (self-drawn)",
        hand={**example.hand, "self_drawn": True},
        combina=example.combina,
        combines=example.combines,
        one_of=example.one_of,
        also_expected={**example.also_expected, 56: 1},
        absent=example.absent,
        overrides=example.overrides,
        notes=f"{example.notes} Variant won from the wall: the fan's text says '{quote}', "
        "so Fully Concealed Hand (56) is expected.",
        constructed=True,
    )


_BY_KEY = {example.key: example for example in EXAMPLES}
_SELF_DRAWN_QUOTE = "Si cierras del muro cuenta mano completamente oculta"

SELF_DRAWN_VARIANTS: tuple[Example, ...] = tuple(
    _self_drawn(_BY_KEY[key], quote)
    for key, quote in (
        ("fan04_example1", "Si cierras del muro cuenta como mano completamente oculta"),
        ("fan06_example1", _SELF_DRAWN_QUOTE),
        ("fan07_example1", _SELF_DRAWN_QUOTE),
        # WMO differs from 003 here: 003 says Four Concealed Pungs 'Does not combine with
        # Fully Concealed Hand'; 000 (which governs) says it counts.
        ("fan12_example1", _SELF_DRAWN_QUOTE),
        ("fan19_example1", _SELF_DRAWN_QUOTE),
        ("fan20_example1", _SELF_DRAWN_QUOTE),
        ("fan34_example1", _SELF_DRAWN_QUOTE),
    )
)
"""Examples whose fan text says what winning from the wall adds, won from the wall."""

CONCEALED_KONGS_VARIANT = Example(
    key="fan17_example1_concealed_kongs",
    fan=17,
    raw="wwww eeee rrrr xxx cc (the three kongs concealed)",
    hand={
        **_BY_KEY["fan17_example1"].hand,
        "melds": [ckong("wwww"), ckong("eeee"), ckong("rrrr")],
    },
    combina=_BY_KEY["fan17_example1"].combina,
    combines=_BY_KEY["fan17_example1"].combines,
    also_expected={33: 1},
    notes="fan17_example1 with its three kongs concealed, won on a discarded 2 Bamboo: the "
    "definition says 'Puede combinar con Tres Pung Ocultos si los Kong son todos ocultos', "
    "so Three Concealed Pungs (33) is expected.",
    constructed=True,
)

ALL_EXAMPLES: tuple[Example, ...] = (
    EXAMPLES + CONSTRUCTED + SELF_DRAWN_VARIANTS + (CONCEALED_KONGS_VARIANT,)
)
