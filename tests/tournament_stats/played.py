"""The small played tournament of the statistics' tests (conftest.py's `played`), built by a
function so that a test elsewhere (the projector in Chromium) builds the same one."""

from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Tournament
from tournaments.services.hands import hand_record_no_win, hand_record_win

# 123456789m 234p 55p: Pure Straight among its fans, whatever the seat.
STRAIGHT = {"melds": [], "concealed": "123456789m234p5p", "win_tile": "5p"}


def build_played() -> Tournament:
    """The `played` tournament of conftest.py (see its docstring)."""
    tournament = TournamentFactory(
        name="Stats Open", slug="stats-open", entry_mode=Tournament.EntryMode.POINTS_ONLY
    )
    first = seated_table(tournament, table_number=1, started=True)
    second = seated_table(tournament, table_number=2, started=True)
    hand_record_win(table_session=first, winner="A", discarder="B", tiles=STRAIGHT)
    hand_record_win(table_session=first, winner="C", discarder=None, points=8)
    hand_record_no_win(table_session=first, outcome="draw")
    hand_record_win(table_session=first, winner="A", discarder="D", points=12, flowers=1)
    hand_record_win(table_session=second, winner="B", discarder=None, tiles=STRAIGHT)
    hand_record_no_win(table_session=second, outcome="time")
    return tournament
