"""Run several calls at the same moment, each in its own thread with its own database
connection, as several umpires saving at once do.

The tests that use this need `@pytest.mark.django_db(transaction=True)`: every thread sees
only committed rows, and the test database must be one the threads share (a file on SQLite).
"""

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connection

JOIN_TIMEOUT = 120  # seconds; SQLite waits up to 20 s for its write lock


@dataclass
class Outcome:
    result: Any = None
    error: BaseException | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def run_together(*calls: Callable[[], Any]) -> list[Outcome]:
    """Start every call at once (behind a barrier) in its own thread; wait for all of them.

    Returns one Outcome per call, in order: what it returned, or what it raised. Each thread
    closes its own connection when it ends.
    """
    barrier = threading.Barrier(len(calls))
    outcomes = [Outcome() for _ in calls]

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=JOIN_TIMEOUT)
            outcomes[index].result = call()
        except BaseException as error:  # noqa: BLE001 - reported to the test, never swallowed
            outcomes[index].error = error
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(i, call), name=f"umpire-{i}")
        for i, call in enumerate(calls)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(JOIN_TIMEOUT)
    stuck = [thread.name for thread in threads if thread.is_alive()]
    assert not stuck, f"threads still running after {JOIN_TIMEOUT} s: {stuck}"
    return outcomes


def errors_of(outcomes: list[Outcome]) -> list[str]:
    return [f"{type(o.error).__name__}: {o.error}" for o in outcomes if o.error is not None]
