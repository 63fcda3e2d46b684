"""The one place ORM rows meet the scoring engine (`scoring/`)."""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

import scoring
from scoring import payments
from scoring.generate import generate_hand
from scoring.result import MINIMUM_POINTS  # rule 3.9.1.1, defined once, in the engine
from scoring.tiles import NUM_TILES, InputError, parse_wind
from tournaments.errors import HandRejected, TournamentError
from tournaments.fan_explanations import explanation_lines
from tournaments.fans import fan_name
from tournaments.models.play import POSITIONS

# No hand can score more than every fan of the table at once (flowers aside): a loose but
# certain bound for "points only" entry, which has no tiles to check.
POINTS_UPPER_BOUND = 1728


@dataclass(frozen=True)
class ScoredWin:
    points: int
    flowers: int
    fans: list[dict]
    explanation: list[str]

    @property
    def total(self) -> int:
        return self.points + self.flowers


def _hand_terms() -> list[tuple[str, str]]:
    """The hand format's field names as the score sheet names them, longest first."""
    return [
        (
            "robbing_kong and self_drawn are both set",
            _("“Robbing a kong” is ticked on a self-drawn hand"),
        ),
        ("self_drawn is not", _("the hand is not self-drawn (it has a discarder)")),
        ("kong_replacement", _("“Replacement tile after a kong”")),
        ("last_wall_tile", _("“Last tile of the wall”")),
        ("robbing_kong", _("“Robbing a kong”")),
        ("self_drawn", _("self-drawn")),
        ("last_tile", _("“Last tile of its kind”")),
        ("win_tile", _("the winning tile")),
        (" is set", _(" is ticked")),
    ]


def _refusal_texts() -> dict[tuple[str, str | None], str]:
    """The scoring core's refusals a score sheet can meet, by (code, reason), in the words
    of the sheet and in the user's language; the core's facts fill the placeholders."""
    return {
        ("not_winning", None): _(
            "These tiles do not form four sets and a pair, seven pairs, thirteen orphans, "
            "honors and knitted tiles, or a knitted straight with a set and a pair."
        ),
        ("tile_count", None): _(
            "The tiles do not add up to 14: %(concealed)s concealed, the winning tile and "
            "%(melds)s melds of three make %(total)s."
        ),
        ("five_copies", None): _(
            "%(count)s copies of %(tile)s were entered: there are only 4 of each tile."
        ),
        ("contradiction", "replacement_without_kong"): _(
            "“Replacement tile after a kong” is ticked but the hand has no kong."
        ),
        ("contradiction", "replacement_not_self_drawn"): _(
            "“Replacement tile after a kong” is ticked on a hand won on a discard: the "
            "replacement tile is drawn from the wall."
        ),
        ("contradiction", "robbed_and_self_drawn"): _(
            "“Robbing a kong” is ticked on a self-drawn hand: a robbed tile is taken from "
            "another player."
        ),
        ("contradiction", "robbed_tile_held"): _(
            "“Robbing a kong” on %(tile)s, but the winner holds another %(tile)s: the other "
            "three are in the kong being made."
        ),
        ("contradiction", "last_tile_held"): _(
            "“Last tile of its kind” is ticked but the winner holds another %(tile)s."
        ),
        ("bad_meld", "chow_size"): _("Meld %(meld)s: a chow has 3 tiles, not %(tiles)s."),
        ("bad_meld", "honor_chow"): _(
            "Meld %(meld)s: %(tiles)s is not a chow: only suit tiles form chows."
        ),
        ("bad_meld", "not_chow"): _(
            "Meld %(meld)s: %(tiles)s is not a chow (three consecutive tiles of one suit)."
        ),
        ("bad_meld", "pung_tiles"): _("Meld %(meld)s: a pung is 3 identical tiles, not %(tiles)s."),
        ("bad_meld", "kong_tiles"): _("Meld %(meld)s: a kong is 4 identical tiles, not %(tiles)s."),
        **_malformed_hand_texts(),
    }


def _malformed_hand_texts() -> dict[tuple[str, str | None], str]:
    """A hand sent in a malformed shared format (by the API): what is wrong, in words."""
    return {
        ("bad_tile", "tiles_not_text"): _("Tiles are written as text, e.g. 123m456p11z."),
        ("bad_tile", "tiles_too_long"): _(
            "Too many characters (%(length)s) for the tiles of one hand."
        ),
        ("bad_tile", "tile_syntax"): _(
            "Cannot read the tiles %(text)s: write digits then a suit letter m, p, s or z, "
            "e.g. 123m456p11z."
        ),
        ("bad_tile", "not_one_tile"): _("The winning tile is one tile, not %(text)s."),
        ("bad_tile", "win_tile"): _(
            "Cannot read the winning tile %(text)s: write one tile, e.g. 5p or 7z."
        ),
        ("bad_wind", "bad_wind"): _("%(field)s must be E, S, W or N."),
        ("bad_meld", "meld_not_object"): _(
            "Meld %(meld)s must be an object with a type and tiles."
        ),
        ("bad_meld", "meld_unknown_field"): _(
            "Meld %(meld)s has an unknown field %(field)s (expected type, tiles, concealed)."
        ),
        ("bad_meld", "meld_type"): _("Meld %(meld)s: the type is chow, pung or kong."),
        ("bad_meld", "meld_no_tiles"): _("Meld %(meld)s has no tiles."),
        ("bad_meld", "meld_tile_syntax"): _("Meld %(meld)s: cannot read the tiles %(text)s."),
        ("bad_meld", "meld_concealed_flag"): _("Meld %(meld)s: “concealed” is true or false."),
        ("bad_meld", "concealed_set_in_melds"): _(
            "Meld %(meld)s: only a kong is declared concealed; a concealed chow or pung goes "
            "with the concealed tiles."
        ),
        ("bad_input", "unreadable"): _("The hand cannot be read."),
        ("bad_type", "not_object"): _("The hand must be a JSON object in the shared hand format."),
        ("unknown_field", "unknown_field"): _("The hand has an unknown field %(field)s."),
        ("missing_field", "missing_field"): _("The hand lacks the field %(field)s."),
        ("bad_type", "melds_not_list"): _("The melds are a list."),
        ("tile_count", "too_many_melds"): _("A hand has at most 4 melds; %(count)s were given."),
        ("bad_type", "flag_not_bool"): _("%(field)s is true or false."),
        ("bad_flowers", "bad_flowers"): _("A hand has 0 to 8 flowers."),
    }


def _field_words() -> dict[str, str]:
    """The hand format's fields as the score sheet names them."""
    return {
        "seat_wind": _("The seat wind"),
        "prevalent_wind": _("The prevalent wind"),
        "self_drawn": _("“Self-drawn”"),
        "last_tile": _("“Last tile of its kind”"),
        "last_wall_tile": _("“Last tile of the wall”"),
        "kong_replacement": _("“Replacement tile after a kong”"),
        "robbing_kong": _("“Robbing a kong”"),
    }


def refusal_words(issue) -> str:
    """A refusal of the scoring core in the score sheet's words and the user's language;
    one it does not know keeps the core's message, its field names in the sheet's words."""
    text = _refusal_texts().get((issue.code, issue.params.get("reason")))
    if text is None:
        return umpire_words(issue.message)
    facts = dict(issue.params)
    if "field" in facts:
        facts["field"] = _field_words().get(facts["field"], facts["field"])
    return text % facts


def umpire_words(message: str) -> str:
    """A refusal of the scoring core in the words of the score sheet: "robbing_kong and
    self_drawn are both set" becomes "“Robbing a kong” is ticked on a self-drawn hand". The
    API keeps the core's code; only the words change."""
    for term, words in _hand_terms():
        message = message.replace(term, words)
    return message[:1].upper() + message[1:]


def score_tiles(*, tiles: dict, seat_wind: str, prevalent_wind: str, self_drawn: bool) -> ScoredWin:
    """Score a hand in the shared format; the winds and self-draw come from the score sheet.

    Refuses a hand that is not a winning hand or is under 8 points without flowers (3.7.2).
    """
    if not isinstance(tiles, dict):
        raise HandRejected(_("The hand must be a JSON object in the shared hand format."))
    hand = {**tiles, "seat_wind": seat_wind, "prevalent_wind": prevalent_wind}
    hand["self_drawn"] = self_drawn
    result = scoring.score_hand(hand)
    if not result.winning:
        details = [(issue.code, refusal_words(issue)) for issue in result.errors]
        text = "; ".join(message for _code, message in details) or _("not a winning hand")
        raise HandRejected(
            _("Not a valid winning hand: %(reason)s") % {"reason": text},
            code="not_winning",
            details=details,
        )
    fans = [{"id": f.id, "name": f.name, "points": f.points, "count": f.count} for f in result.fans]
    if result.points < MINIMUM_POINTS:
        raise HandRejected(
            _("The hand scores %(points)s points without flowers; at least 8 are needed to win.")
            % {"points": result.points},
            code="under_minimum",
            details=[("under_minimum", _("fans: %(fans)s") % {"fans": _fan_list(fans)})],
        )
    return ScoredWin(
        points=result.points,
        flowers=result.flowers,
        fans=fans,
        explanation=_explanation_lines(result),
    )


def _fan_list(fans: list[dict]) -> str:
    return ", ".join(
        f"{fan_name(f['id'], f['name'])} {f['points']}"
        + (f"×{f['count']}" if f["count"] > 1 else "")
        for f in fans
    )


def _explanation_lines(result) -> list[str]:
    """One line per fan: which sets or tiles it was scored on (for the sheet and the form),
    in the user's language."""
    return explanation_lines(result)


def check_points_only(points: int) -> None:
    """What can be checked of a hand entered as points only (3.7.2: 8 points at least)."""
    if points < MINIMUM_POINTS:
        raise HandRejected(
            _("A winning hand scores at least 8 points; %(points)s was entered.")
            % {"points": points},
            code="under_minimum",
        )
    if points > POINTS_UPPER_BOUND:
        raise HandRejected(
            _("No hand scores %(points)s points (all 81 fans together make %(max)s).")
            % {"points": points, "max": POINTS_UPPER_BOUND},
            code="impossible_total",
        )


def win_payments(*, total: int, winner: str, discarder: str | None) -> dict[str, int]:
    """Per-position score changes of a win (rule 3.9.1.3)."""
    try:
        deltas = payments.hand_payments(
            points=total,
            winner=POSITIONS.index(winner),
            discarder=None if not discarder else POSITIONS.index(discarder),
        )
    except payments.PaymentError as error:
        raise TournamentError(str(error)) from error
    return dict(zip(POSITIONS, deltas, strict=True))


def table_points(scores: dict[str, int], *, tie_rule: str) -> dict[str, tuple[int, "object"]]:
    """Rank and table points (4/2/1/0, rule 3.9.2) per position."""
    ordered = list(POSITIONS)
    results = payments.session_result([scores[p] for p in ordered], tie_rule=tie_rule)
    return {p: (r.rank, r.table_points) for p, r in zip(ordered, results, strict=True)}


# --------------------------------------------------------------------------- fouls (3.11)


def deduction_deltas(*, offender: str, amount: int) -> dict[str, int]:
    """A deduction of 5, 10, 20, 30, 40, 50 or 60 points, given to nobody (rule 3.11.2)."""
    if amount not in payments.DEDUCTION_AMOUNTS:
        raise TournamentError(
            _("A deduction is 5, 10, 20, 30, 40, 50 or 60 points (rule 3.11.2), not %(amount)s.")
            % {"amount": amount}
        )
    return _foul_deltas(payments.deduction(amount, offender=POSITIONS.index(offender)))


def repeated_foul_amount(occurrence: int) -> int:
    """What the n-th time of one foul costs, to each other player (rules 3.11.6.3-5)."""
    return payments.repeated_foul_amount(occurrence)


def repeated_foul_deltas(*, offender: str, occurrence: int) -> dict[str, int]:
    """The n-th time of one foul: a warning, then 5, 10, 20, ... to each other player."""
    return _foul_deltas(
        payments.repeated_foul_payments(offender=POSITIONS.index(offender), occurrence=occurrence)
    )


def false_hu_amount(*, invalid_claim: bool) -> int:
    """10 to each other player, or 20 on an invalid claim of a discard (rule 3.11.6.6)."""
    if invalid_claim:
        return payments.FALSE_HU_INVALID_CLAIM_AMOUNT
    return payments.FALSE_HU_AMOUNT


def false_hu_deltas(*, offender: str, invalid_claim: bool) -> dict[str, int]:
    return _foul_deltas(
        payments.false_hu_payments(
            offender=POSITIONS.index(offender), invalid_claim=bool(invalid_claim)
        )
    )


def exposed_hand_amount() -> int:
    """Showing one's hand when another's Hu does not stand: 30 to each (rule 3.11.6.7)."""
    return payments.EXPOSED_HAND_AMOUNT


def exposed_hand_deltas(*, offender: str) -> dict[str, int]:
    return _foul_deltas(payments.exposed_hand_payments(offender=POSITIONS.index(offender)))


def revealed_tile_deltas(*, offender: str, victim: str, amount: int) -> dict[str, int]:
    """Revealing another player's tile: 5 to 60 points, paid to him (rule 3.11.6.7)."""
    low, high = payments.REVEALED_TILE_RANGE
    if not isinstance(amount, int) or not low <= amount <= high:
        raise TournamentError(
            _(
                "Revealing a tile costs %(low)s to %(high)s points, as the umpire decides "
                "(rule 3.11.6.7); enter a whole number in that range."
            )
            % {"low": low, "high": high}
        )
    if victim == offender:
        raise TournamentError(_("A player cannot be paid for revealing his own tile."))
    return _foul_deltas(
        payments.revealed_tile_payments(
            offender=POSITIONS.index(offender), victim=POSITIONS.index(victim), amount=amount
        )
    )


# A player not come this many minutes after the start has lost the session (rule 3.11.2).
LATE_ARRIVAL_SESSION_LOST_AFTER = payments.LATE_ARRIVAL_SESSION_LOST_AFTER


def late_arrival(minutes_late: int) -> tuple[int, bool]:
    """(points lost, session lost) for arriving this many whole minutes late (rule 3.11.2)."""
    late = payments.late_arrival_penalty(max(0, minutes_late))
    return late.points, late.forfeited


def _foul_deltas(penalty: payments.Penalty) -> dict[str, int]:
    """A penalty's per-seat deltas keyed by position A-D, the unchanged seats left out."""
    return {p: d for p, d in zip(POSITIONS, penalty.deltas, strict=True) if d}


def winds_agree(sent, expected: str, field: str) -> bool:
    """Whether a wind sent with a hand ("E"…"N" or "1z"…"4z") is the one expected; something
    that is no wind is refused (code bad_wind)."""
    try:
        return parse_wind(sent, field) == parse_wind(expected, field)
    except InputError as error:
        raise TournamentError(str(error), code="bad_wind") from None


def hand_points(hand: dict) -> int:
    """The points of a hand in the shared format, without flowers (0 when it is no win)."""
    return scoring.score_hand(hand).points


def generated_winning_hand(
    rng, *, seat_wind: str, prevalent_wind: str, self_drawn: bool, shape: str, accept
) -> dict:
    """A random winning hand of that shape that `accept(hand)` takes (the demo's hands)."""
    return generate_hand(
        rng,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        self_drawn=self_drawn,
        shape=shape,
        min_points_filter=accept,
    )


# -- tiles as the admin's forms and tile picker write them: the engine's notation ----------


class TileTextError(TournamentError):
    """Tiles the engine cannot read (the engine's words in the message, for the log)."""


def tile_codes() -> list[str]:
    """The 34 tiles in the engine's notation and order: 1m..9m, 1p..9p, 1s..9s, 1z..7z."""
    return [scoring.tile_code(tile) for tile in range(NUM_TILES)]


def read_tiles(text: str) -> list[str]:
    """`123m 4p,4p` -> ['1m', '2m', '3m', '4p', '4p'], read by the engine's parser (spaces
    and commas between groups allowed, any case)."""
    compact = re.sub(r"[\s,]+", "", text or "").lower()
    try:
        tiles = scoring.parse_tiles(compact)
    except scoring.TileError as error:
        raise TileTextError(error.message, code=error.code) from None
    return [scoring.tile_code(tile) for tile in tiles]


def tiles_text(codes: Iterable[str]) -> str:
    """['1m', '3m', '2m', '1z'] -> '123m1z': the engine's compact notation, sorted by suit."""
    return scoring.tiles_code(scoring.parse_tile(code) for code in codes)


@dataclass(frozen=True)
class EnteredMeld:
    kind: str  # chow, pung or kong
    tiles: str
    concealed: bool = False


def entered_hand(
    *, concealed: str, win_tile: str, melds: Iterable[EnteredMeld], flowers: int, flags: dict
) -> dict:
    """The hand an umpire entered, in the engine's hand format (docs/hand-format.md); the
    winds and self-draw are added from the score sheet when it is scored."""
    hand = {
        "melds": [
            {
                "type": meld.kind,
                "tiles": meld.tiles,
                "concealed": meld.kind == "kong" and meld.concealed,
            }
            for meld in melds
        ],
        "concealed": concealed,
        "win_tile": win_tile,
        "flowers": flowers,
    }
    hand.update({flag: bool(value) for flag, value in flags.items()})
    return hand
