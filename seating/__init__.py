"""Table and seat rotation engine (pure Python, no Django, no I/O).

Public API
----------
generate_schedule(players=N, sessions=R, groups=None, seed=0, effort=DEFAULT_EFFORT,
                  time_limit=None, history=())
    -> Schedule(sessions, metrics, info).  Players are numbered 1..N; a table is
    (A, B, C, D) in seat order, A is East in the first round.  Substitute
    ("bye") seats are the negative ids -1, -2, -3 (at most one per table when
    avoidable); ``is_bye(p)`` is ``p <= 0``.
reseat_remaining(played=..., active_players=..., remaining_sessions=..., groups=..., seed=...,
                 effort=..., time_limit=...) -> Schedule of the remaining sessions only.
seeded_session(ranking, method="straight" | "snake") -> one session.
seat_rotation(), seat_in_round(pos, round), hand_winds(hand) -> (prevalent, dealer position),
seat_of(pos, hand) -> seat wind, hand_table() -- Appendix 4.
draw_lots(registration_ids, seed) -> {id: player number}; new_seed(); verify_lots(...);
lot_order(ids, seed) -> the ids in the order the draw gives them (a tie decided by lot).
chart_quality(sessions, groups=None) -> Metrics.

effort_for_seconds(s) -> the budget of evaluations that takes about s seconds on one core.

Determinism: the chart depends only on the arguments (seed and effort included): every
step of the search stops on its share of ``effort`` evaluations, never on the clock.  A
``time_limit`` may only end the search early, and then the result says so
(``Schedule.reproducible`` false, ``info["stopped_by"] == "time_limit"``).
"""

from .engine import SeatingError, generate_schedule, reseat_remaining
from .quality import Metrics, Schedule, chart_quality, is_bye
from .work import DEFAULT_EFFORT, effort_for_seconds

__all__ = [
    "DEFAULT_EFFORT",
    "Metrics",
    "Schedule",
    "SeatingError",
    "chart_quality",
    "effort_for_seconds",
    "generate_schedule",
    "is_bye",
    "reseat_remaining",
]

from .lots import draw_lots, lot_order, new_seed, verify_lots  # noqa: E402
from .rotation import hand_table, hand_winds, seat_in_round, seat_of, seat_rotation  # noqa: E402
from .seeded import seeded_session  # noqa: E402

__all__ += [
    "draw_lots",
    "hand_table",
    "hand_winds",
    "lot_order",
    "new_seed",
    "seat_in_round",
    "seat_of",
    "seat_rotation",
    "seeded_session",
    "verify_lots",
]
