"""A second session for the `played` tournament of conftest.py, for the places' pictures.

Session 1 (conftest.py) ends; session 2 seats player 8 at table 1's seat A with players 7, 6
and 5, and players 4, 3, 2 and 1 at table 2. Player 8 wins 24 off player 6 and self-draws 16:
he climbs from a low place (a share of 1 table point) after session 1 to the first (5 table
points); player 2 wins 8 off player 1, who leads after session 1 and takes no table point.
The players get names of their own (the factory names each table's "Player A" to "D").
"""

import datetime

from tests.tournaments.factories import PLAY_START, seated_table, start_session
from tournaments.models import Player, Session, Tournament
from tournaments.services.hands import hand_record_win

NAMES = {1: "Ana", 2: "Bo", 3: "Chen", 4: "Dee", 5: "Eli", 6: "Fay", 7: "Gus", 8: "Hal"}
SESSION_2_START = PLAY_START + datetime.timedelta(hours=3)


def end_session(tournament: Tournament, number: int, hours: int) -> None:
    Session.objects.filter(tournament=tournament, number=number).update(
        actual_end=PLAY_START + datetime.timedelta(hours=hours)
    )


def play_second_session(tournament: Tournament) -> None:
    """Session 1 over and session 2 in play (not ended): see the module."""
    end_session(tournament, 1, 2)
    player = {p.lot_number: p for p in Player.objects.filter(tournament=tournament)}
    for number, name in NAMES.items():
        Player.objects.filter(pk=player[number].pk).update(name=name)
    session = Session.objects.create(tournament=tournament, number=2)
    start_session(session, at=SESSION_2_START)
    first = seated_table(
        tournament, session_number=2, table_number=1, players=[player[n] for n in (8, 7, 6, 5)]
    )
    second = seated_table(
        tournament, session_number=2, table_number=2, players=[player[n] for n in (4, 3, 2, 1)]
    )
    hand_record_win(table_session=first, winner="A", discarder="C", points=24)
    hand_record_win(table_session=first, winner="A", discarder=None, points=16)
    hand_record_win(table_session=second, winner="C", discarder="D", points=8)
