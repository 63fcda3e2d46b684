"""Helpers of the appeals tests: an appeal filed through the service."""

from tournaments.models import Appeal
from tournaments.services.appeals import appeal_file


def file(session, player, *, user, **kwargs) -> Appeal:
    values = {"subject": Appeal.Subject.OTHER, "statement": "The umpire ruled wrongly."}
    values["confirmed"] = True
    values.update(kwargs)
    return appeal_file(session=session, player=player, user=user, **values)
