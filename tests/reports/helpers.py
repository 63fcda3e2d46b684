"""Helpers of the printed forms' tests: a table of players with names in several scripts, the
text of a PDF, session results stored in bulk for the standings, and the fingerprint a printed
form carries and the verification page that reads it. The fixtures (the staff, a played sheet,
that sheet signed) are in tests/reports/conftest.py."""

import re
from io import BytesIO

from django.utils import timezone
from pypdf import PdfReader

from reports.printing import PrintRequest, print_form
from tests.tournaments.factories import PlayerFactory, TeamFactory, seated_table
from tournaments.models import Session, SessionResult, Table, TableSession

# 123m 456m 789m 234p + pair 55p, concealed, won on a discard of 5p: Pure Straight and more.
PURE_STRAIGHT = {"melds": [], "concealed": "123456789m234p5p", "win_tile": "5p", "flowers": 1}
NAMES = [  # (name, native name, team) for positions A-D
    ("Li Minghua", "李明华", "中国队"),
    ("Ivan Yozhikov", "Ёжиков Иван", "Россия"),
    ("Søren Nørgaard", "", "Danmark"),
    ("Kim Minjun", "김민준", "한국"),
]
VOID_REASON = "Recorded against the wrong player"


# -- the score sheet and the Record of Fouls ------------------------------------------------


def sheet_with_players(tournament, *, session_number=1, table_number=1, names=NAMES, start=0):
    players = []
    for index, (name, native, team) in enumerate(names):
        team_row = TeamFactory(
            tournament=tournament, name=f"{team} {session_number}-{table_number}"
        )
        players.append(
            PlayerFactory(
                tournament=tournament,
                name=name,
                native_name=native,
                team=team_row,
                lot_number=start + index + 11,
                registration_number=start + index + 1,
            )
        )
    return seated_table(
        tournament,
        session_number=session_number,
        table_number=table_number,
        players=players,
        started=True,  # at PLAY_START unless started already: play is recorded once started
    )


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


# -- the standings --------------------------------------------------------------------------


def store_results(
    tournament, results: dict[str, list[tuple[int, int, int, int]]], *, status: str = "signed"
):
    """Session results stored directly on sheets signed by their umpire (or of `status`:
    "final" countersigned too), each player at his own table:
    {name: [(session, score, rank at the table, table points), ...]}. In bulk: the standings
    read only the results and their sheets' status."""
    signed_at = timezone.now() if status in ("signed", "final") else None
    countersigned_at = signed_at if status == "final" else None
    sessions = {
        number: Session.objects.get_or_create(tournament=tournament, number=number)[0]
        for lines in results.values()
        for number, *_rest in lines
    }
    sheets, rows = [], []
    for index, (name, lines) in enumerate(results.items(), start=1):
        player = PlayerFactory(
            tournament=tournament, name=name, lot_number=index, registration_number=index
        )
        table = Table.objects.create(tournament=tournament, number=index)
        for number, score, rank, table_points in lines:
            sheet = TableSession(
                session=sessions[number],
                table=table,
                status=status,
                closed_by="session_end",
                umpire_signed_at=signed_at,
                countersigned_at=countersigned_at,
            )
            sheets.append(sheet)
            rows.append((sheet, player, score, rank, table_points))
    TableSession.objects.bulk_create(sheets)
    SessionResult.objects.bulk_create(
        SessionResult(
            table_session=sheet,
            session=sheet.session,
            player=player,
            position="A",
            score=score,
            rank=rank,
            table_points_12=table_points * 12,
        )
        for sheet, player, score, rank, table_points in rows
    )


# -- the verification page ------------------------------------------------------------------

FINGERPRINT = re.compile(r"[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}")


def printed_fingerprint(kind: str, sheet, **options) -> str:
    request = PrintRequest(tournament=sheet.session.tournament, **options)
    _name, pdf = print_form(kind=kind, request=request)
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    found = set(FINGERPRINT.findall(text))
    assert len(found) == 1, found
    return found.pop()


def print_sheet(sheet) -> str:
    return printed_fingerprint(
        "scoresheet", sheet, session=sheet.session.number, table=sheet.table.number
    )


def verify(client, fingerprint: str):
    return client.get(f"/verify/{fingerprint.replace('-', '')}/")
