"""How the API refuses a write to a score sheet (tournaments.policies, docs/api.md): a login
that reads the sheet but may not do this gets 403; one that may not even read it (another
umpire, a player of another table, a login without a role) gets 404, as if it did not exist."""

from tests.api.helpers import assert_error
from tournaments.roles import Role

READS_EVERY_SHEET = {Role.ORGANISER, Role.COMMITTEE, Role.CHIEF_UMPIRE}


def assert_refused(response, role) -> None:
    if role in READS_EVERY_SHEET:
        assert_error(response, 403, code="forbidden")
    else:
        assert_error(response, 404)
