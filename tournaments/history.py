"""Who made a change, for the audit trail (django-simple-history).

In a request the logged-in user is the author. Outside one (the demo builder, a command, a
Celery task), the code that acts for a user says so with `acting_as(user)`.
"""

from contextlib import contextmanager
from contextvars import ContextVar

from simple_history.models import HistoricalRecords

_acting_user = ContextVar("acting_user", default=None)


def history_user(instance=None, request=None, **kwargs):
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return user
    return _acting_user.get()


@contextmanager
def acting_as(user):
    token = _acting_user.set(user)
    try:
        yield user
    finally:
        _acting_user.reset(token)


def audited(**options) -> HistoricalRecords:
    """The history of a model of the tournament: every version, its author and reason."""
    return HistoricalRecords(get_user=history_user, **options)
