"""The tournaments tests' fixtures, for the printed forms' tests too."""

from tests.tournaments.conftest import table_session, tournament  # noqa: F401
