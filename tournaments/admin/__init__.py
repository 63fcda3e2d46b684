"""The organisers' and umpires' admin: every write goes through tournaments.services."""

import tournaments.admin.appeals  # noqa: F401  (registers the appeals admin)
from tournaments.admin import jobs, people, play, sanctions, scoresheet, tournament

__all__ = ["jobs", "people", "play", "sanctions", "scoresheet", "tournament"]
