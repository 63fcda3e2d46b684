"""The one place ORM rows meet the seating engine (`seating/`).

Players are known to the engine by their lot numbers (1..N); bye seats of a chart are filled
with the tournament's registered substitutes.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

import seating
from tournaments.errors import TournamentError

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class HandWinds:
    prevalent_wind: str
    dealer_position: str


def hand_winds(hand_number: int) -> HandWinds:
    """Prevalent wind and dealer of a hand, from its number 1..16 (Appendix 4)."""
    prevalent, dealer = seating.hand_winds(hand_number)
    return HandWinds(prevalent_wind=prevalent, dealer_position=dealer)


def seat_wind(position: str, hand_number: int) -> str:
    """The seat wind of the player at position A..D in hand 1..16 (Appendix 4)."""
    return seating.seat_of(position, hand_number)


def generate_chart(
    *, players: int, sessions: int, groups: Sequence[int | None], seed: int, time_limit: float
) -> list[list[tuple[int, ...]]]:
    """The chart the engine finds with `time_limit` seconds' worth of work (reproducible from
    the seed and those seconds on any machine)."""
    try:
        schedule = seating.generate_schedule(
            players=players, sessions=sessions, groups=groups, seed=seed, **_budget(time_limit)
        )
    except seating.SeatingError as error:  # bad input only: an engine bug raises
        raise TournamentError(str(error)) from error
    return _chart(schedule, seed)


def reseat_chart(
    *,
    played: list[list[tuple[int, ...]]],
    active_players: Sequence[int],
    remaining_sessions: int,
    groups: dict[int, int | None],
    seed: int,
    time_limit: float,
) -> list[list[tuple[int, ...]]]:
    try:
        schedule = seating.reseat_remaining(
            played=played,
            active_players=active_players,
            remaining_sessions=remaining_sessions,
            groups=groups,
            seed=seed,
            **_budget(time_limit),
        )
    except seating.SeatingError as error:  # bad input only: an engine bug raises
        raise TournamentError(str(error)) from error
    return _chart(schedule, seed)


# The wall clock stops a search only this long after its budget's nominal seconds: well
# before the job counts as stalled (services/jobs.py), and late enough never to cut a
# search short on a machine merely busy.
SAFETY_MARGIN_SECONDS = 60.0


def _budget(seconds: float) -> dict:
    return {
        "effort": seating.effort_for_seconds(seconds),
        "time_limit": seconds + SAFETY_MARGIN_SECONDS,
    }


def _chart(schedule, seed: int) -> list[list[tuple[int, ...]]]:
    if not schedule.reproducible:
        logger.warning(
            "The seating search with seed %s was cut short by its safety time limit: "
            "the seed will not reproduce this chart.",
            seed,
        )
    return [list(session) for session in schedule.sessions]


def seeded_tables(ranking: Sequence[int], *, method: str) -> list[tuple[int, ...]]:
    if len(ranking) % 4:
        raise TournamentError(
            _("A seeded session needs a multiple of four players; %(n)s were given.")
            % {"n": len(ranking)}
        )
    return list(seating.seeded_session(ranking, method=method))


def draw_lots(registration_numbers: Sequence[int], seed: str) -> dict[int, int]:
    return seating.draw_lots(registration_numbers, seed)


def lot_order(numbers: Sequence[int], seed: str) -> list[int]:
    """The numbers in the order a lot drawn from `seed` gives them (a tie decided by lot)."""
    return seating.lot_order(numbers, seed)


def new_seed() -> str:
    return str(seating.new_seed())


def is_bye(number: int) -> bool:
    return number <= 0
