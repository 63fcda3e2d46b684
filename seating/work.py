"""The search's budget of work: what makes a chart reproducible from its seed.

Every step of the search spends *evaluations* (one candidate move scored) from one
``Work`` and stops when its share is spent, so a seed and an effort give the same chart on
any machine, busy or idle. A wall-clock limit is optional and only a safety net: when it
ends a step early, ``cut_short`` records it and the result says the chart is not
reproducible from its seed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

# About half of what one core of a 2024 laptop evaluates per second, so that
# ``effort_for_seconds(s)`` usually finishes well within s seconds.
EVALS_PER_SECOND = 100_000
DEFAULT_EFFORT = 30 * EVALS_PER_SECOND


def effort_for_seconds(seconds: float) -> int:
    """The budget of evaluations that takes at most about ``seconds`` on one core."""
    return max(10_000, int(float(seconds) * EVALS_PER_SECOND))


@dataclass
class Work:
    """Evaluations allowed and spent, and the optional wall-clock safety net."""

    budget: int
    time_limit: float | None = None
    spent: int = 0
    cut_short: bool = False

    def __post_init__(self) -> None:
        self._deadline = None if self.time_limit is None else time.monotonic() + self.time_limit

    def left(self) -> int:
        return max(0, self.budget - self.spent)

    def share(self, fraction: float, *, at_least: int = 0) -> int:
        """A part of what is left, never more than what is left."""
        return min(self.left(), max(at_least, int(self.left() * fraction)))

    def spend(self, evaluations: int) -> None:
        self.spent += evaluations

    def out_of_time(self) -> bool:
        """True once the time limit passed (then for good): the caller stops early."""
        if self._deadline is not None and not self.cut_short:
            self.cut_short = time.monotonic() > self._deadline
        return self.cut_short
