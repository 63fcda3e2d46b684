"""A foul in the hand in play at the gong (rule 3.5.6, issue #25 item 5).

When the session's end closes a sheet after N hands, hand N+1 was in play: "Cualquier mano en
juego finaliza inmediatamente, y no hay puntos para esa mano". The hand scores nothing, but a
foul committed in it (a false Hu, a dead hand, any other) is still recorded; hand N+2 was
never played and is refused. The other closures keep their rule: a time-limit stop is itself
the last hand recorded.
"""

import datetime

import pytest
from django.utils import timezone

from reports.data.scoresheet import scoresheet_data
from reports.forms.scoresheet import render_scoresheet
from tests.tournaments.signoff_helpers import confirm_all, fresh, seat_player, snapshot, win
from tournaments.errors import TournamentError
from tournaments.models import Hand, Penalty, SessionResult, TableSession
from tournaments.models.play import SheetClosure
from tournaments.selectors.fouls import record_of_fouls
from tournaments.services.hands import hand_record_no_win
from tournaments.services.penalties import penalty_record
from tournaments.services.sessions import session_end, session_start
from tournaments.services.signoff import sheet_sign

pytestmark = pytest.mark.django_db

START = timezone.make_aware(datetime.datetime(2026, 5, 1, 10, 0))
GONG = START + datetime.timedelta(minutes=150)
Kind = Penalty.Kind


def _gong_after_two_hands(sheet, people) -> TableSession:
    """Hands 1 and 2 recorded (A wins 8 off B twice), then the session ends: hand 3 was in
    play at the gong."""
    session_start(session=sheet.session, at=START, user=people.chief)
    win(sheet, user=people.umpire)
    win(sheet, user=people.umpire)
    session_end(session=sheet.session, at=GONG, user=people.chief)
    closed = fresh(sheet)
    assert (closed.status, closed.closed_by) == (
        TableSession.Status.COMPLETE,
        SheetClosure.SESSION_END,
    )
    return closed


def _foul(sheet, people, kind, hand_number, position="C", **kwargs):
    kwargs.setdefault("reason", "Seen by the umpire as the gong sounded")
    return penalty_record(
        table_session=sheet,
        player=seat_player(sheet, position),
        kind=kind,
        hand_number=hand_number,
        user=people.umpire,
        **kwargs,
    )


def _scores(sheet) -> dict[str, int]:
    return dict(SessionResult.objects.filter(table_session=sheet).values_list("position", "score"))


def test_a_false_hu_in_the_hand_in_play_at_the_gong_is_recorded_with_its_points(sheet, people):
    closed = _gong_after_two_hands(sheet, people)
    before = _scores(closed)
    penalty = _foul(closed, people, Kind.FALSE_HU, 3)
    assert (penalty.hand_number, penalty.dead_hand, penalty.amount) == (3, True, 10)
    after = _scores(closed)
    assert after["C"] == before["C"] - 30
    assert all(after[p] == before[p] + 10 for p in "ABD")


@pytest.mark.parametrize(
    "kind, extra",
    [
        (Kind.DEAD_HAND, {}),
        (Kind.WARNING, {}),
        (Kind.DEDUCTION, {"amount": 10}),
        (Kind.EXPOSED_HAND, {}),
    ],
)
def test_every_kind_of_foul_may_name_the_hand_in_play_at_the_gong(sheet, people, kind, extra):
    closed = _gong_after_two_hands(sheet, people)
    penalty = _foul(closed, people, kind, 3, **extra)
    assert Penalty.objects.get(pk=penalty.pk).hand_number == 3


@pytest.mark.parametrize("kind", [Kind.FALSE_HU, Kind.DEAD_HAND, Kind.WARNING])
def test_the_hand_after_the_one_in_play_at_the_gong_is_refused_and_nothing_is_written(
    sheet, people, kind
):
    closed = _gong_after_two_hands(sheet, people)
    before = snapshot(closed)
    with pytest.raises(TournamentError, match="Hand 4 was never played.*during hand 3"):
        _foul(closed, people, kind, 4)
    assert snapshot(closed) == before
    assert not Penalty.objects.exists()


def test_a_sheet_stopped_by_the_time_limit_takes_no_foul_after_the_stopped_hand(sheet, people):
    session_start(session=sheet.session, at=START, user=people.chief)
    win(sheet, user=people.umpire)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT, user=people.umpire)
    session_end(session=sheet.session, at=GONG, user=people.chief)
    closed = fresh(sheet)
    assert closed.closed_by == SheetClosure.TIME_LIMIT  # the end closes open sheets only
    assert _foul(closed, people, Kind.DEAD_HAND, 2).hand_number == 2  # the stopped hand
    with pytest.raises(TournamentError, match="Hand 3 has not been reached"):
        _foul(closed, people, Kind.DEAD_HAND, 3)


def test_an_open_sheet_still_takes_the_next_hand_and_refuses_the_one_after(sheet, people):
    session_start(session=sheet.session, at=START, user=people.chief)
    win(sheet, user=people.umpire)
    assert _foul(sheet, people, Kind.WARNING, 2).hand_number == 2
    with pytest.raises(TournamentError, match="Hand 3 has not been reached"):
        _foul(sheet, people, Kind.WARNING, 3)


def test_a_dead_hand_in_the_unplayed_hand_breaks_nothing_down_to_the_signature(
    sheet, people, client
):
    from api.views.sheet_common import sheet_data
    from tests.tournaments.admin_helpers import sheet_url

    closed = _gong_after_two_hands(sheet, people)
    _foul(closed, people, Kind.DEAD_HAND, 3, position="A")
    _foul(closed, people, Kind.FALSE_HU, 3, position="B")
    closed = fresh(closed)
    # The Record of Fouls places them in hand 3: East round, A's and B's seat winds.
    rows = record_of_fouls(tournament=closed.session.tournament, table_session=closed)
    assert [(r.hand, r.position, r.round, r.seat_wind) for r in rows] == [
        (3, "A", "East", "West"),
        (3, "B", "East", "North"),
    ]
    # No hand 3 appears on the sheet; the printed sheet, the API and the page are built.
    assert list(closed.hands.values_list("number", flat=True)) == [1, 2]
    data = scoresheet_data(table_session=closed)
    assert render_scoresheet(data).startswith(b"%PDF")
    assert [p["hand"] for p in data["penalties"]] == [3, 3]
    assert [p["hand_number"] for p in sheet_data(closed, None)["penalties"]] == [3, 3]
    client.force_login(people.umpire)
    assert client.get(sheet_url(closed)).status_code == 200
    # The players confirm and the umpire signs the sheet as usual.
    confirm_all(closed, people.umpire)
    signed = sheet_sign(table_session=closed, user=people.umpire)
    assert signed.status == TableSession.Status.SIGNED
