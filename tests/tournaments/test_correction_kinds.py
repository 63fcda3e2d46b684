"""The kinds of correction a signed sheet takes (issue 25, item 7): a hand removed (the later
hands renumbered and rescored with their new winds, Appendix 4), a penalty added (rule 3.11),
a check-in changed (3.11.2); every kind with a visible reason, the appeal it applies, its
values before and after, results and standings recomputed, earlier prints invalidated."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone

from tests.shared_rows import built_once
from tests.tournaments.factories import PLAY_START, TournamentFactory, seated_table
from tests.tournaments.signoff_helpers import (
    People,
    confirm_all,
    fresh,
    logins,
    seat_player,
    snapshot,
    umpired,
)
from tournaments.errors import TournamentError
from tournaments.models import (
    Appeal,
    CheckIn,
    Correction,
    Hand,
    HandScore,
    Penalty,
    SessionResult,
    TableSession,
)
from tournaments.models.play import SheetClosure
from tournaments.roles import PermissionRefused
from tournaments.selectors.standings import standings_compute
from tournaments.services.corrections import (
    correction_check_in,
    correction_hand_remove,
    correction_hand_replace,
    correction_penalty_add,
    correction_penalty_void,
    correction_seats_swap,
    correction_summary,
)
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.penalties import penalty_record, visible_text
from tournaments.services.signoff import sheet_sign

pytestmark = pytest.mark.django_db

REASON = "Appeal upheld: hand 1 was entered twice."
# 123456789m 234p 55p: Pure Straight, whatever the winds (21 points with its other fans).
STRAIGHT = {"melds": [], "concealed": "123456789m234p5p", "win_tile": "5p"}
# 123456789m, a pung of East, 55p: 24 points for the player whose seat wind is East in an
# East round (Prevalent and Seat Wind), 22 for another seat.
EAST_PUNG = {"melds": [], "concealed": "123456789m111z5p", "win_tile": "5p"}
# Exactly 8 points for the East seat in an East round (Seat Wind counts); 6 for another seat.
EIGHT_AS_EAST = {"melds": [], "concealed": "223344m567p111z9s", "win_tile": "9s"}
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff \u00a0\t"


def build_played() -> dict:
    """The rows of `played` and `people`; their primary keys."""
    sheet = seated_table(TournamentFactory(), started=True)
    people = logins()
    umpired(sheet, people)
    play(sheet, people)
    return {"sheet": sheet.pk, "people": {k: user.pk for k, user in vars(people).items()}}


@pytest.fixture(scope="module")
def played_keys(django_db_setup, django_db_blocker) -> dict:
    """`played` and its logins, built once for the module (tests/shared_rows.py): each test
    writes inside its own savepoint, undone before the next."""
    yield from built_once(django_db_blocker, build_played)


@pytest.fixture
def people(played_keys, db) -> People:
    """The logins of `played` (its umpire, the chief umpire, ...), read again for each test
    (new instances, an empty cache)."""
    cache.clear()
    found = get_user_model().objects.in_bulk(played_keys["people"].values())
    return People(**{k: found[pk] for k, pk in played_keys["people"].items()})


@pytest.fixture
def sheet(people) -> TableSession:
    """Session 1, table 1 of a tiles tournament (started): players A-D seated, umpired by
    `people.umpire`, the players in A and B with their logins; no hand yet. Built for each
    test that plays it itself."""
    sheet = seated_table(TournamentFactory(), started=True)
    umpired(sheet, people)
    return sheet


def tiles_win(sheet, winner, discarder, tiles, user=None) -> Hand:
    return hand_record_win(
        table_session=sheet, winner=winner, discarder=discarder, tiles=tiles, user=user
    )


def sign(sheet, people) -> TableSession:
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT, user=people.umpire)
    confirm_all(sheet, people.umpire)
    sheet_sign(table_session=sheet, user=people.umpire)
    return fresh(sheet)


@pytest.fixture
def played(played_keys, people) -> TableSession:
    """Session 1, table 1 of a tiles tournament, signed: hand 1 A wins on B's discard (a
    straight), hand 2 B (East in hand 2) wins on C's discard with a pung of East, hand 3 a
    draw, hand 4 a time-limit stop; C was fined 10 points in hand 3. Built once for the module
    (`played_keys`), read again for each test."""
    return TableSession.objects.select_related("session__tournament").get(pk=played_keys["sheet"])


def play(sheet, people) -> TableSession:
    """What `played` has recorded on the sheet, then signed."""
    tiles_win(sheet, "A", "B", STRAIGHT, people.umpire)
    tiles_win(sheet, "B", "C", EAST_PUNG, people.umpire)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW, user=people.umpire)
    penalty_record(
        table_session=sheet,
        player=seat_player(sheet, "C"),
        kind="deduction",
        amount=10,
        hand_number=3,
        reason="Slow play",
        user=people.umpire,
    )
    return sign(sheet, people)


def hands(sheet) -> list[tuple]:
    return list(
        Hand.objects.filter(table_session=sheet)
        .order_by("number")
        .values_list("number", "outcome", "winner_position", "points", "prevalent_wind")
    )


def paid(sheet, number: int) -> dict[str, int]:
    return dict(
        HandScore.objects.filter(hand__table_session=sheet, hand__number=number).values_list(
            "position", "points"
        )
    )


def scores(sheet) -> dict[str, int]:
    return dict(SessionResult.objects.filter(table_session=sheet).values_list("position", "score"))


def contest_points(sheet) -> dict[int, int]:
    standings = standings_compute(tournament=fresh(sheet).session.tournament)
    return {row.player_id: row.contest_points for row in standings.players}


def appeal_of(sheet, people, status=Appeal.Status.FILED) -> Appeal:
    ruled = status not in Appeal.OPEN_STATUSES
    fee = {
        Appeal.Status.UPHELD: Appeal.FeeStatus.RETURNED,
        Appeal.Status.REJECTED: Appeal.FeeStatus.FORFEITED,
        Appeal.Status.WITHDRAWN: Appeal.FeeStatus.FORFEITED,
    }.get(status, Appeal.FeeStatus.HELD)
    return Appeal.objects.create(
        session=sheet.session,
        table_session=sheet,
        player=seat_player(sheet, "A"),
        filed_by=people.chief,
        filed_at=timezone.now(),
        subject=Appeal.Subject.OTHER,
        statement="Hand 1 was entered twice.",
        confirmed_by_filer=True,
        fee_amount=0,
        fee_currency="EUR",
        status=status,
        fee_status=fee,
        ruled_at=timezone.now() if ruled else None,
    )


# -- removing a hand -------------------------------------------------------------------------


def test_removing_a_hand_renumbers_the_later_hands_and_rescores_them_with_their_new_winds(
    played, people
):
    assert hands(played) == [
        (1, "win", "A", 21, "E"),
        (2, "win", "B", 24, "E"),
        (3, "draw", "", 0, "E"),
        (4, "time", "", 0, "E"),
    ]
    correction = correction_hand_remove(
        table_session=played, number=1, reason=REASON, user=people.chief
    )
    # Old hand 2 is hand 1 now: B sits South there, so the pung of East loses Seat Wind.
    assert hands(played) == [
        (1, "win", "B", 22, "E"),
        (2, "draw", "", 0, "E"),
        (3, "time", "", 0, "E"),
    ]
    first = Hand.objects.get(table_session=played, number=1)
    assert first.dealer_position == "A"
    assert "Seat Wind" not in [fan["name"] for fan in first.fans]
    assert paid(played, 1) == {"A": -8, "B": 8 + 30 + 8, "C": -30, "D": -8}
    assert Hand.objects.get(table_session=played, number=2).dealer_position == "B"
    assert correction.kind == Correction.Kind.HAND_REMOVED
    assert correction.before["number"] == 1 and correction.before["winner"] == "A"
    assert correction.before["hands"] == 4 and correction.after["hands"] == 3
    moved = correction.after["renumbered"]
    assert [line["from"] for line in moved] == [2, 3, 4]
    assert moved[0]["before"]["points"] == 24 and moved[0]["after"]["points"] == 22
    assert moved[0]["before"]["dealer"] == "B" and moved[0]["after"]["dealer"] == "A"
    assert moved[0]["after"]["scores"] == paid(played, 1)


def test_a_removed_hand_changes_the_results_and_the_standings(played, people):
    before = contest_points(played)
    player_a = seat_player(played, "A")
    correction_hand_remove(table_session=played, number=1, reason=REASON, user=people.chief)
    assert scores(played) == {"A": -8, "B": 46, "C": -30 - 10, "D": -8}
    after = contest_points(played)
    assert after != before
    assert after[player_a.pk] == -8 and before[player_a.pk] == 8 + 21 + 8 + 8 - 8


def test_a_penalty_naming_a_later_hand_follows_it_when_the_hands_are_renumbered(played, people):
    correction = correction_hand_remove(
        table_session=played, number=1, reason=REASON, user=people.chief
    )
    penalty = Penalty.objects.get(table_session=played)
    assert penalty.hand_number == 2  # the draw it was given in is hand 2 now
    assert correction.after["penalties_renumbered"] == [{"penalty": penalty.pk, "from": 3}]
    latest = penalty.history.latest()
    assert (latest.history_change_reason, latest.history_user) == (REASON, people.chief)


def test_the_removed_and_renumbered_hands_history_keeps_the_reason_and_the_chief_umpire(
    played, people
):
    removed = Hand.objects.get(table_session=played, number=1)
    moved = Hand.objects.get(table_session=played, number=2)
    correction_hand_remove(table_session=played, number=1, reason=REASON, user=people.chief)
    deleted = Hand.history.filter(id=removed.pk).latest()
    assert (deleted.history_type, deleted.history_change_reason) == ("-", REASON)
    assert deleted.history_user == people.chief
    latest = moved.history.latest()
    assert (latest.number, latest.points, latest.history_change_reason) == (1, 22, REASON)


def test_a_sheet_closed_by_sixteen_hands_stays_closed_with_fifteen(sheet, people):
    for _ in range(16):
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW, user=people.umpire)
    assert fresh(sheet).closed_by == SheetClosure.ALL_HANDS
    confirm_all(sheet, people.umpire)
    sheet_sign(table_session=sheet, user=people.umpire)
    correction = correction_hand_remove(
        table_session=sheet, number=7, reason=REASON, user=people.chief
    )
    sheet = fresh(sheet)
    assert (sheet.status, sheet.closed_by) == (TableSession.Status.SIGNED, SheetClosure.ALL_HANDS)
    assert list(sheet.hands.values_list("number", flat=True)) == list(range(1, 16))
    assert correction_summary(correction) == (
        "Hand 7 removed; hands 8-16 renumbered 7-15 and rescored."
    )


def test_a_removal_that_leaves_a_later_hand_under_eight_points_is_refused_and_changes_nothing(
    sheet, people
):
    tiles_win(sheet, "A", "B", STRAIGHT, people.umpire)
    tiles_win(sheet, "B", "C", EIGHT_AS_EAST, people.umpire)  # East in hand 2: 8 points
    signed = sign(sheet, people)
    before = snapshot(signed)
    with pytest.raises(TournamentError, match="Hand 2 would become hand 1") as refused:
        correction_hand_remove(table_session=signed, number=1, reason=REASON, user=people.chief)
    assert "at least 8 are needed" in refused.value.message
    assert snapshot(signed) == before
    assert Hand.objects.filter(table_session=signed).count() == 3
    assert not Correction.objects.exists()


def test_removing_a_hand_the_sheet_does_not_have_is_refused(played, people):
    with pytest.raises(TournamentError, match="This sheet has no hand 9"):
        correction_hand_remove(table_session=played, number=9, reason=REASON, user=people.chief)
    assert not Correction.objects.exists()


def test_a_hand_an_appeal_names_is_not_removed(played, people):
    appeal = appeal_of(played, people)
    Appeal.objects.filter(pk=appeal.pk).update(
        subject=Appeal.Subject.HAND, hand=Hand.objects.get(table_session=played, number=1)
    )
    before = snapshot(played)
    with pytest.raises(TournamentError, match=f"Appeal {appeal.pk} names hand 1"):
        correction_hand_remove(table_session=played, number=1, reason=REASON, user=people.chief)
    assert snapshot(played) == before


def test_a_hand_a_penalty_names_is_not_removed_until_the_penalty_is_voided(played, people):
    before = snapshot(played)
    with pytest.raises(TournamentError, match="A penalty names hand 3"):
        correction_hand_remove(table_session=played, number=3, reason=REASON, user=people.chief)
    assert snapshot(played) == before
    correction_penalty_void(
        penalty=Penalty.objects.get(table_session=played), reason=REASON, user=people.chief
    )
    correction_hand_remove(table_session=played, number=3, reason=REASON, user=people.chief)
    assert [h[1] for h in hands(played)] == ["win", "win", "time"]


# -- adding a penalty ------------------------------------------------------------------------


def test_a_penalty_added_to_a_signed_sheet_changes_the_session_result(played, people):
    assert scores(played)["D"] == -16
    correction = correction_penalty_add(
        table_session=played,
        player=seat_player(played, "D"),
        kind="exposed_hand",
        nature="Exposed his hand when A declared Hu",
        reason=REASON,
        hand_number=1,
        user=people.chief,
    )
    penalty = Penalty.objects.get(pk=correction.after["penalty"])
    assert (penalty.kind, penalty.amount, penalty.hand_number) == ("exposed_hand", 30, 1)
    assert penalty.reason == "Exposed his hand when A declared Hu"
    assert penalty.recorded_by == people.chief
    assert penalty.deltas == {"D": -90, "A": 30, "B": 30, "C": 30}
    assert scores(played)["D"] == -16 - 90
    assert correction.kind == Correction.Kind.PENALTY
    assert correction.before == {"penalty": None}
    assert correction.after["deltas"] == penalty.deltas
    latest = penalty.history.latest()
    assert (latest.history_change_reason, latest.history_user) == (REASON, people.chief)
    assert fresh(played).status == TableSession.Status.SIGNED


def test_an_added_repeated_foul_counts_the_players_earlier_records(played, people):
    for _ in range(2):
        correction_penalty_add(
            table_session=played,
            player=seat_player(played, "A"),
            kind="repeated_foul",
            foul="touched_wall",
            nature="Touched the wall",
            reason=REASON,
            user=people.chief,
        )
    first, second = Penalty.objects.filter(kind="repeated_foul").order_by("pk")
    assert (first.occurrence, first.amount, second.occurrence, second.amount) == (1, 0, 2, 5)


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"kind": "late"}, "record the player's check-in time"),
        ({"kind": "deduction"}, "Enter the points the umpire decided"),
        ({"kind": "warning", "amount": 10}, "The rules set the points"),
        ({"kind": "dead_hand", "hand_number": 9}, "Hand 9 has not been reached"),
        ({"kind": "dead_hand", "hand_number": 1}, "recorded as won by A"),
        ({"kind": "warning", "nature": "\u200b"}, "Describe the foul"),
    ],
)
def test_an_added_penalty_is_checked_as_the_umpires_penalty_is(played, people, fields, message):
    before = snapshot(played)
    kwargs = {"kind": "warning", "nature": "A foul", **fields}
    with pytest.raises(TournamentError, match=message):
        correction_penalty_add(
            table_session=played,
            player=seat_player(played, "A"),
            reason=REASON,
            user=people.chief,
            **kwargs,
        )
    assert snapshot(played) == before
    assert not Correction.objects.exists()


# -- a check-in ------------------------------------------------------------------------------


def test_a_corrected_check_in_replaces_the_late_arrival_penalty_and_the_result(played, people):
    player = seat_player(played, "A")
    correction = correction_check_in(
        table_session=played,
        player=player,
        arrived_at=PLAY_START + timedelta(minutes=12),
        reason=REASON,
        user=people.chief,
    )
    late = Penalty.objects.get(kind=Penalty.Kind.LATE_ARRIVAL, voided_at__isnull=True)
    assert (late.player, late.minutes_late, late.amount) == (player, 12, 20)
    assert scores(played)["A"] == 21 + 8 + 8 + 8 - 8 - 20
    assert correction.kind == Correction.Kind.CHECK_IN
    assert correction.before["checked_in"] is False and correction.before["late_penalty"] is None
    assert correction.after["late_penalty"]["points"] == 20
    correction_check_in(
        table_session=played,
        player=player,
        arrived_at=PLAY_START + timedelta(minutes=4),
        reason="He signed in at 9:04; the umpire misread the clock.",
        user=people.chief,
    )
    current = Penalty.objects.get(kind=Penalty.Kind.LATE_ARRIVAL, voided_at__isnull=True)
    assert (current.minutes_late, current.amount) == (4, 10)
    voided = Penalty.objects.get(pk=late.pk)
    assert voided.void_reason == "He signed in at 9:04; the umpire misread the clock."
    assert scores(played)["A"] == 21 + 8 + 8 + 8 - 8 - 10
    assert CheckIn.objects.get(player=player).arrived_at == PLAY_START + timedelta(minutes=4)


def test_a_player_corrected_to_absent_loses_the_session(played, people):
    player = seat_player(played, "B")
    correction_check_in(
        table_session=played, player=player, absent=True, reason=REASON, user=people.chief
    )
    result = SessionResult.objects.get(table_session=played, player=player)
    assert result.forfeited and result.table_points_12 == 0
    assert CheckIn.objects.get(player=player).absent


def test_a_check_in_correction_that_changes_nothing_is_refused(played, people):
    arrived = PLAY_START - timedelta(minutes=5)
    player = seat_player(played, "C")
    kwargs = {"table_session": played, "player": player, "arrived_at": arrived}
    correction_check_in(**kwargs, reason=REASON, user=people.chief)
    with pytest.raises(TournamentError, match="nothing to correct"):
        correction_check_in(**kwargs, reason=REASON, user=people.chief)
    assert Correction.objects.count() == 1


def test_a_check_in_correction_for_a_player_of_another_table_is_refused(played, people):
    other = seated_table(fresh(played).session.tournament, table_number=2)
    with pytest.raises(TournamentError, match="does not sit at this table"):
        correction_check_in(
            table_session=played,
            player=seat_player(other, "A"),
            arrived_at=PLAY_START,
            reason=REASON,
            user=people.chief,
        )
    assert not Correction.objects.exists()


# -- every kind: reason, appeal, role --------------------------------------------------------


def _replace(sheet, people, **kw):
    hand = Hand.objects.get(table_session=sheet, number=1)
    return correction_hand_replace(
        hand=hand, outcome=Hand.Outcome.DRAW, **{"user": people.chief, **kw}
    )


def _remove(sheet, people, **kw):
    return correction_hand_remove(table_session=sheet, number=1, **{"user": people.chief, **kw})


def _add(sheet, people, **kw):
    return correction_penalty_add(
        table_session=sheet,
        player=seat_player(sheet, "A"),
        kind="deduction",
        amount=5,
        nature="Slow play",
        **{"user": people.chief, **kw},
    )


def _void(sheet, people, **kw):
    penalty = Penalty.objects.get(table_session=sheet)
    return correction_penalty_void(penalty=penalty, **{"user": people.chief, **kw})


def _check_in(sheet, people, **kw):
    return correction_check_in(
        table_session=sheet,
        player=seat_player(sheet, "A"),
        arrived_at=PLAY_START + timedelta(minutes=3),
        **{"user": people.chief, **kw},
    )


def _swap(sheet, people, **kw):
    return correction_seats_swap(
        table_session=sheet, first="A", second="B", **{"user": people.chief, **kw}
    )


KINDS = {
    "hand": _replace,
    "remove_hand": _remove,
    "penalty": _add,
    "void_penalty": _void,
    "check_in": _check_in,
    "swap_seats": _swap,
}


@pytest.mark.parametrize("correct", KINDS.values(), ids=KINDS.keys())
def test_each_kind_names_the_appeal_it_applies(played, people, correct):
    appeal = appeal_of(played, people)
    correction = correct(played, people, reason=REASON, appeal=appeal)
    assert Correction.objects.get(pk=correction.pk).appeal == appeal
    assert correction.reason == REASON and correction.made_by == people.chief
    assert correction.before != correction.after


@pytest.mark.parametrize("correct", KINDS.values(), ids=KINDS.keys())
@pytest.mark.parametrize("reason", ["", "   ", ZERO_WIDTH, "\u3164\u2800", "\u0301"])
def test_each_kind_refuses_a_reason_nobody_can_read(played, people, correct, reason):
    before = snapshot(played)
    with pytest.raises(TournamentError, match="needs a written reason"):
        correct(played, people, reason=reason)
    assert snapshot(played) == before
    assert not Correction.objects.exists()


@pytest.mark.parametrize("correct", KINDS.values(), ids=KINDS.keys())
def test_each_kind_refuses_the_appeal_of_another_sheet(played, people, correct):
    other = seated_table(fresh(played).session.tournament, table_number=2)
    appeal = appeal_of(other, people)
    before = snapshot(played)
    with pytest.raises(TournamentError, match=f"Appeal {appeal.pk} is not about this score sheet"):
        correct(played, people, reason=REASON, appeal=appeal)
    assert snapshot(played) == before
    assert not Correction.objects.exists()


@pytest.mark.parametrize("status", [Appeal.Status.REJECTED, Appeal.Status.WITHDRAWN])
def test_a_correction_cannot_apply_a_rejected_or_withdrawn_appeal(played, people, status):
    appeal = appeal_of(played, people, status=status)
    with pytest.raises(TournamentError, match="it changes no result"):
        _remove(played, people, reason=REASON, appeal=appeal)
    assert not Correction.objects.exists()


def test_an_upheld_appeal_can_be_applied(played, people):
    appeal = appeal_of(played, people, status=Appeal.Status.UPHELD)
    assert _remove(played, people, reason=REASON, appeal=appeal).appeal == appeal


@pytest.mark.parametrize("who", ["umpire", "organiser", "committee"])
@pytest.mark.parametrize("correct", [_remove, _add, _check_in], ids=["remove", "add", "check"])
def test_only_the_chief_umpire_makes_the_new_kinds_of_correction(played, people, correct, who):
    before = snapshot(played)
    with pytest.raises(PermissionRefused, match="Only the chief umpire makes corrections"):
        correct(played, people, reason=REASON, user=getattr(people, who))
    assert snapshot(played) == before


@pytest.mark.parametrize("correct", [_remove, _add, _check_in], ids=["remove", "add", "check"])
def test_the_new_kinds_refuse_a_stale_version(played, people, correct):
    seen = fresh(played).version
    _swap(played, people, reason=REASON)
    before = snapshot(played)
    with pytest.raises(TournamentError, match="changed since you opened it"):
        correct(played, people, reason=REASON, expected_version=seen)
    assert snapshot(played) == before


def test_visible_text_keeps_a_reason_and_drops_the_invisible_characters_around_it():
    assert visible_text("\u200b Hand 3 was a draw \ufeff\n") == "Hand 3 was a draw"
    assert visible_text("第三局") == "第三局"
    assert visible_text(ZERO_WIDTH) == ""
    assert visible_text(None) == ""


# -- earlier prints ----------------------------------------------------------------------------


def fingerprints(sheet) -> tuple[str, str]:
    """What a printed score sheet and printed standings carry now (reports.fingerprint)."""
    from reports.data.scoresheet import scoresheet_data
    from reports.data.standings import standings_data
    from reports.fingerprint import content_fingerprint

    tournament = fresh(sheet).session.tournament
    return (
        content_fingerprint(scoresheet_data(table_session=sheet)),
        content_fingerprint(standings_data(tournament=tournament)),
    )


@pytest.mark.parametrize("correct", KINDS.values(), ids=KINDS.keys())
def test_each_kind_changes_what_a_printed_sheet_and_printed_standings_cover(
    played, people, correct
):
    sheet_print, standings_print = fingerprints(played)
    correct(played, people, reason=REASON)
    now_sheet, now_standings = fingerprints(played)
    assert now_sheet != sheet_print
    assert now_standings != standings_print


@pytest.mark.parametrize("correct", [_remove, _add], ids=["remove_hand", "penalty"])
def test_the_verify_page_names_the_correction_that_changed_a_printed_sheet(
    client, played, people, correct
):
    from tests.reports.helpers import print_sheet, verify

    fingerprint = print_sheet(played)
    assert "matches the record" in verify(client, fingerprint).content.decode()
    correction = correct(played, people, reason=REASON)
    client.force_login(people.chief)  # the reason is for the staff and the table's players
    page = verify(client, fingerprint).content.decode()
    assert "This printed form no longer matches the record." in page
    assert REASON in page
    assert str(correction.get_kind_display()) in page or "removed; hands" in page
    assert print_sheet(played) != fingerprint


def test_the_verify_page_says_which_hands_a_removal_renumbered(client, played, people):
    from tests.reports.helpers import printed_fingerprint, verify

    fingerprint = printed_fingerprint("standings", played)
    _remove(played, people, reason=REASON)
    page = verify(client, fingerprint).content.decode()
    assert "Hand 1 removed; hands 2-4 renumbered 1-3 and rescored." in page


# -- the admin's score sheet page --------------------------------------------------------------


def admin_posts(sheet) -> dict[str, dict]:
    """One post per kind of correction, as the chief umpire fills in its form."""
    arrived = timezone.localtime(PLAY_START + timedelta(minutes=12))
    return {
        "fix_hand": {
            "fix-number": "1",
            "fix-outcome": "draw",
            "fix-reason": REASON,
        },
        "remove_hand": {"remove-number": "1", "remove-reason": REASON},
        "add_penalty": {
            "addpenalty-player": "D",
            "addpenalty-kind": "deduction",
            "addpenalty-amount": "10",
            "addpenalty-nature": "Slow play",
            "addpenalty-reason": REASON,
        },
        "void_penalty": {
            "void-penalty": str(Penalty.objects.get(table_session=sheet).pk),
            "void-reason": REASON,
        },
        "fix_checkin": {
            "fixcheckin-player": "A",
            "fixcheckin-arrived_at": arrived.strftime("%Y-%m-%d %H:%M:%S"),
            "fixcheckin-reason": REASON,
        },
        "swap_seats": {"swap-first": "A", "swap-second": "B", "swap-reason": REASON},
    }


PREFIXES = {
    "fix_hand": "fix",
    "remove_hand": "remove",
    "add_penalty": "addpenalty",
    "void_penalty": "void",
    "fix_checkin": "fixcheckin",
    "swap_seats": "swap",
}
ADMIN_KINDS = {
    "fix_hand": Correction.Kind.HAND,
    "remove_hand": Correction.Kind.HAND_REMOVED,
    "add_penalty": Correction.Kind.PENALTY,
    "void_penalty": Correction.Kind.PENALTY_VOID,
    "fix_checkin": Correction.Kind.CHECK_IN,
    "swap_seats": Correction.Kind.SEAT,
}


def admin_post(client, sheet, action: str, **changes):
    from tests.tournaments.admin_helpers import post

    data = {"action": action, **admin_posts(sheet)[action]}
    data.update({f"{PREFIXES[action]}-{name}": value for name, value in changes.items()})
    return post(client, sheet, data)


def test_the_sheet_page_offers_every_kind_of_correction_to_the_chief_umpire(client, played, people):
    from tests.tournaments.admin_helpers import page

    client.force_login(people.chief)
    text = page(client, played)
    for action in ADMIN_KINDS:
        assert f'id="{action}-form"' in text
        assert f'name="{PREFIXES[action]}-reason"' in text
        assert f'name="{PREFIXES[action]}-appeal"' in text


@pytest.mark.parametrize("action", ADMIN_KINDS)
def test_each_correction_form_of_the_page_records_its_correction_and_appeal(
    client, played, people, action
):
    from tests.tournaments.admin_helpers import messages_after, page

    appeal = appeal_of(played, people)
    client.force_login(people.chief)
    response = admin_post(client, played, action, appeal=str(appeal.pk))
    assert "Correction recorded" in messages_after(client, response)
    correction = Correction.objects.get(table_session=played)
    assert (correction.kind, correction.reason) == (ADMIN_KINDS[action], REASON)
    assert (correction.appeal, correction.made_by) == (appeal, people.chief)
    assert 'id="corrections-made"' in page(client, played)


def test_a_hand_removed_through_the_page_says_which_hands_moved(client, played, people):
    from tests.tournaments.admin_helpers import messages_after

    client.force_login(people.chief)
    text = messages_after(client, admin_post(client, played, "remove_hand"))
    assert "Hand 1 removed; hands 2-4 renumbered 1-3 and rescored." in text
    assert hands(played)[0][:3] == (1, "win", "B")


@pytest.mark.parametrize(
    "action, changes, words",
    [
        ("fix_hand", {"number": "9"}, "This sheet has no such hand."),
        ("remove_hand", {"number": "9"}, "This sheet has no hand 9."),
        ("remove_hand", {"reason": ZERO_WIDTH}, "A correction needs a written reason."),
        ("add_penalty", {"kind": "warning"}, "The rules set the points"),
        ("add_penalty", {"nature": ""}, "This field is required."),
        ("void_penalty", {"reason": "\u200b\u2060"}, "A correction needs a written reason."),
        ("fix_checkin", {"absent": "on"}, "A player who did not come has no arrival time"),
        ("fix_checkin", {"arrived_at": ""}, "Give the date and time the player arrived."),
        ("swap_seats", {"second": "A"}, "Choose two different seats of this table."),
    ],
)
def test_a_refused_correction_is_a_form_error_and_changes_nothing(
    client, played, people, action, changes, words
):
    client.force_login(people.chief)
    before = snapshot(played)
    response = admin_post(client, played, action, **changes)
    assert response.status_code == 200
    form = next(f for f, name, _title in response.context["correction_forms"] if name == action)
    assert form.errors
    assert words in response.content.decode().replace("&#x27;", "'")
    assert snapshot(played) == before
    assert not Correction.objects.exists()


@pytest.mark.parametrize("action", ADMIN_KINDS)
def test_the_appeal_of_another_sheet_is_a_form_error(client, played, people, action):
    other = seated_table(fresh(played).session.tournament, table_number=2, started=True)
    appeal = appeal_of(other, people)
    client.force_login(people.chief)
    response = admin_post(client, played, action, appeal=str(appeal.pk))
    assert response.status_code == 200
    form = next(f for f, name, _title in response.context["correction_forms"] if name == action)
    assert "appeal" in form.errors
    assert not Correction.objects.exists()


@pytest.mark.parametrize("action", ["remove_hand", "add_penalty", "fix_checkin"])
def test_the_umpire_cannot_post_the_new_corrections(client, played, people, action):
    from tests.tournaments.admin_helpers import shown

    client.force_login(people.umpire)
    before = snapshot(played)
    response = admin_post(client, played, action)
    assert "Only the chief umpire makes corrections" in shown(client, response)
    assert snapshot(played) == before
    assert not Correction.objects.exists()


@pytest.mark.parametrize("correct", KINDS.values(), ids=KINDS.keys())
def test_each_kind_refuses_a_reason_with_a_nul_character(played, people, correct):
    before = snapshot(played)
    with pytest.raises(TournamentError, match="NUL character"):
        correct(played, people, reason="Hand 1\x00 was entered twice")
    assert snapshot(played) == before
