"""A sheet recorded at the desk is recorded as if its umpire had entered it hand by hand
through the services: the same scores, the same refusals, and nothing written when any part
is refused (issue 27)."""

import copy
import datetime

import pytest

from desk.models import DeskEntry
from desk.services import desk_payload
from tests.desk.helpers import DRAW, PAPER, TIME, accept, fresh, key, win
from tests.tournaments.factories import PLAY_START, seated_table
from tournaments.errors import TournamentError
from tournaments.models import (
    Hand,
    HandScore,
    Penalty,
    SessionResult,
    SheetConfirmation,
    TableSession,
)
from tournaments.roles import Role
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.penalties import penalty_record
from tournaments.services.sessions import session_end
from tournaments.services.signoff import sheet_confirm_player

pytestmark = pytest.mark.django_db

# 123m 456m 789m 234p + pair 55p, concealed, won on a discard of 5p: Pure Straight and more.
PURE_STRAIGHT = {"melds": [], "concealed": "123456789m234p5p", "win_tile": "5p", "flowers": 1}


def by_hand(sheet, umpire) -> None:
    """PAPER entered by the sheet's umpire through the services, one write at a time, in the
    order of play (the dead hand in hand 3 before hand 3)."""
    players = {s.position: s.player for s in sheet.seats.all()}
    penalties = PAPER["penalties"]

    def penalty(p):
        penalty_record(
            table_session=sheet,
            player=players[p["offender"]],
            kind=p["kind"],
            reason=p["reason"],
            amount=p.get("amount"),
            hand_number=p.get("hand_number"),
            user=umpire,
        )

    penalty(penalties[0])
    for number, hand in enumerate(PAPER["hands"], start=1):
        if number == 3:
            penalty(penalties[1])
        if hand["outcome"] == "win":
            hand_record_win(
                table_session=sheet,
                winner=hand["winner"],
                discarder=hand["discarder"],
                points=hand["points"],
                flowers=hand["flowers"],
                user=umpire,
            )
        else:
            hand_record_no_win(table_session=sheet, outcome=hand["outcome"], user=umpire)
    penalty(penalties[2])
    for position in PAPER["confirmed"]:
        sheet_confirm_player(table_session=sheet, player=players[position], user=umpire)


def figures(sheet) -> dict:
    """What counts on a sheet, by seat."""
    return {
        "hands": sorted(
            HandScore.objects.filter(hand__table_session=sheet).values_list(
                "hand__number", "position", "points"
            )
        ),
        "hand_rows": list(
            Hand.objects.filter(table_session=sheet)
            .order_by("number")
            .values_list(
                "number", "outcome", "winner_position", "discarder_position", "points", "flowers"
            )
        ),
        "penalties": [
            (p.kind, p.amount, p.hand_number, p.dead_hand, p.deltas)
            for p in Penalty.objects.filter(table_session=sheet).order_by("pk")
        ],
        "results": sorted(
            SessionResult.objects.filter(table_session=sheet).values_list(
                "position", "score", "rank", "table_points_12"
            )
        ),
        "confirmed": SheetConfirmation.objects.filter(table_session=sheet).count(),
        "status": (fresh(sheet).status, fresh(sheet).closed_by),
    }


def test_the_scores_equal_those_of_the_sheet_entered_hand_by_hand(clerks, login, sheet):
    twin = seated_table(sheet.session.tournament, table_number=2)
    umpire = login(Role.UMPIRE)
    TableSession.objects.filter(pk=twin.pk).update(umpire=umpire)
    by_hand(fresh(twin), umpire)
    key(clerks[0], sheet, PAPER)
    assert key(clerks[1], sheet, PAPER).status_code == 201
    desk, umpired = figures(sheet), figures(twin)
    assert desk["results"] and desk["confirmed"] == 4
    assert desk == umpired


def refused_at_once(clerk, sheet, paper, status: int = 400) -> dict:
    """The first entry of `paper` is checked before it is held: refused, nothing held or
    written, the sheet's version unchanged. Returns the refusal."""
    version = fresh(sheet).version
    response = key(clerk, sheet, paper)
    assert response.status_code == status, response.content
    assert not DeskEntry.objects.exists()
    assert not Hand.objects.exists() and not Penalty.objects.exists()
    assert not SessionResult.objects.exists() and not SheetConfirmation.objects.exists()
    assert fresh(sheet).version == version
    (problem,) = response.json()["errors"]
    return problem


def test_a_first_entry_with_a_hand_under_eight_points_is_refused_at_once_naming_it(clerks, sheet):
    paper = copy.deepcopy(PAPER)
    paper["hands"][2] = win("B", None, 6)  # hand 3: under the 8-point minimum
    problem = refused_at_once(clerks[0], sheet, paper)
    assert problem["code"] == "under_minimum" and problem["field"] == "hands.2.hand"
    assert problem["message"].startswith("Hand 3:")


def test_an_invalid_entry_held_before_the_check_records_nothing_when_a_second_agrees(clerks, sheet):
    """An entry held unchecked (kept from before first entries were checked) meets the
    services' refusal when a second entry agrees with it: nothing at all is written."""
    paper = copy.deepcopy(PAPER)
    paper["hands"][2] = win("B", None, 6)
    DeskEntry.objects.create(
        table_session=sheet,
        clerk=clerks[0].user,
        payload=desk_payload(**paper),
        status=DeskEntry.Status.FIRST,
    )
    version = fresh(sheet).version
    response = key(clerks[1], sheet, paper)
    assert response.status_code == 400, response.content
    (problem,) = response.json()["errors"]
    assert problem["code"] == "under_minimum" and problem["field"] == "hands.2.hand"
    assert not Hand.objects.exists() and not Penalty.objects.exists()
    assert not SessionResult.objects.exists() and not SheetConfirmation.objects.exists()
    assert fresh(sheet).version == version
    assert list(DeskEntry.objects.values_list("status", flat=True)) == ["first"]


def test_a_winner_with_a_dead_hand_is_refused_naming_the_hand(clerks, sheet):
    paper = copy.deepcopy(PAPER)
    paper["penalties"].append(
        {"offender": "C", "kind": "dead_hand", "reason": "Exposed a tile", "hand_number": 5}
    )  # and C wins hand 5
    problem = refused_at_once(clerks[0], sheet, paper)
    assert problem["field"] == "hands.4" and problem["message"].startswith("Hand 5:")
    assert "dead hand" in problem["message"]


def test_a_penalty_in_a_hand_never_played_is_refused_naming_the_penalty(clerks, sheet):
    paper = copy.deepcopy(PAPER)
    paper["penalties"].append(
        {"offender": "A", "kind": "warning", "reason": "x", "hand_number": 12}
    )
    problem = refused_at_once(clerks[0], sheet, paper)
    assert problem["field"] == "penalties.3" and problem["message"].startswith("Penalty 4:")


def test_signatures_on_a_sheet_still_open_are_refused_and_nothing_is_written(clerks, sheet):
    paper = {"hands": [win("A", "B", 8), DRAW], "confirmed": ["A"]}
    problem = refused_at_once(clerks[0], sheet, paper, status=409)
    assert problem["field"] == "confirmed"


def test_a_sheet_without_signatures_stays_open_for_its_players(clerks, sheet):
    paper = {"hands": [win("A", "B", 8), DRAW]}
    key(clerks[0], sheet, paper)
    assert key(clerks[1], sheet, paper).status_code == 201
    assert Hand.objects.filter(table_session=sheet).count() == 2
    assert fresh(sheet).status == TableSession.Status.OPEN


def test_a_tiles_tournament_takes_points_at_the_desk_but_not_from_the_umpire(clerks, tiles_sheet):
    paper = {
        "hands": [
            win("A", "C", 15, flowers=1),
            {"outcome": "win", "winner": "A", "discarder": "C", "hand": PURE_STRAIGHT},
            TIME,
        ]
    }
    key(clerks[0], tiles_sheet, paper)
    response = key(clerks[1], tiles_sheet, paper)
    assert response.status_code == 201, response.content
    first, second = Hand.objects.filter(table_session=tiles_sheet).order_by("number")[:2]
    assert (first.tiles, first.points, first.flowers, first.fans) == (None, 15, 1, [])
    assert second.tiles == PURE_STRAIGHT and "Pure Straight" in {f["name"] for f in second.fans}
    other = seated_table(tiles_sheet.session.tournament, table_number=2, started=True)
    with pytest.raises(TournamentError, match="records the tiles"):
        hand_record_win(table_session=other, winner="A", discarder="C", points=15)


def test_a_sheet_closed_by_the_sessions_end_takes_the_hands_of_its_paper(clerks, chief, sheet):
    session_end(session=sheet.session, at=PLAY_START + datetime.timedelta(hours=2))
    assert (fresh(sheet).status, fresh(sheet).closed_by) == ("complete", "session_end")
    paper = {
        "hands": [win("A", "C", 15), DRAW, win("B", None, 8)],
        # the foul in hand 4, in play at the gong (3.5.6), is recorded
        "penalties": [{"offender": "D", "kind": "warning", "reason": "Slow", "hand_number": 4}],
        "confirmed": ["A", "B", "C", "D"],
    }
    key(clerks[0], sheet, paper)
    response = key(clerks[1], sheet, paper)
    assert response.status_code == 201, response.content
    assert Hand.objects.filter(table_session=sheet).count() == 3
    assert (fresh(sheet).status, fresh(sheet).closed_by) == ("complete", "session_end")
    assert SheetConfirmation.objects.filter(table_session=sheet).count() == 4


def test_after_the_gong_a_hand_never_played_is_refused(clerks, sheet):
    session_end(session=sheet.session, at=PLAY_START + datetime.timedelta(hours=2))
    paper = {
        "hands": [DRAW],
        "penalties": [{"offender": "D", "kind": "warning", "reason": "Slow", "hand_number": 3}],
    }
    key(clerks[0], sheet, paper)
    response = key(clerks[1], sheet, paper)
    assert response.status_code == 400, response.content
    assert "never played" in response.json()["errors"][0]["message"]


def test_the_chief_accepts_one_entry_alone_with_a_reason(clerks, chief, sheet):
    key(clerks[0], sheet, PAPER)
    response = accept(chief, sheet, {"reason": "Only one clerk on duty tonight"})
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "accepted_alone"
    entry = DeskEntry.objects.get()
    assert (entry.status, entry.reason, entry.accepted_by.username) == (
        "accepted_alone",
        "Only one clerk on duty tonight",
        "chief",
    )
    assert Hand.objects.filter(table_session=sheet).count() == len(PAPER["hands"])
    assert {h.entered_by.username for h in Hand.objects.filter(table_session=sheet)} == {"chief"}
    reasons = Hand.history.filter(table_session_id=sheet.pk).values_list(
        "history_change_reason", flat=True
    )
    assert all("clerk1" in r and "Only one clerk on duty" in r for r in reasons)


def test_acceptance_needs_a_reason(clerks, chief, sheet):
    key(clerks[0], sheet, PAPER)
    for body in ({}, {"reason": ""}, {"reason": "   "}, {"reason": "\u200b"}):
        response = accept(chief, sheet, body)
        assert response.status_code == 400, (body, response.content)
    assert not Hand.objects.exists()
    assert list(DeskEntry.objects.values_list("status", flat=True)) == ["first"]


def test_only_the_chief_accepts_and_only_an_entry_in_play(clerks, chief, sheet):
    assert accept(chief, sheet, {"reason": "Nothing keyed"}).status_code == 409
    key(clerks[0], sheet, PAPER)
    assert accept(clerks[1], sheet, {"reason": "I trust clerk1"}).status_code == 403
    assert accept(chief, sheet, {"reason": "Checked"}, headers={}).status_code == 428
    assert not Hand.objects.exists()


def test_when_entries_differ_the_chief_names_the_one_he_accepts(clerks, chief, sheet):
    key(clerks[0], sheet, PAPER)
    other = copy.deepcopy(PAPER)
    other["hands"][0] = win("A", "C", 16)
    key(clerks[1], sheet, other)
    response = accept(chief, sheet, {"reason": "The paper says 16"})
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "entry"
    chosen = DeskEntry.objects.get(clerk__username="clerk2")
    response = accept(chief, sheet, {"reason": "The paper says 16", "entry": chosen.pk})
    assert response.status_code == 201, response.content
    assert Hand.objects.get(table_session=sheet, number=1).points == 16
    statuses = dict(DeskEntry.objects.values_list("clerk__username", "status"))
    assert statuses == {"clerk1": "superseded", "clerk2": "accepted_alone"}


def test_a_recorded_paper_moves_the_sheets_version_once(clerks, sheet):
    key(clerks[0], sheet, PAPER)
    before = fresh(sheet).version
    assert key(clerks[1], sheet, PAPER).status_code == 201
    assert fresh(sheet).version == before + 1


def test_a_hand_keyed_after_the_time_limit_stop_is_refused_at_once(clerks, sheet):
    paper = {"hands": [win("A", "B", 8), TIME, win("C", "D", 9)]}
    problem = refused_at_once(clerks[0], sheet, paper, status=409)
    assert problem["field"] == "hands.2" and problem["message"].startswith("Hand 3:")
