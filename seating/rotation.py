"""Seat rotation within a session (WMO rules, Appendix 4).

The four players of a table are A, B, C, D (table-chart seat order).  A
session is four rounds of four hands (16 hands).  In each round the players
take the seats (East, South, West, North) as follows:

    round 1 (East round)   A B C D
    round 2 (South round)  B A D C
    round 3 (West round)   C D B A
    round 4 (North round)  D C A B

The prevalent wind of a round is the round's wind.  Within a round the
dealership moves East, South, West, North: the player in the East seat deals
hand 1 of the round, the South seat hand 2, and so on.  The dealer's seat
wind is East and the others' seat winds follow counter-clockwise, so a
player's seat wind in a hand is (seat - dealer seat) mod 4.
"""

from __future__ import annotations

WINDS = ("E", "S", "W", "N")
POSITIONS = ("A", "B", "C", "D")

# ROUND_SEATS[r] = positions sitting in the East, South, West, North seats
ROUND_SEATS: tuple[tuple[str, str, str, str], ...] = (
    ("A", "B", "C", "D"),
    ("B", "A", "D", "C"),
    ("C", "D", "B", "A"),
    ("D", "C", "A", "B"),
)


def _check_hand(hand_number: int) -> tuple[int, int]:
    if not isinstance(hand_number, int) or isinstance(hand_number, bool):
        raise ValueError("hand_number must be an integer 1..16")
    if not 1 <= hand_number <= 16:
        raise ValueError(f"hand_number must be 1..16, got {hand_number}")
    return (hand_number - 1) // 4, (hand_number - 1) % 4


def _check_position(position: str) -> str:
    pos = str(position).upper()
    if pos not in POSITIONS:
        raise ValueError(f"position must be one of A, B, C, D, got {position!r}")
    return pos


def seat_rotation() -> tuple[dict[str, str], ...]:
    """Per round (1..4): {seat wind at the start of the round: position}."""
    return tuple(dict(zip(WINDS, row, strict=True)) for row in ROUND_SEATS)


def seat_in_round(position: str, round_number: int) -> str:
    """Seat (E/S/W/N) of a position during a round (1..4)."""
    pos = _check_position(position)
    if round_number not in (1, 2, 3, 4):
        raise ValueError("round_number must be 1..4")
    return WINDS[ROUND_SEATS[round_number - 1].index(pos)]


def hand_winds(hand_number: int) -> tuple[str, str]:
    """(prevalent wind, dealer position) of hand 1..16."""
    rnd, k = _check_hand(hand_number)
    return WINDS[rnd], ROUND_SEATS[rnd][k]


def seat_of(position: str, hand_number: int) -> str:
    """Seat wind of a position (A..D) in hand 1..16 (the dealer is East)."""
    pos = _check_position(position)
    rnd, k = _check_hand(hand_number)
    seat = ROUND_SEATS[rnd].index(pos)
    return WINDS[(seat - k) % 4]


def hand_table() -> list[dict]:
    """All 16 hands: prevalent wind, dealer position, seat wind of A..D."""
    out = []
    for h in range(1, 17):
        prevalent, dealer = hand_winds(h)
        out.append({
            "hand": h,
            "round": (h - 1) // 4 + 1,
            "prevalent_wind": prevalent,
            "dealer": dealer,
            "seat_winds": {p: seat_of(p, h) for p in POSITIONS},
        })
    return out
