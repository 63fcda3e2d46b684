"""Several umpires saving at once, on whichever database is configured (SQLite by default,
PostgreSQL in CI's second pass): every save on different sheets goes through, and two edits
of the same sheet never both land — the second is refused, never merged and never a 500.

Each thread has its own connection, so these tests commit for real (transaction=True).
"""

import pytest
from django.db import IntegrityError

from tests.tournaments.admin_helpers import hand_post, sheet_url
from tests.tournaments.concurrency_helpers import errors_of, run_together
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import Hand, Penalty, TableSession, Tournament
from tournaments.services.hands import hand_delete_last, hand_record_no_win, hand_record_win
from tournaments.services.penalties import penalty_record, penalty_void
from tournaments.services.sheets import SheetChanged

ROUNDS = 5
HANDS_PER_ROUND = 3  # per umpire: two wins and a draw


@pytest.fixture
def two_sheets(make_umpire):
    """Tables 1 and 2 of session 1 of a points-only tournament, each with its own umpire."""
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    sheets = []
    for number in (1, 2):
        sheet = seated_table(tournament, table_number=number, started=True)
        sheet.umpire = make_umpire(f"umpire{number}")
        sheet.save(update_fields=["umpire"])
        sheets.append(sheet)
    return sheets


def fresh(sheet: TableSession) -> TableSession:
    return TableSession.objects.select_related("umpire").get(pk=sheet.pk)


def umpire_saves_hands(sheet: TableSession):
    """What one umpire does in a round: two wins and a draw, each against the version he saw."""

    def save() -> None:
        for winner, discarder in (("A", "B"), ("C", None)):
            current = fresh(sheet)
            hand_record_win(
                table_session=current,
                winner=winner,
                discarder=discarder,
                points=12,
                expected_version=current.version,
                user=current.umpire,
            )
        current = fresh(sheet)
        hand_record_no_win(
            table_session=current,
            outcome=Hand.Outcome.DRAW,
            expected_version=current.version,
            user=current.umpire,
        )

    return save


# -- Bug 9: umpires of different tables save at the same moment ---------------------------


@pytest.mark.django_db(transaction=True)
def test_two_umpires_save_hands_on_two_tables_at_the_same_moment(two_sheets):
    for round_number in range(1, ROUNDS + 1):
        outcomes = run_together(*(umpire_saves_hands(sheet) for sheet in two_sheets))

        assert errors_of(outcomes) == [], f"round {round_number}"
        for sheet in two_sheets:
            assert sheet.hands.count() == round_number * HANDS_PER_ROUND
            assert fresh(sheet).version == round_number * HANDS_PER_ROUND


@pytest.mark.django_db(transaction=True)
def test_two_umpires_post_hands_to_the_admin_score_sheet_at_the_same_moment(two_sheets):
    from django.test import Client

    clients = []
    for sheet in two_sheets:
        client = Client()
        client.force_login(fresh(sheet).umpire)
        clients.append((client, sheet))

    def post_hands(client, sheet):
        def post() -> list[int]:
            statuses = []
            for winner, discarder in (("A", "B"), ("B", None), ("D", "C")):
                data = hand_post({"points": "10"}, winner=winner, discarder=discarder)
                data["version"] = str(fresh(sheet).version)  # the version the page showed
                statuses.append(client.post(sheet_url(sheet), data).status_code)
            return statuses

        return post

    for round_number in range(1, ROUNDS + 1):
        outcomes = run_together(*(post_hands(client, sheet) for client, sheet in clients))

        assert errors_of(outcomes) == [], f"round {round_number}"
        assert [o.result for o in outcomes] == [[302, 302, 302]] * 2, f"round {round_number}"
        for sheet in two_sheets:
            assert sheet.hands.count() == round_number * 3


# -- No lost update: two edits of one sheet at the same moment -----------------------------


def assert_one_saved_and_one_refused_as_a_conflict(outcomes) -> None:
    saved = [o for o in outcomes if o.ok]
    refused = [o.error for o in outcomes if not o.ok]
    assert len(saved) == 1, errors_of(outcomes)
    assert len(refused) == 1
    assert not isinstance(refused[0], IntegrityError), errors_of(outcomes)
    assert isinstance(refused[0], SheetChanged), errors_of(outcomes)
    assert refused[0].code == "conflict"


@pytest.mark.django_db(transaction=True)
def test_two_saves_of_the_same_hand_at_once_store_one_hand_and_refuse_the_other(
    two_sheets, held_sheet_lock
):
    sheet = fresh(two_sheets[0])
    seen = sheet.version

    def save(winner: str, points: int):
        return lambda: hand_record_win(
            table_session=fresh(sheet),
            winner=winner,
            discarder="B" if winner != "B" else "A",
            points=points,
            expected_version=seen,
            user=sheet.umpire,
        )

    outcomes = run_together(save("A", 20), save("C", 30))

    assert_one_saved_and_one_refused_as_a_conflict(outcomes)
    stored = list(sheet.hands.all())
    assert len(stored) == 1
    winner = next(o.result for o in outcomes if o.ok)
    assert (stored[0].number, stored[0].winner_position) == (1, winner.winner_position)
    assert fresh(sheet).version == seen + 1


@pytest.mark.django_db(transaction=True)
def test_a_draw_and_a_win_saved_at_once_against_the_same_version_store_one_hand(
    two_sheets, held_sheet_lock
):
    sheet = fresh(two_sheets[0])
    seen = sheet.version

    outcomes = run_together(
        lambda: hand_record_no_win(
            table_session=fresh(sheet),
            outcome=Hand.Outcome.DRAW,
            expected_version=seen,
            user=sheet.umpire,
        ),
        lambda: hand_record_win(
            table_session=fresh(sheet),
            winner="A",
            discarder=None,
            points=16,
            expected_version=seen,
            user=sheet.umpire,
        ),
    )

    assert_one_saved_and_one_refused_as_a_conflict(outcomes)
    assert sheet.hands.count() == 1


def three_hands(sheet: TableSession) -> TableSession:
    for winner in ("A", "B", "C"):
        hand_record_win(table_session=fresh(sheet), winner=winner, discarder="D", points=8)
    return fresh(sheet)


@pytest.mark.django_db(transaction=True)
def test_two_posts_removing_the_last_hand_at_once_remove_only_one_hand(two_sheets, held_sheet_lock):
    sheet = three_hands(two_sheets[0])
    seen = sheet.version

    def remove():
        return hand_delete_last(
            table_session=fresh(sheet), number=3, expected_version=seen, user=sheet.umpire
        )

    outcomes = run_together(remove, remove)

    assert_one_saved_and_one_refused_as_a_conflict(outcomes)
    assert next(o.result for o in outcomes if o.ok) == 3
    assert list(sheet.hands.order_by("number").values_list("number", flat=True)) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_two_removals_of_the_same_hand_number_at_once_remove_one_even_without_a_version(
    two_sheets, held_sheet_lock
):
    sheet = three_hands(two_sheets[0])

    def remove():
        return hand_delete_last(table_session=fresh(sheet), number=3, user=sheet.umpire)

    outcomes = run_together(remove, remove)

    refused = [o.error for o in outcomes if not o.ok]
    assert [o.result for o in outcomes if o.ok] == [3], errors_of(outcomes)
    assert len(refused) == 1 and type(refused[0]) is TournamentError, errors_of(outcomes)
    assert "no longer the last hand" in refused[0].message
    assert list(sheet.hands.order_by("number").values_list("number", flat=True)) == [1, 2]


def player_at(sheet: TableSession, position: str):
    return sheet.seats.get(position=position).player


def deduct(sheet: TableSession, *, expected_version: int | None, amount: int = 10):
    return lambda: penalty_record(
        table_session=fresh(sheet),
        player=player_at(sheet, "B"),
        kind=Penalty.Kind.DEDUCTION,
        amount=amount,
        reason="Slow play after a warning",
        expected_version=expected_version,
        user=sheet.umpire,
    )


@pytest.mark.django_db(transaction=True)
def test_two_penalties_recorded_at_once_against_the_same_version_store_one(
    two_sheets, held_sheet_lock
):
    sheet = fresh(two_sheets[0])
    seen = sheet.version

    outcomes = run_together(
        deduct(sheet, expected_version=seen, amount=10),
        deduct(sheet, expected_version=seen, amount=20),
    )

    assert_one_saved_and_one_refused_as_a_conflict(outcomes)
    recorded = next(o.result for o in outcomes if o.ok)
    assert list(sheet.penalties.values_list("pk", flat=True)) == [recorded.pk]
    assert fresh(sheet).version == seen + 1


@pytest.mark.django_db(transaction=True)
def test_two_repeats_of_a_foul_recorded_at_once_count_as_first_and_second(
    two_sheets, held_sheet_lock
):
    """Without a version (the system, or two umpires who each saw the sheet after reloading),
    both are recorded, one after the other: never both counted as the first occurrence."""
    sheet = fresh(two_sheets[0])

    def repeat():
        return penalty_record(
            table_session=fresh(sheet),
            player=player_at(sheet, "C"),
            kind=Penalty.Kind.REPEATED_FOUL,
            foul=Penalty.Foul.TOUCHED_WALL,
            reason="Touched the wall",
            user=sheet.umpire,
        )

    outcomes = run_together(repeat, repeat)

    assert errors_of(outcomes) == []
    assert sorted(sheet.penalties.values_list("occurrence", flat=True)) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_two_voids_of_one_penalty_at_once_void_it_once(two_sheets, held_sheet_lock):
    sheet = fresh(two_sheets[0])
    penalty = deduct(sheet, expected_version=None)()
    seen = fresh(sheet).version

    def void():
        return penalty_void(
            penalty=Penalty.objects.get(pk=penalty.pk),
            reason="Recorded on the wrong player",
            expected_version=seen,
            user=sheet.umpire,
        )

    outcomes = run_together(void, void)

    assert_one_saved_and_one_refused_as_a_conflict(outcomes)
    assert fresh(sheet).version == seen + 1
    assert Penalty.objects.get(pk=penalty.pk).voided_at is not None


# -- Bug 11: the same form posted twice ----------------------------------------------------


@pytest.mark.django_db
def test_a_hand_posted_twice_with_the_same_version_is_stored_once(two_sheets):
    sheet = fresh(two_sheets[0])
    seen = sheet.version

    def post():
        return hand_record_win(
            table_session=fresh(sheet),
            winner="A",
            discarder="B",
            points=24,
            expected_version=seen,
            user=sheet.umpire,
        )

    post()
    with pytest.raises(SheetChanged) as refused:
        post()

    assert refused.value.code == "conflict"
    assert refused.value.message.startswith("This sheet changed since you opened it")
    assert sheet.hands.count() == 1
    assert fresh(sheet).version == seen + 1


@pytest.mark.django_db
def test_a_draw_posted_twice_with_the_same_version_is_stored_once(two_sheets):
    sheet = fresh(two_sheets[0])
    seen = sheet.version

    def post():
        return hand_record_no_win(
            table_session=fresh(sheet),
            outcome=Hand.Outcome.DRAW,
            expected_version=seen,
            user=sheet.umpire,
        )

    post()
    with pytest.raises(SheetChanged, match="This sheet changed since you opened it"):
        post()

    assert sheet.hands.count() == 1


@pytest.mark.django_db
def test_a_removal_posted_twice_removes_one_hand(two_sheets):
    sheet = three_hands(two_sheets[0])
    seen = sheet.version

    def post():
        return hand_delete_last(
            table_session=fresh(sheet), number=3, expected_version=seen, user=sheet.umpire
        )

    assert post() == 3
    with pytest.raises(SheetChanged, match="This sheet changed since you opened it"):
        post()

    assert sheet.hands.count() == 2


@pytest.mark.django_db
def test_a_penalty_posted_twice_with_the_same_version_is_recorded_once(two_sheets):
    sheet = fresh(two_sheets[0])
    post = deduct(sheet, expected_version=sheet.version)

    post()
    with pytest.raises(SheetChanged, match="This sheet changed since you opened it"):
        post()

    assert sheet.penalties.count() == 1
