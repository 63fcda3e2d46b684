"""Fixtures of the export and archive tests, for the whole suite (registered in tests/conftest.py).

`played_demo`: the demo tournament (8 players, 6 sessions: sign-offs, penalties, a voided
penalty by correction, two appeals), plus what the demo lacks: a sanction, a seat swap and a
hand replaced by correction, a print record. `small_played`: one table of a points-only
tournament with three hands and a penalty (fast; for refusals and permissions).
`corrections_described(slug)`: a tournament's corrections with the database ids of their
before/after replaced by what they name (to compare across an export and an import).
"""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.tournaments.factories import (
    TeamFactory,
    TournamentFactory,
    seated_table,
    start_session,
)
from tournaments.demo.builder import build_demo
from tournaments.models import Correction, Hand, Penalty, Player, Tournament
from tournaments.services import corrections
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.penalties import penalty_record
from tournaments.services.sanctions import sanction_record

DEMO_SLUG = "demo-archive"


def build_played_demo() -> Tournament:
    build_demo(players=8, sessions=6, seed=1, slug=DEMO_SLUG, time_limit=1)
    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    chief = get_user_model().objects.get(username="chief")
    player = tournament.players.get(registration_number=3)
    sanction_record(
        player=player,
        kind="criticism",
        reason="Argued with the umpire",
        session=tournament.sessions.get(number=2),
        user=chief,
    )
    sheet = tournament.sessions.get(number=2).table_sessions.get(table__number=1)
    corrections.correction_seats_swap(
        table_session=sheet, first="A", second="C", reason="Seated the wrong way", user=chief
    )
    draw = sheet.hands.filter(outcome=Hand.Outcome.DRAW).first() or sheet.hands.first()
    corrections.correction_hand_replace(
        hand=draw, outcome=Hand.Outcome.DRAW, reason="Recorded again as a draw", user=chief
    )
    from reports.models import PrintRecord

    PrintRecord.objects.create(
        fingerprint="ABCD-EFGH-IJKL",
        kind=PrintRecord.Kind.SCORESHEET,
        tournament=tournament,
        table_session=sheet,
        printed_by=chief,
    )
    return tournament


def corrections_described(slug: str) -> list:
    """Every correction of the tournament in the order made, with each id of its before/after
    replaced by what it names (a penalty by its sheet, kind, player, points, hand and times;
    a player by his registration number), and the appeal it applies by its statement."""

    def penalty(pk: int) -> tuple:
        p = Penalty.objects.select_related("table_session__session", "table_session__table").get(
            pk=pk
        )
        sheet = (p.table_session.session.number, p.table_session.table.number)
        player = p.player.registration_number
        return (
            *("penalty", sheet, p.kind, player, p.amount, p.hand_number, p.minutes_late),
            *(p.recorded_at, p.voided_at),
        )

    def player(pk: int) -> tuple:
        return ("player", Player.objects.get(pk=pk).registration_number)

    def walk(node, kind):
        if isinstance(node, dict):
            return {
                key: penalty(value)
                if key == "penalty" and isinstance(value, int)
                else player(value)
                if isinstance(value, int) and (key == "player" or kind == Correction.Kind.SEAT)
                else walk(value, kind)
                for key, value in node.items()
            }
        if isinstance(node, list):
            return [walk(value, kind) for value in node]
        return node

    corrections = Correction.objects.filter(table_session__session__tournament__slug=slug).order_by(
        "made_at", "pk"
    )
    return [
        (
            c.kind,
            c.reason,
            c.made_at,
            walk(c.before, c.kind),
            walk(c.after, c.kind),
            c.appeal.statement if c.appeal else None,
        )
        for c in corrections.select_related("appeal")
    ]


@pytest.fixture
def played_demo(db) -> Tournament:
    return build_played_demo()


@pytest.fixture
def small_played(db) -> Tournament:
    """A points-only tournament: one table, a win, a self-drawn win, a draw, a penalty; its
    session started three hours ago (past its time limit, rule 3.5.6) and not ended."""
    tournament = TournamentFactory(
        name="Small Open", slug="small-open", entry_mode=Tournament.EntryMode.POINTS_ONLY
    )
    team = TeamFactory(tournament=tournament, name="Beijing 北京")
    sheet = seated_table(tournament)
    start_session(sheet, at=timezone.now() - datetime.timedelta(hours=3))
    first = sheet.seats.get(position="A").player
    first.name, first.native_name, first.team = "Wang Wei", "王伟", team
    first.save()
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=12, flowers=1)
    hand_record_win(table_session=sheet, winner="C", discarder=None, points=8)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW)
    penalty_record(
        table_session=sheet,
        player=sheet.seats.get(position="D").player,
        kind=Penalty.Kind.DEDUCTION,
        amount=10,
        reason="Slow play",
        hand_number=2,
    )
    return tournament
