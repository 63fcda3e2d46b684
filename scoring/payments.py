"""Payments, penalties and session table points (WMO 2006 rules, sections 3.9 and 3.11).

Pure arithmetic, no Django. Seats are indices ``0..3`` into a table's four players (the
caller decides which index is which player; nothing here depends on seat winds). Every
function returns per-seat *deltas*: the change to each seat's score, positive for points
received, negative for points paid.

User errors (a seat out of range, a penalty amount the rules do not allow, ...) raise
:class:`PaymentError`, a :class:`ValueError` subclass, with a message an umpire can act on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "BASE_POINTS",
    "DEDUCTION_AMOUNTS",
    "EXPOSED_HAND_AMOUNT",
    "FALSE_HU_AMOUNT",
    "FALSE_HU_INVALID_CLAIM_AMOUNT",
    "REPEATED_FOUL_CEILING",
    "REVEALED_TILE_RANGE",
    "SEATS",
    "TABLE_POINTS",
    "TIE_RULES",
    "LateArrivalPenalty",
    "Penalty",
    "PaymentError",
    "PlayerSessionResult",
    "deduction",
    "draw_payments",
    "exposed_hand_payments",
    "false_hu_payments",
    "hand_payments",
    "late_arrival_penalty",
    "repeated_foul_amount",
    "repeated_foul_payments",
    "revealed_tile_payments",
    "session_result",
    "time_limit_payments",
]

SEATS = 4
"""Players at a table (rule 3.5.2)."""

BASE_POINTS = 8
""""Puntos extras" every losing player pays the winner (rule 3.9.1.2)."""

FALSE_HU_AMOUNT = 10
"""False Hu with fewer than 8 points: paid to each other player (rule 3.11.6.6)."""

FALSE_HU_INVALID_CLAIM_AMOUNT = 20
"""False Hu on a discard with an invalid hand: paid to each other player (rule 3.11.6.6)."""

EXPOSED_HAND_AMOUNT = 30
"""Showing one's hand when another's Hu does not stand: paid to each other player (3.11.6.7)."""

REVEALED_TILE_RANGE = (5, 60)
"""Revealing another player's tile: the umpire's amount, paid to that player (3.11.6.7)."""

REPEATED_FOUL_CEILING = 320
"""The most a repeated foul costs, to each other player: reached at the 8th occurrence and kept
from then on (rules 3.11.6.3-5 read with 3.11.6.10; see :func:`repeated_foul_amount`)."""

_REPEATED_FOUL_CEILING_OCCURRENCE = 8  # 5 * 2 ** (8 - 2) == REPEATED_FOUL_CEILING

DEDUCTION_AMOUNTS = (5, 10, 20, 30, 40, 50, 60)
"""Rule-violation deductions allowed by rule 3.11.2; they are given to nobody."""

TABLE_POINTS = (Fraction(4), Fraction(2), Fraction(1), Fraction(0))
"""Table points for places 1..4 of a session (rule 3.9.2)."""

TIE_RULES = (
    ("share", "Tied players share the table points of the places they occupy"),
    ("highest", "Tied players each get the table points of the best place they occupy"),
)
"""Choices for ``session_result(tie_rule=...)``: ``(value, human label)`` pairs."""

Deltas = tuple[int, int, int, int]


class PaymentError(ValueError):
    """A payment or penalty asked for with values the rules do not allow."""


class SeatError(PaymentError):
    """A seat index outside ``0..3``, or the same seat in two roles."""


class PenaltyAmountError(PaymentError):
    """A penalty amount, occurrence or lateness the rules do not allow."""


class SessionScoresError(PaymentError):
    """Session scores that are not four whole numbers, or an unknown tie rule."""


@dataclass(frozen=True)
class Penalty:
    """The result of one penalty: per-seat deltas and the rule applied.

    ``deltas`` sum to zero when points go to other players and to a negative number when
    they go to nobody (rule 3.11.2: "estos puntos negativos no se les añadirán a los demás
    jugadores").
    """

    deltas: Deltas
    rule: str
    description: str


@dataclass(frozen=True)
class LateArrivalPenalty:
    """Late arrival (rule 3.11.2): points lost at the end of the session, or the session lost.

    ``points`` is the positive number of points deducted (0 when on time or forfeited);
    ``forfeited`` is true when the player is more than 15 minutes late and loses the session
    (he may play later sessions).
    """

    minutes_late: int
    points: int
    forfeited: bool
    rule: str = "3.11.2"

    @property
    def delta(self) -> int:
        """The change to the late player's session score (0 or negative)."""
        return -self.points


@dataclass(frozen=True)
class PlayerSessionResult:
    """One player's session result at a table (rule 3.9.2)."""

    score: int
    rank: int
    table_points: Fraction


# --------------------------------------------------------------------------- helpers


def _check_int(name: str, value: object, error: type[PaymentError] = PaymentError) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{name} must be a whole number, got {value!r}")
    return value


def _check_seat(name: str, seat: object) -> int:
    seat = _check_int(name, seat, SeatError)
    if not 0 <= seat < SEATS:
        raise SeatError(f"{name} must be a seat index 0..3, got {seat}")
    return seat


def _each_other_pays(offender: int, amount: int) -> Deltas:
    """The offender pays ``amount`` to each of the other three players."""
    deltas = [amount] * SEATS
    deltas[offender] = -amount * (SEATS - 1)
    return (deltas[0], deltas[1], deltas[2], deltas[3])


# --------------------------------------------------------------------------- hands


def hand_payments(*, points: int, winner: int, discarder: int | None) -> Deltas:
    """Net score change per seat for one won hand (rule 3.9.1.3).

    - Self-drawn (``discarder is None``): "Puntos extras + puntos básicos, esto se multiplica
      por 3 (cada jugador paga los Puntos extras + puntos básicos al ganador)" — each of the
      other three pays 8 + ``points``.
    - On a discard: "El jugador que descarta paga al ganador Puntos extras + puntos básicos, y
      los otros dos jugadores pagan sólo al ganador los puntos extras" — the discarder pays
      8 + ``points``, the other two pay 8 each.

    ``points`` is the hand's value *including* flowers (flowers count for payment, rule
    3.9.1 / Appendix 1 fan 81). The 8-point minimum is not checked here: whether a hand may
    be won is the scoring engine's and the umpire's decision (a false Hu is settled with
    :func:`false_hu_payments`, not with this function). ``points`` must be a whole number
    >= 0, since a hand cannot be worth fewer than no points.

    The result always sums to zero.
    """
    points = _check_int("points", points)
    if points < 0:
        raise PaymentError(f"points must be 0 or more, got {points}")
    winner = _check_seat("winner", winner)
    if discarder is not None:
        discarder = _check_seat("discarder", discarder)
        if discarder == winner:
            raise SeatError(
                f"the winner (seat {winner}) cannot also be the discarder; "
                "use discarder=None for a self-drawn win"
            )
    deltas = [0] * SEATS
    for seat in range(SEATS):
        if seat == winner:
            continue
        pays = BASE_POINTS + points if discarder is None or seat == discarder else BASE_POINTS
        deltas[seat] = -pays
        deltas[winner] += pays
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def draw_payments() -> Deltas:
    """A draw game scores nothing for anyone.

    Rule 3.4.30 ("Empate"): "Cuando él muro ha sido completamente agotado y nadie ha hecho una
    mano ganadora de Mahjong." Payments exist only for a winning hand (rule 3.9.1.3).
    """
    return (0, 0, 0, 0)


def time_limit_payments() -> Deltas:
    """A hand cut by the session's time limit scores nothing (rule 3.5.6).

    "Cualquier mano en juego finaliza inmediatamente, y no hay puntos para esa mano."
    """
    return (0, 0, 0, 0)


# --------------------------------------------------------------------------- penalties


def false_hu_payments(*, offender: int, invalid_claim: bool) -> Penalty:
    """False Hu (rule 3.11.6.6); the offender also has a dead hand.

    - ``invalid_claim=False``: a valid shape worth fewer than 8 points — "pierde 10 puntos a
      cada uno de los otros tres jugadores".
    - ``invalid_claim=True``: Hu on a discard without a valid hand (more or fewer than 14
      tiles, wrong winning tile, ...) — "deberá pagar 20 puntos a cada jugador".
    """
    offender = _check_seat("offender", offender)
    if not isinstance(invalid_claim, bool):
        raise PaymentError(f"invalid_claim must be True or False, got {invalid_claim!r}")
    amount = FALSE_HU_INVALID_CLAIM_AMOUNT if invalid_claim else FALSE_HU_AMOUNT
    kind = "invalid hand on a discard" if invalid_claim else "hand under 8 points"
    return Penalty(
        deltas=_each_other_pays(offender, amount),
        rule="3.11.6.6",
        description=f"False Hu ({kind}): {amount} to each other player, dead hand",
    )


def repeated_foul_amount(occurrence: int) -> int:
    """Points paid *to each* other player for the n-th time a player commits one foul
    (rules 3.11.6.3-5).

    Changing one's mind about a claim (3.11.6.3), touching the wall early (3.11.6.4) and a
    late Pung claim (3.11.6.5) each have this scale, counted separately for each of them:
    "La primera vez será avisado, la segunda vez será penalizado con 5 puntos (a pagar a cada
    jugador), la tercera 10 puntos, la cuarta 20 puntos, y así sucesivamente."

    The text gives 0 (warning), 5, 10, 20 and then "and so on". The only progression those
    numbers follow is doubling from the second occurrence on (5, 10, 20 = 5 * 2**(n-2)): the
    fifth costs 40, the sixth 80, the seventh 160, the eighth 320. The doubling stops there:
    from the eighth occurrence on every repeat costs :data:`REPEATED_FOUL_CEILING` (320 to
    each other player, 960 in all). A player who keeps fouling after that is persisting in
    disobeying the umpire, which rule 3.11.6.10 answers with disqualification, not with
    ever larger numbers (5 * 2**59 at the 61st repeat would overflow any score column).
    (The 5..60 list of rule 3.11.2 is a menu of discretionary deductions, not this escalation,
    so it is not used here.)

    ``occurrence`` counts from 1 (the first offence, a warning: 0 points); any whole number
    from 1 up is accepted, however large.
    """
    occurrence = _check_int("occurrence", occurrence, PenaltyAmountError)
    if occurrence < 1:
        raise PenaltyAmountError(f"occurrence counts from 1 (the first offence), got {occurrence}")
    if occurrence == 1:
        return 0
    # Capped before the power is taken, so a huge occurrence costs no time or memory.
    return 5 * 2 ** (min(occurrence, _REPEATED_FOUL_CEILING_OCCURRENCE) - 2)


def repeated_foul_payments(*, offender: int, occurrence: int) -> Penalty:
    """Per-seat deltas for the n-th repeat of a foul (rules 3.11.6.3–5).

    The offender pays :func:`repeated_foul_amount` to each of the other three ("a pagar a
    cada jugador"); the first occurrence is a warning and changes nothing.
    """
    offender = _check_seat("offender", offender)
    amount = repeated_foul_amount(occurrence)
    description = (
        "Warning (first offence)"
        if amount == 0
        else f"Repeated foul, occurrence {occurrence}: {amount} to each other player"
    )
    return Penalty(
        deltas=_each_other_pays(offender, amount), rule="3.11.6.3-5", description=description
    )


def deduction(points: int, *, offender: int) -> Penalty:
    """A rule-violation deduction at the umpire's discretion (rule 3.11.2).

    "se le pueden descontar entre 5, 10, 20, 30, 40, 50 o 60 puntos del concurso ... y estos
    puntos negativos no se les añadirán a los demás jugadores en positivo." Only those
    amounts are allowed; the points go to nobody, so the deltas sum to ``-points``.
    """
    points = _check_int("points", points, PenaltyAmountError)
    if points not in DEDUCTION_AMOUNTS:
        allowed = ", ".join(str(a) for a in DEDUCTION_AMOUNTS)
        raise PenaltyAmountError(f"a deduction must be one of {allowed} points, got {points}")
    offender = _check_seat("offender", offender)
    deltas = [0] * SEATS
    deltas[offender] = -points
    return Penalty(
        deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
        rule="3.11.2",
        description=f"Rule violation: {points} points deducted, given to nobody",
    )


# More minutes late than this and the session is lost (rule 3.11.2, "más de 15 minutos").
LATE_ARRIVAL_SESSION_LOST_AFTER = 15


def late_arrival_penalty(minutes_late: int) -> LateArrivalPenalty:
    """Late arrival after the session has started (rule 3.11.2).

    "el jugador que llegue 10 minutos o menos tarde perderá 10 puntos al final de la sesión;
    20 puntos si tarda entre 11 y 15 minutos. Estos puntos no se agregarán a las puntuaciones
    del jugador presente. Se considera que el jugador ha perdido la sesión actual si tarda más
    de 15 minutos, pero podrá jugar en otros períodos de sesiones durante el torneo."

    0 minutes (on time) costs nothing; 1..10 minutes 10 points; 11..15 minutes 20 points;
    16 or more: the session is forfeited (``forfeited=True``, ``points=0``: what a forfeited
    session scores is a tournament decision outside this rule). Whole minutes only; round
    partial minutes up before calling (10 min 20 s late is 11 minutes).
    """
    minutes_late = _check_int("minutes_late", minutes_late, PenaltyAmountError)
    if minutes_late < 0:
        raise PenaltyAmountError(f"minutes_late must be 0 or more, got {minutes_late}")
    if minutes_late == 0:
        return LateArrivalPenalty(minutes_late=0, points=0, forfeited=False)
    if minutes_late <= 10:
        return LateArrivalPenalty(minutes_late=minutes_late, points=10, forfeited=False)
    if minutes_late <= LATE_ARRIVAL_SESSION_LOST_AFTER:
        return LateArrivalPenalty(minutes_late=minutes_late, points=20, forfeited=False)
    return LateArrivalPenalty(minutes_late=minutes_late, points=0, forfeited=True)


def exposed_hand_payments(*, offender: int) -> Penalty:
    """Showing one's tiles when another's Hu does not stand (rule 3.11.6.7).

    "si un árbitro así lo considera ser sancionado con 30 puntos para cada uno de los
    restantes jugadores". (If the Hu stands, the offender is only warned: no call needed.)
    """
    offender = _check_seat("offender", offender)
    return Penalty(
        deltas=_each_other_pays(offender, EXPOSED_HAND_AMOUNT),
        rule="3.11.6.7",
        description=f"Exposed hand: {EXPOSED_HAND_AMOUNT} to each other player",
    )


def revealed_tile_payments(*, offender: int, victim: int, amount: int) -> Penalty:
    """Revealing another player's tile (rule 3.11.6.7).

    "debe pagarle al jugador perjudicado entre 5-60 puntos decididos por el árbitro": any
    whole number from 5 to 60 inclusive, paid by the offender to the victim only.
    """
    offender = _check_seat("offender", offender)
    victim = _check_seat("victim", victim)
    if offender == victim:
        raise SeatError(f"a player cannot reveal his own tile to himself (seat {offender})")
    amount = _check_int("amount", amount, PenaltyAmountError)
    low, high = REVEALED_TILE_RANGE
    if not low <= amount <= high:
        raise PenaltyAmountError(
            f"the amount for revealing a tile must be {low}..{high} points, got {amount}"
        )
    deltas = [0] * SEATS
    deltas[offender] = -amount
    deltas[victim] = amount
    return Penalty(
        deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
        rule="3.11.6.7",
        description=f"Revealed a tile of seat {victim}: {amount} paid to that player",
    )


# --------------------------------------------------------------------------- sessions


def session_result(scores: Sequence[int], *, tie_rule: str = "share") -> list[PlayerSessionResult]:
    """Ranks and table points of one session at one table (rule 3.9.2).

    "El ganador del juego es premiado con 4 puntos de mesa. El segundo ... 2 puntos de mesa.
    El tercer puesto otorga 1 punto de mesa. Al cuarto se le dan 0 puntos." The rule says
    nothing about equal scores; ``tie_rule`` chooses (see :data:`TIE_RULES`):

    - ``"share"`` (default, common practice): tied players share the table points of the
      places they occupy — two tied for first get (4 + 2) / 2 = 3 each, three tied for second
      (2 + 1 + 0) / 3 = 1 each, all four 7/4 each.
    - ``"highest"``: an alternative some events use — every tied player gets the points of
      the best place they occupy (two tied for first get 4 each).

    Tied players get the same, best, rank (scores 10, 10, 5, 0 rank 1, 1, 3, 4). Results are
    returned in the order of ``scores``; table points are :class:`~fractions.Fraction` so
    shares are exact.
    """
    rules = {value for value, _label in TIE_RULES}
    if tie_rule not in rules:
        raise SessionScoresError(
            f"unknown tie rule {tie_rule!r}; choose one of {', '.join(sorted(rules))}"
        )
    scores = list(scores)
    if len(scores) != SEATS:
        raise SessionScoresError(f"a session needs exactly 4 scores, got {len(scores)}")
    for index, score in enumerate(scores):
        _check_int(f"score of seat {index}", score, SessionScoresError)
    results = []
    for score in scores:
        better = sum(1 for other in scores if other > score)
        tied = sum(1 for other in scores if other == score)
        places = TABLE_POINTS[better : better + tied]
        points = places[0] if tie_rule == "highest" else sum(places, Fraction(0)) / tied
        results.append(PlayerSessionResult(score=score, rank=better + 1, table_points=points))
    return results
