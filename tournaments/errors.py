"""User errors: what an organiser or umpire did that the rules refuse.

Views, admin forms, the API and commands turn these into messages; anything else is a bug
and fails loudly.
"""


class TournamentError(Exception):
    """A request the rules or the tournament's state refuse; `message` says what to fix."""

    def __init__(self, message: str, *, code: str = "invalid", details: list | None = None):
        super().__init__(message)
        self.message = str(message)
        self.code = code
        self.details = details or []


class HandRejected(TournamentError):
    """The scoring core refused a hand; `details` holds its (code, message) issues."""
