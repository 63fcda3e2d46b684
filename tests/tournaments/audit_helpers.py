"""A director's day on one score sheet, for the tests of its audit trail in words
(tests/tournaments/test_audit_sentences.py, tests/browser/test_audit_trail.py): sixteen hands
(hand 3 a draw), a deduction kept and one voided, the players' confirmations, the umpire's
signature, then the chief umpire's corrections."""

from dataclasses import dataclass

from tests.tournaments.signoff_helpers import confirm_all, fresh, seat_player, win
from tournaments.history import acting_as
from tournaments.models import Hand, Penalty, TableSession
from tournaments.services.corrections import correction_hand_replace, correction_penalty_void
from tournaments.services.hands import hand_record_no_win
from tournaments.services.penalties import penalty_record
from tournaments.services.signoff import sheet_sign

REPLACED = "The umpire missed that C won hand 3 by self-draw."
VOIDED = "The deduction was meant for another table."
# (winner, discarder) of each hand but the third, a draw.
WINS = {n: ("ABCD"[n % 4], "ABCD"[(n + 1) % 4]) for n in range(1, 17) if n != 3}


@dataclass
class Day:
    sheet: TableSession
    kept: Penalty  # a deduction of 10 on B
    voided: Penalty  # a deduction of 20 on D, voided by the chief umpire


def director_day(sheet: TableSession, umpire, chief) -> Day:
    with acting_as(umpire):
        for number in range(1, 17):
            if number == 3:
                hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW, user=umpire)
            else:
                winner, discarder = WINS[number]
                win(sheet, winner=winner, discarder=discarder, points=8 + number, user=umpire)
            if number == 5:
                kept = penalty_record(
                    table_session=sheet,
                    player=seat_player(sheet, "B"),
                    kind="deduction",
                    amount=10,
                    reason="Touched the wall",
                    user=umpire,
                )
            if number == 9:
                voided = penalty_record(
                    table_session=sheet,
                    player=seat_player(sheet, "D"),
                    kind="deduction",
                    amount=20,
                    reason="Slow play",
                    user=umpire,
                )
        confirm_all(sheet, umpire)
        sheet_sign(table_session=fresh(sheet), user=umpire)
    with acting_as(chief):
        correction_hand_replace(
            hand=Hand.objects.get(table_session=sheet, number=3),
            reason=REPLACED,
            winner="C",
            discarder="",
            points=24,
            user=chief,
        )
        correction_penalty_void(penalty=voided, reason=VOIDED, user=chief)
    return Day(sheet=fresh(sheet), kept=kept, voided=voided)
