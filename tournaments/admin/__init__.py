"""The organisers' and umpires' admin: every write goes through tournaments.services."""

from tournaments.admin import people, play, scoresheet, tournament

__all__ = ["people", "play", "scoresheet", "tournament"]
