"""The demo's clock: the day it plays, not the day it is built."""

import datetime
from contextlib import contextmanager
from unittest import mock

from django.utils import timezone


@contextmanager
def at(moment: datetime.datetime):
    """What the services record as the time of a write (a foul's, a confirmation's, an
    appeal's, a correction's, a sanction's) is `moment` of the day the demo plays."""
    with mock.patch.object(timezone, "now", return_value=moment):
        yield
