"""The Record of Fouls (Appendix 6, "Registro de Faltas"): one row per penalty with every
column of the form — the player's team, name and number, the game (session), round, table and
position of the foul, its nature, the penalty, remarks and the umpire — plus the hand and,
for a penalty voided as entered in error, that it is void and why (it counts for nothing).

Three queries whatever the number of fouls.
"""

from dataclasses import dataclass
from datetime import datetime

from tournaments import seating_adapter
from tournaments.display import penalty_description, penalty_summary, wind_name
from tournaments.models import Penalty, Seat, Session, TableSession, Tournament
from tournaments.system_texts import system_text


@dataclass(frozen=True)
class FoulRow:
    penalty_id: int
    player_id: int
    player: str  # "Player's Name"
    team: str  # "Player's Team"
    player_number: int | None  # "Player's Number" (the lot number)
    session: int  # "Game"
    group: str  # "Group" (of the session's table)
    round: str  # "round": the prevalent wind of the hand (hands 1-4 East ... 13-16 North)
    table: int  # "table"
    position: str  # "position": the seat A-D on the score sheet
    seat_wind: str  # the player's seat wind in that hand, when the hand is known
    hand: int | None
    kind: str  # the kind of penalty, in words
    nature: str  # "Nature of Foul": what the umpire wrote
    penalty: str  # "Relevant penalty", with its points (never a bare number)
    summary: str  # the penalty and the player's name, for a one-line message
    points: int
    deltas: dict
    forfeited: bool
    dead_hand: bool
    remarks: str  # "Remarks"
    umpire: str  # "Umpire": who recorded it (the sheet's umpire for the system's records)
    recorded_at: datetime
    voided: bool
    void_reason: str
    voided_by: str


def _user_name(user) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


def _round(hand_number: int | None) -> str:
    if hand_number is None:
        return ""
    return wind_name(seating_adapter.hand_winds(hand_number).prevalent_wind)


def _seat_wind(position: str, hand_number: int | None) -> str:
    if hand_number is None or not position:
        return ""
    return wind_name(seating_adapter.seat_wind(position, hand_number))


def record_of_fouls(
    *,
    tournament: Tournament,
    session: Session | None = None,
    table_session: TableSession | None = None,
) -> list[FoulRow]:
    """Every penalty of the tournament (or of one session, or of one score sheet), voided ones
    included and marked, in the order of the sessions, the tables and the recording."""
    penalties = (
        Penalty.objects.filter(table_session__session__tournament=tournament)
        .select_related(
            "player__team",
            "victim",
            "recorded_by",
            "voided_by",
            "table_session__session",
            "table_session__table",
            "table_session__umpire",
        )
        .order_by(
            "table_session__session__number", "table_session__table__number", "recorded_at", "pk"
        )
    )
    seats = Seat.objects.filter(session__tournament=tournament)
    if session is not None:
        penalties = penalties.filter(table_session__session=session)
        seats = seats.filter(session=session)
    if table_session is not None:
        penalties = penalties.filter(table_session=table_session)
        seats = seats.filter(table_session=table_session)
    position_of: dict[tuple[int, int], str] = {}
    for seat in seats.only("table_session_id", "player_id", "replaced_player_id", "position"):
        position_of[(seat.table_session_id, seat.player_id)] = seat.position
        if seat.replaced_player_id is not None:
            position_of[(seat.table_session_id, seat.replaced_player_id)] = seat.position
    rows = []
    for penalty in penalties:
        sheet = penalty.table_session
        player = penalty.player
        position = position_of.get((sheet.pk, player.pk), "")
        rows.append(
            FoulRow(
                penalty_id=penalty.pk,
                player_id=player.pk,
                player=player.name,
                team=player.team.name if player.team_id else "",
                player_number=player.lot_number,
                session=sheet.session.number,
                group=sheet.table.group or sheet.session.group,
                round=_round(penalty.hand_number),
                table=sheet.table.number,
                position=position,
                seat_wind=_seat_wind(position, penalty.hand_number),
                hand=penalty.hand_number,
                kind=str(penalty.get_kind_display()),
                nature=system_text(penalty.reason),
                penalty=penalty_description(penalty),
                summary=penalty_summary(penalty),
                points=penalty.amount,
                deltas=dict(penalty.deltas),
                forfeited=penalty.forfeited,
                dead_hand=penalty.dead_hand,
                remarks=penalty.remarks,
                umpire=_user_name(penalty.recorded_by or sheet.umpire),
                recorded_at=penalty.recorded_at,
                voided=penalty.voided_at is not None,
                void_reason=system_text(penalty.void_reason),
                voided_by=_user_name(penalty.voided_by),
            )
        )
    return rows
